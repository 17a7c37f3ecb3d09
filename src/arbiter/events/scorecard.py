"""Each participant's record, round by round: what the standings and tiebreaks are computed from.

An :class:`Encounter` is one round of one participant: a game (or a team match) against an
opponent, a forfeit, or a bye of some kind. Team events count a match as one encounter whose
``points`` are match points and whose ``game_points`` are the board points; in a Scheveningen
team match a round's ``points`` are the games won (seed 002 2.8.3). Games without a result yet
are left out.

Each participant starts from a score too: 0, or in McMahon events the starting McMahon score
(:func:`starting_scores`).

Kinds: ``game`` (played over the board), ``forfeit-win``, ``forfeit-loss``, ``double-forfeit``,
``void`` (Go ``Void``: no result, no points), and the byes ``bye``, ``half``, ``zero``,
``absent`` (rounds that count for tiebreaks as unplayed), ``rest`` and ``advance`` (no game was
scheduled: not a round of that participant for tiebreaks).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from arbiter.events.competition import Competition
from arbiter.events.korgool_counts import count_missing
from arbiter.events.results import SIDES, Outcome, Result, Side, first_mover
from arbiter.events.rounds import Game
from arbiter.events.sanctions import penalties
from arbiter.events.teams import summarize

EncounterKind = Literal[
    "game",
    "forfeit-win",
    "forfeit-loss",
    "double-forfeit",
    "void",
    "bye",
    "half",
    "zero",
    "absent",
    "rest",
    "advance",
]

#: Kinds that are no round of the participant's at all for tiebreaks.
NOT_A_ROUND = frozenset({"rest", "advance"})


@dataclass(frozen=True, slots=True)
class Encounter:
    """One round of one participant."""

    round: int
    opponent: int | None
    kind: EncounterKind
    outcome: Outcome
    points: Fraction
    game_points: Fraction
    first: bool | None = None
    korgools_lost: int = 0
    #: Lost games played over the board whose korgools were not written (they are not in
    #: ``korgools_lost``: a criterion that sums korgools cannot use this encounter).
    korgools_missing: int = 0
    boards: tuple[Fraction, ...] = ()
    handicap: int = 0
    provisional: bool = False

    @property
    def played(self) -> bool:
        """Played over the board (a team match: at least one board was)."""
        return self.kind == "game"

    @property
    def counts(self) -> bool:
        """A round of the participant's for tiebreaks (rests and knockout byes are not)."""
        return self.kind not in NOT_A_ROUND

    @property
    def forfeit(self) -> bool:
        """Won or lost by forfeit, or lost by both."""
        return self.kind in ("forfeit-win", "forfeit-loss", "double-forfeit")


def _kind(result: Result, side: Side) -> EncounterKind:
    if result.kind in ("played", "double-win"):  # both won a game played (Go's ``++``)
        return "game"
    if result.kind == "void":
        return "void"
    if result.kind == "double-forfeit":
        return "double-forfeit"
    return "forfeit-win" if result.winner == side else "forfeit-loss"


def _game_encounter(event: Competition, game: Game, side: Side) -> Encounter:
    assert game.result is not None
    result = game.result
    mine = game.participant_of(side)
    outcome = result.outcome(side)
    points = result.points(side, event.config.scoring)
    korgools = result.korgools_of(side) if outcome == "loss" else None
    signed = 0
    if game.handicap:
        signed = game.handicap if side == "black" else -game.handicap
    return Encounter(
        game.round,
        game.opponent_of(mine),
        _kind(result, side),
        outcome,
        points,
        points,
        first=side == first_mover(event.game),
        korgools_lost=korgools or 0,
        korgools_missing=1 if count_missing(result, side) else 0,
        handicap=signed,
        provisional=result.provisional,
    )


