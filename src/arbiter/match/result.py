"""How a match ended: the result in the competitions grammar and the reason.

Toguz Korgool results are written White first with korgool counts (``1(82)-0(60)``,
``1/2(81)-1/2(75)``); Go results in SGF ``RE`` form (``B+3.5``, ``W+R``, ``B+T``, ``W+F``,
``0``); forfeits without a game are ``+-``/``-+`` (Toguz Korgool, White first), ``--`` for a
double forfeit, and ``Void`` for no result (spec competitions.md).

>>> r = MatchResult.parse("toguz", "-+", "no-show")
>>> r.winner, r.text, r.score("white"), r.played
('black', '-+', 0.0, False)
>>> str(MatchResult.parse("go", "W+12.5"))
'W+12.5'
>>> MatchResult.parse("go", "+-", "forfeit").text   # Go: the first sign is Black's
'B+F'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, TypeAlias, get_args

from arbiter.clock import Side
from arbiter.errors import ArbiterError
from arbiter.games.go import Result as GoResult
from arbiter.match.errors import ActionError
from arbiter.match.settings import GameKind
from arbiter.records.toguz_record import GameResult

__all__ = [
    "REFEREE_TERMINATIONS",
    "TERMINATIONS",
    "MatchResult",
    "Termination",
    "toguz_text",
]

Termination: TypeAlias = Literal[
    "kazan",
    "atsyz-kalu",
    "draw-81",
    "points",
    "resignation",
    "time",
    "both-flags",
    "agreement",
    "repetition",
    "draw-offers",
    "adjudication",
    "warnings",
    "late-arrival",
    "forfeit",
    "double-forfeit",
    "no-show",
    "void",
    "referee",
]
TERMINATIONS: tuple[Termination, ...] = get_args(Termination)
"""Every way a match can end (see docs/referee.md)."""

REFEREE_TERMINATIONS: tuple[Termination, ...] = (
    "referee",
    "forfeit",
    "double-forfeit",
    "no-show",
    "void",
)
"""The terminations a referee's :class:`~arbiter.match.actions.SetResult` may give."""

# Results that are not a played game (spec competitions.md: forfeits are not played games).
_UNPLAYED: frozenset[str] = frozenset(
    {"late-arrival", "no-show", "double-forfeit", "forfeit", "void"}
)


