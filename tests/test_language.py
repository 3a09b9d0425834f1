"""Which language pulka speaks: --lang, then PULKA_LANG, then the locale; English otherwise."""

from __future__ import annotations

import pytest

from pulka import i18n


@pytest.mark.parametrize(("option", "environ", "expected"), [
    (None, {}, "en"),
    (None, {"LANG": "ru_RU.UTF-8"}, "ru"),
    (None, {"LANG": "ru_UA.UTF-8"}, "ru"),
    (None, {"LANG": "de_DE.UTF-8"}, "en"),
    (None, {"LANG": "C"}, "en"),
    (None, {"LANG": "ru_RU.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"}, "en"),
    (None, {"LANG": "en_US.UTF-8", "LC_ALL": "ru_RU.KOI8-R"}, "ru"),
    (None, {"LC_ALL": "C", "LANG": "ru_RU.UTF-8"}, "en"),  # a set LC_ALL decides
    (None, {"LC_ALL": "", "LANG": "ru_RU.UTF-8"}, "ru"),  # an empty one does not
    (None, {"PULKA_LANG": "ru", "LANG": "en_US.UTF-8"}, "ru"),
    (None, {"PULKA_LANG": "RU"}, "ru"),
    (None, {"PULKA_LANG": "xx", "LANG": "ru_RU.UTF-8"}, "ru"),  # an unknown one is passed over
    ("en", {"PULKA_LANG": "ru", "LANG": "ru_RU.UTF-8"}, "en"),
    ("ru", {"LANG": "en_US.UTF-8"}, "ru"),
])
def test_the_language_is_chosen_in_order(option, environ, expected) -> None:
    assert i18n.choose(option, environ) == expected


def test_the_russian_catalog_counts_in_three_forms() -> None:
    i18n.use("ru")
    try:
        forms = [i18n._active.plural(n) for n in (1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 111, 112)]
    finally:
        i18n.use("en")
    # 1 взятка, 2–4 взятки, 5 взяток; 11–14 взяток; 21 взятка, 22 взятки
    assert forms == [0, 1, 1, 2, 2, 2, 2, 0, 1, 2, 2, 2]


def test_the_decimal_separator_follows_the_language() -> None:
    i18n.use("ru")
    try:
        russian = i18n.decimal("0.10")
    finally:
        i18n.use("en")
    assert (russian, i18n.decimal("0.10")) == ("0,10", "0.10")
