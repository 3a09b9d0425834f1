"""Snapshots (pulka.replay.snapshots): a command that reads a journal's state back from its snapshot
says exactly what a replay says, and anything wrong with a snapshot costs only a replay.

Every other test runs with snapshots off (conftest.py); here they are on, in a folder of each
test's own.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from cli_kit import ok, run
from conftest import ROOT, tiered_samples
from random_games import GAMES, legal_game

from pulka import recorder, replay
from pulka.journal import read
from pulka.replay import snapshots

SAMPLES = sorted((ROOT / "samples").glob("*.pulka"))
#: what a player reads of a game (the words before the journal, and after it): each must be
#: the same from a snapshot as from a replay
READINGS = ((("show",), ()), (("settle",), ("--json",)), (("check",), ("--json",)),
            (("--lang", "ru", "show"), ()), (("--lang", "ru", "settle"), ()))


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    """Snapshots on, kept under the test's own cache folder (the folder they go into)."""
    monkeypatch.delenv("PULKA_SNAPSHOTS")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "pulka" / "snapshots"


def _replayed(monkeypatch, *args: object) -> str:
    """What a command prints with snapshots off."""
    with monkeypatch.context() as m:
        m.setenv("PULKA_SNAPSHOTS", "off")
        return ok(*args).stdout


def _no_replays(monkeypatch) -> None:
    """From now on a replay to a final state fails the test: it must come from a snapshot."""
    def refuse(*_args: object) -> None:
        raise AssertionError("replayed, where a snapshot was kept")

    monkeypatch.setattr(replay, "_replayed", refuse)


@pytest.mark.parametrize("sample", tiered_samples(SAMPLES, ids=lambda p: p.stem))
def test_a_sample_reads_the_same_from_its_snapshot(tmp_path, folder, monkeypatch, sample):
    game = tmp_path / sample.name
    game.write_bytes(sample.read_bytes())
    expected = [_replayed(monkeypatch, *before, game, *after) for before, after in READINGS]
    first = [ok(*before, game, *after).stdout for before, after in READINGS]
    assert first == expected  # (replayed, and the snapshots kept)
    assert len(list(folder.iterdir())) == 2  # one for each language the notes were written in
    _no_replays(monkeypatch)
    assert [ok(*before, game, *after).stdout for before, after in READINGS] == expected


def _two_journals(tmp_path, convention: str, settings: dict, players: tuple[str, ...]
                  ) -> tuple[Path, Path]:
    """The same new game twice, byte for byte: one kept with snapshots, one without."""
    kept, plain = tmp_path / "kept.pulka", tmp_path / "plain.pulka"
    options = [arg for key, value in settings.items()
               for arg in ("--set", f"{key}={str(value).lower()}")]
    ok("new", kept, "--players", *players, "--convention", convention, *options)
    plain.write_bytes(kept.read_bytes())
    return kept, plain


def _both(monkeypatch, kept: Path, plain: Path, *args: str) -> str:
    """The same command on both journals: the same exit, output and journal bytes after it."""
    with monkeypatch.context() as m:
        m.setenv("PULKA_SNAPSHOTS", "off")
        without = run(*args[:1], plain, *args[1:])
    with_snapshots = run(*args[:1], kept, *args[1:])
    assert with_snapshots.exit_code == without.exit_code, (with_snapshots.stderr, args)
    assert with_snapshots.stdout == without.stdout.replace(str(plain), str(kept))
    assert with_snapshots.stderr == without.stderr.replace(str(plain), str(kept))
    assert kept.read_bytes() == plain.read_bytes()
    return with_snapshots.stdout


class _FullReplays:
    """Counts the times ``add`` replayed the whole game instead of starting from a snapshot
    (with snapshots on)."""

    def __init__(self, monkeypatch) -> None:
        self.count = 0
        run_all = recorder._Replay.run

        def counted(replay_: recorder._Replay, *args: object) -> None:
            self.count += snapshots.enabled()
            run_all(replay_, *args)

        monkeypatch.setattr(recorder._Replay, "run", counted)


@pytest.mark.parametrize("convention, settings, players, texts", GAMES[::2],
                         ids=[f"{c}-{'-'.join(f'{k}={v}' for k, v in s.items())}"
                              for c, s, _p, _t in GAMES[::2]])
