"""The referees' notes of a match (issue 15) and the records that carry them: the JSON game
record, the federation's notation and its printed protocol (Toguz Korgool), SGF comments (Go),
and the printed round protocol."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.events.event import Event
from arbiter.games.toguz import Position
from arbiter.match import (
    ACTION_TYPES,
    AddTime,
    Adjudicate,
    Excuse,
    Match,
    MatchSettings,
    Move,
    Pause,
    Penalise,
    Resume,
    SetClock,
    SetClocks,
    SetResult,
    Start,
    ToguzConduct,
    Warn,
    replay,
)
from arbiter.match.export import federation_text, json_text, sgf, toguz_record
from arbiter.match.notes import NOTE_TEXTS, referee_notes
from arbiter.records.game_json import read_json, write_json
from arbiter.records.sgf import read_sgf
from arbiter.records.toguz_record import RecordError, record_from_moves
from arbiter.records.toguz_text import read_games, write_federation
from arbiter.reports.event_reports import round_protocol_html
from arbiter.reports.toguz_protocol import protocol_html

from .helpers import BLACK, REF, WHITE


def toguz_with_referee() -> Match:
    m = Match.new(MatchSettings.toguz("10m", white="Asanov", black="Bekova"))
    m = m.apply(Excuse("black"), 0, REF)  # before the first move
    m = m.apply(Start(), 1, REF)
    m = m.apply(Move(7), 10, WHITE)
    m = m.apply(Warn("black", "phone rang"), 12, REF)
    m = m.apply(Move(8), 20, BLACK)
    m = m.apply(Pause("noise in the hall"), 25, REF)
    m = m.apply(AddTime("white", 120), 26, REF)
    m = m.apply(Resume(), 30, REF)
    m = m.apply(Move(9), 40, WHITE)
    return m.apply(SetResult("1-0", "forfeit"), 50, REF)


def test_every_referee_action_is_a_note_with_the_moves_played_before_it() -> None:
    m = toguz_with_referee()
    notes = referee_notes(m.log, over=m.is_over)
    assert [(n.what, n.ply, n.side) for n in notes] == [
        ("excuse", 0, "black"),
        ("warn", 1, "black"),
        ("pause", 2, None),
        ("add-time", 2, "white"),
        ("resume", 2, None),
        ("set-result", 3, None),
    ]
    assert [str(n.sentence()) for n in notes] == [
        "Late arrival of Black excused",
        "Warning 1 to Black: phone rang",
        "Game paused by the referee: noise in the hall",
        "0:02:00 added to the clock of White",
        "Game resumed by the referee",
        "Result set by the referee: 1-0",
    ]
    # The referee's start of the round is no note; the result set ended the game.
    assert [n.ended for n in notes] == [False] * 5 + [True]
    assert notes[1].to_json()["params"] == {"number": 1, "side": "black"}
    assert json.loads(json.dumps([n.to_json() for n in notes]))[1]["text"] == (
        "Warning 1 to Black: phone rang"
    )


def test_a_second_go_warning_loses_and_the_note_says_why() -> None:
    """Seed 002 3.18.2: «сделать предупреждение виновной стороне, внеся это в протокол тура, а
    второе предупреждение в течение одной партии влечет поражение по регламенту» — warn the
    guilty side, entering it in the round protocol; a second warning in one game loses it by
    forfeit."""
    m = Match.new(MatchSettings.go("60m", size=9)).apply(Start(), 0, REF)
    m = m.apply(Move("E5"), 5, BLACK)
    m = m.apply(Penalise("white", 2, "talking"), 6, REF)
    m = m.apply(Warn("white", "talking"), 7, REF)
    m = m.apply(Move("C3"), 9, WHITE)
    m = m.apply(SetClock("black", 600), 10, REF)
    m = m.apply(SetClocks(black=900, white=1200), 11, REF)
    m = m.apply(Warn("white", "phone"), 12, REF)
    notes = referee_notes(m.log, over=m.is_over)
    assert str(m.result) == "B+F" and m.result is not None
    last = notes[-1]
    assert last.ended and str(last.sentence()) == "Warning 2 to White: phone"
    assert str(notes[0].sentence()) == "Penalty to White: 2 points: talking"
    assert str(notes[2].sentence()) == "Clock of Black set to 0:10:00"
    assert str(notes[3].sentence()) == "Clocks set: Black 0:15:00, White 0:20:00"
    # SGF: each note a comment of the move it followed (penalties are SGF's own).
    record = read_sgf(sgf(m))
    first, second = record.moves
    assert "Warning 1 to White: talking" in first.comment
    assert "Penalty to White" not in first.comment
    assert "Clock of Black set to 0:10:00" in second.comment
    assert "Warning 2 to White: phone" in second.comment
    assert record.penalties and record.penalties[0].points == 2


def test_the_toguz_records_carry_the_notes() -> None:
    m = toguz_with_referee()
    record = toguz_record(m)
    assert record.notes[0] == (0, "Late arrival of Black excused")
    assert record.notes[1] == (1, "Warning 1 to Black: phone rang")
    # JSON: a list of notes, read back equal; the clocks stay with the moves.
    text = json_text(m)
    doc = json.loads(text)
    assert doc["notes"][1] == {"ply": 1, "text": "Warning 1 to Black: phone rang"}
    assert all("clock" in move for move in doc["moves"])
    assert read_json(text).notes == record.notes
    # The federation's notation: comments after the moves they followed, the one before the
    # first move at the start; the text reads back as one game.
    notation = federation_text(m)
    moves = notation.split("\n\n", 1)[1]
    assert moves.startswith("{Late arrival of Black excused} 1. 76")
    assert "{Warning 1 to Black: phone rang} 87" in moves.replace("\n", " ")
    (again,) = read_games(notation)
    assert again.notes == ((0, "Late arrival of Black excused"),)
    assert "Warning 1 to Black: phone rang" in (again.moves[0].comment or "")
    # The printed protocol lists them, each after its move.
    html = protocol_html(record)
    assert "Referee&#39;s notes" in html or "Referee's notes" in html
    assert "Before the first move" in html and "1. White" in html
    assert "Warning 1 to Black: phone rang" in html


def test_a_json_record_with_a_note_after_its_last_move_is_refused() -> None:
    doc = json.loads(write_json(record_from_moves(Position.initial(), [7])))
    doc["notes"] = [{"ply": 2, "text": "too late"}]
    with pytest.raises(RecordError, match="ply"):
        read_json(json.dumps(doc))


def test_a_brace_in_a_note_does_not_end_its_comment() -> None:
    rec = dataclasses.replace(record_from_moves(Position.initial(), [7]), notes=((1, "x } y"),))
    assert "{x ) y}" in write_federation(rec)


def test_adjudication_names_the_winner_or_a_draw() -> None:
    conduct = ToguzConduct(move_cap=1)
    m = Match.new(MatchSettings.toguz("10m", conduct=conduct)).apply(Start(), 0, REF)
    m = m.apply(Move(7), 1, WHITE).apply(Move(8), 2, BLACK)
    won = m.apply(Adjudicate("white"), 3, REF)
    drawn = m.apply(Adjudicate(None), 3, REF)
    assert str(referee_notes(won.log, over=True)[-1].sentence()) == "Adjudicated: White wins"
    assert str(referee_notes(drawn.log, over=True)[-1].sentence()) == "Adjudicated: a draw"


def test_every_referee_action_but_the_start_has_a_text() -> None:
    referees = {name for name, cls in ACTION_TYPES.items() if cls.referee} - {"start"}
    assert referees <= set(NOTE_TEXTS)
    # The other texts are variants of an action's (``adjudicate-draw``).
    variants = set(NOTE_TEXTS) - referees
    assert "adjudicate-draw" in variants
    assert all(any(v.startswith(f"{r}-") for r in referees) for v in variants), variants


REFEREE_ACTIONS = st.sampled_from(["warn", "add-time", "pause-resume", "set-clock"])


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 9), REFEREE_ACTIONS), min_size=1, max_size=30))
def test_a_note_counts_the_moves_the_game_had_when_it_came(
    plan: list[tuple[int, str]],
) -> None:
    """Property: each note's ``ply`` is the number of moves of the match as it stood when the
    referee acted (replayed up to that entry), and replaying the log gives the same notes."""
    m = Match.new(MatchSettings.toguz("60m")).apply(Start(), 0, REF)
    t = 1.0
    for pit, what in plan:
        side = m.to_move
        if side is None:
            break
        legal = [p for p in range(1, 10) if m.board.position.is_legal(p)]
        if not legal:
            break
        m = m.apply(Move(legal[pit % len(legal)]), t, WHITE if side == "white" else BLACK)
        t += 1
        if m.is_over:
            break
        if what == "warn":
            m = m.apply(Warn(side, "r"), t, REF)
        elif what == "add-time":
            m = m.apply(AddTime(side, 5), t, REF)
        elif what == "set-clock":
            m = m.apply(SetClock(side, 1200), t, REF)
        else:
            m = m.apply(Pause(), t, REF).apply(Resume(), t + 0.5, REF)
        t += 1
    notes = referee_notes(m.log, over=m.is_over)
    for note in notes:
        before = replay(m.settings, m.log[: note.seq])
        assert note.ply == before.ply
    assert referee_notes(replay(m.settings, m.log).log) == referee_notes(m.log)


def test_the_round_protocol_has_the_games_notes_in_the_readers_language() -> None:
    """Seed 002 3.18.2: a warning is entered in the round protocol («внеся это в протокол
    тура»)."""
    event = Event.create(game="toguz", system="round-robin", name="Cup")
    for name in ("Asanov Bakyt", "Bekova Aida"):
        event, _player = event.add_player(name=name)
    event = event.pair_next_round()
    game = event.round(1).games[0]
    m = toguz_with_referee()
    notes = {(game.table, game.board): referee_notes(m.log, over=True)}
    html = round_protocol_html(event, 1, "en", notes)
    warned = event.name_of(game.black)
    assert f"{warned} ({game.black}): phone rang (in the game, after move 1)" in html
    assert "Referees&#39; decisions in the games" in html or "Referees' decisions" in html
    assert "0:02:00 added to the clock of White" in html
    assert "None" in html.split("Penalties")[1]  # no event penalty
    russian = round_protocol_html(event, 1, "ru", notes)
    assert "Решения судей в партиях" in russian
    assert "после хода 1: Предупреждение 1: Чёрные: phone rang" in russian
