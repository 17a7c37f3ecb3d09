"""The federations' rating lists: every line of the real files reads, the counts are the
files', known players field by field, generated lines round-trip, and a broken line refuses
the file naming the line."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter.errors import ArbiterError
from arbiter.events.formats.errors import FormatError
from arbiter.events.formats.rating_lists import (
    ListedPlayer,
    entry_rating,
    fold_words,
    read_aga,
    read_egf,
    read_ffg,
    read_rating_list,
    search_key,
)
from arbiter.events.formats.rating_lists.scales import aga_rank, egf_scale, ffg_rank
from arbiter.games.go.rank import Rank
from arbiter.i18n import error_text, language
from tests.conftest import DATA

RATINGS = DATA / "ratings"


def data(name: str) -> bytes:
    path = RATINGS / name
    if not path.exists():
        pytest.skip(f"{path} is not here (../shared/data)")
    return path.read_bytes()


def lines_of(name: str, encoding: str) -> list[str]:
    return data(name).decode(encoding).replace("\r\n", "\n").split("\n")


# -- the real files -----------------------------------------------------------------------------


def test_the_egf_sample_reads_whole() -> None:
    listed = read_egf(data("egf_allworld_sample.html"))
    players = [
        line for line in lines_of("egf_allworld_sample.html", "ascii") if line[1:9].isdigit()
    ]
    assert len(listed) == len(players) == 36
    assert listed.published is not None and listed.published.isoformat() == "2018-11-29"
    assert [p.id for p in listed.players] == [line[1:9] for line in players]
    aaij = next(p for p in listed.players if p.id == "10537560")
    assert (aaij.surname, aaij.given, aaij.country, aaij.club) == ("Aaij", "Rene", "NL", "Gron")
    assert (aaij.rank, aaij.rating) == (Rank.parse("4d"), 2388)
    assert dict(aaij.extra) == {"tournaments": "97", "last": "T180602E"}
    # "_" is a space inside a name; the EGD's marks of "not known" are empty
    barbara = next(p for p in listed.players if p.id == "16825589")
    assert (barbara.surname, barbara.given, barbara.rank) == ("Aarle", "Barbara van", Rank(-17))
    unknown = next(p for p in listed.players if p.id == "16749645")
    assert (unknown.country, unknown.club) == ("", "")
    # a suggested promotion is kept; a last appearance without its letter too
    jukka = next(p for p in listed.players if p.id == "15650261")
    assert dict(jukka.extra)["promotion"] == "19k"
    ari = next(p for p in listed.players if p.id == "12949827")
    assert dict(ari.extra)["last"] == "G061014"
    # a surname alone
    abramov = next(p for p in listed.players if p.id == "10825089")
    assert (abramov.surname, abramov.given, abramov.rank) == ("Abramov", "", Rank(-11))


def test_the_ffg_echelle_reads_whole() -> None:
    text = lines_of("ffg_ech_V3.txt", "iso-8859-1")
    listed = read_ffg(data("ffg_ech_V3.txt"))
    players = [line for line in text if line and not line.startswith("#")]
    assert len(listed) == len(players) == 12511
    assert listed.published is not None and listed.published.isoformat() == "2021-01-11"
    # every line's licence, club and rating, as the columns hold them
    for line, p in zip(players, listed.players, strict=True):
        licence, club, rating = line[46:53], line[54:58].strip(), int(line[38:43])
        assert p.id == ("" if licence == "-------" else licence)
        assert p.club == ("" if club == "xxxx" else club)
        assert p.rating == (None if rating == -9999 else rating)
        assert p.rank == ffg_rank(rating)
    abadie = next(p for p in listed.players if p.id == "0452000")
    assert (abadie.surname, abadie.given, abadie.club, abadie.country) == (
        "ABADIE",
        "Yves",
        "31To",
        "FR",
    )
    assert (abadie.rating, abadie.rank, entry_rating("ffg", abadie.rating)) == (
        -1500,
        Rank.parse("15k"),
        550,
    )
    rene = listed.players[0]
    assert (rene.surname, rene.given, rene.id, rene.rank, rene.country) == (
        "AAIJ",
        "René",
        "",
        Rank.parse("3d"),
        "NL",
    )
    assert dict(rene.extra) == {"status": "e"}
    unrated = next(p for p in listed.players if p.surname == "ABAT")
    assert (unrated.rating, unrated.rank) == (None, None)
    assert any(p.surname == "AÏT ALI" for p in listed.players)  # "_" is a space


def test_the_aga_tdlista_reads_whole() -> None:
    text = [line for line in lines_of("aga_tdlista.txt", "utf-8") if line.strip()]
    listed = read_aga(data("aga_tdlista.txt"))
    assert len(listed) == len(text) == 22410 and listed.published is None
    assert [p.id for p in listed.players] == [line.split("\t")[1] for line in text]
    aal = listed.players[0]
    assert (aal.surname, aal.given, aal.id, aal.club, aal.country) == (
        "Aal",
        "Zachary",
        "15648",
        "LIGC",
        "US",
    )
    assert (aal.rating, aal.rank, entry_rating("aga", aal.rating)) == (-2006, Rank(-20), 144)
    assert dict(aal.extra)["rating"] == "-20.05711" and dict(aal.extra)["state"] == "NY"
    yokito = next(p for p in listed.players if p.id == "16769")
    assert (yokito.name, yokito.rank, entry_rating("aga", yokito.rating)) == (
        "Abe Yokito",
        Rank.parse("2d"),
        2231,
    )
    unrated = next(p for p in listed.players if p.id == "7206")
    assert (unrated.name, unrated.rating, unrated.rank) == ("Aaron William C.", None, None)
    # no comma: the first word is the surname; a foreign member has no country
    brody = next(p for p in listed.players if p.id == "22626")
    assert (brody.surname, brody.given) == ("Brody", "Michael Morris")
    foreign = [p for p in listed.players if dict(p.extra).get("membership") == "Forgn"]
    assert len(foreign) == 473 and all(p.country == "" for p in foreign)
    # below 30k is 30k; the strongest rating is a 9d
    assert min(p.rank for p in listed.players if p.rank) == Rank(-30)
    assert max(p.rank for p in listed.players if p.rank) == Rank.parse("9d")


def test_the_readers_by_name() -> None:
    assert len(read_rating_list("egf", data("egf_allworld_sample.html"))) == 36
    with pytest.raises(FormatError, match="no rating list xyz"):
        read_rating_list("xyz", b"")


# -- broken files -------------------------------------------------------------------------------

EGF_LINE = (
    " 10537560  Aaij Rene                             NL  Gron    4d   --   2388    97  T180602E"
)
FFG_LINE = "ABADIE Yves                           -1500 - 0452000 31To FR"
AGA_LINE = "Aal, Zachary\t15648\tFull\t-20.05711\t7/2/2008\tLIGC\tNY\t1.09198\t8/1/2007"


@pytest.mark.parametrize(
    ("registry", "line", "problem"),
    [
        ("egf", EGF_LINE.replace("10537560", "1053756X"), "line 3: the PIN is 8 digits"),
        ("egf", EGF_LINE.replace("  4d ", " 44d "), "line 3: the grade: rank '44d' is out"),
        ("egf", EGF_LINE.replace("2388", "2x88"), "line 3: '2x88' is not a whole number"),
        ("egf", EGF_LINE.replace(" NL ", " Nl "), "line 3: the country is two capital"),
        ("egf", " 10537560  Aaij Rene  NL", "line 3: expected PIN, name, country"),
        ("egf", EGF_LINE.replace("Rene", "Re\x07ne"), "line 3: the given holds a control"),
        ("ffg", FFG_LINE.replace("-1500", "-15O0"), "line 3: '-15O0' is not a whole number"),
        ("ffg", FFG_LINE.replace("0452000", "045200"), "line 3: the licence number is 7"),
        ("ffg", FFG_LINE.replace(" FR", " France"), "line 3: the country is two capital"),
        ("ffg", "ABADIE Yves -1500", "line 3: expected name, rating, licence status"),
        ("aga", AGA_LINE.replace("15648", "15648a"), "line 3: the AGA id is a number"),
        ("aga", AGA_LINE.replace("-20.05711", "-20,05"), "line 3: the rating is a number"),
        ("aga", AGA_LINE + "\textra", "line 3: expected 9 fields separated by tabs, found 10"),
        ("aga", "Aal Zachary 15648", "line 3: expected 9 fields separated by tabs, found 1"),
        ("aga", "\t15648", "line 3: the name is empty"),
        ("aga", "x" * 300 + ", Y\t1", "line 3: the surname is longer than 200 characters"),
        ("egf", "x" * 3000, "line 3: the line is longer than 2000 characters"),
    ],
)
def test_a_broken_line_refuses_the_file_and_is_named(
    registry: str, line: str, problem: str
) -> None:
    good = {"egf": EGF_LINE, "ffg": FFG_LINE, "aga": AGA_LINE}[registry]
    text = "\n".join([good, good, line, good])
    with pytest.raises(ArbiterError) as caught:
        read_rating_list(registry, text.encode())
    assert str(caught.value).startswith(problem), str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("registry", ["egf", "ffg", "aga"])
def test_a_file_without_players_is_refused(registry: str) -> None:
    with pytest.raises(FormatError, match="no player in the file"):
        read_rating_list(
            registry, b"<html><body>nothing</body></html>\n" if registry == "egf" else b"\n\n"
        )


def test_another_lists_file_is_refused_on_its_first_line() -> None:
    with pytest.raises(FormatError, match=r"^line 1: "):
        read_ffg(data("aga_tdlista.txt"))
    with pytest.raises(FormatError, match=r"^line 1: "):
        read_aga(data("ffg_ech_V3.txt"))


def test_errors_are_translated() -> None:
    with pytest.raises(FormatError) as caught:
        read_aga(b"Aal, Zachary\tx1\tFull\n")
    with language("ru"):
        text = error_text(caught.value)
    assert text.startswith("строка 1:") and "x1" in text


# -- conventions --------------------------------------------------------------------------------


def test_the_rating_scales_are_opengothas() -> None:
    assert [str(ffg_rank(r)) for r in (0, 99, 100, -1, -100, -101, -2950, -3000, -5000)] == [
        "1d", "1d", "2d", "1k", "1k", "2k", "30k", "30k", "30k"
    ]  # fmt: skip
    assert [str(aga_rank(r)) for r in (1.0, 1.99, 2.0, 9.99, 12.0, -1.0, -1.99, -2.0, -0.5)] == [
        "1d", "1d", "2d", "9d", "9d", "1k", "1k", "2k", "1k"
    ]  # fmt: skip
    assert egf_scale("ffg", 0) == 2050 == egf_scale("aga", 100) == egf_scale("aga", -100)
    assert entry_rating("ffg", -3000) is None  # below zero on the EGF's scale: the rank says it
    assert entry_rating("egf", None) is None and entry_rating("egf", 2400) == 2400


def test_the_rank_of_a_rating_is_near_the_rank_of_its_egf_scale() -> None:
    # The rank read from the list and the rank of its rating on the EGF's scale differ by a
    # grade at most (the scales put a grade's boundary 50 points apart).
    listed = read_ffg(data("ffg_ech_V3.txt")).players + read_aga(data("aga_tdlista.txt")).players
    for p in listed:
        if p.rank is not None and p.rating is not None:
            scaled = Rank.from_egf_rating(egf_scale(p.registry, p.rating))
            assert abs(scaled.value - p.rank.value) <= 1, p


def test_names_fold_for_searching() -> None:
    assert search_key("Müller", "Jürgen") == search_key("MULLER", "jurgen")
    assert search_key("Jürgen", "Müller") == " jurgen muller"
    assert fold_words("Åhman-Ström, José_Luis") == ["ahman", "strom", "jose", "luis"]
    assert fold_words("Straße Łódź") == ["strasse", "lodz"]


# -- generated lines round-trip -----------------------------------------------------------------

_WORD = st.text(
    alphabet=st.sampled_from("abcdefghijklmnopqrstuvwxyzéüøçABCDEFGHIJKLMNOPQRSTUVWXYZ-'."),
    min_size=1,
    max_size=12,
).filter(lambda w: w.strip("-'.") != "")
_COUNTRY = st.text(alphabet=st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWYZ"), min_size=2, max_size=2)
_CLUB = st.text(alphabet=st.sampled_from("ABCabc0123"), min_size=1, max_size=4).filter(
    lambda c: c not in ("xxx", "xxxx")
)
_RANKS = st.integers(min_value=-30, max_value=8).map(Rank)


@given(
    pin=st.integers(min_value=10_000_000, max_value=99_999_999),
    surname=_WORD,
    given_names=st.lists(_WORD, max_size=3),
    country=_COUNTRY,
    club=_CLUB,
    rank=_RANKS,
    gor=st.integers(min_value=-900, max_value=3000),
    played=st.integers(min_value=0, max_value=999),
)
def test_egf_lines_round_trip(
    pin: int,
    surname: str,
    given_names: list[str],
    country: str,
    club: str,
    rank: Rank,
    gor: int,
    played: int,
) -> None:
    name = " ".join([surname, *given_names])
    line = (
        f" {pin}  {name:<37} {country}  {club:<4}  {rank!s:>4}   --  {gor:>5} {played:>5}  T180602E"
    )
    p = read_egf(line).players[0]
    expected = ListedPlayer(
        "egf",
        str(pin),
        surname,
        " ".join(given_names),
        country,
        club,
        rank,
        gor,
        (("tournaments", str(played)), ("last", "T180602E")),
    )
    assert p == expected


@given(
    surname=_WORD,
    given_names=st.lists(_WORD, min_size=1, max_size=2),
    rating=st.integers(min_value=-3000, max_value=900) | st.just(-9999),
    licence=st.from_regex(r"\A[0-9]{7}\Z") | st.just("-------"),
    club=_CLUB,
    country=_COUNTRY,
)
def test_ffg_lines_round_trip(
    surname: str, given_names: list[str], rating: int, licence: str, club: str, country: str
) -> None:
    name = f"{surname.upper()} {' '.join(given_names)}"
    line = f"{name:<37} {rating:>5} C {licence} {club:<4} {country}"
    p = read_ffg(("#Echelle au 01/02/2021 10:00:00\r\n" + line + "\r\n").encode("iso-8859-1"))
    assert (p.players[0].surname, p.players[0].given) == (surname.upper(), " ".join(given_names))
    assert p.players[0].id == ("" if licence == "-------" else licence)
    assert (p.players[0].club, p.players[0].country) == (club, country)
    assert p.players[0].rating == (None if rating == -9999 else rating)
    assert p.players[0].rank == ffg_rank(rating)


@given(
    surname=_WORD,
    given_names=st.lists(_WORD, max_size=2),
    pin=st.integers(min_value=1, max_value=99_999),
    rating=st.none()
    | st.floats(min_value=1, max_value=9.99999)
    | st.floats(min_value=-40, max_value=-1),
    club=st.text(alphabet="ABCD", max_size=4),
)
def test_aga_lines_round_trip(
    surname: str, given_names: list[str], pin: int, rating: float | None, club: str
) -> None:
    text = "" if rating is None else f"{rating:.5f}"
    given_text = " ".join(given_names)
    line = "\t".join(
        [f"{surname}, {given_text}", str(pin), "Full", text, "1/1/2020", club, "NY", "", ""]
    )
    p = read_aga(line.encode()).players[0]
    assert (p.surname, p.given, p.id, p.club, p.country) == (
        surname,
        given_text,
        str(pin),
        club,
        "US",
    )
    if rating is None:
        assert (p.rating, p.rank) == (None, None)
    else:
        value = float(text)
        assert p.rating == round(value * 100) and p.rank == aga_rank(value)


def test_a_file_beyond_the_bounds_is_refused(tmp_path: Path) -> None:
    from arbiter.events.formats.rating_lists import lines

    with pytest.raises(ArbiterError, match="larger than"):
        read_aga(b" " * (lines.MAX_BYTES + 1))
