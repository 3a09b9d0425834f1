"""What pulka takes in, it means (issue 32 §4): a journal `new` writes reads back; names that
look alike or cannot be read are refused; numbers in YAML are read as written; a header says
`pulka 1` once; a file to write is not a folder; counts are in the digits 0-9."""

from __future__ import annotations

import pytest
from cli_kit import digests, run_untraced
from test_write_faults import new_game, numbers_in

from pulka import journal


def refused(result, text: str) -> None:
    assert result.exit_code == 2, result.output
    assert text in result.stderr, result.stderr


# -- new writes what reads back --------------------------------------------------------------

def test_a_tiny_price_is_written_as_it_reads_back(tmp_path):
    path = tmp_path / "g.pulka"
    result = run_untraced("new", path, "--players", "А", "Б", "В", "--price", "0.0000001")
    assert result.exit_code == 0, result.output
    assert "rule price 0.0000001\n" in path.read_text()
    assert run_untraced("show", path).exit_code == 0
    assert str(journal.read(path).game().table.convention["price"]) == "1E-7"


def test_a_header_line_too_long_to_read_back_is_not_written(tmp_path):
    path = tmp_path / "g.pulka"
    prices = " ".join(["1"] * 40_000)
    result = run_untraced("new", path, "--players", "А", "Б", "В", "--set",
                          f"raspasy.prices={prices}")
    refused(result, "this game cannot be written as a journal that reads back (")
    assert "nothing was written" in result.stderr
    assert list(tmp_path.iterdir()) == []


# -- names -------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, said", [
    ("Аня\ufe0f", "U+FE0F"), ("\ue000", "U+E000"), ("\ufdd0", "U+FDD0"), ("\ufffd", "U+FFFD"),
    ("Вера\U000e0100", "U+E0100"),
], ids=["variation selector", "private use", "noncharacter", "replacement", "ideographic vs"])
def test_a_name_with_a_character_one_cannot_read(tmp_path, name, said):
    result = run_untraced("new", tmp_path / "g.pulka", "--players", name, "Борис", "Вера2")
    refused(result, f"has a character that is not a letter one can read ({said}:")
    assert list(tmp_path.iterdir()) == []


def test_names_that_differ_only_in_yo(tmp_path):
    result = run_untraced("new", tmp_path / "g.pulka", "--players", "Алёна", "Борис", "Алена")
    refused(result, "players 'Алёна' and 'Алена' differ only in ё and е, which pulka reads "
                    "alike")
    assert list(tmp_path.iterdir()) == []


def test_a_name_with_yo_alone_is_a_name(tmp_path):
    result = run_untraced("new", tmp_path / "g.pulka", "--players", "Алёна", "Борис", "Вера")
    assert result.exit_code == 0, result.output


# -- the notation ------------------------------------------------------------------------------

@pytest.mark.parametrize("deal, said", [
    (["Вера", "6s", "+6", "Аня", "whist", "2", "Борис", "pass"], "no sign"),
    (["Вера", "6s", "6", "Аня", "whist", "2", "Аня", "whist", "2"], "Аня is named twice"),
    (["Вера", "6s", "6", "Аня", "Аня", "whist", "2"], "error:"),
])
def test_a_deal_that_says_something_else_is_refused(tmp_path, deal, said):
    path = new_game(tmp_path, deals=1)
    refused(run_untraced("add", path, *deal), said)
    assert numbers_in(path) == [1]


# -- YAML 1.1's numbers --------------------------------------------------------------------------

@pytest.mark.parametrize("written, read", [("1:20", 80), ("0x14", 20), ("024", 20),
                                           ("1_000", 1000), ("0b101", 5), ("0o17", 15)])
def test_a_number_yaml_would_read_as_another_is_refused(tmp_path, written, read):
    convention = tmp_path / "c.yaml"
    convention.write_text(f"family: russian\nextends: sochi\nname: mine\npulya: {written}\n")
    result = run_untraced("new", tmp_path / "g.pulka", "--players", "А", "Б", "В",
                          "--convention", convention)
    if written == "0o17":  # (YAML 1.1 has no 0o: it is text, which pulya refuses as such)
        assert result.exit_code == 2
        return
    refused(result, f"c.yaml:4:8: {written!r} is read by YAML as the number {read}: write a "
                    "number in decimal digits")
    assert not (tmp_path / "g.pulka").exists()


# -- the header ----------------------------------------------------------------------------------

@pytest.mark.parametrize("command", [["check"], ["show"], ["settle"], ["show", "--paper"],
                                     ["add", "Вера", "misere", "0"], ["undo"],
                                     ["stats", "--no-cache"]])
