"""`pulka stats`: the archive's statistics, its cache, its bad journals, its languages.

Every total is checked against the games' own `settle --json`, summed here exactly; the
cache is checked by what it makes the command replay (the `run` counts of the JSON) and by
its rows.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from tests.cli_kit import digests, ok, run

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
JOURNALS = sorted(SAMPLES.glob("*.pulka"))
PLAYERS = ("Аня", "Борис", "Вера")
DEALS = ["Аня 6s 6 Борис whist 2 Вера whist 2", "raspasy Аня 4 Борис 3 Вера 3",
         "Борис 7h 7 Аня whist 2 Вера pass", "Вера misere 0"]


def stats_json(*args: object) -> dict:
    result = ok("stats", *args, "--json")
    return json.loads(result.stdout)


def settled(path: Path) -> dict:
    return json.loads(ok("settle", path, "--json").stdout)


def sums(paths: list[Path]) -> dict[str, dict]:
    """Each player's games, result and money, summed from each game's `settle --json`."""
    out: dict[str, dict] = {}
    for path in paths:
        report = settled(path)
        for name in report["players"]:
            row = out.setdefault(name, {"games": 0, "result": Fraction(0),
                                        "money": Decimal("0.00")})
            row["games"] += 1
            row["result"] += Fraction(str(report["result"][name]))
            if "money" in report:
                row["money"] += Decimal(report["money"][name])
    return out


def totals(data: dict) -> dict[str, dict]:
    return {name: {"games": row["games"], "result": Fraction(str(row["result"])),
                   "money": Decimal(row["money"])} for name, row in data["players"].items()}


def new_game(path: Path, deals: list[str]) -> Path:
    ok("new", path, "--players", *PLAYERS, "--convention", "sochi", "--price", "0.10")
    for deal in deals:
        ok("add", path, deal)
    return path


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    """Three sample games and an evening still open, in a folder with a subfolder."""
    folder = tmp_path / "club"
    (folder / "2026").mkdir(parents=True)
    for name in ("sochi-3", "leningrad-3"):
        shutil.copy(SAMPLES / f"{name}.pulka", folder / f"{name}.pulka")
    shutil.copy(SAMPLES / "croatian-3.pulka", folder / "2026" / "croatian-3.pulka")
    new_game(folder / "2026" / "friday.pulka", DEALS)
    return folder


def cache_rows(path: Path) -> int:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT count(*) FROM games").fetchone()[0]


# --- the numbers ---------------------------------------------------------------------------


def test_the_samples_totals_are_the_sums_of_each_games_settle_json(tmp_path):
    data = stats_json(SAMPLES, "--no-cache")
    assert data["skipped"] == []  # the expected settlements beside them are not journals
    assert data["games"] == len(JOURNALS)
    assert totals(data) == sums(JOURNALS)
    for row in data["players"].values():  # written as settle --json writes numbers
        assert isinstance(row["result"], int) or "/" in row["result"]
        assert isinstance(row["money"], str) and row["money"].rsplit(".", 1)[1].isdigit()


def test_conventions_and_months_add_up_to_the_players_totals(archive):
    data = stats_json(archive, "--no-cache")
    for table in ("conventions", "months"):
        summed: dict[str, Fraction] = {}
        for group in data[table].values():
            for name, row in group["players"].items():
                summed[name] = summed.get(name, Fraction(0)) + Fraction(str(row["result"]))
        assert summed == {n: Fraction(str(r["result"])) for n, r in data["players"].items()}
    assert data["conventions"]["sochi"]["games"] == 2
    assert sum(g["games"] for g in data["months"].values()) == 4


def test_counts_deals_contracts_misere_and_raspasy(tmp_path):
    game = new_game(tmp_path / "g.pulka", [*DEALS, "Аня 7d 6 Борис whist 3 Вера whist 1"])
    data = stats_json(game, "--no-cache")
    anya, boris, vera = (data["players"][n] for n in PLAYERS)
    assert (anya["declared"], anya["made"], anya["failed"]) == (2, 1, 1)
    assert (boris["declared"], boris["made"], boris["failed"]) == (1, 1, 0)
    assert (vera["declared"], vera["misere"], vera["made"]) == (1, 1, 1)
    assert [p["raspasy"] for p in (anya, boris, vera)] == [1, 1, 1]
    assert [p["raspasy_tricks"] for p in (anya, boris, vera)] == [4, 3, 3]
    assert data["open"] == 1 and anya["open"] == 1 and anya["deals"] == 5


def test_head_to_head_is_who_paid_whom(tmp_path):
    data = stats_json(SAMPLES / "sochi-3.pulka", "--no-cache")
    payments = settled(SAMPLES / "sochi-3.pulka")["payments"]
    for payment in payments:
        payee = data["players"][payment["to"]]["head_to_head"][payment["from"]]
        payer = data["players"][payment["from"]]["head_to_head"][payment["to"]]
        assert payee["money"] == payment["amount"]
        assert payer["money"] == "-" + payment["amount"]


def test_best_and_worst_evening(archive):
    data = stats_json(archive, "--no-cache")
    games = [archive / "sochi-3.pulka", archive / "leningrad-3.pulka",
             archive / "2026" / "friday.pulka"]
    results = {str(p): Fraction(str(settled(p)["result"]["Аня"])) for p in games}
    anya = data["players"]["Аня"]
    assert Fraction(str(anya["best"]["result"])) == max(results.values())
    assert Fraction(str(anya["worst"]["result"])) == min(results.values())
    assert results[anya["best"]["file"]] == max(results.values())


def test_the_json_shape_is_the_same_in_every_language(archive):
    english = stats_json(archive, "--no-cache")
    assert set(english) == {"games", "open", "players", "conventions", "months", "evenings",
                            "skipped", "run"}
    assert set(english["players"]["Аня"]) == {
        "games", "open", "deals", "declared", "made", "failed", "misere", "raspasy",
        "raspasy_tricks", "result", "average", "money", "money_games", "average_money",
        "best", "worst", "head_to_head"}
    assert set(english["evenings"][0]) == {"file", "created", "month", "convention",
                                           "finished", "players", "result", "money"}
    assert all(re.fullmatch(r"[0-9]{4}-[0-9]{2}", month) for month in english["months"])
    russian = stats_json(archive, "--no-cache", "--lang", "ru")
    assert russian == english


def test_a_game_played_in_parallel_processes_counts_the_same(tmp_path):
    one = stats_json(SAMPLES, "--no-cache", "--jobs", "1")
    two = stats_json(SAMPLES, "--no-cache", "--jobs", "2")  # enough games for the workers
    assert one == two


def test_where_no_worker_can_be_started_the_command_reads_the_archive_itself(monkeypatch):
    from concurrent import futures

    from pulka.stats.collect import collect

    def refused(*args, **kwargs):
        raise OSError(38, "Function not implemented")  # (no semaphores, as in some sandboxes)

    monkeypatch.setattr(futures, "ProcessPoolExecutor", refused)
    alone = collect([str(p) for p in JOURNALS], _NoCache(), workers=1)
    refused_pool = collect([str(p) for p in JOURNALS], _NoCache(), workers=2)
    assert _outcome(refused_pool) == _outcome(alone) and alone.replayed == len(JOURNALS)


def test_the_games_of_a_worker_that_died_are_read_by_the_command(monkeypatch):
    from pulka.stats import summary
    from pulka.stats.collect import collect

    command = os.getpid()
    real = summary.read_one

    def dies_in_a_worker(path, *args, **kwargs):
        if os.getpid() != command and path.endswith("sochi-4.pulka"):
            os._exit(3)  # (a worker killed: out of memory, say)
        return real(path, *args, **kwargs)

    alone = collect([str(p) for p in JOURNALS], _NoCache(), workers=1)
    monkeypatch.setattr(summary, "read_one", dies_in_a_worker)
    survived = collect([str(p) for p in JOURNALS], _NoCache(), workers=2)
    assert _outcome(survived) == _outcome(alone)


def test_the_bar_counts_every_file_once_those_the_cache_answered_included():
    """The bar starts at the first game replayed, with the files read before it, and counts
    each file once: one whose cache row does not read is counted when it is replayed."""
    from pulka.stats.cache import Cache
    from pulka.stats.collect import collect
    from pulka.stats.summary import digest_of, read_one

    paths = [str(p) for p in JOURNALS]
    rows = {}
    for path in paths[:6]:  # the first six known, the third of them with a row that is damaged
        read = read_one(path, keep=True)
        rows[read.digest] = (read.text if path != paths[2] else "{damaged", 1)
    assert digest_of(Path(paths[0]).read_bytes()) in rows

    class Known(_NoCache):
        summary = staticmethod(Cache.summary)

        def load(self) -> dict:
            return rows

    class Bar:
        def __init__(self) -> None:
            self.started: list[int] = []
            self.advanced = 0

        def start(self, total: int) -> None:
            self.started.append(total)

        def advance(self, done: int) -> None:
            self.advanced += done

    for workers in (1, 2):
        bar = Bar()
        found = collect(paths, Known(), bar, workers=workers)
        assert (found.cached, found.replayed) == (5, len(paths) - 5)
        assert bar.started == [len(paths)] and bar.advanced == len(paths)


def _outcome(collected) -> tuple:
    """What a reading of the archive comes to: its tables, finished, and what it skipped,
    replayed and took from the cache."""
    return (collected.tables.finish(), collected.bad, collected.replayed, collected.cached)


class _NoCache:
    """A cache that keeps nothing (as --no-cache)."""

    path = None
    working = False

    def load(self) -> dict:
        return {}

    def today(self) -> int:
        return 0

    def store(self, new, used) -> None:
        list(new)


# --- the cache -----------------------------------------------------------------------------


def test_the_cache_replays_only_what_changed_was_added_or_removed(archive, tmp_path):
    cache = tmp_path / "cache.sqlite3"
    first = stats_json(archive, "--cache", cache)
    assert first["run"] == {"replayed": 4, "cached": 0}
    assert cache_rows(cache) == 4
    again = stats_json(archive, "--cache", cache)
    assert again["run"] == {"replayed": 0, "cached": 4}
    assert {**again, "run": None} == {**first, "run": None}

    friday = archive / "2026" / "friday.pulka"  # changed: a deal more
    ok("add", friday, "raspasy Аня 2 Борис 4 Вера 4")
    changed = stats_json(archive, "--cache", cache)
    assert changed["run"] == {"replayed": 1, "cached": 3}
    assert changed["players"]["Аня"]["deals"] == first["players"]["Аня"]["deals"] + 1

    shutil.copy(SAMPLES / "rostov-3.pulka", archive / "rostov-3.pulka")  # added
    added = stats_json(archive, "--cache", cache)
    assert added["run"] == {"replayed": 1, "cached": 4}
    assert cache_rows(cache) == 6

    (archive / "leningrad-3.pulka").unlink()  # removed: its row may serve another archive
    removed = stats_json(archive, "--cache", cache)
    assert removed["run"] == {"replayed": 0, "cached": 4}
    assert removed["games"] == 4
    left = sorted(archive.rglob("*.pulka"))
    assert totals(removed) == sums(left)


def test_a_renamed_journal_is_not_replayed_and_a_new_version_is(archive, tmp_path):
    cache = tmp_path / "cache.sqlite3"
    stats_json(archive, "--cache", cache)
    (archive / "sochi-3.pulka").rename(archive / "friday-29.pulka")
    assert stats_json(archive, "--cache", cache)["run"] == {"replayed": 0, "cached": 4}
    with sqlite3.connect(cache) as db:
        db.execute("UPDATE games SET version = 'an older pulka'")
    assert stats_json(archive, "--cache", cache)["run"] == {"replayed": 4, "cached": 0}


def test_the_cache_is_in_the_users_cache_folder(archive, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    stats_json(archive)
    assert cache_rows(tmp_path / "xdg" / "pulka" / "stats.sqlite3") == 4
    assert stats_json(archive)["run"]["cached"] == 4


def test_no_cache_reads_and_writes_none(archive, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert stats_json(archive, "--no-cache")["run"] == {"replayed": 4, "cached": 0}
    assert not (tmp_path / "xdg").exists()


@pytest.mark.parametrize("damage", ["garbage", "a file for a folder", "half a database"])
def test_a_damaged_or_unwritable_cache_is_one_warning_and_the_same_numbers(archive, tmp_path,
                                                                           damage):
    expected = stats_json(archive, "--no-cache")
    cache = tmp_path / "cache.sqlite3"
    if damage == "garbage":
        cache.write_bytes(b"this is not a database\n" * 100)
    elif damage == "a file for a folder":
        (tmp_path / "plain").write_text("x")
        cache = tmp_path / "plain" / "cache.sqlite3"
    else:
        stats_json(archive, "--cache", cache)
        data = cache.read_bytes()
        cache.write_bytes(data[:100] + b"\xff" * (len(data) - 100))
    before = digests(archive)
    result = ok("stats", archive, "--json", "--cache", cache)
    assert result.stderr.count("warning: the cache") == 1, result.stderr
    assert str(cache) in result.stderr and "Traceback" not in result.stderr
    data = json.loads(result.stdout)
    assert {**data, "run": None} == {**expected, "run": None}
    assert digests(archive) == before


def test_cache_and_no_cache_together_are_refused(archive, tmp_path):
    cache = tmp_path / "cache.sqlite3"
    result = run("stats", archive, "--cache", cache, "--no-cache")
    assert result.exit_code == 2 and not result.stdout
    assert "--cache and --no-cache cannot be given together" in result.stderr
    assert not cache.exists()


def test_another_programs_database_is_left_untouched(archive, tmp_path):
    expected = stats_json(archive, "--no-cache")
    foreign = tmp_path / "club.db"
    with sqlite3.connect(foreign) as db:
        db.execute("CREATE TABLE members (name TEXT)")
        db.execute("INSERT INTO members VALUES ('Аня')")
    before = foreign.read_bytes()
    result = ok("stats", archive, "--json", "--cache", foreign)
    assert result.stderr.count("warning: the cache") == 1
    assert "another program's database; pulka writes nothing to it" in result.stderr
    assert {**json.loads(result.stdout), "run": None} == {**expected, "run": None}
    assert foreign.read_bytes() == before
    russian = ok("--lang", "ru", "stats", archive, "--cache", foreign)
    assert "это база данных другой программы" in russian.stderr
    assert foreign.read_bytes() == before


def test_a_table_of_another_shape_in_pulkas_own_file_is_rebuilt(archive, tmp_path):
    cache = tmp_path / "cache.sqlite3"
    stats_json(archive, "--cache", cache)
    with sqlite3.connect(cache) as db:
        db.execute("DROP TABLE games")
        db.execute("CREATE TABLE games (digest TEXT, summary TEXT)")
    result = ok("stats", archive, "--json", "--cache", cache)
    assert "warning" not in result.stderr
    assert json.loads(result.stdout)["run"] == {"replayed": 4, "cached": 0}
    assert stats_json(archive, "--cache", cache)["run"] == {"replayed": 0, "cached": 4}


def test_an_unmarked_cache_of_an_earlier_pulka_is_kept_and_marked(archive, tmp_path):
    from pulka.stats.cache import APPLICATION_ID

    cache = tmp_path / "cache.sqlite3"
    stats_json(archive, "--cache", cache)
    with sqlite3.connect(cache) as db:
        db.execute("PRAGMA application_id = 0")
    assert stats_json(archive, "--cache", cache)["run"] == {"replayed": 0, "cached": 4}
    with sqlite3.connect(cache) as db:
        assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID


@pytest.mark.parametrize(("words", "code", "english", "russian"), [
    ("database is locked", 5, "another run of pulka is using it", "им пользуется другой запуск"),
    ("attempt to write a readonly database", 8, "it is read-only", "он только для чтения"),
    ("database disk image is malformed", 11, "it is damaged", "он повреждён"),
    ("database or disk is full", 13, "the disk is full", None),
    ("file is not a database", 26, "it is not a database", "это не база данных"),
])
def test_sqlites_reasons_are_said_in_the_players_language(words, code, english, russian):
    from pulka import i18n
    from pulka.stats.cache import sqlite_cause

    by_words = sqlite3.OperationalError(words)  # (as Python before 3.11 gives it)
    by_code = sqlite3.OperationalError("something else")
    by_code.sqlite_errorcode = code | 0x100  # an extended code: its primary one counts
    assert sqlite_cause(by_words) == sqlite_cause(by_code) == english
    if russian is not None:
        i18n.use("ru")
        try:
            assert sqlite_cause(by_words).startswith(russian)
        finally:
            i18n.use("en")
    other = sqlite3.OperationalError("no such savepoint")
    assert sqlite_cause(other) == "no such savepoint"


# --- bad journals --------------------------------------------------------------------------


def test_a_bad_journal_is_listed_with_its_place_and_skipped(archive):
    bad = archive / "bad.pulka"
    text = (SAMPLES / "sochi-3.pulka").read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    first = next(n for n, line in enumerate(lines) if line.startswith("1. "))
    lines[first + 2] = "3. Аня 6s 6 Борис whist 3 Вера whist 2\n"  # 11 tricks
    bad.write_text("".join(lines), encoding="utf-8")
    (archive / "notes.pulka").write_text("shopping list\n", encoding="utf-8")
    (archive / "readme.txt").write_text("not a journal, not named as one\n", encoding="utf-8")
    before = digests(archive)
    result = ok("stats", archive, "--no-cache")
    skipped = [line for line in result.stderr.splitlines() if line.startswith("skipped: ")]
    assert len(skipped) == 2, result.stderr
    assert skipped[0].startswith(f"skipped: {bad}:{first + 3}:") and "deal 3:" in skipped[0]
    assert str(archive / "notes.pulka") in skipped[1]
    assert "readme.txt" not in result.stderr
    assert "2 journals skipped (listed on stderr)" in result.stdout
    assert result.stdout.startswith("4 games, 1 of them still open\n")
    data = stats_json(archive, "--no-cache")
    assert [s["file"] for s in data["skipped"]] == [str(bad), str(archive / "notes.pulka")]
    assert data["games"] == 4
    assert digests(archive) == before


def test_when_every_journal_is_bad_the_status_is_2(tmp_path):
    (tmp_path / "a.pulka").write_text("pulka 1\nplayers A\n", encoding="utf-8")
    (tmp_path / "b.pulka").write_bytes(b"\xff\xfe not text")
    before = digests(tmp_path)
    result = run("stats", tmp_path, "--no-cache")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.count("skipped: ") == 2
    assert result.stderr.splitlines()[-1] == ("error: no journal could be read (2 skipped); "
                                              "nothing was counted")
    assert digests(tmp_path) == before


def test_a_folder_without_journals_is_bad_input(tmp_path):
    (tmp_path / "notes.txt").write_text("no games here\n", encoding="utf-8")
    result = run("stats", tmp_path, "--no-cache")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == f"error: no journal found in {tmp_path}\n"


# --- the terminal, in both languages ----------------------------------------------------------


def test_the_table_in_english(archive):
    out = ok("stats", archive, "--no-cache").stdout.splitlines()
    assert out[0] == "4 games, 1 of them still open"
    assert out[2].split() == ["player", "games", "open", "declared", "made", "failed",
                              "misères", "raspasy", "result", "per", "game", "money", "per",
                              "game"]
    assert "Convention sochi: 2 games" in out
    assert "Head to head (+: what the other paid him):" in out


def test_the_table_in_russian(archive):
    out = ok("stats", archive, "--no-cache", "--lang", "ru").stdout.splitlines()
    assert out[0] == "4 партии, из них 1 не доиграна"
    assert out[2].split() == ["игрок", "партий", "не", "доиграно", "заказов", "сыграно",
                              "ремизов", "мизеров", "распасов", "итог", "за", "партию", "деньги",
                              "за", "партию"]
    assert "Соглашение Сочинка (Sochi): 2 партии" in out
    assert "Лучший и худший вечер (висты):" in out
    money = next(line for line in out if line.startswith("Аня "))
    assert "," in money.split()[-1]  # the decimal comma


def test_russian_from_the_locale_and_its_messages(tmp_path):
    (tmp_path / "a.pulka").write_text("pulka 1\nplayers A\n", encoding="utf-8")
    env = {**os.environ, "LANG": "ru_RU.UTF-8", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "pulka", "stats", str(tmp_path), "--no-cache"],
                          capture_output=True, text=True, env=env)
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert lines[0].startswith(f"пропущен: {tmp_path / 'a.pulka'}:")
    assert lines[-1] == "ошибка: ни один журнал не прочитан (пропущено: 1); ничего не посчитано"


# --- the workbook ------------------------------------------------------------------------------


def test_the_workbook_has_a_sheet_per_table_and_the_running_totals_chart(archive, tmp_path):
    from openpyxl import load_workbook

    out = tmp_path / "club.xlsx"
    result = ok("stats", archive, "--no-cache", "--xlsx", out)
    assert result.stdout == f"wrote {out}\n"
    book = load_workbook(out)
    assert book.sheetnames == ["Players", "Head to head", "Evenings", "Months", "croatian",
                               "leningrad", "sochi"]
    evenings = book["Evenings"]
    assert len(evenings._charts) == 1
    data = stats_json(archive, "--no-cache")
    names = [c.value for c in evenings[1]][3:]
    last = [c.value for c in evenings[evenings.max_row]][3:]
    for name, value in zip(names, last, strict=True):
        assert value == pytest.approx(float(Fraction(str(data["players"][name]["result"]))))
    players = {row[0]: row for row in book["Players"].iter_rows(min_row=2, values_only=True)}
    assert players["Аня"][1] == data["players"]["Аня"]["games"]


def test_the_workbook_in_russian_and_never_over_a_journal(archive, tmp_path):
    from openpyxl import load_workbook

    out = tmp_path / "клуб.xlsx"
    ok("stats", archive, "--no-cache", "--xlsx", out, "--lang", "ru")
    assert load_workbook(out).sheetnames[:4] == ["Игроки", "Друг против друга", "Вечера",
                                                 "Месяцы"]
    before = digests(archive)
    result = run("stats", archive, "--no-cache", "--xlsx", archive / "sochi-3.pulka")
    assert result.exit_code == 2 and result.stdout == ""
    assert "sochi-3.pulka" in result.stderr
    assert digests(archive) == before


# --- start-up ----------------------------------------------------------------------------------


def test_other_commands_do_not_load_the_archive_code(tmp_path):
    game = tmp_path / "g.pulka"
    shutil.copy(SAMPLES / "sochi-3.pulka", game)
    probe = ("import sys\nfrom click.testing import CliRunner\nfrom pulka.cli import cli\n"
             f"r = CliRunner().invoke(cli, ['show', {str(game)!r}])\n"
             "bad = {'sqlite3', 'concurrent', 'hashlib', 'pulka.stats', 'pulka.cli.stats'}\n"
             "print(r.exit_code, sorted(m for m in sys.modules if m in bad or "
             "m.split('.')[0] in bad))\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         env=env, check=True).stdout.strip()
    assert out == "0 []"


def test_a_damaged_row_of_the_cache_is_replayed_and_written_again(archive, tmp_path):
    cache = tmp_path / "cache.sqlite3"
    expected = stats_json(archive, "--cache", cache)
    with sqlite3.connect(cache) as db:
        db.execute("UPDATE games SET summary = '{not json' WHERE rowid = 1")
    data = stats_json(archive, "--cache", cache)
    assert data["run"] == {"replayed": 1, "cached": 3}
    assert {**data, "run": None} == {**expected, "run": None}
    assert stats_json(archive, "--cache", cache)["run"] == {"replayed": 0, "cached": 4}


# --- the progress bar ---------------------------------------------------------------------------


def test_no_progress_bar_when_stderr_is_not_a_terminal(archive):
    result = ok("stats", archive, "--no-cache", "--json")
    assert result.stderr == ""


def test_a_progress_bar_on_a_terminal(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "100", "LANG": "ru_RU.UTF-8"}
    child = pexpect.spawn(sys.executable, ["-m", "pulka", "stats", str(SAMPLES), "--no-cache",
                                           "--json"], env=env, encoding="utf-8", timeout=120)
    out = child.read()
    child.close()
    assert child.exitstatus == 0
    assert "пересчитываю партии" in out and "━" in out


def test_a_journal_named_twice_or_through_a_link_is_one_game(archive):
    (archive / "again.pulka").symlink_to(archive / "sochi-3.pulka")
    data = stats_json(archive, archive / "sochi-3.pulka", f"{archive}/./2026",
                      "--no-cache")
    assert data["games"] == 4


@pytest.mark.parametrize("price", ["as written", "none"])
def test_who_pays_whom_in_whists_is_worked_out_between_the_players(price):
    """A summary's payments in whists are who_pays_whom of the result: without a price they
    are taken from the settlement's own payments, which are in whists then too."""
    from pulka.journal import parse
    from pulka.replay import family_of, final_state
    from pulka.settlement.figures import to_json
    from pulka.settlement.money import settle, who_pays_whom
    from pulka.stats.summary import summarise

    for path in JOURNALS:
        data = path.read_bytes()
        if price == "none":
            data = re.sub(rb"(?m)^(set|rule) price .*$", rb"\1 price none", data)
        game = parse(data, str(path)).game()
        state, _count = final_state(game)
        settlement = settle(state, family_of(game.table))
        assert (settlement.money is None) == (price == "none")
        expected = [list(t) for t in who_pays_whom(settlement.result, game.table.players)]
        assert summarise(data, str(path))["pays"] == to_json(expected), path.name


