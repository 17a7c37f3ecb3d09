"""Every catalogue uses the glossary's word for the sport's terms (src/arbiter/locales/
glossary.csv; the rules are in tools/glossary.py), but where a comment marks an exception."""

from __future__ import annotations

import pytest
from babel.messages.catalog import Message
from tools import glossary

TERMS = glossary.load()


@pytest.mark.parametrize("lang", glossary.LANGUAGES)
def test_the_catalogue_follows_the_glossary(lang: str) -> None:
    problems = glossary.check(glossary.read_catalogue(lang), lang, TERMS)
    hint = "(a deliberate one: a '# glossary-exception: TERM — why' comment on it)"
    assert not problems, "\n".join([*map(str, problems[:10]), hint])


def test_every_row_has_every_language() -> None:
    english = [t.english for t in TERMS]
    assert len(set(english)) == len(english), "a term is in the glossary twice"
    for term in TERMS:
        assert term.english and all(term.words[lang] for lang in glossary.LANGUAGES), term


def problems(msgid: str, msgstr: str, lang: str = "ru", *comments: str) -> list[str]:
    message = Message(msgid, msgstr, user_comments=list(comments))
    return [p.what for p in glossary.check_message(message, lang, TERMS)]


def test_english_terms_are_whole_words_and_plurals() -> None:
    tuz = glossary.english_pattern("tuz")
    assert tuz.search("two tuzes") and tuz.search("Tuz of White")
    assert not tuz.search("--tuz 3") and not tuz.search("set_tuz")
    go = glossary.english_pattern("Go")
    assert go.search("a Go rating") and go.search("Gos")
    assert not go.search("go on") and not go.search("Goes on")


def test_words_are_found_with_their_endings() -> None:
    assert glossary.word_pattern("лун|ка").search("5 лунок")
    assert glossary.word_pattern("құмала|қ").search("3 құмалағы бар")
    assert glossary.word_pattern("итогов|ая таблиц|а").search("В итоговой таблице")
    assert not glossary.word_pattern("казан").search("показано")  # not inside a word


def test_a_translation_without_the_word_is_reported() -> None:
    assert problems("the kazan of White", "казан белых") == []
    assert problems("the kazan of White", "копилка белых") == ["the glossary's word is 'казан'"]


def test_the_longer_term_counts() -> None:
    # "Toguz Korgool" is тоғызқұмалақ in Kazakh: its "Korgool" is not also held to құмалақ.
    assert problems("Toguz Korgool rules", "тоғызқұмалақ ережелері", "kk") == []
    assert problems("Pair Go", "Хос тоглолт", "mn") == []


def test_an_english_term_kept_as_it_is_is_accepted() -> None:
    assert problems("write komi=6.5", "пишите komi=6.5") == []


def test_exceptions() -> None:
    marked = "glossary-exception: round — said as 'no pairing yet'"
    assert problems("No round is paired yet.", "Жеребьёвки ещё не было.", "ru", marked) == []
    assert problems("The round is paired.", "Тур сыгран.", "ru", marked) == ["a needless exception"]
    assert problems("No pairing yet.", "Нет.", "ru", "glossary-exception: roudn") == [
        "an exception for no term of the glossary"
    ]
