"""Fuzzing the parsers: whatever they are given, they raise only pulka's own errors, located.

Four readers take text from outside: the deal notation, the journal (and the replay of its
deals), the scoring-vector loader and the convention loader. For random and mutated input
each may refuse, but only with a :class:`~pulka.errors.PulkaError` (a ConventionError for a
convention file) that says where: ``err.source`` or ``err.deal`` is set and the message is
not empty. Anything else is a bug.

Bugs already known are pinned by the strict xfails at the end of this file; the fuzzers
step over their exact signature (exception type and the pulka function it escaped from) so
that they keep searching for new ones. When a bug is fixed its xfail turns into a failure:
remove it there and its entry in ``KNOWN_BUGS``.

The default run is short (100 to 300 examples a test, some 10 s in all);
``PULKA_HYPOTHESIS_PROFILE=fuzz`` runs 20 000 examples a parser in memory and 2 500 a file
loader (about six minutes). The profiles are named ``pulka-fuzz-*`` so as not to meet those of
tests/test_properties.py (run that file apart in a deep run: it knows no ``fuzz`` profile).
"""

from __future__ import annotations

import os
import tempfile
import traceback
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from conftest import ALL_WORDS
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from pulka import journal
from pulka.cli import cli
from pulka.convention.loader import load_file
from pulka.convention.schema import every_key
from pulka.convention.types import Choice, Flag, Integer, KeyType, ListOf, Money, Number
from pulka.errors import ConventionError, PulkaError
from pulka.gamefile import open_game
from pulka.notation import parse_deal
from pulka.replay import steps
from pulka.settlement.figures import build

ROOT = Path(__file__).resolve().parents[1]

_CHECKS = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
settings.register_profile("pulka-fuzz-quick", max_examples=300, deadline=None, database=None,
                          suppress_health_check=_CHECKS)
settings.register_profile("pulka-fuzz-deep", max_examples=20_000, deadline=None, database=None,
                          suppress_health_check=_CHECKS)
DEEP_RUN = os.environ.get("PULKA_HYPOTHESIS_PROFILE") == "fuzz"
#: parsing in memory, 1-3 ms an example: 300, or 20 000 in a deep run
FAST = settings.get_profile("pulka-fuzz-deep" if DEEP_RUN else "pulka-fuzz-quick")
#: a file written and read, conventions looked up, a game settled, 20-70 ms: 100, or 2 500
SLOW = settings(FAST, max_examples=FAST.max_examples // 8 if DEEP_RUN else FAST.max_examples // 3)


@pytest.fixture(scope="module", autouse=True)
def _no_user_conventions(tmp_path_factory):
    """The user's own convention folder must not shadow the built-in ones."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PULKA_CONVENTIONS", str(tmp_path_factory.mktemp("no-user-conventions")))
        yield


# --- known bugs, and the check every refusal must pass ----------------------------------------------

#: name -> (exception type, pulka file, function it escaped from)
KNOWN_BUGS: dict[str, tuple] = {}  # none at the moment


def known_bug(exc: BaseException) -> str | None:
    """The name of the known bug this exception is, or None."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__)
              if f"{os.sep}pulka{os.sep}" in f.filename and f"{os.sep}tests{os.sep}" not in f.filename]
    if not frames:
        return None
    where = (Path(frames[-1].filename).name, frames[-1].name)
    for name, (kind, *place) in KNOWN_BUGS.items():
        if isinstance(exc, kind) and tuple(place) == where:
            return name
    return None


def refuses_cleanly(call, only: type[PulkaError] = PulkaError) -> None:
    """Run ``call``: it may succeed, or raise ``only`` with a place and a message."""
    try:
        call()
    except only as err:
        assert err.source is not None or err.deal is not None, f"no location: {err!r}"
        assert str(err).strip(), repr(err)
        assert err.message.strip(), repr(err)
        event(type(err).__name__)
    except Exception as exc:
        name = known_bug(exc)
        if name is None:
            raise
        event(f"known bug: {name}")
    else:
        event("accepted")


