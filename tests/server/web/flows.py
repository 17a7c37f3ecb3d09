"""Building events through the pages, as an organiser's browser would without JavaScript."""

from __future__ import annotations

import re
from typing import Any

from tests.server.web.conftest import Pages

GO_CSV = (
    "name,rank,club,city,country\n"
    "Lee Chang,5d,Seoul Baduk,Seoul,KR\n"
    "Batbayar Enkh,3d,UB Go,Ulaanbaatar,MN\n"
    "Ivanov Sergei,1d,Moscow Go,Moscow,RU\n"
    "Kim Ji,1k,Almaty Go,Almaty,KZ\n"
    "Abdraimov Timur,3k,Bishkek Go,Bishkek,KG\n"
    "Petrova Anna,5k,Moscow Go,Moscow,RU\n"
)
TOGUZ_CSV = (
    "name,rating,title,city,country\n"
    "Asanov Bakyt,1850,МС,Bishkek,KG\n"
    "Tokotaev Nurlan,1790,КМС,Naryn,KG\n"
    "Bekova Aida,1720,КМС,Osh,KG\n"
    "Seitkali Daulet,1700,I,Almaty,KZ\n"
    "Chynybaev Daniyar,1650,I,Talas,KG\n"
    "Omarov Ruslan,1400,,Turkistan,KZ\n"
)


def event_id(response: Any) -> int:
    """The event a redirect goes to."""
    found = re.search(r"/events/(\d+)", response.headers["location"])
    assert found, response.headers.get("location")
    return int(found.group(1))


def create_event(pages: Pages, game: str, system: str, **fields: str) -> int:
    """Create an event through the form; its id."""
    data = {"name": "Test Cup", "game": game, "system": system, "discipline": "individual"}
    data.update(fields)
    r = pages.submit("/events/new", data)
    assert r.status_code == 303, r.text
    return event_id(r)


def import_csv(pages: Pages, eid: int, text: str) -> Any:
    """Register the players of a CSV file through the import form."""
    return pages.submit(
        f"/events/{eid}/participants/import",
        {"format": "csv"},
        files={"file": ("players.csv", text.encode("utf-8"), "text/csv")},
    )


def pair(pages: Pages, eid: int, number: int) -> Any:
    """Press "Pair round N"."""
    return pages.submit(f"/events/{eid}/rounds", {"round": str(number)})


def enter(pages: Pages, eid: int, number: int, table: int, result: str, **extra: str) -> Any:
    """Enter a result through the round page's form."""
    return pages.submit(
        f"/events/{eid}/rounds/{number}/games/{table}/result", {"result": result, **extra}
    )


def tables(html: str) -> list[int]:
    """The tables of a round page's result forms."""
    return [int(t) for t in re.findall(r"/games/(\d+)/result", html)]
