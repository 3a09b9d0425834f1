"""One home per family (issue 27): a fifth family is added by its own folders, its convention
file and one line of the registry, and by nothing else.

A copy of pulka (the package and the built-in conventions) is given the family ``fifth``: a
copy of the Russian family's folder (``families/fifth/``, its name changed where it names
itself), of its drawing (``render/fifth/``, with its own module paths), a convention
(``conventions/fifth.yaml``: Sochi's rules, its own name, title and aliases) and a line in
``registry.py``. No other file of the copy differs: not the generated index of the built-ins,
not a list of families. With that copy's pulka the family runs through ``new`` (by its name
and by an alias), ``add`` (Russian words too), ``play`` asked step by step and with Tab
completion, ``show`` and ``show --paper``, ``settle --explain`` and ``--json``, ``export``
(workbook and PDF), ``check`` and ``stats``: each says what it says of the same deals under
Sochi, with the fifth's name and title where Sochi's stand.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from play_kit import finished, spawn

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ("Аня", "Борис", "Вера")
DEALS = ("Аня 6 пик 6 Борис вист 2 Вера вист 2", "распасы Аня 4 Борис 2 Вера 4",
         "Борис 7 черви 6 Вера вист 3 Аня пас", "Вера мизер 1")
RESULT = {"Аня": "148/3", "Борис": "-20/3", "Вера": "-128/3"}
#: each table's game, in the folder named after its convention
FIFTH, SOCHI = Path("fifth", "game.pulka"), Path("sochi", "game.pulka")
LINE = '    "fifth": Registered("pulka.families.fifth.family", "pulka.render.fifth"),\n'

pytestmark = pytest.mark.slow


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == count, (path, old)
    path.write_text(text.replace(old, new), encoding="utf-8")


def files(root: Path) -> dict[Path, bytes]:
    return {p.relative_to(root): p.read_bytes() for p in root.rglob("*") if p.is_file()}


@pytest.fixture(scope="module")
def copy(tmp_path_factory) -> Path:
    """The copy of pulka with the fifth family: two folders, a convention and a line."""
    root = tmp_path_factory.mktemp("pulka-with-a-fifth-family")
    skip = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in ("pulka", "conventions"):
        shutil.copytree(ROOT / folder, root / folder, ignore=skip)
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    before = files(root)
    package = root / "pulka"
    rules = package / "families" / "fifth"
    shutil.copytree(package / "families" / "russian", rules)
    edit(rules / "family.py", 'name = "russian"', 'name = "fifth"')
    edit(rules / "words.py", 'Style(\n    "russian",', 'Style(\n    "fifth",')
    drawing = package / "render" / "fifth"
    shutil.copytree(package / "render" / "russian", drawing)
    edit(drawing / "__init__.py", "pulka.render.russian.", "pulka.render.fifth.", count=1)
    for name in ("__init__.py", "paper.py", "pdf_fill.py"):
        edit(drawing / name, "from ...families.russian.keys", "from ...families.fifth.keys")
    sochi = (root / "conventions" / "sochi.yaml").read_text(encoding="utf-8")
    convention = root / "conventions" / "fifth.yaml"
    convention.write_text(sochi, encoding="utf-8")
    edit(convention, "\nfamily: russian\n", "\nfamily: fifth\n")
    edit(convention, "\nname: sochi\n", "\nname: fifth\n")
    edit(convention, "\ntitle: Сочинка (Sochi)\n", "\ntitle: Пятая (Fifth)\n")
    edit(convention, "\naliases: [сочи, сочинка, sochinka]\n", "\naliases: [пятая, pyataya]\n")
    edit(package / "registry.py", '"pulka.render.payment.greek"),\n',
         '"pulka.render.payment.greek"),\n' + LINE)
    after = files(root)
    copied = [Path(str(p).replace("/russian/", "/fifth/")) for p in before
              if p.parts[:3] in (("pulka", "families", "russian"), ("pulka", "render", "russian"))]
    assert sorted(p for p in after if p not in before) \
        == sorted([*copied, Path("conventions/fifth.yaml")])
    assert sorted(p for p in before if before[p] != after[p]) == [Path("pulka/registry.py")]
    return root


def python(root: Path, *args: object, cwd: Path, input: str | None = None,
           ) -> subprocess.CompletedProcess[str]:
    """Python with ``root``'s pulka first on the path, no user conventions, no snapshots."""
    environ = {k: v for k, v in os.environ.items()
               if k not in ("PULKA_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")}
    environ.update(PYTHONPATH=str(root), PULKA_SNAPSHOTS="off", COLUMNS="80", LINES="24",
                   PULKA_CONVENTIONS=str(root / "no-user-conventions"),
                   XDG_CACHE_HOME=str(cwd / "cache"))
    return subprocess.run([sys.executable, *map(str, args)], cwd=cwd, env=environ, input=input,
                          capture_output=True, text=True, timeout=600)


