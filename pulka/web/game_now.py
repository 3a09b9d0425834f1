"""The game as its journal now stands: what ``GET {table}/state`` answers (the numbers of
``pulka show --json`` and ``pulka settle --json``), and what the page shows in each language
(who deals, the raspasy streak, the distance to the end, the last deals in the players'
words, the settlement with who pays whom, the paper sheet as SVG).

These functions read the journal and speak the players' language, which is the process's
own (:mod:`pulka.i18n`): they run one at a time, under :data:`pulka.web.ledger.PULKA`.
"""

from __future__ import annotations

import os
from typing import Any

from .. import i18n
from ..convention.schema import CURRENCY
from ..errors import PulkaError
from ..i18n import _
from ..numbers import mixed, signed
from ..render.words import title_alone

#: the last deals the page lists, newest first
RECENT = 8
#: the widths (in characters) the sheet is drawn for: the page asks for the one that fits
COLUMNS = (40, 44, 48, 56, 64, 72, 80, 96, 112, 128)


class Built:
    """One reading of the journal, in one language: the game replayed and settled."""

    def __init__(self, path: str, lang: str) -> None:
        from .. import journal
        from ..recorder import redoable
        from ..settlement.figures import build

        self.lang = lang
        j = journal.read(path)
        self.game = j.game()
        self.next_number = j.next_number
        self.report, self.state, self.settlement, self.steps = build(self.game)
        self.redo = redoable(j)
        self._svg: dict[int, str] = {}

    def state_json(self) -> dict[str, Any]:
        """The game as ``pulka show --json`` gives it (which holds all of ``settle --json``)."""
        from ..settlement.figures import to_json

        data = to_json(self.report)
        assert isinstance(data, dict)
        data["rules"] = self.game.table.convention.digest()
        data["sitting_out"] = self.state.sitting_out
        if len(self.state.sitters) > 1:  # (five players: the dealer and one more)
            data["sitters"] = list(self.state.sitters)
        data["next_number"] = self.next_number
        return data

    def view(self) -> dict[str, Any]:
        """What the page shows, in this reading's language."""
        from ..notation import format_deal, words_for
        from ..notation.styles import of_language, written
        game, state, report = self.game, self.state, self.report
        players = game.table.players
        words = words_for(game.table.convention.family)
        style = of_language(words)
        deals = [{"number": s.number, "dealer": s.dealer or "",
                  "text": written(s.deal, style, players, words),
                  "line": format_deal(s.deal, words)}
                 for s in self.steps]
        return {
            "title": game.table.convention.title,
            # (a phone's header has no room for a title in two languages: the page's alone)
            "short_title": title_alone(game.table.convention.title) or game.table.convention.title,
            "players": list(players),
            "deals": report["deals"],
            "next_number": self.next_number,
            "finished": state.finished,
            "dealer": None if state.finished else state.dealer,
            "sitting_out": None if state.finished else state.sitting_out,
            "situation": situation(game, report, state, self.next_number),
            "distance": distance(game, state),
            "recent": deals[::-1][:RECENT],
            "all_deals": deals,
            "result": self._result(),
            "result_heading": self._result_heading(),
            "payments": self._payments(),
            "can_undo": bool(self.steps),
            "can_redo": self.redo is not None,
        }

    def _result(self) -> list[dict[str, str]]:
        from ..render.words import money

        settlement = self.settlement
        currency = self.game.table.convention[CURRENCY]
        return [{"name": p, "whists": signed(settlement.result[p]),
                 "money": "" if settlement.money is None else money(settlement.money[p],
                                                                     currency)}
                for p in self.game.table.players]

    def _result_heading(self) -> str | None:
        """What the settlement's column is counted in, when not whists (the family's word)."""
        from ..replay import family_of

        shown = family_of(self.game.table).presentation
        return i18n.translated(shown.result) if shown.result else None

    def _payments(self) -> list[str]:
        from ..render.words import payment
        from ..replay import family_of

        shown = family_of(self.game.table).presentation
        settlement = self.settlement
        return [payment(payer, payee, amount, settlement.money is not None, bool(shown.result),
                        self.game.table.convention[CURRENCY], shown.parties)
                for payer, payee, amount in settlement.transfers]

    def sheet(self, columns: int) -> str:
        """The paper sheet drawn for ``columns`` characters, as SVG (kept for this reading)."""
        if columns not in self._svg:
            from ..render.svg import paper_svg

            try:
                self._svg[columns] = paper_svg(self.game, self.report, self.state,
                                               self.settlement, self.steps, columns)
            except PulkaError:  # a family that draws no paper sheet: the table says it all
                self._svg[columns] = ""
        return self._svg[columns]


def situation(game: Any, report: dict, state: Any, number: int) -> list[str]:
    """Who deals the next deal (and sits out), then what the family says of the state of play
    (its streaks and the lowest contract), or the end."""
    if state.finished:
        return [_("the game is over: {reason}").format(reason=state.end_reason)]
    from ..render.dealing import numbered
    from ..replay import family_of

    lines = [numbered(state, number)]
    lines += family_of(game.table).status(state)  # the streaks, what is owed, the marks
    return lines


def distance(game: Any, state: Any) -> dict[str, Any]:
    """Each player's distance to the end, in the family's own terms (the pulya points left,
    None where it is closed; the bule left); nothing for a game that keeps none."""
    from ..replay import family_of

    found = family_of(game.table).distances(state)
    if found is None:
        return {"heading": "", "left": []}
    shown = {p: None if left is None else mixed(left) for p, left in found.left.items()}
    return {"heading": found.heading,
            "left": [{"name": p, "left": shown[p]} for p in game.table.players if p in shown]}


def file_id(path: str) -> tuple[int, int] | None:
    """The file the path names now (device, inode), or None when there is none."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino


def in_language(lang: str, make: Any) -> Any:
    """``make()`` said in ``lang`` (the process's language is restored after)."""
    spoken = i18n.language()
    i18n.use(lang)
    try:
        return make()
    finally:
        i18n.use(spoken)
