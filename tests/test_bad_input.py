"""A catalogue of hostile input: every bad thing a user (or a damaged file) can hand pulka.

Each row is one bad input run through the command line. For every row: the exit status is 2,
stderr holds one clear message (``error: ...``, then at most a few ``  hint:`` lines) that
starts with the place (file, line, deal number where there is one) and says what is wrong,
nothing is printed on stdout, and every file in the test's folder is byte for byte as it was
(no journal touched, no export or blank sheet written, no stray temporary file).

A row's ``error`` is the expected message after ``error: ``: literal text in which ``…``
stands for anything and ``{at}`` for the number of the line the row's edit changed in a
journal. Rows marked ``bug`` are real bugs, kept as strict xfails until they are fixed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from cli_kit import digests
from click.testing import CliRunner

from pulka.cli import cli
from pulka.files import safe_yaml as yamlsafe

P3 = ("Аня", "Борис", "Вера")
BIG = "9" * 5000  # past Python's 4300-digit limit for int(str)

# --- journals to start from, built once through the CLI ------------------------------------------

TEMPLATES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # a Sochi game at three, two deals in force (deal 3 is next; Вера deals it)
    "g3": (("--players", *P3), ("Аня 6s 6 Борис whist 2 Вера whist 2", "Борис 7h 6 Аня whist 4 Вера pass")),
    "half6": (("--players", *P3, "--set", "whist.half=6"), ()),
    "g4": (("--players", *P3, "Гена"), ()),
    "over": (("--players", *P3, "--pulya", "10"), ("Аня misere 0", "Борис misere 0", "Вера misere 0")),
    "ended": (("--players", *P3), ("raspasy Аня 4 Борис 3 Вера 3", "end")),
    "piter": (("--players", *P3, "--convention", "питер"),
              ("raspasy Аня 4 Борис 3 Вера 3", "raspasy Аня 3 Борис 4 Вера 3",
               "raspasy Аня 4 Борис 3 Вера 3")),  # not one deal twice in a row: that needs --again
    "serbian": (("--players", *P3, "--convention", "serbian"), ()),
    "prefix": (("--players", "Аня", "Анна", "Вера"), ()),
}

#: a journal written by hand, without the resolved `rule` lines: the convention is read by name
BARE = "pulka 1\nconvention sochi\nplayers Аня Борис Вера\n1. Аня 6s 6 Борис whist 2 Вера whist 2\n"


@pytest.fixture(scope="module")
def templates(tmp_path_factory) -> dict[str, bytes]:
    folder = tmp_path_factory.mktemp("templates")
    runner = CliRunner()
    env = {"PULKA_CONVENTIONS": str(tmp_path_factory.mktemp("no-user-conventions"))}
    out: dict[str, bytes] = {"bare": BARE.encode()}
    for name, (options, deals) in TEMPLATES.items():
        path = folder / f"{name}.pulka"
        for args in (("new", str(path), *options), *(("add", str(path), d) for d in deals)):
            result = runner.invoke(cli, list(args), env=env)
            assert result.exit_code == 0, (args, result.stderr, result.exception)
        out[name] = path.read_bytes()
    return out


# --- edits of a journal, as a hand (or a crash) would make them -----------------------------------

Edit = Callable[[bytes], bytes]


def append(text: str | bytes) -> Edit:
    data = text.encode() if isinstance(text, str) else text
    return lambda b: b + data


def sub(pattern: str, repl: str) -> Edit:
    """Replace the first line matching ``pattern`` (a regex over one whole line)."""

    def edit(b: bytes) -> bytes:
        text, count = re.subn(f"^{pattern}$", lambda _: repl, b.decode(), count=1, flags=re.M)
        assert count == 1, pattern
        return text.encode()

    return edit


def raw_sub(old: bytes, new: bytes) -> Edit:
    def edit(b: bytes) -> bytes:
        assert old in b, old
        return b.replace(old, new, 1)

    return edit


def drop(prefix: str) -> Edit:
    """Remove the first line that starts with ``prefix``."""

    def edit(b: bytes) -> bytes:
        lines = b.splitlines(keepends=True)
        index = next(i for i, line in enumerate(lines) if line.startswith(prefix.encode()))
        return b"".join(lines[:index] + lines[index + 1 :])

    return edit


def without_rules(b: bytes) -> bytes:
    return b"".join(line for line in b.splitlines(keepends=True) if not line.startswith(b"rule "))


def cut_off(b: bytes) -> bytes:
    return b[:-5]


@dataclass(frozen=True)
class J:
    """A journal: a template and the edits made to it."""

    base: str
    edits: tuple[Edit, ...] = ()


def j(base: str, *edits: Edit) -> J:
    return J(base, edits)


DIR = object()  #: a file entry that is a folder


@dataclass(frozen=True)
class Case:
    id: str
    args: tuple[str, ...]
    error: str  #: the message after "error: "; `…` is anything, {at} the edited line
    files: dict[str, object] = field(default_factory=dict)  #: name -> str | bytes | J | DIR
    bug: str | None = None
    quick: bool = False  #: must be refused after a bounded walk of the YAML (an alias bomb)


def case(
    id: str, *args: str, error: str, bug: str | None = None, quick: bool = False, **files: object
) -> Case:
    # keyword names cannot hold dots or dashes: g_pulka is g.pulka, user_conventions__f_yaml
    # is user-conventions/f.yaml
    named = {
        "/".join([*(d.replace("_", "-") for d in k.split("__")[:-1]), k.split("__")[-1].replace("_", ".")]): v
        for k, v in files.items()
    }
    return Case(id, args, error, named, bug, quick)


# --- bugs found by this catalogue -----------------------------------------------------------------

ZERO_DIV = (
    "bug: a zero denominator such as 1/0 escapes as ZeroDivisionError (a traceback): "
    "numbers.parse_number lets Fraction's ZeroDivisionError through"
)
DIGITS = "bug: a number of more than 4300 digits escapes as ValueError from int() (a traceback)"
DEEP = "bug: deeply nested YAML escapes as RecursionError (a traceback)"
JOURNAL_CONVENTION = (
    "bug: a journal without rule lines whose `convention` line is bad gives a "
    "message that names neither the journal nor its line"
)
SET_LINE = "bug: a bad `set` line in a journal without rule lines is reported without its line number"
DOTTED_DUPLICATE = (
    "bug: the same key given nested and dotted (whist: {rate: 1} and whist.rate: 2)"
    " is silently accepted, the last one winning, instead of a duplicate-key error"
)
CONTRA_LIST = "bug: a vector deal with `contra` as a list escapes as AttributeError (a traceback)"
PLAYER_NOT_TEXT = (
    "bug: a vector player that is not text (a list, null) is accepted and its "
    "Python repr becomes the player's name; exit 0"
)

# --- the catalogue --------------------------------------------------------------------------------

G3 = {"g_pulka": j("g3")}
ADD = ("add", "g.pulka")


def add(deal: str, error: str, base: str = "g3", bug: str | None = None, id: str = "") -> Case:
    where = "" if base == "g3" else f" ({base})"
    return case(id or f"add {deal[:40]}{where}", *ADD, deal, error=error, bug=bug, g_pulka=j(base))


DEALS = [
    # contracts, levels, suits
    add("Вера 6x 6 Аня whist 2 Борис whist 2", "g.pulka: deal 3: '6x': 'x' is not a suit"),
    add("Вера 5nt 5 Аня whist 3 Борис whist 2", "g.pulka: deal 3: '5nt': a contract's level is 6 to 10"),
    add("Вера 12nt Аня pass Борис pass", "g.pulka: deal 3: '12nt': a contract's level is 6 to 10"),
    add("Вера 7 Аня pass Борис pass", "g.pulka: deal 3: a suit must follow the level 7"),
    add("Вера", "g.pulka: deal 3: a contract is missing after the declarer"),
    add("Вера sevens spades", "g.pulka: deal 3: 'sevens' is not a contract"),
    add("Вера whist 6s 6 Аня whist 2 Борис whist 2", "g.pulka: deal 3: 'whist' is not a contract"),
    # names
    add(
        "Дима 6s Аня pass Борис pass",
        "g.pulka: deal 3: 'Дима' is not at the table (players: Аня, Борис, Вера)",
    ),
    add("Ан 6s 6 Вера whist 2 Анна whist 2", "g.pulka: deal 1: 'Ан' could be Аня or Анна", base="prefix"),
    add('"аня" 6s Вера pass Анна pass', "g.pulka: deal 1: 'аня' is not at the table", base="prefix"),
    add("Вера 6nt 6 Аня whist 2 Борис whist 2 Аня whist", "g.pulka: deal 3: Аня is named twice"),
    # tricks
    add("Вера 7h 7 Аня whist 1 Борис whist 1", "g.pulka: deal 3: …add up to 9, not 10"),
    add("raspasy Аня 4 Борис 4 Вера 3", "g.pulka: deal 3: …raspasy add up to 11, not 10"),
    add("Вера 6s -1 Аня whist 2 Борис whist 2", "g.pulka: deal 3: -1 tricks: a player takes 0 to 10"),
    add(
        "Вера 6s 6 Аня whist 1.5 Борис whist 2.5",
        "g.pulka: deal 3: 1.5: tricks are whole numbers from 0 to 10",
    ),
    add("raspasy Аня 7/2 Борис 3 Вера 3", "g.pulka: deal 3: 7/2: tricks are whole numbers"),
    add(
        "Вера 6s 99999999999999999999 Аня whist 2 Борис whist 2",
        "g.pulka: deal 3: 99999999999999999999 tricks: a player takes 0 to 10 tricks",
    ),
    add(
        f"Вера 6s {BIG} Аня whist 2 Борис whist 2", "g.pulka: deal 3: …tricks", id="add tricks of 5000 digits"
    ),
    add("Вера misere 11", "g.pulka: deal 3: 11 tricks: a player takes 0 to 10 tricks"),
    add("Вера 6s 6 7 Аня whist 2 Борис whist 2", "g.pulka: deal 3: Вера's tricks are given twice"),
    add("raspasy 4 Аня 3 Борис 3", "g.pulka: deal 3: whose tricks are 4? name the player first"),
    # decisions in the wrong place
    add("Вера 6s 6 Аня 2 whist Борис whist 2", "g.pulka: deal 3: 'whist' is not at the table"),
    add("raspasy Аня 3 Борис 3 Вера 4 looked dark 1", "g.pulka: deal 3: 'dark' is not at the table"),
    add("raspasy looked Аня 3 Борис 3 Вера 4", "g.pulka: deal 3: who looked? write the name first"),
    add("Вера 6h Аня half Борис pass", "g.pulka: deal 3: …only the second defender can half-whist"),
    add("Вера 6h Аня whist Борис half", "g.pulka: deal 3: …half-whist needs Аня to pass"),
    add(
        "Аня 9d Борис pass Вера полвиста", "g.pulka: deal 1: half-whist is not allowed on a 9…", base="half6"
    ),
    # the state of the game
    add(
        "Аня 7s Борис pass Вера pass",
        "g.pulka: deal 4: after 3 raspasy in a row the lowest contract is 8, not 7",
        base="piter",
    ),
    add("Аня misere 0", "g.pulka: deal 1: Аня deals this deal and sits it out…", base="g4"),
    add(
        "raspasy Борис 3 Вера 3 Гена 4 Аня 0",
        "g.pulka: deal 1: Аня deals this deal and sits it out at four players and takes no tricks",
        base="g4",
    ),
    add("raspasy Аня 4 Борис 3 Вера 3", "g.pulka: deal 4: …the game is over…", base="over"),
    add(
        "Аня 6s Борис pass Вера pass",
        "g.pulka: deal 3: the game is over (the players ended the game); no more deals",
        base="ended",
    ),
    # the words of the line
    add('"Вера 6s 6 Аня whist 2 Борис whist 2', "g.pulka: deal 3: unclosed quote"),
    add('Вера 6s 6 Аня whist 2 Борис whist 2 "', "g.pulka: deal 3: unclosed quote", id="add quote at end"),
    add("", "g.pulka: deal 3: empty deal", id="add empty"),
    add("   ; only a comment", "g.pulka: deal 3: empty deal"),
    add("end of the evening", "g.pulka: deal 3: nothing may follow 'end'"),
    add("adjust Аня 2", "g.pulka: deal 3: say which column first: pulya, gora, whists, bule"),
    add("adjust gora Аня lots", "g.pulka: deal 3: 'lots' is not an amount"),
    add("adjust gora Аня 1/0", "g.pulka: deal 3: …"),
    add("adjust bule Аня 3", "g.pulka: deal 3: a Russian sheet has no bule column…"),
    # dark games where bombs are off (Sochi)
    add(
        "raspasy dark 1 Аня 3 Борис 3 Вера 4",
        "g.pulka: deal 3: dark raspasy are not played in this convention (bombs: false)",
    ),
    add(
        "Вера 7nt dark 7 Аня whist 3 Борис pass",
        "g.pulka: deal 3: dark games are not played in this convention (bombs: false)",
    ),
    add("raspasy dark 4 Аня 3 Борис 3 Вера 4", "g.pulka: deal 3: the rank of a dark raspasy is 1, 2 or 3"),
    add(
        f"raspasy dark {BIG} Аня 3 Борис 3 Вера 4",
        "g.pulka: deal 3: …rank…",
        id="add dark rank of 5000 digits",
    ),
    # Balkan words in a Russian game
    add("все-пас", "g.pulka: deal 3: an all-pass is not played here: Russian conventions play raspasy"),
    add("Вера h 6 Аня whist 4 Борис pass", "g.pulka: deal 3: h is a Balkan contract…"),
    add("Вера bettel 0", "g.pulka: deal 3: bettel is a Balkan contract…"),
    add("Вера sans 0", "g.pulka: deal 3: sans is a Balkan contract…"),
    add(
        "Вера 6s igra 6 Аня whist 2 Борис whist 2",
        "g.pulka: deal 3: igra, invite and contra belong to the Balkan conventions",
    ),
    add(
        "Вера 6s 6 Аня whist 2 contra Борис whist 2",
        "g.pulka: deal 3: igra, invite and contra belong to the Balkan conventions",
    ),
    add(
        "Вера 6s invite 6 Аня whist 2 Борис whist 2",
        "g.pulka: deal 3: igra, invite and contra belong to the Balkan conventions",
    ),
    # Russian words in a Balkan game
    add(
        "Аня 6s 6 Борис whist 2 Вера whist 2", "g.pulka: deal 1: 6s is not a Balkan contract…", base="serbian"
    ),
    add(
        "raspasy Аня 4 Борис 3 Вера 3",
        "g.pulka: deal 1: raspasy are not played in the Balkan conventions",
        base="serbian",
    ),
    add("Аня мизер 0", "g.pulka: deal 1: misere is not a Balkan contract…", base="serbian"),
    add(
        "Аня s dark 6 Борис whist 4 Вера whist 0",
        "g.pulka: deal 1: dark games belong to the Russian conventions",
        base="serbian",
    ),
    add("adjust pulya Аня 3", "g.pulka: deal 1: a Balkan sheet has no pulya column…", base="serbian"),
    add(
        "Аня s igra 6 Борис whist 4 Вера pass contra",
        "g.pulka: deal 1: Вера did not whist, so he cannot contra",
        base="serbian",
    ),
]

CORRECTIONS = [
    case(
        "void a deal never made",
        "void",
        "g.pulka",
        "9",
        error="g.pulka: deal 9: there is no deal 9 in force to take back",
        **G3,
    ),
    case(
        "void a voided deal",
        "void",
        "g.pulka",
        "2",
        error="g.pulka: deal 2: …no deal 2 in force…",
        g_pulka=j("g3", append("void 2\n")),
    ),
    case(
        "fix a deal never made",
        "fix",
        "g.pulka",
        "5",
        "Аня 6s Борис pass Вера pass",
        error="g.pulka: deal 5: there is no deal 5 in force to fix",
        **G3,
    ),
    case(
        "fix a voided deal",
        "fix",
        "g.pulka",
        "1",
        "Аня 6s Борис pass Вера pass",
        error="g.pulka: deal 1: …no deal 1 in force…",
        g_pulka=j("g3", append("void 1\n")),
    ),
    case(
        "fix with an impossible deal",
        "fix",
        "g.pulka",
        "1",
        "Аня 6s 6 Борис whist 3 Вера whist 2",
        error="g.pulka: deal 1: …add up to 11, not 10…",
        **G3,
    ),
    case(
        "undo in an empty game",
        "undo",
        "g.pulka",
        error="g.pulka: there is no deal to take back",
        g_pulka=j("g4"),
    ),
    case(
        "add to a journal that is not there",
        "add",
        "nowhere.pulka",
        "raspasy Аня 4 Борис 3 Вера 3",
        error="nowhere.pulka: cannot open the journal…",
    ),
]

JOURNALS = [
    case(
        "journal format 2",
        "show",
        "g.pulka",
        error="g.pulka:{at}: journal format '2' is not known (this pulka reads format 1)",
        g_pulka=j("g3", sub("pulka 1", "pulka 2")),
    ),
    case(
        "journal format word",
        "check",
        "g.pulka",
        error="g.pulka:{at}: journal format 'one' is not known",
        g_pulka=j("g3", sub("pulka 1", "pulka one")),
    ),
    case(
        "journal without its version line",
        "settle",
        "g.pulka",
        error="g.pulka:{at}: not a pulka journal: the first line must be `pulka 1`",
        g_pulka=j("g3", drop("pulka 1")),
    ),
    case(
        "journal empty",
        "show",
        "g.pulka",
        error="g.pulka:1: not a pulka journal: the first line must be `pulka 1`",
        g_pulka=b"",
    ),
    case(
        "journal that is an image",
        "settle",
        "g.pulka",
        error="g.pulka:1: the line is not valid UTF-8",
        g_pulka=b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\n",
    ),
    case(
        "journal without players",
        "settle",
        "g.pulka",
        error="g.pulka: the journal names no players (a `players` line)",
        g_pulka=j("g3", drop("players ")),
    ),
    case(
        "journal with one player",
        "show",
        "g.pulka",
        error="g.pulka:{at}:…1 players: pulka plays with 2, 3, 4 or 5",
        g_pulka=j("g3", sub("players .*", "players Аня")),
    ),
    case(
        "journal with a case-duplicate player",
        "show",
        "g.pulka",
        error="g.pulka:{at}:…two players have the same name",
        g_pulka=j("g3", sub("players .*", "players Аня АНЯ Вера")),
    ),
    case(
        "journal with an invisible character in a name",
        "check",
        "g.pulka",
        error="g.pulka:{at}:…player name 'Бо\\u200bрис' has an invisible character",
        g_pulka=j("g3", sub("players .*", "players Аня Бо\u200bрис Вера")),
    ),
    case(
        "journal with an unclosed quote in the players",
        "show",
        "g.pulka",
        error="g.pulka:{at}:…unclosed quote",
        g_pulka=j("g3", sub("players .*", 'players "Аня Борис Вера')),
    ),
    case(
        "journal with a header line after the deals",
        "add",
        "g.pulka",
        "raspasy Аня 4 Борис 3 Вера 3",
        error="g.pulka:{at}: `set` belongs in the header, before the first deal",
        g_pulka=j("g3", append("set pulya 30\n")),
    ),
    case(
        "journal with a players line after the deals",
        "check",
        "g.pulka",
        error="g.pulka:{at}: `players` belongs in the header, before the first deal",
        g_pulka=j("g3", append("players Аня Борис Гена\n")),
    ),
    case(
        "journal with a garbage line",
        "export",
        "g.pulka",
        "--xlsx",
        "out.xlsx",
        error="g.pulka:{at}:…'garbage' does not start a deal line",
        g_pulka=j("g3", append("garbage in here\n")),
    ),
    case(
        "journal with a deal number skipped",
        "show",
        "g.pulka",
        error="g.pulka:{at}:…deal number 5 out of sequence (expected 3)",
        g_pulka=j("g3", append("5. raspasy Аня 4 Борис 3 Вера 3\n")),
    ),
    case(
        "journal with a deal number repeated",
        "undo",
        "g.pulka",
        error="g.pulka:{at}:…deal number 2 out of sequence (expected 3)",
        g_pulka=j("g3", append("2. raspasy Аня 4 Борис 3 Вера 3\n")),
    ),
    case(
        "journal with a line that is not UTF-8",
        "settle",
        "g.pulka",
        error="g.pulka:{at}: the line is not valid UTF-8",
        g_pulka=j("g3", append(b"3. raspasy \xc0\xaf 4\n")),
    ),
    case(
        "journal with a header in Latin-1",
        "show",
        "g.pulka",
        error="g.pulka:{at}: the line is not valid UTF-8",
        g_pulka=j("g3", raw_sub("Вера".encode(), "Vera\xe9".encode("latin-1"))),
    ),
    case(
        "journal with its last line cut off",
        "add",
        "g.pulka",
        "raspasy Аня 4 Борис 3 Вера 3",
        error="g.pulka:{at}: the last line (line {at}) was cut off part-way\n  hint: `pulka repair",
        g_pulka=j("g3", cut_off),
    ),
    case(
        "journal cut off, exported",
        "export",
        "g.pulka",
        "--pdf",
        "out.pdf",
        error="g.pulka:{at}: the last line (line {at}) was cut off part-way",
        g_pulka=j("g3", cut_off),
    ),
    case(
        "journal with an unknown rule key",
        "show",
        "g.pulka",
        error="g.pulka:{at}:6: rule whist.rat: unknown key for the russian family",
        g_pulka=j("g3", sub("rule whist.rate 1", "rule whist.rat 1")),
    ),
    case(
        "journal with a bad rule value",
        "show",
        "g.pulka",
        error="g.pulka:{at}:6: rule whist.lone: expected one of greedy, gentleman, "
        "gentleman_on_remise, greedy_unless_remise, got 'stingy'",
        g_pulka=j("g3", sub("rule whist.lone greedy", "rule whist.lone stingy")),
    ),
    case(
        "journal with a negative rule value",
        "settle",
        "g.pulka",
        error="g.pulka:{at}:6: rule whist.rate: -1 is out of range…",
        g_pulka=j("g3", sub("rule whist.rate 1", "rule whist.rate -1")),
    ),
    case(
        "journal with a rule line without a value",
        "check",
        "g.pulka",
        error="g.pulka:{at}:…`rule` needs a key and a value",
        g_pulka=j("g3", sub("rule whist.rate 1", "rule whist.rate")),
    ),
    case(
        "journal with an unknown family",
        "show",
        "g.pulka",
        error="g.pulka:{at}:6: rule family: expected one of russian, balkan",
        g_pulka=j("g3", sub("rule family russian", "rule family martian")),
    ),
    case(
        "journal missing a rule",
        "show",
        "g.pulka",
        error="g.pulka: the journal's rules lack: whist.rate",
        g_pulka=j("g3", drop("rule whist.rate ")),
    ),
    case(
        "journal with a rule of 1/0",
        "show",
        "g.pulka",
        error="g.pulka:{at}:6: rule whist.rate: …",
        g_pulka=j("g3", sub("rule whist.rate 1", "rule whist.rate 1/0")),
    ),
    case(
        "journal with a rule of 5000 digits",
        "show",
        "g.pulka",
        error="g.pulka:{at}:6: rule premiums.jumps: …",
        g_pulka=j("g3", sub("rule premiums.jumps .*", f"rule premiums.jumps {BIG}")),
    ),
    case(
        "journal voiding a word",
        "show",
        "g.pulka",
        error="g.pulka:{at}:1: `void` needs the number of a deal",
        g_pulka=j("g3", append("void two\n")),
    ),
    case(
        "journal voiding two deals at once",
        "show",
        "g.pulka",
        error="g.pulka:{at}:…`void N` takes only a deal number",
        g_pulka=j("g3", append("void 1 2\n")),
    ),
    case(
        "journal voiding a deal not in force",
        "check",
        "g.pulka",
        error="g.pulka:{at}: deal 7: void 7: there is no deal 7 in force",
        g_pulka=j("g3", append("void 7\n")),
    ),
    case(
        "journal with an empty fix",
        "show",
        "g.pulka",
        error="g.pulka:{at}:…empty deal",
        g_pulka=j("g3", append("fix 1\n")),
    ),
    case(
        "journal with an illegal deal",
        "settle",
        "g.pulka",
        error="g.pulka:{at}:…deal 3: …raspasy add up to 9, not 10",
        g_pulka=j("g3", append("3. raspasy Аня 3 Борис 3 Вера 3\n")),
    ),
    case(
        "journal without rules naming an unknown convention",
        "show",
        "g.pulka",
        error="g.pulka:{at}:…unknown convention 'nosuch'",
        g_pulka=j("bare", sub("convention sochi", "convention nosuch")),
    ),
    case(
        "journal without rules naming a file that is not YAML",
        "settle",
        "g.pulka",
        error="g.pulka:{at}:…a convention is a name…",
        g_pulka=j("bare", sub("convention sochi", "convention /etc/passwd")),
    ),
    case(
        "journal without rules with a bad set key",
        "show",
        "g.pulka",
        error="g.pulka:{at}:…whist.rat: not a key that a table can set",
        g_pulka=j("bare", sub("players .*", "players Аня Борис Вера\nset whist.rat 2")),
    ),
    case(
        "journal without rules or convention",
        "show",
        "g.pulka",
        error="g.pulka: the journal names no convention",
        g_pulka=j("g3", without_rules, drop("convention ")),
    ),
    case(
        "a journal that is not there, exported",
        "export",
        "nowhere.pulka",
        "--xlsx",
        "out.xlsx",
        error="nowhere.pulka: cannot read the journal…",
    ),
    case(
        "an empty file name",  # shown as '' (it was a bare colon)
        "show",
        "",
        error="'': cannot read the journal…",
    ),
]


def new(*args: str, error: str, bug: str | None = None, id: str = "", **files: object) -> Case:
    return case(id or "new " + " ".join(args)[:50], "new", "new.pulka", *args, error=error, bug=bug, **files)


NEW = [
    new("--players", "Аня", "", "Вера", error="player name '' is empty or has spaces around it"),
    new("--players", " Аня", "Борис", "Вера", error="player name ' Аня' is empty or has spaces around it"),
    new("--players", "Аня", "Борис", "Аня", error="two players have the same name"),
    new("--players", "Вера", "Борис", "ВЕРА", error="two players have the same name"),
    new(
        "--players",
        "Аня",
        "Бо\u200bрис",
        "Вера",
        error="player name 'Бо\\u200bрис' has an invisible character",
        id="new zero-width space",
    ),
    new(
        "--players",
        "Аня",
        "\u202eсироБ",
        "Вера",
        error="player name '\\u202eсироБ' has an invisible character",
        id="new right-to-left override",
    ),
    new(
        "--players",
        "Аня",
        "Борис\u200f",
        "Вера",
        error="player name 'Борис\\u200f' has an invisible character",
        id="new right-to-left mark",
    ),
    new(
        "--players",
        "Аня\nБорис",
        "Вера",
        "Гена",
        error="player name 'Аня\\nБорис' has an invisible character",
        id="new newline in a name",
    ),
    new("--players", "Аня", error="1 players: pulka plays with 2, 3, 4 or 5"),
    new("--players", *P3, "Гена", "Дима", "Ефим",
        error="6 players: pulka plays with 2, 3, 4 or 5"),
    new(
        "--players",
        *P3,
        "--convention",
        "gusarik",
        error="Гусарик на двоих (Gusarik) is played by 2 players, not 3",
    ),
    # --set, --pulya, --price
    new(
        "--players",
        *P3,
        "--set",
        "raspasy.exi=6 7 7",
        error="<options>: raspasy.exi: not a key that a table can set\n  hint: did you mean raspasy.exit?",
    ),
    new(
        "--players",
        *P3,
        "--set",
        "bombs=maybe",
        error="<options>: bombs: expected true or false, got 'maybe'",
    ),
    new(
        "--players",
        *P3,
        "--set",
        "whist.ten=sometimes",
        error="<options>: whist.ten: expected one of whisted, checked, got 'sometimes'",
    ),
    new(
        "--players",
        *P3,
        "--set",
        "whist.half=5",
        error="<options>: whist.half: item 1: 5 is out of range: expected a whole number from 6 to 10",
    ),
    new(
        "--players",
        *P3,
        "--set",
        "values=2 4 6",
        error="<options>: values: expected a list of 5 items…, got 3 items",
    ),
    new(
        "--players",
        *P3,
        "--set",
        "premiums.jumps=1.5",
        error="<options>: premiums.jumps: expected a whole number…, got '1.5'",
    ),
    new(
        "--players",
        *P3,
        "--set",
        "name=friday",
        error="<options>: name: a convention's name is set in its file, not by a table",
    ),
    new(
        "--players",
        *P3,
        "--set",
        "family=balkan",
        error="<options>: family: a convention's family is set in its file, not by a table",
    ),
    new(
        "--players",
        *P3,
        "--set",
        "help_whists=1e999",
        error="<options>: help_whists: expected a number from 0 to 1000000000, got '1e999'",
    ),
    new(
        "--players",
        *P3,
        "--set",
        "premiums.jumps=99999999999999999999",
        error="<options>: premiums.jumps: 99999999999999999999 is out of range…",
    ),
    new(
        "--players",
        *P3,
        "--set",
        f"premiums.jumps={BIG}",
        error="<options>: premiums.jumps: …",
        id="new --set of 5000 digits",
    ),
    new("--players", *P3, "--set", "raspasy.prices=1 1/0", error="<options>: raspasy.prices: …"),
    new("--players", *P3, "--pulya", "-5", error="<options>: pulya: -5 is out of range…"),
    new("--players", *P3, "--pulya", "10000000000", error="<options>: pulya: 10000000000 is out of range…"),
    new("--players", *P3, "--pulya", "twenty", error="<options>: pulya: expected a whole…, got 'twenty'"),
    new("--players", *P3, "--pulya", "1/0", error="<options>: pulya: …"),
    new("--players", *P3, "--price", "-0.10", error="<options>: price: expected a decimal amount…"),
    new("--players", *P3, "--price", "NaN", error="<options>: price: expected a decimal amount…"),
    new("--players", *P3, "--price", "1e400", error="<options>: price: expected a decimal amount…"),
    new("--players", *P3, "--price", "ten", error="<options>: price: expected a decimal amount…"),
    # the convention named
    new(
        "--players",
        *P3,
        "--convention",
        "/etc/passwd",
        error="'/etc/passwd': a convention is a name (sochi, питер, ...) or the path of a .yaml file",
    ),
    new(
        "--players",
        *P3,
        "--convention",
        "./notes.txt",
        notes_txt="pulya: 10\n",
        error="'./notes.txt': a convention is a name (sochi, питер, ...) or the path of a .yaml file",
    ),
    new(
        "--players",
        *P3,
        "--convention",
        "../../../../../../etc/pulka.yaml",
        error="convention file ../../../../../../etc/pulka.yaml does not exist",
    ),
    new(
        "--players",
        *P3,
        "--convention",
        "./d.yaml",
        d_yaml=DIR,
        error="convention file ./d.yaml is a folder, not a file",
        id="new convention path is a folder",
    ),
    new(
        "--players",
        *P3,
        "--convention",
        "./passwd.yaml",
        passwd_yaml="root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/usr/sbin:/usr/sbin/nologin\n",
        error="passwd.yaml:1:1: a convention must be a mapping of keys",
    ),
    new(
        "--players",
        *P3,
        "--convention",
        "сочинкаа",
        error="unknown convention 'сочинкаа'\n  hint: did you mean сочинка…",
    ),
    new(
        "--players",
        *P3,
        "--convention",
        "friday",
        id="new a user convention with a typo",
        user_conventions__friday_yaml="extends: sochi\nname: friday\nwhist:\n  lone: gentlemen\n",
        error="…user-conventions/friday.yaml:4:9: whist.lone: expected one of greedy, gentleman, "
        "gentleman_on_remise, greedy_unless_remise, got 'gentlemen'",
    ),
]

#: a 'billion laughs': nine levels of nine aliases, 9**9 strings if expanded
BOMB = "\n".join(
    ["extends: sochi", 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    + [f"{b}: &{b} [{', '.join(['*' + a] * 9)}]" for a, b in zip("abcdefgh", "bcdefghi", strict=True)]
    + ["title: *i", ""]
)
DEEP_YAML = "extends: sochi\ntitle: " + "[" * 2000 + "]" * 2000 + "\n"


def yaml_case(
    id: str,
    text: str | bytes,
    error: str,
    command: str = "check",
    bug: str | None = None,
    quick: bool = False,
) -> Case:
    """A convention file, checked (`conventions check`), used (`new`) or printed (`blank`)."""
    args = {
        "check": ("conventions", "check", "c.yaml"),
        "new": ("new", "new.pulka", "--players", *P3, "--convention", "./c.yaml"),
        "blank": ("blank", "out.pdf", "--convention", "./c.yaml"),
    }[command]
    return case(f"yaml {id}", *args, error=error, bug=bug, quick=quick, c_yaml=text)


CONVENTIONS = [
    yaml_case(
        "typo",
        "extends: sochi\nraspasy:\n  prise: [1, 2, 3]\n",
        "c.yaml:3:3: raspasy.prise: unknown key for the russian family\n  hint: did you mean raspasy.prices?",
    ),
    yaml_case(
        "list for a number",
        "extends: sochi\nwhist:\n  rate: [1, 2]\n",
        "c.yaml:3:9: whist.rate: expected a number from 0 to 1000000000, got [1, 2]",
        "new",
    ),
    yaml_case(
        "number for a flag", "extends: sochi\nbombs: 3\n", "c.yaml:2:8: bombs: expected true or false, got 3"
    ),
    yaml_case(
        "word in a list of numbers",
        "extends: sochi\nraspasy:\n  prices: [1, two]\n",
        "c.yaml:3:11: raspasy.prices: item 2: expected a number…, got 'two'",
        "blank",
    ),
    yaml_case(
        "number out of range",
        "extends: sochi\nwhist:\n  quota: [4, 2, 1, 1, 11]\n",
        "c.yaml:3:10: whist.quota: item 5: 11 is out of range: expected a whole number from 0 to 10",
    ),
    yaml_case("negative", "extends: sochi\npulya: -10\n", "c.yaml:2:8: pulya: -10 is out of range…"),
    yaml_case("huge float", "extends: sochi\npulya: 1e400\n", "c.yaml:2:8: pulya: expected a whole number…"),
    yaml_case("infinity", "extends: sochi\npulya: .inf\n", "c.yaml:2:8: pulya: expected a whole number…"),
    yaml_case(
        "not a number", "extends: sochi\nprice: .nan\n", "c.yaml:2:8: price: expected a decimal amount…"
    ),
    yaml_case("zero denominator", "extends: sochi\nwhist:\n  rate: 1/0\n", "c.yaml:3:9: whist.rate: …"),
    yaml_case(
        "balkan key in a russian file",
        "extends: sochi\nrefe:\n  max: 3\n",
        "c.yaml:3:3: refe.max: unknown key for the russian family",
    ),
    yaml_case(
        "duplicate key",
        "extends: sochi\npulya: 10\npulya: 20\n",
        "c.yaml:3:1: duplicate key 'pulya' (first at line 2)",
        "new",
    ),
    yaml_case(
        "duplicate key nested and dotted",
        "extends: sochi\nwhist:\n  rate: 1\nwhist.rate: 2\n",
        "c.yaml:4:1: …whist.rate…",
    ),
    yaml_case(
        "python tag",
        'extends: sochi\npulya: !!python/object/apply:os.system ["echo hi"]\n',
        "c.yaml:2:8: the YAML tag tag:yaml.org,2002:python/object/apply:os.system is not allowed here",
        "new",
    ),
    yaml_case(
        "python name tag",
        "!!python/name:os.system\n",
        "c.yaml:1:1: the YAML tag tag:yaml.org,2002:python/name:os.system is not allowed here",
    ),
    yaml_case(
        "local tag",
        "extends: sochi\npulya: !custom 3\n",
        "c.yaml:2:8: the YAML tag !custom is not allowed here",
    ),
    yaml_case(
        "binary",
        "extends: sochi\ntitle: !!binary aGVsbG8=\n",
        "c.yaml:2:8: the YAML tag tag:yaml.org,2002:binary is not allowed here",
    ),
    yaml_case(
        "merge key",
        "extends: sochi\n<<: {pulya: 5}\n",
        "c.yaml:2:1: the YAML tag tag:yaml.org,2002:merge is not allowed here",
    ),
    yaml_case("alias bomb", BOMB, "c.yaml:…: the YAML is too large (an alias bomb?)", quick=True),
    yaml_case(
        "alias bomb, used", BOMB, "c.yaml:…: the YAML is too large (an alias bomb?)", "new", quick=True
    ),
    yaml_case("deep nesting", DEEP_YAML, "c.yaml:…"),
    yaml_case("syntax", "extends: sochi\nwhist: {rate: 1\n", "c.yaml:3:1: not valid YAML: …"),
    yaml_case("two documents", "extends: sochi\n---\nextends: sochi\n", "c.yaml:2:1: not valid YAML: …"),
    yaml_case("a list", "- extends\n- sochi\n", "c.yaml:1:1: a convention must be a mapping of keys"),
    yaml_case("empty", "", "c.yaml:1:1: a convention must be a mapping of keys", "blank"),
    yaml_case(
        "a key that is a list", "extends: sochi\n? [a, b]\n: 1\n", "c.yaml:2:3: a key must be plain text"
    ),
    yaml_case("not UTF-8", b"extends: sochi\ntitle: \xff\xfe\n", "c.yaml:2: the convention is not UTF-8 …"),
    yaml_case(
        "no family",
        "name: x\npulya: 10\n",
        "c.yaml:1:1: the convention does not say its family (family: russian)",
    ),
    yaml_case("unknown family", "family: martian\n", "c.yaml:1:9: family: expected one of russian, balkan…"),
    yaml_case(
        "family changed",
        "extends: sochi\nfamily: balkan\n",
        "c.yaml:2:9: family cannot change in a convention that extends another",
    ),
    yaml_case(
        "extends an unknown convention",
        "extends: sochy\n",
        "c.yaml:1:10: unknown convention 'sochy'\n  hint: did you mean sochi…",
    ),
    yaml_case(
        "extends a list", "extends: [sochi]\n", "c.yaml:1:10: `extends` takes a convention name or path"
    ),
    yaml_case("extends itself", "extends: c.yaml\n",
              "c.yaml:1:10: `extends` goes round in a loop: c.yaml → c.yaml"),
    yaml_case(
        "missing keys",
        "family: russian\nname: x\npulya: 10\n",
        "c.yaml:1:1: missing keys: players, price, …\n  hint: define them, or start the file with",
    ),
]

VECTOR = "convention: sochi\nplayers: [A, B, C]\n"
SIX = "{declarer: A, contract: 6s, defence: {B: whist, C: whist}, tricks: {A: 6, B: 2, C: 2}}"


def vector(
    id: str,
    text: str | bytes,
    error: str,
    command: str = "settle",
    bug: str | None = None,
    quick: bool = False,
    **files: object,
) -> Case:
    args = {
        "settle": ("settle", "v.yaml", "--json"),
        "show": ("show", "v.yaml"),
        "check": ("check", "v.yaml"),
        "export": ("export", "v.yaml", "--xlsx", "out.xlsx", "--pdf", "out.pdf"),
    }[command]
    return case(f"vector {id}", *args, error=error, bug=bug, quick=quick, v_yaml=text, **files)


def deals(*lines: str) -> str:
    return VECTOR + "deals:\n" + "".join(f"  - {line}\n" for line in lines)


VECTORS = [
    vector(
        "unknown top key",
        VECTOR + "deals: []\nexpects: {}\n",
        "v.yaml:4:1: unknown key 'expects' in a vector",
    ),
    vector(
        "unknown deal key",
        deals(SIX.replace("defence", "defense")),
        "v.yaml:4:…: deal 1: unknown key 'defense' in a deal",
    ),
    vector(
        "players not a list",
        "convention: sochi\nplayers: A\ndeals: []\n",
        "v.yaml:2:10: the vector must list its players (players: [A, B, C])",
    ),
    vector(
        "players repeated",
        "convention: sochi\nplayers: [A, B, A]\ndeals: []\n",
        "v.yaml:2:17: player 'A' is listed twice",
        "check",
    ),
    vector(
        "six players",
        "convention: sochi\nplayers: [A, B, C, D, E, F]\ndeals: []\n",
        "v.yaml:2:10: 6 players: a vector has 2, 3, 4 or 5",
    ),
    vector("a player that is a list", "convention: sochi\nplayers: [A, [B], C]\ndeals: []\n", "v.yaml:2:…"),
    vector("a player that is null", "convention: sochi\nplayers: [A, null, C]\ndeals: []\n", "v.yaml:2:…"),
    vector(
        "eleven tricks",
        deals(SIX.replace("A: 6,", "A: 11,")),
        "v.yaml:4:…: deal 1: A: tricks are a whole number from 0 to 10, not 11",
    ),
    vector(
        "fractional tricks",
        deals(SIX.replace("A: 6,", "A: 6.5,")),
        "v.yaml:4:…: deal 1: A: tricks are a whole number from 0 to 10, not '6.5'",
    ),
    vector(
        "tricks true",
        deals("{raspasy: {A: 4, B: 3, C: true}}"),
        "v.yaml:4:…: deal 1: C: tricks are a whole number from 0 to 10, not True",
    ),
    vector(
        "tricks a list",
        deals(SIX.replace("{A: 6, B: 2, C: 2}", "[6, 2, 2]")),
        "v.yaml:4:…: deal 1: tricks is a mapping of players such as {A: 6, B: 4}, not [6, 2, 2]",
    ),
    vector(
        "tricks of a stranger",
        deals(SIX.replace("C: 2}}", "D: 2}}")),
        "v.yaml:4:5: deal 1: 'D' is not at the table (players: A, B, C)",
    ),
    vector(
        "an illegal deal",
        deals("{raspasy: {A: 4, B: 3, C: 3}}", SIX.replace("C: 2}}", "C: 3}}")),
        "v.yaml:5:5: deal 2: the tricks of the game add up to 11, not 10 (A 6 + B 2 + C 3)",
        "show",
    ),
    vector(
        "an illegal deal, exported",
        deals(SIX.replace("C: 2}}", "C: 3}}")),
        "v.yaml:4:5: deal 1: …add up to 11, not 10…",
        "export",
    ),
    vector(
        "below the raspasy exit",
        deals(
            "{raspasy: {A: 4, B: 3, C: 3}}",
            "{raspasy: {A: 4, B: 3, C: 3}}",
            "{declarer: C, contract: 6h, defence: {A: pass, B: pass}}",
        ),
        "v.yaml:6:5: deal 3: after 2 raspasy in a row the lowest contract is 7, not 6",
    ),
    vector(
        "half-whist on an eight",
        deals("{declarer: A, contract: 8h, defence: {B: pass, C: half}}"),
        "v.yaml:4:5: deal 1: half-whist is not allowed on a 8…",
    ),
    vector(
        "a contract of five",
        deals("{declarer: A, contract: 5s, defence: {B: pass, C: pass}}"),
        "v.yaml:4:…: deal 1: '5s': a contract's level is 6 to 10",
    ),
    vector(
        "a defender who says maybe",
        deals("{declarer: A, contract: 6s, defence: {B: maybe, C: pass}}"),
        "v.yaml:4:…: deal 1: 'maybe': a defender says whist, pass or half",
    ),
    vector(
        "contra too high",
        deals(SIX[:-1] + ", contra: {B: 9}}"),
        "v.yaml:4:…: deal 1: B: contra levels are 1 (contra) to 4 (mortcontra), not 9",
    ),
    vector("contra a list", deals(SIX[:-1] + ", contra: [B]}"), "v.yaml:4:…: deal 1: …"),
    vector(
        "dark rank 5",
        deals("{raspasy: {A: 4, B: 3, C: 3}, dark: 5}"),
        "v.yaml:4:…: deal 1: the rank of a dark raspasy is 1, 2 or 3",
    ),
    vector("adjust 1/0", deals("{adjust: {pulya: {A: 1/0}}}"), "v.yaml:4:…: deal 1: …"),
    vector("deals not a list", VECTOR + "deals: {a: 1}\n", "v.yaml:3:8: the vector has no list of deals…"),
    vector(
        "a deal that is a word",
        VECTOR + "deals: [6s]\n",
        "v.yaml:3:9: deal 1: a deal is a mapping such as {declarer: A, contract: 6s, ...}",
    ),
    vector(
        "a deal without declarer",
        deals("{contract: 6s}"),
        "v.yaml:4:5: deal 1: a contract deal needs both declarer and contract",
    ),
    vector(
        "a key twice in a deal",
        deals("{raspasy: {A: 4, B: 3, C: 3}, raspasy: {A: 4, B: 3, C: 3}}"),
        "v.yaml:4:…: duplicate key 'raspasy' (first at line 4)",
    ),
    vector(
        "no convention", "players: [A, B, C]\ndeals: []\n", "v.yaml:1:1: the vector must name its convention"
    ),
    vector(
        "a missing convention",
        "convention: nosuch\nplayers: [A, B, C]\ndeals: []\n",
        "v.yaml:1:13: unknown convention 'nosuch'",
    ),
    vector(
        "a missing convention file",
        "convention: ./gone.yaml\nplayers: [A, B, C]\ndeals: []\n",
        "v.yaml:1:13: convention file ./gone.yaml does not exist",
        "check",
    ),
    vector(
        "a convention that is not YAML",
        "convention: /etc/passwd\nplayers: [A, B, C]\ndeals: []\n",
        "v.yaml:1:13: '/etc/passwd': a convention is a name…",
    ),
    vector(
        "a bad convention file",
        "convention: ./c.yaml\nplayers: [A, B, C]\ndeals: []\n",
        "c.yaml:3:3: whist.lonely: unknown key for the russian family…",
        c_yaml="extends: sochi\nwhist:\n  lonely: gentleman\n",
    ),
    vector(
        "an unknown option",
        VECTOR + "options: {whist.rat: 2}\ndeals: []\n",
        "v.yaml:3:11: whist.rat: unknown key for the russian family\n  hint: did you mean whist.rate?",
    ),
    vector(
        "an option out of range",
        VECTOR + "options: {pulya: -1}\ndeals: []\n",
        "v.yaml:3:18: pulya: -1 is out of range…",
    ),
    vector(
        "options a list",
        VECTOR + "options: [pulya, 10]\ndeals: []\n",
        "v.yaml:3:10: options must be a mapping",
    ),
    vector("an option of 1/0", VECTOR + "options: {pulya: 1/0}\ndeals: []\n", "v.yaml:3:…: pulya: …"),
    vector(
        "a python tag",
        VECTOR + "deals: !!python/object/new:list []\n",
        "v.yaml:3:8: the YAML tag tag:yaml.org,2002:python/object/new:list is not allowed here",
    ),
    vector(
        "an alias bomb",
        BOMB.replace("extends: sochi", VECTOR + "deals: []").replace("title:", "source:"),
        "v.yaml:…: the YAML is too large (an alias bomb?)",
        quick=True,
    ),
    vector("deep nesting", VECTOR + "deals: " + "[" * 2000 + "]" * 2000 + "\n", "v.yaml:…"),
    vector("not UTF-8", VECTOR.encode() + b"title: \xff\n", "v.yaml:3: the vector is not UTF-8…"),
    vector("a list", "- 1\n- 2\n", "v.yaml:1:1: a vector is a mapping with players, deals and expect"),
]

BLANK = [
    case(
        "blank with names of the same player",
        "blank",
        "out.pdf",
        "--names",
        "Аня",
        "--names",
        "аня",
        "--names",
        "Вера",
        error="two players have the same name",
    ),
    case(
        "blank with an invisible name",
        "blank",
        "out.pdf",
        "--names",
        "Аня",
        "--names",
        "Бо\u2066рис",
        "--names",
        "Вера",
        error="player name 'Бо\\u2066рис' has an invisible character",
    ),
    case(
        "blank with an unknown convention",
        "blank",
        "out.pdf",
        "--convention",
        "sochy",
        error="unknown convention 'sochy'\n  hint: did you mean sochi…",
    ),
]

CATALOGUE = DEALS + CORRECTIONS + JOURNALS + NEW + CONVENTIONS + VECTORS + BLANK


def test_the_catalogue_is_large_and_its_rows_distinct():
    assert len(CATALOGUE) >= 60
    ids = [c.id for c in CATALOGUE]
    assert len(set(ids)) == len(ids), [i for i in ids if ids.count(i) > 1]
    inputs = [(c.args, tuple(sorted((k, repr(v)) for k, v in c.files.items()))) for c in CATALOGUE]
    assert len(set(inputs)) == len(inputs)


# --- running a row ----------------------------------------------------------------------------------


def build(tmp_path: Path, row: Case, templates: dict[str, bytes]) -> int | None:
    """Write the row's files; the number of the first line its edit changed, if any."""
    at = None
    for name, spec in row.files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if spec is DIR:
            path.mkdir()
            continue
        if isinstance(spec, J):
            base = templates[spec.base]
            data = base
            for edit in spec.edits:
                data = edit(data)
            if at is None:
                at = first_difference(base, data)
        elif isinstance(spec, str):
            data = spec.encode()
        else:
            assert isinstance(spec, bytes)
            data = spec
        path.write_bytes(data)
    return at


