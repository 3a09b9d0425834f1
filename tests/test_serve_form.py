"""The deal form of `pulka serve`: the family's own questions (those guided `pulka play` asks),
driven by the server with the answers tapped so far (``POST {scorer}/ask``), for every family;
what the page gets (the questions answered, the next one with only what the rules allow, the
deal line once the rest may be left unsaid); the line posted as a typed one records what
`pulka add` of it records. The endpoint writes nothing and is the scorer's alone."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from cli_kit import ok
from serve_kit import DEALS, digest, new_game
from starlette.testclient import TestClient

from pulka.web.app import create_app
from pulka.web.links import new_secrets

JSON = {"Content-Type": "application/json"}


def post(client, path: str, body: object, **headers: str):
    data = body if isinstance(body, (bytes, str)) else json.dumps(body)
    return client.post(path, content=data, headers={**JSON, **headers})


class Served:
    """A game served under the test client: its links, and the deal form asked."""

    def __init__(self, client, secrets) -> None:
        self.client = client
        self.scorer, self.table = f"/{secrets.scorer}/", f"/{secrets.table}/"

    def ask(self, answers: list, lang: str = "en") -> dict:
        answer = post(self.client, f"{self.scorer}ask?lang={lang}", {"answers": answers})
        assert answer.status_code == 200, answer.text
        return answer.json()

    def record(self, line: str) -> None:
        answer = post(self.client, self.scorer + "deals", {"deal": line})
        assert answer.status_code == 201, answer.text


def serving(path: Path):
    secrets = new_secrets()
    client = TestClient(create_app(str(path), secrets))
    return client, Served(client, secrets)


def game_of(folder: Path, players: tuple[str, ...], convention: str, *options: str) -> Path:
    path = folder / "g.pulka"
    ok("new", path, "--players", *players, "--convention", convention, *options)
    return path


#: per family: the table, the answers tapped (each a choice's value, a count, or None for a
#: question left unsaid), and the deal written by hand
TAPPED = [
    ("sochi", ("Аня", "Борис", "Вера"), ["Аня", "6s", "6", "whist", "2", "whist"],
     "Аня 6s 6 Борис whist 2 Вера whist 2"),
    # (each player from the dealer's left: Борис, Вера, Аня)
    ("sochi", ("Аня", "Борис", "Вера"), ["raspasy", "0", "6", "4"], "raspasy Аня 4 Борис 0 Вера 6"),
    ("croatian", ("A", "B", "C"), ["B", "c", "yes", "7", "whist", "3", "contra", "pass"],
     "B c igra 7 C whist 3 contra A pass"),
    ("austrian", ("Аня", "Борис", "Вера"), ["Аня", "c", "no", "whist", "pass", "yes", "7", "2",
                                           "aces"],
     "Аня c invite 7 Борис whist 2 Вера pass 1 aces"),
    ("illustrated", ("Аня", "Борис", "Вера"), ["Борис", "durchmarsch", "yes", "down", "contra"],
     "Борис durchmarsch igra down Вера contra"),
    ("swabian", ("Anna", "Berta", "Carl"), ["Carl", "d", "no", "7", None, "contra", "yes"],
     "Carl d 7 Berta contra kunstwerk"),
    ("greek", ("Άννα", "Βασίλης", "Γιώργος"), ["Γιώργος", "6c", "no", "pass", "whist",
                                               "together", "8", "1"],
     "Γιώργος 6c 8 Άννα pass 1 Βασίλης together 1"),
]


@pytest.mark.parametrize("convention, players, answers, typed", TAPPED,
                         ids=[f"{t[0]}: {t[-1]}" for t in TAPPED])
def test_every_family_is_tapped_in_as_pulka_add_records_it(tmp_path, convention, players,
                                                           answers, typed):
    path = game_of(tmp_path, players, convention)
    control = tmp_path / "control.pulka"
    shutil.copyfile(path, control)
    client, served = serving(path)
    with client:
        asked = served.ask(answers)
        assert asked["refused"] is None and len(asked["asked"]) == len(answers)
        assert asked["line"] is not None, asked["question"]  # (the rest may be left unsaid)
        served.record(asked["line"])
    ok("add", control, *typed.split())
    assert path.read_bytes() == control.read_bytes()


def test_the_page_gets_the_questions_answered_and_the_next_with_what_the_rules_allow(tmp_path):
    path = new_game(tmp_path)
    client, served = serving(path)
    with client:
        first = served.ask([], "ru")
        assert first["asks"] is True and first["asked"] == [] and first["line"] is None
        assert first["question"]["id"] == "declarer" and first["question"]["ask"] == "Кто играл?"
        assert [c["label"] for c in first["question"]["choices"]] == ["Аня", "Борис", "Вера",
                                                                     "распасы"]
        assert first["question"]["skip"] == ""  # (the first question is cleared, not skipped)
        contract = served.ask(["Аня"], "ru")["question"]
        assert contract["id"] == "contract" and contract["ask"] == "Какая игра?"
        labels = [c["label"] for c in contract["choices"]]
        assert [[labels[i] for i in row] for row in contract["rows"]][:2] == [
            ["6♠", "6♣", "6♦", "6♥", "6БК"], ["7♠", "7♣", "7♦", "7♥", "7БК"]]
        assert [labels[i] for i in contract["rows"][-1]] == ["мизер"]
        asked = served.ask(["Аня", "6s", "6", "whist", "2", "whist"], "ru")
        assert [(a["id"], a["ask"], a["said"]) for a in asked["asked"]] == [
            ("declarer", "Кто играл?", "Аня"), ("contract", "Какая игра?", "6♠"),
            ("tricks Аня", "Сколько взял играющий?", "6"),
            ("answer Борис", "Борис: вист или пас?", "вист"),
            ("tricks Борис", "Борис: взятки", "2"), ("answer Вера", "Вера: вист или пас?", "вист")]
        # the tricks never add up past ten; the count may be left unsaid (it follows)
        assert asked["question"] == {"id": "tricks Вера", "ask": "Вера: взятки", "choices": [],
                                     "rows": None, "counts": [0, 2], "skip": "не сказано"}
        assert asked["line"] == "Аня 6s 6 Борис whist 2 Вера whist"
        done = served.ask(["Аня", "6s", "6", "whist", "2", "whist", "2"])
        assert done["question"] is None and done["line"] == "Аня 6s 6 Борис whist 2 Вера whist 2"
        # half-whist: only the second defender, after the first passed, in a game not played
        half = served.ask(["Аня", "7h", None, "pass", None])["question"]
        assert [c["value"] for c in half["choices"]] == ["whist", "pass", "half"]
        first_defender = served.ask(["Аня", "7h", None])["question"]
        assert [c["value"] for c in first_defender["choices"]] == ["whist", "pass"]
        played = served.ask(["Аня", "7h", "7", "pass", None])["question"]
        assert [c["value"] for c in played["choices"]] == ["whist", "pass"]


def test_an_answer_the_rules_no_longer_allow_is_said_and_dropped(tmp_path):
    path = new_game(tmp_path)
    client, served = serving(path)
    with client:
        refused = served.ask(["Аня", "6s", "7", "whist", "4", "whist"])
        assert refused["refused"] == "'4': say a number from 0 to 3"
        assert len(refused["asked"]) == 4 and refused["question"]["id"] == "tricks Борис"
        assert served.ask(["Аня", "12s"])["refused"]  # (a notation error: said, no place named)
        assert served.ask(["Аня", None])["refused"] == "What was played?: an answer is needed"
        assert served.ask(["Глеб"])["refused"].startswith("'Глеб'")


def test_the_table_as_it_stands_now_is_asked(tmp_path):
    """The server asks on the game as the journal stands at each request: deals recorded in
    the meantime (here from a terminal) change what is allowed, and the page's answers that
    no longer fit are said and dropped."""
    import time

    path = game_of(tmp_path, ("Аня", "Борис", "Вера"), "leningrad")  # exit: 6, then 7, then 8
    client, served = serving(path)
    with client:
        assert served.ask(["Аня", "6s"])["refused"] is None
        for deal in ("raspasy Аня 4 Борис 0 Вера 6", "raspasy Аня 3 Борис 3 Вера 4"):
            ok("add", path, *deal.split())
        deadline = time.monotonic() + 5
        while (asked := served.ask(["Аня", "6s"]))["refused"] is None:  # (the watch's next look)
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert asked["refused"] == "after 2 raspasy in a row the lowest contract is 7, not 6"
        assert [a["id"] for a in asked["asked"]] == ["declarer"]
        contracts = [c["value"] for c in asked["question"]["choices"]]
        assert contracts[0] == "7s" and "6nt" not in contracts and contracts[-1] == "misere"


def test_a_finished_game_asks_nothing_and_an_emptied_pot_asks_refill_or_end(tmp_path):
    path = game_of(tmp_path, ("Аня", "Борис", "Вера"), "austrian", "--set", "pot.buy_in=10")
    for deal in ("Аня s Борис pass Вера pass", "Борис s Вера pass Аня pass",
                 "Вера s Аня pass Борис pass"):
        ok("add", path, *deal.split())
    client, served = serving(path)
    with client:
        asked = served.ask([], "ru")
        assert asked["question"]["ask"] == "Банк пуст: пополнить его или закончить игру?"
        assert [c["label"] for c in asked["question"]["choices"]] == ["пополнение", "конец"]
        assert served.ask(["refill"])["line"] == "refill"
        served.record("end")
        assert served.ask([]) == {"asks": True, "asked": [], "question": None, "line": None,
                                  "refused": None}


def test_asking_writes_nothing_and_is_the_scorers_alone(tmp_path):
    path = new_game(tmp_path)
    client, served = serving(path)
    with client:
        served.record(DEALS[0])
        before = digest(path)
        body = {"answers": ["Борис", "7h", "6"]}
        assert post(client, served.table + "ask", body).status_code == 403
        assert post(client, "/nothing/ask", body).status_code == 403
        assert post(client, served.scorer + "ask", body, Origin="http://evil.example"
                    ).status_code == 403
        assert post(client, served.scorer + "ask", body, **{"Sec-Fetch-Site": "cross-site"}
                    ).status_code == 403
        assert client.post(served.scorer + "ask", data=body).status_code == 415
        assert client.get(served.scorer + "ask").status_code == 405
        assert post(client, served.scorer + "ask", {"answers": ["x" * 20000]}).status_code == 413
        for wrong, needle in [({"answers": "Борис"}, "'answers' must be a list"),
                              ({}, "needs the field 'answers'"),
                              ({"answers": [], "deal": "x"}, "'deal' is not a field"),
                              ({"answers": [5]}, "each of 'answers'"),
                              ({"answers": ["Борис\n7h"]}, "each of 'answers'"),
                              ({"answers": [""]}, "each of 'answers'"),
                              ({"answers": ["x" * 101]}, "each of 'answers'"),
                              ({"answers": ["Борис"] * 65}, "at most 64")]:
            answer = post(client, served.scorer + "ask", wrong)
            assert answer.status_code == 400, (wrong, answer.text)
            assert needle in answer.json()["error"], answer.json()
        assert post(client, served.scorer + "ask", body).status_code == 200
        assert digest(path) == before