def test_what_goes_to_a_kept_pot_is_no_payment_between_the_players():
    from pulka.settlement.money import Settlement, who_pays_whom
    from pulka.stats.summary import _between_players

    players = ("Аня", "Борис", "Вера")
    result = {"Аня": Fraction(-7, 2), "Борис": 1, "Вера": Fraction(-1, 2)}  # 3 to the pot
    settlement = Settlement(result, None, tuple(who_pays_whom(result, players, "pot")))
    assert [t[1] for t in settlement.transfers].count("pot") == 2
    assert _between_players(settlement, players) == who_pays_whom(result, players) == [
        ("Аня", "Борис", 1)]


# --- the average, as people read it ---------------------------------------------------------


@pytest.mark.parametrize(("exact", "shown"), [
    (Fraction(663517, 6026), "110.11"), (Fraction(-167722, 3013), "-55.67"),
    (Fraction(181, 4), "45.25"), (Fraction(1, 200), "0.01"), (Fraction(-1, 200), "-0.01"),
    (Fraction(-1, 201), "0.00"), (7, "7.00"), (Fraction(0), "0.00")])
def test_an_average_is_shown_to_two_places_halves_away_from_zero(exact, shown):
    from pulka.numbers import hundredths

    assert str(hundredths(exact)) == shown


