"""`pulka serve`'s API through Starlette's test client: every endpoint, every refusal, the
secrets; a refused request writes nothing."""

from __future__ import annotations

import ast
import json
import os
import re
from pathlib import Path

import pytest
from cli_kit import ok
from serve_kit import DEALS, digest, eventually, new_game
from starlette.testclient import TestClient

from pulka.web.app import create_app
from pulka.web.links import new_secrets

JSON = {"Content-Type": "application/json"}


@pytest.fixture
def game(tmp_path: Path) -> Path:
    return new_game(tmp_path)


@pytest.fixture
def served(game: Path):
    secrets = new_secrets()
    with TestClient(create_app(str(game), secrets)) as client:
        client.s = f"/{secrets.scorer}/"  # type: ignore[attr-defined]
        client.t = f"/{secrets.table}/"  # type: ignore[attr-defined]
        yield client


def post(client, path: str, body: object, **headers: str):
    data = body if isinstance(body, (bytes, str)) else json.dumps(body)
    return client.post(path, content=data, headers={**JSON, **headers})


def body_lines(path: Path) -> list[str]:
    return [line for line in path.read_text(encoding="utf-8").splitlines()
            if line[:1].isdigit() or line.startswith(("void", "fix", "restore"))]


def test_the_secrets_are_random_long_and_apart():
    seen = [new_secrets() for _ in range(20)]
    for s in seen:
        assert len(s.scorer) >= 43 and len(s.table) >= 22  # 256 and 128 bits, url-safe
        assert s.scorer != s.table
        assert s.role(s.scorer) == "scorer" and s.role(s.table) == "table"
        assert s.role(s.scorer[:-1]) is None and s.role("") is None
        assert s.role(s.scorer + "x") is None
    assert len({s.scorer for s in seen}) == 20


def test_state_is_show_json(served, game):
    answer = served.get(served.t + "state")
    assert answer.status_code == 200
    data = answer.json()
    shown = json.loads(ok("show", game, "--json").stdout)
    assert {k: v for k, v in data.items() if k in shown} == shown
    assert data["next_number"] == 1 and data["problem"] is None
    assert answer.headers["referrer-policy"] == "no-referrer"
    assert answer.headers["cache-control"] == "no-store"
    assert "default-src 'self'" in answer.headers["content-security-policy"]


def test_a_deal_posted_is_the_line_pulka_add_writes(served, game, tmp_path):
    answer = post(served, served.s + "deals", {"deal": "А 6п 6 Б вист 2 В вист 2"})
    assert answer.status_code == 201, answer.text
    assert answer.json()["line"] == "1. Аня 6s 6 Борис whist 2 Вера whist 2"
    assert answer.json()["number"] == 1
    assert answer.json()["said"] == "Аня 6♠ 6 Борис вист 2 Вера вист 2"
    (tmp_path / "other").mkdir()
    other = new_game(tmp_path / "other")
    ok("add", other, *"А 6п 6 Б вист 2 В вист 2".split())
    assert body_lines(game) == body_lines(other)
    state = served.get(served.t + "state").json()
    assert state["deals"] == 1 and state["pulya"]["Аня"] == 2


def test_a_refusal_is_the_located_message_and_nothing_is_written(served, game):
    before = digest(game)
    answer = post(served, served.s + "deals", {"deal": "Аня 6s 6 Борис whist 2 Аня whist 2"})
    assert answer.status_code == 422
    assert answer.json()["error"].startswith(f"error: {game}: deal 1: ")
    said = post(served, served.s + "deals?lang=ru", {"deal": "Аня 11s"}).json()["error"]
    assert said.startswith(f"ошибка: {game}: ")
    assert digest(game) == before


