"""Protests at the levels of seed 002 3.6–3.10: the referee, the chief referee, the appeals
committee the event names (2.3), and the game played on «под протестом» (3.10), through the API,
the forms and the round protocol.

3.6: «Рассмотрение протестов … имеет следующие уровни: 3.6.1. судья, … 3.6.4. главный судья,
3.6.5. Комитет» — protests are considered at these levels: the referee, the chief referee, the
committee. 3.7: «При несогласии одной из заинтересованных сторон с решением судьи обсуждение
ситуации может быть перенесено на более высокий уровень» — a side that disagrees with the
referee's decision takes it to a higher level.
"""

from __future__ import annotations

import re

import pytest

from arbiter.server.services import results, roles
from arbiter.server.services.errors import Conflict, Forbidden
from tests.server.online.conftest import Cup, Person, make_cup, person
from tests.server.online.test_pages import browser, csrf
from tests.server.play.conftest import LiveServer

TEXT = "My opponent touched a second stone and took it back."


def staffed(live: LiveServer, members: int = 3) -> tuple[Cup, Person, list[Person]]:
    """A cup with a chief referee and ``members`` appeals committee members (People roles)."""
    cup = make_cup(live, game="go", names=("Asanov Bakyt", "Bekova Aida"))
    chief = person(live, "chief")
    roles.grant_role(live.rt, cup.organiser.user, cup.id, "chief", "chief-referee")
    committee = []
    for i in range(members):
        member = person(live, f"member{i + 1}")
        roles.grant_role(live.rt, cup.organiser.user, cup.id, member.username, "committee")
        committee.append(member)
    return cup, chief, committee


def _api(cup: Cup, who: Person, path: str, **body: object) -> tuple[int, dict[str, object]]:
    r = cup.api("POST", f"/api/events/{cup.id}/protests{path}", who, json=body or None)
    return r.status_code, r.json()


def _file(cup: Cup, who: Person) -> int:
    code, found = _api(cup, who, "", round=1, table=1, text=TEXT)
    assert code == 201, found
    assert isinstance(found["id"], int)
    return found["id"]


def test_the_protest_goes_referee_then_chief_referee_then_the_committee(live: LiveServer) -> None:
    """3.6.1 → 3.6.4 → 3.6.5, each level decided once, each decision kept with who and when;
    3.10: «Если главный судья решил, что спорная игра должна продолжаться, а один из игроков
    по-прежнему протестует, то … он продолжает игру под протестом» — the player goes on under
    protest, and only then the committee takes it."""
    cup, chief, committee = staffed(live)
    black, white = cup.players[1], cup.players[2]
    pid = _file(cup, white)
    decision = {"upheld": False, "text": "Nothing was taken back."}
    code, found = _api(cup, cup.referee, f"/{pid}/decision", **decision)
    assert code == 200 and found["level"] is None and found["decided_by"] == "ref"
    code, found = _api(cup, white, f"/{pid}/appeal", text="The referee did not see it.")
    assert code == 200 and found["level"] == "chief-referee"
    code, found = _api(cup, chief, f"/{pid}/appeal/decision", upheld=False, text="Play on.")
    assert code == 200 and found["appeal_decided_by"] == "chief"
    assert isinstance(found["appeal_decided_at"], float)
    # Without the mark the committee does not take a protest raised during play (3.10).
    code, found = _api(cup, white, f"/{pid}/committee", text="Please look again.")
    assert code == 409 and "under protest" in str(found)
    code, found = _api(cup, black, f"/{pid}/under-protest")
    assert code == 409  # the mark is the protesting player's
    code, found = _api(cup, white, f"/{pid}/under-protest")
    assert code == 200 and found["under_protest"] is True
    code, found = _api(cup, white, f"/{pid}/committee", text="Please look again.")
    assert code == 200 and found["level"] == "committee"
    code, found = _api(cup, committee[1], f"/{pid}/committee/decision", upheld=True, text="Replay.")
    assert code == 200
    assert found["committee_status"] == "upheld" and found["committee_decided_by"] == "member2"
    assert isinstance(found["committee_decided_at"], float) and found["level"] is None
    code, _ = _api(cup, committee[0], f"/{pid}/committee/decision", upheld=False, text="No.")
    assert code == 409  # decided once


