"""A few hundred hostile requests to `pulka serve` (through the test client): random methods,
paths, headers and bodies, with and without the secrets. None gets a server error, and none
that was not answered with a recorded write changes the journal."""

from __future__ import annotations

import json
import random

import pytest
from serve_kit import DEALS, digest, new_game
from starlette.testclient import TestClient

from pulka.web.app import create_app
from pulka.web.links import new_secrets

WORDS = ["Аня", "Борис", "Вера", "6s", "7h", "misere", "raspasy", "whist", "pass", "half", "end",
         "void", "fix", "1", "10", "-3", "adjust", "gora", "\u202e", "\x00", "💥", "'", '"', ";",
         "../../etc/passwd", "%00", "\\", "\n", " ", "9" * 40]


def junk(rng: random.Random, depth: int = 0) -> object:
    kind = rng.randrange(9 if depth < 3 else 6)
    if kind == 0:
        return rng.choice([None, True, False])
    if kind == 1:
        return rng.choice([0, -1, 1, 2**63, 10**40, 3.5, float("1e308")])
    if kind in (2, 3, 4, 5):
        return " ".join(rng.choice(WORDS) for _ in range(rng.randrange(1, 9)))
    if kind in (6, 7):
        return {rng.choice(["deal", "id", "number", "again", "answers", "x", ""]): junk(rng, depth + 1)
                for _ in range(rng.randrange(0, 4))}
    return [junk(rng, depth + 1) for _ in range(rng.randrange(0, 4))]


def body(rng: random.Random) -> bytes:
    kind = rng.randrange(6)
    if kind == 0:
        return rng.randbytes(rng.randrange(0, 300))
    if kind == 1:
        return json.dumps(junk(rng)).encode()
    if kind == 2:
        return json.dumps({"deal": junk(rng), "id": rng.choice(["a", "a" * 80, "ä", 5])}).encode()
    if kind == 3:
        return json.dumps({"number": junk(rng), "deal": rng.choice(DEALS)}).encode()
    if kind == 4:
        return b'{"deal": "' + rng.choice(WORDS).encode("utf-8", "surrogatepass") + b'"' * rng.randrange(2)
    if kind == 5 and rng.random() < 0.5:  # the deal form's answers, some of them hostile
        return json.dumps({"answers": [rng.choice([*WORDS, None, 5, [], "Аня"])
                                       for _ in range(rng.randrange(0, 12))]}).encode()
    return json.dumps({"deal": " ".join(rng.choice(WORDS) for _ in range(rng.randrange(1, 12)))}
                      ).encode()


@pytest.mark.parametrize("seed", range(3))
def test_hostile_requests_get_no_server_error_and_write_nothing(tmp_path, seed):
    rng = random.Random(seed)
    game = new_game(tmp_path)
    secrets = new_secrets()
    scorer, table = f"/{secrets.scorer}/", f"/{secrets.table}/"
    with TestClient(create_app(str(game), secrets), raise_server_exceptions=False) as client:
        for k in range(120):
            before = digest(game)
            prefix = rng.choice([scorer, scorer, table, "/", "/x/", scorer[:-2] + "/",
                                 scorer + "../", "/assets/"])
            path = prefix + rng.choice(["deals", "undo", "redo", "fix", "ask", "ask", "state", "view",
                                        "events?lang=zz", "sheet.svg?cols=-5", "labels",
                                        "download/blank.pdf", "download/x", "", "app.js",
                                        "deals/", "%2e%2e/deals", "view?lang=" + "r" * 300])
            method = rng.choice(["POST", "POST", "POST", "GET", "PUT", "DELETE", "PATCH",
                                 "OPTIONS", "HEAD"])
            headers = {"Content-Type": rng.choice(["application/json", "text/plain",
                                                   "application/json; charset=latin-1",
                                                   "multipart/form-data", "", "APPLICATION/JSON"])}
            if rng.random() < 0.2:
                headers["Origin"] = rng.choice(["http://testserver", "null", "http://evil"])
            if rng.random() < 0.2:
                headers["Accept-Language"] = rng.choice(["ru", "*", "zz-ZZ;q=x", ",,,", "ru-RU"])
            if "events" in path and method in ("GET", "HEAD"):
                continue  # (a stream: it never ends; tested on a real server)
            answer = client.request(method, path, content=body(rng), headers=headers)
            assert answer.status_code < 500, (k, method, path, answer.text)
            written = answer.status_code in (200, 201) and method == "POST" and \
                prefix == scorer and path.rsplit("/", 1)[1] in ("deals", "undo", "redo", "fix")
            if not written:
                assert digest(game) == before, (k, method, path, answer.status_code)
            if method != "HEAD" and answer.headers.get("content-type", "").startswith(
                    "application/json"):
                said = answer.json()
                assert "Traceback" not in json.dumps(said)


def new_body(rng: random.Random) -> bytes:
    """A new game's body, most of them hostile (names that would reach another file, junk)."""
    kind = rng.randrange(4)
    if kind == 0:
        return body(rng)
    fields: dict[str, object] = {
        "file": rng.choice(["../up", "/tmp/x", "a/b", ".x", "..", "ok", "💥", "x\x00y",
                            "9" * 200, 5, None]),
        "players": rng.choice([["Аня"], ["Аня", "Аня"], [1, 2, 3], "Аня Борис", ["\n", "a", "b"],
                               ["A"] * 9, ["Аня", "Борис", "Вера"]])}
    if kind >= 2:
        fields["convention"] = rng.choice(["/etc/passwd", "../x.yaml", "nowhere", "", 7])
        fields["price"] = rng.choice(["-1", "x", "1e999", "", None])
    if rng.random() < 0.2:
        fields[rng.choice(["path", "id", ""])] = junk(rng)
    return json.dumps(fields).encode()


def test_hostile_requests_to_a_club_start_nothing(tmp_path):
    """A club's links under the same storm: no server error, and nothing made or changed in
    the folder (or beside it) by a request that was not a new game started."""
    from pulka.web.app import create_club_app

    rng = random.Random(7)
    folder = tmp_path / "club"
    folder.mkdir()
    new_game(folder)
    secrets = new_secrets()
    scorer, table = f"/{secrets.scorer}/", f"/{secrets.table}/"

    def everything() -> dict[str, str]:
        return {str(p.relative_to(tmp_path)): digest(p) if p.is_file() else ""
                for p in sorted(tmp_path.rglob("*"))}

    with TestClient(create_club_app(str(folder), secrets), raise_server_exceptions=False) as client:
        for k in range(150):
            before = everything()
            prefix = rng.choice([scorer, scorer, scorer, table, "/x/", scorer + "../"])
            path = prefix + rng.choice(["new", "new", "new", "games", "labels", "", "deals",
                                        "new?lang=ru", "games?lang=" + "z" * 200])
            method = rng.choice(["POST", "POST", "POST", "GET", "PUT", "DELETE"])
            headers = {"Content-Type": rng.choice(["application/json", "text/plain", ""])}
            if rng.random() < 0.2:
                headers["Origin"] = rng.choice(["http://testserver", "null", "http://evil"])
            answer = client.request(method, path, content=new_body(rng), headers=headers)
            assert answer.status_code < 500, (k, method, path, answer.text)
            if answer.status_code != 201:
                assert everything() == before, (k, method, path, answer.status_code)
            else:  # (only the one fit name: ok.pulka, in the folder)
                assert set(everything()) - set(before) == {"club/ok.pulka"}