def first_difference(a: bytes, b: bytes) -> int:
    old, new = a.split(b"\n"), b.split(b"\n")
    for number, (x, y) in enumerate(zip(old, new, strict=False), start=1):
        if x != y:
            return number
    return min(len(old), len(new))


def pattern(error: str, at: int | None) -> re.Pattern:
    if at is not None:
        error = error.replace("{at}", str(at))
    assert "{at}" not in error
    return re.compile("error: " + ".*?".join(re.escape(part) for part in error.split("…")), re.S)


def refuse(tmp_path: Path, row: Case, templates: dict[str, bytes], monkeypatch) -> None:
    user = tmp_path / "user-conventions"
    user.mkdir()
    at = build(tmp_path, row, templates)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PULKA_CONVENTIONS", str(user))
    before = digests(tmp_path)
    walked = count_yaml_nodes(monkeypatch) if row.quick else [0]

    result = CliRunner().invoke(cli, list(row.args))
    if row.quick:  # the work is bounded, not the wall clock: YAML nodes walked, all files together
        assert walked[0] <= WALK_BOUND, f"{walked[0]} YAML nodes walked"

    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"a traceback: {result.exception!r}") from result.exception
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr)
    assert result.stdout == "", result.stdout
    lines = result.stderr.splitlines()
    assert lines and lines[0].startswith("error: "), result.stderr
    assert all(line.startswith("  hint: ") for line in lines[1:]), result.stderr  # one message
    expected = pattern(row.error, at)
    assert expected.match(result.stderr), (expected.pattern, result.stderr)
    assert digests(tmp_path) == before  # no file changed, none created


