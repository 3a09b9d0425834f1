"""`pulka serve` on a real server (127.0.0.1 only): the change stream within a second of any
change to the journal, whoever made it; two phones and a terminal recording at once; a page
that was away catching up; the command itself (--json, Ctrl-C, no secret in its log)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest
from serve_kit import DEALS, Live, digest, events, new_game

ROOT = Path(__file__).resolve().parent.parent


def pulka(*args: object, env: dict | None = None) -> subprocess.CompletedProcess:
    """`pulka ARGS...` in a process of its own (a terminal beside the server)."""
    return subprocess.run([sys.executable, "-m", "pulka", *map(str, args)], capture_output=True,
                          text=True, timeout=60, cwd=ROOT, env=env)


def test_a_change_from_anywhere_reaches_the_page_within_a_second(tmp_path):
    game = new_game(tmp_path)
    with Live(game) as live, events(live.table + "events?lang=ru") as changes:
        assert next(changes)["deals"] == 0
        timings = []
        for write in ("terminal", "phone", "undo"):
            started = time.monotonic()
            if write == "terminal":
                assert pulka("add", game, *DEALS[0].split()).returncode == 0
            elif write == "phone":
                answer = httpx.post(live.scorer + "deals", json={"deal": DEALS[1]})
                assert answer.status_code == 201
            else:
                assert httpx.post(live.scorer + "undo", json={}).status_code == 200
            change = next(changes)
            timings.append(time.monotonic() - started)
            if write == "terminal":  # (the terminal's process start is in the time too)
                assert change["recent"][0]["text"] == "Аня 6♠ 6 Борис вист 2 Вера вист 2"
        assert change["deals"] == 1
        assert max(timings) < 1.0 + 3.0 * (timings[0] == max(timings)), timings
        assert sorted(timings)[1] < 1.0


def test_a_page_that_was_away_catches_up(tmp_path):
    game = new_game(tmp_path)
    with Live(game) as live:
        with events(live.table + "events?lang=en") as changes:
            assert next(changes)["deals"] == 0
        for deal in DEALS[:3]:  # while the phone was away
            assert httpx.post(live.scorer + "deals", json={"deal": deal}).status_code == 201
        with events(live.table + "events?lang=en") as changes:
            back = next(changes)
        assert back["deals"] == 3 and back["recent"][0]["number"] == 3
        with events(live.table + "events") as changes:  # a bot's stream: the state
            state = next(changes)
        assert state["deals"] == 3 and "gora" in state


RASPASY = [(a, b, 10 - a - b) for a in range(1, 9) for b in range(1, 10 - a)]  # no trick 0


def test_two_phones_and_a_terminal_record_at_once(tmp_path):
    game = new_game(tmp_path)
    acknowledged: list[tuple[int, str]] = []
    lock = threading.Lock()

    def phone(deals: list[tuple[int, int, int]], tag: str) -> None:
        with httpx.Client(timeout=30) as client:
            for k, (a, b, c) in enumerate(deals):
                body = {"deal": f"raspasy Аня {a} Борис {b} Вера {c}", "again": True,
                        "id": f"{tag}-{k}"}
                answer = client.post(live.scorer + "deals", json=body)
                assert answer.status_code == 201, answer.text
                if k % 3 == 0:  # a double tap: the same submission again
                    again = client.post(live.scorer + "deals", json=body)
                    assert again.json()["repeated"] is True
                with lock:
                    acknowledged.append((answer.json()["number"], answer.json()["line"]))

    with Live(game) as live:
        threads = [threading.Thread(target=phone, args=(RASPASY[k::2][:12], f"p{k}"))
                   for k in range(2)]
        for t in threads:
            t.start()
        for a, b, c in RASPASY[-4:]:  # the terminal, at the same time
            done = pulka("add", game, "--again", "raspasy", "Аня", a, "Борис", b, "Вера", c)
            assert done.returncode == 0, done.stderr
        for t in threads:
            t.join(60)
    lines = [line for line in game.read_text(encoding="utf-8").splitlines() if line[:1].isdigit()]
    assert len(lines) == 24 + 4
    assert [int(line.split(".")[0]) for line in lines] == list(range(1, 29))
    for number, line in acknowledged:  # each acknowledged deal once, with its number
        assert lines[number - 1] == line
    assert len({n for n, _ in acknowledged}) == len(acknowledged) == 24
    assert pulka("check", game).returncode == 0


def test_pulka_serve_json_then_ctrl_c(tmp_path):
    game = new_game(tmp_path)
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state"), "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-m", "pulka", "serve", str(game), "--json"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                               cwd=tmp_path)
    try:
        links = json.loads(process.stdout.readline())  # type: ignore[union-attr]
        assert set(links) == {"scorer", "table"}
        assert links["scorer"].startswith("http://127.0.0.1:")
        assert httpx.get(links["table"] + "state").json()["deals"] == 0
        answer = httpx.post(links["scorer"] + "deals", json={"deal": DEALS[0]})
        assert answer.status_code == 201
        assert httpx.post(links["table"] + "deals", json={"deal": DEALS[1]}).status_code == 403
        httpx.get(links["scorer"][:-5] + "nope/state")
    finally:
        process.send_signal(signal.SIGINT)
        out = process.stdout.read()  # type: ignore[union-attr]
        err = process.stderr.read()  # type: ignore[union-attr]
        process.wait(20)
    assert process.returncode == 0, err
    assert out == ""  # --json: the one line, and nothing else
    secret = links["scorer"].rstrip("/").rsplit("/", 1)[1]
    assert secret not in err and links["table"].rstrip("/").rsplit("/", 1)[1] not in err
    assert "Traceback" not in err
    assert pulka("check", game).returncode == 0
    # started again: the same links, so the phones find it
    again = subprocess.Popen([sys.executable, "-m", "pulka", "serve", str(game), "--json"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                             cwd=tmp_path)
    try:
        assert json.loads(again.stdout.readline()) == links  # type: ignore[union-attr]
    finally:
        again.send_signal(signal.SIGINT)
        again.communicate(timeout=20)


def test_pulka_serve_prints_the_links_and_their_qr_codes(tmp_path):
    game = new_game(tmp_path)
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state"), "PYTHONPATH": str(ROOT),
           "PYTHONIOENCODING": "utf-8"}
    said = tmp_path / "said.txt"
    with open(said, "wb") as out:
        process = subprocess.Popen([sys.executable, "-m", "pulka", "serve", str(game), "--lang",
                                    "ru"], stdout=out, stderr=subprocess.PIPE, env=env)
    try:
        deadline = time.monotonic() + 30
        while b"Ctrl-C" not in said.read_bytes():
            assert time.monotonic() < deadline and process.poll() is None
            time.sleep(0.05)
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=20)
    text = said.read_text(encoding="utf-8")
    assert "Ссылка записывающего" in text and "Ссылка стола" in text
    assert text.count("http://127.0.0.1:") == 2, text
    assert "▀" in text and "█" in text  # the QR codes
    assert "pulka serve остановлен" in text


def test_a_journal_that_does_not_read_is_not_served(tmp_path):
    game = new_game(tmp_path)
    with open(game, "ab") as handle:
        handle.write(b"1. nonsense here\n")
    before = digest(game)
    done = pulka("serve", game, "--json")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"error: {game}:") and "Traceback" not in done.stderr
    assert digest(game) == before


class Phone(threading.Thread):
    """A table's page as a phone keeps it: its change stream, opened again whenever the
    connection drops (the browser's EventSource does so), until it has seen ``until`` deals."""

    def __init__(self, address: str, until: int) -> None:
        super().__init__(daemon=True)
        self.address, self.until = address, until
        self.seen: list[int] = []
        self.connections = 0

    def run(self) -> None:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and (not self.seen or self.seen[-1] < self.until):
            try:
                with events(self.address, timeout=5) as changes:
                    self.connections += 1
                    for change in changes:
                        self.seen.append(change["deals"])
                        if change["deals"] >= self.until:
                            return
            except (httpx.HTTPError, AssertionError):
                time.sleep(0.2)  # the server is away: try again


@pytest.mark.slow
def test_a_long_session_with_a_restart(tmp_path):
    """200 deals tapped in one after the other; the server stopped and started again in the
    middle (the same links); the phone sends again the taps whose answers it lost, with the
    same ids, and its page's stream reconnects by itself: one deal for each tap, every one."""
    from pulka.web.links import new_secrets

    game = new_game(tmp_path, "--pulya", "1000")
    secrets = new_secrets()
    port = 0

    def body(k: int) -> dict:
        a, b, c = RASPASY[k % len(RASPASY)]
        return {"deal": f"raspasy Аня {a} Борис {b} Вера {c}", "again": True, "id": f"long-{k}"}

    phone: Phone | None = None
    for half in range(2):
        with Live(game, secrets, port) as live:
            port = live.port
            if phone is None:
                phone = Phone(live.table + "events?lang=ru", 200)
                phone.start()
            with httpx.Client(timeout=30) as client:
                if half:  # the answers of the last taps before the restart were lost
                    for k in range(95, 100):
                        answer = client.post(live.scorer + "deals", json=body(k))
                        assert answer.status_code == 201
                        assert answer.json()["repeated"] is True
                        assert answer.json()["number"] == k + 1
                for k in range(100 * half, 100 * half + 100):
                    answer = client.post(live.scorer + "deals", json=body(k))
                    assert answer.status_code == 201 and answer.json()["number"] == k + 1
                if not half:  # and the very last, sent twice (a double tap)
                    assert client.post(live.scorer + "deals", json=body(99)).json()["repeated"]
            if half:
                phone.join(30)
    assert phone is not None and not phone.is_alive()
    assert phone.seen[-1] == 200 and phone.connections >= 2  # it came back by itself
    assert phone.seen == sorted(phone.seen)
    assert pulka("check", game).returncode == 0
    lines = [line for line in game.read_text(encoding="utf-8").splitlines() if line[:1].isdigit()]
    assert len(lines) == 200
    assert [int(line.split(".")[0]) for line in lines] == list(range(1, 201))
    assert lines == [f"{k + 1}. {body(k)['deal']}"
                     for k in range(200)]