def encounters(event: Competition, upto: int | None = None) -> dict[int, tuple[Encounter, ...]]:
    """Every participant's encounters in rounds 1..``upto`` (default: all paired rounds)."""
    last = len(event.rounds) if upto is None else min(upto, len(event.rounds))
    table: dict[int, list[Encounter]] = defaultdict(list)
    for rnd in event.rounds[:last]:
        if event.discipline == "team":
            by_table: dict[int, list[Game]] = defaultdict(list)
            for g in rnd.games:
                by_table[g.table].append(g)
            for games in by_table.values():
                for enc in _match_encounters(event, games):
                    table[enc[0]].append(enc[1])
        else:
            for g in rnd.games:
                if g.result is None:
                    continue
                for side in SIDES:
                    table[g.participant_of(side)].append(_game_encounter(event, g, side))
        for bye in rnd.byes:
            outcome: Outcome = (
                "win"
                if bye.points >= event.config.scoring.win
                else "draw"
                if bye.points > 0
                else "loss"
            )
            table[bye.no].append(
                Encounter(rnd.number, None, bye.kind, outcome, bye.points, bye.points)
            )
    return {no: tuple(sorted(table.get(no, []), key=lambda e: e.round)) for no in event.numbers}


def _match_encounters(event: Competition, games: list[Game]) -> list[tuple[int, Encounter]]:
    summary = summarize(event, games)
    if not summary.complete:
        return []
    out: list[tuple[int, Encounter]] = []
    scheveningen = event.system == "scheveningen"
    first_team = min(games, key=lambda g: g.board or 0).participant_of(first_mover(event.game))
    all_forfeit = all(g.result is not None and not g.result.played for g in games)
    for team in summary.teams:
        rival = summary.opponent(team)
        gp = summary.board_points[team]
        mp = Fraction(summary.wins[team]) if scheveningen else summary.match_points(team, event)
        if scheveningen:
            outcome: Outcome = (
                "win"
                if summary.wins[team] > summary.wins[rival]
                else "draw"
                if summary.wins[team] == summary.wins[rival]
                else "loss"
            )
        else:
            scale = event.config.match_points
            outcome = "win" if mp == scale.win else "draw" if mp == scale.draw else "loss"
        kind: EncounterKind = "game"
        if all_forfeit:
            statuses = {g.result.kind for g in games if g.result is not None}
            if statuses == {"double-forfeit"} or outcome == "draw":
                # nobody played and nobody won: both teams lost the match by forfeit
                kind, outcome = "double-forfeit", "loss"
                mp = Fraction(0) if scheveningen else event.config.match_points.loss
            else:
                kind = "forfeit-win" if outcome == "win" else "forfeit-loss"
        boards = tuple(p if p is not None else Fraction(0) for p in summary.boards[team])
        out.append(
            (
                team,
                Encounter(
                    summary.round,
                    rival,
                    kind,
                    outcome,
                    mp,
                    gp,
                    first=team == first_team,
                    korgools_lost=summary.korgools_lost[team],
                    korgools_missing=len(summary.korgools_missing[team]),
                    boards=boards,
                    provisional=summary.provisional,
                ),
            )
        )
    return out


def deductions(event: Competition, upto: int | None = None) -> dict[int, Fraction]:
    """Points taken off each participant by warnings (Toguz Korgool), by participant number."""
    last = len(event.rounds) if upto is None else upto
    by_player = penalties(event, last)
    result: dict[int, Fraction] = {}
    for player_no, points in by_player.items():
        if event.discipline == "individual":
            owner: int | None = player_no
        elif event.discipline == "pair":
            pair = event.pair_of(player_no)
            owner = pair.no if pair else None
        else:
            team = event.team_of(player_no)
            owner = team.no if team else None
        if owner is not None:
            result[owner] = result.get(owner, Fraction(0)) + points
    return result


def starting_scores(event: Competition) -> dict[int, Fraction]:
    """Starting McMahon scores: in McMahon events ``clamp(rank, floor, bar) + 30`` (EGF/OpenGotha
    scale, spec **D**) plus the player's correction (``mms_corrections``, top groups); 0 for
    everyone else and for players without a rank."""
    if event.system != "mcmahon" or event.discipline != "individual":
        return {no: Fraction(0) for no in event.numbers}
    cfg = event.config
    corrections = cfg.mms_corrections
    out: dict[int, Fraction] = {}
    for p in event.players:
        if p.rank is None:
            out[p.no] = Fraction(0)
            continue
        value = min(max(p.rank.value, cfg.floor.value), cfg.bar.value)
        out[p.no] = Fraction(value + 30 + corrections.get(p.no, 0))
    return out
