"""A journal's rule lines are read into its convention once for the same lines: games of the
same rules share one convention object, and a rule line that does not read is still refused
at its own file and line."""

from __future__ import annotations

from cli_kit import ok, refused

from pulka.journal import read


def test_games_of_the_same_rules_share_one_convention(tmp_path):
    for name in ("a", "b"):
        ok("new", tmp_path / f"{name}.pulka", "--players", "Аня", "Борис", "Вера")
    ok("new", tmp_path / "c.pulka", "--players", "Аня", "Борис", "Вера", "--set", "pulya=30")
    a, b, c = (read(tmp_path / f"{n}.pulka").convention for n in "abc")
    assert a is b and a == b
    assert c is not a and c != a and c is not None and c["pulya"] == 30


def test_a_rule_line_that_does_not_read_is_refused_where_it_stands(tmp_path):
    good, bad = tmp_path / "good.pulka", tmp_path / "bad.pulka"
    ok("new", good, "--players", "Аня", "Борис", "Вера")
    read(good)  # its rules read (and kept) first
    lines = good.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith("rule whist.rate "))
    lines[at] = "rule whist.rate many\n"
    bad.write_text("".join(lines), encoding="utf-8")
    refused(tmp_path, "check", bad, needles=(f"{bad}:{at + 1}:", "rule whist.rate"))
