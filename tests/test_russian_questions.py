"""The Russian questions (families/russian/questions.py) driven with answers make the deal
`pulka add` of the same deal typed makes, and offer the half-whist only where the convention
allows it: the second defender after the first passed, or, under ``whist.half_by: either``,
the first who whisted once the second passed («вист – пас – полвиста»)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from cli_kit import ok
from questions_kit import driven

PLAYERS = ("Аня", "Борис", "Вера")


def _game(folder: Path, *options: str) -> Path:
    game = folder / "g.pulka"
    ok("new", game, "--players", *PLAYERS, *options)
    return game


def _same_as_typed(game: Path, line: str | None, typed: str) -> None:
    """The asked deal is recorded as the typed one is, byte for byte."""
    assert line is not None
    other = game.with_name("typed.pulka")
    shutil.copyfile(game, other)
    ok("add", game, *line.split())
    ok("add", other, *typed.split())
    assert game.read_bytes() == other.read_bytes()


def test_the_first_defender_retreats_to_a_half_whist_where_either_may(tmp_path: Path) -> None:
    game = _game(tmp_path, "--set", "whist.half_by=either")
    # Борис plays 6♠ and it is not played out: Вера (first from his left) whists, Аня passes,
    # and Вера retreats: nobody's tricks are asked
    line, asked = driven(game, ["Борис", "6s", None, "whist", "pass", "half"])
    assert [q.text for q in asked][-2:] == [
        "Аня: whist, pass or half? ", "Вера: whist or half, now that Аня passed? "]
    assert [c.value for c in asked[-1].choices] == ["whist", "half"]
    _same_as_typed(game, line, "Борис 6s Вера half Аня pass")


def test_a_first_defender_who_keeps_his_whist_says_his_tricks_then(tmp_path: Path) -> None:
    game = _game(tmp_path, "--set", "whist.half_by=either")
    line, asked = driven(game, ["Борис", "6s", None, "whist", "pass", "whist", "3", "1"])
    assert [q.player for q in asked[-4:]] == ["Аня", "Вера", "Вера", "Аня"]
    _same_as_typed(game, line, "Борис 6s Вера whist 3 Аня pass 1")
    # the retreat is whist or half: a pass there is refused with what to say
    with pytest.raises(ValueError, match="say whist or half"):
        driven(game, ["Вера", "7s", None, "whist", "pass", "pass"])


@pytest.mark.parametrize("options", [(), ("--set", "whist.half_by=either")])
def test_no_retreat_where_it_cannot_be(tmp_path: Path, options: tuple[str, ...]) -> None:
    """Under ``second`` (the default) nobody is asked to retreat, and under ``either`` not on
    a played game (the declarer's tricks said) nor on a level the convention does not halve:
    the first defender's tricks follow his answer at once."""
    game = _game(tmp_path, *options)
    played = ["Борис", "6s", "6", "whist", "2", "pass", None]
    line, asked = driven(game, played)
    assert not any("now that" in q.text for q in asked)
    assert [q.player for q in asked[-4:]] == ["Вера", "Вера", "Аня", "Аня"]
    _same_as_typed(game, line, "Борис 6s 6 Вера whist 2 Аня pass")
    # an eight is not halved (whist.half: 6 7): after the pass, the passer's tricks, no retreat
    line, asked = driven(game, ["Вера", "8s", None, "whist", None, "pass"])
    assert line is None and asked[-1].player == "Борис" and "tricks" in asked[-1].text
    assert not any("now that" in q.text for q in asked)
