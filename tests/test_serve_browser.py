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
    """Tap an answer of the question being asked (the server's next question)."""
    page.locator(f'.q:not(.done)[data-q="{question}"]').get_by_role(
        "button", name=answer, exact=True).click()


def offered(page, question: str) -> list[str]:
    """The answers the question being asked offers, once it is asked."""
    asked = page.locator(f'.q:not(.done)[data-q="{question}"] button')
    asked.first.wait_for(timeout=5_000)
    return asked.all_text_contents()


def line_is(page, text: str) -> None:
    """Wait for the deal line the answers make (the server says it once it is whole)."""
    page.wait_for_function("text => document.querySelector('#line').textContent === text",
                           arg=text, timeout=5_000)


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
                    "error": "ошибка: ", "record": "Записать", "not_said": "не сказано"},
             "en": {"whist": "whist", "pass": "pass", "raspasy": "raspasy", "misere": "misere",
                    "error": "error: ", "record": "Record", "not_said": "not said"}}[lang]
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
        scorer.wait_for_selector('.q[data-q="declarer"] button')
        table.wait_for_selector("#situation li")
        assert table.locator("#scoring").is_hidden()  # the table's link only views
        delays = []

        def record(number: int) -> None:
            started = time.monotonic()
            scorer.locator("#record").click()
            delays.append(recorded(scorer, table, number, started))

        # 1. a six of spades, both whist (the last whister's tricks left unsaid: they follow)
        for question, answer in [("declarer", "Аня"), ("contract", "6♠"), ("tricks Аня", "6"),
                                 ("answer Борис", words["whist"]), ("tricks Борис", "2"),
                                 ("answer Вера", words["whist"])]:
            tap(scorer, question, answer)
        line_is(scorer, "Аня 6s 6 Борис whist 2 Вера whist")
        # tricks never add up past ten: Вера is offered 0 to 2
        counts = offered(scorer, "tricks Вера")
        assert counts == ["0", "1", "2", words["not_said"]]
        record(1)
        # 2. seven hearts, a lone whister (the passer's tricks not said)
        for question, answer in [("declarer", "Борис"), ("contract", "7♥"), ("tricks Борис", "6"),
                                 ("answer Вера", words["pass"]), ("tricks Вера", words["not_said"]),
                                 ("answer Аня", words["whist"]), ("tricks Аня", "4")]:
            tap(scorer, question, answer)
        line_is(scorer, "Борис 7h 6 Вера pass Аня whist 4")
        record(2)
        # 3. raspasy
        for question, answer in [("declarer", words["raspasy"]), ("tricks Аня", "4"),
                                 ("tricks Борис", "0"), ("tricks Вера", "6")]:
            tap(scorer, question, answer)
        line_is(scorer, "raspasy Аня 4 Борис 0 Вера 6")
        record(3)
        # 4. a misère, clean (the contracts laid out a level a row, the misère under them)
        tap(scorer, "declarer", "Вера")
        grid = offered(scorer, "contract")
        assert grid[:5] == ["6♠", "6♣", "6♦", "6♥", {"ru": "6БК", "en": "6NT"}[lang]]
        assert grid[-1] == words["misere"] and len(grid) == 26
        rows = scorer.locator('.q:not(.done)[data-q="contract"] .choices.grid')
        assert rows.count() == 5
        for question, answer in [("contract", words["misere"]), ("tricks Вера", "0")]:
            tap(scorer, question, answer)
        line_is(scorer, "Вера misere 0")
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


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_payment_table_is_tapped_in_from_its_own_questions(browser, tmp_path, lang):
    """An Illustrated table: a suit contract with its invitation and claim, an extra with
    its contra; an answer changed by tapping it again (the question is asked anew); every
    deal recorded as `pulka add` of its line records it."""
    from cli_kit import ok

    game = tmp_path / "g.pulka"
    ok("new", game, "--players", "Аня", "Борис", "Вера", "--convention", "illustrated")
    words = {"ru": {"yes": "да", "no": "нет", "whist": "вист", "pass": "пас", "down": "без",
                    "contra": "контра", "aces": "четыре туза", "nothing": "ничего",
                    "bettel": "беттель", "durchmarsch": "дурхмарш"},
             "en": {"yes": "yes", "no": "no", "whist": "whist", "pass": "pass", "down": "down",
                    "contra": "contra", "aces": "four aces", "nothing": "nothing",
                    "bettel": "bettel", "durchmarsch": "durchmarsch"}}[lang]
    with Live(game) as live:
        context = browser.new_context(viewport=PHONE, locale=lang)
        page = context.new_page()
        problems: list[str] = []
        page.on("pageerror", lambda exc: problems.append(str(exc)))
        page.goto(live.scorer)
        assert offered(page, "declarer") == ["Аня", "Борис", "Вера", {"ru": "все-пас",
                                                                      "en": "allpass"}[lang],
                                             {"ru": "конец", "en": "end"}[lang]]
        # 1. hearts from the hand, Борис plays alone and invites Аня, four aces
        for question, answer in [("declarer", "Вера"), ("contract", "♥"),
                                 ("no_talon", words["yes"]), ("answer Аня", words["whist"])]:
            tap(page, question, answer)
        # Аня did not play after all: her answer tapped again is asked anew
        page.locator('.q.done[data-q="answer Аня"] button').click()
        for question, answer in [("answer Аня", words["pass"]), ("answer Борис", words["whist"]),
                                 ("invite Борис", words["yes"]), ("tricks Вера", "7")]:
            tap(page, question, answer)
        assert offered(page, "tricks Борис") == ["0", "1", "2", "3"]  # (Аня has the rest)
        tap(page, "tricks Борис", "2")
        assert offered(page, "mark") == [words["aces"], {"ru": "нет тузов",
                                                         "en": "no aces"}[lang], words["nothing"]]
        line_is(page, "Вера h igra invite 7 Аня pass 1 Борис whist 2")  # (no claim yet)
        tap(page, "mark", words["aces"])
        line_is(page, "Вера h igra invite 7 Аня pass 1 Борис whist 2 aces")
        page.locator("#record").click()
        page.wait_for_selector(".said.ok", timeout=10_000)
        # 2. an extra: made or down, then each defender's contra (no defence, no claim)
        page.wait_for_function("() => !document.querySelector('.q.done')", timeout=5_000)
        tap(page, "declarer", "Борис")
        assert words["bettel"] in offered(page, "contract")
        for question, answer in [("contract", words["durchmarsch"]), ("no_talon", words["no"]),
                                 ("made", words["down"]), ("contra Вера", words["contra"])]:
            tap(page, question, answer)
        line_is(page, "Борис durchmarsch down Вера contra")
        folder = shots(tmp_path)
        page.screenshot(path=str(folder / f"serve-illustrated-{lang}.png"))
        page.locator("#record").click()
        page.wait_for_function("() => document.querySelector('#recent li .n')"
                               " && document.querySelector('#recent li .n').textContent === '2.'",
                               timeout=10_000)
        assert problems == []
        context.close()
    control = tmp_path / "control.pulka"
    ok("new", control, "--players", "Аня", "Борис", "Вера", "--convention", "illustrated")
    for deal in ("Вера h igra invite 7 Аня pass 1 Борис whist 2 aces",
                 "Борис durchmarsch down Вера contra"):
        ok("add", control, *deal.split())
    made = [line for line in game.read_text(encoding="utf-8").splitlines() if line[:1].isdigit()]
    assert made == [line for line in control.read_text(encoding="utf-8").splitlines()
                    if line[:1].isdigit()]