# --- the deal notation ------------------------------------------------------------------------------

TABLES = (
    ("Аня", "Борис", "Вера"),
    ("A", "B", "C"),
    ("Дядя Ваня", "Пас", "7h"),  # a space, a keyword, a contract
    ("Аня", "Анна", "Вера", "Гена"),  # a shared prefix; four players
)
SPECIAL = list('♠♣♦♥♤♧♢♡"\\;½/.,-+ \t\u200b\u202e\u00a0') + list("0123456789٣６") + list(
    "абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ")
CHARS = st.one_of(st.sampled_from(SPECIAL), st.characters(codec="utf-8"))
VOCABULARY = [
    *sorted(ALL_WORDS.keywords | set(ALL_WORDS.suits) | set(ALL_WORDS.decisions)
            | set(ALL_WORDS.games)),
    "6s", "7♥", "8 пик", "9nt", "10d", "6", "7", "10", "11", "0", "-1", "+3", "6.5", "7/2", "1/0",
    "1e9", "99999999999999999999", '"', '""', '"Аня"', '"Дядя Ваня"', ";", "; note", "\\", "½",
    "pulya", "gora", "whists", "bule", "dark", "1", "2", "3", "4", "looked",
]


def words(players: tuple[str, ...]) -> st.SearchStrategy[str]:
    names = [*players, *(p[:1] for p in players), *(p.upper() for p in players),
             *(f'"{p}"' for p in players)]
    return st.one_of(
        st.sampled_from(VOCABULARY),
        st.sampled_from(names),
        st.integers(-15, 15).map(str),
        st.text(CHARS, min_size=1, max_size=6),
    )


@st.composite
def deal_texts(draw) -> tuple[str, tuple[str, ...]]:
    players = draw(st.sampled_from(TABLES))
    text = draw(st.one_of(
        st.text(CHARS, max_size=40),
        st.lists(words(players), max_size=14).map(" ".join),
    ))
    return text, players


@given(deal_texts())
@FAST
@example(("adjust pulya Аня 1/0", TABLES[0]))
@example(('Аня 6s 6 "Борис', TABLES[0]))
@example(("raspasy dark 9 Аня 3", TABLES[0]))
def test_the_notation_only_refuses_with_its_own_errors(case):
    text, players = case
    refuses_cleanly(lambda: parse_deal(text, players, ALL_WORDS))


VALID_DEALS = (
    "Аня 6s 6 Борис whist 2 Вера whist 2",
    "А 6 пик 6 Б вист 2 В вист 2",
    "Борис 7h 6 Аня whist 4 Вера pass",
    "Вера 8d Аня pass Борис pass",
    "Аня 6c Борис pass Вера half",
    "Вера misere 1",
    "raspasy Аня 4 Борис 0 Вера 6",
    "raspasy dark 1 Аня 3 Борис 3 Вера 4 looked",
    "Аня 7nt dark 7 Борис whist 3 Вера pass",
    "adjust pulya Аня 2 gora Борис -3 whists Аня Борис 10",
    "Аня s igra 6 Борис whist 4 contra Вера pass invite",
    "allpass",
    "end",
    "Вера мизер 0 ; a comment",
)


@st.composite
def mutated_deals(draw) -> str:
    tokens = draw(st.sampled_from(VALID_DEALS)).split(" ")
    extra = words(TABLES[0])
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["delete", "duplicate", "swap", "replace", "insert", "char", "join"]))
        i = draw(st.integers(0, max(len(tokens) - 1, 0)))
        j = draw(st.integers(0, max(len(tokens) - 1, 0)))
        if not tokens:
            tokens = [draw(extra)]
        elif op == "delete":
            del tokens[i]
        elif op == "duplicate":
            tokens.insert(i, tokens[i])
        elif op == "swap":
            tokens[i], tokens[j] = tokens[j], tokens[i]
        elif op == "replace":
            tokens[i] = draw(extra)
        elif op == "insert":
            tokens.insert(i, draw(extra))
        elif op == "char":
            word = tokens[i] or " "
            k = draw(st.integers(0, len(word) - 1))
            tokens[i] = word[:k] + draw(CHARS) + word[k + 1:]
        elif op == "join" and i + 1 < len(tokens):
            tokens[i:i + 2] = [tokens[i] + tokens[i + 1]]
    return " ".join(tokens)


