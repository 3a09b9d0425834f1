"""`pulka serve FOLDER`, a club's evening, through Starlette's test client: the games of the
folder listed under the club's links (each game's own links, the table's for the table, the
scorer's too for the scorer), a new game started from the page with `pulka new`'s checks,
and the secrets' rules as for one game."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from cli_kit import ok, run
from serve_kit import DEALS, PLAYERS, digest, eventually
from starlette.testclient import TestClient

from pulka.web.app import create_club_app
from pulka.web.links import new_secrets

JSON = {"Content-Type": "application/json"}


def post(client: TestClient, path: str, body: object, **headers: str):
    data = body if isinstance(body, (bytes, str)) else json.dumps(body)
    return client.post(path, content=data, headers={**JSON, **headers})


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    club = tmp_path / "club"
    club.mkdir()
    ok("new", club / "first.pulka", "--players", *PLAYERS, "--price", "0.10")
    ok("new", club / "second.pulka", "--players", "A", "B", "C", "--convention", "croatian")
    (club / "notes.txt").write_text("not a game\n")
    return club


@pytest.fixture
def club(folder: Path):
    secrets = new_secrets()
    with TestClient(create_club_app(str(folder), secrets)) as client:
        client.s = f"/{secrets.scorer}/"  # type: ignore[attr-defined]
        client.t = f"/{secrets.table}/"  # type: ignore[attr-defined]
        yield client


def listing(client: TestClient, link: str, lang: str = "en") -> list[dict]:
    answer = client.get(link + f"games?lang={lang}")
    assert answer.status_code == 200
    return answer.json()["games"]


def files(folder: Path) -> dict[str, str]:
    return {p.name: digest(p) for p in sorted(folder.iterdir())}


def test_the_games_of_the_folder_are_listed_with_their_links(club, folder):
    table = listing(club, club.t)
    assert [g["file"] for g in table] == ["first.pulka", "second.pulka"]
    assert table[0]["players"] == list(PLAYERS) and table[1]["players"] == ["A", "B", "C"]
    assert "Croatian" in table[1]["title"] and table[0]["deals"] == 0
    assert all("scorer" not in g for g in table)  # the table's link shows no scorer's link
    scorer = listing(club, club.s)
    assert [g["table"] for g in scorer] == [g["table"] for g in table]
    links = {g["scorer"] for g in scorer} | {g["table"] for g in scorer} | {club.s, club.t}
    assert len(links) == 6  # every link its own secret
    first = scorer[0]
    assert club.get(first["table"] + "state").json()["deals"] == 0
    assert club.get(first["table"]).status_code == 200
    answer = post(club, first["scorer"] + "deals", {"deal": DEALS[0]})
    assert answer.status_code == 201, answer.text
    assert post(club, first["table"] + "deals", {"deal": DEALS[1]}).status_code == 403
    assert listing(club, club.t)[0]["deals"] == 1
    # each game's page leads back to the list, by the link of its own kind
    assert club.get(first["scorer"] + "labels").json()["club"] == club.s
    assert club.get(first["table"] + "labels").json()["club"] == club.t


def test_the_club_pages(club):
    page = club.get(club.t)
    assert page.status_code == 200 and "club.js" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert club.get("/assets/club.js").status_code == 200
    labels = club.get(club.s + "labels?lang=ru").json()
    assert labels["scorer"] is True and labels["folder"] == "club"
    assert labels["labels"]["new_game"] == "Новая игра"
    assert "sochi" in [c["name"] for c in labels["conventions"]]
    table = club.get(club.t + "labels").json()
    assert table["scorer"] is False and table["conventions"] == []
    assert club.get("/" + "x" * 43 + "/games").status_code == 403
    assert club.get(club.t + "state").status_code == 403  # the club's link is no game's


def test_a_new_game_is_started_as_pulka_new_starts_it(club, folder, tmp_path):
    body = {"file": "third", "players": ["Гена", "Дима", "Ева"], "convention": "rostov",
            "price": "0.25", "id": "start-1"}
    answer = post(club, club.s + "new", body)
    assert answer.status_code == 201, answer.text
    started = answer.json()
    assert started["file"] == "third.pulka"
    made = folder / "third.pulka"
    ok("new", tmp_path / "third.pulka", "--players", "Гена", "Дима", "Ева", "--convention",
       "rostov", "--price", "0.25")

    def header(path: Path) -> list[str]:
        return [line for line in path.read_text(encoding="utf-8").splitlines()
                if not line.startswith("created ")]

    assert header(made) == header(tmp_path / "third.pulka")
    again = post(club, club.s + "new", body)  # a double tap: the first answer, no new file
    assert again.status_code == 201 and again.json() == {**started, "repeated": True}
    other = post(club, club.s + "new", {**body, "file": "fourth"})
    assert other.status_code == 409 and not (folder / "fourth.pulka").exists()
    assert eventually(lambda: [g["file"] for g in listing(club, club.s)][-1],
                      "third.pulka") == "third.pulka"
    recorded = post(club, started["scorer"] + "deals", {"deal": "Гена 6s 6 Дима whist 2 Ева whist 2"})
    assert recorded.status_code == 201, recorded.text
    assert eventually(lambda: club.get(started["table"] + "state").json()["deals"], 1) == 1


@pytest.mark.parametrize(("body", "needle"), [
    ({"file": "solo", "players": ["Аня"]}, None),  # pulka new's own refusal, word for word
    ({"file": "dup", "players": ["Аня", "Аня", "Вера"]}, None),
    ({"file": "first", "players": list(PLAYERS)}, "already exists"),
    ({"file": "x", "players": list(PLAYERS), "convention": "nowhere"}, "no convention named"),
    ({"file": "x", "players": list(PLAYERS), "price": "a lot"}, None),
])
def test_a_new_game_refused_says_what_pulka_new_says(club, folder, tmp_path, body, needle):
    before = files(folder)
    answer = post(club, club.s + "new", body)
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]
    if needle is None:
        args = ["new", folder / f"{body['file']}.pulka", "--players", *body["players"]]
        if "price" in body:
            args += ["--price", body["price"]]
        said = run(*args)
        assert said.exit_code != 0
        assert error == said.output.strip().splitlines()[0]
    else:
        assert needle in error and error.startswith("error: ")
    assert files(folder) == before


@pytest.mark.parametrize("name", ["../outside", "a/b", "/tmp/abs", ".hidden", "..", "a\\b",
                                  ".pulka"])
def test_a_new_game_is_made_in_the_folder_alone(club, folder, tmp_path, name):
    before = files(folder)
    answer = post(club, club.s + "new", {"file": name, "players": list(PLAYERS)})
    assert answer.status_code == 422
    assert "one name" in answer.json()["error"]
    assert files(folder) == before
    assert not (tmp_path / "outside.pulka").exists()


@pytest.mark.parametrize("convention", ["/etc/passwd", "../x.yaml", "sochi.yaml"])
def test_a_new_game_names_no_convention_file(club, folder, convention):
    before = files(folder)
    answer = post(club, club.s + "new", {"file": "x", "players": list(PLAYERS),
                                         "convention": convention})
    assert answer.status_code == 422 and "no convention named" in answer.json()["error"]
    assert files(folder) == before


def test_nothing_is_started_without_the_clubs_scorer_secret(club, folder):
    before = files(folder)
    body = {"file": "x", "players": list(PLAYERS)}
    game = listing(club, club.s)[0]
    for link in (club.t, game["scorer"], game["table"], "/" + "A" * 43 + "/"):
        assert post(club, link + "new", body).status_code == 403
    assert post(club, club.s + "new", body, origin="http://evil.example").status_code == 403
    assert post(club, club.s + "new", body, **{"sec-fetch-site": "cross-site"}).status_code == 403
    assert club.post(club.s + "new", content="file=x", headers={
        "Content-Type": "application/x-www-form-urlencoded"}).status_code == 415
    assert post(club, club.s + "new", {"file": "x", "players": "Аня Борис"}).status_code == 400
    assert post(club, club.s + "new", {"file": "x", "players": ["A"] * 6}).status_code == 400
    assert post(club, club.s + "new", {"file": "x" * 101, "players": ["A", "B", "C"]}
                ).status_code == 400
    assert post(club, club.s + "new", {"file": "x", "players": ["A\nB", "C", "D"]}
                ).status_code == 400
    assert post(club, club.s + "new", {"file": "x", "players": ["A", "B"], "path": "/"}
                ).status_code == 400
    assert post(club, club.s + "new", b"{" * 20000).status_code == 413
    assert files(folder) == before


def test_a_game_started_in_a_terminal_is_listed(club, folder):
    ok("new", folder / "late.pulka", "--players", *PLAYERS)
    assert "late.pulka" in [g["file"] for g in listing(club, club.t)]


def test_only_the_folders_own_journals_are_served(tmp_path, folder):
    outside = tmp_path / "outside.pulka"
    ok("new", outside, "--players", *PLAYERS)
    os.symlink(outside, folder / "linked.pulka")  # a link out of the folder: not followed
    (folder / "sub").mkdir()
    ok("new", folder / "sub" / "deep.pulka", "--players", *PLAYERS)
    secrets = new_secrets()
    with TestClient(create_club_app(str(folder), secrets)) as client:
        assert [g["file"] for g in listing(client, f"/{secrets.table}/")] == [
            "first.pulka", "second.pulka"]


def test_the_games_keep_their_links_from_one_evening_to_the_next(folder):
    secrets = new_secrets()
    with TestClient(create_club_app(str(folder), secrets, 8765)) as client:
        first = listing(client, f"/{secrets.scorer}/")
    with TestClient(create_club_app(str(folder), secrets, 8765)) as client:
        assert listing(client, f"/{secrets.scorer}/") == first


def test_pulka_serve_a_folder(folder, tmp_path):
    """The command itself, on 127.0.0.1: the club's two links, the list, a new game."""
    import signal
    import subprocess
    import sys

    import httpx

    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root)}
    process = subprocess.Popen([sys.executable, "-m", "pulka", "serve", str(folder), "--json"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=env)
    try:
        links = json.loads(process.stdout.readline())  # type: ignore[union-attr]
        assert links["table"].startswith("http://127.0.0.1:")
        games = httpx.get(links["table"] + "games").json()["games"]
        assert [g["file"] for g in games] == ["first.pulka", "second.pulka"]
        started = httpx.post(links["scorer"] + "new", json={"file": "late", "players": [
            "Аня", "Борис", "Вера"]})
        assert started.status_code == 201, started.text
        game = links["scorer"].split("/", 3)[0] + "//" + links["scorer"].split("/")[2]
        assert httpx.post(game + started.json()["scorer"] + "deals",
                          json={"deal": DEALS[0]}).status_code == 201
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=20)
    assert process.returncode == 0, err
    assert out == "" and "Traceback" not in err
    assert ok("check", folder / "late.pulka").exit_code == 0
