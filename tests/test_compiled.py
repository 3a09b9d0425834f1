"""The compiled replay (pulka.replay.compiled) ends in exactly the state the full rules do.

Every vector and sample is replayed both ways; so are long random games, drawn from the
samples' own deals and kept legal, under conventions and settings that reach every threshold
the compiled replay must leave to the rules: pulyas closing with premiums, help and overflow,
the end of a game, jumps, the разбойник, bombs, gora written off first; bule crossing zero,
refes running out, the last game scaled, a double fall.
"""

from __future__ import annotations

import pytest
from cli_kit import ok
from conftest import ALL_WORDS, ROOT, SHARED_CASES, VECTORS, tiered
from random_games import BALKAN, GAMES, RU3, RUSSIAN_3, legal_game

from pulka.convention.loader import load_convention
from pulka.errors import PulkaError
from pulka.game import Entry, Game, Table
from pulka.gamefile import open_game
from pulka.journal import parse as parse_journal
from pulka.notation import parse_deal
from pulka.replay import compiled, family_of, final_state
from pulka.stats.tallies import Tally

SAMPLES = ROOT / "samples"


@pytest.fixture(autouse=True)
def _each_test_warms_up_afresh(monkeypatch):
    """A process counts the deals each table played through the rules (see replay.WARM_UP):
    every test here starts with none, so the warm-up it asks for is the one it gets."""
    from pulka import replay

    monkeypatch.setattr(replay, "_PLAYED", {})


def _both_ways(game_of) -> tuple[object, object]:
    """The final state (or the error) the compiled way and the full way; ``game_of`` makes
    the game afresh each time (a journal is read on each pass). The compiled way is taken
    from the first deal, and again from the 17th (the first 16 through the rules), and must
    give the same both times."""
    outcomes = []
    for fast, warm_up in ((True, 0), (True, 17), (False, 0)):
        try:
            state, count = final_state(game_of(), compiled=fast, warm_up=warm_up)
        except PulkaError as exc:
            outcomes.append(("error", type(exc).__name__, str(exc)))
        else:
            outcomes.append((state, count, state.dealer, list(state.notes)))
    assert outcomes[0] == outcomes[1]
    return outcomes[0], outcomes[2]


def _compiled_family(game: Game) -> bool:
    return family_of(game.table).core is not None


FILES = sorted([*SAMPLES.glob("*.pulka"), *VECTORS.glob("*.yaml"), *VECTORS.glob("payment/*.yaml"),
                *VECTORS.glob("five/*.yaml"), *SHARED_CASES.glob("*.yaml"),
                *SHARED_CASES.glob("payment/*.yaml"), *SHARED_CASES.glob("five/*.yaml")])


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_sample_and_vector_both_ways(path):
    fast, full = _both_ways(lambda: open_game(path)[0])
    assert fast == full


def test_the_russian_and_balkan_samples_take_the_compiled_way():
    # (the comparison above means something only if the compiled way is taken)
    for name in ("sochi-3", "sochi-4", "croatian-3", "leningrad-3", "serbian-3"):
        assert _compiled_family(open_game(SAMPLES / f"{name}.pulka")[0])
    assert not _compiled_family(open_game(SAMPLES / "austrian-3.pulka")[0])


# --- long random games ------------------------------------------------------------------

def _journal_text(tmp_path, convention: str, settings: dict, players: tuple[str, ...],
                  texts: list[str]) -> bytes:
    path = tmp_path / "g.pulka"
    if path.exists():
        path.unlink()
    options = [arg for key, value in settings.items()
               for arg in ("--set", f"{key}={str(value).lower()}")]
    ok("new", path, "--players", *players, "--convention", convention, *options)
    body = "".join(f"{n}. {text}\n" for n, text in enumerate(texts, 1))
    return path.read_bytes() + body.encode("utf-8")


@pytest.mark.parametrize("seed", tiered(range(3), {"0"}))  # seeds 1 and 2: the exhaustive tier
@pytest.mark.parametrize("convention, settings, players, texts", GAMES,
                         ids=[f"{c}-{'-'.join(f'{k}={v}' for k, v in s.items())}"
                              for c, s, _p, _t in GAMES])
def test_long_random_games_both_ways(tmp_path, convention, settings, players, texts, seed):
    chosen = legal_game(convention, settings, players, texts, seed)
    assert len(chosen) >= 20  # a game long enough to mean something
    data = _journal_text(tmp_path, convention, settings, players, chosen)
    # the journal, read in blocks
    fast, full = _both_ways(lambda: parse_journal(data, "g.pulka").game())
    assert fast == full
    assert fast[0] != "error"
    # each player's counts (pulka stats), told by the compiled steps as by the rules (twice
    # the compiled way: the second time the steps' marks are known)
    counts = []
    for fast_way in (True, True, False):
        game = parse_journal(data, "g.pulka").game()
        tally = Tally(players, game.table.convention)
        final_state(game, compiled=fast_way, warm_up=0, seen=tally)
        counts.append(tally.counts())
    assert counts[0] == counts[1] == counts[2]
    assert sum(c["declared"] + c["raspasy"] for c in counts[0].values()) > 0
    # the same deals as a list of entries (a vector's, a journal's with corrections)
    conv = load_convention(convention, settings or None)
    table = Table(players, conv, dict(settings), convention)
    entries = [Entry(n, parse_deal(t, players, ALL_WORDS)) for n, t in enumerate(chosen, 1)]
    fast_entries, full_entries = _both_ways(lambda: Game(table, entries))
    assert fast_entries == full_entries
    assert fast_entries[0].sheet == full[0].sheet and fast_entries[1:] == full[1:]