@given(mutated_deals())
@FAST
def test_mutated_deals_only_refuse_with_pulka_errors(text):
    refuses_cleanly(lambda: parse_deal(text, TABLES[0], ALL_WORDS))


# --- the journal, read and replayed ---------------------------------------------------------------

SAMPLES = ("sochi-3", "sochi-4", "classic-3", "leningrad-3", "serbian-3", "gusarik-2")


@pytest.fixture(scope="module")
def journals(tmp_path_factory) -> list[bytes]:
    """Sample journals, and one built through the CLI with voids and fixes."""
    out = [(ROOT / "samples" / f"{name}.pulka").read_bytes() for name in SAMPLES]
    path = tmp_path_factory.mktemp("fuzz-journal") / "g.pulka"
    runner = CliRunner()
    for args in (("new", path, "--players", "Аня", "Борис", "Вера", "--pulya", "10"),
                 ("add", path, "Аня 6s 6 Борис whist 2 Вера whist 2"),
                 ("add", path, "raspasy Аня 4 Борис 3 Вера 3"),
                 ("add", path, "Вера 7h 6 Аня whist 3 Борис whist 1"),
                 ("undo", path),
                 ("add", path, "Вера 7h 7 Аня whist 2 Борис whist 1"),
                 ("fix", path, "1", "Аня 6s 7 Борис whist 2 Вера whist 1"),
                 ("add", path, "adjust pulya Аня 2 whists Борис Вера 4")):
        result = runner.invoke(cli, [str(a) for a in args])
        assert result.exit_code == 0, (args, result.stderr)
    out.append(path.read_bytes())
    return out


JOURNAL_LINES = st.one_of(
    st.sampled_from([b"pulka 1", b"pulka 2", b"players A B", b"players", b"set pulya x", b"rule",
                     b"rule whist.rate", b"rule whist.rate -1", b"rule whist.rate 1/2",
                     b"rule family balkan", b"convention sochi", b"convention nosuch", b"void 1",
                     b"void 99", b"void", b"fix 2", b"fix 1 end", b"99. end", b"1. end", b"end",
                     b"; comment", b"# comment", b"", b"   ", b"\xff\xfe", b"\xef\xbb\xbfpulka 1",
                     b"\r", b"title x", b"created"]),
    st.builds(lambda n, t: f"{n}. {t}".encode(), st.integers(0, 40), st.sampled_from(VALID_DEALS)),
    st.builds(lambda n, t: f"fix {n} {t}".encode(), st.integers(0, 40), st.sampled_from(VALID_DEALS)),
    st.text(CHARS, max_size=30).map(lambda t: t.replace("\n", " ").encode()),
    st.binary(max_size=20).map(lambda b: b.replace(b"\n", b" ")),
)


@st.composite
def mutated_journals(draw, bases: list[bytes]) -> bytes:
    data = draw(st.sampled_from(bases))
    lines = data.split(b"\n")[:-1]
    for _ in range(draw(st.sampled_from([1, 1, 1, 2, 2, 3, 5]))):
        op = draw(st.sampled_from(["delete", "duplicate", "swap", "insert", "replace", "flip", "truncate",
                                   "edit"]))
        if not lines:
            lines = [draw(JOURNAL_LINES)]
            continue
        body = max((k + 1 for k, line in enumerate(lines) if line.startswith(b"rule ")), default=0)
        i = draw(st.one_of(st.integers(0, len(lines) - 1), st.integers(min(body, len(lines) - 1),
                                                                      len(lines) - 1)))
        if op == "delete":
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "insert":
            lines.insert(i, draw(JOURNAL_LINES))
        elif op == "replace":
            lines[i] = draw(JOURNAL_LINES)
        elif op == "edit":  # a word of a line replaced, as an editor would
            parts = lines[i].split(b" ")
            k = draw(st.integers(0, len(parts) - 1))
            parts[k] = draw(st.one_of(words(TABLES[0]).map(str.encode), JOURNAL_LINES))
            lines[i] = b" ".join(parts)
        elif op == "flip":
            raw = b"\n".join(lines) + b"\n"
            k = draw(st.integers(0, len(raw) - 1))
            raw = raw[:k] + bytes([draw(st.integers(0, 255))]) + raw[k + 1:]
            lines = raw.split(b"\n")[:-1] if raw.endswith(b"\n") else raw.split(b"\n")
        elif op == "truncate":
            raw = b"\n".join(lines) + b"\n"
            return raw[:draw(st.integers(0, len(raw)))]
    return b"\n".join(lines) + b"\n" if lines else b""


