"""The rating-list readers (EGF, FFG, AGA) under hostile input: each reads its input or refuses
it with one line naming the line at fault, in bounded time (the fuzz suite of every reader,
issue 21, with the lists of issue 14)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter.events.formats.rating_lists import read_rating_list
from tests.conftest import DATA
from tests.hostile import ANY_TEXT, FEW, HUGE, mutated, read_or_refuse

LISTS = DATA / "ratings"
SAMPLES = {
    "egf": LISTS / "egf_allworld_sample.html",
    "ffg": LISTS / "ffg_ech_V3.txt",
    "aga": LISTS / "aga_tdlista.txt",
}
pytestmark = pytest.mark.skipif(
    not all(p.exists() for p in SAMPLES.values()), reason="../shared/data/ratings is not here"
)


def _head(registry: str) -> bytes:
    # the first 40 lines: enough of each layout to mutate, small enough to read quickly
    return b"\n".join(SAMPLES[registry].read_bytes().splitlines()[:40])


@FEW
@given(registry=st.sampled_from(sorted(SAMPLES)), data=st.binary(max_size=3000))
def test_random_bytes(registry: str, data: bytes) -> None:
    read_or_refuse(lambda d: read_rating_list(registry, d), data)


@FEW
@given(registry=st.sampled_from(sorted(SAMPLES)), text=ANY_TEXT)
def test_random_text(registry: str, text: str) -> None:
    read_or_refuse(lambda d: read_rating_list(registry, d), text)


@FEW
@given(registry=st.sampled_from(sorted(SAMPLES)), data=st.data())
def test_mutated_lists(registry: str, data: st.DataObject) -> None:
    sample = data.draw(mutated([_head(registry)]))
    read_or_refuse(lambda d: read_rating_list(registry, d), sample)


@pytest.mark.parametrize("registry", sorted(SAMPLES))
def test_a_huge_line_is_refused_quickly(registry: str) -> None:
    line = b"1234567 " + b"x" * HUGE  # a name of 300,000 characters
    read_or_refuse(lambda d: read_rating_list(registry, d), _head(registry) + b"\n" + line)