def test_the_random_games_reach_the_thresholds():
    # the games above are only a test if they close pulyas, end, and cross zero
    sochi = legal_game("sochi", {"pulya": 40}, RU3, RUSSIAN_3, seed=0)
    conv = load_convention("sochi", {"pulya": 40})
    state, _count = final_state(Game(Table(RU3, conv, {}, "sochi"),
                                     [Entry(n, parse_deal(t, RU3, ALL_WORDS))
                                      for n, t in enumerate(sochi, 1)]),
                                warm_up=0)
    assert state.finished and len(state.closed) == 3
    balkan = legal_game("croatian", {"start": 100}, ("A", "B", "C"), BALKAN, seed=0)
    conv = load_convention("croatian", {"start": 100})
    state, _count = final_state(Game(Table(("A", "B", "C"), conv, {}, "croatian"),
                                     [Entry(n, parse_deal(t, ("A", "B", "C"), ALL_WORDS))
                                      for n, t in enumerate(balkan, 1)]), warm_up=0)
    assert state.finished and any(state.sheet.cells["hats"].values())


def test_an_illegal_deal_is_refused_the_same_way(tmp_path):
    header = _journal_text(tmp_path, "sochi", {"pulya": 1000, "end": "manual"}, RU3, [])
    line = header.count(b"\n") + 41
    for bad in ("Аня 6s 11 Борис whist 0 Вера pass",  # a notation error
                "Аня 6s 6 Борис whist 3 Вера whist 2"):  # an impossible deal
        texts = ["Аня 6s 6 Борис whist 2 Вера whist 2"] * 40 + [bad]
        data = _journal_text(tmp_path, "sochi", {"pulya": 1000, "end": "manual"}, RU3, texts)
        fast, full = _both_ways(lambda data=data: parse_journal(data, "g.pulka").game())
        assert fast == full
        assert fast[0] == "error" and f"g.pulka:{line}:" in fast[2]


def test_comments_blank_lines_and_odd_spacing_are_read_as_the_rules_read_them(tmp_path):
    data = _journal_text(tmp_path, "sochi", {"pulya": 1000, "end": "manual"}, RU3, [])
    body = ["1. Аня 6s 6 Борис whist 2 Вера whist 2", "; a comment", "",
            "2. Борис 7h 7 Вера whist 3 Аня pass", "3.  Вера 6c 6 Аня whist 2 Борис whist 2",
            "4. Аня 6s 6 Борис whist 2 Вера whist 2 ; the same again"] + [
        f"{n}. Аня 6s 6 Борис whist 2 Вера whist 2" for n in range(5, 3000)]
    data += ("\n".join(body) + "\n").encode("utf-8")
    fast, full = _both_ways(lambda: parse_journal(data, "g.pulka").game())
    assert fast == full and fast[1] == 2999


def test_a_step_is_counted_not_replayed():
    # the point of it all: 3,000 repeats of one deal are played through the rules once
    # per situation (three seats), however many times they recur
    conv = load_convention("sochi", {"pulya": 100000, "end": "manual"})
    table = Table(RU3, conv, {}, "sochi")
    entries = [Entry(n, parse_deal("Аня 6s 6 Борис whist 2 Вера whist 2", RU3, ALL_WORDS))
               for n in range(1, 3001)]
    played = []
    family = family_of(table)
    run = compiled.Run(family, family.core, family.new_state(table))
    real_compile = run.compile
    run.compile = lambda deal, situation: played.append(deal) or real_compile(deal, situation)
    count = compiled._entries(run, entries)
    state = run.finish()
    assert count == 3000 and len(played) == 3
    assert state.pulya == {"Аня": 6000, "Борис": 0, "Вера": 0}
    assert state.whists[("Борис", "Аня")] == 12000 and state.deals_played == 3000
    assert state == final_state(Game(table, entries), compiled=False)[0]


def test_a_short_game_is_played_through_the_rules(monkeypatch):
    # compiling pays only where deals repeat: the first WARM_UP deals never are
    from pulka import replay

    def refuse(*args):
        raise AssertionError("compiled")

    monkeypatch.setattr(compiled, "resume", refuse)
    game = open_game(SAMPLES / "sochi-3.pulka")[0]
    assert final_state(game)[1] == 34 and replay.WARM_UP >= 34
    with pytest.raises(AssertionError, match="compiled"):
        final_state(game, warm_up=10)


