"""How a Go count was made, in the reader's language: one line per side, as the rules count
(seed 002 1.11–1.15). Japanese counting adds territory and prisoners, Chinese counting
territory and stones (the area), with White's handicap compensation where the rules give it;
komi is taken from Black (seed 1.14) and referees' penalties from the penalised side. The game
page, the record viewer and the printed game sheet all show these lines.

>>> from arbiter.games.go.position import Position
>>> from arbiter.games.go.rules import Rules
>>> from arbiter.games.go.scoring import count
>>> pos = Position.setup(5, black=["C1", "C2", "C3", "C4", "C5"], rules=Rules.japanese(komi=6.5))
>>> for line in score_lines(count(pos)):
...     print(line)
Black: 20 territory + 0 prisoners − 6.5 komi = 13.5
White: 0 territory + 0 prisoners = 0
"""

from __future__ import annotations

from arbiter.games.go.result import format_points
from arbiter.games.go.scoring import Score
from arbiter.i18n import gettext

__all__ = ["score_lines"]


def score_lines(score: Score) -> tuple[str, str]:
    """Black's and White's line of the count, e.g. ``Black: 45 territory + 3 prisoners − 6.5
    komi = 41.5`` (Japanese) or ``White: 40 territory + 38 stones = 78`` (Chinese)."""
    lines = []
    for side, i in ((gettext("Black"), 0), (gettext("White"), 1)):
        parts = [gettext("%(n)s territory") % {"n": format_points(score.territory[i])}]
        if score.rules.scoring == "japanese":
            parts.append(gettext("%(n)s prisoners") % {"n": format_points(score.prisoners[i])})
        else:
            parts.append(gettext("%(n)s stones") % {"n": format_points(score.stones[i])})
            if i == 1 and score.compensation:
                parts.append(
                    gettext("%(n)s compensation") % {"n": format_points(score.compensation)}
                )
        text = " + ".join(parts)
        komi = score.rules.komi
        if i == 0 and komi:
            sign = "−" if komi > 0 else "+"
            text += f" {sign} " + gettext("%(n)s komi") % {"n": format_points(abs(komi))}
        if score.penalties[i]:
            text += " − " + gettext("%(n)s penalty") % {"n": format_points(score.penalties[i])}
        lines.append(f"{side}: {text} = {format_points(score.total[i])}")
    return (lines[0], lines[1])