def pulka(root: Path, *args: object, cwd: Path, input: str | None = None) -> str:
    done = python(root, "-m", "pulka", *args, cwd=cwd, input=input)
    assert done.returncode == 0, (args, done.stdout, done.stderr)
    assert done.stderr == "", (args, done.stderr)
    return done.stdout


def as_sochi(text: str) -> str:
    """What is said of the fifth family's game, with Sochi's title and name in its place."""
    return text.replace("Пятая (Fifth)", "Сочинка (Sochi)").replace("fifth", "sochi")


def new_games(copy: Path, folder: Path) -> None:
    """A new game at a fifth table and one at a Sochi table (:data:`FIFTH`, :data:`SOCHI`),
    created in the same second, so that only the convention tells them apart."""
    for game in (FIFTH, SOCHI):
        (folder / game.parent).mkdir()
        pulka(copy, "new", game, "--players", *PLAYERS, "--convention", game.parent, cwd=folder)
    created = next(line for line in (folder / FIFTH).read_text(encoding="utf-8").splitlines()
                   if line.startswith("created "))
    lines = (folder / SOCHI).read_text(encoding="utf-8").splitlines(keepends=True)
    (folder / SOCHI).write_text("".join(created + "\n" if line.startswith("created ") else line
                                        for line in lines), encoding="utf-8")


@pytest.fixture(scope="module")
def games(copy, tmp_path_factory) -> Path:
    """The folder of the same four deals at a fifth table and at a Sochi table."""
    folder = tmp_path_factory.mktemp("games")
    new_games(copy, folder)
    for deal in DEALS:
        said = pulka(copy, "add", FIFTH, *deal.split(), cwd=folder)
        assert as_sochi(said) == pulka(copy, "add", SOCHI, *deal.split(), cwd=folder)
    return folder


def test_the_copy_runs_its_own_pulka(copy, tmp_path):
    done = python(copy, "-c", "import pulka; print(pulka.__file__)", cwd=tmp_path)
    assert done.stdout.strip() == str(copy / "pulka" / "__init__.py")


def test_new_finds_the_convention_by_its_name_and_alias(copy, tmp_path):
    for ref in ("fifth", "ПЯТАЯ"):
        game = tmp_path / f"{ref}.pulka"
        said = pulka(copy, "new", game.name, "--players", *PLAYERS, "--convention", ref,
                     cwd=tmp_path)
        assert said.startswith(f"{game.name}: a new Пятая (Fifth) game for Аня, Борис, Вера")
        text = game.read_text(encoding="utf-8")
        assert "rule family fifth\nrule name fifth\nrule title Пятая (Fifth)\n" in text
    listed = pulka(copy, "conventions", "list", cwd=tmp_path)
    assert f"fifth (пятая, pyataya)  {copy / 'conventions' / 'fifth.yaml'}\n" in listed
    shown = pulka(copy, "conventions", "show", "pyataya", "--lang", "ru", cwd=tmp_path)
    assert shown.startswith("Пятая (Fifth)  [fifth]")


