"""`pulka show` at any width from 40 up: every table fits, nothing is cut (`+1…` for
+165 1/3), in every family; on a console that lacks a character (cp1251: no `→`), a table's
lines are as wide as its borders. (Issue 28, part 5.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_kit import run

from pulka.numbers import signed

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "samples").glob("*.pulka"))


def table_lines(text: str) -> list[str]:
    """The lines of the tables (their cells stand three spaces apart, their rules are ─)."""
    return [line for line in text.splitlines() if "   " in line or "─" in line]


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_show_fits_every_width_and_cuts_nothing(sample, monkeypatch):
    results = json.loads(run("settle", sample, "--json").output)["result"]
    for columns in (40, 43, 57, 80):
        monkeypatch.setenv("COLUMNS", str(columns))
        for lang in ("ru", "en"):
            shown = run("--lang", lang, "show", sample)
            assert shown.exit_code == 0, shown.output
            assert "…" not in shown.output, (columns, shown.output)
            lines = table_lines(shown.output)
            assert lines and all(len(line) <= columns for line in lines), (columns, lines)
            for player, result in results.items():  # each name and each result whole
                assert player in shown.output
                from fractions import Fraction

                assert signed(Fraction(result), minus="−") in shown.output.replace("-", "−")


def test_a_narrow_sheet_keeps_the_player_in_every_part(monkeypatch):
    monkeypatch.setenv("COLUMNS", "40")
    shown = run("--lang", "ru", "show", ROOT / "samples" / "sochi-3.pulka").output
    headings = [line.split()[0] for line in shown.splitlines() if line.startswith("  игрок")]
    assert len(headings) > 1  # (drawn in parts, each naming its rows)
    assert "+165 1/3" in shown and "-132 2/3" in shown.replace("−", "-")


@pytest.mark.parametrize("sample", ["sochi-3.pulka", "croatian-3.pulka", "greek-3.pulka",
                                    "austrian-3.pulka"])
@pytest.mark.parametrize("columns", ["40", "80"])
def test_a_console_without_the_arrow_keeps_the_header_as_wide_as_the_borders(
        sample, columns, tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("PULKA_LANG", "LANG", "LC_ALL")}
    env.update(PYTHONPATH=str(ROOT), PYTHONIOENCODING="cp1251", COLUMNS=columns,
               XDG_CACHE_HOME=str(tmp_path))
    done = subprocess.run([sys.executable, "-m", "pulka", "--lang", "ru", "show",
                           str(ROOT / "samples" / sample)], capture_output=True, env=env,
                          check=False)
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode("cp1251")
    assert "->" in text  # (the stand-in for →)
    border = None
    boxed = 0
    for line in text.splitlines():
        if line.startswith("+"):
            border = len(line)
        elif line.startswith("|"):
            assert len(line) == border, (line, border)
            boxed += 1
        else:
            border = None
    assert boxed > 3
    assert "…" not in text and "..." not in text


def test_no_color_removes_the_bold_too(tmp_path):
    """On a terminal (FORCE_COLOR stands for one) the heading is bold; with NO_COLOR there
    is no escape code at all, bold included."""
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "PULKA_LANG")}
    env.update(PYTHONPATH=str(ROOT), FORCE_COLOR="1", XDG_CACHE_HOME=str(tmp_path))
    sample = str(ROOT / "samples" / "sochi-3.pulka")
    for args in (["show", sample], ["settle", sample, "--explain"]):
        coloured = subprocess.run([sys.executable, "-m", "pulka", *args], capture_output=True,
                                  text=True, env=env, check=True).stdout
        assert "\x1b[1m" in coloured
        plain = subprocess.run([sys.executable, "-m", "pulka", *args], capture_output=True,
                               text=True, env={**env, "NO_COLOR": "1"}, check=True).stdout
        assert "\x1b[" not in plain, plain
