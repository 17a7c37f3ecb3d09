"""Printed reports from the web pages: the round protocol, standings, crosstable and a game's
protocol (Toguz Korgool) or sheet (Go), as HTML in the reader's language and as PDF."""

from __future__ import annotations

from tests.server.web.conftest import Pages
from tests.server.web.flows import enter
from tests.server.web.test_records import GO_SGF, TOGUZ_TEXT, paired


def test_the_round_standings_and_crosstable_print_in_the_readers_language(
    organiser: Pages,
) -> None:
    eid = paired(organiser, "toguz")
    assert enter(organiser, eid, 1, 1, "1(82)-0(60)").status_code == 303
    round_page = organiser.get(f"/events/{eid}/rounds/1?lang=ky").text
    assert f'href="/events/{eid}/rounds/1/protocol?lang=ky"' in round_page
    protocol = organiser.get(f"/events/{eid}/rounds/1/protocol")  # the cookie says ky
    assert protocol.status_code == 200 and protocol.headers["content-type"].startswith("text/html")
    assert '<html lang="ky"' in protocol.text and "Турдун протоколу" in protocol.text
    assert "1(82)-0(60)" in protocol.text
    for kind, words in (("standings", "Бас төреші"), ("crosstable", "Тегі, аты")):
        page = organiser.get(f"/events/{eid}/{kind}?lang=kk").text
        assert f'href="/events/{eid}/{kind}/print?round=1&amp;lang=kk"' in page
        printed = organiser.get(f"/events/{eid}/{kind}/print?round=1&lang=kk")
        assert printed.status_code == 200 and words in printed.text
    assert organiser.get(f"/events/{eid}/standings/print?round=7").status_code == 422
    assert organiser.get(f"/events/{eid}/rounds/5/protocol").status_code == 404


def test_a_toguz_protocol_from_the_stored_record_and_as_pdf(organiser: Pages) -> None:
    eid = paired(organiser, "toguz")
    game = f"/events/{eid}/rounds/1/games/2"
    organiser.submit(f"{game}/record", {"content": TOGUZ_TEXT})
    assert f'href="{game}/protocol?lang=ru"' in organiser.get(f"{game}?lang=ru").text
    html = organiser.get(f"{game}/protocol?lang=ru").text
    assert "Протокол партии в тогуз коргоол" in html
    # The header takes the event's players (the record said Asanov and Bekova).
    assert "Asanov" not in html and "<td>76</td>" in html
    pdf = organiser.get(f"{game}/protocol?format=pdf")
    assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf"
    assert pdf.content.startswith(b"%PDF") and "attachment" in pdf.headers["content-disposition"]
    # A game without a record prints its header and result alone.
    bare = organiser.get(f"/events/{eid}/rounds/1/games/1/protocol?lang=mn")
    assert bare.status_code == 200 and "Тогуз коргоол тоглолтын тэмдэглэл" in bare.text


def test_a_go_game_sheet(organiser: Pages) -> None:
    eid = paired(organiser, "go")
    game = f"/events/{eid}/rounds/1/games/1"
    organiser.submit(f"{game}/record", {"content": GO_SGF})
    sheet = organiser.get(f"{game}/protocol?lang=en")
    assert sheet.status_code == 200 and "Go game record" in sheet.text and ">Q3<" in sheet.text
    bare = organiser.get(f"/events/{eid}/rounds/1/games/2/protocol?lang=ru")
    assert bare.status_code == 200 and "Запись партии в го" in bare.text
