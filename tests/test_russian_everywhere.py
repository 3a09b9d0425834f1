"""Russian everywhere: with ``LANG=ru_RU.UTF-8`` every command on every sample game and
vector, and every refusal of the hostile catalogue, prints no English; ``--lang en`` prints no
Russian. (Issue 11, the first "done when".)

An **English leak** is a word of three Latin letters or more (``[A-Za-z]`` and the accented
Latin letters, so ``misère`` counts) in a text that is not data. **Data** is what pulka prints
as it is, in any language:

- the player names, the file paths, the convention titles (``Сочинка (Sochi)``) and a vector's
  own ``title`` — what the table or a file named it;
- the journal's lines and the canonical notation (a deal said back as the journal stores it,
  when the player typed Latin words; ``show --deals`` lists the journal lines);
- a player's own words said back in quotes (``'seven' — не заказ``) and text in backticks
  (``pulka repair g.pulka``, ``fix N ...``: what to type);
- convention keys and values (``whist.rate``, ``greedy``, the local ``term`` of a key), YAML
  and vector keys (``declarer``, ``extends``), option names (``--lang``): in errors, help
  texts and the listings of conventions only; a report names the table's own keys by their
  Russian terms (``пуля 20``, not ``pulya=20``);
- on stderr and in help texts only, the words of the notation (``whist``, ``s c d h nt``): an
  error says what may be typed. In a report (the sheet, the postings, the settlement, the
  workbook, the PDF) a notation word outside a journal line is a leak (``bettel: ремиз``);
- the short allow-lists below, each entry with its reason. click's placeholders are said in
  Russian too (``[ПАРАМЕТРЫ] ФАЙЛ``, not ``[OPTIONS] FILE``: issue 28).

JSON outputs are not read (language-neutral by design), nor spreadsheet formulas (``=SUM``).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable
from functools import cache, lru_cache
from pathlib import Path

import pytest
import test_bad_input as catalogue
import yaml
from cli_kit import digests
from click.testing import CliRunner, Result
from conftest import ALL_WORDS, tiered
from test_bad_input import CATALOGUE, Case, J, build

from pulka.cli import cli
from pulka.convention.schema import every_key
from pulka.convention.types import Choice, ListOf, NumberOrWord

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = sorted((ROOT / "samples").glob("*.pulka"))
VECTORS = sorted((ROOT / "tests" / "vectors").rglob("*.yaml"))
CONVENTIONS = ROOT / "conventions"
RU = {"LANG": "ru_RU.UTF-8"}

#: the catalogue's journals, built once through the CLI (its own fixture, shared)
templates = catalogue.templates

LATIN = re.compile(r"[A-Za-zÀ-ÖØ-öø-ɏ]{3,}")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
#: a word with what may hang on it (a dotted key, a column key, 6s, 10nt, KEY=VALUE)
TOKEN = re.compile(r"[\wÀ-ɏ][\wÀ-ɏ.'’=+-]*")

#: what a file format, a program or a standard is called, in every language
FORMATS = {"pulka", "XLSX", "xlsx", "PDF", "pdf", "PNG", "png", "YAML", "yaml", "yml", "JSON", "json",
           "UTF-8", "UTF", "TTF", "ttf", "Excel", "DejaVu", "Sans", "PyYAML", "Tab", "Enter",
           "Ctrl-C", "Ctrl-D", "Ctrl", "NO_COLOR", "PULKA_LANG", "PULKA_CONVENTIONS", "LANG",
           "A4", "stderr", "stdout", "URL"}
#: the placeholders of a command's usage, as click writes them: never in a Russian text
#: (`Использование: pulka add [ПАРАМЕТРЫ] ФАЙЛ СДАЧА...`)
METAVARS = {"OPTIONS", "COMMAND", "ARGS", "FILE", "FILES", "DEAL", "NUMBER", "OUT", "NAMES",
            "NAME", "COUNT", "TEXT", "KEY", "VALUE", "PATH", "GAME", "DIR", "PORT"}
#: YAML's own words a convention error names its structures by (`mapping в YAML`), and the
#: literals a YAML value is said back with (`нужен текст, а не None`: Python's spelling of
#: the value read)
YAML_WORDS = {"mapping", "null", "true", "false", "None", "True", "False", "inf", "nan"}
#: the commands typed at `pulka play`'s prompt (its help lists them as they are typed)
PLAY_COMMANDS = {"undo", "redo", "fix", "show", "settle", "help", "quit", "step"}


@cache
def convention_words() -> frozenset[str]:
    """Convention keys and values: the schema's keys, their choices and local terms, and
    every key and value of the built-in convention files."""
    words: set[str] = set()
    for key in every_key():
        words.add(key.path)
        words.update(key.path.split("."))
        words.update(key.term.split())
        kind = key.type.item if isinstance(key.type, ListOf) else key.type
        if isinstance(kind, Choice):
            words.update(kind.options)
        if isinstance(kind, NumberOrWord):
            words.update(kind.words)

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                words.add(str(k))
                words.update(str(k).split("."))
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)
        elif node is not None:
            words.update(TOKEN.findall(str(node)))

    for path in CONVENTIONS.glob("*.yaml"):
        walk(yaml.safe_load(path.read_text(encoding="utf-8")))
    return frozenset(words)


@cache
def convention_names() -> frozenset[str]:
    """The conventions' names and aliases (`[sochi]`, what a table calls its rules): data in
    any text."""
    from pulka.convention.index import read_index

    names: set[str] = set()
    for name, _path, aliases in read_index(CONVENTIONS) or ():
        names.add(name)
        names.update(aliases)
    return frozenset(names)


@cache
def convention_keys() -> frozenset[str]:
    """The keys (in an error, a help text, a listing of conventions), and the conventions'
    names and aliases."""
    return frozenset({key.path for key in every_key()} | convention_names())


#: the commands a help text or a hint tells to type
COMMAND_NAMES = {"new", "add", "fix", "void", "undo", "repair", "show", "settle", "check",
                 "verify", "export", "blank", "conventions", "list", "play", "diff", "stats",
                 "redo", "serve"}


@cache
def vector_words() -> frozenset[str]:
    """The keys of the vector format (a vector's errors name them)."""
    from pulka.vectors import load as vector

    return frozenset({*vector.TOP_KEYS, *vector.DEAL_KEYS, *vector.AFTER_KEYS,
                      *vector.EXPECT_KEYS, *vector.BONUS_WORDS, "together", "alone"})


@cache
def notation_words() -> frozenset[str]:
    """The words of the deal notation (what a player types)."""
    return frozenset({*ALL_WORDS.keywords, *ALL_WORDS.suits, *ALL_WORDS.games,
                      *ALL_WORDS.decisions, "nt", "s", "c", "d", "h",
                      # the journal's own keywords (`rule whist.rate: ...` names its line)
                      "created", "convention", "players", "set", "rule", "void", "fix"})


@cache
def titles() -> tuple[str, ...]:
    """The conventions' titles and the vectors' own titles: names, data in every language."""
    found = []
    for path in [*CONVENTIONS.glob("*.yaml"), *VECTORS]:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and isinstance(data.get("title"), str):
            found.append(data["title"])
    return tuple(found)


@cache
def cut_titles() -> re.Pattern:
    """A title cut short in a narrow field (`Croatian preferans, the worked exa…`)."""
    return re.compile(rf"(?<![\w]){any_of(t[:k] + '…' for t in titles() for k in range(len(t) - 1, 4, -1))}")


def any_of(words: Iterable[str]) -> str:
    """A pattern matching any of the words, the longest where several match at one place (as
    their alternation in order of length would), written as a tree of their common prefixes:
    a few thousand journal lines are one pattern quick to compile and to search with."""
    tree: dict[str, dict] = {}
    for word in words:
        node = tree
        for letter in word:
            node = node.setdefault(letter, {})
        node[""] = {}  # a word ends here

    def pattern(node: dict[str, dict]) -> str:
        out = ""
        while len(node) == 1 and "" not in node:  # a run of letters with no choice in it
            (letter, node), = node.items()
            out += re.escape(letter)
        branches = [re.escape(letter) + pattern(child) for letter, child in node.items() if letter]
        if not branches:
            return out
        choice = "(?:" + "|".join(branches) + ")"
        return out + (choice + "?" if "" in node else choice)  # greedy: the longer word first

    return "(?:" + pattern(tree) + ")" if tree else "(?!)"  # (no words: nothing matches)


def whole_words(texts: Iterable[str]) -> re.Pattern:
    """Any of the texts (white space as one space) where it stands as a whole word."""
    return _whole_words(frozenset(re.sub(r"\s+", " ", t) for t in texts if t.strip()))


@lru_cache(maxsize=64)
def _whole_words(texts: frozenset[str]) -> re.Pattern:
    return re.compile(rf"(?<![\w]){any_of(texts)}(?![\w])")


def journal_texts(folder: Path) -> list[str]:
    """Every journal line under the folder, and the canonical text of every deal of its
    journals and vectors: what pulka says back as the journal stores it."""
    return [text for path in folder.rglob("*")
            if path.suffix in (".pulka", ".yaml") and path.is_file()
            for text in canonical_texts(path, path.read_bytes())]


_READ: dict[bytes, tuple[str, ...]] = {}


def canonical_texts(path: Path, content: bytes) -> tuple[str, ...]:
    """The texts of one file, read once for each content (the samples are in many folders)."""
    from pulka.errors import PulkaError
    from pulka.gamefile import open_game
    from pulka.notation import format_deal
    from pulka.replay import steps as replay_steps

    key = path.suffix.encode() + b"\0" + content
    if key in _READ:
        return _READ[key]
    out: list[str] = []
    if path.suffix == ".pulka":
        lines = [line.strip() for line in content.decode("utf-8", "replace").splitlines()]
        out += lines + [re.sub(r"^(\d+\.|fix \d+)\s*", "", line) for line in lines]
    try:
        game = open_game(path)[0]
        played = list(replay_steps(game))
    except (PulkaError, OSError, ValueError):  # (a hostile file: its lines are enough)
        played = []
    else:
        out += [format_deal(entry.deal, ALL_WORDS) for entry in game.entries]
    out += [format_deal(step.deal, ALL_WORDS) for step, _state in played]  # (as scored)
    _READ[key] = tuple(out)
    return _READ[key]


class Data:
    """What a run may print in any language: its folder's paths, names and journal lines."""

    def __init__(self, folder: Path, names: Iterable[str] = (), extra: Iterable[str] = ()):
        self.names = {n for n in names if n}
        # the folder's own paths apart: the rest is the same in every folder that holds the same
        # files, and its pattern is made once
        self.paths = whole_words((str(folder), str(folder.resolve())))
        self.whole = whole_words((str(ROOT), *titles(), *journal_texts(folder), *extra,
                                  *(p.name for p in folder.rglob("*"))))

    def strip(self, text: str) -> str:
        text = re.sub(r"\(сообщение PyYAML: [^\n]*\)", " ", text)  # the parser's own words
        text = re.sub(r"\s+", " ", text)  # (a PDF wraps a journal line where it likes)
        text = cut_titles().sub(" ", text)
        text = self.paths.sub(" ", text)
        text = self.whole.sub(" ", text)
        text = re.sub(r"`[^`]*`", " ", text)  # what to type
        text = re.sub(r"'[^'\s]*(?:\s[^'\s]*)*'", " ", text)  # a player's words, said back
        text = re.sub(r'"[^"]*"', " ", text)
        text = re.sub(r"(?<![\w])--?[a-z][a-z-]*", " ", text)  # option names
        text = re.sub(r"(?:/|\./|\.\./)[^\s:,;()]+", " ", text)  # any other path
        text = re.sub(r"[\w.-]+\.(?:pulka|yaml|pdf|xlsx|ttf)\b", " ", text)  # a file's name
        text = re.sub(r"\b[0-9a-f]{12}\b", " ", text)  # a hash of the rules
        text = re.sub(r"(?:tag:yaml\.org,2002:|!)[\w/:.]+", " ", text)  # a YAML tag's name
        for name in self.names:  # a name cut short in a narrow column: Niko…
            for k in range(1, len(name)):
                text = text.replace(name[:k] + "…", " ")
        return text


def leaks(text: str, data: Data, *, errors: bool = False) -> list[str]:
    """The English words of a Russian text (see the module's docstring)."""
    allowed = FORMATS | data.names | convention_names()
    if errors:  # an error, a help text or a convention's listing names keys, values, words
        allowed = (allowed | YAML_WORDS | convention_words() | notation_words()
                   | vector_words() | PLAY_COMMANDS | COMMAND_NAMES | convention_keys())
    found = []
    for token in TOKEN.findall(data.strip(text)):
        token = token.strip(".'’=+-")
        if not LATIN.search(token) or token in allowed:
            continue
        key, equals, _ = token.partition("=")  # a convention key and its value: pulya=20
        if errors and equals and key in convention_keys():
            continue
        if errors and all(not LATIN.search(p) or p.lstrip("0123456789") in allowed
                          for p in re.split(r"[=.]", token)):  # whist.lone=gentleman, 6s
            continue
        found.append(token)
    return found


def russian(text: str, data: Data, *, errors: bool = False) -> None:
    assert CYRILLIC.search(text) or not LATIN.search(data.strip(text)), text
    found = leaks(text, data, errors=errors)
    assert found == [], (found, text)


# --- running a command --------------------------------------------------------------------------


def invoke(args: Iterable[object], env: dict[str, str] | None = None, stdin: str | None = None
           ) -> Result:
    return CliRunner().invoke(cli, [str(a) for a in args], env=env or RU, input=stdin,
                              prog_name="pulka")


def no_traceback(result: Result) -> None:
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"a traceback: {result.exception!r}") from result.exception


