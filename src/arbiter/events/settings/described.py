"""What a form shows of each setting: its group, its label and one line of help, the kinds of
event it means something for, and the names of its values — all marked for translation
(the names of the values are in :mod:`~arbiter.events.settings.value_names`).

The groups follow the rulebooks' chapters (the system and its rounds, pairing, the rules of the
game, the time control, scoring, tiebreaks, team rules, entries, the conduct of games); a group
with no setting for an event's game, system and discipline is left out.

>>> kind = Kind("go", "mcmahon", "individual")
>>> [group for group, _ in relevant(kind)][:4]
['event', 'system', 'pairing', 'rules']
>>> "third_place" in {a.key for _, items in relevant(kind) for a in items}
False
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from arbiter.events.settings.kinds import BRACKET_SYSTEMS, Kind
from arbiter.events.settings.registry import SPECS
from arbiter.i18n import N_

#: The groups in the order a form shows them, with their titles.
GROUPS: dict[str, str] = {
    "event": N_("Event"),
    "system": N_("System and rounds"),
    "pairing": N_("Pairing"),
    "rules": N_("Rules of the game"),
    "time": N_("Time control"),
    "scoring": N_("Scoring"),
    "tiebreaks": N_("Tiebreaks"),
    "team": N_("Team rules"),
    "entries": N_("Entries"),
    "conduct": N_("Conduct of games"),
}

Applies = Callable[[Kind], bool]


def _always(_kind: Kind) -> bool:
    return True


def _swiss(kind: Kind) -> bool:
    """Systems paired by score with a fixed number of rounds."""
    return kind.system in ("swiss", "swiss-dutch", "mcmahon")


def _own_pairing(kind: Kind) -> bool:
    """Swiss and McMahon as arbiter pairs them (the FIDE Dutch engine has its own rules)."""
    return kind.system in ("swiss", "mcmahon")


def _mcmahon(kind: Kind) -> bool:
    return kind.system == "mcmahon"


def _bracket(kind: Kind) -> bool:
    return kind.system in BRACKET_SYSTEMS


def _knockout(kind: Kind) -> bool:
    return kind.system == "knockout"


def _ranked(kind: Kind) -> bool:
    """Systems that rank by points and tiebreaks, not by a bracket."""
    return kind.system not in BRACKET_SYSTEMS


def _scheveningen(kind: Kind) -> bool:
    return kind.system == "scheveningen"


def _team(kind: Kind) -> bool:
    return kind.discipline == "team"


def _pair(kind: Kind) -> bool:
    return kind.discipline == "pair"


def _rounded(kind: Kind) -> bool:
    return _own_pairing(kind) or kind.system == "swiss-dutch"


@dataclass(frozen=True, slots=True)
class About:
    """How a form shows one setting; ``applies``: whether it means anything for a kind of event
    (beyond its game, which the setting itself says); ``example``: a value as it is written,
    for a field of free text."""

    key: str
    group: str
    label: str
    help: str
    applies: Applies = _always
    example: str = ""


ABOUT: tuple[About, ...] = (
    About("name", "event", N_("Event name"), N_("As printed on the tables and reports.")),
    About("city", "event", N_("City"), N_("Where the event is played.")),
    About(
        "country", "event", N_("Country"), N_("The venue's country code, e.g. KG."), example="KG"
    ),
    About("start", "event", N_("First day"), N_("Age categories are counted from this day.")),
    About("end", "event", N_("Last day"), N_("The last day of play.")),
    About(
        "chief_referee",
        "event",
        N_("Chief referee"),
        N_("The chief referee's name, as printed on the reports."),
    ),
    About(
        "language",
        "event",
        N_("Language of printed tables"),
        N_("The language of printed tables unless the reader chooses another."),
    ),
    About("rounds", "system", N_("Rounds"), N_("How many rounds are played."), _swiss),
    About(
        "seeding",
        "system",
        N_("Bracket seeding"),
        N_("How the participants are placed in the bracket."),
        _bracket,
    ),
    About(
        "third_place",
        "system",
        N_("Match for 3rd place"),
        N_("The losers of the semi-finals play for 3rd place."),
        _knockout,
    ),
    About(
        "consolation",
        "system",
        N_("Consolation bracket"),
        N_("The losers of the first round play on in a bracket of their own."),
        _knockout,
    ),
    About(
        "full_placement",
        "system",
        N_("Place everyone"),
        N_("The improved Olympic system: every participant gets a place."),
        _knockout,
    ),
    About(
        "groups",
        "system",
        N_("Groups"),
        N_("Two lists of participant numbers, e.g. 1,2,3/4,5,6; empty: made automatically."),
        _scheveningen,
        "1,2,3/4,5,6",
    ),
    About(
        "group_standings",
        "system",
        N_("Standings per group"),
        N_("Each Scheveningen group is ranked on its own."),
        _scheveningen,
    ),
    About(
        "draw_lots",
        "system",
        N_("Numbers by lot"),
        N_("The participants are numbered by lot when round 1 is paired."),
    ),
    About(
        "seed",
        "system",
        N_("Lot seed"),
        N_("The lots (numbers, colours) follow this number: the same number, the same lots."),
    ),
    About(
        "bar",
        "pairing",
        N_("McMahon bar"),
        N_("Players ranked above the bar start as if they had its rank."),
        _mcmahon,
    ),
    About(
        "floor",
        "pairing",
        N_("McMahon floor"),
        N_("Players ranked below the floor start as if they had its rank."),
        _mcmahon,
    ),
    About(
        "mms_corrections",
        "pairing",
        N_("Starting-score corrections"),
        N_("By participant number, e.g. 1:+1,7:-1 (a top group)."),
        _mcmahon,
        "1:+1,7:-1",
    ),
    About(
        "pairing_seeding",
        "pairing",
        N_("Seeding in a score group"),
        N_("Round by round; the last one chosen goes on for the later rounds."),
        _own_pairing,
    ),
    About(
        "avoid_club",
        "pairing",
        N_("Same club"),
        N_("A score difference (points) preferred to pairing two players of one club; 0: none."),
        _own_pairing,
    ),
    About(
        "avoid_country",
        "pairing",
        N_("Same country"),
        N_("A score difference (points) preferred to pairing two players of one country; 0: none."),
        _own_pairing,
    ),
    About(
        "pairing_weights",
        "pairing",
        N_("Pairing weights"),
        N_("The costs the pairing keeps low: arbiter's own or OpenGotha's."),
        _own_pairing,
    ),
    About("ruleset", "rules", N_("Rules"), N_("The rules the games are played by.")),
    About("komi", "rules", N_("Komi"), N_("Points White gets in an even game.")),
    About("handicap", "rules", N_("Handicap"), N_("How the handicap of a game is found.")),
    About(
        "handicap_threshold",
        "rules",
        N_("Highest rank for handicaps"),
        N_("Ranks above it count as it when handicaps are found."),
    ),
    About(
        "handicap_correction",
        "rules",
        N_("Handicap reduction"),
        N_("The handicap is the rank difference less this number."),
    ),
    About(
        "handicap_max",
        "rules",
        N_("Most handicap stones"),
        N_("No game gets more handicap stones."),
    ),
    About(
        "handicap_komi",
        "rules",
        N_("Komi in handicap games"),
        N_("Points White gets in a handicap game."),
    ),
    About(
        "handicap_placement",
        "rules",
        N_("Handicap stones"),
        N_("On the star points, or placed by Black anywhere (Chinese rules only)."),
    ),
    About(
        "time_control",
        "time",
        N_("Time control"),
        N_("E.g. 60m+3x30s or 60m; printed on the tables."),
        example="60m+3x30s",
    ),
    About(
        "online",
        "time",
        N_("Played online"),
        N_("The games are played on the server (the EGF rates such a Go event as class D)."),
    ),
    About("scoring", "scoring", N_("Game points"), N_("Points for a win, a draw and a loss.")),
    About(
        "bye",
        "scoring",
        N_("Points for a bye"),
        N_("What a participant without a game scores."),
        _swiss,
    ),
    About(
        "absence",
        "scoring",
        N_("Points for an absence"),
        N_(
            "What a participant scores in a round they do not play while still in the event "
            "(an announced absence, a late entry's first rounds), as OpenGotha's absence value."
        ),
        _swiss,
    ),
    About(
        "korgools",
        "scoring",
        N_("Korgool counts in results"),
        N_("Whether every result must give both players' korgools."),
    ),
    About(
        "tiebreaks",
        "tiebreaks",
        N_("Tiebreak order"),
        N_("The ranking criteria, first to last; every place empty: the default order."),
        _ranked,
    ),
    About(
        "unplayed",
        "tiebreaks",
        N_("Unplayed games"),
        N_("How games not played count in the tiebreaks."),
        _ranked,
    ),
    About(
        "round_down",
        "tiebreaks",
        N_("Scores rounded down"),
        N_(
            "The points of byes and absences are rounded down in the standings and for the "
            "pairing, as OpenGotha does."
        ),
        _rounded,
    ),
    About(
        "match_points",
        "team",
        N_("Match points"),
        N_("Match points for a won, drawn and lost team match."),
        _team,
    ),
    About(
        "boards",
        "team",
        N_("Boards per match"),
        N_("0: as many as the smallest team has players."),
        _team,
    ),
    About("pair_composition", "entries", N_("Pair composition"), N_("Who may form a pair."), _pair),
    About("age_category", "entries", N_("Age category"), N_("Every entry is checked against it.")),
    About("gender", "entries", N_("Gender"), N_("Who may enter.")),
    About(
        "late_forfeit",
        "conduct",
        N_("Forfeit for lateness"),
        N_("A player later than the limit after the start loses by forfeit."),
    ),
    About(
        "late_limit",
        "conduct",
        N_("Late-arrival limit (minutes)"),
        N_("Empty: the rules' own limit (half the main time; in Go at most an hour)."),
    ),
    About(
        "reconnect_window",
        "conduct",
        N_("Time to reconnect (seconds)"),
        N_("Online games: how long a disconnected player has to come back."),
    ),
    About(
        "postpone_within",
        "conduct",
        N_("Postponed games start within (hours)"),
        N_("Online games: a postponed game starts at most this many hours after its start."),
    ),
    About(
        "max_draw_offers",
        "conduct",
        N_("Draw offers per game"),
        N_("Draw offers a player may make in a game; one more lets the opponent claim the game."),
    ),
    About(
        "move_cap",
        "conduct",
        N_("Move limit"),
        N_("Full moves after which a player may claim and a referee decides; empty: no limit."),
    ),
)
ABOUT_BY_KEY: dict[str, About] = {a.key: a for a in ABOUT}


def relevant(kind: Kind) -> list[tuple[str, list[About]]]:
    """The groups that have settings for ``kind`` of event, each with those settings, in the
    order of :data:`GROUPS` and, inside a group, of :data:`ABOUT`."""
    by_key = {s.key: s for s in SPECS}
    found: dict[str, list[About]] = {}
    for about in ABOUT:
        if kind.game in by_key[about.key].games and about.applies(kind):
            found.setdefault(about.group, []).append(about)
    return [(group, found[group]) for group in GROUPS if group in found]
