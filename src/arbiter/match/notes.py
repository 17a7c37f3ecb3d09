"""The referees' notes of a match: every warning, penalty, clock correction, pause and result a
referee gave, read from the log, as the players and the records show them (issue 15).

A note says what the referee did as :class:`~arbiter.errors.Text` (``str()`` is the English
the records carry; the pages and printed protocols translate it), with the side it concerns,
the referee's reason, how many moves were played when it came (``ply``), and whether it ended
the game. A Go warning counts the warnings of that side so far: the second one loses the game
(seed 002 3.18.2), so the player reads ``W+F`` with "Warning 2 to Black: …" as the reason.

>>> from arbiter.match import Actor, Match, MatchSettings, Move, Start, Warn
>>> m = Match.new(MatchSettings.go("60m", size=9)).apply(Start(), 0, Actor.referee())
>>> m = m.apply(Move("E5"), 5, Actor.player("black"))
>>> m = m.apply(Warn("white", "talking"), 9, Actor.referee())
>>> m = m.apply(Warn("white", "phone"), 12, Actor.referee())
>>> [str(note.sentence()) for note in referee_notes(m.log, over=m.is_over)]
['Warning 1 to White: talking', 'Warning 2 to White: phone']
>>> referee_notes(m.log, over=m.is_over)[-1].ended, str(m.result)
(True, 'B+F')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from arbiter.clock import Side
from arbiter.errors import Text
from arbiter.i18n import N_
from arbiter.match import actions as A
from arbiter.match.actors import AGREEMENT
from arbiter.match.log import LogEntry

__all__ = ["NOTE_TEXTS", "RefereeNote", "clock_time", "referee_notes"]

#: What each kind of note says, by its ``what`` (the action's type, and for adjudication
#: whether a side won). ``{side}`` is a side's name; ``{time}`` a clock time ``H:MM:SS``.
NOTE_TEXTS: dict[str, str] = {
    "warn": N_("Warning {number} to {side}"),
    "penalise": N_("Penalty to {side}: {points} points"),
    "set-clock": N_("Clock of {side} set to {time}"),
    "set-clocks": N_("Clocks set: Black {black}, White {white}"),
    "add-time": N_("{time} added to the clock of {side}"),
    "split-time": N_("Clock replaced: the main time shared equally"),
    "split-time-used": N_("Clock replaced: {time} used in all, shared equally"),
    "introduce-clocks": N_("Clocks introduced into the game"),
    "pause": N_("Game paused by the referee"),
    "adjourn": N_("Game adjourned by the referee"),
    "resume": N_("Game resumed by the referee"),
    "restore-position": N_("Position after {ply} moves restored"),
    "correct-setup": N_("Colours or handicap corrected"),
    "out-of-turn-move": N_("Move {move} out of turn by {side}"),
    "both-flags": N_("Both flags down"),
    "excuse": N_("Late arrival of {side} excused"),
    "adjudicate": N_("Adjudicated: {side} wins"),
    "adjudicate-draw": N_("Adjudicated: a draw"),
    "set-result": N_("Result set by the referee: {result}"),
}

#: The sides' names in the notes (the same message ids as everywhere else).
SIDE_NAMES: dict[str, str] = {"black": N_("Black"), "white": N_("White")}

# A referee's start of the round is no decision the players need told.
_SILENT = frozenset({"start"})


def clock_time(seconds: float) -> str:
    """A clock time as the notes write it, ``H:MM:SS``.

    >>> clock_time(300), clock_time(3725.4)
    ('0:05:00', '1:02:05')
    """
    whole = int(seconds)
    h, rest = divmod(whole, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}"


@dataclass(frozen=True, slots=True)
class RefereeNote:
    """One referee's action as the players and records show it (see the module): the log
    entry's ``seq`` and instant ``t``, the moves played when it came (``ply``), ``what`` (a
    key of :data:`NOTE_TEXTS`), the ``side`` it concerns, its ``params`` (plain values: a side
    as ``"black"``/``"white"``), the referee's ``reason`` and whether it ``ended`` the game."""

    seq: int
    t: float
    ply: int
    what: str
    side: Side | None
    params: tuple[tuple[str, Any], ...]
    reason: str = ""
    ended: bool = False

    @property
    def text(self) -> Text:
        """What the referee did, without the reason."""
        values: dict[str, object] = {}
        for key, value in self.params:
            values[key] = Text(SIDE_NAMES[value]) if key == "side" else value
        return Text(NOTE_TEXTS[self.what], **values)

    def sentence(self) -> Text:
        """What the referee did, with the reason after a colon."""
        if not self.reason:
            return self.text
        return Text(N_("{note}: {reason}"), note=self.text, reason=self.reason)

    def to_json(self) -> dict[str, Any]:
        """The note as clients read it (docs/play-protocol.md): ``seq``, ``t``, ``ply``,
        ``what``, ``side``, ``params``, ``reason``, ``ended`` and ``text`` (the English)."""
        return {
            "seq": self.seq,
            "t": self.t,
            "ply": self.ply,
            "what": self.what,
            "side": self.side,
            "params": dict(self.params),
            "reason": self.reason,
            "ended": self.ended,
            "text": str(self.sentence()),
        }