@pytest.fixture
def table(tmp_path: Path, monkeypatch) -> Path:
    """A folder with every sample game and vector in it, the current directory."""
    for sample in SAMPLES:
        shutil.copy(sample, tmp_path / sample.name)
    shutil.copytree(ROOT / "tests" / "vectors", tmp_path / "vectors")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def players_of(path: Path) -> list[str]:
    if path.suffix == ".yaml":
        return [str(p) for p in yaml.safe_load(path.read_text(encoding="utf-8"))["players"]]
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("players "):
            return line.split()[1:]
    return []


REPORTS = (("show",), ("show", "--deals"), ("show", "--paper"), ("settle",),
           ("settle", "--explain"), ("check",))
GAMES = [p.name for p in SAMPLES] + [str(p.relative_to(ROOT / "tests")) for p in VECTORS]
#: one game of each family: read in both languages by every run, their English exports too
#: (a workbook and a PDF take a while to make); the exhaustive tier reads every game
ONE_OF_EACH_FAMILY = {"sochi-4.pulka", "serbian-3.pulka", "vectors/payment/pulka-styrian.yaml",
                      "vectors/payment/pulka-swabian-contra-hand.yaml",
                      "vectors/payment/pulka-greek-together-solo-aces.yaml",
                      "vectors/payment/05_illustrated_extras_contra.yaml"}


