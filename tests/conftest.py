"""Shared test helpers: play a game written in the deal notation and get its report."""

from __future__ import annotations

from pathlib import Path

import pytest

from pulka.convention.loader import load_convention
from pulka.game import Entry, Game, Table
from pulka.notation import CANONICAL, Style, Vocabulary, parse_deal, words_for
from pulka.notation.vocabulary import LATIN
from pulka.registry import FAMILIES
from pulka.replay import final_state
from pulka.settlement.figures import build

ROOT = Path(__file__).resolve().parents[1]
#: the scoring vectors the tests run, carried in the repository (copied from the project's cases)
VECTORS = ROOT / "tests" / "vectors"
#: the project's shared cases beside a development checkout; absent in a fresh clone
SHARED_CASES = ROOT.parent / "shared" / "cases"


def every_family_words() -> Vocabulary:
    """Every registered family's words in one vocabulary, and their Russian styles in one
    style: for the tests of the notation's grammar, which read the lines of every family's
    tables (a family's own table reads only its words and the journal's)."""
    merged = CANONICAL
    russian: dict[str, object] = {}
    for family in FAMILIES:
        words = words_for(family)
        merged = merged.extended(**{table: getattr(words, table) for table in Vocabulary.TABLES
                                    if table != "styles"})
        style = words.style("ru")
        for field in Style.FIELDS[1:]:
            value, canonical = getattr(style, field), getattr(LATIN, field)
            if isinstance(value, dict):
                said = russian.setdefault(field, dict(canonical))
                for key, word in value.items():
                    if word != canonical.get(key):
                        said[key] = word  # type: ignore[index]
            elif value != canonical:
                russian.setdefault(field, value)
    return merged.extended(styles={"ru": Style("russian", **russian)})  # type: ignore[arg-type]


#: see every_family_words
ALL_WORDS = every_family_words()


def _game(lines: list[str], players: tuple[str, ...], convention: str, options: dict) -> Game:
    conv = load_convention(convention, options or None)
    table = Table(tuple(players), conv, dict(options), convention)
    words = words_for(conv.family)
    entries = [Entry(i, parse_deal(line, table.players, words)) for i, line in enumerate(lines, 1)]
    return Game(table, entries)


def play(lines: list[str], players: tuple[str, ...] = ("A", "B", "C"),
         convention: str = "sochi", **options: object) -> dict:
    """Replay deals given in the notation; the report (exact numbers) of the game."""
    report, *_ = build(_game(lines, players, convention, options))
    return report


def play_state(lines: list[str], players: tuple[str, ...] = ("A", "B", "C"),
               convention: str = "sochi", **options: object):
    """Replay deals given in the notation; the family's final state."""
    return final_state(_game(lines, players, convention, options))[0]


def tiered(values, fast: set[str], ids=str) -> list:
    """Parameters over every value: those whose id is in ``fast`` run in the fast tier (the
    README's test command), the others are marked ``slow`` and run in the exhaustive tier
    (`pytest -m slow`, which .ci/run runs too)."""
    missing = fast - {ids(value) for value in values}
    assert not missing, f"no such parameters for the fast tier: {sorted(missing)}"
    return [pytest.param(value, id=ids(value), marks=() if ids(value) in fast else pytest.mark.slow)
            for value in values]


#: where a test is repeated over every sample, the ones the fast tier keeps: one of each family
#: (Russian at four players, Balkan, and the payment games: the pot, Swabian, Greek), by stem
FAST_SAMPLES = {"sochi-4", "serbian-3", "austrian-3", "swabian-3", "greek-3"}


def tiered_samples(paths: list[Path], ids=lambda path: path.name) -> list:
    """:func:`tiered` over sample games (and vectors): FAST_SAMPLES in the fast tier."""
    return tiered(paths, {ids(p) for p in paths if p.stem in FAST_SAMPLES}, ids)


def whists(report: dict) -> dict:
    """The whist matrix with zeros left out, as plain numbers."""
    return {w: {t: v for t, v in row.items() if v} for w, row in report["whists"].items() if row}


@pytest.fixture(autouse=True)
def _no_snapshots(monkeypatch):
    """Every test replays its games (a snapshot kept by an earlier test would stand in for
    the replay it tests); tests/test_snapshots.py turns them on in a folder of its own."""
    monkeypatch.setenv("PULKA_SNAPSHOTS", "off")


@pytest.fixture(autouse=True)
def _no_user_conventions(tmp_path_factory, monkeypatch):
    """The user's own convention folder must not shadow the built-in ones in any test."""
    monkeypatch.setenv("PULKA_CONVENTIONS", str(tmp_path_factory.mktemp("no-user-conventions")))


@pytest.fixture(autouse=True)
def _own_state_folder(tmp_path_factory, monkeypatch):
    """What pulka keeps for the next run (a served game's links and submissions) goes to a
    folder of the test's own, never the user's."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path_factory.mktemp("state")))


@pytest.fixture
def in_tmp_path(tmp_path, monkeypatch):
    """The test's own folder is the current directory, with its (empty) folder of user
    conventions inside it."""
    user = tmp_path / "user-conventions"
    user.mkdir()
    monkeypatch.setenv("PULKA_CONVENTIONS", str(user))
    monkeypatch.chdir(tmp_path)


@pytest.fixture(autouse=True)
def _english_unless_asked(monkeypatch):
    """Every test speaks English unless it asks for Russian: the machine's own locale and
    PULKA_LANG must not leak in, and a test that switched the language switches it back."""
    from pulka import i18n

    for name in ("PULKA_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    i18n.use("en")
    yield
    i18n.use("en")
