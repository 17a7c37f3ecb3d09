"""The sport's words in the five languages, and the check that every catalogue uses them.

    .venv/bin/python tools/glossary.py        # lists every text that strays from the glossary

``src/arbiter/locales/glossary.csv`` holds one row per English term (``en``) with its word in
each language (``ru``, ``ky``, ``kk``, ``mn``) and a note for translators. Wherever a msgid has
the term, that language's translation must have the word: this keeps "kazan" қазан and "tuz"
тұздық in every Kazakh text, "handicap" фора in every Russian one. tests/test_glossary.py
runs the check on every catalogue.

How a term is found in the English: as whole words (not part of ``--tuz`` or ``set_komi``), the
last word also in its regular plural (tuz, tuzes; pit, pits); a term with a capital letter only
as written (``Go`` the game, not the verb "go"; ``White`` the side). Where terms overlap, the
longer one counts ("Toguz Korgool" is not also checked as "korgool", nor "pair go" as "Go").

How a word is found in a translation: case aside, at the start of a word, followed by any
ending. ``|`` marks where the endings start when the word itself changes: ``лун|ка`` is found
in лунка, лунки and лунок, ``құмала|қ`` in құмалақ and құмалағы; each word of a phrase is
matched so (``итогов|ая таблиц|а`` in "итоговой таблицы"). A translation that keeps the English
term itself is accepted: it is a name or a value typed as it is (``komi=6.5``, ``round``).

A deliberate exception is a comment on the message in that language's ``.po`` file (a
translator's comment, in Poedit the "comment" field; or a ``# TRANSLATORS:`` comment in the code,
for every language)::

    # glossary-exception: round — translated as "no pairing yet"

naming one or more of the glossary's English terms (separated by commas), then, after a dash,
why. An exception for a term that the text does not have, or that its translation now follows,
is reported too, so that none outlives its reason.
"""

from __future__ import annotations

import csv
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from arbiter import i18n

ROOT = Path(__file__).resolve().parents[1]
LOCALES = ROOT / "src" / "arbiter" / "locales"
GLOSSARY = LOCALES / "glossary.csv"
#: The glossary's columns besides ``en``: every language but English, the source.
LANGUAGES = tuple(code for code in i18n.LANGUAGES if code != i18n.DEFAULT)
EXCEPTION_TAG = "glossary-exception:"
#: What separates the terms of an exception from its reason.
REASON_DASHES = ("—", "–", " - ")


def english_pattern(term: str) -> re.Pattern[str]:
    """Where ``term`` is in English text: whole words, the last also in its regular plural;
    case-insensitive unless ``term`` has a capital letter."""
    words = term.split()
    plural = "es" if words[-1].endswith(("s", "x", "z", "ch", "sh")) else "s"
    body = r"\s+".join(re.escape(w) for w in words)
    flags = 0 if term != term.lower() else re.IGNORECASE
    # Neither letters, digits, "_" nor "-" around it: not a part of --tuz, set_komi, round-robin.
    return re.compile(rf"(?<![\w-]){body}(?:{plural})?(?![\w-])", flags)


def word_pattern(word: str) -> re.Pattern[str]:
    """Where the glossary's ``word`` (``|`` marking where endings start) is in a translation:
    each of its words at the start of a word, with any ending, case aside."""
    stems = [re.escape(w.split("|", 1)[0]) for w in word.split()]
    return re.compile(r"(?<!\w)" + r"\w*\s+".join(stems), re.IGNORECASE)


@dataclass(frozen=True)
class Term:
    """A row of the glossary."""

    english: str
    words: dict[str, str]
    note: str

    @property
    def english_regex(self) -> re.Pattern[str]:
        """Where the term is in a msgid (see :func:`english_pattern`)."""
        return english_pattern(self.english)

    def regex(self, lang: str) -> re.Pattern[str]:
        """Where ``lang``'s word is in a translation (see :func:`word_pattern`)."""
        return word_pattern(self.words[lang])


