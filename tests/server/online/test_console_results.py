"""The referee console's provisional results: accepted without korgool counts in an event that
records them (the final result needs them, and the event does not finish on a provisional one),
refusals shown in the game's form on the console, and a result entered meanwhile by another
referee with the one click that applies the console's over it."""

from __future__ import annotations

import re

import pytest

from arbiter.server.services import events, results
from arbiter.server.services.errors import Invalid
from tests.server.online.conftest import make_cup
from tests.server.online.test_pages import browser, csrf
from tests.server.play.conftest import LiveServer


def test_provisional_results_in_an_event_that_records_korgools(live: LiveServer) -> None:
    cup = make_cup(live, names=("Asanov Bakyt", "Bekova Aida"), settings={"korgools": "required"})
    referee = browser(live, "ref")
    console = referee.get(f"/events/{cup.id}/rounds/1/console").text
    assert "This event records korgools" in console
    assert 'value="1/2-1/2"' in console  # the default needs no counts
    path = f"/events/{cup.id}/rounds/1/console/provisional"
    r = referee.post(path, data={"csrf_token": csrf(referee), "table": "1", "result": "1/2-1/2"})
    assert r.status_code == 303 and r.headers["location"].endswith("console?done=provisional")
    state = events.get_event(live.rt, cup.organiser.user, cup.id)
    game = state.event.game_at(1, 1, None)
    assert str(game.result) == "1/2-1/2?"
    assert events.progress(state)[1] is False  # not finished on a provisional result
    # the final result that replaces it needs the counts
    version = state.games[(1, 1, None)].version
    with pytest.raises(Invalid, match="korgools=required"):
        results.record_result(
            live.rt, cup.referee.user, cup.id, 1, 1, None, "1/2-1/2", version=version
        )
    results.record_result(
        live.rt, cup.referee.user, cup.id, 1, 1, None, "1/2(81)-1/2(81)", version=version
    )
    state = events.get_event(live.rt, cup.organiser.user, cup.id)
    assert events.progress(state)[1] is True


def test_a_refused_provisional_result_stays_on_the_console(live: LiveServer) -> None:
    cup = make_cup(live)
    referee = browser(live, "ref")
    path = f"/events/{cup.id}/rounds/1/console/provisional"
    r = referee.post(path, data={"csrf_token": csrf(referee), "table": "2", "result": "2-0"})
    assert r.status_code == 422
    assert "<h2>Referee console" in r.text  # the console itself, not a page of the refusal
    form = r.text.split('id="prov-t2"')[1].split("</form>")[0]
    assert 'value="2-0"' in form and 'aria-invalid="true"' in form
    assert "is not a Toguz Korgool result" in form and "Apply mine over it" not in form
    assert "Apply mine over it" not in r.text  # the other games' forms are untouched


def test_a_result_entered_meanwhile_is_shown_with_one_click_to_apply_over_it(
    live: LiveServer,
) -> None:
    cup = make_cup(live)
    referee = browser(live, "ref")
    path = f"/events/{cup.id}/rounds/1/console/provisional"
    # the organiser enters table 1's result while the referee's console still offers it
    results.record_result(live.rt, cup.organiser.user, cup.id, 1, 1, None, "1(90)-0(50)")
    r = referee.post(path, data={"csrf_token": csrf(referee), "table": "1", "result": "1/2-1/2"})
    assert r.status_code == 409
    form = r.text.split('id="prov-t1"')[1].split("</form>")[0]
    assert "it is now 1(90)-0(50), entered by org at" in form
    assert 'value="1/2-1/2"' in form and 'name="apply"' in form
    version = re.search(r'name="version" value="(\d+)"', form)
    assert version
    applied = referee.post(
        path,
        data={
            "csrf_token": csrf(referee),
            "table": "1",
            "result": "1/2-1/2",
            "version": version.group(1),
            "apply": "yes",
        },
    )
    assert applied.status_code == 303
    state = events.get_event(live.rt, cup.organiser.user, cup.id)
    assert str(state.event.game_at(1, 1, None).result) == "1/2-1/2?"


def test_a_refused_protest_decision_stays_on_the_page_it_came_from(live: LiveServer) -> None:
    cup = make_cup(live, names=("Asanov Bakyt", "Bekova Aida"))
    p1, referee = browser(live, "p1"), browser(live, "ref")
    protests = f"/events/{cup.id}/rounds/1/games/1/protests"
    filed = p1.post(
        f"/events/{cup.id}/protests",
        data={
            "csrf_token": csrf(p1),
            "round": "1",
            "table": "1",
            "text": "Noise.",
            "next": protests,
        },
    )
    assert filed.status_code == 303
    pid = re.search(r'id="protest-(\d+)"', referee.get(protests).text)
    assert pid
    decision = f"/events/{cup.id}/protests/{pid.group(1)}/decision"
    console = f"/events/{cup.id}/rounds/1/console"
    first = {
        "csrf_token": csrf(referee),
        "upheld": "no",
        "text": "No noise heard.",
        "next": console,
    }
    assert referee.post(decision, data=first).status_code == 303
    # a second decision from a console loaded before the first: refused on the console
    again = referee.post(decision, data={**first, "csrf_token": csrf(referee), "upheld": "yes"})
    assert again.status_code == 409
    assert "<h2>Referee console" in again.text
    assert f"protest {pid.group(1)} is decided already (rejected)" in again.text
    assert 'id="page-error"' in again.text
    # an empty decision from the game's protests page: refused there
    empty = referee.post(
        decision, data={**first, "csrf_token": csrf(referee), "text": " ", "next": protests}
    )
    assert empty.status_code == 422
    assert 'id="page-error"' in empty.text and "Noise." in empty.text
    # and from the room (a protest's form whose page is not named): the room, with the message
    room = referee.post(decision, data={**first, "csrf_token": csrf(referee), "next": "//x"})
    assert room.status_code == 409 and 'id="page-error"' in room.text
    assert f'href="/events/{cup.id}/room' in room.text


def test_a_refused_round_opening_stays_in_the_game_room(live: LiveServer) -> None:
    cup = make_cup(live)
    referee = browser(live, "ref")
    r = referee.post(
        f"/events/{cup.id}/room/open",
        data={"csrf_token": csrf(referee), "round": "1", "start_in": "soon", "tz": "0"},
    )
    assert r.status_code == 422
    assert 'id="page-error"' in r.text and "Give the minutes until the start." in r.text
    assert f'action="/events/{cup.id}/room/open"' in r.text  # the room's form, to try again
