"""Check that no translation was lost: the catalogues now against the same ones before.

    .venv/bin/python tools/check_catalogues.py             # the working tree against git HEAD
    .venv/bin/python tools/check_catalogues.py --before REF_OR_DIR [--after DIR]

``make i18n`` merges the code's texts into the ``.po`` files with ``pybabel update``; a merge
should only ever add texts, mark changed ones fuzzy and move removed ones to the obsolete
``#~`` entries. This compares every translated (msgctxt, msgid) → msgstr pair of each language
before (a git revision, read with ``git show``, or a directory laid out like
``src/arbiter/locales``) with the catalogues after, and prints per language how many pairs are

- kept: the same translation of the same text, in use;
- obsolete: kept in a ``#~`` entry, the code no longer having the text;
- fuzzy: kept, but marked fuzzy (unused until a translator confirms it) — for the same text,
  or for a changed text whose previous msgid (``#|``) is this one;
- changed: the text is there with another translation;
- lost: nowhere;

and how many texts are untranslated after. It exits with 1 when a pair was changed or lost.
A translator's correction shows as "changed": that is for the reviewer to expect.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
LOCALES = Path("src/arbiter/locales")
DOMAIN = "arbiter"

#: A message's key, as gettext looks it up: its context (or None) and its msgid (the singular).
Key = tuple[str | None, str]
#: A translation: the msgstr, or the plural forms.
Translation = str | tuple[str, ...]


def key_of(message: Message) -> Key:
    """``message``'s (msgctxt, msgid) — the singular msgid for a plural message."""
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return (message.context, msgid)


def translation_of(message: Message) -> Translation | None:
    """``message``'s translation, or None when it has none (an empty msgstr or plural form)."""
    string = message.string
    if isinstance(string, str):
        return string or None
    forms = tuple(string or ())
    return forms if forms and all(forms) else None


def translated(messages: Iterable[Message]) -> dict[Key, Translation]:
    """The translated pairs among ``messages`` (the header left out)."""
    pairs: dict[Key, Translation] = {}
    for message in messages:
        text = translation_of(message)
        if message.id and text is not None:
            pairs[key_of(message)] = text
    return pairs


@dataclass
class Comparison:
    """How the translated pairs of one language fared between two versions of its catalogue."""

    before: int = 0
    kept: int = 0
    obsolete: int = 0
    fuzzy: int = 0
    changed: list[Key] = field(default_factory=list)
    lost: list[Key] = field(default_factory=list)
    untranslated: int = 0

    @property
    def ok(self) -> bool:
        """Nothing changed or lost."""
        return not self.changed and not self.lost


def compare(before: Catalog, after: Catalog) -> Comparison:
    """Where each translated pair of ``before`` is in ``after`` (see the module's docstring)."""
    active = {key_of(m): m for m in after if m.id}
    obsolete = translated(after.obsolete.values())
    # A changed text's entry carries the old msgid (#|) and its translation, marked fuzzy.
    previous: dict[Key, Translation] = {}
    for message in active.values():
        text = translation_of(message)
        if message.fuzzy and message.previous_id and text is not None:
            previous[(message.context, message.previous_id[0])] = text
    result = Comparison()
    for key, text in translated(m for m in before if not m.fuzzy).items():
        result.before += 1
        now = active.get(key)
        if now is not None and translation_of(now) == text:
            if now.fuzzy:
                result.fuzzy += 1
            else:
                result.kept += 1
        elif now is not None and translation_of(now) is not None:
            result.changed.append(key)
        elif obsolete.get(key) == text:
            result.obsolete += 1
        elif previous.get(key) == text:
            result.fuzzy += 1
        else:
            result.lost.append(key)
    result.untranslated = sum(1 for m in active.values() if m.fuzzy or translation_of(m) is None)
    return result


def read_catalogue(data: bytes, lang: str) -> Catalog:
    """A ``.po`` file's content as a catalogue."""
    return read_po(BytesIO(data), locale=lang, domain=DOMAIN)


def po_path(lang: str) -> Path:
    """Where ``lang``'s catalogue is in the repository."""
    return LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages(directory: Path) -> list[str]:
    """The languages that have a catalogue under ``directory`` (laid out as the project's)."""
    return sorted(
        p.name for p in directory.iterdir() if (p / "LC_MESSAGES" / f"{DOMAIN}.po").is_file()
    )


def read_before(source: str, lang: str) -> bytes | None:
    """``lang``'s catalogue in ``source``: a directory of catalogues, else a git revision
    (None when it has none: a language added since)."""
    directory = Path(source)
    if directory.is_dir():
        path = directory / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        return path.read_bytes() if path.is_file() else None
    shown = subprocess.run(
        ["git", "show", f"{source}:{po_path(lang).as_posix()}"],
        cwd=ROOT,
        capture_output=True,
        check=False,
    )
    return shown.stdout if shown.returncode == 0 else None


def main(argv: list[str] | None = None) -> int:
    """Compare every language's catalogue; print the counts and what was changed or lost."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--before",
        default="HEAD",
        help="a git revision (default HEAD) or a directory laid out as src/arbiter/locales",
    )
    parser.add_argument(
        "--after",
        type=Path,
        default=ROOT / LOCALES,
        help="the locales directory to check (default: the working tree's)",
    )
    args = parser.parse_args(argv)
    columns = ("before", "kept", "obsolete", "fuzzy", "changed", "lost", "untranslated")
    print(f"{'lang':<5}" + "".join(f"{c:>13}" for c in columns))
    failed = False
    for lang in languages(args.after):
        after = read_catalogue(
            (args.after / lang / "LC_MESSAGES" / f"{DOMAIN}.po").read_bytes(), lang
        )
        data = read_before(args.before, lang)
        result = compare(read_catalogue(data, lang) if data else Catalog(locale=lang), after)
        counts = (
            result.before,
            result.kept,
            result.obsolete,
            result.fuzzy,
            len(result.changed),
            len(result.lost),
            result.untranslated,
        )
        print(f"{lang:<5}" + "".join(f"{n:>13}" for n in counts))
        for label, keys in (("changed", result.changed), ("lost", result.lost)):
            for context, msgid in keys:
                where = f" (msgctxt {context!r})" if context else ""
                print(f"  {label}: {msgid!r}{where}")
        failed = failed or not result.ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