def test_a_clubs_evening_lists_its_games_and_starts_a_new_one(browser, tmp_path):
    """``pulka serve FOLDER`` on a phone: the list of the folder's games on the table's link
    and on the scorer's; the scorer starts a new game from the page (a refusal first: one
    player), lands on its page and records a deal; the table's list shows the new game."""
    from cli_kit import ok

    folder = tmp_path / "club"
    folder.mkdir()
    new_game(folder)
    ok("new", folder / "greek.pulka", "--players", "Άννα", "Βασίλης", "Γιώργος",
       "--convention", "greek")
    with Live(folder) as live:
        table_context = browser.new_context(viewport=PHONE, locale="ru-RU")
        scorer_context = browser.new_context(viewport=PHONE, locale="ru-RU")
        table, scorer = table_context.new_page(), scorer_context.new_page()
        problems: list[str] = []
        for page in (table, scorer):
            page.on("pageerror", lambda exc: problems.append(str(exc)))
            page.on("requestfailed", lambda r: problems.append(r.url)
                    if not r.url.startswith("http://127.0.0.1") else None)
        table.goto(live.table)
        scorer.goto(live.scorer)
        table.wait_for_selector(".game")
        scorer.wait_for_selector(".game")
        assert table.locator(".game").count() == 2
        assert table.locator("#starting").is_hidden()  # the table's link starts nothing
        assert table.get_by_role("link", name="Записывать").count() == 0
        assert scorer.get_by_role("link", name="Записывать").count() == 2
        folder_shots = shots(tmp_path)
        scorer.screenshot(path=str(folder_shots / "serve-club-ru.png"), full_page=True)
        # a refusal: pulka new's own words, nothing made
        scorer.locator("#players").fill("Гена")
        scorer.locator("#start").click()
        refusal = scorer.wait_for_selector(".said.refused", timeout=5_000)
        assert (refusal.text_content() or "").startswith("ошибка: ")
        assert sorted(p.name for p in folder.iterdir()) == ["g.pulka", "greek.pulka"]
        scorer.locator("#players").fill("Гена, Дима, Ева")
        scorer.locator("#convention").select_option("rostov")
        scorer.locator("#price").fill("0.25")
        scorer.locator("#file").fill("пятница")
        scorer.locator("#start").click()
        scorer.wait_for_url(lambda url: url != live.scorer, timeout=5_000)
        scorer.wait_for_selector("#recent")
        scorer.locator("#typed").fill("Гена 6s 6 Дима whist 2 Ева whist 2")
        scorer.locator("#record-typed").click()
        scorer.wait_for_selector(".said.ok", timeout=10_000)
        assert scorer.locator("#club").get_attribute("href") == "/" + live.secrets.scorer + "/"
        scorer.screenshot(path=str(folder_shots / "serve-club-game-ru.png"))  # its first screen
        table.wait_for_function("() => document.querySelectorAll('.game').length === 3",
                                timeout=5_000)
        table.screenshot(path=str(folder_shots / "serve-club-table-ru.png"), full_page=True)
        assert "Ростов" in (table.locator(".game").nth(2).text_content() or "")
        assert problems == []
        scorer_context.close()
        table_context.close()
    made = (folder / "пятница.pulka").read_text(encoding="utf-8")
    assert "players Гена Дима Ева" in made and "1. Гена 6s 6 Дима whist 2 Ева whist 2" in made