def test_each_level_refuses_whoever_does_not_hold_it(live: LiveServer) -> None:
    """3.6: the levels are people: a referee or the organiser is not the chief referee, the
    chief referee is not the committee, a player is none of them."""
    cup, chief, committee = staffed(live)
    white = cup.players[2]
    pid = _file(cup, white)
    ruling = {"upheld": True, "text": "Upheld."}
    assert _api(cup, white, f"/{pid}/decision", **ruling)[0] == 403
    assert _api(cup, committee[0], f"/{pid}/decision", **ruling)[0] == 403
    assert _api(cup, cup.referee, f"/{pid}/decision", **ruling)[0] == 200
    assert _api(cup, white, f"/{pid}/appeal", text="No.")[0] == 200
    for outsider in (cup.referee, cup.organiser, committee[0], white):
        assert _api(cup, outsider, f"/{pid}/appeal/decision", **ruling)[0] == 403
    assert _api(cup, chief, f"/{pid}/appeal/decision", **ruling)[0] == 200
    assert _api(cup, white, f"/{pid}/under-protest")[0] == 200
    assert _api(cup, white, f"/{pid}/committee", text="Again.")[0] == 200
    for outsider in (cup.referee, cup.organiser, chief, white):
        assert _api(cup, outsider, f"/{pid}/committee/decision", **ruling)[0] == 403
    listed = cup.api("GET", f"/api/events/{cup.id}/protests", committee[2]).json()
    assert [p["id"] for p in listed] == [pid]  # the committee reads the protests it decides


def test_a_level_out_of_order_is_refused(live: LiveServer) -> None:
    """3.7, 3.8: a higher level takes a protest only after the level below decided it; the
    committee «если решение главного судьи не оказалось достаточным» — after the chief
    referee's decision."""
    cup, chief, committee = staffed(live)
    white = cup.players[2]
    pid = _file(cup, white)
    ruling = {"upheld": False, "text": "Rejected."}
    assert _api(cup, chief, f"/{pid}/appeal/decision", **ruling)[0] == 409  # no appeal yet
    assert _api(cup, white, f"/{pid}/committee", text="Skip ahead.")[0] == 409
    assert _api(cup, white, f"/{pid}/under-protest")[0] == 409  # the chief has not decided
    assert _api(cup, committee[0], f"/{pid}/committee/decision", **ruling)[0] == 409
    assert _api(cup, cup.referee, f"/{pid}/decision", **ruling)[0] == 200
    assert _api(cup, white, f"/{pid}/committee", text="Skip the chief.")[0] == 409
    shown = cup.api("GET", f"/api/events/{cup.id}/protests", cup.referee).json()[0]
    assert shown["committee_appeal"] is None and shown["under_protest"] is False


def test_a_protest_after_the_game_reaches_the_committee_without_the_mark(
    live: LiveServer,
) -> None:
    """3.10 is about a game that goes on; a protest filed after the result (3.8) reaches the
    committee once the chief referee decided, without a mark."""
    cup, chief, _committee = staffed(live)
    results.record_result(live.rt, cup.referee.user, cup.id, 1, 1, None, "B+R")
    white = cup.players[2]
    pid = _file(cup, white)
    assert _api(cup, cup.referee, f"/{pid}/decision", upheld=False, text="No.")[0] == 200
    assert _api(cup, white, f"/{pid}/appeal", text="Look.")[0] == 200
    assert _api(cup, chief, f"/{pid}/appeal/decision", upheld=False, text="No.")[0] == 200
    assert _api(cup, white, f"/{pid}/under-protest")[0] == 409  # nothing goes on
    assert _api(cup, white, f"/{pid}/committee", text="Look again.")[0] == 200


def test_a_short_committee_is_completed_by_the_organiser(live: LiveServer) -> None:
    """3.8: «Если … в нем окажется менее трех человек, то окончательное решение принимается
    Оргкомитетом совместно с оставшимися членами Комитета» — with fewer than three members the
    organising committee decides with those left: the organiser records it, a member may not
    alone."""
    cup, chief, committee = staffed(live, members=2)
    white = cup.players[2]
    pid = _file(cup, white)
    _api(cup, cup.referee, f"/{pid}/decision", upheld=False, text="No.")
    _api(cup, white, f"/{pid}/appeal", text="Look.")
    _api(cup, chief, f"/{pid}/appeal/decision", upheld=False, text="Play on.")
    _api(cup, white, f"/{pid}/under-protest")
    _api(cup, white, f"/{pid}/committee", text="Look again.")
    ruling = {"upheld": False, "text": "The decision stands."}
    assert _api(cup, committee[0], f"/{pid}/committee/decision", **ruling)[0] == 403
    code, found = _api(cup, cup.organiser, f"/{pid}/committee/decision", **ruling)
    assert code == 200 and found["committee_decided_by"] == "org"