@pytest.mark.parametrize("game", tiered(GAMES, ONE_OF_EACH_FAMILY))
def test_every_report_on_a_game_speaks_russian(table: Path, game: str) -> None:
    data = Data(table, players_of(table / game))
    commands = [(*c[:1], game, *c[1:]) for c in REPORTS]
    if game.endswith(".yaml"):
        commands.append(("verify", game))
    for args in commands:
        result = invoke(args)
        no_traceback(result)
        if "--paper" in args and result.exit_code == 2:  # a family without a paper sheet
            russian(result.stderr, data, errors=True)
            continue
        assert result.exit_code == 0, (args, result.stderr)
        assert result.stderr == ""
        russian(result.stdout, data)


def workbook_texts(path: Path) -> list[str]:
    import openpyxl

    out = []
    for sheet in openpyxl.load_workbook(path).worksheets:
        out.append(sheet.title)
        out += [c.value for row in sheet.iter_rows() for c in row
                if isinstance(c.value, str) and not c.value.startswith("=")]
    return out


def pdf_pages(path: Path) -> list[str]:
    pypdf = pytest.importorskip("pypdf")
    return [page.extract_text() for page in pypdf.PdfReader(path).pages]


@pytest.mark.parametrize("game", tiered(GAMES, ONE_OF_EACH_FAMILY))
def test_the_workbook_and_the_pdf_speak_russian(table: Path, game: str) -> None:
    result = invoke(["export", game, "--xlsx", "out.xlsx", "--pdf", "out.pdf"])
    no_traceback(result)
    assert result.exit_code == 0, result.stderr
    data = Data(table, players_of(table / game))
    russian(result.stdout + result.stderr, data)
    for text in workbook_texts(table / "out.xlsx"):
        assert leaks(text, data) == [], text
    for page in pdf_pages(table / "out.pdf"):
        russian(page, data)