def test_diff_says_the_keys_are_the_same_and_the_rules_the_family_s(copy, tmp_path):
    said = pulka(copy, "conventions", "diff", "sochi", "fifth", cwd=tmp_path)
    assert said == ("Сочинка (Sochi) → Пятая (Fifth)\n"
                    "different families (russian, fifth): the same keys, each read by its own "
                    "family's rules\n"
                    "no key differs, but each family scores by its own rules\n")
    said = pulka(copy, "conventions", "diff", "classic", "fifth", "--lang", "ru", cwd=tmp_path)
    assert said.startswith("Классика (Classic) → Пятая (Fifth)\n"
                           "разные семейства (russian, fifth): ключи те же, но каждое семейство "
                           "читает их по своим правилам\n"
                           "3 ключа отличаются:\n")


def test_add_records_the_deals_as_at_a_sochi_table(games):
    text = (games / FIFTH).read_text(encoding="utf-8")
    assert text.endswith("1. Аня 6s 6 Борис whist 2 Вера whist 2\n"
                         "2. raspasy Аня 4 Борис 2 Вера 4\n"
                         "3. Борис 7h 6 Вера whist 3 Аня pass 1\n"
                         "4. Вера misere 1\n")
    assert as_sochi(text).replace("rule family sochi\n", "rule family russian\n") \
        == (games / SOCHI).read_text(encoding="utf-8")


@pytest.mark.parametrize("args", [("show",), ("show", "--paper"), ("show", "--lang", "ru"),
                                  ("show", "--json"), ("settle",), ("settle", "--explain"),
                                  ("settle", "--explain", "--lang", "ru")])
def test_show_and_settle_say_what_they_say_of_sochi(copy, games, args):
    said = pulka(copy, *args, FIFTH, cwd=games)
    if args[0] == "show":
        assert ('"convention": "fifth"' if "--json" in args else "Пятая (Fifth)") in said
    assert as_sochi(said) == pulka(copy, *args, SOCHI, cwd=games)


def test_settle_json_is_sochi_s_numbers(copy, games):
    figures = json.loads(pulka(copy, "settle", "--json", FIFTH, cwd=games))
    assert figures.pop("convention") == "fifth"
    assert figures["result"] == RESULT
    control = json.loads(pulka(copy, "settle", "--json", SOCHI, cwd=games))
    assert control.pop("convention") == "sochi"
    assert figures == control


def test_check_finds_nothing(copy, games):
    assert pulka(copy, "check", FIFTH, cwd=games) == ""


