"""What follows from a legal Russian deal: the trick counts left out, the defence in seat order.

:mod:`.legality` has refused what is impossible before these run; what is left to refuse here
is trick counts that cannot be completed (too many left out, or not adding up to ten).
"""

from __future__ import annotations

from typing import Any

from ...errors import IllegalDealError
from ...game import Deal
from ...i18n import _
from ..tricks import TRICKS, check_not_over, fill_in_missing, names_text


def completed_raspasy(deal: Deal, players: tuple[str, ...], playing: list[str],
                      out: str | None) -> Deal:
    """The raspasy with every playing hand's tricks, in seat order."""
    tricks = dict(deal.tricks)
    missing = [p for p in playing if p not in tricks]
    if out in missing and len(missing) > 1:
        tricks[out] = 0  # the dealer's talon tricks default to none
        missing.remove(out)
    if len(players) == 2:
        if missing:
            raise IllegalDealError(_("the tricks of {names} are missing").format(
                names=names_text(missing)))
        check_not_over(sum(tricks.values()))
    else:
        tricks = _fill(tricks, missing)
        _check_ten(tricks, raspasy=True)
    ordered = {p: tricks[p] for p in players if p in tricks}
    return interned(_with(deal, tricks=ordered))


def completed_contract(deal: Deal, defenders: list[str], whisters: list[str],
                       checked_ten: bool) -> Deal:
    """The contract with its defence in seat order, and every count if it was played out."""
    defence = {d: deal.defence[d] for d in defenders}
    if not whisters and not checked_ten:  # a checked ten is always played out
        return interned(_with(deal, defence=defence))
    tricks = _played_tricks(deal, defenders, whisters, checked_ten)
    return interned(_with(deal, defence=defence, tricks=tricks))


def completed_given_up(deal: Deal, defenders: list[str]) -> Deal:
    """A game given up without three keeps the answers said, in seat order."""
    return interned(_with(deal, defence={d: deal.defence[d] for d in defenders
                                         if d in deal.defence}))


def completed_misere(deal: Deal) -> Deal:
    """A misère has no defence to keep (the passes say nothing)."""
    return _with(deal, defence={})


def _with(deal: Deal, **changes: Any) -> Deal:
    """The deal with these dicts, or the deal itself when it holds them already, in the same
    order (a deal as pulka writes it is complete: no copy is made of it)."""
    if all(list(getattr(deal, k).items()) == list(v.items()) for k, v in changes.items()):
        return deal
    return deal.replace(**changes)


_INTERNED: dict[tuple, Deal] = {}


def interned(deal: Deal) -> Deal:
    """One object for equal deals written in the same order, so that later caches find them
    by identity (bounded)."""
    if len(_INTERNED) > 8192:
        _INTERNED.clear()
    return _INTERNED.setdefault((deal, tuple(deal.defence), tuple(deal.tricks)), deal)


def _played_tricks(deal: Deal, defenders: list[str], whisters: list[str],
                   checked_ten: bool) -> dict[str, int]:
    """Complete the trick counts of a played contract (one count may be left out)."""
    declarer = deal.declarer
    assert declarer is not None
    tricks = dict(deal.tricks)
    if len(whisters) == 2:
        needed = [declarer, *defenders]
    elif len(defenders) == 1:
        # two players (гусарик): the dummy takes what the two players do not
        if declarer not in tricks:
            raise IllegalDealError(_("how many tricks did {declarer} take?").format(
                declarer=declarer))
        check_not_over(sum(tricks.values()))
        return {p: tricks[p] for p in [declarer, *defenders] if p in tricks}
    elif len(whisters) == 1:
        # the passer's tricks may be listed, or all the defence's given to the whister
        passer = next(d for d in defenders if d not in whisters)
        needed = [declarer, whisters[0], *([passer] if passer in tricks else [])]
        if len(needed) == 2 and all(p in tricks for p in needed) and sum(
                tricks[p] for p in needed) < TRICKS:
            needed.append(passer)  # the passer's tricks were left out: they are the rest
    else:
        # a checked ten that both passed: the declarer's tricks are what matters
        needed = [declarer, *(d for d in defenders if d in tricks)]
        if len(needed) == 1:
            if declarer not in tricks:
                raise IllegalDealError(_("how many tricks did {declarer} take?").format(
                    declarer=declarer))
            return {declarer: tricks[declarer]}
    tricks = _fill(tricks, [p for p in needed if p not in tricks])
    _check_ten(tricks, raspasy=False)
    return {p: tricks[p] for p in [declarer, *defenders] if p in tricks}


def _fill(tricks: dict[str, int], missing: list[str]) -> dict[str, int]:
    # the hint is wanted only where more than one count is missing (then it is an error)
    hint = _("give every player's tricks (one may be left out)") if len(missing) > 1 else None
    return fill_in_missing(tricks, missing, hint=hint)


def _check_ten(tricks: dict[str, int], raspasy: bool) -> None:
    total = sum(tricks.values())
    if total != TRICKS:
        detail = " + ".join(f"{p} {t}" for p, t in tricks.items())
        message = (_("the tricks of the raspasy add up to {total}, not {ten} ({detail})")
                   if raspasy else
                   _("the tricks of the game add up to {total}, not {ten} ({detail})"))
        raise IllegalDealError(message.format(total=total, ten=TRICKS, detail=detail))