@pytest.mark.parametrize("what", ["deals", "undo", "redo", "fix", "ask"])
def test_nothing_is_written_without_the_scorers_secret(served, game, what):
    post(served, served.s + "deals", {"deal": DEALS[0]})
    before = digest(game)
    body = {"deal": DEALS[1]} if what == "deals" else (
        {"number": 1, "deal": DEALS[1]} if what == "fix" else (
            {"answers": ["Борис"]} if what == "ask" else {}))
    for prefix in (served.t, "/", "/x/", "/" + served.s.strip("/")[:-1] + "/",
                   served.s.upper(), served.s.replace("/", "//")):
        answer = post(served, prefix + what, body)
        assert answer.status_code in (403, 404, 405), (prefix, answer.status_code)
    assert post(served, served.t + what, body).status_code == 403
    assert post(served, served.t + what, body).json()["error"] == (
        "this link is not this game's, or cannot record")
    assert digest(game) == before


def test_reading_needs_a_secret_too(served):
    for path in ("state", "view", "labels", "sheet.svg", "download/sheet.pdf", "", "events"):
        assert served.get(f"/nothing/{path}").status_code == 403
    assert served.get("/").status_code == 404


def test_a_cross_site_request_records_nothing(served, game):
    before = digest(game)
    deal = {"deal": DEALS[0]}
    assert post(served, served.s + "deals", deal, Origin="http://evil.example").status_code == 403
    assert post(served, served.s + "deals", deal, **{"Sec-Fetch-Site": "cross-site"}
                ).status_code == 403
    form = served.post(served.s + "deals", data={"deal": DEALS[0]})  # an HTML form's post
    assert form.status_code == 415
    plain = served.post(served.s + "deals", content=json.dumps(deal),
                        headers={"Content-Type": "text/plain"})
    assert plain.status_code == 415
    assert digest(game) == before
    same = post(served, served.s + "deals", deal, Origin="http://testserver",
                **{"Sec-Fetch-Site": "same-origin"})
    assert same.status_code == 201


@pytest.mark.parametrize(("body", "status", "needle"), [
    (b"{", 400, "not JSON"),
    (b"\xff\xfe", 400, "not JSON"),
    (b"[1, 2]", 400, "JSON object"),
    (b'{"deal": 6}', 400, "'deal' must be text"),
    (b'{"deal": "x", "who": 1}', 400, "'who' is not a field"),
    (b"{}", 400, "needs the field 'deal'"),
    (b'{"deal": ""}', 422, "the deal is empty"),
    (b'{"deal": "A\\nvoid 1"}', 422, "control character"),
    (b'{"deal": "' + b"x" * 1200 + b'"}', 422, "too long"),
    (b'{"deal": "x", "id": "a b"}', 400, "'id' must be"),
    (b'{"deal": "x", "again": 1}', 400, "'again' must be true or false"),
])
def test_malformed_bodies_are_refused_before_the_ledger(served, game, body, status, needle):
    before = digest(game)
    answer = post(served, served.s + "deals", body)
    assert answer.status_code == status, answer.text
    assert needle in answer.json()["error"]
    assert digest(game) == before


def test_a_fix_needs_a_whole_number(served, game):
    post(served, served.s + "deals", {"deal": DEALS[0]})
    before = digest(game)
    for number in (True, "1", 1.0, 0, -1, None):
        answer = post(served, served.s + "fix", {"number": number, "deal": DEALS[0]})
        assert answer.status_code in (400, 422), (number, answer.text)
    assert post(served, served.s + "fix", {"number": 7, "deal": DEALS[0]}).status_code == 422
    assert digest(game) == before


def test_an_oversize_body_is_refused(served, game):
    before = digest(game)
    big = json.dumps({"deal": "x" * 20000})
    assert post(served, served.s + "deals", big).status_code == 413

    def chunks():  # no Content-Length: the body is cut off as it comes
        for _ in range(40):
            yield b"x" * 1024

    answer = served.post(served.s + "deals", content=chunks(), headers=JSON)
    assert answer.status_code == 413
    assert post(served, served.s + "deals", b"{}", **{"Content-Length": "abc"}).status_code in (
        400, 413)
    assert digest(game) == before


