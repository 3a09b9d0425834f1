"""The Russian family's deal, asked by taps on the page of `pulka serve` (:mod:`pulka.web.form`): who played
(or raspasy), the level and the suit (or a misère), the declarer's tricks, then each
defender's answer and tricks in the order they speak; at raspasy each player's tricks. Only
what the rules allow at that point is offered: the players who hold cards, the contracts from
the lowest a raspasy streak allows, the half-whist for the second defender after the first
passed and on the levels the convention allows it; the tricks never add up past ten. The
common deals only: anything else (dark raspasy, bombs, a correction) goes in the notation
box."""

from __future__ import annotations

from typing import Any

from ...families.russian.keys import RASPASY_EXIT, WHIST_HALF
from ...game import Strain
from ...i18n import N_, pgettext, translated
from ...notation import LEVELS, quote, words_for
from ..questions import Choice, Question

#: the suits in the order of the sheet, each as the journal writes it
SUITS = (Strain.SPADES, Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS)
ASK_WHO = N_("Who played?")
ASK_LEVEL = N_("How many?")
ASK_SUIT = N_("In what?")
ASK_TAKEN = N_("Tricks the declarer took (not played: leave it)")


def questions(table: Any, state: Any) -> list[Question]:
    """The questions of the next deal, on the state as it stands."""
    conv = table.convention
    keywords = words_for(conv.family).keywords  # (a name is written as the notation reads it)
    active = tuple(state.active)
    raspasy = pgettext("form", "raspasy")
    misere = pgettext("game", "misere")
    seated = [p for p in table.players if p in active]  # the buttons in seating order
    out = [Question("who", translated(ASK_WHO),
                    (*(Choice(quote(p, keywords), p) for p in seated), Choice("raspasy", raspasy)))]
    lowest = _lowest(conv, state)
    levels = tuple(Choice(level, level) for level in LEVELS if int(level) >= lowest)
    out.append(Question("level", translated(ASK_LEVEL), (*levels, Choice("misere", misere)),
                        unless=(("who", ("raspasy",)),)))
    no_trumps = pgettext("form", "NT")
    out.append(Question("suit", translated(ASK_SUIT),
                        (*(Choice(s.value, s.symbol) for s in SUITS), Choice("nt", no_trumps)),
                        unless=(("who", ("raspasy",)), ("level", ("misere",))), glue=True))
    out.append(Question("taken", translated(ASK_TAKEN), counts=(0, 10), optional=True,
                        unless=(("who", ("raspasy",)),), total="tricks"))
    half_levels = tuple(str(level) for level in conv[WHIST_HALF])
    for seat, declarer in enumerate(active):
        speaking = active[seat + 1:] + active[:seat]
        by = (("who", (quote(declarer, keywords),)),)
        for k, name in enumerate(speaking):
            answers = [Choice("whist", pgettext("form", "whist")),
                       Choice("pass", pgettext("form", "pass"))]
            if k == 1 and half_levels:  # the second defender, after the first passed
                answers.append(Choice("half", pgettext("form", "half"), (
                    (f"answer {declarer} {speaking[0]}", ("pass",)), ("level", half_levels))))
            out.append(Question(f"answer {declarer} {name}",
                                pgettext("form", "{name}: whist or pass?").format(name=name),
                                tuple(answers), when=by, unless=(("level", ("misere",)),),
                                before=quote(name, keywords)))
            out.append(Question(f"tricks {declarer} {name}",
                                pgettext("form", "{name}: tricks").format(name=name),
                                counts=(0, 10), optional=True, when=by,
                                unless=(("level", ("misere",)),), total="tricks"))
    for name in seated:
        out.append(Question(f"raspasy {name}", pgettext("form", "{name}: tricks").format(
            name=name), counts=(0, 10), optional=True, when=(("who", ("raspasy",)),),
            before=quote(name, keywords), total="tricks"))
    return out


def _lowest(conv: Any, state: Any) -> int:
    """The lowest level a contract may have now (after a raspasy streak, its exit)."""
    streak = getattr(state, "raspasy_streak", 0)
    if not streak:
        return int(LEVELS[0])
    exits = conv[RASPASY_EXIT]
    return int(str(exits[min(streak, len(exits)) - 1]))
