"""caissify-pairings' Dutch engine with arbiter's compiled matcher in place of networkx's.

The engine (a port of bbpPairings' ``computeMatching``) builds a ``networkx.Graph`` of every
pair and calls ``networkx.max_weight_matching`` about once per player of the round; that
pure-Python matcher was nearly all of a pairing's time (docs/decisions.md, "A compiled matcher
for the FIDE Dutch system"). The engine is a dependency and stays as it is: its methods that
``import networkx`` are rebuilt here, the same code over a copy of the module's globals whose
``__import__`` answers ``networkx`` with :data:`NETWORKX`, a stand-in holding
:class:`~arbiter.events.swiss.matching.Graph` (filled in C) and
:func:`~arbiter.events.swiss.matching.max_weight_matching`. Nothing global is swapped, so
other users of networkx, and pairings in other threads, are untouched.

Between two of those calls the engine changes the weights of the edges of one or two players
only, so the round's matching is kept from call to call, as bbpPairings does: the engine's
nested ``_run_mwm`` (which rebuilt the whole graph each time) is given a body that hands the
engine's weight dict to a :class:`~arbiter.events.swiss._matching.Matcher`, which finds the
weights that changed and starts again from its last optimum (``warm.h``).
"""

from __future__ import annotations

import builtins
import functools
import threading
import types
from collections.abc import Callable
from typing import Any

from caissify_pairings.engines import dutch  # type: ignore[import-untyped]

from arbiter.events.swiss._matching import Matcher
from arbiter.events.swiss.matching import Graph, max_weight_matching

_kept = threading.local()  # this thread's pairing: its weight dict and the matcher kept for it


def sync_mates(weights: dict[tuple[int, int], int], n: int) -> list[int]:
    """The partner of each of the ``n`` vertices (-1 for none) in the heaviest of the largest
    matchings of ``weights`` ({(i, j): weight}, 0 for no edge), from the last call's matching
    when ``weights`` is the same dict as then."""
    if getattr(_kept, "weights", None) is not weights or _kept.matcher_n != n:
        _kept.weights, _kept.matcher, _kept.matcher_n = weights, Matcher(n), n
    mates: list[int] = _kept.matcher.sync(weights)
    return mates


def _forget() -> None:
    """Drop this thread's kept matching (a round's worth of weights)."""
    _kept.weights = _kept.matcher = None
    _kept.matcher_n = -1


#: What ``import networkx`` gives the engine's rebuilt methods.
NETWORKX = types.SimpleNamespace(
    Graph=Graph, max_weight_matching=max_weight_matching, sync_mates=sync_mates
)


def _kept_run_mwm_code() -> types.CodeType:
    """The code of the engine's ``_run_mwm`` as it is here: same free variables, kept matching."""
    edge_weights: dict[tuple[int, int], int] = {}
    n = 0
    nx: Any = NETWORKX

    def _run_mwm() -> list[int]:
        # networkx's answer form: partner by vertex, itself when single
        mates = nx.sync_mates(edge_weights, n)
        return [v if p < 0 else p for v, p in enumerate(mates)]

    return _run_mwm.__code__


