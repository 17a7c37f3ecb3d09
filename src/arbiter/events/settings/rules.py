"""The game's rules: the ruleset, komi and Go handicaps (the komi of a game with a handicap in
:meth:`RulesSettings.komi_for`).

>>> RULESETS["toguz"]
('toguz', 'bestemshe')
"""

from __future__ import annotations

from fractions import Fraction

from arbiter.events.settings.codecs import choice, half, integer, rank
from arbiter.events.settings.kinds import GO
from arbiter.events.settings.setting import Spec, Typed, Values, const
from arbiter.games.go.rank import Rank

#: The rulesets of each game.
RULESETS: dict[str, tuple[str, ...]] = {
    "go": ("japanese", "chinese"),
    "toguz": ("toguz", "bestemshe"),
}

SPECS: tuple[Spec, ...] = (
    Spec(
        "ruleset",
        "rules: Go japanese|chinese; Toguz Korgool toguz|bestemshe",
        choice("japanese", "chinese", "toguz", "bestemshe"),
        lambda k: "japanese" if k.game == "go" else "toguz",
    ),
    Spec("komi", "komi in even games", half("komi"), const(Fraction(13, 2)), GO),
    Spec(
        "handicap",
        "handicap policy: none (even games), rank (from the rank difference), mms (from the "
        "McMahon-score difference), pair-table (pair go)",
        choice("none", "rank", "mms", "pair-table"),
        lambda k: "pair-table" if k.discipline == "pair" else "none",
        GO,
    ),
    Spec(
        "handicap_threshold",
        "ranks above this count as this rank for handicaps",
        rank(),
        const(Rank(0)),
        GO,
    ),
    Spec(
        "handicap_correction",
        "handicap = rank difference minus this",
        integer(0, 9),
        const(1),
        GO,
    ),
    Spec("handicap_max", "most handicap stones", integer(0, 9), const(9), GO),
    Spec(
        "handicap_komi",
        "komi in handicap games",
        half("handicap komi"),
        const(Fraction(1, 2)),
        GO,
    ),
    Spec(
        "handicap_placement",
        "handicap stones: fixed (the star points, seed 002 appendix 1) or free (Black places "
        "them; Chinese rules only, the appendix's note)",
        choice("fixed", "free"),
        const("fixed"),
        GO,
    ),
)


class RulesSettings(Values):
    """The rules settings, typed."""

    __slots__ = ()

    #: Komi in even Go games.
    komi = Typed(Fraction)
    #: Ranks above this one count as this one for handicaps.
    handicap_threshold = Typed(Rank)
    #: Subtracted from the rank difference.
    handicap_correction = Typed(int)
    #: Most handicap stones.
    handicap_max = Typed(int)
    #: Komi in handicap games.
    handicap_komi = Typed(Fraction)

    def komi_for(self, handicap: int) -> Fraction:
        """The komi of a game with ``handicap``: the even komi without one; with handicap 1
        none, unless the organiser set ``handicap_komi`` (seed 002 appendix 1: «фора 1 — просто
        первый ход без коми», handicap 1 is just the first move without komi); from 2 stones
        ``handicap_komi``.

        >>> from arbiter.events.settings import Config, Settings
        >>> cfg = Config(Settings(), "go", "mcmahon", "individual")
        >>> cfg.komi_for(0), cfg.komi_for(1), cfg.komi_for(2)
        (Fraction(13, 2), Fraction(0, 1), Fraction(1, 2))
        >>> Config(Settings().with_text("handicap_komi", "0.5"), "go", "mcmahon", "individual"
        ...        ).komi_for(1)
        Fraction(1, 2)
        """
        if handicap <= 0:
            return self.komi
        if handicap == 1 and not self.is_set("handicap_komi"):
            return Fraction(0)
        return self.handicap_komi

    @property
    def handicap(self) -> str:
        """``none``, ``rank``, ``mms`` or ``pair-table`` (always ``none`` outside Go)."""
        return self.typed("handicap", str) if self.kind.game == "go" else "none"

    @property
    def korgool_total(self) -> int:
        """Korgools in play under the ruleset (162; Bestemshe 50)."""
        return 50 if self.value("ruleset") == "bestemshe" else 162