def load(path: Path = GLOSSARY) -> list[Term]:
    """The glossary's rows, longest English term first (the order overlapping terms are
    matched in)."""
    with path.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    terms = [
        Term(row["en"].strip(), {lang: row[lang].strip() for lang in LANGUAGES}, row["note"])
        for row in rows
    ]
    return sorted(terms, key=lambda t: -len(t.english))


@dataclass(frozen=True)
class Problem:
    """A text of one language that strays from the glossary, or an exception not needed."""

    lang: str
    msgid: str
    context: str | None
    term: str
    what: str

    def __str__(self) -> str:
        where = f" (msgctxt {self.context!r})" if self.context else ""
        return f"{self.lang}: {self.msgid!r}{where}: {self.term!r}: {self.what}"


def exceptions(message: Message) -> list[str]:
    """The terms the message's comments mark as deliberate exceptions."""
    named: list[str] = []
    for comment in [*message.user_comments, *message.auto_comments]:
        text = comment.strip()
        if not text.lower().startswith(EXCEPTION_TAG):
            continue
        terms = text[len(EXCEPTION_TAG) :]
        for dash in REASON_DASHES:
            terms = terms.split(dash, 1)[0]
        named.extend(t.strip() for t in terms.split(",") if t.strip())
    return named


def _texts(message: Message) -> tuple[str, str] | None:
    """The message's English and its translation (plural forms together), or None when it is
    not translated (tests/test_i18n.py reports those)."""
    ids = [message.id] if isinstance(message.id, str) else list(message.id)
    strings = [message.string] if isinstance(message.string, str) else list(message.string or ())
    if not message.id or message.fuzzy or not all(strings) or not strings:
        return None
    return "\n".join(ids), "\n".join(strings)


def terms_in(english: str, terms: Sequence[Term]) -> list[Term]:
    """The glossary's terms in ``english``, a longer one hiding the shorter ones it holds."""
    taken: list[tuple[int, int]] = []
    found: list[Term] = []
    for term in terms:  # longest first
        spans = [
            m.span()
            for m in term.english_regex.finditer(english)
            if not any(start < m.end() and m.start() < end for start, end in taken)
        ]
        if spans:
            taken.extend(spans)
            found.append(term)
    return found


def check_message(message: Message, lang: str, terms: Sequence[Term]) -> list[Problem]:
    """What strays from the glossary in ``lang``'s translation of ``message``."""
    texts = _texts(message)
    if texts is None:
        return []
    english, translation = texts
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    by_name = {t.english.lower(): t for t in terms}
    excepted = exceptions(message)
    problems = [
        Problem(lang, msgid, message.context, name, "an exception for no term of the glossary")
        for name in excepted
        if name.lower() not in by_name
    ]
    excepted_terms = {by_name[n.lower()].english for n in excepted if n.lower() in by_name}
    present = {t.english for t in terms_in(english, terms)}
    for term in terms:
        follows = bool(term.regex(lang).search(translation)) or bool(
            term.english_regex.search(translation)
        )
        if term.english in excepted_terms:
            if term.english not in present or follows:
                problems.append(
                    Problem(lang, msgid, message.context, term.english, "a needless exception")
                )
        elif term.english in present and not follows:
            problems.append(
                Problem(
                    lang,
                    msgid,
                    message.context,
                    term.english,
                    f"the glossary's word is {term.words[lang]!r}",
                )
            )
    return problems


def check(catalog: Catalog, lang: str, terms: Sequence[Term]) -> list[Problem]:
    """What strays from the glossary in ``lang``'s catalogue."""
    return [p for m in catalog for p in check_message(m, lang, terms)]


def read_catalogue(lang: str, locales: Path = LOCALES) -> Catalog:
    """``lang``'s catalogue in ``locales``."""
    with (locales / lang / "LC_MESSAGES" / "arbiter.po").open("rb") as f:
        return read_po(f, locale=lang)


def main(langs: Iterable[str] = LANGUAGES) -> int:
    """Print every problem of every catalogue; 1 when there is one."""
    terms = load()
    problems = [p for lang in langs for p in check(read_catalogue(lang), lang, terms)]
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or LANGUAGES))