def test_the_tables_average_is_to_two_places_and_the_json_keeps_it_exact(archive, tmp_path):
    from pulka.numbers import hundredths

    folder = tmp_path / "three"  # three games of thirds of whists: averages in ninths
    folder.mkdir()
    for n, deals in enumerate((DEALS, DEALS[:1], DEALS[1:2])):
        new_game(folder / f"{n}.pulka", deals)
    data = stats_json(folder, "--no-cache")
    exact = {name: Fraction(str(r["average"])) for name, r in data["players"].items()}
    assert all(value.denominator == 9 for value in exact.values())  # (-112/9: -12.44)
    for lang, point in (("en", "."), ("ru", ",")):
        out = ok("stats", folder, "--no-cache", "--lang", lang).stdout.splitlines()
        for name, value in exact.items():
            row = next(line for line in out if line.startswith(f"{name} ")).split()
            assert row[-3] == f"{hundredths(value):+}".replace(".", point), (lang, row)  # (then money)


def test_the_workbook_prints_each_tab_on_the_width_of_a_page(archive, tmp_path):
    from openpyxl import load_workbook

    out = tmp_path / "club.xlsx"
    ok("stats", archive, "--no-cache", "--xlsx", out)
    book = load_workbook(out)
    players = book["Players"]
    heads = [c.value for c in players[1]]
    average = players.cell(2, heads.index("per game") + 1)
    assert average.number_format == "#,##0.00;-#,##0.00;0.00"  # (not # ?/?: 110 1/9)
    for ws in book.worksheets:
        assert ws.sheet_properties.pageSetUpPr.fitToPage is True, ws.title
        # (one page wide, any number long: an absent fitToWidth is the format's default, 1)
        assert (ws.page_setup.fitToWidth or 1, ws.page_setup.fitToHeight) == (1, 0)
        assert ws.print_title_rows == "$1:$1" and ws.page_setup.paperSize == 9
        assert ws.oddHeader.left.text == "4 games, 1 of them still open"
    assert players.page_setup.orientation == "landscape"
    assert book["Head to head"].page_setup.orientation == "portrait"