#: an alias bomb must be refused after a bounded number of YAML events (an alias counts as the
#: nodes it stands for, so the bomb stops within a few dozen events); the bound leaves room for
#: the built-in conventions it extends (a few hundred nodes each). Unbounded: 9**9 nodes.
WALK_BOUND = 220_000


def count_yaml_nodes(monkeypatch) -> list[int]:
    """Count the YAML nodes pulka walks from now on; stop it just past the bound."""
    walked = [0]
    node = yamlsafe._Builder._node

    def counted(self, event, loader, depth):
        walked[0] += 1
        if walked[0] > WALK_BOUND:
            raise RuntimeError("the test stops the walk here")  # the bound is checked after the run
        return node(self, event, loader, depth)

    monkeypatch.setattr(yamlsafe._Builder, "_node", counted)
    return walked


def param(row: Case):
    marks = [pytest.mark.xfail(reason=row.bug, strict=True)] if row.bug else []
    return pytest.param(row, id=row.id, marks=marks)


@pytest.mark.parametrize("row", [param(r) for r in CATALOGUE])
def test_hostile_input_is_refused_clearly_and_changes_nothing(tmp_path, row, templates, monkeypatch):
    refuse(tmp_path, row, templates, monkeypatch)


# --- `verify` reports a bad vector as bad input (exit 2), never with a traceback -------------------


