"""Type stubs of the compiled Toguz Korgool search (_toguz_search.c)."""

from collections.abc import Sequence

WIN_SCORE: int
PVS_WIN: int
NFEATURES: int

def search(state: bytes, seconds: float, max_depth: int, /) -> tuple[int, int, int, int]: ...
def set_weights(weights: Sequence[int], /) -> None: ...
def features(state: bytes, /) -> tuple[int, ...]: ...
def evaluate(state: bytes, /) -> int: ...

class Searcher:
    def __init__(self, table_bits: int = 20) -> None: ...
    def search(
        self,
        state: bytes,
        seconds: float,
        soft: float,
        max_depth: int,
        full_root: bool = False,
        history: Sequence[bytes] = (),
    ) -> tuple[int, int, int, int, int, tuple[int, ...], tuple[int, ...]]: ...
    def clear(self) -> None: ...
