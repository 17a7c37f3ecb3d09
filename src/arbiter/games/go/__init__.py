"""Go, including pair go: the rules as pure, immutable values (seed 002 section 1, seed 004).

>>> from arbiter.games.go import Position, Rules, count
>>> pos = Position.empty(9, Rules.chinese(komi=7))
>>> for move in ["E5", "pass", "pass"]:
...     pos = pos.play(move)
>>> pos.phase, str(count(pos).result)
('marking', 'B+74')
>>> str(Rank.parse("3 kyu"))
'3k'
"""

from arbiter.games.go.color import COLORS, Color, ColorError, opponent, parse_color
from arbiter.games.go.coords import (
    MAX_SIZE,
    MIN_SIZE,
    BoardSizeError,
    CoordinateError,
    Move,
    Point,
    format_move,
    parse_move,
)
from arbiter.games.go.game import (
    OUT_OF_TURN_PENALTY,
    Game,
    GameError,
    GameInfo,
    OutOfTurn,
    Penalty,
    PlayedMove,
    Player,
)
from arbiter.games.go.handicap import (
    MAX_STONES,
    HandicapError,
    handicap_points,
    max_fixed_handicap,
)
from arbiter.games.go.pairgo import (
    DEFAULT_TABLE,
    HandicapRow,
    HandicapTable,
    PairGoError,
    PairHandicap,
    PairOrder,
    Seat,
    pair_handicap,
    pair_points,
)
from arbiter.games.go.playout import fills_own_eye, random_game, random_move
from arbiter.games.go.position import IllegalMove, Phase, PhaseError, Position, SetupError
from arbiter.games.go.rank import Rank, RankError
from arbiter.games.go.result import Result, ResultError
from arbiter.games.go.rules import KO_RULES, SCORINGS, KoRule, Rules, RulesError, Scoring
from arbiter.games.go.scoring import Score, ScoringError, Tally, count

__all__ = [
    "COLORS",
    "DEFAULT_TABLE",
    "KO_RULES",
    "MAX_SIZE",
    "MAX_STONES",
    "MIN_SIZE",
    "OUT_OF_TURN_PENALTY",
    "SCORINGS",
    "BoardSizeError",
    "Color",
    "ColorError",
    "CoordinateError",
    "Game",
    "GameError",
    "GameInfo",
    "HandicapError",
    "HandicapRow",
    "HandicapTable",
    "IllegalMove",
    "KoRule",
    "Move",
    "OutOfTurn",
    "PairGoError",
    "PairHandicap",
    "PairOrder",
    "Penalty",
    "Phase",
    "PhaseError",
    "PlayedMove",
    "Player",
    "Point",
    "Position",
    "Rank",
    "RankError",
    "Result",
    "ResultError",
    "Rules",
    "RulesError",
    "Score",
    "Scoring",
    "ScoringError",
    "Seat",
    "SetupError",
    "Tally",
    "count",
    "fills_own_eye",
    "format_move",
    "handicap_points",
    "max_fixed_handicap",
    "opponent",
    "pair_handicap",
    "pair_points",
    "parse_color",
    "parse_move",
    "random_game",
    "random_move",
]