def test_add_from_a_snapshot_records_what_a_replay_records(tmp_path, folder, monkeypatch,
                                                           convention, settings, players, texts):
    chosen = legal_game(convention, settings, players, texts, seed=4, deals=60)
    kept, plain = _two_journals(tmp_path, convention, settings, players)
    full = _FullReplays(monkeypatch)
    for text in chosen:  # (a deal drawn twice in a row is recorded again)
        _both(monkeypatch, kept, plain, "add", *text.split(), "--again")
    assert full.count == 1  # the first deal only: every later one started from a snapshot
    # the state the last add kept is the state a replay of the journal ends with
    j = read(kept)
    found = snapshots.load(j.digest(), j.table())
    assert found is not None
    with monkeypatch.context() as m:
        m.setenv("PULKA_SNAPSHOTS", "off")
        state, count = replay.final_state(read(kept).game())
    assert found.state == state and found.count == count == len(chosen)
    expected = _replayed(monkeypatch, "settle", plain, "--json")
    _no_replays(monkeypatch)
    assert ok("settle", kept, "--json").stdout == expected


def test_a_repeated_deal_is_refused_from_a_snapshot_too(tmp_path, folder, monkeypatch):
    kept, plain = _two_journals(tmp_path, "sochi", {}, ("Аня", "Борис", "Вера"))
    deal = ("add", "Аня", "6s", "6", "Борис", "whist", "2", "Вера", "whist", "2")
    full = _FullReplays(monkeypatch)
    _both(monkeypatch, kept, plain, *deal)
    _both(monkeypatch, kept, plain, *deal)  # refused: the same as deal 1
    assert "the same as deal 1" in run(deal[0], kept, *deal[1:]).stderr
    _both(monkeypatch, kept, plain, *deal, "--again")
    _both(monkeypatch, kept, plain, "add", "raspasy", "Аня", "4", "Борис", "3", "Вера", "3")
    assert full.count == 1


def test_corrections_between_deals_read_the_same(tmp_path, folder, monkeypatch):
    kept, plain = _two_journals(tmp_path, "sochi", {"pulya": 20}, ("Аня", "Борис", "Вера"))
    steps = [
        "add Аня 6s 6 Борис whist 2 Вера whist 2",
        "add raspasy Аня 4 Борис 3 Вера 3",
        "add Борис 7h 7 Вера whist 2 Аня pass",
        "add Вера misere 0",
        "void 2",
        "add raspasy Аня 2 Борис 5 Вера 3",
        "fix 1 Аня 6s 7 Борис whist 2 Вера whist 1",
        "add Аня 8c Борис pass Вера pass",
        "undo",
        "add Аня 8c 9 Борис whist 1 Вера pass",
        "void 9",  # not a deal in force: refused, nothing written
        "add Борис 6d 5 Вера whist 3 Аня whist 2",
    ]
    for step in steps:
        written = _both(monkeypatch, kept, plain, *step.split())
        assert bool(written) == (step != "void 9"), step
        for before, after in READINGS[:3]:
            _both(monkeypatch, kept, plain, *before, *after)
    assert "deals: 6" in ok("show", kept).stdout


def test_a_long_game_compiled_then_added_to(tmp_path, folder, monkeypatch):
    monkeypatch.setattr(replay, "_PLAYED", _Warm())  # (a short game takes the compiled way)
    convention, settings, players, texts = GAMES[1]
    chosen = legal_game(convention, settings, players, texts, seed=1, deals=120)
    assert len(chosen) > 100
    kept, plain = _two_journals(tmp_path, convention, settings, players)
    body = "".join(f"{n}. {text}\n" for n, text in enumerate(chosen[:-2], 1))
    for path in (kept, plain):
        with open(path, "a", encoding="utf-8") as out:
            out.write(body)
    _both(monkeypatch, kept, plain, "settle", "--json")  # compiled: kept without its last deal
    full = _FullReplays(monkeypatch)
    _both(monkeypatch, kept, plain, "add", *chosen[-2].split())  # so add replays it all
    _both(monkeypatch, kept, plain, "add", *chosen[-1].split())  # and then need not
    assert full.count == 1
    expected = _replayed(monkeypatch, "show", plain)
    _no_replays(monkeypatch)
    assert ok("show", kept).stdout == expected


class _Warm(dict):
    """A process that has played every table's warm-up already."""

    def get(self, key: object, default: object = None) -> int:
        return replay.WARM_UP


def _sample_game(tmp_path, name: str = "sochi-3") -> Path:
    game = tmp_path / f"{name}.pulka"
    game.write_bytes((ROOT / "samples" / f"{name}.pulka").read_bytes())
    return game


