"""Property tests: random legal Sochi games at three players.

The games are built from random deals (raspasy, contracts 6..10 with every defence, misère),
keeping only the deals the library accepts at that point of the game (the raspasy exit, the
end of the game). Properties: the settlement and the money sum to exactly zero; the notation
reads back what it writes, also from Russian words and name prefixes; undo and fix through the
command line give the same sheet as never having made the mistake; renaming the players
renames the results.

The run is kept short by the ``pulka`` hypothesis profile below; set
``PULKA_HYPOTHESIS_PROFILE=thorough`` for a longer search.
"""

from __future__ import annotations

import functools
import itertools
import json
import os
import tempfile
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ALL_WORDS
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pulka.cli import cli
from pulka.convention.loader import load_convention
from pulka.errors import IllegalDealError
from pulka.game import Contract, Deal, DealKind, Decision, Entry, Game, Strain, Table
from pulka.notation import format_deal, parse_deal
from pulka.numbers import mixed
from pulka.replay import family_of
from pulka.settlement.figures import build

settings.register_profile("pulka", max_examples=100, deadline=None, database=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=1000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
_WANTED = os.environ.get("PULKA_HYPOTHESIS_PROFILE", "pulka")
PROFILE = settings.get_profile(_WANTED if _WANTED in ("pulka", "thorough") else "pulka")
FAST = settings(PROFILE, max_examples=PROFILE.max_examples * 2)  # library only: ~200
SLOW = settings(PROFILE, max_examples=max(PROFILE.max_examples // 2, 10))  # the CLI: ~50

PLAYERS = ("Аня", "Борис", "Вера")
NAME_SETS = (
    PLAYERS,
    ("A", "B", "C"),  # C reads as clubs: written in quotes
    ("Дядя Ваня", "Пас", "7h"),  # a space, a keyword, a contract: all quoted
    ("Аня", "Анна", "Вера"),  # a shared prefix
)
LEVELS = (6, 7, 8, 9, 10)
STRAINS = (Strain.SPADES, Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.NOTRUMP)


@pytest.fixture(scope="module", autouse=True)
def _no_user_conventions(tmp_path_factory):
    """The user's own convention folder must not shadow the built-in ones."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PULKA_CONVENTIONS", str(tmp_path_factory.mktemp("no-user-conventions")))
        yield


# --- strategies --------------------------------------------------------------------------------


@st.composite
def splits(draw, parts: int, total: int = 10) -> list[int]:
    """``parts`` non-negative whole numbers adding up to ``total``."""
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=parts - 1, max_size=parts - 1)))
    edges = [0, *cuts, total]
    return [b - a for a, b in itertools.pairwise(edges)]


@st.composite
def deals(draw, players: tuple[str, ...] = PLAYERS) -> Deal:
    """A deal that is legal at three players, unless the state of the game forbids it."""
    kind = draw(st.sampled_from(["raspasy", "contract", "contract", "contract", "misere"]))
    if kind == "raspasy":
        tricks = dict(zip(players, draw(splits(3)), strict=True))
        if draw(st.booleans()):  # one count may be left out
            del tricks[draw(st.sampled_from(players))]
        return Deal(DealKind.RASPASY, tricks=tricks)
    declarer = draw(st.sampled_from(players))
    i = players.index(declarer)
    first, second = players[(i + 1) % 3], players[(i + 2) % 3]
    if kind == "misere":
        taken = draw(st.integers(0, 3))
        tricks = {declarer: taken}
        if draw(st.booleans()):
            a, b = draw(splits(2, 10 - taken))
            tricks.update({first: a, second: b})
        return Deal(DealKind.CONTRACT, declarer=declarer, contract=Contract(None, Strain.MISERE),
                    tricks=tricks)
    level = draw(st.sampled_from(LEVELS))
    contract = Contract(level, draw(st.sampled_from(STRAINS)))
    defences = ["both", "first", "second", "pass"] + (["half"] if level in (6, 7) else [])
    defence_kind = draw(st.sampled_from(defences))
    W, P, H = Decision.WHIST, Decision.PASS, Decision.HALF
    tricks: dict[str, int] = {}
    if defence_kind == "pass":
        defence = {first: P, second: P}
    elif defence_kind == "half":
        defence = {first: P, second: H}  # only the second defender can half-whist
    else:
        taken = draw(st.integers(0, 10))
        if defence_kind == "both":
            defence = {first: W, second: W}
            a, b = draw(splits(2, 10 - taken))
            tricks = {declarer: taken, first: a, second: b}
        else:
            whister, passer = (first, second) if defence_kind == "first" else (second, first)
            defence = {whister: W, passer: P}
            if draw(st.booleans()):  # the whister writes the whole defence's tricks
                tricks = {declarer: taken, whister: 10 - taken}
            else:
                a, b = draw(splits(2, 10 - taken))
                tricks = {declarer: taken, whister: a, passer: b}
        if draw(st.booleans()):  # one count may be left out
            del tricks[draw(st.sampled_from(sorted(tricks)))]
    if draw(st.booleans()):  # the defenders in either order
        defence = dict(reversed(defence.items()))
    return Deal(DealKind.CONTRACT, declarer=declarer, contract=contract, defence=defence,
                tricks=tricks)


@functools.cache
def sochi(options: tuple[tuple[str, object], ...]):
    """The Sochi convention with the table's options (read once: a Convention is immutable)."""
    return load_convention("sochi", dict(options))


def table(players: tuple[str, ...] = PLAYERS, **options: object) -> Table:
    options = {"pulya": 10, **options}
    return Table(players, sochi(tuple(sorted(options.items()))), dict(options), "sochi")


def legal(candidates: list[Deal], tbl: Table) -> list[Deal]:
    """The candidates the game accepts, in order (a refused deal is skipped)."""
    game = Game(tbl, [])
    family = family_of(game.table)
    state = family.new_state(tbl)
    kept = []
    for deal in candidates:
        try:
            family.play(deal, state)
        except IllegalDealError:
            continue
        kept.append(deal)
    return kept


def entries(deal_list: list[Deal]) -> list[Entry]:
    return [Entry(i, d) for i, d in enumerate(deal_list, start=1)]


@st.composite
def games(draw, players: tuple[str, ...] = PLAYERS, max_deals: int = 14, min_deals: int = 0,
          **options: object) -> tuple[Table, list[Deal]]:
    tbl = table(players, **options)
    kept = legal(draw(st.lists(deals(players), max_size=max_deals)), tbl)
    assume(len(kept) >= min_deals)
    return tbl, kept


def rename_deal(deal: Deal, to: dict[str, str]) -> Deal:
    return deal.replace(
        declarer=to[deal.declarer] if deal.declarer else None,
        defence={to[p]: d for p, d in deal.defence.items()},
        tricks={to[p]: t for p, t in deal.tricks.items()},
        looked=tuple(to[p] for p in deal.looked),
        contra={to[p]: c for p, c in deal.contra.items()},
    )


# --- 1. the settlement sums to zero ------------------------------------------------------------


@FAST
@given(games(price="0.10"))
def test_the_settlement_and_the_money_sum_to_exactly_zero(game):
    tbl, deal_list = game
    report, state, _, steps = build(Game(tbl, entries(deal_list)))
    assert len(steps) == len(deal_list)
    result = report["result"]
    assert sum(result.values()) == 0
    # exact (never a float) and in thirds at most
    assert all(isinstance(v, (int, Fraction)) and 3 % Fraction(v).denominator == 0
               for v in result.values())

    money = report["money"]
    assert sum(money.values()) == 0
    price = Fraction("0.10")
    for p in PLAYERS:
        assert money[p] == money[p].quantize(Decimal("0.01"))
        assert abs(Fraction(money[p]) - result[p] * price) < Fraction(1, 100)

    # §1.4 worked from the sheet
    n = len(PLAYERS)
    mean_p = Fraction(sum(state.pulya.values()), n)
    mean_g = Fraction(sum(state.gora.values()), n)
    for i in PLAYERS:
        net = sum(state.whists[(i, j)] - state.whists[(j, i)] for j in PLAYERS if j != i)
        assert result[i] == 10 * (state.pulya[i] - mean_p) - 10 * (state.gora[i] - mean_g) + net

    # the payments settle every balance
    paid = {p: Decimal(0) for p in PLAYERS}
    for payment in report["payments"]:
        assert payment["amount"] > 0
        paid[payment["from"]] -= payment["amount"]
        paid[payment["to"]] += payment["amount"]
    assert paid == money

    # the paper method ends on the same numbers
    *_, (title, lines) = family_of(tbl).explain(state).steps
    assert title.startswith("5.")
    assert list(lines) == [f"{p}: {'+' if result[p] > 0 else ''}{mixed(result[p])}"
                           for p in PLAYERS] + ["sum: 0"]


@FAST
@given(games())
def test_the_sheet_stays_within_the_pulya(game):
    tbl, deal_list = game
    report, *_ = build(Game(tbl, entries(deal_list)))
    for p in PLAYERS:
        assert 0 <= report["pulya"][p] <= 10
    assert report["finished"] == all(report["pulya"][p] == 10 for p in PLAYERS)
    assert report["deals"] == len(deal_list)
    assert report["next_dealer"] == PLAYERS[len(deal_list) % 3]


# --- 2. the notation reads back what it writes ---------------------------------------------------


@FAST
@given(st.sampled_from(NAME_SETS).flatmap(lambda names: st.tuples(st.just(names), deals(names))))
def test_format_then_parse_gives_the_deal_back(case):
    players, deal = case
    text = format_deal(deal, ALL_WORDS)
    assert parse_deal(text, players, ALL_WORDS) == deal
    assert format_deal(parse_deal(text, players, ALL_WORDS), ALL_WORDS) == text


@FAST
@given(games())
def test_the_deals_as_scored_read_back_too(game):
    tbl, deal_list = game
    _, _, _, steps = build(Game(tbl, entries(deal_list)))
    for step in steps:
        text = format_deal(step.deal, ALL_WORDS)
        assert parse_deal(text, PLAYERS, ALL_WORDS) == step.deal
        assert format_deal(parse_deal(text, PLAYERS, ALL_WORDS), ALL_WORDS) == text
    # and the game read back from its canonical text scores the same
    again = [parse_deal(format_deal(d, ALL_WORDS), PLAYERS, ALL_WORDS) for d in deal_list]
    assert build(Game(tbl, entries(again)))[0] == build(Game(tbl, entries(deal_list)))[0]


SUIT_WORDS = {
    Strain.SPADES: ["s", "♠", "пик", "пики", "п", "spades"],
    Strain.CLUBS: ["c", "♣", "треф", "трефы", "clubs"],
    Strain.DIAMONDS: ["d", "♦", "бубен", "бубны", "diamonds"],
    Strain.HEARTS: ["h", "♥", "черви", "червей", "hearts"],
    Strain.NOTRUMP: ["nt", "бк", "б/к", "notrump"],
}
DECISION_WORDS = {
    Decision.WHIST: ["whist", "вист", "w", "в"],
    Decision.PASS: ["pass", "пас", "p", "п"],
    Decision.HALF: ["half", "полвиста", "пв", "halfwhist"],
}
#: every word of the notation's vocabulary (a name prefix may read as one of them)
VOCABULARY = (set(ALL_WORDS.suits) | set(ALL_WORDS.games) | set(ALL_WORDS.decisions)
              | set(ALL_WORDS.kinds) | set(ALL_WORDS.contras) | ALL_WORDS.dark | ALL_WORDS.looked
              | ALL_WORDS.no_talon | ALL_WORDS.invite | set(ALL_WORDS.columns))
MISERE_WORDS = ["misere", "мизер", "мизёр", "misère", "mis"]
RASPASY_WORDS = ["raspasy", "распасы", "распас", "распасовка", "rasp"]


def prefixes(name: str, players: tuple[str, ...]) -> list[str]:
    """Every shortening of a name that no other player's name starts with."""
    out = []
    for n in range(1, len(name) + 1):
        prefix = name[:n]
        if not any(p != name and p.casefold().startswith(prefix.casefold()) for p in players):
            out.append(prefix)
    return out


@st.composite
def typed(draw, deal: Deal, players: tuple[str, ...], keyword_prefixes: bool) -> str:
    """The deal the way a player types it: Russian words, name prefixes, any case."""

    def word(choices: list[str]) -> str:
        text = draw(st.sampled_from(choices))
        return text.upper() if draw(st.booleans()) else text

    def name(player: str) -> str:
        choices = prefixes(player, players)
        if not keyword_prefixes:
            choices = [c for c in choices if c.casefold() not in VOCABULARY] or [player]
        text = draw(st.sampled_from(choices))
        return text.casefold() if draw(st.booleans()) else text

    if deal.kind is DealKind.RASPASY:
        parts = [word(RASPASY_WORDS)]
        for player, count in deal.tricks.items():
            parts += [name(player), str(count)]
        return " ".join(parts)
    assert deal.declarer is not None and deal.contract is not None
    parts = [name(deal.declarer)]
    if deal.contract.strain is Strain.MISERE:
        parts.append(word(MISERE_WORDS))
    else:
        suit = word(SUIT_WORDS[deal.contract.strain])
        joined = draw(st.booleans())
        parts += [f"{deal.contract.level}{suit}"] if joined else [str(deal.contract.level), suit]
    if deal.declarer in deal.tricks:
        parts.append(str(deal.tricks[deal.declarer]))
    for player, decision in deal.defence.items():
        parts += [name(player), word(DECISION_WORDS[decision])]
        if player in deal.tricks:
            parts.append(str(deal.tricks[player]))
    for player, count in deal.tricks.items():
        if player != deal.declarer and player not in deal.defence:
            parts += [name(player), str(count)]
    return " ".join(parts)


@FAST
@given(st.data())
def test_russian_words_and_name_prefixes_read_as_the_deal(data):
    players = data.draw(st.sampled_from([PLAYERS, ("Аня", "Анна", "Вера")]))
    deal = data.draw(deals(players))
    text = data.draw(typed(deal, players, keyword_prefixes=False))
    assert parse_deal(text, players, ALL_WORDS) == deal, text
    assert format_deal(parse_deal(text, players, ALL_WORDS), ALL_WORDS) == format_deal(deal, ALL_WORDS)


@FAST
@given(st.data())
def test_name_prefixes_that_read_like_keywords_still_name_the_player(data):
    players = data.draw(st.sampled_from([PLAYERS, ("Аня", "Петя", "Вера")]))
    deal = data.draw(deals(players))
    text = data.draw(typed(deal, players, keyword_prefixes=True))
    assert parse_deal(text, players, ALL_WORDS) == deal, text


def test_the_documented_examples_read():
    assert parse_deal("Аня 6♠ Б вист 2 В вист 2", PLAYERS, ALL_WORDS) == parse_deal(
        "Аня 6s Борис whist 2 Вера whist 2", PLAYERS, ALL_WORDS)
    expect = parse_deal("Аня 6s 6 Борис whist 2 Вера whist 2", PLAYERS, ALL_WORDS)
    assert parse_deal("аня 6 пик 6 бо ВИСТ 2 ве w 2", PLAYERS, ALL_WORDS) == expect
    assert parse_deal("распасы А 4 Б 0 В 6", PLAYERS, ALL_WORDS) == parse_deal("raspasy Аня 4 Борис 0 Вера 6",
                                                                    PLAYERS, ALL_WORDS)
    assert parse_deal("Ве мизер 1", PLAYERS, ALL_WORDS) == parse_deal("Вера misere 1", PLAYERS, ALL_WORDS)
    assert parse_deal("Ан 6c Бо пас Ве полвиста", PLAYERS, ALL_WORDS) == parse_deal(
        "Аня 6c Борис pass Вера half", PLAYERS, ALL_WORDS)


# --- 3 and 4. undo and fix through the command line -----------------------------------------------


def invoke(*args: object) -> str:
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exit_code == 0, (args, result.stdout, result.stderr, result.exception)
    return result.stdout


def new_journal(folder: Path, name: str = "g.pulka") -> Path:
    path = folder / name
    invoke("new", path, "--players", *PLAYERS, "--pulya", "10", "--price", "0.10")
    return path


def settle_json(path: Path) -> dict:
    return json.loads(invoke("settle", path, "--json"))


@SLOW
@given(games(max_deals=8, min_deals=1))
def test_undo_gives_back_the_sheet_before_the_last_deal(game):
    _, deal_list = game
    *before, last = deal_list
    with tempfile.TemporaryDirectory() as folder:
        path = new_journal(Path(folder))
        for deal in before:
            invoke("add", "--again", path, format_deal(deal, ALL_WORDS))
        snapshot = settle_json(path)
        shown = invoke("show", path)
        invoke("add", "--again", path, format_deal(last, ALL_WORDS))
        out = invoke("undo", path)
        assert out.startswith(f"void {len(deal_list)}:")
        assert path.read_text(encoding="utf-8").endswith(f"\nvoid {len(deal_list)}\n")
        assert settle_json(path) == snapshot
        assert invoke("show", path) == shown


@SLOW
@given(games(max_deals=8, min_deals=1), st.data())
def test_fixing_a_deal_is_the_same_as_entering_it_right(game, data):
    tbl, deal_list = game
    k = data.draw(st.integers(1, len(deal_list)))
    replacement = data.draw(deals())
    corrected = [*deal_list[:k - 1], replacement, *deal_list[k:]]
    corrected_is_legal = len(legal(corrected, tbl)) == len(corrected)
    with tempfile.TemporaryDirectory() as folder:
        path = new_journal(Path(folder))
        for deal in deal_list:
            invoke("add", "--again", path, format_deal(deal, ALL_WORDS))
        before = path.read_bytes()
        result = CliRunner().invoke(cli, ["fix", str(path), str(k), format_deal(replacement, ALL_WORDS)])
        if not corrected_is_legal:
            assert result.exit_code == 2, (result.stdout, result.stderr)
            assert "deal " in result.stderr
            assert path.read_bytes() == before
            return
        assert result.exit_code == 0, (result.stdout, result.stderr)
        assert path.read_bytes().startswith(before + f"fix {k} ".encode())

        direct = new_journal(Path(folder), "direct.pulka")
        for deal in corrected:
            invoke("add", "--again", direct, format_deal(deal, ALL_WORDS))
        assert settle_json(path) == settle_json(direct)


# --- 5. renaming the players renames the results ------------------------------------------------


@FAST
@given(games(price="0.10"), st.permutations(PLAYERS))
def test_renaming_the_players_renames_the_results(game, names):
    tbl, deal_list = game
    to = dict(zip(PLAYERS, names, strict=True))
    renamed_table = tbl._replace(players=tuple(to[p] for p in PLAYERS))
    renamed = [rename_deal(d, to) for d in deal_list]
    report = build(Game(tbl, entries(deal_list)))[0]
    again = build(Game(renamed_table, entries(renamed)))[0]
    for column in ("pulya", "gora", "result", "money"):
        assert {to[p]: v for p, v in report[column].items()} == again[column]
    whists = {to[w]: {to[t]: v for t, v in row.items()} for w, row in report["whists"].items()}
    assert whists == again["whists"]
    assert again["next_dealer"] == to[report["next_dealer"]]
    assert again["finished"] == report["finished"]
    assert [(to[p["from"]], to[p["to"]], p["amount"]) for p in report["payments"]] == [
        (p["from"], p["to"], p["amount"]) for p in again["payments"]]
