"""What the sample-game tests share: each sample replayed once, and what a deal wrote.

The hand checks of test_samples, test_presets and test_balkan_samples read the samples
through these helpers.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import cache
from pathlib import Path

from pulka.gamefile import open_game
from pulka.replay import steps as replay_steps
from pulka.settlement.figures import build

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


@cache
def built(name: str):
    """(game, report, state, settlement, steps) of a sample, replayed once."""
    game, _ = open_game(SAMPLES / name)
    report, state, settlement, steps = build(game)
    return game, report, state, settlement, steps


def steps(name: str) -> dict[int, object]:
    """The sample's deals as scored, by number."""
    return {step.number: step for step in built(name)[4]}


def entries(name: str, number: int) -> dict[tuple[str, str, str | None], Fraction]:
    """What deal ``number`` wrote, added up per (column, player, target); zeros left out."""
    totals: dict[tuple[str, str, str | None], Fraction] = defaultdict(Fraction)
    for posting in steps(name)[number].postings:
        totals[(posting.column, posting.player, posting.target)] += posting.amount
    return {key: amount for key, amount in totals.items() if amount}


def sheet_before(name: str, number: int) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    """Pulya and gora just before deal ``number`` was played (Russian samples)."""
    game = built(name)[0]
    pulya = {p: Fraction(0) for p in game.table.players}
    gora = dict(pulya)
    for step, state in replay_steps(game):
        if step.number == number:
            break
        pulya, gora = dict(state.pulya), dict(state.gora)
    return pulya, gora


def W(writer: str, target: str, amount) -> tuple[tuple[str, str, str], Fraction]:
    """Whists ``writer`` writes on ``target``: an item of :func:`entries`."""
    return ("whists", writer, target), Fraction(amount)


def P(player: str, amount) -> tuple[tuple[str, str, None], Fraction]:
    """Pulya written to ``player``."""
    return ("pulya", player, None), Fraction(amount)


def G(player: str, amount) -> tuple[tuple[str, str, None], Fraction]:
    """Gora written to ``player``."""
    return ("gora", player, None), Fraction(amount)