def test_a_retried_submission_records_one_deal(served, game):
    first = post(served, served.s + "deals", {"deal": DEALS[0], "id": "tap-1"})
    again = post(served, served.s + "deals", {"deal": DEALS[0], "id": "tap-1"})
    assert first.status_code == again.status_code == 201
    assert again.json() == {**first.json(), "repeated": True}
    assert len(body_lines(game)) == 1
    other = post(served, served.s + "deals", {"deal": DEALS[1], "id": "tap-1"})
    assert other.status_code == 409
    assert len(body_lines(game)) == 1
    undo = post(served, served.s + "undo", {"id": "u-1"})
    assert post(served, served.s + "undo", {"id": "u-1"}).json()["repeated"] is True
    assert undo.status_code == 200
    assert body_lines(game)[-1] == "void 1"


def test_the_same_deal_twice_is_asked_about(served, game):
    post(served, served.s + "deals", {"deal": DEALS[0]})
    answer = post(served, served.s + "deals", {"deal": DEALS[0]})
    assert answer.status_code == 422 and answer.json()["repeat"] is True
    assert post(served, served.s + "deals", {"deal": DEALS[0], "again": True}).status_code == 201
    assert len(body_lines(game)) == 2


def test_undo_redo_and_fix(served, game):
    for deal in DEALS[:3]:
        assert post(served, served.s + "deals", {"deal": deal}).status_code == 201
    undo = post(served, served.s + "undo", {})
    assert (undo.status_code, undo.json()["line"]) == (200, "void 3")
    empty = served.post(served.s + "redo", headers=JSON)  # no body: nothing to say
    assert (empty.status_code, empty.json()["line"]) == (200, "restore 3")
    nothing = post(served, served.s + "redo", {})
    assert nothing.status_code == 422 and "no deal to bring back" in nothing.json()["error"]
    fixed = post(served, served.s + "fix", {"number": 2, "deal": "Б 7ч 7 В пас А вист 3"})
    assert fixed.status_code == 200, fixed.text
    assert fixed.json()["line"] == "fix 2 Борис 7h 7 Вера pass Аня whist 3"
    assert body_lines(game)[-3:] == ["void 3", "restore 3", fixed.json()["line"]]
    assert ok("check", game).stdout == ""


def test_the_view_in_each_language(served, game):
    post(served, served.s + "deals", {"deal": DEALS[0]})
    ru = served.get(served.t + "view?lang=ru").json()
    en = served.get(served.t + "view", headers={"Accept-Language": "en-GB,en;q=0.8"}).json()
    assert ru["situation"][0] == "сдача 2: сдаёт Борис"
    assert en["situation"][0] == "deal 2: Борис deals"
    assert ru["recent"][0]["text"] == "Аня 6♠ 6 Борис вист 2 Вера вист 2"
    assert en["recent"][0]["text"] == "Аня 6♠ 6 Борис whist 2 Вера whist 2"
    assert ru["distance"]["heading"] == "осталось до закрытия пули 20"
    assert [d["left"] for d in ru["distance"]["left"]] == ["18", "20", "20"]
    assert ru["result"][0] == {"name": "Аня", "whists": "+5 1/3", "money": "+0,54"}
    assert en["payments"] == ["Борис pays Аня 0.27", "Вера pays Аня 0.27"]
    assert en["can_undo"] and not en["can_redo"]
    assert "form" not in en  # (the deal form is asked of the server: test_serve_form.py)
    labels = served.get(served.s + "labels?lang=ru").json()
    assert labels["scorer"] is True and labels["labels"]["record"] == "Записать"
    assert served.get(served.t + "labels").json()["scorer"] is False


def test_the_sheet_is_the_paper_sheet_as_svg(served, game):
    post(served, served.s + "deals", {"deal": DEALS[0]})
    answer = served.get(served.t + "sheet.svg?cols=44&lang=ru")
    assert answer.status_code == 200 and answer.headers["content-type"] == "image/svg+xml"
    svg = answer.text
    assert svg.startswith("<svg ") and ">пуля:<" in svg and ">висты<" in svg and ">Борис:<" in svg
    assert ">2<" in svg  # Аня's pulya: 2
    assert served.get(served.t + "sheet.svg?cols=abc").status_code == 200


