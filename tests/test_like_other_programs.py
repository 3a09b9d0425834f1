"""The README's "Like other programs" (issue 13): the convention files it gives, and the one
it ships (conventions/skachki.yaml, «5 по 20»), with numbers that differ from Sochi's."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from cli_kit import exact, ok, settle_json

ROOT = Path(__file__).resolve().parents[1]


def section_files() -> list[str]:
    """The YAML blocks of the README's section, in order."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Like other programs\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```yaml\n(.*?)```", section, flags=re.S)


def evening(folder: Path, convention: str) -> dict:
    folder.mkdir()
    path = folder / "g.pulka"
    ok("new", path, "--players", "A", "B", "C", "--convention", convention)
    for deal in ("A 6s 5 B whist 3 C whist 2", "C 6s 5 A whist 3 B whist 2",
                 "adjust pulya A 18", "A 6s B pass C pass"):
        ok("add", path, deal)
    return settle_json(path)


def test_skachki_premiums_and_the_jump(tmp_path):
    # deals 1 and 2: A and C each go down one on a six: gora 2 each; the whisters write
    # 3 × 2 + 2 = 8 and 2 × 2 + 2 = 6 (A on C 8, B on A 8, B on C 6, C on A 6).
    # deal 4: A's six closes his pulya (18 + 2).
    sochi = evening(tmp_path / "sochi", "sochi")
    assert (sochi["pulya"], sochi["gora"]) == ({"A": 20, "B": 0, "C": 0},
                                               {"A": 2, "B": 0, "C": 2})
    # mean pulya 20/3, mean gora 4/3. A: 400/3 − 20/3 + 8 − 14 = 362/3;
    # B: −200/3 + 40/3 + 14 = −118/3; C: −200/3 − 20/3 + 6 − 14 = −244/3
    assert exact(sochi["result"]) == {"A": Fraction(362, 3), "B": Fraction(-118, 3),
                                      "C": Fraction(-244, 3)}
    # Скачки: A closed first (the призёр): 100 on B and on C. B has the smallest gora (the
    # амнистер): 100 on A and on C. The jump ends: the unfinished pulyas of B and C, 20 each,
    # go into their goras, and every pulya starts again at 0.
    jumps = evening(tmp_path / "skachki", "скачки")
    assert (jumps["pulya"], jumps["gora"]) == ({"A": 0, "B": 0, "C": 0},
                                               {"A": 2, "B": 20, "C": 22})
    assert jumps["whists"] == {"A": {"B": 100, "C": 108}, "B": {"A": 108, "C": 106},
                               "C": {"A": 6}}
    assert jumps["finished"] is False  # one jump of five
    # mean gora 44/3. A: 380/3 + 208 − 114 = 662/3; B: −160/3 + 214 − 100 = 182/3;
    # C: −220/3 + 6 − 214 = −844/3
    assert exact(jumps["result"]) == {"A": Fraction(662, 3), "B": Fraction(182, 3),
                                      "C": Fraction(-844, 3)}
    assert "jump 2 of 5" in ok("show", tmp_path / "skachki" / "g.pulka").stdout


@pytest.mark.parametrize("alias", ["skachki", "скачки", "jumps", "СКАЧКИ"])
def test_skachki_answers_to_its_names(alias):
    assert "Скачки (5 по 20)" in ok("conventions", "show", alias).stdout


def test_the_readme_files_read_and_the_first_is_skachki(tmp_path):
    files = section_files()
    assert len(files) == 6
    for number, text in enumerate(files):
        path = tmp_path / f"like{number}.yaml"
        path.write_text(text, encoding="utf-8")
        ok("conventions", "check", path)
    # the README's Скачки is the shipped file, key for key
    diff = ok("conventions", "diff", "skachki", tmp_path / "like0.yaml").stdout
    assert "no key differs" in diff


#: what each of the other README files changes in the convention it extends
CHANGES = [
    ("sochi", {"end": ["each", "total"]}),
    ("sochi", {"overflow": ["help", "gora"]}),
    ("sochi", {"settle.rounding": ["exact", "whole"]}),
    ("leningrad", {"pulya": [20, 10]}),
    ("rostov", {"remise.consolation_flat": [0, 10]}),
]


def test_the_readme_files_change_only_what_they_say(tmp_path):
    for number, (text, (base, changes)) in enumerate(zip(section_files()[1:], CHANGES, strict=True), 1):
        path = tmp_path / f"like{number}.yaml"
        path.write_text(text, encoding="utf-8")
        assert text.startswith(f"extends: {base}\n")
        report = json.loads(ok("conventions", "diff", base, path, "--json").stdout)
        assert {k: [v["first"], v["second"]] for k, v in report["keys"].items()} == changes
