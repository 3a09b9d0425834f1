"""A submission retried after `pulka serve` was stopped and started again records nothing
twice: its id is remembered beside the game's links, and an id whose answer was never kept
(the server killed between the journal's line and the answer) is settled by the journal."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from serve_kit import DEALS, digest, new_game
from starlette.testclient import TestClient

from pulka import recorder
from pulka.web import submissions
from pulka.web.app import create_app
from pulka.web.game_now import file_id
from pulka.web.ledger import Ledger
from pulka.web.links import Secrets, kept_path, new_secrets

JSON = {"Content-Type": "application/json"}


def served(game: Path, secrets: Secrets) -> TestClient:
    return TestClient(create_app(str(game), secrets))


def post(client: TestClient, secrets: Secrets, what: str, body: dict):
    return client.post(f"/{secrets.scorer}/{what}", content=json.dumps(body), headers=JSON)


def deal_lines(game: Path) -> list[str]:
    return [line for line in game.read_text(encoding="utf-8").splitlines()
            if line[:1].isdigit() or line.startswith(("void", "restore", "fix"))]


def test_a_retry_after_a_restart_gets_the_first_answer(tmp_path):
    game = new_game(tmp_path)
    secrets = new_secrets()
    with served(game, secrets) as client:
        first = post(client, secrets, "deals", {"deal": DEALS[0], "id": "tap-1"})
        assert first.status_code == 201
        undone = post(client, secrets, "undo", {"id": "tap-2"})
        assert undone.status_code == 200
    before = digest(game)
    with served(game, secrets) as client:  # the server started again
        again = post(client, secrets, "deals", {"deal": DEALS[0], "id": "tap-1"})
        assert again.status_code == 201
        assert again.json() == {**first.json(), "repeated": True}
        assert post(client, secrets, "undo", {"id": "tap-2"}).json() == {
            **undone.json(), "repeated": True}
        assert digest(game) == before  # nothing written
        other = post(client, secrets, "deals", {"deal": DEALS[1], "id": "tap-1"})
        assert other.status_code == 409  # the id of another request
        assert digest(game) == before
    assert deal_lines(game) == ["1. Аня 6s 6 Борис whist 2 Вера whist 2", "void 1"]
    kept = Path(kept_path(str(game), ".ids"))
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600  # the user's alone
    assert secrets.scorer not in kept.read_text() and secrets.table not in kept.read_text()


def test_a_refusal_is_not_kept(tmp_path):
    """A refused request wrote nothing: after a restart the same id is asked again."""
    game = new_game(tmp_path)
    secrets = new_secrets()
    with served(game, secrets) as client:
        assert post(client, secrets, "undo", {"id": "early"}).status_code == 422
    assert not Path(kept_path(str(game), ".ids")).exists()
    recorder.add(str(game), DEALS[0])  # a deal typed in a terminal meanwhile
    with served(game, secrets) as client:
        assert post(client, secrets, "undo", {"id": "early"}).status_code == 200
    assert deal_lines(game)[-1] == "void 1"


def killed_between(game: Path, what: str, *args: str, submission: str) -> None:
    """A write whose line reached the journal, by a server killed before its answer was kept
    (only its intent is in the file)."""
    ledger = Ledger(str(game), file_id(str(game)), kept_path(str(game), ".ids"))
    key = json.dumps([what, {"deal": args[0], "again": False} if args else {}], sort_keys=True)

    def writing(line: str, offset: int) -> None:
        ledger.submissions.intend(submission, key, line, offset)

    if what == "deal":
        recorder.add(str(game), args[0], writing=writing)
    else:
        recorder.undo(str(game), writing=writing)


def test_an_intent_whose_line_is_in_the_journal_is_that_answer(tmp_path):
    game = new_game(tmp_path)
    recorder.add(str(game), DEALS[0])
    killed_between(game, "deal", DEALS[1], submission="lost-answer")
    killed_between(game, "undo", submission="lost-undo")
    before = digest(game)
    secrets = new_secrets()
    with served(game, secrets) as client:
        again = post(client, secrets, "deals", {"deal": DEALS[1], "id": "lost-answer"})
        assert again.status_code == 201
        assert again.json() == {"line": "2. Борис 7h 6 Вера pass Аня whist 4", "number": 2,
                                "repeated": True}
        assert post(client, secrets, "undo", {"id": "lost-undo"}).json() == {
            "line": "void 2", "number": 2, "repeated": True}
    assert digest(game) == before


def test_an_intent_whose_line_never_got_there_is_written_once(tmp_path):
    game = new_game(tmp_path)
    ledger = Ledger(str(game), file_id(str(game)), kept_path(str(game), ".ids"))
    key = json.dumps(["deal", {"deal": DEALS[0], "again": False}], sort_keys=True)
    size = game.stat().st_size  # the line was to go here, but the write failed (rolled back)
    ledger.submissions.intend("never", key, "1. Аня 6s 6 Борис whist 2 Вера whist 2", size)
    secrets = new_secrets()
    with served(game, secrets) as client:
        first = post(client, secrets, "deals", {"deal": DEALS[0], "id": "never"})
        assert first.status_code == 201 and "repeated" not in first.json()
        assert post(client, secrets, "deals", {"deal": DEALS[0], "id": "never"}).json()[
            "repeated"] is True
    assert deal_lines(game) == ["1. Аня 6s 6 Борис whist 2 Вера whist 2"]


def test_an_intent_of_a_line_written_elsewhere_is_not_taken(tmp_path):
    """The offset holds another line (a terminal wrote there once the failed write was taken
    back): the submission was not recorded, and is now."""
    game = new_game(tmp_path)
    ledger = Ledger(str(game), file_id(str(game)), kept_path(str(game), ".ids"))
    key = json.dumps(["deal", {"deal": DEALS[1], "again": False}], sort_keys=True)
    ledger.submissions.intend("other", key, "1. Борис 7h 6 Вера pass 1 Аня whist 4",
                              game.stat().st_size)
    recorder.add(str(game), DEALS[0])
    secrets = new_secrets()
    with served(game, secrets) as client:
        assert post(client, secrets, "deals", {"deal": DEALS[1], "id": "other"}).json()[
            "number"] == 2
    assert len(deal_lines(game)) == 2


def test_the_ids_of_another_file_at_that_path_are_not_taken(tmp_path):
    game = new_game(tmp_path)
    secrets = new_secrets()
    with served(game, secrets) as client:
        assert post(client, secrets, "deals", {"deal": DEALS[0], "id": "x1"}).status_code == 201
    game.unlink()
    new_game(tmp_path)  # a new game in the same file
    with served(game, secrets) as client:
        answer = post(client, secrets, "deals", {"deal": DEALS[0], "id": "x1"})
        assert answer.status_code == 201 and "repeated" not in answer.json()
    assert len(deal_lines(game)) == 1


def test_a_kept_file_that_is_not_the_users_alone_is_not_read(tmp_path):
    game = new_game(tmp_path)
    secrets = new_secrets()
    with served(game, secrets) as client:
        assert post(client, secrets, "deals", {"deal": DEALS[0], "id": "y1"}).status_code == 201
    kept = Path(kept_path(str(game), ".ids"))
    os.chmod(kept, 0o644)  # others may read it: not trusted, not written
    size = kept.stat().st_size
    with served(game, secrets) as client:
        answer = post(client, secrets, "deals", {"deal": DEALS[0], "id": "y1", "again": True})
        assert answer.status_code == 201 and "repeated" not in answer.json()
    assert kept.stat().st_size == size


def test_a_torn_record_is_passed_over(tmp_path):
    game = new_game(tmp_path)
    secrets = new_secrets()
    with served(game, secrets) as client:
        assert post(client, secrets, "deals", {"deal": DEALS[0], "id": "z1"}).status_code == 201
    kept = Path(kept_path(str(game), ".ids"))
    with open(kept, "ab") as handle:
        handle.write(b'{"id": "z2", "key": "[\\"deal\\"')  # cut off by a crash
    with served(game, secrets) as client:
        assert post(client, secrets, "deals", {"deal": DEALS[0], "id": "z1"}).json()["repeated"]
        assert post(client, secrets, "deals", {"deal": DEALS[1], "id": "z2"}).status_code == 201
    assert len(deal_lines(game)) == 2


def test_the_kept_ids_stay_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(submissions, "REMEMBERED", 4)
    game = new_game(tmp_path)
    kept = kept_path(str(game), ".ids")
    store = submissions.Submissions(kept, str(game))
    for n in range(30):
        store.intend(f"s{n}", "k", f"void {n}", n)
        store.done(f"s{n}", "k", (200, {"line": f"void {n}", "number": n}))
        assert len(Path(kept).read_text().splitlines()) <= 2 * 4
    again = submissions.Submissions(kept, str(game))
    assert list(again.known) == ["s26", "s27", "s28", "s29"]


@pytest.mark.parametrize(("line", "number"), [("12. Аня 6s 6", 12), ("void 7", 7),
                                              ("restore 3", 3), ("fix 4 Вера misere 0", 4)])
def test_the_number_of_a_line(line, number):
    assert submissions.number_of(line) == number