def read_and_replay(data: bytes) -> None:
    game = journal.parse(data, "g.pulka").game()
    for _ in steps(game):
        pass


@given(st.data())
@FAST
def test_a_damaged_journal_only_refuses_with_pulka_errors(journals, data):
    damaged = data.draw(mutated_journals(journals))
    refuses_cleanly(lambda: read_and_replay(damaged))


# --- the vector loader --------------------------------------------------------------------------

VECTOR_KEYS = ["declarer", "contract", "defence", "tricks", "raspasy", "players", "deals", "options",
               "expect", "convention", "dark", "looked", "allpass", "no_talon", "invite", "contra",
               "adjust", "end", "title", "source", "pulya", "gora", "whists", "price", "A", "B", "C",
               "whist.rate", "raspasy.prices"]
SCALARS = st.one_of(
    st.sampled_from(["A", "B", "C", "D", "6s", "7h", "8 пик", "10nt", "misere", "s", "bettel", "sans",
                     "whist", "pass", "half", "вист", "sochi", "serbian", "leningrad", "classic",
                     "nosuch", "./gone.yaml", "/etc/passwd", "1/2", "1/0", "0.10", "-3", "", "none",
                     "true"]),
    st.integers(-3, 12),
    st.integers(),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(CHARS, max_size=8),
)


def plain_yaml(keys: list[str]) -> st.SearchStrategy[object]:
    return st.recursive(
        SCALARS,
        lambda children: st.one_of(
            st.lists(children, max_size=5),
            st.dictionaries(st.one_of(st.sampled_from(keys), SCALARS.filter(_hashable)), children,
                            max_size=5),
        ),
        max_leaves=12,
    )


def _hashable(value: object) -> bool:
    return not isinstance(value, float) or value == value  # nan is never found again as a key


GOOD_DEALS = [
    {"declarer": "A", "contract": "6s", "defence": {"B": "whist", "C": "whist"},
     "tricks": {"A": 6, "B": 2, "C": 2}},
    {"declarer": "B", "contract": "7h", "defence": {"A": "whist", "C": "pass"}, "tricks": {"B": 6, "A": 4}},
    {"declarer": "C", "contract": "misere", "tricks": {"C": 1}},
    {"raspasy": {"A": 4, "B": 0, "C": 6}},
    {"raspasy": {"A": 3, "B": 3, "C": 4}, "dark": 1, "looked": ["B"]},
    {"declarer": "B", "contract": "c", "no_talon": True, "defence": {"A": "whist", "C": "pass"},
     "invite": True, "contra": {"A": 1}, "tricks": {"B": 6, "A": 4}},
    {"allpass": True},
    {"adjust": {"pulya": {"A": 2}, "gora": {"B": -3}, "whists": {"A": {"B": 10}}}},
    {"end": True},
]


@st.composite
def deal_dicts(draw) -> object:
    deal = dict(draw(st.sampled_from(GOOD_DEALS)))
    for _ in range(draw(st.sampled_from([0, 0, 0, 1, 1, 2, 3]))):
        key = draw(st.sampled_from(VECTOR_KEYS))
        if draw(st.booleans()) and key in deal:
            del deal[key]
        else:
            deal[key] = draw(st.one_of(SCALARS, plain_yaml(VECTOR_KEYS)))
    return deal