def test_the_downloads_are_made_in_memory(served, game):
    post(served, served.s + "deals", {"deal": DEALS[0]})
    files = set(os.listdir(game.parent))
    for kind, start, media in (("workbook.xlsx", b"PK", "spreadsheetml"),
                               ("sheet.pdf", b"%PDF", "application/pdf"),
                               ("blank.pdf", b"%PDF", "application/pdf")):
        answer = served.get(served.t + "download/" + kind + "?lang=ru")
        assert answer.status_code == 200
        assert answer.content.startswith(start) and media in answer.headers["content-type"]
        assert "g." in answer.headers["content-disposition"]
    assert served.get(served.t + "download/..%2Fg.pulka").status_code == 404
    assert served.get(served.t + "download/g.pulka").status_code == 404
    assert set(os.listdir(game.parent)) == files  # nothing written beside the game


def test_the_page_and_its_files_come_from_pulka(served):
    page = served.get(served.t)
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert served.get(served.t.rstrip("/"), follow_redirects=False).status_code == 308
    total = len(page.content)
    for name in ("app.js", "app.css", "icon.svg"):
        answer = served.get("/assets/" + name)
        assert answer.status_code == 200
        total += len(answer.content)
        assert "http://" not in answer.text.replace('"http://www.w3.org/2000/svg"', "")
        assert "https://" not in answer.text
    assert "http" not in page.text.replace("http-equiv", "")
    assert total < 100_000  # well under the 200 KB the issue allows
    for name in ("../app.py", "index.html", "..%2F..%2Fpulka.po", "nothing.js"):
        assert served.get("/assets/" + name).status_code in (403, 404)


def test_a_journal_replaced_while_served_is_said_and_never_written(served, game, tmp_path):
    post(served, served.s + "deals", {"deal": DEALS[0]})
    other = tmp_path / "other.pulka"
    other.write_bytes(game.read_bytes())
    os.replace(other, game)  # an editor saving by rename
    before = digest(game)
    answer = post(served, served.s + "deals", {"deal": DEALS[1]})
    assert answer.status_code == 409
    assert "replaced or deleted while it was served" in answer.json()["error"]
    assert digest(game) == before
    watch = next(iter(served.app.state.games.served.values())).watch
    watch._seen = None  # (look at once, not at the next poll)
    view = served.get(served.t + "view").json()
    assert "replaced or deleted" in (view["problem"] or "") or _after_a_look(served)


def _after_a_look(client) -> bool:
    import time

    deadline = time.monotonic() + 3
    while time.monotonic() < deadline:
        if client.get(client.t + "view").json()["problem"]:
            return True
        time.sleep(0.1)
    return False


def test_a_torn_journal_is_said_and_refused(served, game):
    post(served, served.s + "deals", {"deal": DEALS[0]})
    # (the answer does not wait for the server's next look: let it read the deal first)
    assert eventually(lambda: served.get(served.t + "view").json()["deals"], 1) == 1
    with open(game, "ab") as handle:
        handle.write("2. Борис 7h 6 Вера pa".encode())  # a crash while writing
    before = digest(game)
    assert _after_a_look(served)
    view = served.get(served.t + "view").json()
    assert "cut off" in view["problem"] and view["deals"] == 1  # the last good reading stays
    answer = post(served, served.s + "deals", {"deal": DEALS[1]})
    assert answer.status_code == 422 and "cut off" in answer.json()["error"]
    assert digest(game) == before


@pytest.mark.parametrize("sample", ["sochi-4", "croatian-3", "austrian-3", "swabian-3",
                                    "greek-3", "gusarik-2"])
