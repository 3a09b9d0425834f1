"""The numbers of a game as one plain dict: what ``settle --json`` prints and ``verify`` checks.

Numbers stay exact here (Fraction, Decimal); :func:`to_json` turns them into JSON numbers
(whole) or exact-fraction strings.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction

from ..families.base import State, Step
from ..game import Game
from ..numbers import json_number
from ..replay import family_of, final_state
from ..replay import steps as replay_steps
from .money import Settlement, settle


def build(game: Game, keep_steps: bool = True,
          each: Callable[[Step, State], None] | None = None
          ) -> tuple[dict[str, object], State, Settlement, list[Step]]:
    """Replay and settle a game; the report dict, final state, settlement and steps.

    Args:
        keep_steps: keep every deal's postings (for listings and exports); without them a
            game of any length is settled in constant memory.
        each: with the steps, told of each deal and the state after it (the state is live),
            so that what follows every deal is gathered in the same replay.
    """
    steps: list[Step] = []
    if keep_steps:
        state: State | None = None
        for step, state in replay_steps(game):
            steps.append(step)
            if each is not None:
                each(step, state)
        if state is None:
            state = family_of(game.table).new_state(game.table)
        count = len(steps)
    else:
        state, count = final_state(game)
    family = family_of(game.table)
    settlement = settle(state, family)
    report: dict[str, object] = dict(family.summary(state))
    late = {k: report.pop(k) for k in family.presentation.late if k in report}
    report["result"] = settlement.result
    report["finished"] = state.finished
    if settlement.money is not None:
        report["money"] = settlement.money
    report["payments"] = [
        {"from": a, "to": b, "amount": amount} for a, b, amount in settlement.transfers
    ]
    report["players"] = list(game.table.players)
    report["convention"] = game.table.convention.name
    report["deals"] = count
    report["next_dealer"] = state.dealer
    report.update(late)  # the family's keys that follow the common ones
    return report, state, settlement, steps


def to_json(value: object) -> object:
    """Exact values to JSON: whole numbers as numbers, fractions as "a/b", money as "1.20"."""
    kind = type(value)
    if kind is int or kind is Fraction:  # (the most of them, told apart first)
        return json_number(value)  # type: ignore[arg-type]
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, (int, Fraction)):
        return json_number(value)
    if isinstance(value, Decimal):
        return f"{value:.2f}"
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    return str(value)
