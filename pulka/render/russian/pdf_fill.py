"""What is written where on the Russian PDF sheet: a game turned into the tokens of each band.

The bands are keyed (seat, band): "pulya", "gora", ("whists", seat written on), and at four
players "bombs", "raspasy", "played". Each holds paragraphs
(:class:`..pdf_geometry.Paragraph`): running totals with their marks (‖ closed, ⚑ written
off) and bombs. This module draws nothing and needs no reportlab.
"""

from __future__ import annotations

from fractions import Fraction

from ...families.russian.keys import BOMBS, DARK_BOMBS, PULYA, ROBBER_GAMES, ROBBER_RASPASY_LAPS, ROBBER_STAGE
from ...game import DealKind, Strain
from ...i18n import decimal, pgettext
from ...numbers import mixed, paper_number, signed, true_minus
from ..pdf.geometry import Paragraph
from ..pdf.window import carried
from ..running_totals import History, Marker, build_history


def marker(target: Fraction) -> Marker:
    """The marks of the Russian sheet: a pulya closed at ``target``, a gora written off to zero
    (a flag)."""
    def mark(column: str, before: Fraction, after: Fraction) -> str | None:
        if column == "pulya" and before < target <= after:
            return "closed"
        if column == "gora" and after <= 0 < before:
            return "flag"
        return None

    return mark


def game_name(game: str) -> str:
    """A game of the разбойник as the sheet writes it (``misere``: the word, levels as they are)."""
    return pgettext("paper sheet", "misere") if game == "misere" else game


class Robber:
    """The разбойник checklist: the games, those each seat has played, raspasy laps. (This
    module's records are written by hand: a dataclass is compiled from source at every start.)"""

    __slots__ = ("games", "laps", "laps_done", "played")

    games: tuple[str, ...]
    played: dict[int, list[str]]
    laps: int
    laps_done: int

    def __init__(self, games: tuple[str, ...], played: dict[int, list[str]], laps: int,
                 laps_done: int) -> None:
        self.games = games
        self.played = played
        self.laps = laps
        self.laps_done = laps_done

    def marks(self, seat: int, name) -> list[str]:
        """The seat's compulsory games, each written by ``name``, ✓ after those played."""
        done = list(self.played.get(seat, []))
        out = []
        for game in self.games:
            written = name(game)
            if game in done:
                done.remove(game)
                written += "✓"
            out.append(written)
        return out


class Summary:
    """The totals table under the sheet: rows of cells (text), and the deal they stand after
    when the sheet is not the game's last (None: the game's own totals)."""

    __slots__ = ("after", "rows")

    rows: list[list[str]]
    after: int | None

    def __init__(self, rows: list[list[str]] | None = None, after: int | None = None) -> None:
        self.rows = [] if rows is None else rows
        self.after = after


def outer_cells(conv, players: int) -> tuple[str, ...]:
    """The cells of the outer ring the game needs (seed 004 §7: 10а bombs, 11а raspasy and the
    разбойник, 12а games played): always at four players, at three and five only when the convention
    plays bombs or the разбойник; the bombs cell only where bombs are played. ``conv`` None:
    a blank sheet for no convention in particular: no field that only some conventions use
    (bombs: Classic's), the raspasy and games played of the four-player sheet."""
    if players == 2:
        return ()
    bombs = conv is not None and bool(conv[BOMBS])
    if players in (3, 5) and (conv is None or not (conv[BOMBS] or conv[ROBBER_STAGE])):
        return ()
    return ("bombs", "raspasy", "played") if bombs else ("raspasy", "played")


def russian_fill(game, steps, report, state, settlement, span: tuple[int, int] | None = None,
                 history: History | None = None, summary: bool = True
                 ) -> tuple[dict, Robber | None, Summary]:
    """The Russian sheet's bands, the разбойник checklist (None when the stage is off) and the
    totals table, for a game and what :func:`pulka.settlement.figures.build` returned for it.

    Args:
        span: the first and last deal of a sheet when the game takes several
            (:mod:`..pdf.window`): each column starts with the total carried over; the bombs
            waiting or struck off are written on the last sheet.
        history: the running totals of the whole game (:func:`..history.build_history`), when
            the caller has them already (a long game is fitted to its sheets span by span).
        summary: False for a span only tried for its fit: the totals table is left empty.
    """
    players = tuple(game.table.players)
    n = len(players)
    conv = game.table.convention
    target = Fraction(conv[PULYA])
    if history is None:
        history = build_history(players, steps, mark=marker(target))
    last_sheet = span is None or not steps or span[1] >= steps[-1].number
    if span is not None:
        history = carried(history, *span)
        steps = [s for s in steps if span[0] <= s.number <= span[1]]
    fill: dict = {}
    factors = list(conv[DARK_BOMBS])
    robber = robber_checklist(conv, state, players)
    cells = outer_cells(conv, n)
    for i, p in enumerate(players):
        columns = history.columns[p]
        fill[(i, "pulya")] = [Paragraph(marked(columns.get("pulya"), target))]
        gora = [Paragraph(marked(columns.get("gora"), target))]
        bombs = bomb_tokens(state, p, factors) if last_sheet else ()
        for j, o in enumerate(players):
            if o != p:
                totals = tuple(paper_number(total) for _, total in history.whists[p][o].entries)
                fill[(i, ("whists", j))] = [Paragraph(totals)]
        if cells:
            fill[(i, "bombs")] = [Paragraph(bombs, " ")]
            raspasy = tuple(str(s.deal.tricks[p]) for s in steps
                            if s.deal.kind is DealKind.RASPASY and p in s.deal.tricks)
            fill[(i, "raspasy")] = [Paragraph(raspasy)]
            played = tuple(played_game(s.deal) for s in steps
                           if s.deal.kind is DealKind.CONTRACT and s.deal.declarer == p)
            fill[(i, "played")] = [Paragraph(played, " ")]
        elif bombs:  # (a sheet without the outer ring: the bombs under the gora)
            gora.append(Paragraph((pgettext("paper sheet", "bombs:"), *bombs), " "))
        fill[(i, "gora")] = gora
    return fill, robber, summary_rows(players, report, settlement) if summary else Summary()


