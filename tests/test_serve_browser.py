"""`pulka serve` in a real browser: headless Chromium (Debian's package) driven by Playwright,
on a 360×740 phone. The scorer taps in five deals of different kinds (and types one in the
notation), undoes and redoes one, sees a refusal; a second page on the table's link shows each
change within a second. Screenshots of both pages, in Russian and in English, are kept
(``PULKA_SCREENSHOTS=folder`` keeps them there; they were looked at when this was written).

Skips where Chromium or Playwright is missing. All traffic is to 127.0.0.1."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest
from serve_kit import Live, digest, new_game

playwright = pytest.importorskip("playwright.sync_api")

CHROMIUM = os.environ.get("PULKA_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
#: a machine with no internet: Chromium is told not to reach for it
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"width": 360, "height": 740}

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="no Chromium on this machine"),
]


@pytest.fixture(scope="module")
def browser():
    with playwright.sync_playwright() as p:
        try:
            launched = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        except playwright.Error as exc:  # an install that cannot start
            pytest.skip(f"Chromium does not start here: {exc}")
        yield launched
        launched.close()


def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("PULKA_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def tap(page, question: str, answer: str) -> None:
    page.locator(f'.q[data-q="{question}"]').get_by_role("button", name=answer,
                                                         exact=True).click()


def first_deal(page) -> str:
    return page.locator("#recent li .n").first.text_content() or ""


def recorded(scorer, table, number: int, started: float) -> float:
    """Wait for the scorer's page to say the write went through, then for the table's page to
    show deal ``number`` first; the seconds from the scorer's answer to the table's."""
    scorer.wait_for_selector(".said.ok", timeout=10_000)
    answered = time.monotonic()
    table.wait_for_function(
        f"() => (document.querySelector('#recent li .n') || {{}}).textContent === '{number}.'",
        timeout=5_000)
    return time.monotonic() - answered


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_scorer_taps_deals_and_the_table_sees_them(browser, tmp_path, lang):
    game = new_game(tmp_path)
    words = {"ru": {"whist": "вист", "pass": "пас", "raspasy": "распасы", "misere": "мизер",
                    "error": "ошибка: ", "record": "Записать"},
             "en": {"whist": "whist", "pass": "pass", "raspasy": "raspasy", "misere": "misere",
                    "error": "error: ", "record": "Record"}}[lang]
    with Live(game) as live:
        scorer_context = browser.new_context(viewport=PHONE, locale=lang)
        table_context = browser.new_context(viewport=PHONE, locale=lang)
        scorer = scorer_context.new_page()
        table = table_context.new_page()
        problems: list[str] = []
        for page in (scorer, table):
            page.on("pageerror", lambda exc: problems.append(str(exc)))
            page.on("requestfailed", lambda r: problems.append(r.url)
                    if "127.0.0.1" not in r.url else None)
        scorer.goto(live.scorer)
        table.goto(live.table)
        scorer.wait_for_selector('.q[data-q="who"] button')
        table.wait_for_selector("#situation li")
        assert table.locator("#scoring").is_hidden()  # the table's link only views
        delays = []

        def record(number: int) -> None:
            started = time.monotonic()
            scorer.locator("#record").click()
            delays.append(recorded(scorer, table, number, started))

        # 1. a six of spades, both whist
        for question, answer in [("who", "Аня"), ("level", "6"), ("suit", "♠"), ("taken", "6"),
                                 ("answer Аня Борис", words["whist"]), ("tricks Аня Борис", "2"),
                                 ("answer Аня Вера", words["whist"])]:
            tap(scorer, question, answer)
        assert scorer.locator("#line").text_content() == "Аня 6s 6 Борис whist 2 Вера whist"
        record(1)
        # 2. seven hearts, a lone whister (the passer's tricks not said)
        for question, answer in [("who", "Борис"), ("level", "7"), ("suit", "♥"), ("taken", "6"),
                                 ("answer Борис Вера", words["pass"]),
                                 ("answer Борис Аня", words["whist"]), ("tricks Борис Аня", "4")]:
            tap(scorer, question, answer)
        record(2)
        # 3. raspasy
        for question, answer in [("who", words["raspasy"]), ("raspasy Аня", "4"),
                                 ("raspasy Борис", "0"), ("raspasy Вера", "6")]:
            tap(scorer, question, answer)
        assert scorer.locator("#line").text_content() == "raspasy Аня 4 Борис 0 Вера 6"
        record(3)
        # 4. a misère, clean
        for question, answer in [("who", "Вера"), ("level", words["misere"]), ("taken", "0")]:
            tap(scorer, question, answer)
        record(4)
        # 5. typed in the notation, in the players' words
        scorer.locator("#typed").fill("Б 8б 8 В пас А вист 1")
        started = time.monotonic()
        scorer.locator("#record-typed").click()
        delays.append(recorded(scorer, table, 5, started))
        assert "Борис 8♦ 8" in (table.locator("#recent li").first.text_content() or "")
        # undo deal 5 and redo it
        scorer.locator("#undo").click()
        table.wait_for_function("() => document.querySelector('#recent li .n').textContent"
                                " === '4.'", timeout=5_000)
        scorer.wait_for_function("() => !document.querySelector('#redo').disabled")
        scorer.locator("#redo").click()
        started = time.monotonic()
        delays.append(recorded(scorer, table, 5, started))
        # a refusal: said on the page, located; nothing written
        before = digest(game)
        scorer.locator("#typed").fill("Аня 6s 6 Борис whist 2 Аня whist 2")
        scorer.locator("#record-typed").click()
        refusal = scorer.wait_for_selector(".said.refused", timeout=5_000)
        said = refusal.text_content() or ""
        assert said.startswith(words["error"] + str(game) + ":"), said
        assert digest(game) == before
        folder = shots(tmp_path)
        scorer.screenshot(path=str(folder / f"serve-scorer-{lang}.png"), full_page=True)
        table.screenshot(path=str(folder / f"serve-table-{lang}.png"), full_page=True)
        table.screenshot(path=str(folder / f"serve-phone-{lang}.png"))  # the first screen
        sheet = table.locator("#sheet")
        assert sheet.evaluate("img => img.complete && img.naturalWidth > 0")
        assert max(delays) < 1.0, delays
        assert problems == []
        lines = [line for line in game.read_text(encoding="utf-8").splitlines()
                 if line[:1].isdigit() or line.startswith(("void", "restore"))]
        assert lines == ["1. Аня 6s 6 Борис whist 2 Вера whist 2",
                         "2. Борис 7h 6 Вера pass Аня whist 4",
                         "3. raspasy Аня 4 Борис 0 Вера 6",
                         "4. Вера misere 0",
                         "5. Борис 8d 8 Вера pass 1 Аня whist 1",
                         "void 5", "restore 5"]
        scorer_context.close()
        table_context.close()


def test_a_phone_that_lost_the_server_catches_up(browser, tmp_path):
    """The server stops and starts again on the same port and links; the page reconnects by
    itself and shows what was recorded meanwhile."""
    from cli_kit import ok

    from pulka.web.links import new_secrets

    game = new_game(tmp_path)
    secrets = new_secrets()
    context = browser.new_context(viewport=PHONE, locale="en")
    page = context.new_page()
    with Live(game, secrets) as live:
        port = live.port
        page.goto(live.table)
        page.wait_for_selector("#live:not(.off)")
    page.wait_for_selector("#live.off", timeout=10_000)
    ok("add", game, *"Аня 6s 6 Борис whist 2 Вера whist 2".split())  # while it was down
    with Live(game, secrets, port):
        page.wait_for_function("() => (document.querySelector('#recent li .n') || {})"
                               ".textContent === '1.'", timeout=10_000)
        assert page.locator("#live").get_attribute("class") == "live"
    context.close()