@pytest.mark.parametrize("damage", [b"", b"not a pickle", b"\x80\x05K\x01.", None])
def test_a_damaged_snapshot_costs_only_a_replay(tmp_path, folder, monkeypatch, damage):
    game = _sample_game(tmp_path)
    expected = _replayed(monkeypatch, "settle", game, "--json")
    ok("settle", game, "--json")
    (kept,) = folder.iterdir()
    data = kept.read_bytes()
    kept.write_bytes(data[: len(data) // 2] if damage is None else damage)
    again = ok("settle", game, "--json")
    assert again.stdout == expected and again.stderr == ""
    j = read(game)  # and the replay kept a whole one again
    assert kept.read_bytes() != damage and snapshots.load(j.digest(), j.table()) is not None


def test_a_snapshot_is_only_believed_for_its_own_table(tmp_path, folder, monkeypatch):
    sochi, leningrad = _sample_game(tmp_path), _sample_game(tmp_path, "leningrad-3")
    ok("settle", sochi, "--json")
    (made,) = folder.iterdir()
    name = snapshots._name(read(leningrad).digest())
    expected = _replayed(monkeypatch, "settle", leningrad, "--json")
    (folder / name).write_bytes(made.read_bytes())  # another table's state, under this name
    assert ok("settle", leningrad, "--json").stdout == expected


def _unpickled(monkeypatch) -> list[object]:
    """The snapshots unpickled from now on (a list that grows with each one)."""
    loads: list[object] = []
    real = snapshots._Reader.load

    def spy(reader: snapshots._Reader) -> object:
        loads.append(reader)
        return real(reader)

    monkeypatch.setattr(snapshots._Reader, "load", spy)
    return loads


def test_a_file_others_may_write_is_not_unpickled(tmp_path, folder, monkeypatch):
    game = _sample_game(tmp_path)
    ok("settle", game, "--json")
    (kept,) = folder.iterdir()
    loads = _unpickled(monkeypatch)
    ok("settle", game, "--json")
    assert len(loads) == 1
    kept.chmod(0o646)
    expected = _replayed(monkeypatch, "settle", game, "--json")
    assert ok("settle", game, "--json").stdout == expected
    assert len(loads) == 1  # not even opened for unpickling


def test_no_cache_folder_to_be_had_fails_nothing(tmp_path, monkeypatch):
    monkeypatch.delenv("PULKA_SNAPSHOTS")
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the cache folder would go\n")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    game = _sample_game(tmp_path)
    plain = tmp_path / "plain.pulka"
    plain.write_bytes(game.read_bytes())
    for args in (("show",), ("settle", "--json"),
                 ("add", "raspasy", "Аня", "4", "Борис", "3", "Вера", "3")):
        _both(monkeypatch, game, plain, *args)
    assert blocked.read_text() == "a file where the cache folder would go\n"


def test_a_new_code_or_language_is_a_new_snapshot(tmp_path, folder, monkeypatch):
    game = _sample_game(tmp_path)
    ok("settle", game, "--json")
    ok("--lang", "ru", "settle", game, "--json")
    assert len(list(folder.iterdir())) == 2
    monkeypatch.setattr(snapshots, "_CODE", ["another version of the rules"])
    ok("settle", game, "--json")
    assert len(list(folder.iterdir())) == 3


def test_the_code_digest_follows_the_replays_files(tmp_path, monkeypatch):
    package = tmp_path / "pulka"
    (package / "families" / "russian").mkdir(parents=True)
    for part in ("cli", "convention", "files", "i18n", "notation", "journal", "replay"):
        (package / part).mkdir()
    for name in ("game.py", "families/russian/contract.py", "cli/report.py", "README.txt"):
        (package / name).write_text("# code\n")
    monkeypatch.setattr(snapshots, "_PACKAGE", str(package))

    def digest() -> str:
        monkeypatch.setattr(snapshots, "_CODE", [])
        return snapshots._code()

    first = digest()
    assert digest() == first
    (package / "cli" / "report.py").write_text("# the commands are not the rules\n")
    (package / "README.txt").write_text("nor is this\n")
    assert digest() == first
    (package / "families" / "russian" / "contract.py").write_text("# a rule changed\n")
    assert digest() != first
    second = digest()
    (package / "journal" / "__pycache__").mkdir()
    (package / "journal" / "__pycache__" / "body.cpython-311.pyc").write_bytes(b"cached")
    assert digest() == second  # (bytecode cached beside its source follows the source)
    (package / "journal" / "body.pyc").write_bytes(b"compiled, installed without a source")
    assert digest() != second


def test_a_journal_changed_while_it_was_replayed_keeps_no_snapshot(tmp_path, folder):
    game = read(_sample_game(tmp_path)).game()
    contents = iter([b"before" * 6, b"after" * 6])
    game.entries.content = lambda: next(contents)
    _state, count = replay.final_state(game)
    assert count > 0 and not folder.exists()


def test_a_journal_gone_once_it_was_replayed_keeps_its_replay(tmp_path, folder):
    path = _sample_game(tmp_path)
    journal = read(path)
    game = journal.game()
    expected = replay.final_state(read(path).game(), compiled=False)

    calls: list[None] = []

    def content() -> bytes:  # (the journal is deleted once it was replayed)
        calls.append(None)
        if len(calls) == 2:
            path.unlink()
        return journal.digest()

    game.entries.content = content
    assert replay.final_state(game) == expected and not folder.exists()


def test_the_folder_keeps_the_newest(tmp_path, folder, monkeypatch):
    monkeypatch.setattr(snapshots, "KEEP", 8)
    game = _sample_game(tmp_path)
    for n in range(1, 21):
        with open(game, "a", encoding="utf-8") as out:
            out.write(f"; comment {n}\n")  # new bytes each time: a new snapshot
        ok("settle", game, "--json")
        assert len(list(folder.iterdir())) <= 8 + 1
        newest = folder / snapshots._name(read(game).digest())
        assert newest.exists()
    assert os.listdir(folder) and not [n for n in os.listdir(folder) if n.startswith(".")]


def test_snapshots_off_writes_none(tmp_path, folder, monkeypatch):
    monkeypatch.setenv("PULKA_SNAPSHOTS", "OFF")
    game = tmp_path / "g.pulka"
    ok("new", game, "--players", "Аня", "Борис", "Вера")
    ok("add", game, "Аня", "6s", "6", "Борис", "whist", "2", "Вера", "whist", "2")
    ok("settle", game, "--json")
    ok("add", game, "raspasy", "Аня", "4", "Борис", "3", "Вера", "3")
    assert not folder.exists()


def test_a_fifo_under_a_snapshot_s_name_is_not_waited_for(tmp_path, folder, monkeypatch):
    import threading

    game = _sample_game(tmp_path)
    ok("settle", game, "--json")
    (kept,) = folder.iterdir()
    kept.unlink()
    os.mkfifo(kept)
    j = read(game)
    found: list[object] = []
    reader = threading.Thread(target=lambda: found.append(snapshots.load(j.digest(), j.table())),
                              daemon=True)
    reader.start()
    reader.join(5)
    waited = reader.is_alive()
    if waited:  # (let the waiting opening go, then fail)
        os.close(os.open(kept, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(5)
    assert not waited and found == [None]


def test_a_snapshot_is_kept_for_the_user_alone_whatever_the_umask(tmp_path, folder, monkeypatch):
    game = _sample_game(tmp_path)
    expected = _replayed(monkeypatch, "settle", game, "--json")
    before = os.umask(0o002)  # (a group of one's own: files the group may write)
    try:
        assert ok("settle", game, "--json").stdout == expected
    finally:
        os.umask(before)
    (kept,) = folder.iterdir()
    assert kept.stat().st_mode & 0o777 == 0o600
    _no_replays(monkeypatch)
    assert ok("settle", game, "--json").stdout == expected


@pytest.mark.parametrize("how", ["copy", "link"])
def test_another_journal_s_snapshot_under_this_name_is_not_believed(tmp_path, folder,
                                                                     monkeypatch, how):
    game = _sample_game(tmp_path)
    ok("settle", game, "--json")
    (made,) = folder.iterdir()
    shorter = tmp_path / "shorter.pulka"  # the same table, a deal fewer
    shorter.write_bytes(game.read_bytes().rsplit(b"\n", 2)[0] + b"\n")
    expected = _replayed(monkeypatch, "settle", shorter, "--json")
    name = folder / snapshots._name(read(shorter).digest())
    if how == "copy":
        name.write_bytes(made.read_bytes())
        name.chmod(0o600)
    else:
        name.symlink_to(made)
    assert ok("settle", shorter, "--json").stdout == expected


def test_a_deal_read_back_hashes_as_an_equal_deal_made_here(tmp_path, folder):
    import subprocess
    import sys

    game = tmp_path / "g.pulka"
    ok("new", game, "--players", "Аня", "Борис", "Вера")
    seed = str(int(os.environ.get("PYTHONHASHSEED", "0") or 0) + 1)  # (another than ours)
    env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-m", "pulka", "add", str(game), "Аня", "6s", "6", "Борис",
                    "whist", "2", "Вера", "whist", "2"], env=env, check=True, capture_output=True)
    j = read(game)
    found = snapshots.load(j.digest(), j.table())
    assert found is not None and found.last is not None
    deal = found.last[1]
    assert hash(deal) == hash(deal.replace())


def test_a_snapshot_far_larger_than_a_state_is_not_read(tmp_path, folder, monkeypatch):
    game = _sample_game(tmp_path)
    ok("settle", game, "--json")
    (kept,) = folder.iterdir()
    loads = _unpickled(monkeypatch)
    with open(kept, "r+b") as handle:  # the same pickle, then a hole to past the bound
        handle.truncate(snapshots.MOST_BYTES + 1)
    expected = _replayed(monkeypatch, "settle", game, "--json")
    assert ok("settle", game, "--json").stdout == expected
    assert loads == []  # refused by its size, before a byte was unpickled