@st.composite
def vectors(draw) -> object:
    if draw(st.integers(0, 19)) == 0:
        return draw(plain_yaml(VECTOR_KEYS))  # anything at all
    doc: dict[str, object] = {
        "convention": draw(st.sampled_from(["sochi", "sochi", "leningrad", "classic", "serbian", "gusarik"])),
        "players": draw(st.sampled_from([["A", "B", "C"], ["A", "B", "C"], ["A", "B", "C", "D"],
                                         ["A", "B"]])),
        "deals": draw(st.lists(deal_dicts(), max_size=8)),
    }
    if draw(st.booleans()):
        doc["options"] = draw(st.dictionaries(
            st.sampled_from(["pulya", "price", "whist.rate", "bombs", "raspasy", "whist", "start", "nosuch"]),
            SCALARS, max_size=2))
    if draw(st.booleans()):
        doc["expect"] = draw(plain_yaml(VECTOR_KEYS))
    for key in draw(st.lists(st.sampled_from(["convention", "players", "deals", "options", "title", "extra"]),
                             max_size=2)):
        if draw(st.booleans()):
            doc.pop(key, None)
        else:
            doc[key] = draw(st.one_of(SCALARS, plain_yaml(VECTOR_KEYS)))
    return doc


def write_yaml(doc: object, name: str) -> Path:
    folder = Path(tempfile.mkdtemp(prefix="pulka-fuzz-"))
    path = folder / name
    path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def load_and_settle(path: Path) -> None:
    game, _ = open_game(path)
    build(game)


@pytest.mark.slow  # the longest of the quick fuzzers: the exhaustive tier
@given(vectors())
@SLOW
def test_a_random_vector_only_refuses_with_pulka_errors(doc):
    path = write_yaml(doc, "v.yaml")
    try:
        refuses_cleanly(lambda: load_and_settle(path))
    finally:
        path.unlink()
        path.parent.rmdir()


# --- the convention loader ----------------------------------------------------------------------

PATHS = sorted({key.path for key in every_key()} - {"family"})
TYPES = {key.path: key.type for key in every_key()}  # (a path of both families: either type will do)


def fitting(kind: KeyType) -> st.SearchStrategy[object]:
    """Values a key of this type takes (and a few just outside)."""
    if isinstance(kind, Choice):
        return st.sampled_from(list(kind.options))
    if isinstance(kind, Flag):
        return st.sampled_from([True, False, "yes", "no"])
    if isinstance(kind, Integer):
        high = kind.high if kind.high is not None else kind.low + 100
        return st.integers(kind.low - 1, min(high, kind.low + 100) + 1)
    if isinstance(kind, Number):
        return st.one_of(st.integers(-1, 30), st.sampled_from(["1/2", "2/3", "0.5", "1.25", "10/4"]))
    if isinstance(kind, Money):
        return st.sampled_from(["0.10", "1", 0, "none", None, "0.005", "-1"])
    if isinstance(kind, ListOf):
        high = kind.max_len if kind.max_len is not None else kind.min_len + 3
        return st.lists(fitting(kind.item), min_size=max(kind.min_len - 1, 0), max_size=high + 1)
    return st.text(CHARS, max_size=10)


OTHER_VALUES = st.one_of(
    SCALARS,
    st.lists(SCALARS, max_size=7),
    st.dictionaries(st.sampled_from([p.rpartition(".")[2] for p in PATHS]), SCALARS, max_size=3),
)


@st.composite
def conventions(draw) -> dict:
    doc: dict[str, object] = {"extends": "sochi"}
    for path in draw(st.lists(st.sampled_from([*PATHS, "whist.rat", "family", "extends", "nope"]),
                              max_size=6, unique=True)):
        kind = TYPES.get(path)
        value = draw(fitting(kind) if kind is not None and draw(st.integers(0, 3)) else OTHER_VALUES)
        head, _, tail = path.partition(".")
        if tail and draw(st.booleans()):  # nested: whist: {rate: ...}
            inner = doc.setdefault(head, {})
            if isinstance(inner, dict):
                inner[tail] = value
                continue
        doc[path] = value
    return doc