def _with_kept_matching(method: types.FunctionType) -> types.FunctionType:
    """``_pair_iterative_mwm`` whose nested ``_run_mwm`` keeps its matching between calls."""
    code, ours = method.__code__, _kept_run_mwm_code()
    consts = list(code.co_consts)
    found = [
        i for i, c in enumerate(consts) if isinstance(c, types.CodeType) and c.co_name == "_run_mwm"
    ]
    if len(found) != 1 or consts[found[0]].co_freevars != ours.co_freevars:
        raise RuntimeError(  # pragma: no cover - a caissify release we do not pin
            "caissify-pairings' Dutch engine no longer builds its matching in _run_mwm"
        )
    consts[found[0]] = ours.replace(co_name="_run_mwm", co_qualname=consts[found[0]].co_qualname)
    rebuilt = _rebuilt(method, method.__globals__)
    rebuilt.__code__ = code.replace(co_consts=tuple(consts))

    def pair(self: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return rebuilt(self, *args, **kwargs)
        finally:
            _forget()

    pair.__name__, pair.__qualname__, pair.__doc__ = (
        method.__name__,
        method.__qualname__,
        method.__doc__,
    )
    return pair  # type: ignore[return-value]


def _import(name: str, *args: Any, **kwargs: Any) -> Any:
    """``__import__``, but networkx is the compiled stand-in."""
    if name == "networkx":
        return NETWORKX
    return builtins.__import__(name, *args, **kwargs)


def _rebuilt(function: types.FunctionType, scope: dict[str, Any]) -> types.FunctionType:
    """``function`` with the globals ``scope`` (its nested functions follow)."""
    copy = types.FunctionType(
        function.__code__, scope, function.__name__, function.__defaults__, function.__closure__
    )
    copy.__kwdefaults__ = function.__kwdefaults__
    copy.__qualname__ = function.__qualname__
    copy.__doc__ = function.__doc__
    return copy


class _KnownHistory(dutch.DutchPlayer):  # type: ignore[misc]
    """A player whose colour history is fixed while a round is paired (the engine builds it
    once, in ``_build_players``, and never changes it): its colour properties, asked for about a
    thousand times per player of a round, are worked out once."""

    @functools.cached_property
    def color_diff(self) -> int:
        diff: int = super().color_diff
        return diff

    @functools.cached_property
    def color_preference(self) -> Any:
        return super().color_preference

    @functools.cached_property
    def preference_strength(self) -> int:
        strength: int = super().preference_strength
        return strength

    def would_violate_absolute_color(self, color: str) -> bool:
        answer: bool | None = self.__dict__["_violates"].get(color)
        return super().would_violate_absolute_color(color) if answer is None else answer


def _build_players(self: Any, raw: list[dict[str, Any]]) -> list[Any]:
    """The engine's players, as :class:`_KnownHistory`."""
    players: list[Any] = dutch.DutchEngine._build_players(self, raw)
    for p in players:
        if type(p) is dutch.DutchPlayer:
            p._violates = {c: p.would_violate_absolute_color(c) for c in ("white", "black")}
            p.__class__ = _KnownHistory
    return players


def _has_legal_color_assignment(self: Any, p1: Any, p2: Any) -> bool:
    """The engine's test that some colours are allowed to both, from the players' known
    histories (asked for every pair at every matching: a round's largest Python cost)."""
    v1, v2 = p1.__dict__.get("_violates"), p2.__dict__.get("_violates")
    if v1 is None or v2 is None:
        legal: bool = dutch.DutchEngine._has_legal_color_assignment(self, p1, p2)
        return legal
    return not (v1["white"] or v2["black"]) or not (v1["black"] or v2["white"])


def _compiled_engine() -> type:
    """A subclass of the Dutch engine whose networkx-using methods use the stand-in."""
    scope = dict(vars(dutch))
    scope["__builtins__"] = {**vars(builtins), "__import__": _import}
    methods: dict[str, Callable[..., Any]] = {
        name: _rebuilt(member, scope)
        for name, member in vars(dutch.DutchEngine).items()
        if isinstance(member, types.FunctionType) and "networkx" in member.__code__.co_names
    }
    if "_pair_iterative_mwm" not in methods:  # pragma: no cover - a caissify release we do not pin
        raise RuntimeError("caissify-pairings' Dutch engine no longer matches through networkx")
    pair = methods["_pair_iterative_mwm"]
    assert isinstance(pair, types.FunctionType)
    methods["_pair_iterative_mwm"] = _with_kept_matching(pair)
    methods["_build_players"] = _build_players
    methods["_has_legal_color_assignment"] = _has_legal_color_assignment
    return type("CompiledDutchEngine", (dutch.DutchEngine,), methods)


#: caissify-pairings' ``DutchEngine`` (same constructor, same ``generate_pairings()``).
CompiledDutchEngine = _compiled_engine()


def generate_dutch(
    players: list[dict[str, Any]],
    previous_pairings: set[tuple[int, int]],
    round_number: int,
    total_rounds: int,
    **options: Any,
) -> list[dict[str, Any]]:
    """``caissify_pairings.generate_pairings("dutch", ...)``, with the compiled matcher."""
    engine = CompiledDutchEngine(
        players=players,
        previous_pairings=previous_pairings,
        round_number=round_number,
        total_rounds=total_rounds,
        **options,
    )
    pairs: list[dict[str, Any]] = engine.generate_pairings()
    return pairs