def test_a_blank_sheet_speaks_russian(table: Path) -> None:
    data = Data(table, ["Аня", "Борис", "Вера", "Ana", "Boris", "Vera"])
    for args in (["blank", "b3.pdf"], ["blank", "b4.pdf", "--players", "4"],
                 ["blank", "bb.pdf", "--convention", "serbian", "--names", "Ana", "--names",
                  "Boris", "--names", "Vera"]):
        result = invoke(args)
        assert result.exit_code == 0, result.stderr
        russian(result.stdout, data)
        for page in pdf_pages(table / args[1]):
            russian(page, data)


@pytest.mark.slow
def test_the_conventions_speak_russian(table: Path) -> None:
    data = Data(table)
    runs = [["conventions", "list"]]
    for path in sorted(CONVENTIONS.glob("*.yaml")):
        runs += [["conventions", "show", path.stem], ["conventions", "check", path]]
    for args in runs:
        result = invoke(args)
        assert result.exit_code == 0, (args, result.stderr)
        russian(result.stdout, data, errors=True)  # (the values shown are data)


#: a game entered, corrected and taken back, in Latin and in Russian words
RECORDING = [
    ("new", "g.pulka", "--players", "Аня", "Борис", "Вера"),
    ("add", "g.pulka", "Аня 6s 6 Борис whist 2 Вера whist 2"),
    ("add", "g.pulka", "Борис 6п 6 А вист 2 В вист 2"),
    ("add", "g.pulka", "Вера мизер 0"),
    ("add", "g.pulka", "raspasy Аня 4 Борис 3 Вера 3"),
    ("fix", "g.pulka", "1", "Аня 7s 7 Борис whist 2 Вера whist 1"),
    ("void", "g.pulka", "2"),
    ("undo", "g.pulka"),
    ("redo", "g.pulka"),
    ("undo", "g.pulka"),
    ("add", "g.pulka", "adjust gora Аня 2"),
    ("repair", "g.pulka"),
    ("add", "g.pulka", "end"),
    ("new", "s.pulka", "--players", "Ana", "Boris", "Vera", "--convention", "serbian"),
    ("add", "s.pulka", "Ana d 6 Boris whist 2 Vera whist 2"),
    ("add", "s.pulka", "allpass"),
    ("add", "s.pulka", "Boris bettel 0 Ana whist Vera whist"),
    ("add", "s.pulka", "Vera sans igra Ana pass Boris pass"),
    ("add", "s.pulka", "Ana бетл 1 Boris вист Vera вист"),
]