@pytest.mark.parametrize(("value", "fmt"), [
    (Fraction(1, 3), "# ?/?;-# ?/?;0"), (Fraction(7, 12), "# ??/??;-# ??/??;0"),
    (Fraction(1, 840), "# ???/???;-# ???/???;0"), (5, "# ?/?;-# ?/?;0"),
    (Fraction(1, 10**4), "# ?????/?????;-# ?????/?????;0"),
    (Fraction(1, 10**5), "0.000000;-0.000000;0")])
def test_a_whists_format_is_as_wide_as_the_denominator(value, fmt):
    """A total over games of three and of four players is in twelfths: a one-digit fraction
    format would show the nearest fraction of one digit (7/12 as 4/7)."""
    from pulka.render.xlsx.cells import MONEY, exact_format

    assert exact_format(None, value) == fmt
    assert exact_format(MONEY, value) == MONEY  # (a format asked for is kept)


# --- the tables, summed in shares -------------------------------------------------------------


def test_tables_summed_in_shares_and_merged_in_any_order_are_the_tables_in_order():
    """Workers sum their own shares of the archive; merged in whatever order they finish,
    the tables are those of the games added in the archive's order, ties for the best and
    worst evening going to the game found first."""
    import random

    from pulka.stats.aggregate import Tables, aggregate
    from pulka.stats.summary import summarise

    games = [(f"{n:02d}-{path.name}", summarise(path.read_bytes(), str(path)))
             for n, path in enumerate(JOURNALS * 3)]  # (each game three times: ties)
    expected = aggregate(games)
    for seed in range(5):
        chance = random.Random(seed)
        cuts = sorted(chance.sample(range(1, len(games)), 4))
        shares = []
        for start, end in zip([0, *cuts], [*cuts, len(games)], strict=True):
            share = Tables()
            for place in range(start, end):
                share.add(place, *games[place])
            shares.append(share)
        chance.shuffle(shares)
        merged = shares.pop()
        for share in shares:
            merged.merge(share)
        assert merged.finish() == expected
    firsts = {name for name, _game in games[:len(JOURNALS)]}  # (a tie: the first copy)
    assert all(row[which]["file"] in firsts for row in expected["players"].values()
               for which in ("best", "worst"))


def test_a_tie_for_the_best_evening_goes_to_the_game_found_first():
    from pulka.stats.aggregate import Tables

    game = {"convention": "sochi", "family": "russian", "created": "2026-01-01",
            "players": ["A", "B", "C"], "finished": True, "deals": 1,
            "result": {"A": "10/3", "B": 0, "C": "-10/3"}, "money": None, "pays": [],
            "pays_money": None, "counts": {p: dict.fromkeys(
                ("declared", "made", "failed", "misere", "raspasy", "raspasy_tricks"), 0)
                for p in "ABC"}}
    later, earlier = Tables(), Tables()
    later.add(7, "later.pulka", game)
    earlier.add(2, "earlier.pulka", game)
    later.merge(earlier)
    rows = later.finish()["players"]
    assert rows["A"]["best"]["file"] == rows["C"]["worst"]["file"] == "earlier.pulka"
    assert rows["A"]["games"] == 2 and rows["A"]["result"] == Fraction(20, 3)
