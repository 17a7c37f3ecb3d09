"""Names folded for comparison and likely duplicates: the spellings of one name agree, the
folding is idempotent and blind to order, case, punctuation and script; different people stay
apart."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter.events.duplicates import (
    DuplicateIndex,
    duplicates_among,
    likely_duplicates,
    same_person,
)
from arbiter.events.names import CYRILLIC, fold_name, fold_word, name_words
from arbiter.events.participants import Player

SAME = [
    ("Asanov, Bakyt", "Asanov Bakyt"),
    ("Asanov, Bakyt", "ASANOV Bakyt"),
    ("Asanov Bakyt", "Bakyt Asanov"),
    ("Асанов Бакыт", "Asanov Bakyt"),
    ("АСАНОВ, бакыт", "asanov bakit"),
    ("Жумабеков Ерлан", "Zhumabekov Yerlan"),
    ("Жумабеков Ерлан", "Dzhumabekov Erlan"),
    ("Назарбаев Нурсултан", "Nazarbayev Nursultan"),
    ("Энхбаяр Батболд", "Enkhbayar Batbold"),
    ("Enkhbayar Batbold", "Enhbayar Batbold"),
    ("Қасымов Ғалым", "Kasymov Galym"),
    ("Қасымов Ғалым", "Qasymov Ghalym"),
    ("Өмүрбеков Үсөн", "Ömürbekov Üsön"),
    ("Өмүрбеков Үсөн", "Omurbekov Uson"),
    ("Әлихан Нұрлан", "Alikhan Nurlan"),
    ("Ибраимова Айгүл", "Ibraimova Aigul"),
    ("Ибраимова Айгүл", "Ibraimova Aygül"),
    ("Юлия Ким", "Kim Yuliya"),
    ("Müller, Jürgen", "MULLER Jurgen"),
    ("Łukasz Żółw", "Lukasz Zolw"),
    ("O'Neil Shane", "ONeil Shane"),
    ("Smith-Jones  Anna", "Smith Jones, Anna"),
    ("Цэцэг Болд", "Tsetseg Bold"),
]

DIFFERENT = [
    ("Asanov Bakyt", "Asanova Bakyt"),
    ("Asanov Bakyt", "Asanov Bolot"),
    ("Kim Ji", "Kim Jun"),
    ("Lee Chang", "Li Chang"),
    ("이창호", "이세돌"),
    ("Player11 Given11", "Player1 Given1"),  # numbers are not spellings
]


@pytest.mark.parametrize(("a", "b"), SAME)
def test_the_spellings_of_one_name_fold_alike(a: str, b: str) -> None:
    assert fold_name(a) == fold_name(b)


@pytest.mark.parametrize(("a", "b"), DIFFERENT)
def test_different_names_stay_apart(a: str, b: str) -> None:
    assert fold_name(a) != fold_name(b)


def test_every_cyrillic_letter_of_the_table_becomes_latin() -> None:
    kyrgyz_kazakh_mongolian = "өүңәғқұһі"
    assert set(kyrgyz_kazakh_mongolian) <= set(CYRILLIC)
    for letter in CYRILLIC:
        assert fold_name(f"x{letter}x").isascii(), letter
    # the capitals fold as the small letters do
    assert fold_name("ӨҮҢӘҒҚҰҺІ") == fold_name("өүңәғқұһі")


def test_names_of_other_scripts_are_kept_not_dropped() -> None:
    # a name with no Latin or Cyrillic letter must not fold to nothing (it would then match
    # every other such name)
    assert fold_name("이창호") and fold_name("李昌镐")
    assert fold_name(",,, --") == ""


names = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=40)
words = st.lists(
    st.text(
        alphabet="абвгдежзийклмнопрстуфхцчшщъыьэюяөүңәғқұһіabcdefghijklmnopqrstuvwxyz",
        min_size=1,
        max_size=12,
    ),
    min_size=1,
    max_size=5,
)


@given(names)
def test_folding_is_idempotent(name: str) -> None:
    once = fold_name(name)
    assert fold_name(once) == once
    assert name_words(once) == name_words(name)


@given(words, st.randoms(use_true_random=False))
def test_folding_ignores_word_order_case_and_punctuation(parts: list[str], rnd: object) -> None:
    shuffled = list(parts)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    assert fold_name(" ".join(parts)) == fold_name(" ".join(shuffled))
    assert fold_name(" ".join(parts)) == fold_name(", ".join(p.upper() for p in parts))
    assert fold_name(" ".join(parts)) == fold_name(" - ".join(p.title() for p in parts) + ".")


@given(names)
def test_the_fold_is_lower_case_words_separated_by_one_space(name: str) -> None:
    folded = fold_name(name)
    assert folded == folded.casefold().strip()
    assert "  " not in folded
    assert all(w.isalnum() for w in folded.split())


@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz", max_size=20))
def test_a_skeleton_is_its_own_skeleton(word: str) -> None:
    assert fold_word(fold_word(word)) == fold_word(word)


def test_likely_duplicates_need_the_names_and_nothing_telling_them_apart() -> None:
    known = [
        Player(1, "Asanov", "Bakyt", born=date(2001, 4, 2)),
        Player(2, "Kim", "Ji", gender="f"),
        Player(3, "Lee", "Chang", ids=(("egf", "111"),)),
    ]
    assert [p.no for p in likely_duplicates(known, Player(0, "Асанов", "Бакыт"))] == [1]
    # a different date of birth, gender or rating-list id: two people of one name
    assert likely_duplicates(known, Player(0, "Asanov", "Bakyt", born=date(1990, 1, 1))) == []
    assert likely_duplicates(known, Player(0, "Kim", "Ji", gender="m")) == []
    assert likely_duplicates(known, Player(0, "Lee", "Chang", ids=(("egf", "222"),))) == []
    # the same id: one person whatever the spelling
    assert [
        p.no for p in likely_duplicates(known, Player(0, "Yi", "C", ids=(("egf", "111"),)))
    ] == [3]
    # a patronymic more
    longer = Player(0, "Asanov", "Bakyt Ermekovich")
    assert [p.no for p in likely_duplicates(known, longer)] == [1]
    assert same_person(longer, known[0]) and same_person(known[0], longer)


@given(
    st.lists(
        st.sampled_from(
            [n for pair in SAME for n in pair] + [d for pair in DIFFERENT for d in pair]
        ),
        max_size=30,
    )
)
def test_the_index_finds_what_the_one_off_question_finds(spellings: list[str]) -> None:
    players = []
    for i, text in enumerate(spellings, start=1):
        surname, _, given_name = text.replace(",", " ").partition(" ")
        players.append(Player(i, surname, given_name.strip()))
    index = DuplicateIndex()
    for p in players:
        expected = likely_duplicates([q for q in players if q.no < p.no], p)
        assert [q.no for q in index.find(p)] == [q.no for q in expected]
        index.add(p)
    found = duplicates_among([], players)
    assert [(d.new.no, d.candidate.no) for d in found] == [
        (p.no, index_first.no)
        for p in players
        if (
            index_first := next(
                iter(likely_duplicates([q for q in players if q.no < p.no], p)), None
            )
        )
    ]
