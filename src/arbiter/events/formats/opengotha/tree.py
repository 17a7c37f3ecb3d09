"""The XML of an OpenGotha file: parsing it safely, reading attributes, writing elements.

>>> whole({"roundNumber": " 3 "}, "roundNumber", 0, "game 1"), collapse("  Le   Goff ")
(3, 'Le Goff')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from xml.etree import ElementTree as ET

import defusedxml.ElementTree as SafeET
from defusedxml import DefusedXmlException

from arbiter.events.formats.common import FormatError, Source, shown, source_bytes

#: An element, or its attributes already taken out (both answer ``get``).
Attributes = ET.Element | Mapping[str, str]


def parse(source: Source) -> ET.Element:
    """The ``<Tournament>`` element of an OpenGotha file (a path, or the XML as text or bytes)."""
    data = source_bytes(source, ("<",))
    try:
        # defusedxml refuses entity declarations (billion laughs) and external entities (XXE)
        # in the parser, whatever the file's encoding: a search of the bytes for "<!ENTITY"
        # misses them in a UTF-16 file.
        root: ET.Element = SafeET.fromstring(
            data if isinstance(data, bytes) else data.encode("utf-8"), forbid_dtd=False
        )
    except DefusedXmlException:
        raise FormatError("OpenGotha file: entity declarations are not accepted") from None
    except ET.ParseError as exc:
        raise FormatError(f"not an OpenGotha file: the XML is malformed ({exc})") from None
    except (LookupError, ValueError) as exc:  # an encoding expat does not know or cannot read
        raise FormatError(f"not an OpenGotha file: {shown(str(exc), 80)}") from None
    if root.tag != "Tournament":
        raise FormatError(
            f"not an OpenGotha tournament file: the root element is <{root.tag}>, not <Tournament>"
        )
    return root


def whole(element: Attributes, name: str, default: int, what: str) -> int:
    """Attribute ``name`` as a whole number, ``default`` when absent or blank; ``what`` names
    the element in the error."""
    text = element.get(name)
    if text is None or not text.strip():
        return default
    try:
        return int(text.strip())
    except ValueError:
        raise FormatError(f"{what}: {name}={shown(text)} is not a whole number") from None


def collapse(text: str | None) -> str:
    """The text with its runs of blanks made single spaces."""
    return " ".join((text or "").split())


def flag(text: str | None, default: bool) -> bool:
    """An OpenGotha boolean (``true``/``false``), ``default`` when absent or blank."""
    if text is None or not text.strip():
        return default
    return text.strip().lower() == "true"


def attributes(parent: ET.Element | None, path: str) -> dict[str, str]:
    """The attributes of the element at ``path`` under ``parent`` (none when it is missing)."""
    if parent is None:
        return {}
    found = parent.find(path)
    return dict(found.attrib) if found is not None else {}


def in_order(attrs: Mapping[str, str]) -> dict[str, str]:
    """Attributes in alphabetical order, as OpenGotha writes them."""
    return dict(sorted(attrs.items()))


def document(root: ET.Element) -> str:
    """The text of a tournament file: one element a line, OpenGotha's XML declaration."""
    body = ET.tostring(root, encoding="unicode", short_empty_elements=True)
    body = re.sub(r">(<[A-Za-z/])", lambda m: ">\n" + m.group(1), body).replace(" />", "/>")
    return '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + body + "\n"