@pytest.mark.parametrize(
    "text, needle",
    [
        (VECTOR + "deals: []\nexpect: {result: 7}\n", "expect result is a mapping of players"),
        (deals(SIX.replace("C: 2}}", "C: 3}}")), "v.yaml:4:5: deal 1: the tricks of the game add up to 11"),
        ("convention: nosuch\nplayers: [A, B, C]\ndeals: []\n", "v.yaml:1:13: unknown convention 'nosuch'"),
        pytest.param(VECTOR + "deals: []\nexpect: [1]\n", "expect", id="expect a list"),
        pytest.param(VECTOR + "deals: []\nexpect: {result: {A: 1/0}}\n", "not an amount", id="expect 1/0"),
    ],
)
def test_verify_reports_a_bad_vector_as_a_failure(tmp_path, monkeypatch, text, needle):
    path = tmp_path / "v.yaml"
    path.write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PULKA_CONVENTIONS", str(tmp_path))
    before = digests(tmp_path)
    result = CliRunner().invoke(cli, ["verify", "v.yaml"])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"a traceback: {result.exception!r}") from result.exception
    assert result.exit_code == 2, (result.stdout, result.stderr)  # bad input, not a difference
    assert result.stdout == ""
    assert result.stderr.startswith("error: v.yaml:")
    assert needle in result.stderr
    assert digests(tmp_path) == before