def _note(entry: LogEntry, ply: int, warned: dict[str, int]) -> RefereeNote | None:
    a = entry.action
    side: Side | None = getattr(a, "side", None)
    reason = str(getattr(a, "reason", "") or "")
    what = a.type
    params: dict[str, Any] = {}
    if isinstance(a, A.Warn):
        warned[a.side] = warned.get(a.side, 0) + 1
        params["number"] = warned[a.side]
    elif isinstance(a, A.Penalise):
        params["points"] = f"{a.points:g}"
    elif isinstance(a, A.SetClock | A.AddTime):
        params["time"] = clock_time(a.seconds)
    elif isinstance(a, A.SetClocks):
        params.update(black=clock_time(a.black), white=clock_time(a.white))
    elif isinstance(a, A.SplitTime) and a.used is not None:
        what = "split-time-used"
        params["time"] = clock_time(a.used)
    elif isinstance(a, A.RestorePosition):
        params["ply"] = a.ply
    elif isinstance(a, A.OutOfTurnMove):
        params["move"] = a.move
    elif isinstance(a, A.Adjudicate):
        side = a.winner
        what = "adjudicate" if side is not None else "adjudicate-draw"
    elif isinstance(a, A.SetResult):
        params["result"] = a.result
    if what not in NOTE_TEXTS:  # pragma: no cover - every referee action has a text
        return None
    if side is not None and what not in ("adjudicate-draw", "set-clocks"):
        params["side"] = side
    return RefereeNote(entry.seq, entry.t, ply, what, side, tuple(params.items()), reason)


def referee_notes(log: Sequence[LogEntry], *, over: bool = False) -> tuple[RefereeNote, ...]:
    """The referees' notes of a match's ``log`` in the order given; ``over``: the match is
    over, so a referee's action that is the log's last entry ended it.

    The moves played when each came are counted from the log (a move, a move out of turn; a
    restored position sets the count back), so that the notes need no replay of the game.
    """
    notes: list[RefereeNote] = []
    ply = 0
    warned: dict[str, int] = {}
    for entry in log:
        a = entry.action
        if isinstance(a, A.RestorePosition):
            ply = a.ply
        if not entry.actor.is_referee or a.type in _SILENT or entry.actor == AGREEMENT:
            if isinstance(a, A.Move):
                ply += 1
            continue
        note = _note(entry, ply, warned)
        if isinstance(a, A.OutOfTurnMove):
            ply += 1
        if note is not None:
            notes.append(note)
    if over and notes and log and notes[-1].seq == log[-1].seq:
        last = notes[-1]
        notes[-1] = RefereeNote(
            last.seq, last.t, last.ply, last.what, last.side, last.params, last.reason, True
        )
    return tuple(notes)
