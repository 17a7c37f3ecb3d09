"""tools/check_catalogues.py tells where each translation went between two catalogues."""

from __future__ import annotations

from babel.messages.catalog import Catalog
from tools.check_catalogues import compare


def test_kept_obsolete_fuzzy_changed_lost() -> None:
    before = Catalog(locale="ru")
    for msgid, msgstr in [
        ("Standings", "Итоговая таблица"),
        ("Old text", "Старый текст"),
        ("pit {pit} is empty", "лунка {pit} пуста"),
        ("Board", "Доска"),
        ("Place", "Место"),
        ("Untranslated", ""),
    ]:
        before.add(msgid, msgstr)
    before.add("Place", "М", context="crosstable")

    after = Catalog(locale="ru")
    after.add("Standings", "Итоговая таблица")
    after.obsolete["Old text"] = before["Old text"]
    # What pybabel update makes of a changed text: the old translation, fuzzy, with #| msgid.
    after.add("pit {pit} is empty now", "лунка {pit} пуста", flags=["fuzzy"])
    after["pit {pit} is empty now"].previous_id = ["pit {pit} is empty"]
    after.add("Board", "Такта")
    after.add("Place", "Место")
    after.add("New text", "")

    result = compare(before, after)
    assert (result.before, result.kept, result.obsolete, result.fuzzy) == (6, 2, 1, 1)
    assert result.changed == [(None, "Board")]
    assert result.lost == [("crosstable", "Place")]
    assert result.untranslated == 2  # the fuzzy one and the new one
    assert not result.ok
