"""`pulka conventions diff A B`: the keys two conventions set differently (issue 13)."""

from __future__ import annotations

import json
from pathlib import Path

from cli_kit import digests, ok, refused


def test_the_keys_leningrad_sets_apart_from_sochi() -> None:
    out = ok("conventions", "diff", "sochi", "питер").stdout.splitlines()
    assert out[0] == "Сочинка (Sochi) → Ленинградка (Leningrad)"
    assert out[1] == "12 keys differ:"
    keys = [line.split() for line in out if line.startswith("  ") and not line.startswith("   ")]
    assert keys[:3] == [["misere.penalty", "10", "→", "20"], ["whist.rate", "1", "→", "2"],
                        ["whist.ten", "whisted", "→", "checked"]]
    assert ["raspasy.prices", "1", "2", "3", "→", "2", "4", "6"] in keys
    assert "      whists per defence trick, times the contract value" in out


def test_a_table_file_against_the_convention_it_extends(tmp_path: Path) -> None:
    ours = tmp_path / "ours.yaml"
    ours.write_text("extends: sochi\nname: ours\ntitle: Our table\nwhist:\n  rate: 2\n",
                    encoding="utf-8")
    before = digests(tmp_path)
    out = ok("conventions", "diff", "sochi", ours).stdout.splitlines()
    assert out[:3] == ["Сочинка (Sochi) → Our table", "1 key differs:",
                       "  whist.rate                          1 → 2"]
    data = json.loads(ok("conventions", "diff", "sochi", ours, "--json").stdout)
    assert data["keys"] == {"whist.rate": {"first": 1, "second": 2,
                                           "meaning": "whists per defence trick, times the "
                                                      "contract value", "term": "висты"}}
    assert digests(tmp_path) == before


def test_the_same_rules_and_two_families() -> None:
    assert ok("conventions", "diff", "sochi", "сочи").stdout.splitlines()[-1] == \
        "the two conventions score alike: no key differs"
    out = ok("conventions", "diff", "sochi", "croatian", "--lang", "ru").stdout.splitlines()
    assert out[1] == "разные семейства (russian, balkan): ключи у них разные"
    assert any(line.split()[:3] == ["start", "—", "→"] for line in out)


def test_an_unknown_convention_is_refused(tmp_path: Path) -> None:
    refused(tmp_path, "conventions", "diff", "sochi", "sochy",
            needles=("'sochy'", "did you mean sochi"))
