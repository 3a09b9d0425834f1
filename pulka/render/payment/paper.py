"""The sheet of the pot games (Austrian, Illustrated, Styrian; Swabian without the pot) drawn
in the terminal as it is kept on paper (``pulka show --paper``): a ruled list, one line per
deal that moved anything, with the pot's running total, each player's running net and the
deal's moves; when the game is over a last line shares what is left in the pot, and the
players' columns become the balances (payment-families.md §1.4). Over the list the stake;
under it the legend, the deals played and the result. Nothing is cut: the moves wrap between
two moves, and on a narrow terminal they go on lines of their own under the numbers.
"""

from __future__ import annotations

from typing import Any

from ...convention.schema import PRICE
from ...i18n import decimal, pgettext
from ...numbers import mixed, signed
from ..paper_kit import Kit, Line, cells, footer, joined, pad, wrap
from ..registry import get_renderer
from .rows import POT, Row, rows

MOVES_MIN = 18  #: narrower than this, the moves go under the numbers
SEP = " · "


def closing(game: Any, state: Any, settlement: Any, pot: bool) -> Row | None:
    """The line that shares what is left in the pot at the end: the pot's moves to each
    player (none under ``end.leftover: carry``: it stays), and the balances."""
    if not state.finished:
        return None
    players = game.table.players
    result = settlement.result
    if not pot:
        return Row(None, 0, dict(result), frozenset(players), "")
    from ...families.payment.settle import leftover
    from ...replay import family_of

    family: Any = family_of(game.table)  # a payment family (PotFamily)
    share = leftover(state, family.leftover_rule(state))
    moves = SEP.join(f"{pgettext('payment sheet', 'pot')}→{p} {mixed(share[p])}"
                     for p in players if share[p])
    left = state.pot - sum(share.values())
    return Row(None, left, dict(result), frozenset({POT, *players}), moves)


def draw(kit: Kit, game: Any, report: dict, state: Any, settlement: Any, steps: list) -> list[Line]:
    """The sheet, its legend and the lines under it, for ``kit.width`` columns."""
    width = max(kit.width, 40)
    conv = game.table.convention
    renderer: Any = get_renderer(conv.family)
    players = game.table.players
    buy_in = renderer.buy_in(conv)
    pot = renderer.pot
    fields = []
    if buy_in:
        fields.append(pgettext("paper", "in the pot {amount} each").format(amount=mixed(buy_in)))
    if conv[PRICE] is not None:
        fields.append(pgettext("paper", "price {price}").format(price=decimal(str(conv[PRICE]))))
    lines: list[Line] = wrap(kit, "", [conv.title], "", width, indent=0, style="name")
    lines += joined(kit, "", fields, width)
    body = [r for r in rows(players, buy_in, steps, renderer.factor(conv))
            if pot or r.number is not None]
    end = closing(game, state, settlement, pot)
    lines += _list(kit, players, body, end, pot, width)
    lines += wrap(kit, "", [renderer.legend()], "", width, indent=0, style="label")
    return lines + footer(kit, game, state, settlement, report["deals"], width)


def _cells(row: Row, players: tuple[str, ...], pot: bool, end: bool) -> list[str]:
    """A row's numbers: the deal (``=`` the closing line), the pot, each player's net."""
    out = ["=" if end else ("" if row.number is None else str(row.number))]
    if pot:
        out.append(mixed(row.pot) if POT in row.changed or row.number is None else "")
    out += [signed(row.nets[p]) if p in row.changed else "" for p in players]
    return out


def _list(kit: Kit, players: tuple[str, ...], body: list[Row], end: Row | None, pot: bool,
          width: int) -> list[Line]:
    """The ruled list; the moves in a column of their own where there is room for it, else
    under each line's numbers; where even the numbers do not fit, each deal as a line of
    ``name value`` pairs."""
    box = kit.box
    v = box["v"]
    heads = [pgettext("paper", "deal")] + ([pgettext("payment sheet", "pot")] if pot else []) \
        + list(players)
    table = [(row, _cells(row, players, pot, False)) for row in body]
    if end is not None:
        table.append((end, _cells(end, players, pot, True)))
    widths = [max([cells(kit.text(h))] + [cells(kit.text(c[k])) for _r, c in table]) + 2
              for k, h in enumerate(heads)]
    moves_w = width - (sum(widths) + len(widths) + 1) - 1
    if moves_w < 0:
        return _stacked(kit, heads, table, width)
    under = moves_w < MOVES_MIN
    spans = widths if under else [*widths, moves_w]
    total = sum(spans) + len(spans) + 1
    align = ["right"] * len(widths) + ([] if under else ["left"])

    def frame(left: str, mid: str, right: str) -> Line:
        return [(box[left] + box[mid].join(box["h"] * w for w in spans) + box[right], "rule")]

    def numbers(texts: list[str], style: str = "") -> Line:
        line: Line = [(v, "rule")]
        for text, w, how in zip(texts, spans, align, strict=True):
            line += [(" ", ""), *pad([(kit.text(text), style)], w - 2, how), (" ", ""),
                     (v, "rule")]
        return line

    out = [frame("tl", "down", "tr"),
           numbers(heads + ([] if under else [pgettext("paper", "moves")]), "label"),
           frame("right", "cross", "left")]
    for row, texts in table:
        if row is end:
            out.append(frame("right", "cross", "left"))
        room = total - 4 if under else moves_w - 2
        moves = [m for m in _moves(kit, row.moves, room) if m]
        if under:
            out.append(numbers(texts))
            out += [[(v + " ", "rule"), *pad(m, total - 4), (" " + v, "rule")] for m in moves]
        else:
            texts = [*texts, _text(moves[0]) if moves else ""]
            out.append(numbers(texts))
            out += [numbers([""] * len(widths) + [_text(m)]) for m in moves[1:]]
    out.append(frame("bl", "up", "br"))
    return out


def _moves(kit: Kit, moves: str, room: int) -> list[Line]:
    """A deal's moves on lines of ``room`` columns, broken between two moves (a move wider
    than the line, between long names, after its arrow)."""
    items = moves.split(SEP) if moves else []
    items = [m.replace("→", "→ ") if cells(kit.text(m)) > room else m for m in items]
    return wrap(kit, "", items, SEP, room, indent=0)


def _text(line: Line) -> str:
    return "".join(t for t, _s in line)


def _stacked(kit: Kit, heads: list[str], table: list[tuple[Row, list[str]]],
             width: int) -> list[Line]:
    """Each deal as ``3: pot 150 · Аня −43 · ...`` and its moves, for a terminal too narrow
    for the columns (long names)."""
    out: list[Line] = []
    for row, texts in table:
        pairs = [f"{h} {t}" for h, t in zip(heads[1:], texts[1:], strict=True) if t]
        out += joined(kit, texts[0], pairs, width)
        out += [[("  ", ""), *m] for m in _moves(kit, row.moves, width - 2) if m]
    return out
