"""The players as OpenGotha scores them: every criterion counted twice (``NBW×2``, ``MMS×2``,
``SOSW``, ``SOSM``, ``SODOSM``, ``CUSSM``, ``SOSOSM``, ``SOSM-1``...) after each round.

Rounds without a game are worth the file's ``genNBW2ValueAbsent``/``genMMS2ValueBye``... values,
rounded down to whole points when ``genRoundDownNBWMMS`` is set; an opponent missing from the
round counts as the player's own starting McMahon score. Rounds are numbered from 0.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from arbiter.events.swiss.opengotha_costs.parameters import OpenGothaParameters

if TYPE_CHECKING:
    from arbiter.events.competition import Competition

MIN_RANK = -30

#: A player's participation in a round, as OpenGotha codes it.
PAIRED, BYE, ABSENT, NOT_ASSIGNED = 1, -1, -3, -2


@dataclass(slots=True)
class Played:
    """A game as OpenGotha keeps it (White and Black by player number)."""

    round: int
    white: int
    black: int
    handicap: int
    result: str  # "W", "B", "=", "L" (both lose), "2" (both win), "?" (unknown)


@dataclass(slots=True)
class Scored:
    """A player as OpenGotha scores it (values ×2, per round from 0)."""

    no: int
    surname: str
    given: str
    rank: int
    rating: int
    club: str
    country: str
    smms: int
    participation: list[int]
    games: list[Played | None]
    values: dict[str, list[int]] = field(default_factory=dict)
    group: int = 0
    group_size: int = 1
    inner: int = 0
    groups: int = 1
    du: int = 0
    dd: int = 0

    def crit(self, name: str, rn: int) -> int:
        """OpenGotha's ``getCritValue`` of criterion ``name`` after round ``rn`` (-1: before
        the first round)."""
        if name == "Rating":
            return self.rating
        if name == "Rank":
            return self.rank
        if name == "MMS" and rn < 0:
            return 2 * self.smms
        series = self.values.get(name)
        if series is None or rn < 0:
            return 0
        return series[rn]

    @property
    def key(self) -> tuple[str, str]:
        """Name and first name."""
        return self.surname, self.given


def _points_x2(game: Played, no: int) -> int:
    if game.result == "=":
        return 1
    if game.result == "2":
        return 2
    if game.result == "W" and game.white == no:
        return 2
    if game.result == "B" and game.black == no:
        return 2
    return 0


def scored_players(event: Competition, params: OpenGothaParameters) -> dict[int, Scored]:
    """Every player of ``event`` scored as OpenGotha does, for all rounds played."""
    go = event.game == "go"
    rounds = max(params.rounds, len(event.rounds), 1)
    out: dict[int, Scored] = {}
    for p in event.players:
        rank = p.rank.value if p.rank is not None else MIN_RANK
        smms = min(max(rank - params.zero, params.floor - params.zero), params.bar - params.zero)
        smms += event.config.mms_corrections.get(p.no, 0) if go else 0
        participation = [NOT_ASSIGNED if p.plays_in(r + 1) else ABSENT for r in range(rounds)]
        out[p.no] = Scored(
            p.no,
            p.surname,
            p.given,
            rank,
            p.rating if p.rating is not None else 0,
            p.club,
            p.country,
            smms,
            participation,
            [None] * rounds,
        )
    for rnd in event.rounds:
        r = rnd.number - 1
        for bye in rnd.byes:
            if bye.no in out and r < rounds:
                out[bye.no].participation[r] = BYE if bye.kind == "bye" else ABSENT
        for g in rnd.games:
            first, second = (g.black, g.white) if go else (g.white, g.black)
            result = "?"
            if g.result is not None:
                res = g.result
                if res.kind in ("void", "double-forfeit"):
                    result = "L"
                elif res.kind == "double-win":
                    result = "2"
                elif res.winner is None:
                    result = "="
                else:
                    won_first = res.winner == ("black" if go else "white")
                    result = "B" if won_first else "W"
            og = Played(r, second, first, g.handicap, result)
            for no in (first, second):
                if no in out:
                    out[no].participation[r] = PAIRED
                    out[no].games[r] = og
    _fill_scores(out, rounds, params)
    return out


def _fill_scores(players: dict[int, Scored], rounds: int, params: OpenGothaParameters) -> None:
    for sp in players.values():
        nbw, mms = [0] * rounds, [0] * rounds
        base_n, base_m = 0, 2 * sp.smms
        extra_n = extra_m = 0
        for r in range(rounds):
            g = sp.games[r]
            if g is not None:
                base_n += _points_x2(g, sp.no)
                base_m += _points_x2(g, sp.no)
            if sp.participation[r] == ABSENT:
                extra_n += params.nbw2_absent
                extra_m += params.mms2_absent
            elif sp.participation[r] == BYE:
                extra_n += params.nbw2_bye
                extra_m += params.mms2_bye
            add_n, add_m = extra_n, extra_m
            if params.round_down:
                add_n, add_m = add_n // 2 * 2, add_m // 2 * 2
            nbw[r], mms[r] = base_n + add_n, base_m + add_m
        sp.values["NBW"], sp.values["MMS"] = nbw, mms
        sp.values["CUSSW"] = [sum(nbw[: r + 1]) for r in range(rounds)]
        sp.values["CUSSM"] = [sum(mms[: r + 1]) for r in range(rounds)]
    for sp in players.values():
        sosw, sosm, sodosw, sodosm, m1w, m1m = ([0] * rounds for _ in range(6))
        for r in range(rounds):
            ow, om, dw, dm = [], [], 0, 0
            for rr in range(r + 1):
                g = sp.games[rr]
                if sp.participation[rr] != PAIRED or g is None:
                    ow.append(0)
                    om.append(2 * sp.smms)
                    continue
                opp = players.get(g.black if g.white == sp.no else g.white)
                if opp is None:
                    ow.append(0)
                    om.append(2 * sp.smms)
                    continue
                wx2 = _points_x2(g, sp.no)
                o_n = opp.values["NBW"][r]
                o_m = opp.values["MMS"][r] + (2 if g.white == sp.no else -2) * g.handicap
                ow.append(o_n)
                om.append(o_m)
                dw += o_n * wx2
                dm += o_m * wx2
            sosw[r], sosm[r], sodosw[r], sodosm[r] = sum(ow), sum(om), dw, dm
            m1w[r] = _minus_one(ow, sosw[r], r)
            m1m[r] = _minus_one(om, sosm[r], r)
        sp.values.update(
            {"SOSW": sosw, "SOSM": sosm, "SODOSW": sodosw, "SODOSM": sodosm}
            | {"SOSW-1": m1w, "SOSM-1": m1m}
        )
    for sp in players.values():
        sssw, sssm = [0] * rounds, [0] * rounds
        for r in range(rounds):
            for rr in range(r + 1):
                g = sp.games[rr]
                opp = None
                if sp.participation[rr] == PAIRED and g is not None:
                    opp = players.get(g.black if g.white == sp.no else g.white)
                if opp is None:
                    sssm[r] += 2 * sp.smms * (r + 1)
                else:
                    sssw[r] += opp.values["SOSW"][r]
                    sssm[r] += opp.values["SOSM"][r]
        sp.values["SOSOSW"], sp.values["SOSOSM"] = sssw, sssm


def _minus_one(values: list[int], total: int, r: int) -> int:
    if r == 0:
        return 0
    if r == 1:
        return max(values[0], values[1])
    return total - min(values)
