"""Knockout ("Olympic system", seed 002 2.8.2) and what every bracket system shares.

Variants (event settings): ``third_place`` adds a match of the semi-final losers for 3rd place;
``consolation`` lets the first-round losers play a knockout of their own for the places after
the main bracket's; ``full_placement`` is the "improved Olympic system" that places everyone:
after each round the winners and the losers of a group play on in two groups, down to pairs
that decide two neighbouring places (it includes the other two variants).

Colours at every table are drawn by lot (seed 002 2.6.3; for teams, seed 000 9.5: the first
boards draw lots) with the event's seed, so the draw is reproducible.

A knockout meeting needs a winner: a drawn game (or a drawn team match after the team tiebreak
chain, see :mod:`arbiter.events.teams`) is decided by an extra game that the referee enters.

>>> [s.id for s in single_elimination(4, third_place=True).slots]
['R1-1', 'R1-2', 'R2-1', 'P3']
>>> [s.id for s in full_placement(4).slots]
['1-4:1', '1-4:2', '1-2:1', '3-4:1']
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from arbiter.events.errors import PairingError
from arbiter.events.lots import coin
from arbiter.events.participants import Pair, Player
from arbiter.events.rounds import Bye
from arbiter.events.systems.bracket import (
    PHANTOM,
    Bracket,
    Outcome,
    Slot,
    Source,
    bracket_size,
    champion_decided,
    classes,
    in_order_lines,
    resolve,
)
from arbiter.events.systems.plan import Meeting, RoundPlan, active_numbers
from arbiter.i18n import N_

#: Why a drawn Toguz Korgool team match cannot be decided yet (seed 000 10.2).
KORGOOLS_NEEDED = N_(
    "a drawn team match is decided by the korgools in lost games (seed 000 10.2), and these "
    "lost games (round/table/board) have no count: {games}; record each result with the "
    "loser's korgools, e.g. 1-0(60)"
)

if TYPE_CHECKING:
    from arbiter.events.competition import Competition
    from arbiter.events.results import Result
    from arbiter.events.rounds import Game


def _lines(size: int) -> list[Source]:
    return [Source("line", i) for i in range(1, size + 1)]


def _single(
    slots: list[Slot],
    prefix: str,
    sources: list[Source],
    first_round: int,
    base: int,
    *,
    third_place: bool = False,
    keep_first_losers: bool = False,
) -> list[str]:
    """Append a knockout over ``sources`` (a power of two) and return the ids of its first
    round. Losers of round t finish in class ``base + size / 2^t``."""
    size = len(sources)
    depth = size.bit_length() - 1
    current = sources
    first_ids: list[str] = []
    semis: list[str] = []
    for t in range(1, depth + 1):
        nxt: list[Source] = []
        final = t == depth
        for m in range(1, len(current) // 2 + 1):
            slot_id = f"{prefix}{t}-{m}"
            lose_class: int | None = base + size // 2**t
            if t == 1 and keep_first_losers:
                lose_class = None
            if third_place and t == depth - 1:
                lose_class = None
                semis.append(slot_id)
            slots.append(
                Slot(
                    slot_id,
                    first_round + t - 1,
                    current[2 * m - 2],
                    current[2 * m - 1],
                    win_class=base if final else None,
                    lose_class=lose_class,
                )
            )
            if t == 1:
                first_ids.append(slot_id)
            nxt.append(Source("winner", slot_id))
        current = nxt
    if semis:
        slots.append(
            Slot(
                "P3",
                first_round + depth - 1,
                Source("loser", semis[0]),
                Source("loser", semis[1]),
                win_class=base + 2,
                lose_class=base + 3,
            )
        )
    return first_ids


def single_elimination(n: int, *, third_place: bool = False, consolation: bool = False) -> Bracket:
    """The bracket of a knockout for ``n`` entries."""
    size = bracket_size(n)
    slots: list[Slot] = []
    first = _single(
        slots,
        "R",
        _lines(size),
        1,
        1,
        third_place=third_place and size >= 4,
        keep_first_losers=consolation and size >= 4,
    )
    if consolation and size >= 4:
        _single(slots, "C", [Source("loser", s) for s in first], 2, size // 2 + 1)
    return Bracket(size, tuple(slots))


def full_placement(n: int) -> Bracket:
    """The bracket of the improved Olympic system (every place decided) for ``n`` entries."""
    size = bracket_size(n)
    slots: list[Slot] = []

    def group(sources: list[Source], rnd: int, base: int) -> None:
        size_here = len(sources)
        tag = f"{base}-{base + size_here - 1}"
        if size_here == 2:
            slots.append(Slot(f"{tag}:1", rnd, sources[0], sources[1], base, base + 1))
            return
        ids: list[str] = []
        for m in range(1, size_here // 2 + 1):
            slot_id = f"{tag}:{m}"
            slots.append(Slot(slot_id, rnd, sources[2 * m - 2], sources[2 * m - 1]))
            ids.append(slot_id)
        group([Source("winner", i) for i in ids], rnd + 1, base)
        group([Source("loser", i) for i in ids], rnd + 1, base + size_here // 2)

    group(_lines(size), 1, 1)
    return Bracket(size, tuple(slots))


def strength(event: Competition, no: int) -> tuple[int, int, int, int]:
    """A sort key, strongest first: rating (when known), then Go rank, then entry number."""
    participant = event.participant(no)
    members: tuple[Player, ...]
    if isinstance(participant, Player):
        members = (participant,)
    elif isinstance(participant, Pair):
        members = tuple(event.player(m) for m in participant.members)
    else:
        members = tuple(event.player(m) for m in participant.players)
    ratings = [m.rating for m in members if m.rating is not None]
    ranks = [m.rank.value for m in members if m.rank is not None]
    rating = sum(ratings) // len(ratings) if ratings and len(ratings) == len(members) else None
    rank = sum(ranks) // len(ranks) if ranks and len(ranks) == len(members) else None
    unranked = -99  # below every rank (30k = -30)
    return (
        0 if rating is not None else 1,
        -(rating or 0),
        -(rank if rank is not None else unranked),
        no,
    )


class BracketSystem:
    """What knockout and double elimination share: seeding, pairing from the bracket,
    deciding meetings from results, classes for the standings."""

    name = "bracket"

    def build(self, event: Competition, n: int) -> Bracket:
        raise NotImplementedError

    def bracket(self, event: Competition) -> Bracket:
        """The event's bracket (from the number of seeded entries), its lines as the
        ``seeding`` setting places the seeds."""
        n = len(event.seeding) if event.seeding else len(active_numbers(event))
        built = self.build(event, n)
        if event.config.seeding == "in-order":
            return replace(built, lines=in_order_lines(built.size, n))
        return built

    def check(self, event: Competition) -> None:
        active_numbers(event)

    def start_order(self, event: Competition) -> tuple[int, ...]:
        """The seeds: by strength (rating, rank), or by number (``spread-by-number``,
        ``in-order``), as the event says."""
        numbers = active_numbers(event)
        if event.config.seeding != "spread-by-strength":
            return numbers
        return tuple(sorted(numbers, key=lambda no: strength(event, no)))

    def planned_rounds(self, event: Competition) -> int:
        if not event.seeding and len(event.active(1)) < 2:
            return 0
        return self.bracket(event).rounds

    def outcomes(self, event: Competition, upto: int) -> dict[str, Outcome]:
        """Every match resolved from the results of rounds 1..``upto``."""
        from arbiter.events.teams import meeting_winner

        def decide(slot: Slot, a: int, b: int) -> int | None:
            if slot.round > upto or slot.round > len(event.rounds):
                return None
            games = tuple(g for g in event.rounds[slot.round - 1].games if g.slot == slot.id)
            if not games:
                return None
            return meeting_winner(event, games)

        return resolve(self.bracket(event), event.seeding, decide)

    def pair(self, event: Competition, number: int) -> RoundPlan:
        bracket = self.bracket(event)
        if number > bracket.rounds:
            raise PairingError(f"the bracket has {bracket.rounds} rounds; all are paired")
        outcomes = self.outcomes(event, number - 1)
        meetings: list[Meeting] = []
        byes: list[Bye] = []
        for slot in bracket.slots:
            if slot.round != number:
                continue
            out = outcomes[slot.id]
            if out.skipped:
                continue
            if out.a is None or out.b is None:
                raise self.undecided(event, number - 1)
            if out.needs_game:
                first, second = (
                    (out.a, out.b)
                    if coin(event.config.seed, "round", number, slot.id)
                    else (out.b, out.a)
                )
                meetings.append(Meeting(len(meetings) + 1, first, second, slot=slot.id))
            else:
                real = out.b if out.a == PHANTOM else out.a
                if real != PHANTOM:
                    byes.append(Bye(real, "advance", Fraction(0)))
        if not meetings and not byes:
            raise PairingError("the bracket is complete: every place is decided")
        return RoundPlan(tuple(meetings), tuple(byes))

    def undecided(self, event: Competition, round_no: int) -> PairingError:
        """Why round ``round_no + 1`` cannot be paired: the first undecided meeting, or the
        korgool counts that would decide it (seed 000 10.2)."""
        from arbiter.events.korgool_counts import describe
        from arbiter.events.teams import korgools_needed, meeting_winner

        rnd = event.round(round_no)
        for table in rnd.tables:
            games = tuple(g for g in rnd.games if g.table == table)
            needed = korgools_needed(event, games)
            if needed:
                return PairingError(KORGOOLS_NEEDED, games=describe(event, needed))
            if meeting_winner(event, games) is None:
                return PairingError(
                    f"round {round_no} table {table} is drawn: the meeting needs a winner; "
                    f"enter the extra game: arbiter event result --round {round_no} "
                    f"--table {table} --extra RESULT"
                )
        return PairingError(
            f"round {round_no + 1} cannot be paired: a meeting of round {round_no} has no winner"
        )

    def finished(self, event: Competition) -> bool:
        if not event.rounds:
            return False
        return champion_decided(self.bracket(event), self.outcomes(event, len(event.rounds)))

    def classes(self, event: Competition, upto: int) -> dict[int, Fraction] | None:
        if not event.seeding:
            return None
        return classes(self.bracket(event), self.outcomes(event, upto))

    def check_correction(self, event: Competition, game: Game, result: Result) -> None:
        from arbiter.events.teams import meeting_winner

        if game.slot is None or len(event.rounds) <= game.round:
            return
        games = tuple(g for g in event.rounds[game.round - 1].games if g.slot == game.slot)
        before = meeting_winner(event, games)
        after = meeting_winner(
            event, tuple(g.with_result(result) if g.key == game.key else g for g in games)
        )
        if before != after:
            raise PairingError(
                f"this result changes the winner of bracket match {game.slot}, and round "
                f"{game.round + 1} is already paired: unpair the later rounds first"
            )


class Knockout(BracketSystem):
    """Single elimination with its variants (third place, consolation, full placement)."""

    name = "knockout"

    def build(self, event: Competition, n: int) -> Bracket:
        cfg = event.config
        if cfg.full_placement:
            return full_placement(n)
        return single_elimination(n, third_place=cfg.third_place, consolation=cfg.consolation)
