"""Likely duplicates: an entry that is probably a player already entered under another
spelling of the name.

Two players are a likely duplicate when their names fold alike (:mod:`arbiter.events.names`:
case, diacritics, punctuation, word order, Cyrillic or Latin letters) — or the folded words of
the shorter name, two at least, are all in the longer one (``Asanov Bakyt`` beside ``Asanov
Bakyt Ermekovich``) — and nothing they both state tells them apart: a date of birth, a gender
or an id in the same rating list that differ make them two people; the same rating-list id
makes them one person whatever the names. It is a question to the organiser, not a refusal:
the pages ask for a confirmation, the command line for ``--force``, the API answers 409 with
the candidates unless ``force`` is given.

:class:`DuplicateIndex` answers in time proportional to the new entry's words, so that a list
of thousands of players is checked in linear time; :func:`likely_duplicates` is the one-off
question, for a form or a rating-list search.

>>> from arbiter.events.participants import Player
>>> known = [Player(1, "Asanov", "Bakyt", club="Bishkek"), Player(2, "Kim", "Ji")]
>>> [p.no for p in likely_duplicates(known, Player(0, "АСАНОВ", "Бакыт"))]
[1]
>>> likely_duplicates(known, Player(0, "Asanova", "Bakyt"))
[]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from arbiter.events.names import name_words
from arbiter.events.participants import Player

__all__ = ["DuplicateIndex", "Likely", "duplicates_among", "likely_duplicates", "same_person"]

#: Names with more words than this are matched by their whole key only (bounded work).
_MAX_WORDS = 6


def _apart(a: Player, b: Player) -> bool:
    """Whether something both entries state tells the two people apart."""
    if a.born is not None and b.born is not None and a.born != b.born:
        return True
    if a.gender is not None and b.gender is not None and a.gender != b.gender:
        return True
    ids_a, ids_b = dict(a.ids), dict(b.ids)
    return any(ids_b.get(registry, value) != value for registry, value in ids_a.items())


def _shared_id(a: Player, b: Player) -> bool:
    ids_b = dict(b.ids)
    return any(ids_b.get(registry) == value for registry, value in a.ids)


def _words_match(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    if not a or not b:
        return False
    if a == b:
        return True
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return len(short) >= 2 and set(short) <= set(long)


def same_person(a: Player, b: Player) -> bool:
    """Whether ``a`` and ``b`` are likely one person (see the module).

    >>> from datetime import date
    >>> same_person(Player(1, "Asanov", "Bakyt"), Player(2, "Bakyt", "Asanov"))
    True
    >>> same_person(Player(1, "Kim", "Ji", born=date(2001, 1, 1)),
    ...             Player(2, "Kim", "Ji", born=date(1990, 5, 5)))
    False
    """
    if _shared_id(a, b):
        return True
    return not _apart(a, b) and _words_match(name_words(a.name), name_words(b.name))


@dataclass(frozen=True, slots=True)
class Likely:
    """A new entry and a player it probably duplicates."""

    new: Player
    candidate: Player


class DuplicateIndex:
    """Players indexed by their folded names and rating-list ids, to find likely duplicates.

    >>> index = DuplicateIndex([Player(1, "Lee", "Chang", ids=(("egf", "123"),))])
    >>> [p.no for p in index.find(Player(0, "Li", "Chang"))]
    []
    >>> [p.no for p in index.find(Player(0, "Chang", "Lee"))]
    [1]
    >>> [p.no for p in index.find(Player(0, "Someone", "Else", ids=(("egf", "123"),)))]
    [1]
    """

    def __init__(self, players: Iterable[Player] = ()) -> None:
        self._by_pair: dict[tuple[str, str] | tuple[str], list[Player]] = {}
        self._by_id: dict[tuple[str, str], list[Player]] = {}
        for p in players:
            self.add(p)

    @staticmethod
    def _keys(words: tuple[str, ...]) -> list[tuple[str, str] | tuple[str]]:
        # Every two-word combination (a shorter name's words are all in a longer one's, so
        # they share one), or the one word; a long name by its whole key.
        if len(words) == 1:
            return [(words[0],)]
        if len(words) > _MAX_WORDS:
            return [(" ".join(words),)]
        return list(combinations(words, 2))

    def add(self, player: Player) -> None:
        """Index ``player``."""
        for key in self._keys(name_words(player.name)):
            self._by_pair.setdefault(key, []).append(player)
        for registry_id in player.ids:
            self._by_id.setdefault(registry_id, []).append(player)

    def find(self, new: Player) -> list[Player]:
        """The indexed players ``new`` likely duplicates, by number (``new`` itself, by
        identity, left out)."""
        words = name_words(new.name)
        found: dict[int, Player] = {}
        for registry_id in new.ids:
            for p in self._by_id.get(registry_id, ()):
                found.setdefault(id(p), p)
        if words:
            for key in self._keys(words):
                for p in self._by_pair.get(key, ()):
                    if id(p) not in found and same_person(new, p):
                        found[id(p)] = p
        return sorted((p for p in found.values() if p is not new), key=lambda p: p.no)


def likely_duplicates(existing: Sequence[Player], new: Player) -> list[Player]:
    """The players of ``existing`` that ``new`` is likely a duplicate of, by number (for a
    form, a rating-list search, an account's request to join)."""
    return [p for p in existing if p is not new and same_person(new, p)]


def duplicates_among(existing: Sequence[Player], new: Sequence[Player]) -> list[Likely]:
    """Each of ``new`` (a file's players, in order) with the player it likely duplicates:
    one entered already, or one earlier in ``new`` (in linear time)."""
    index = DuplicateIndex(existing)
    found: list[Likely] = []
    for p in new:
        matches = index.find(p)
        if matches:
            found.append(Likely(p, matches[0]))
        index.add(p)
    return found
