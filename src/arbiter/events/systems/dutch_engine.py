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
"""

from __future__ import annotations

import builtins
import types
from typing import Any

from caissify_pairings.engines import dutch  # type: ignore[import-untyped]

from arbiter.events.swiss.matching import Graph, max_weight_matching

#: What ``import networkx`` gives the engine's rebuilt methods.
NETWORKX = types.SimpleNamespace(Graph=Graph, max_weight_matching=max_weight_matching)


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


def _compiled_engine() -> type:
    """A subclass of the Dutch engine whose networkx-using methods use the stand-in."""
    scope = dict(vars(dutch))
    scope["__builtins__"] = {**vars(builtins), "__import__": _import}
    methods = {
        name: _rebuilt(member, scope)
        for name, member in vars(dutch.DutchEngine).items()
        if isinstance(member, types.FunctionType) and "networkx" in member.__code__.co_names
    }
    if "_pair_iterative_mwm" not in methods:  # pragma: no cover - a caissify release we do not pin
        raise RuntimeError("caissify-pairings' Dutch engine no longer matches through networkx")
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
