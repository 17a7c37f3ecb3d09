"""Type stubs of the compiled Toguz Korgool search (_toguz_search.c)."""

WIN_SCORE: int

def search(state: bytes, seconds: float, max_depth: int, /) -> tuple[int, int, int, int]: ...