def test_no_player_or_referee_sits_on_the_committee(live: LiveServer) -> None:
    """2.3: «В состав Комитета не могут входить игроки, выступающие на соревновании, а также
    члены судейской коллегии данного соревнования» — no player or referee of the event."""
    cup, _chief, committee = staffed(live, members=1)
    org = cup.organiser.user
    for username in ("p1", "ref", "chief"):
        with pytest.raises(Conflict, match=r"2\.3"):
            roles.grant_role(live.rt, org, cup.id, username, "committee")
    with pytest.raises(Conflict, match=r"2\.3"):
        roles.grant_role(live.rt, org, cup.id, committee[0].username, "referee")
    with pytest.raises(Forbidden):  # the referee may not appoint the committee
        person(live, "someone")
        roles.grant_role(live.rt, cup.referee.user, cup.id, "someone", "committee")


def test_the_mark_and_the_decisions_show_on_the_game_and_in_the_round_protocol(
    live: LiveServer,
) -> None:
    """3.10: «это должно быть отмечено им при заполнении формы, фиксирующей результат партии»
    — the game played on under protest is marked; the protocol keeps each level's decision with
    who took it."""
    cup, chief, _committee = staffed(live)
    white = cup.players[2]
    pid = _file(cup, white)
    _api(cup, cup.referee, f"/{pid}/decision", upheld=False, text="Nothing was taken back.")
    _api(cup, white, f"/{pid}/appeal", text="Look.")
    _api(cup, chief, f"/{pid}/appeal/decision", upheld=False, text="Play on.")
    _api(cup, white, f"/{pid}/under-protest")
    referee = browser(live, "ref")
    protocol = referee.get(f"/events/{cup.id}/rounds/1/protocol").text
    assert "Played on under protest" in protocol and "Table 1" in protocol
    assert "Nothing was taken back." in protocol and "(ref, " in protocol
    assert "Play on." in protocol and "(chief, " in protocol and " UTC)" in protocol
    page = referee.get(f"/events/{cup.id}/rounds/1/games/1/protests").text
    assert "data-under-protest" in page
    # The mark is on the game for everyone; what the protest says stays with its readers.
    visitor = browser(live)
    assert "Played on under protest" in visitor.get(f"/events/{cup.id}/rounds/1/games/1").text
    public = visitor.get(f"/events/{cup.id}/rounds/1/protocol").text
    assert "Played on under protest" in public and TEXT not in public


def test_the_forms_of_the_levels(live: LiveServer) -> None:
    """The forms: the player marks the game and appeals to the committee, a member decides;
    each form refuses another site's page and a missing token, and changes nothing then."""
    cup, chief, _committee = staffed(live)
    white = cup.players[2]
    pid = _file(cup, white)
    _api(cup, cup.referee, f"/{pid}/decision", upheld=False, text="No.")
    _api(cup, white, f"/{pid}/appeal", text="Look.")
    _api(cup, chief, f"/{pid}/appeal/decision", upheld=False, text="Play on.")
    page = f"/events/{cup.id}/rounds/1/games/1/protests"
    p2 = browser(live, "p2")
    shown = p2.get(page).text
    assert "I play on under protest" in shown
    assert "I play on under protest" not in browser(live, "p1").get(page).text  # the opponent
    evil = {"Origin": "http://evil.example"}
    mark = f"/events/{cup.id}/protests/{pid}/under-protest"
    token = csrf(p2, page)
    assert p2.post(mark, data={"csrf_token": token, "next": page}, headers=evil).status_code == 403
    assert p2.post(mark, data={"next": page}).status_code == 403  # no token
    assert "I play on under protest" in p2.get(page).text  # nothing changed
    r = p2.post(mark, data={"csrf_token": token, "next": page})
    assert r.status_code == 303 and r.headers["location"].endswith("done=under-protest")
    shown = p2.get(page).text
    assert "Played on under protest" in shown and "Appeal to the appeals committee" in shown
    appeal = {"csrf_token": csrf(p2, page), "text": "Look again.", "next": page}
    r = p2.post(f"/events/{cup.id}/protests/{pid}/committee", data=appeal)
    assert r.status_code == 303
    member = browser(live, "member1")
    assert f"/protests/{pid}/committee/decision" in member.get(page).text  # the member's form
    assert f"/protests/{pid}/committee/decision" not in p2.get(page).text
    ruling = {"csrf_token": csrf(member, page), "upheld": "yes", "text": "Replay.", "next": page}
    decide = f"/events/{cup.id}/protests/{pid}/committee/decision"
    assert member.post(decide, data=ruling, headers=evil).status_code == 403
    chief_pages = browser(live, "chief")
    refused = chief_pages.post(decide, data={**ruling, "csrf_token": csrf(chief_pages, page)})
    assert refused.status_code == 403 and "appeals committee" in refused.text
    assert member.post(decide, data=ruling).status_code == 303
    final = p2.get(page).text
    assert re.search(r"Appeals committee: <strong>Appeal upheld</strong> \(member1\)", final)
