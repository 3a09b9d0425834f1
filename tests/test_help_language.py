"""`--lang` decides the language of `--help` wherever it stands on the command line: click
handles an eager --help before a --lang written after it, so the command's own --lang is
chosen before its options are read."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_kit import ok

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("args", [
    ["show", "--help", "--lang", "ru"],
    ["show", "--help", "--lang=ru"],
    ["show", "--lang", "ru", "--help"],
    ["--lang", "ru", "show", "--help"],
    ["add", "-h", "--lang", "ru"],
    ["conventions", "--help", "--lang", "ru"],
    ["conventions", "list", "--help", "--lang", "ru"],
    ["--help", "--lang", "ru"],
])
def test_help_is_in_the_language_asked_for_wherever_it_stands(args: list[str]) -> None:
    result = ok(*args)
    assert result.stdout.startswith("Использование: cli"), result.stdout


@pytest.mark.parametrize("args", [
    ["show", "--help", "--lang", "en"],
    ["show", "--help"],
    ["--lang", "ru", "show", "--help", "--lang", "en"],  # the command's own wins
])
def test_english_help_when_english_is_asked_for_or_nothing(args: list[str]) -> None:
    result = ok(*args)
    assert result.stdout.startswith("Usage: cli"), result.stdout


def test_a_sub_command_language_does_not_linger_into_the_next_command() -> None:
    ok("show", "--help", "--lang", "ru")
    assert ok("show", "--help").stdout.startswith("Usage: cli show")


def test_in_a_real_process_with_an_english_locale() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LANG": "en_US.UTF-8"}
    for name in ("PULKA_LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        env.pop(name, None)
    done = subprocess.run([sys.executable, "-m", "pulka", "show", "--help", "--lang", "ru"],
                          env=env, capture_output=True, text=True, encoding="utf-8", check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Использование: pulka show [ПАРАМЕТРЫ] ФАЙЛ")
    assert "Лист сейчас" in done.stdout
    assert done.stderr == ""
