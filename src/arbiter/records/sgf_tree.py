"""An SGF record's text read into sgfmill's tree: the shape check that runs first and the
choice of the character set.

>>> parse_tree(b"(;GM[1]SZ[9];B[ee])").get_size()
9
"""

from __future__ import annotations

import re

from sgfmill import sgf, sgf_grammar

from arbiter.errors import ArbiterError
from arbiter.i18n import N_
from arbiter.limits import MAX_SGF_DEPTH, MAX_SGF_NODES


class SgfError(ArbiterError):
    """An SGF record that cannot be read as a Go game."""


def shown(text: str) -> str:
    """A property's text as an error quotes it: one line, cut short (a value may be
    megabytes long)."""
    words = " ".join(text.split())
    return words if len(words) <= 40 else words[:37] + "..."


_START = re.compile(rb"\(\s*;")
_MARK = re.compile(rb"[\[();]")


def check_shape(data: bytes) -> None:
    """Refuse a record whose first game tree nests variations deeper than
    :data:`~arbiter.limits.MAX_SGF_DEPTH` or holds more than
    :data:`~arbiter.limits.MAX_SGF_NODES` nodes, in one linear pass before sgfmill builds
    its tree (``(;B[aa](;W[bb](…`` a hundred thousand deep would be as many nested objects).

    >>> check_shape(b"(;GM[1]C[a ( or ; in a comment](;B[aa])(;B[bb]))")
    >>> check_shape(b"(;GM[1]" + b"(;B[aa]" * 1001)
    Traceback (most recent call last):
    ...
    arbiter.records.sgf_tree.SgfError: the record's variations nest deeper than 1000 levels
    """
    found = _START.search(data)
    if found is None:
        return  # sgfmill says what is wrong
    pos, depth, nodes = found.start(), 0, 0
    while (mark := _MARK.search(data, pos)) is not None:
        pos = mark.end()
        char = mark.group()
        if char == b"[":
            pos = _value_end(data, pos)
            if pos < 0:
                return  # an unterminated value: sgfmill refuses it
        elif char == b"(":
            depth += 1
            if depth > MAX_SGF_DEPTH:
                raise SgfError(
                    N_("the record's variations nest deeper than {limit} levels"),
                    limit=MAX_SGF_DEPTH,
                )
        elif char == b")":
            depth -= 1
            if depth <= 0:
                return  # the end of the first game tree: sgfmill reads no further
        else:
            nodes += 1
            if nodes > MAX_SGF_NODES:
                raise SgfError(N_("the record holds more than {limit} nodes"), limit=MAX_SGF_NODES)


def _value_end(data: bytes, pos: int) -> int:
    """Where the property value opened before ``pos`` ends (after its ``]``), or -1."""
    while True:
        end = data.find(b"]", pos)
        if end < 0:
            return -1
        back = end
        while back > pos and data[back - 1] == 0x5C:  # backslashes escaping this "]"
            back -= 1
        if (end - back) % 2 == 0:
            return end + 1
        pos = end + 1


def parse_tree(data: bytes) -> sgf.Sgf_game:
    """sgfmill's game for an SGF record, after :func:`check_shape`, in its character set."""
    check_shape(data)
    try:
        coarse = sgf_grammar.parse_sgf_game(data)
    except ValueError as exc:
        raise SgfError(f"malformed SGF: {exc}") from None
    root_props = coarse.sequence[0]
    charset = None
    if "CA" in root_props:
        charset = root_props["CA"][0].decode("ascii", "replace").strip()
    encoding = _choose_encoding(data, charset)
    try:
        return sgf.Sgf_game.from_coarse_game_tree(coarse, override_encoding=encoding)
    except ValueError as exc:
        raise SgfError(f"malformed SGF: {exc}") from None


def _choose_encoding(data: bytes, charset: str | None) -> str:
    """The encoding to read the text with: ``CA`` if it names one the data fits, else UTF-8
    when the data is valid UTF-8, else ISO-8859-1 (the SGF default)."""
    if charset:
        try:
            data.decode(charset)
            return charset
        except (LookupError, ValueError):  # unknown, not this data's, or a NUL in the name
            pass
    try:
        data.decode("utf-8")
        return "UTF-8"
    except UnicodeDecodeError:
        return "ISO-8859-1"