def test_every_family_has_its_sheet_and_its_deal_form(tmp_path, sample):
    root = Path(__file__).resolve().parent.parent
    game = tmp_path / "g.pulka"
    game.write_bytes((root / "samples" / f"{sample}.pulka").read_bytes())
    secrets = new_secrets()
    with TestClient(create_app(str(game), secrets)) as client:
        view = client.get(f"/{secrets.table}/view?lang=ru").json()
        assert view["problem"] is None and view["deals"] > 0
        svg = client.get(f"/{secrets.table}/sheet.svg?cols=80&lang=ru").text
        assert svg.startswith("<svg ") and all(f">{p}" in svg for p in view["players"])
        asked = post(client, f"/{secrets.scorer}/ask?lang=ru", {"answers": []}).json()
        assert asked["asks"] is True and asked["asked"] == [] and asked["line"] is None
        if view["finished"]:  # nothing more to record, or (the kasa exhausted) refill or end
            assert asked["question"] is None or asked["question"]["id"] == "line"
        else:
            assert asked["question"]["ask"] == "Кто играл?"
        paper = ok("--lang", "ru", "show", game, "--paper").stdout
        assert view["title"] in paper
        # the phone's header: the title in the page's language alone where it has two
        assert view["short_title"] in view["title"] and "(" not in view["short_title"].replace(
            "(5 по 20)", "")
        state = client.get(f"/{secrets.table}/state").json()
        left = {d["name"]: d["left"] for d in view["distance"]["left"]}
        if "pulya" in state:  # each pulya's points left, None once closed
            target = int(re.search(r"\d+", view["distance"]["heading"])[0])
            assert view["distance"]["heading"] == f"осталось до закрытия пули {target}"
            assert left == {p: None if v >= target else str(target - v)
                            for p, v in state["pulya"].items()}
        elif "bule" in state:  # the bule left
            assert view["distance"]["heading"] == "осталось бул"
            assert left == {p: str(v) for p, v in state["bule"].items()}
        else:  # a payment game: the pot's distance to the end, as play says it
            from pulka import i18n, journal
            from pulka.replay import family_of, final_state

            played = journal.read(str(game)).game()
            i18n.use("ru")
            said = family_of(played.table).to_the_end(final_state(played)[0])
            i18n.use("en")
            assert view["distance"] == {"heading": said, "left": []}
            assert said.startswith(("банк: ", "касса: ", "игра кончается"))
        # the settlement's column, in the family's own unit where it is not whists
        assert view["result_heading"] == (None if "pulya" in state or "bule" in state
                                          else "баланс")


def test_a_balkan_game_is_tapped_in_too(tmp_path):
    game = tmp_path / "g.pulka"
    ok("new", game, "--players", "A", "B", "C", "--convention", "croatian")
    secrets = new_secrets()
    with TestClient(create_app(str(game), secrets)) as client:
        asked = post(client, f"/{secrets.scorer}/ask", {"answers": [
            "C", "d", "no", "6", "whist", "2", None, "whist", None]}).json()
        assert asked["question"]["id"] == "contra B"  # (the rest may be left unsaid)
        assert asked["line"] == "C d 6 A whist 2 B whist"
        answer = post(client, f"/{secrets.scorer}/deals", {"deal": asked["line"]})
        assert answer.status_code == 201, answer.text
        assert body_lines(game) == ["1. C d 6 A whist 2 B whist 2"]


def test_the_shared_page_code_reads_no_familys_own_keys():
    """pulka/web and the SVG drawing ask the family (its distances, its presentation), never
    look up or test a key only one family keeps (``report["pulya"]``, ``"bule" in ...``)."""
    from pulka.families import get_family
    from pulka.registry import FAMILIES

    own: set[str] = set()
    for name in FAMILIES:
        shown = get_family(name).presentation
        own |= {*shown.columns, *shown.words, *shown.labels, *shown.negated, *shown.parties}
    own -= {"whists"}  # (every family's settlement has its whists, by that common key)
    root = Path(__file__).resolve().parent.parent / "pulka"
    modules = [*sorted((root / "web").glob("*.py")), root / "render" / "svg.py"]
    found = []
    for path in modules:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            keys: list[ast.expr] = []
            if isinstance(node, ast.Subscript):
                keys = [node.slice]
            elif isinstance(node, ast.Compare):
                keys = [node.left, *node.comparators]
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr == "get" and node.args:
                keys = [node.args[0]]
            found += [f"{path.name}:{node.lineno}: {key.value!r}" for key in keys
                      if isinstance(key, ast.Constant) and key.value in own]
    assert own >= {"pulya", "bule", "gora"} and found == []
