"""The разбойник (robber stage) that opens a Classic game.

Each player must declare each game of ``robber.games`` (six, seven, eight, nine, ten and
misère); then ``robber.raspasy_laps`` laps of raspasy (one deal per player each) close the
stage, and free bidding starts. pulka tracks the stage and shows what is still owed. With
``robber.strict`` it also refuses a deal that does not fit (a game the declarer does not owe,
raspasy before every compulsory game is played); without it such a deal is recorded with a
note, since tables often shorten the stage by agreement.
"""

from __future__ import annotations

from ...errors import IllegalDealError
from ...game import Deal, DealKind, Strain
from ...i18n import _, ngettext, pgettext
from .keys import ROBBER_GAMES, ROBBER_RASPASY_LAPS, ROBBER_STAGE, ROBBER_STRICT
from .state import RussianState


def start(state: RussianState) -> None:
    conv = state.table.convention
    if conv[ROBBER_STAGE]:
        state.robber_owed = {p: list(conv[ROBBER_GAMES]) for p in state.players}
        state.robber_raspasy_left = conv[ROBBER_RASPASY_LAPS] * len(state.players)


def in_stage(state: RussianState) -> bool:
    return bool(state.robber_owed) and (
        any(state.robber_owed.values()) or state.robber_raspasy_left > 0)


def _game_name(deal: Deal) -> str:
    assert deal.contract is not None
    return "misere" if deal.contract.strain is Strain.MISERE else str(deal.contract.level)


def _shown(game: str) -> str:
    """A game of ``robber.games`` (``6`` … ``10``, ``misere``) as the players read it."""
    return pgettext("a game of the robber stage", "misere") if game == "misere" else game


def check(deal: Deal, state: RussianState) -> None:
    """Refuse (strict) or note a deal that does not fit the robber stage."""
    problem = _misfit(deal, state)
    if problem is None:
        return
    if state.table.convention[ROBBER_STRICT]:
        raise IllegalDealError(problem)
    state.notes.append(_("note: {problem}").format(problem=problem))


def _misfit(deal: Deal, state: RussianState) -> str | None:
    if not in_stage(state) or deal.kind not in (DealKind.CONTRACT, DealKind.RASPASY):
        return None
    games_left = any(state.robber_owed.values())
    if deal.kind is DealKind.RASPASY:
        if games_left:
            return _("разбойник: raspasy come after every compulsory game; still owed: "
                     "{owed}").format(owed=owed_text(state))
        return None
    if not games_left:
        left = state.robber_raspasy_left
        return ngettext("разбойник: {n} raspasy deals remain before free bidding",
                        "разбойник: {n} raspasy deals remain before free bidding",
                        left).format(n=left)
    owed = state.robber_owed[deal.declarer]  # type: ignore[index]
    if _game_name(deal) not in owed:
        still = ", ".join(_shown(g) for g in owed) or pgettext("still owed", "nothing")
        return _("разбойник: {declarer} does not owe a {game} (still owed: {still})").format(
            declarer=deal.declarer, game=_shown(_game_name(deal)), still=still)
    return None


def after(deal: Deal, state: RussianState) -> None:
    if not in_stage(state):
        return
    games_left = any(state.robber_owed.values())
    if deal.kind is DealKind.CONTRACT:
        owed = state.robber_owed[deal.declarer]  # type: ignore[index]
        if _game_name(deal) in owed:
            owed.remove(_game_name(deal))
    elif deal.kind is DealKind.RASPASY and not games_left:
        state.robber_raspasy_left -= 1


def owed_text(state: RussianState) -> str:
    """What the stage still needs, for the sheet."""
    parts = [f"{p}: {' '.join(_shown(x) for x in g)}" for p, g in state.robber_owed.items() if g]
    if not parts and state.robber_raspasy_left > 0:
        left = state.robber_raspasy_left
        return ngettext("{n} raspasy deals", "{n} raspasy deals", left).format(n=left)
    return "; ".join(parts)