def marked(column, target: Fraction) -> tuple[str, ...]:
    """Running totals with their marks: ‖ after the total that closed the pulya, ⚑ where the
    gora was written off to zero (the flag is a zero: a gora that went below it gets none)."""
    if column is None:
        return ()
    entries = column.entries
    tokens = [paper_number(total) for _, total in entries]
    for number, mark in column.marks:
        symbol = {"closed": "‖", "flag": "⚑"}.get(mark)
        if symbol is None:
            continue
        index = _mark_index(entries, number, mark, target)
        if index is not None:
            tokens[index] += symbol
    return tuple(tokens)


def _mark_index(entries, number: int, mark: str, target: Fraction) -> int | None:
    last = None
    before = Fraction(0)
    for k, (deal, total) in enumerate(entries):
        if deal == number:
            last = k
            if mark == "closed" and before < target <= total:
                return k
            if mark == "flag" and total == 0 < before:
                return k
        before = total
    return last if mark == "closed" else None


def bomb_tokens(state, player: str, factors: list) -> tuple[str, ...]:
    """^ a bomb, ^^ a double one, ^^^ a ёлка; ✓ once a made game has extinguished it."""

    def symbol(bomb) -> str:
        return "^" * (factors.index(bomb) + 1) if bomb in factors else f"^×{mixed(bomb)}"

    done = state.bombs_done.get(player, [])
    waiting = state.bombs.get(player, [])
    return tuple([symbol(b) + "✓" for b in done] + [symbol(b) for b in waiting])


def played_game(deal) -> str:
    """A game as declarer, as written in the played-games field: 7♥, 7♥−1, мизер+2."""
    contract = deal.contract
    if contract.strain is Strain.MISERE:  # (the sheet's words: Russian in English too)
        text = pgettext("paper sheet", "misere")
    elif contract.strain is Strain.NOTRUMP:
        text = pgettext("paper sheet", "{level}NT").format(level=contract.level)
    else:
        text = contract.pretty()
    if "without3" in deal.marks:  # given up before play: three down
        return f"{text}−3"
    taken = deal.tricks.get(deal.declarer)
    if taken is None:
        return text
    if contract.is_misere:
        return text + (f"+{taken}" if taken else "")
    if contract.level is not None and taken < contract.level:
        return f"{text}−{contract.level - taken}"
    return text


def robber_checklist(conv, state, players: tuple[str, ...]) -> Robber | None:
    """What each seat has played of the разбойник, and the raspasy laps done (None: no stage)."""
    if not conv[ROBBER_STAGE]:
        return None
    games = tuple(str(g) for g in conv[ROBBER_GAMES])
    owed = state.robber_owed or {}
    played = {}
    for i, p in enumerate(players):
        left = list(owed.get(p, games))
        done = []
        for g in games:
            if g in left:
                left.remove(g)
            else:
                done.append(g)
        played[i] = done
    laps = int(conv[ROBBER_RASPASY_LAPS])
    remaining = state.robber_raspasy_left
    laps_done = (laps * len(players) - remaining) // len(players) if not any(owed.values()) else 0
    return Robber(games, played, laps, laps_done)


def settled_after(game, count: int) -> tuple[dict, object]:
    """The report and settlement of the game as they stood after its first ``count`` deals
    (the totals table of a sheet that is not the last)."""
    from ...game import Game
    from ...settlement.figures import build

    entries = list(game.entries)[:count]
    report, _, settlement, _ = build(Game(game.table, entries, game.path, dict(game.meta)),
                                     keep_steps=False)
    return report, settlement


def summary_rows(players: tuple[str, ...], report: dict, settlement) -> Summary:
    """Per player: pulya, gora, whists net (written less written on him), result, money."""
    whists = report.get("whists", {})
    rows = []
    for p in players:
        net = sum((Fraction(whists.get(p, {}).get(o, 0)) - Fraction(whists.get(o, {}).get(p, 0))
                   for o in players if o != p), Fraction(0))
        money = settlement.money[p] if settlement.money is not None else None
        shown = "" if money is None else decimal(f"{money:+}").replace("-", "−")
        rows.append([p, true_minus(report["pulya"][p]), true_minus(report["gora"][p]), signed(net),
                     signed(settlement.result[p]), shown])
    return Summary(rows)
