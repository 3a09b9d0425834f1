"""The paper sheet as numbers: columns per player, whist columns per pair, and postings.

A scoring family turns a deal into :class:`Posting` records ("B writes 4 whists on A: 2
tricks × 2"); the :class:`Sheet` adds them up. Keeping the postings is what lets pulka
explain every number and list, deal by deal, what was written where.
"""

from __future__ import annotations

from fractions import Fraction

from ..frozen import NamedTuple
from ..i18n import _, pgettext
from ..numbers import Exact

ZERO = 0  # amounts are ints, or Fractions where a rule divides; never floats


class Posting(NamedTuple):
    """One entry written on the sheet.

    Attributes:
        column: the column, e.g. ``pulya``, ``gora``, ``whists``, ``bule``.
        player: the owner of the column; for a pair column, the writer.
        amount: what is added (negative to write off).
        target: for a pair column, the player the entry is written on.
        note: why, in a player's words.
    """

    column: str
    player: str
    amount: Exact
    target: str | None = None
    note: str = ""

    def describe(self) -> str:
        """``Борис → Аня whists +4  (note)``, the column named in the players' language."""
        from ..numbers import mixed

        sign = "+" if self.amount >= 0 else ""
        column = column_name(self.column)
        if self.target is not None:
            text = f"{self.player} → {self.target} {column} {sign}{mixed(self.amount)}"
        else:
            text = f"{self.player} {column} {sign}{mixed(self.amount)}"
        return f"{text}  ({self.note})" if self.note else text


def column_name(column: str) -> str:
    """A sheet column (``pulya``, ``whists``...) as the players' language names it; a column
    of another family is named as it is written."""
    names = {
        "pulya": pgettext("sheet column", "pulya"),
        "gora": pgettext("sheet column", "gora"),
        "whists": pgettext("sheet column", "whists"),
        "bombs": pgettext("sheet column", "bombs"),
        "bule": pgettext("sheet column", "bule"),
        "refe": pgettext("sheet column", "refe"),
        "hats": pgettext("sheet column", "hats"),
        "supe": pgettext("sheet column", "supe"),
        "pot_in": pgettext("sheet column", "into the pot"),
        "pot_out": pgettext("sheet column", "out of the pot"),
        "paid": pgettext("sheet column", "paid"),
    }
    return names.get(column, column)


class Collector:
    """Collects postings as a rule makes them: ``write(column, player, amount, note, target)``.
    Amounts of zero are left out."""

    def __init__(self) -> None:
        self.postings: list[Posting] = []

    def __call__(self, column: str, player: str, amount: Fraction | int, note: str,
                 target: str | None = None) -> None:
        if amount:
            self.post(Posting(column, player, amount, target, note))

    def post(self, posting: Posting) -> None:
        """Take a posting made beforehand (a cached rule's output)."""
        self.postings.append(posting)


class Writer(Collector):
    """Collects postings and writes each on the sheet at once (rules that read the sheet
    while they write, such as a closing pulya's help, see every earlier entry)."""

    def __init__(self, sheet: Sheet) -> None:
        self.postings = []  # (as Collector; set here directly, it is made for every deal)
        self.sheet = sheet

    def post(self, posting: Posting) -> None:
        self.sheet.post(posting)
        self.postings.append(posting)


def write_adjustments(adjust: dict[str, dict], write: Collector) -> None:
    """The corrections of an ``adjust`` deal, as postings (any family's columns)."""
    from ..numbers import whole

    for column, cells in adjust.items():
        for player, value in cells.items():
            if isinstance(value, dict):
                for target, amount in value.items():
                    write(column, player, whole(amount), _("adjustment"), target=target)
            else:
                write(column, player, whole(value), _("adjustment"))


class Sheet:
    """Running totals of the columns of every player.

    Attributes:
        players: seating order.
        cells: column -> player -> total.
        pairs: pair column -> (writer, target) -> total.
    """

    def __init__(self, players: tuple[str, ...], columns: tuple[str, ...],
                 pair_columns: tuple[str, ...] = ("whists",)) -> None:
        self.players = players
        self.cells: dict[str, dict[str, Exact]] = {
            c: {p: ZERO for p in players} for c in columns
        }
        self.pairs: dict[str, dict[tuple[str, str], Exact]] = {
            c: {(w, t): ZERO for w in players for t in players if w != t} for c in pair_columns
        }

    def post(self, posting: Posting) -> None:
        if isinstance(posting.amount, float):
            raise TypeError(f"a float reached the sheet: {posting}")  # untranslated: a programming error
        if posting.target is None:
            self.cells[posting.column][posting.player] += posting.amount
        else:
            self.pairs[posting.column][(posting.player, posting.target)] += posting.amount

    def net_whists(self, player: str, name: str = "whists") -> Exact:
        """What the others owe this player in whists: written by him minus written on him."""
        pairs = self.pairs[name]
        return sum(pairs[(player, o)] - pairs[(o, player)] for o in self.players if o != player)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Sheet) and self.players == other.players
                and self.cells == other.cells and self.pairs == other.pairs)