def test_recording_a_game_speaks_russian(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    for args in RECORDING:
        result = invoke(args)
        no_traceback(result)
        assert result.exit_code == 0, (args, result.stderr)
        data = Data(tmp_path, ["Аня", "Борис", "Вера", "Ana", "Boris", "Vera"])
        russian(result.stdout + result.stderr, data)
        assert result.stdout.strip(), args


def test_play_with_piped_input_speaks_russian(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert invoke(["new", "p.pulka", "--players", "Аня", "Борис", "Вера"]).exit_code == 0
    typed = ["Аня 6s 6 Борис whist 2 Вера whist 2", "Борис 6п 6 А вист 2 В вист 2", "help",
             "show", "settle", "undo"]
    steps = ["?", "Вера", "7 черви", "7", "вист", "2", "пас", ""]  # (step by step: issue 28)
    result = invoke(["play", "p.pulka"], stdin="\n".join([*typed, *steps, "quit", "н"]) + "\n")
    no_traceback(result)
    assert result.exit_code == 0, result.stderr
    data = Data(tmp_path, ["Аня", "Борис", "Вера"], typed)
    russian(result.stdout + result.stderr, data, errors=True)  # (its help names its commands)
    # the deal the answers made is said back in Russian words, not the journal's
    assert "сдача в записи: Вера 7♥ 7 Аня вист 2 Борис пас" in result.stdout, result.stdout
    # the help's examples are in Russian notation; undo names the deal, not `void N:`
    assert "`Аня 6п 6 Борис вист 2 Вера пас`" in result.stdout
    assert "сдача 2 отменена (`void 2`)" in result.stdout


def test_the_new_game_dialogue_offers_the_russian_name(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    answers = ["g.pulka", "", "Аня, Борис, Вера", "", "", "quit"]
    result = invoke(["play"], stdin="\n".join(answers) + "\n")
    no_traceback(result)
    assert result.exit_code == 0, result.stderr
    assert "Соглашение? [сочи]" in result.stdout
    assert "convention sochi\n" in (tmp_path / "g.pulka").read_text(encoding="utf-8")
    russian(result.stdout, Data(tmp_path, ["Аня", "Борис", "Вера"]), errors=True)


def test_the_archive_speaks_russian(table: Path) -> None:
    """`pulka stats` on every sample: the text and the workbook; a convention by its title."""
    data = Data(table, {p for s in SAMPLES for p in players_of(s)})
    for args in (["--no-cache"], ["--no-cache", "--xlsx", "stats.xlsx"]):
        result = invoke(["stats", *(p.name for p in SAMPLES), "--jobs", "1", *args])
        no_traceback(result)
        assert result.exit_code == 0, result.stderr
        russian(result.stdout, data)
    assert "Хорватский (Croatian)" in invoke(["stats", "croatian-3.pulka", "--no-cache"]).stdout
    for text in workbook_texts(table / "stats.xlsx"):
        assert leaks(text, data) == [], text


def test_the_workbook_writes_the_deals_in_the_players_words(table: Path) -> None:
    """As the PDF's deals page does (issue 28): `6♠ вист`, not the journal's `6s whist`; the
    journal's line is named by its number beside it."""
    import openpyxl

    assert invoke(["export", "sochi-3.pulka", "--xlsx", "s.xlsx"]).exit_code == 0
    book = openpyxl.load_workbook(table / "s.xlsx")
    texts = [str(c.value) for sheet in book.worksheets for row in sheet.iter_rows()
             for c in row if isinstance(c.value, str)]
    assert any(" вист " in t and "♠" in t for t in texts)
    assert not any(re.search(r"\b(whist|pass|raspasy)\b", t) for t in texts), [
        t for t in texts if re.search(r"\b(whist|pass|raspasy)\b", t)][:5]


COMMANDS = [[], ["show"], ["settle"], ["check"], ["verify"], ["export"], ["blank"],
            ["conventions"], ["conventions", "list"], ["conventions", "show"],
            ["conventions", "check"], ["new"], ["add"], ["fix"], ["void"], ["undo"], ["repair"],
            ["play"], ["stats"], ["redo"], ["serve"]]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "pulka")
def test_the_help_of_every_command_speaks_russian(tmp_path: Path, command: list[str]) -> None:
    result = invoke([*command, "--help"])
    assert result.exit_code == 0
    russian(result.stdout, Data(tmp_path, ["Аня", "Борис", "Вера"]), errors=True)


#: the command line's own refusals (click's words, in pulka's catalog)
USAGE = [["shw"], ["show"], ["show", "sochi-3.pulka", "extra"], ["add", "sochi-3.pulka"],
         ["fix", "sochi-3.pulka", "x", "Аня 6s"], ["blank", "o.pdf", "--players", "7"],
         ["show", "sochi-3.pulka", "--bogus"], ["new", "g.pulka", "--players"],
         ["conventions", "bogus"], ["export", "sochi-3.pulka"], ["verify"],
         ["show", "--json=1", "sochi-3.pulka"], ["blank", "o.pdf", "--font", "no.ttf"]]


@pytest.mark.parametrize("args", USAGE, ids=" ".join)
def test_a_usage_error_is_refused_in_russian(table: Path, args: list[str]) -> None:
    before = digests(table)
    result = invoke(args)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("ошибка: "), result.stderr
    russian(result.stderr, Data(table, ["Аня"]), errors=True)
    assert digests(table) == before


# --- the hostile catalogue, refused in Russian ---------------------------------------------------


def refused_in(tmp_path: Path, row: Case, templates: dict[str, bytes], monkeypatch,
               env: dict[str, str], first: tuple[str, ...] = ()) -> tuple[str, Data]:
    user = tmp_path / "user-conventions"
    user.mkdir()
    build(tmp_path, row, templates)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PULKA_CONVENTIONS", str(user))
    before = digests(tmp_path)
    result = invoke([*first, *row.args], env=env)
    no_traceback(result)
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    assert digests(tmp_path) == before
    names = {"Аня", "Борис", "Вера", "Гена", "Анна", "АНЯ", *"ABCD"}
    typed = [a for a in row.args if not a.startswith("-")]
    for path in tmp_path.rglob("*"):  # what a file said is said back as it was (a bad key)
        if path.is_file():
            typed += path.read_bytes().decode("utf-8", "replace").splitlines()
    names.update(part.strip(".'’=+-") for line in typed for word in TOKEN.findall(line)
                 for part in word.split("="))
    return result.stderr, Data(tmp_path, names)


def rows() -> list:
    """The catalogue's rows (its bugs apart): every fourth in the fast tier, all of them in the
    exhaustive tier (the catalogue runs each in English in test_bad_input)."""
    rows = [r for r in CATALOGUE if not r.bug]
    return tiered(rows, {r.id for r in rows[::4]}, ids=lambda r: r.id)


@pytest.mark.parametrize("row", rows())
def test_every_hostile_input_is_refused_in_russian(tmp_path, row, templates, monkeypatch):
    stderr, data = refused_in(tmp_path, row, templates, monkeypatch, RU)
    assert stderr.startswith("ошибка: "), stderr
    assert all(line.startswith(("ошибка: ", "  подсказка: ")) for line in stderr.splitlines())
    russian(stderr, data, errors=True)


# --- --lang en: English even in a Russian locale ---------------------------------------------------

#: Russian words an English text keeps on purpose: the game's own terms, given in brackets
#: after the English (`a preferans score sheet (пулька)`, `Settle the game (расписать пулю)`),
#: and the examples of Russian notation pulka reads (`e.g. 6♠, 7ч, 8 пик`)
RUSSIAN_ON_PURPOSE = re.compile(
    r"\((?:пулька|расписать пулю)\)|пик|треф|бубен|черви|бк|[0-9]+[пчбк]\b|мизер(?= )|"
    r"[0-9]+ ?бк|вист|пас|полвиста|распасы")


def english(text: str, data: Data) -> None:
    """No Cyrillic but data: names (of players, of conventions: `питер`), journal lines."""
    left = RUSSIAN_ON_PURPOSE.sub(" ", data.strip(text)).replace("→", " ")  # pot→Борис 10
    known = data.names | convention_keys()
    left = " ".join(w for w in left.split()
                    if re.sub(r"'s$", "", w.strip(".,:;()?")) not in known)
    assert not CYRILLIC.search(left), (CYRILLIC.findall(left), text)


@pytest.mark.parametrize("game", tiered(GAMES, ONE_OF_EACH_FAMILY))
def test_lang_en_speaks_english_in_a_russian_locale(table: Path, game: str) -> None:
    data = Data(table, players_of(table / game))
    data.names.update(["Аня", "Борис", "Вера"])  # (the examples of the help)
    for args in [*((*c[:1], game, *c[1:]) for c in REPORTS), ("--help",), ("add", "--help")]:
        result = invoke(["--lang", "en", *args])
        assert result.exit_code in ((0, 2) if "--paper" in args else (0,)), (args, result.stderr)
        english(result.stdout + result.stderr, data)
    if game not in ONE_OF_EACH_FAMILY:
        return
    result = invoke(["--lang", "en", "export", game, "--xlsx", "out.xlsx", "--pdf", "out.pdf"])
    assert result.exit_code == 0, result.stderr
    for text in workbook_texts(table / "out.xlsx"):
        english(text, data)
    for page in pdf_pages(table / "out.pdf"):  # the paper sheet too (issue 14)
        english(page, data)


@pytest.mark.parametrize("row", rows())
def test_lang_en_refuses_in_english_in_a_russian_locale(tmp_path, row, templates, monkeypatch):
    stderr, data = refused_in(tmp_path, row, templates, monkeypatch, RU, ("--lang", "en"))
    assert stderr.startswith("error: "), stderr
    english(stderr, data)


# --- real processes ----------------------------------------------------------------------------------


def real(*args: object, env: dict[str, str]) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items()
             if k not in ("PULKA_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")}
    clean["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, "-m", "pulka", *map(str, args)], capture_output=True,
                          text=True, encoding="utf-8", env={**clean, **env}, check=False)


def test_a_real_process_follows_the_locale(table: Path) -> None:
    data = Data(table, players_of(table / "serbian-3.pulka"))
    done = real("show", table / "serbian-3.pulka", "--deals", env=RU)
    assert done.returncode == 0, done.stderr
    russian(done.stdout, data)
    assert "(беттель: ремиз)" in done.stdout
    done = real("--lang", "en", "show", table / "serbian-3.pulka", "--deals", env=RU)
    english(done.stdout, data)
    assert "(bettel failed)" in done.stdout and "(sans igra made)" in done.stdout


def test_a_real_process_refuses_in_russian(table: Path) -> None:
    data = Data(table, ["Аня", "Борис", "Вера"])
    done = real("new", table / "n.pulka", "--players", "Аня", "Борис", "Вера", "--set",
                "bombs=maybe", env=RU)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("ошибка: <параметры>: bombs:"), done.stderr
    russian(done.stderr, data, errors=True)
    (table / "c.yaml").write_text("family: russian\nextends: sochi\nwhist: {rate: 1\n",
                                  encoding="utf-8")
    done = real("conventions", "check", table / "c.yaml", env=RU)
    assert done.returncode == 2, done.stderr
    russian(done.stderr, data, errors=True)
    assert "PyYAML" in done.stderr


def test_the_leak_check_finds_english(tmp_path: Path) -> None:
    """The check itself can fail: English words are found, data is not."""
    data = Data(tmp_path, ["Marko"])
    assert leaks("Marko буле +24  (bettel: ремиз)", data) == ["bettel"]
    assert leaks("игрок   pot_in   pot_out", data) == ["pot_in", "pot_out"]
    assert leaks("ошибка: c.yaml:3:1: not valid YAML: x", data, errors=True) == ["not", "valid"]
    assert leaks("сдача 3: 'seven' — не заказ", data, errors=True) == []
    assert leaks("в защите говорят whist, pass или half", data, errors=True) == []
    assert leaks("Marko whist 2", data) == ["whist"]  # (not a journal line of this folder)
    assert leaks("whist.rate: ожидается число (изменено: pulya=20)", data, errors=True) == []
    assert leaks("Сочинка (Sochi) [sochi]  (изменено: pulya=20)", data) == ["pulya=20"]
    assert leaks("Использование: pulka add [OPTIONS] FILE DEAL...", data, errors=True) == [
        "OPTIONS", "FILE", "DEAL"]
    (tmp_path / "g.pulka").write_text("pulka 1\n1. Marko s 6 Jure whist 2\n", encoding="utf-8")
    assert leaks("сдача 1: Marko s 6 Jure whist 2", Data(tmp_path, ["Marko"])) == []
    with pytest.raises(AssertionError):
        english("Lists every deal: сдачи", data)
    english("1 trick on 7NT (Marko)", data)


def test_every_row_of_the_catalogue_is_run() -> None:
    assert len(rows()) >= 150 and all(isinstance(r, Case) for r in CATALOGUE)
    assert any(isinstance(spec, J) for r in CATALOGUE for spec in r.files.values())