def toguz_text(winner: Side | None, korgools: tuple[int, int] | None) -> str:
    """A Toguz Korgool result, White first, with the korgools ``(White's, Black's)``.

    >>> toguz_text("black", (60, 82)), toguz_text(None, (81, 81)), toguz_text("white", None)
    ('0(60)-1(82)', '1/2(81)-1/2(81)', '1-0')
    """
    return str(GameResult(winner, korgools))


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The end of a match: ``winner`` (``None``: a draw, a double forfeit or no result),
    ``termination`` (how it ended), ``text`` (the result as written) and, in Toguz Korgool,
    ``korgools`` (White's and Black's, when counted)."""

    game: GameKind
    winner: Side | None
    termination: Termination
    text: str
    korgools: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        if self.termination not in TERMINATIONS:
            raise ActionError(f"unknown termination {self.termination!r}")

    # ----- construction

    @classmethod
    def toguz(
        cls,
        winner: Side | None,
        termination: Termination,
        korgools: tuple[int, int] | None,
    ) -> MatchResult:
        """A Toguz Korgool result with korgools (``None`` for a forfeit: ``+-``/``-+``)."""
        if termination in ("late-arrival", "no-show", "forfeit") and winner is not None:
            return cls("toguz", winner, termination, "+-" if winner == "white" else "-+")
        return cls("toguz", winner, termination, toguz_text(winner, korgools), korgools)

    @classmethod
    def go(cls, result: GoResult, termination: Termination) -> MatchResult:
        """A Go result from the engine's :class:`arbiter.games.go.Result`."""
        return cls("go", result.winner, termination, str(result))

    @classmethod
    def double_forfeit(cls, game: GameKind, termination: Termination) -> MatchResult:
        """Both sides lose (seed 002 3.18.3; both absent)."""
        return cls(game, None, termination, "--")

    @classmethod
    def parse(cls, game: GameKind, text: str, termination: str = "referee") -> MatchResult:
        """A result a referee sets: ``text`` in the competitions grammar, ``termination`` one of
        :data:`REFEREE_TERMINATIONS`. Forfeits are written the canonical way (Toguz Korgool
        ``+-``/``-+``, Go ``B+F``/``W+F``).

        >>> MatchResult.parse("toguz", "1-0", "forfeit").text
        '+-'
        >>> MatchResult.parse("toguz", "0(60)-1(70)").text
        '0(60)-1(70)'
        >>> MatchResult.parse("go", "Void", "forfeit")
        Traceback (most recent call last):
        ...
        arbiter.match.errors.ActionError: 'Void' (no result) goes with the termination 'void'
        """
        if termination not in REFEREE_TERMINATIONS:
            raise ActionError(
                f"a referee's result ends the game as one of {', '.join(REFEREE_TERMINATIONS)}, "
                f"not {termination!r}"
            )
        term: Termination = termination
        raw = text.strip() if isinstance(text, str) else ""
        first: Side = "white" if game == "toguz" else "black"
        second: Side = "black" if first == "white" else "white"
        if raw.lower() == "void":
            if term != "void":
                raise ActionError("'Void' (no result) goes with the termination 'void'")
            return cls(game, None, "void", "Void")
        if term == "void":
            raise ActionError("the termination 'void' is written 'Void'")
        if raw == "--":
            if term not in ("double-forfeit", "no-show"):
                term = "double-forfeit"
            return cls.double_forfeit(game, term)
        if term == "double-forfeit":
            raise ActionError("a double forfeit is written '--'")
        if raw in ("+-", "-+"):
            winner = first if raw == "+-" else second
            return cls._forfeit(game, winner, "forfeit" if term == "referee" else term)
        if game == "toguz":
            try:
                parsed = GameResult.parse(raw)
            except ArbiterError as exc:
                raise ActionError(f"{exc}; forfeits are +-, -+, --; no result is Void") from None
            winner_t: Side | None = parsed.winner  # type: ignore[assignment]
            if term in ("forfeit", "no-show"):
                if winner_t is None:
                    raise ActionError(f"a {term} has a winner: write +- or -+")
                return cls._forfeit(game, winner_t, term)
            return cls.toguz(winner_t, term, parsed.korgools)
        try:
            go = GoResult.parse(raw)
        except ArbiterError as exc:
            raise ActionError(f"{exc}; a double forfeit is --") from None
        if go.reason == "unknown":
            raise ActionError(f"{text!r} is not a result: write e.g. B+3.5, W+R, 0 or Void")
        if term in ("forfeit", "no-show") or go.reason == "forfeit":
            if go.winner is None:
                raise ActionError(f"a {term} has a winner: write B+F or W+F")
            return cls._forfeit(game, go.winner, "forfeit" if term == "referee" else term)
        return cls.go(go, term)

    @classmethod
    def _forfeit(cls, game: GameKind, winner: Side, term: Termination) -> MatchResult:
        if game == "toguz":
            return cls.toguz(winner, term, None)
        return cls.go(GoResult.forfeit(winner), term)

    # ----- reading

    @property
    def played(self) -> bool:
        """Whether the game counts as played (forfeits and no result do not, for tiebreaks)."""
        return self.termination not in _UNPLAYED

    @property
    def is_void(self) -> bool:
        """No result: nobody scores."""
        return self.termination == "void"

    def score(self, side: Side) -> float | None:
        """``side``'s points for the standings: 1, ½ or 0; 0 each after a double forfeit;
        ``None`` for no result."""
        if self.is_void:
            return None
        if self.text == "--":
            return 0.0
        if self.winner is None:
            return 0.5
        return 1.0 if self.winner == side else 0.0

    def to_json(self) -> dict[str, Any]:
        """``{"text": …, "winner": …, "termination": …}`` (and ``korgools`` when counted)."""
        doc: dict[str, Any] = {
            "text": self.text,
            "winner": self.winner,
            "termination": self.termination,
        }
        if self.korgools is not None:
            doc["korgools"] = list(self.korgools)
        return doc

    def __str__(self) -> str:
        return self.text
