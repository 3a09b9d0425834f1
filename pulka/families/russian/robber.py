"""The разбойник (robber stage) that opens a Classic game.

Each player must declare each game of ``robber.games`` (six, seven, eight, nine, ten and
misère); then ``robber.raspasy_laps`` laps of raspasy (one deal per player each) close the
stage, and free bidding starts. While the stage lasts, a declared game must be one the
declarer still owes, and raspasy come only after every compulsory game has been played.
"""

from __future__ import annotations

from ...errors import IllegalDealError
from ...model import Deal, DealKind, Strain
from .state import RussianState


def start(state: RussianState) -> None:
    conv = state.table.convention
    if conv["robber.stage"]:
        state.robber_owed = {p: list(conv["robber.games"]) for p in state.players}
        state.robber_raspasy_left = conv["robber.raspasy_laps"] * len(state.players)


def in_stage(state: RussianState) -> bool:
    return bool(state.robber_owed) and (
        any(state.robber_owed.values()) or state.robber_raspasy_left > 0)


def _game(deal: Deal) -> str:
    assert deal.contract is not None
    return "misere" if deal.contract.strain is Strain.MISERE else str(deal.contract.level)


def check(deal: Deal, state: RussianState) -> None:
    """Refuse a deal that does not fit the robber stage."""
    if not in_stage(state) or deal.kind not in (DealKind.CONTRACT, DealKind.RASPASY):
        return
    games_left = any(state.robber_owed.values())
    if deal.kind is DealKind.RASPASY:
        if games_left:
            raise IllegalDealError("разбойник: raspasy come after every compulsory game; still "
                                   "owed: " + owed_text(state))
        return
    if not games_left:
        raise IllegalDealError(f"разбойник: {state.robber_raspasy_left} raspasy deals remain "
                               "before free bidding")
    owed = state.robber_owed[deal.declarer]  # type: ignore[index]
    if _game(deal) not in owed:
        still = ", ".join(owed) or "nothing"
        raise IllegalDealError(f"разбойник: {deal.declarer} does not owe a {_game(deal)} "
                               f"(still owed: {still})")


def after(deal: Deal, state: RussianState) -> None:
    if not in_stage(state):
        return
    if deal.kind is DealKind.CONTRACT:
        state.robber_owed[deal.declarer].remove(_game(deal))  # type: ignore[index]
    elif deal.kind is DealKind.RASPASY:
        state.robber_raspasy_left -= 1


def owed_text(state: RussianState) -> str:
    """What the stage still needs, for the sheet."""
    parts = [f"{p}: {' '.join(g)}" for p, g in state.robber_owed.items() if g]
    if not parts and state.robber_raspasy_left > 0:
        return f"{state.robber_raspasy_left} raspasy deals"
    return "; ".join(parts)