class _Warm(dict):
    """Every table has played enough deals: each game is replayed the compiled way."""

    def get(self, key, default=None):
        return 10 ** 9


@pytest.mark.parametrize("sample", ["sochi-3", "sochi-4", "classic-3", "croatian-3",
                                    "serbian-3"])
def test_an_archive_game_sums_up_the_same_either_way(monkeypatch, sample):
    # `pulka stats` replays many games of one table the compiled way, and counts each
    # player's contracts from the compiled steps: the same numbers as deal by deal
    from pulka import replay
    from pulka.stats.summary import summarise

    data = (SAMPLES / f"{sample}.pulka").read_bytes()
    full = summarise(data, "g.pulka")
    monkeypatch.setattr(replay, "_PLAYED", _Warm())
    assert summarise(data, "g.pulka") == full
    assert sum(c["declared"] for c in full["counts"].values()) > 0


@pytest.mark.parametrize("bad_first", [True, False])
def test_a_line_too_long_is_met_where_the_rules_meet_it(tmp_path, bad_first):
    # the journal is read in blocks: a line too long must not be refused before the deals
    # in front of it have been played (an illegal one among them is the error to report)
    header = _journal_text(tmp_path, "sochi", {"pulya": 1000, "end": "manual"}, RU3, [])
    good = "Аня 6s 6 Борис whist 2 Вера whist 2"
    texts = [good] * 30
    if bad_first:
        texts[20] = "Аня 6s 6 Борис whist 3 Вера whist 2"  # an impossible deal, line 21 of the body
    body = "".join(f"{n}. {t}\n" for n, t in enumerate(texts, 1))
    body += f"31. {good} ; {'x' * 70_000}\n"
    data = header + body.encode("utf-8")
    path = tmp_path / "long.pulka"
    path.write_bytes(data)
    for game_of in (lambda: parse_journal(data, "long.pulka").game(),
                    lambda: open_game(path)[0]):
        fast, full = _both_ways(game_of)
        assert fast == full and fast[0] == "error"
        assert ("impossible" in fast[2] or "whist" in fast[2] or "tricks" in fast[2]) \
            if bad_first else "longer than" in fast[2]


def test_the_steps_kept_are_bounded(monkeypatch):
    # a journal whose every line differs keeps at most MOST_STEPS steps; the rest is played
    # through the rules, with the same result
    monkeypatch.setattr(compiled, "MOST_STEPS", 5)
    monkeypatch.setattr(compiled, "_SITUATIONS", {})
    conv = load_convention("sochi", {"pulya": 100000, "end": "manual"})
    table = Table(RU3, conv, {}, "sochi")
    texts = legal_game("sochi", {"pulya": 100000, "end": "manual"}, RU3, RUSSIAN_3, seed=4)
    entries = [Entry(n, parse_deal(t, RU3, ALL_WORDS)) for n, t in enumerate(texts, 1)]
    fast = final_state(Game(table, entries), warm_up=0)
    assert sum(map(len, compiled._SITUATIONS[(RU3, conv, "en")].values())) == 5
    assert fast == final_state(Game(table, entries), compiled=False)


def test_a_journal_with_corrections_both_ways(tmp_path):
    # voids and fixes: the deals in force come from the journal's index, not in blocks
    chosen = legal_game("sochi", {"pulya": 1000, "end": "manual"}, RU3, RUSSIAN_3, seed=5)
    data = _journal_text(tmp_path, "sochi", {"pulya": 1000, "end": "manual"}, RU3, chosen)
    data += b"void 7\nfix 9 " + chosen[8].encode("utf-8") + b"\n"
    fast, full = _both_ways(lambda: parse_journal(data, "g.pulka").game())
    assert fast == full and fast[0] != "error" and fast[1] == len(chosen) - 1


def test_a_step_keeps_its_notes_in_the_language_they_were_written_in(monkeypatch):
    # the steps of a table are kept for the process: a game replayed in another language
    # compiles its own, so its notes are in that language
    from pulka import i18n

    monkeypatch.setattr(compiled, "_SITUATIONS", {})
    texts = ["allpass"] * 8 + ["A d 6 B whist 4 C pass"] * 4
    conv = load_convention("croatian", {"start": 1000, "refe.max": 1})
    table = Table(("A", "B", "C"), conv, {}, "croatian")
    entries = [Entry(n, parse_deal(t, ("A", "B", "C"), ALL_WORDS)) for n, t in enumerate(texts, 1)]
    notes = {}
    for lang in ("en", "ru", "en"):
        i18n.use(lang)
        state = final_state(Game(table, entries), warm_up=0)[0]
        assert state == final_state(Game(table, entries), compiled=False)[0]
        notes.setdefault(lang, state.notes)
        assert state.notes == notes[lang] and state.notes
    assert notes["en"] != notes["ru"]
    i18n.use("en")
