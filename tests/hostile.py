"""Hostile input for the fuzz tests of every reader: mutations of real files, hand-made attacks
(deep nesting, huge fields, many rows, NUL bytes, bad Unicode, XML bombs), and the check that a
reader either reads its input or refuses it with an :class:`~arbiter.errors.ArbiterError`, in
bounded time."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st

from arbiter.errors import ArbiterError

#: Examples per property: few by default (the suite stays fast); ARBITER_FUZZ_EXAMPLES=5000
#: for a long local search.
FEW = settings(max_examples=int(os.environ.get("ARBITER_FUZZ_EXAMPLES", "40")))

#: The longest a reader may take on one hostile input (on a busy 2-core machine).
SECONDS = 5.0

#: A field longer than any limit, and than Python's csv module takes (131,072 characters).
HUGE = 300_000
#: Deeper than any nesting limit, and than Python's recursion limit.
DEEP = 100_000


def read_or_refuse(read: Callable[[Any], object], data: Any, seconds: float = SECONDS) -> object:
    """``read(data)``, or ``None`` when it refused ``data`` with an ``ArbiterError``; any other
    exception fails the test, and so does taking longer than ``seconds``."""
    start = time.perf_counter()
    try:
        result: object = read(data)
    except ArbiterError as exc:
        message = str(exc)
        assert "\n" not in message, f"a refusal is one line: {message[:200]!r}"
        assert len(message) < 2_000, f"a refusal quotes too much: {message[:200]!r}..."
        result = None
    elapsed = time.perf_counter() - start
    assert elapsed < seconds, f"took {elapsed:.1f} s on {len(data)} bytes or characters"
    return result


# -- mutations of real files --------------------------------------------------------------------

_JUNK = st.binary(min_size=1, max_size=12) | st.sampled_from(
    [b"\x00", b"\xff", b"\xef\xbb\xbf", b"\\", b'"', b"[", b"]", b"(", b")", b"{", b"}", b";", b"<"]
)


@st.composite
def mutated(draw: st.DrawFn, samples: list[bytes]) -> bytes:
    """One of ``samples`` with a few random edits: bytes replaced, inserted or deleted, a slice
    repeated, the end cut off."""
    data = bytearray(draw(st.sampled_from(samples)))
    for _ in range(draw(st.integers(1, 6))):
        if not data:
            break
        at = draw(st.integers(0, len(data) - 1))
        kind = draw(st.sampled_from(["replace", "insert", "delete", "repeat", "cut"]))
        if kind == "replace":
            data[at : at + 1] = draw(_JUNK)
        elif kind == "insert":
            data[at:at] = draw(_JUNK)
        elif kind == "delete":
            del data[at : at + draw(st.integers(1, 40))]
        elif kind == "repeat":
            piece = bytes(data[at : at + draw(st.integers(1, 40))])
            data[at:at] = piece * draw(st.integers(2, 50))
        else:
            del data[at:]
    return bytes(data)


#: Text with anything in it: controls, NUL, lone surrogates, any script.
ANY_TEXT = st.text(st.characters(exclude_categories=()), max_size=400)


def encodings(text: str) -> list[bytes]:
    """``text`` in the encodings a hostile or careless file may come in."""
    out = [text.encode("utf-8"), b"\xef\xbb\xbf" + text.encode("utf-8")]
    for codec in ("utf-16", "utf-16-be", "cp1251", "latin-1"):
        try:
            out.append(text.encode(codec))
        except UnicodeEncodeError:
            continue
    return out


def bad_unicode(text: str) -> list[Any]:
    """``text`` spoilt: NUL bytes, invalid UTF-8, a lone surrogate (as text and as bytes)."""
    middle = len(text) // 2
    raw = text.encode("utf-8")
    return [
        text[:middle] + "\x00" + text[middle:],
        text[:middle] + "\ud800" + text[middle:],
        raw[:middle] + b"\xff\xfe\xc3" + raw[middle:],
        raw[:middle] + b"\xed\xa0\x80" + raw[middle:],  # a surrogate encoded as UTF-8
        raw + b"\x00" * 1000,
    ]


# -- XML attacks --------------------------------------------------------------------------------


def _laughs(levels: int = 9) -> str:
    lines = ['<!ENTITY lol0 "lol">']
    for i in range(1, levels + 1):
        lines.append(f'<!ENTITY lol{i} "{f"&lol{i - 1};" * 10}">')
    return "\n".join(lines)


def xml_attacks(player: str = '<Player name="&x;" firstName="A" rank="1D"/>') -> dict[str, bytes]:
    """Entity bombs and external entities, each around one OpenGotha player (``&x;``)."""
    body = f"<Tournament><Players>{player}</Players></Tournament>"
    laughs = _laughs()
    big = "A" * 100_000
    texts = {
        "billion laughs": f'<!DOCTYPE T [{laughs}<!ENTITY x "&lol9;">]>{body}',
        "quadratic blowup": f'<!DOCTYPE T [<!ENTITY x "{big}">]>'
        + body.replace("&x;", "&x;" * 2000),
        "external file": f'<!DOCTYPE T [<!ENTITY x SYSTEM "file:///etc/passwd">]>{body}',
        "external url": f'<!DOCTYPE T [<!ENTITY x SYSTEM "http://127.0.0.1:9/x">]>{body}',
        "parameter entity": '<!DOCTYPE T [<!ENTITY % p SYSTEM "file:///etc/passwd"> %p;]>'
        + body.replace("&x;", "a"),
        "external dtd": '<!DOCTYPE T SYSTEM "http://127.0.0.1:9/t.dtd">' + body.replace("&x;", "a"),
    }
    out: dict[str, bytes] = {}
    for name, text in texts.items():
        out[name] = text.encode("utf-8")
        # the same in UTF-16: a search of the bytes for "<!ENTITY" does not see it
        out[f"{name} (UTF-16)"] = ('<?xml version="1.0" encoding="UTF-16"?>' + text).encode(
            "utf-16"
        )
    return out
