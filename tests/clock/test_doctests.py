"""The examples in the clock modules' docstrings are true."""

import doctest
import importlib

import pytest

MODULES = ["arbiter.clock", "arbiter.clock.control", "arbiter.clock.clock", "arbiter.clock.lag"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
