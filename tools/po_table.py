"""Write the translation catalogues from one table (a developer's tool, not shipped).

    .venv/bin/python tools/po_table.py

The table below holds every translation; this script writes
src/arbiter/locales/<lang>/LC_MESSAGES/arbiter.po for ru, ky, kk, mn (English is the source).
Keeping them in one table makes it easy to see a term across the five languages and to keep the
sport's words consistent (тогуз коргоол, казан, туз; тоғызқұмалақ, қазан, тұздық; го, коми,
фора; хос тоглолт).
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("ru", "ky", "kk", "mn")
NAMES = {"ru": "Russian", "ky": "Kyrgyz", "kk": "Kazakh", "mn": "Mongolian"}
PLURALS = {
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
    "(n%100<10 || n%100>=20) ? 1 : 2);",
    "ky": "nplurals=2; plural=(n != 1);",
    "kk": "nplurals=2; plural=(n != 1);",
    "mn": "nplurals=2; plural=(n != 1);",
}

# (context or "", English) -> (ru, ky, kk, mn)
TABLE: dict[tuple[str, str], tuple[str, str, str, str]] = {
    # Pairings and standings
    ("", "Table"): ("Стол", "Стол", "Үстел", "Ширээ"),
    ("", "Board"): ("Доска", "Такта", "Тақта", "Самбар"),
    ("", "Black"): ("Чёрные", "Каралар", "Қаралар", "Хар"),
    ("", "White"): ("Белые", "Актар", "Ақтар", "Цагаан"),
    ("", "Handicap"): ("Фора", "Фора", "Фора", "Чулуу"),
    ("", "Komi"): ("Коми", "Коми", "Коми", "Коми"),
    ("", "Result"): ("Результат", "Жыйынтык", "Нәтиже", "Үр дүн"),
    ("", "Bye"): ("Без пары", "Жупсуз", "Жұпсыз", "Хосгүй"),
    ("", "Place"): ("Место", "Орун", "Орын", "Байр"),
    ("", "No"): ("N", "№", "№", "№"),
    ("", "Name"): ("Участник", "Катышуучу", "Қатысушы", "Оролцогч"),
    ("", "Points"): ("Очки", "Упай", "Ұпай", "Оноо"),
    ("", "rests"): ("отдыхает", "эс алат", "демалады", "амарна"),
    ("", "goes on"): ("проходит дальше", "андан ары өтөт", "әрі қарай өтеді", "дараагийн шатанд"),
    ("", "round"): ("тур", "тур", "тур", "тойрог"),
    ("", "Standings"): ("Итоговая таблица", "Жыйынтык таблица", "Қорытынды кесте", "Байр эзлэлт"),
    # The crosstable (seed 002 appendix 3)
    ("crosstable", "No"): ("N", "№", "№", "№"),
    ("crosstable", "Name"): ("Фамилия, имя", "Фамилиясы, аты", "Тегі, аты", "Овог, нэр"),
    ("crosstable", "Rank"): ("Ранг", "Даража", "Дәреже", "Зэрэг"),
    ("crosstable", "Title"): ("Разряд", "Разряд", "Разряд", "Цол"),
    ("crosstable", "Rating"): ("Рейтинг", "Рейтинг", "Рейтинг", "Рейтинг"),
    ("crosstable", "Club"): ("Клуб, город", "Клуб, шаар", "Клуб, қала", "Клуб, хот"),
    ("crosstable", "Pts"): ("О", "У", "Ұ", "О"),
    ("crosstable", "SB"): ("Кб", "Бк", "Бк", "Бк"),
    ("crosstable", "Place"): ("М", "О", "О", "Б"),
    # Tiebreaks
    ("", "Match points"): ("Командные очки", "Командалык упай", "Командалық ұпай", "Багийн оноо"),
    ("", "McMahon score"): (
        "Очки Мак-Магона",
        "Мак-Магон упайы",
        "Мак-Магон ұпайы",
        "Мак-Магоны оноо",
    ),
    ("", "Buchholz"): (
        "Коэффициент Бухгольца",
        "Бухгольц коэффициенти",
        "Бухгольц коэффициенті",
        "Бухгольцын коэффициент",
    ),
    ("", "Buchholz cut 1"): (
        "Усечённый Бухгольц",
        "Кыскартылган Бухгольц",
        "Қысқартылған Бухгольц",
        "Хасагдсан Бухгольц",
    ),
    ("", "Median Buchholz"): (
        "Медианный Бухгольц",
        "Медианалык Бухгольц",
        "Медианалық Бухгольц",
        "Медиан Бухгольц",
    ),
    ("", "Berger"): (
        "Коэффициент Бергера",
        "Бергер коэффициенти",
        "Бергер коэффициенті",
        "Бергерийн коэффициент",
    ),
    ("", "Head-to-head"): ("Личная встреча", "Жеке беттешүү", "Жеке кездесу", "Хоорондын тоглолт"),
    ("", "Progress"): ("Прогресс", "Прогресс", "Прогресс", "Ахиц"),
    ("", "Wins"): ("Число побед", "Жеңиштердин саны", "Жеңістер саны", "Хожлын тоо"),
    ("", "Wins over the board"): (
        "Победы за доской",
        "Тактадагы жеңиштер",
        "Тақтадағы жеңістер",
        "Самбар дээрх хожил",
    ),
    ("", "SOS"): (
        "Сумма очков соперников",
        "Атаандаштардын упайлары",
        "Қарсыластар ұпайы",
        "Өрсөлдөгчдийн оноо",
    ),
    ("", "SOS-1"): (
        "Сумма очков соперников без худшего",
        "Эң начарысыз атаандаштардын упайлары",
        "Ең әлсізінсіз қарсыластар ұпайы",
        "Хамгийн сулыг хассан өрсөлдөгчдийн оноо",
    ),
    ("", "SOSOS"): (
        "Сумма SOS соперников",
        "Атаандаштардын SOS суммасы",
        "Қарсыластардың SOS қосындысы",
        "Өрсөлдөгчдийн SOS-ын нийлбэр",
    ),
    ("", "SODOS"): (
        "Сумма очков побеждённых соперников",
        "Жеңилген атаандаштардын упайлары",
        "Жеңілген қарсыластар ұпайы",
        "Ялагдсан өрсөлдөгчдийн оноо",
    ),
    ("", "CUSS"): (
        "Сумма нарастающих очков",
        "Топтолгон упайлардын суммасы",
        "Жинақталған ұпайлар қосындысы",
        "Хуримтлагдсан онооны нийлбэр",
    ),
    ("", "Board points"): (
        "Сумма очков по доскам",
        "Такталар боюнча упайлар",
        "Тақталар бойынша ұпайлар",
        "Самбарын оноо",
    ),
    ("", "Berger by match points"): (
        "Коэффициент Бергера по командным очкам",
        "Командалык упай боюнча Бергер",
        "Командалық ұпай бойынша Бергер",
        "Багийн оноогоор Бергер",
    ),
    ("", "Berger by board points"): (
        "Коэффициент Бергера по очкам досок",
        "Такта упайлары боюнча Бергер",
        "Тақта ұпайлары бойынша Бергер",
        "Самбарын оноогоор Бергер",
    ),
    ("", "Boards in order"): (
        "Результаты по доскам",
        "Такталар боюнча жыйынтыктар",
        "Тақталар бойынша нәтижелер",
        "Самбар тус бүрийн дүн",
    ),
    ("", "Korgools in lost games"): (
        "Коргоолы в проигранных партиях",
        "Утулган оюндардагы коргоолдор",
        "Ұтылған ойындардағы құмалақтар",
        "Хожигдсон тоглолтын коргоол",
    ),
}


def escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")


def all_rows() -> dict[tuple[str, str], tuple[str, str, str, str]]:
    """TABLE and the tables of tools/translations/*.py (one per area, so that people working
    on different areas do not edit one file at once)."""
    import importlib.util

    rows = dict(TABLE)
    for path in sorted((ROOT / "tools" / "translations").glob("[a-z]*.py")):
        spec = importlib.util.spec_from_file_location(path.stem, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for key, value in module.TABLE.items():
            if key in rows and rows[key] != value:
                raise SystemExit(f"{path.name}: {key} is translated differently elsewhere")
            rows[key] = value
    return rows


def main() -> None:
    table = all_rows()
    for i, lang in enumerate(LANGS):
        lines = [
            f"# {NAMES[lang]} translations for arbiter, written by tools/po_table.py.",
            'msgid ""',
            'msgstr ""',
            '"Project-Id-Version: arbiter\\n"',
            f'"Language: {lang}\\n"',
            '"MIME-Version: 1.0\\n"',
            '"Content-Type: text/plain; charset=utf-8\\n"',
            '"Content-Transfer-Encoding: 8bit\\n"',
            f'"Plural-Forms: {PLURALS[lang]}\\n"',
            "",
        ]
        for (context, english), translations in sorted(table.items()):
            if context:
                lines.append(f'msgctxt "{escape(context)}"')
            lines.append(f'msgid "{escape(english)}"')
            lines.append(f'msgstr "{escape(translations[i])}"')
            lines.append("")
        path = ROOT / "src" / "arbiter" / "locales" / lang / "LC_MESSAGES" / "arbiter.po"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(lines), encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}: {len(table)} messages")


if __name__ == "__main__":
    main()