def test_export_writes_sochi_s_workbook_and_sheet(copy, games, tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    pypdf = pytest.importorskip("pypdf")
    books, sheets = {}, {}
    for game in (FIFTH, SOCHI):
        name = game.parent.name
        xlsx, pdf = tmp_path / f"{name}.xlsx", tmp_path / f"{name}.pdf"
        pulka(copy, "export", game, "--xlsx", xlsx, "--pdf", pdf, cwd=games)
        books[name] = {sheet.title: [[cell.value for cell in row] for row in sheet.iter_rows()]
                       for sheet in openpyxl.load_workbook(xlsx)}
        sheets[name] = [page.extract_text() for page in pypdf.PdfReader(pdf).pages]
    assert as_sochi(json.dumps(books["fifth"], ensure_ascii=False, default=str)) \
        == json.dumps(books["sochi"], ensure_ascii=False, default=str)
    assert "Пятая (Fifth)" in sheets["fifth"][0]
    assert [as_sochi(page) for page in sheets["fifth"]] == sheets["sochi"]


def test_stats_counts_the_game_as_a_sochi_one(copy, games, tmp_path):
    text = pulka(copy, "stats", "fifth", "--no-cache", cwd=games)
    assert "Пятая (Fifth), no price: 1 game" in text, text
    assert as_sochi(text) == pulka(copy, "stats", "sochi", "--no-cache", cwd=games)
    cache = tmp_path / "stats.sqlite3"
    runs = [json.loads(pulka(copy, "stats", "fifth", "--json", "--cache", cache, cwd=games))
            for _ in range(2)]
    assert [r.pop("run") for r in runs] == [{"replayed": 1, "cached": 0},
                                            {"replayed": 0, "cached": 1}]
    assert runs[0] == runs[1]
    assert runs[0]["players"]["Вера"]["misere"] == 1
    assert [u["convention"] for u in runs[0]["units"]] == ["fifth"]
    control = json.loads(pulka(copy, "stats", "sochi", "--json", "--no-cache", cwd=games))
    control.pop("run")
    assert json.loads(as_sochi(json.dumps(runs[0], ensure_ascii=False))) == control


#: a deal asked step by step, a raspasy asked the same way, a misère; then quit, no export
STEPS = ["?", "Аня", "6 пик", "6", "вист", "2", "пас", "",
         "шаг", "распасы", "4", "4", "2",
         "?", "Вера", "мизер", "1", "quit", ""]


def test_play_asks_the_deals_step_by_step(copy, tmp_path):
    new_games(copy, tmp_path)
    control = tmp_path / "control.pulka"
    shutil.copyfile(tmp_path / FIFTH, control)
    said = pulka(copy, "play", FIFTH, "--lang", "ru", cwd=tmp_path, input="\n".join(STEPS) + "\n")
    for asked in ("Кто играл? (имя или распасы)", "Что? (например, 6s, 7 пик, 9nt, мизер)",
                  "Борис: вист, пас или полвиста?", "сдача в записи: Аня 6♠ 6 Борис вист 2 "
                  "Вера пас", "записано: 1. Аня 6♠ 6 Борис вист 2 Вера пас 2",
                  "Вера: сколько взяток?", "записано: 2. распасы Аня 4 Борис 2 Вера 4",
                  "записано: 3. Вера мизер 1"):
        assert asked in said, asked
    assert as_sochi(said) == pulka(copy, "play", SOCHI, "--lang", "ru", cwd=tmp_path,
                                   input="\n".join(STEPS) + "\n")
    for deal in ("Аня 6s 6 Борис whist 2 Вера pass", "raspasy Аня 4 Борис 2 Вера 4",
                 "Вера misere 1"):
        pulka(copy, "add", control, *deal.split(), cwd=tmp_path)
    assert (tmp_path / FIFTH).read_bytes() == control.read_bytes()


def test_tab_completes_the_family_s_words(copy, tmp_path):
    offered = python(copy, "-c", f"""
from pulka.cli.play.completion import Positions
from pulka.notation import words_for
def offered(family):
    at = Positions({PLAYERS!r}, words_for(family), "ru")
    return [at.candidates(line)[1] for line in ("", "Аня ", "Аня 6 ", "Аня 6s 6 Борис ")]
fifth, russian = offered("fifth"), offered("russian")
assert {{"распасы", "Вера"}} <= set(fifth[0]) and {{"6s", "10nt", "мизер"}} <= set(fifth[1])
assert "пик" in fifth[2] and "полвиста" in fifth[3]
print(fifth == russian)
""", cwd=tmp_path)
    assert offered.stdout == "True\n", offered.stderr
    new_games(copy, tmp_path)
    # (the line reads only as completed: полвис and мизе are no words; a name's prefix is one)
    child = spawn("play", FIFTH, "--lang", "ru", cwd=tmp_path, root=copy,
                  env={"PULKA_CONVENTIONS": str(copy / "no-user-conventions"),
                       "PULKA_SNAPSHOTS": "off"})
    child.expect_exact("сдача 1>")
    for typed, completed in (("Ан", "я"), (" 6s Бо", "рис"), (" пас Вер", "а"),
                             (" полвис", "та"), ("\r", "записано: 1. Аня 6♠ Борис пас Вера "
                                                 "полвиста"),
                             ("Бо", "рис"), (" мизе", "р"), (" 0\r", "записано: 2. Борис мизер 0")):
        child.send(typed)
        if not typed.endswith("\r"):
            child.expect_exact(typed.split()[-1])  # the prompt is reading the keys
            child.send("\t")
        child.expect_exact(completed)
    child.expect_exact("сдача 3>")
    child.sendline("quit")
    child.expect_exact("Выгрузить таблицу и лист PDF? [д/Н]")
    child.sendline("")
    assert finished(child) == 0
    assert (tmp_path / FIFTH).read_text(encoding="utf-8").endswith(
        "1. Аня 6s Борис pass Вера half\n2. Борис misere 0\n")
