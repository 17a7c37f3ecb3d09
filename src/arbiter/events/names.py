"""Names folded for comparison: one key for the spellings of one person's name.

An entry typed ``Asanov, Bakyt`` beside ``Asanov Bakyt``, ``ASANOV Bakyt``, ``Bakyt Asanov`` or
``Асанов Бакыт`` is the same person entered twice. :func:`fold_name` makes all of them one
key, in steps that each undo one way the spellings differ:

1. **case and compatibility forms**: Unicode NFKD and case folding (``ASANOV`` = ``asanov``,
   ``ﬁ`` = ``fi``);
2. **Cyrillic to Latin**: a letter table (:data:`CYRILLIC`) covering Russian and the letters
   of Kyrgyz, Kazakh and Mongolian (``ө ү ң ә ғ қ ұ һ і``), Ukrainian and Belarusian, and the
   Latin letters Unicode does not decompose (``ß ø ł æ ı``);
3. **diacritics**: the combining marks NFKD split off are dropped (``é`` = ``e``,
   ``ü`` = ``u``, so ``Ö`` typed for ``ө`` agrees);
4. **punctuation**: apostrophes join (``O'Neil`` = ``ONeil``), any other character that is
   not a letter or digit separates words (``Asanov, Bakyt`` = ``Asanov Bakyt``,
   ``Smith-Jones`` = ``Smith Jones``);
5. **romanisation variants**: each Latin word is reduced to a skeleton by rewriting
   (:data:`VARIANTS`: ``zh``, ``dzh``, ``dj`` → ``j``; ``kh`` → ``h``; ``y`` → ``i``; a
   doubled letter → one; …) until nothing changes, so ``Bakyt`` = ``Bakit``,
   ``Zhumabekov`` = ``Jumabekov``, ``Enkhbayar`` = ``Enhbayar``, ``Nazarbayev`` =
   ``Nazarbaev``;
6. **word order**: the words are sorted (``Bakyt Asanov`` = ``Asanov Bakyt``).

The table is this module's own, not a transliteration library's: a library picks one
romanisation per letter (``Ж`` → ``Zh``), while the entries of a Central Asian event arrive in
several (passport, federation list, typed by hand), which the skeletons of step 5 equate; and
the core stays free of third-party code (docs/decisions.md). Letters of other scripts (Hangul,
Han, Greek, …) are kept as they are: two names in them are compared as typed, after steps 1,
3, 4 and 6.

>>> fold_name("Asanov, Bakyt") == fold_name("ASANOV Bakyt") == fold_name("Асанов Бакыт")
True
>>> fold_name("Bakyt Asanov")
'asanov bakit'
>>> fold_name("Жумабеков Ерлан") == fold_name("Jumabekov Yerlan")
True
"""

from __future__ import annotations

import unicodedata

__all__ = ["CYRILLIC", "VARIANTS", "fold_name", "fold_word", "name_words"]

#: Cyrillic (lower case, after NFKD: ``й`` and ``ё`` arrive as ``и`` and ``е`` with a mark)
#: and the Latin letters without a decomposition, as Latin.
CYRILLIC: dict[str, str] = {
    # Russian
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ж": "zh", "з": "z",
    "и": "i", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r",
    "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh",
    "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya",
    # Kyrgyz, Kazakh, Mongolian, Tatar, Bashkir
    "ө": "o", "ү": "u", "ң": "ng", "ә": "a", "ғ": "gh", "қ": "q", "ұ": "u", "һ": "h",
    "і": "i", "җ": "zh", "ҙ": "z", "ҫ": "s", "ҡ": "q", "ӊ": "ng", "ӧ": "o", "ӱ": "u",
    # Ukrainian, Belarusian, Serbian, Macedonian
    "є": "ye", "ґ": "g", "ў": "u", "ђ": "dj", "ј": "j", "љ": "lj", "њ": "nj", "ћ": "c",
    "џ": "dzh", "ѕ": "dz",
    # Latin letters that NFKD leaves whole
    "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th",
    "ı": "i", "ŋ": "ng", "ħ": "h",
}  # fmt: skip

#: Romanisation variants, rewritten in this order within a Latin word until nothing changes
#: (every rule shortens the word or replaces a letter no rule produces, so this ends).
VARIANTS: tuple[tuple[str, str], ...] = (
    ("dzh", "j"),
    ("zh", "j"),
    ("dj", "j"),
    ("kh", "h"),
    ("gh", "g"),
    ("q", "k"),
    ("w", "v"),
    ("x", "ks"),
    ("y", "i"),
)

_VOWELS = frozenset("aeiou")
_APOSTROPHES = frozenset("'’ʼʻ`´ʹ")
_TABLE = str.maketrans(CYRILLIC)


def _letters(text: str) -> str:
    # NFKD splits marks and compatibility forms off; case folding after it, so that a
    # compatibility form's capital folds too; the table; then the marks go.
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", text).casefold())
    latin = unicodedata.normalize("NFKD", folded.translate(_TABLE)).casefold()
    return "".join(c for c in latin if not unicodedata.combining(c))


def _dropped(word: str, i: int) -> bool:
    # a doubled letter (Mariia, Asanovv), or the i of "ie" after a vowel (Nazarbaiev)
    c = word[i]
    if i > 0 and word[i - 1] == c and c.isalpha():  # digits are not spelling: 11 is not 1
        return True
    return c == "i" and 0 < i < len(word) - 1 and word[i - 1] in _VOWELS and word[i + 1] == "e"


def fold_word(word: str) -> str:
    """The skeleton of one lower-case Latin word (see the module's step 5); other text is
    returned as it is.

    >>> [fold_word(w) for w in ("bakyt", "zhumabekov", "nazarbayev", "yuriy", "mariia")]
    ['bakit', 'jumabekov', 'nazarbaev', 'iuri', 'maria']
    """
    if not word.isascii():
        return word
    for _ in range(len(word) + 2):
        before = word
        for old, new in VARIANTS:
            word = word.replace(old, new)
        # "ye"/"ie" after a vowel or at the start is the Cyrillic е (Yerlan, Nazarbayev)
        if word.startswith("ie") and len(word) > 2:
            word = word[1:]
        word = "".join(c for i, c in enumerate(word) if not _dropped(word, i))
        if word == before:
            break
    return word


def name_words(name: str) -> tuple[str, ...]:
    """The folded words of ``name``, sorted (empty when it holds no letter or digit).

    >>> name_words("O'Neil-Smith, Ян")
    ('ian', 'oneil', 'smith')
    """
    text = "".join(c for c in _letters(name) if c not in _APOSTROPHES)
    words = "".join(c if c.isalnum() else " " for c in text).split()
    return tuple(sorted(w for w in (fold_word(w) for w in words) if w))


def fold_name(name: str) -> str:
    """The key that every spelling of ``name`` folds to (see the module)."""
    return " ".join(name_words(name))