@given(conventions())
@SLOW
@example({"extends": "sochi", "whist": {"rate": "1/0"}})
def test_a_random_convention_only_refuses_with_a_located_convention_error(doc):
    path = write_yaml(doc, "c.yaml")
    try:
        refuses_cleanly(lambda: load_file(path), only=ConventionError)
    finally:
        path.unlink()
        path.parent.rmdir()


# --- the known bugs, pinned -------------------------------------------------------------------------

BIG = "9" * 5000  # past Python's 4300-digit limit for int(str)


def _journal(rule: str, value: str) -> bytes:
    data = (ROOT / "samples" / "sochi-3.pulka").read_bytes()
    lines = [line for line in data.split(b"\n") if not line.startswith(f"rule {rule} ".encode())]
    index = next(i for i, line in enumerate(lines) if line.startswith(b"rule "))
    lines.insert(index, f"rule {rule} {value}".encode())
    return b"\n".join(lines)


def _vector(text: str) -> None:
    with tempfile.TemporaryDirectory(prefix="pulka-fuzz-") as folder:
        path = Path(folder) / "v.yaml"
        path.write_text("convention: sochi\nplayers: [A, B, C]\n" + text, encoding="utf-8")
        load_and_settle(path)


def _convention(text: str) -> None:
    with tempfile.TemporaryDirectory(prefix="pulka-fuzz-") as folder:
        path = Path(folder) / "c.yaml"
        path.write_text("extends: sochi\n" + text, encoding="utf-8")
        load_file(path)


ZERO_DIV = (ZeroDivisionError, "bug: 1/0 escapes as ZeroDivisionError: numbers.parse_number lets Fraction's "
            "ZeroDivisionError through (it promises ValueError)")
DIGITS = (ValueError, "bug: a number of more than 4300 digits escapes as ValueError from int()")
DEEP = (RecursionError, "bug: deeply nested YAML escapes as RecursionError")

PINNED = [
    ("notation adjust 1/0", lambda: parse_deal("adjust pulya Аня 1/0", TABLES[0], ALL_WORDS), ZERO_DIV),
    ("notation 5000-digit tricks", lambda: parse_deal(f"Аня 6s {BIG}", TABLES[0], ALL_WORDS), DIGITS),
    ("notation 5000-digit dark rank",
     lambda: parse_deal(f"raspasy dark {BIG}", TABLES[0], ALL_WORDS), DIGITS),
    ("journal rule 1/0", lambda: read_and_replay(_journal("whist.rate", "1/0")), ZERO_DIV),
    ("journal rule of 5000 digits", lambda: read_and_replay(_journal("premiums.jumps", BIG)), DIGITS),
    ("vector option 1/0", lambda: _vector("options: {pulya: 1/0}\ndeals: []\n"), ZERO_DIV),
    ("vector adjust 1/0", lambda: _vector("deals:\n  - {adjust: {gora: {A: 1/0}}}\n"), ZERO_DIV),
    ("vector contra list", lambda: _vector(
        "deals:\n  - {declarer: A, contract: 6s, defence: {B: whist, C: whist}, "
        "tricks: {A: 6, B: 2, C: 2}, contra: [B]}\n"),
     (AttributeError, "bug: a vector deal with `contra` as a list escapes as AttributeError")),
    ("vector deep nesting", lambda: _vector("deals: " + "[" * 1000 + "]" * 1000 + "\n"), DEEP),
    ("convention 1/0", lambda: _convention("whist:\n  rate: 1/0\n"), ZERO_DIV),
    ("convention deep nesting", lambda: _convention("title: " + "[" * 1000 + "]" * 1000 + "\n"), DEEP),
]


@pytest.mark.parametrize("call", [pytest.param(call, id=name) for name, call, _ in PINNED])
def test_once_known_bugs_stay_fixed(call):
    with pytest.raises(PulkaError) as info:
        call()
    assert info.value.source is not None or info.value.deal is not None