def test_a_second_pulka_line_in_the_header(tmp_path, command):
    path = new_game(tmp_path, deals=1)
    lines = path.read_text().splitlines(keepends=True)
    at = next(n for n, line in enumerate(lines) if line.startswith("convention "))
    path.write_text("".join([*lines[:at], "pulka 1\n", *lines[at:]]))
    before = digests(tmp_path)
    result = run_untraced(command[0], path, *command[1:])
    refused(result, f"{path}:{at + 1}:7: `pulka` is given twice in the header, at lines 2 and "
                    f"{at + 1}")
    assert digests(tmp_path) == before


# -- arguments ---------------------------------------------------------------------------------

@pytest.mark.parametrize("args", [["export", "{game}", "--pdf", "{out}/"],
                                  ["export", "{game}", "--xlsx", "{out}/"],
                                  ["blank", "{out}/"],
                                  ["stats", "{game}", "--xlsx", "{out}/", "--no-cache"]])
def test_a_file_to_write_named_as_a_folder(tmp_path, args):
    game = new_game(tmp_path, deals=1)
    out = tmp_path / "newdir"
    result = run_untraced(*(a.format(game=game, out=out) for a in args))
    refused(result, f"{out}/: a name ending with / is a folder; give the file's name")
    assert not out.exists()


def test_jobs_in_full_width_digits(tmp_path):
    game = new_game(tmp_path, deals=1)
    refused(run_untraced("stats", game, "--jobs", "１", "--no-cache"),
            "'１': write the number with the digits 0-9")


def test_a_lock_wait_of_400_digits_is_refused(tmp_path, monkeypatch):
    game = new_game(tmp_path, deals=1)
    monkeypatch.setenv("PULKA_LOCK_WAIT", "9" * 400)
    refused(run_untraced("add", game, "Вера", "misere", "0"),
            "more than 86400 seconds (a day), the longest pulka waits for the lock")
    assert numbers_in(game) == [1]


@pytest.mark.parametrize("last", ["Вера misere 0", "Аня 6s 6 Борис whist 2 Вера whist 2"])
def test_undo_writes_only_into_a_journal_that_reads(tmp_path, last):
    """A players line edited to hold a look-alike twin (Latin A in Aня): undo either refuses,
    leaving the file, or writes a journal that check reads."""
    path = tmp_path / "g.pulka"
    assert run_untraced("new", path, "--players", "Аня", "Борис", "Вера").exit_code == 0
    assert run_untraced("add", path, "Вера", "misere", "0").exit_code == 0
    assert run_untraced("add", path, "--again", *last.split()).exit_code == 0
    path.write_text(path.read_text().replace("players Аня Борис Вера", "players Аня Aня Вера"))
    before = path.read_bytes()
    result = run_untraced("undo", path)
    if result.exit_code == 0:
        assert path.read_bytes().startswith(before) and path.read_text().endswith("void 2\n")
        assert run_untraced("check", path).exit_code == 0
    else:
        assert result.exit_code == 2 and path.read_bytes() == before
        assert run_untraced("check", path).exit_code == 2


# -- the campaign: names of every kind (the exhaustive tier) -----------------------------------

@pytest.mark.slow
def test_every_name_new_takes_reads_back_and_looks_like_no_other(tmp_path_factory):
    """Names drawn from all of Unicode (and lone surrogates, as bytes that are not UTF-8
    arrive): new either refuses them with its message, or writes a journal that show reads
    with the same players, none of whom is another's twin as the notation reads them."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from pulka.names import read_alike, skeleton

    # all of Unicode, and the letters that make twins with a few of the characters refused
    twins = "АаЕеЁёОоСсCcOoKkΑαНH" + "\ufe0f\ue000\ufffd\u0301\u200d\udcff "
    name = st.text(min_size=1, max_size=6) | st.text(twins, min_size=1, max_size=3)

    @settings(max_examples=400, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(st.lists(name, min_size=3, max_size=3))
    def check(names: list[str]) -> None:
        folder = tmp_path_factory.mktemp("names")
        path = folder / "g.pulka"
        result = run_untraced("new", path, "--players", *names)
        if result.exit_code != 0:
            assert result.exit_code == 2 and result.stderr.startswith("error: ")
            assert not path.exists()
            return
        players = journal.read(path).game().table.players
        assert run_untraced("show", path).exit_code == 0
        assert len({read_alike(p) for p in players}) == 3
        assert len({skeleton(p) for p in players}) == 3

    check()
