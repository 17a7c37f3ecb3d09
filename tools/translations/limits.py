"""Translations of the limits on what arbiter reads (:mod:`arbiter.limits`) and of the server's
refusals of oversized or hostile requests: (context, English) → ru, ky, kk, mn."""

TABLE: dict[tuple[str, str], tuple[str, str, str, str]] = {
    ("", "{what} is not UTF-8 text (byte {byte})"): (
        "{what}: не текст в UTF-8 (байт {byte})",
        "{what}: UTF-8 тексти эмес (байт {byte})",
        "{what}: UTF-8 мәтіні емес (байт {byte})",
        "{what}: UTF-8 текст биш (байт {byte})",
    ),
    ("", "{what} nests deeper than {limit} levels"): (
        "{what}: вложенность глубже {limit} уровней",
        "{what}: уяланышы {limit} деңгээлден терең",
        "{what}: кірістіру тереңдігі {limit} деңгейден асады",
        "{what}: давхаргын гүн {limit}-аас их",
    ),
    ("", "{what} is not valid JSON (line {line}, column {column}): {reason}"): (
        "{what}: неверный JSON (строка {line}, столбец {column}): {reason}",
        "{what}: JSON туура эмес ({line}-сап, {column}-мамыча): {reason}",
        "{what}: JSON қате ({line}-жол, {column}-баған): {reason}",
        "{what}: JSON буруу ({line}-р мөр, {column}-р багана): {reason}",
    ),
    ("", "{what} is longer than {limit} characters"): (
        "{what}: длиннее {limit} символов",
        "{what}: {limit} белгиден узун",
        "{what}: {limit} таңбадан ұзын",
        "{what}: {limit} тэмдэгтээс урт",
    ),
}
