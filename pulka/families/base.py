"""What every scoring family provides, and the state all of them share.

A family is an object with four jobs: start a state for a table, play one deal on it
(check it, fill in what follows from it, score it), give the settlement in whists, and
explain that settlement step by step.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ..convention.schema import ANY_SEATS, Key
from ..frozen import NamedTuple
from ..game import Deal, Table
from ..i18n import N_
from ..notation.vocabulary import CANONICAL, Vocabulary
from ..numbers import Exact, div
from . import outcome
from .seating import Seats, rounds
from .sheet import Posting, Sheet

if TYPE_CHECKING:
    from ..convention import Convention
    from .questions import Asking


class State:
    """The state of a game between deals, common to every family. (A plain class, compared
    and shown field by field as a dataclass would be: Python compiles a dataclass from source
    at every start.)

    Attributes:
        table: the players and the convention.
        sheet: the running totals.
        deals_played: real deals of cards so far (they move the deal round the table, but
            for those the same dealer dealt again).
        finished: the end condition was met, or the players ended the game.
        end_reason: why the game is over, for display.
        notes: remarks deals gave rise to, in order.
        dealt_again: deals after which the same dealer dealt again (a raspasy, under
            ``deal.repeat_after_raspasy``).
    """

    #: the fields, in order; a family's state adds its own
    FIELDS: tuple[str, ...] = ("table", "sheet", "deals_played", "finished", "end_reason",
                               "notes", "dealt_again")

    def __init__(self, table: Table, sheet: Sheet, deals_played: int = 0,
                 finished: bool = False, end_reason: str = "",
                 notes: list[str] | None = None, dealt_again: int = 0) -> None:
        self.table = table
        self.sheet = sheet
        self.deals_played = deals_played
        self.finished = finished
        self.end_reason = end_reason
        self.notes: list[str] = [] if notes is None else notes
        self.dealt_again = dealt_again
        self.__post_init__()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.FIELDS)

    __hash__ = None  # type: ignore[assignment]  # mutable: no hash, as a dataclass

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"{self.__class__.__qualname__}({shown})"

    def __post_init__(self) -> None:
        self.players: tuple[str, ...] = self.table.players
        self._rounds = rounds(self.players, self.rest_rule())
        self._seat_now()

    def rest_rule(self) -> str:
        """Who sits out besides the dealer at five players (see :func:`.seating.rounds`)."""
        return "right"

    def next_deal(self) -> None:
        """The deal passes to the next dealer."""
        self.deals_played += 1
        self._seat_now()

    def deal_again(self) -> None:
        """The same dealer deals the next deal too (a deal of cards that did not move the
        deal round the table)."""
        self.deals_played += 1
        self.dealt_again += 1
        self._seat_now()

    def _seat_now(self) -> None:
        #: dealer: who deals the next deal (players[0] deals the first);
        #: sitting_out: at four and five players the dealer sits the deal out;
        #: active: who holds cards in the next deal, in the order of the list from the
        #: dealer's next (clockwise from his left, unless the family's play moves the other way);
        #: sitters: everyone who sits it out, the dealer first (see :class:`.seating.Seats`)
        self.seat(self._rounds[(self.deals_played - self.dealt_again) % len(self.players)])

    def seat(self, seats: Seats) -> None:
        """Seat the next deal so."""
        self.dealer, self.sitting_out, self.active, self.sitters = seats


class Step(NamedTuple):
    """One deal played: the deal as scored (tricks filled in) and what it wrote.

    Attributes:
        number: the deal number.
        deal: the deal after checks (inferred tricks filled in).
        postings: what it wrote on the sheet.
        dealer: who dealt it.
        notes: remarks the deal gave rise to (a refe not given, a разбойник misfit).
    """

    number: int
    deal: Deal
    postings: tuple[Posting, ...]
    dealer: str | None
    notes: tuple[str, ...] = ()


class Explanation(NamedTuple):
    """The settlement worked the paper way: titled steps, each a list of lines."""

    steps: tuple[tuple[str, tuple[str, ...]], ...]


class Term(NamedTuple):
    """One term of a settlement: ``sign × rate × (column − mean of the column)``.

    Attributes:
        column: the per-player column (a key of the family's summary); the key is also its
            English label, marked with ``N_``: show it with ``i18n.translated(column)``.
        rate: the convention key (its declaration) of the whists per point of the column;
            ``None``: one whist a point, whatever the convention (a payment game's units).
        sign: +1 (the column is a gain) or −1 (a debt).
    """

    column: str
    rate: Key[Exact] | None
    sign: int


class Presentation(NamedTuple):  # (a NamedTuple: a frozen dataclass costs a millisecond to make at start-up)
    """What a family shows of itself on every sheet, whatever draws it.

    The names here are module-level English texts marked with ``N_`` (the column keys are
    their own labels): whatever shows one translates it then, ``i18n.translated(name)``.

    Attributes:
        columns: the per-player columns of the sheet, in order (keys of the summary).
        labels: a terminal heading for a column whose name is not its heading.
        pair: the name of the pair columns one player writes on another (whists, supe).
        terms: the settlement, Σ terms + the net pair column (see :func:`linear_result`).
        late: summary keys that ``settle --json`` prints after the common ones.
        pair_key: the summary key of the pair columns (``payer -> payee -> amount``).
        pair_sign: +1: what a player writes on another is his gain (whists); −1: what he paid
            the other, a loss.
        names: what the workbook calls a column whose key is not a word (``pot_in``).
        result: the name of the settlement column when it is not a result in whists.
        values_when: convention (key, value) pairs under which the settlement is not Σ terms +
            the net pair column (the workbook writes it as values then, and says so).
        parties: who else than a player a settlement may pay (the pot that keeps what is left
            for the next session), by the name the transfers give it, with its label.
        words: the columns a sheet names by their own word, marked with ``N_`` (``pulya``);
            any other by the name the postings give it.
        negated: the columns the paper writes with the opposite sign of the count the
            summary keeps (the Balkan bule, kept as what is left to play).
        money: the title of the settlement's step into money, marked with ``N_`` (its
            ``{number}`` and ``{price}``), where the family names the unit its result is
            counted in (the Greek kapiki); empty: a whist, or a unit.
    """

    columns: tuple[str, ...]
    pair: str
    terms: tuple[Term, ...]
    labels: Mapping[str, str] = MappingProxyType({})  # (read only: shared by default)
    late: tuple[str, ...] = ()
    pair_key: str = "whists"
    pair_sign: int = 1
    names: Mapping[str, str] = MappingProxyType({})
    result: str = ""
    values_when: tuple[tuple[str, str], ...] = ()
    parties: Mapping[str, str] = MappingProxyType({})
    words: tuple[str, ...] = ()
    negated: tuple[str, ...] = ()
    money: str = ""


def linear_result(state: State, terms: tuple[Term, ...],
                  columns: dict[str, dict[str, Exact]]) -> dict[str, Exact]:
    """Σ sign × rate × (column − mean column) + net pair column, for each player; exact.

    Worked as (Σ sign × rate × (n × column − column total)) ÷ n: whole numbers until the one
    division, which gives the same value as taking each mean first."""
    conv = state.table.convention
    n = len(state.players)
    weighted = [(t.sign * (1 if t.rate is None else conv[t.rate]), columns[t.column])
                for t in terms]
    totals = [sum(column.values()) for _rate, column in weighted]
    # a term of a fractional rate or mean was a Fraction, and made the result one even when
    # whole (an export writes a Fraction's cell in the fraction format): the same type here
    apart = any(type(rate) is Fraction or total % n for (rate, _column), total
                in zip(weighted, totals, strict=True))
    out: dict[str, Exact] = {}
    for p in state.players:
        scaled = sum(rate * (n * column[p] - total)
                     for (rate, column), total in zip(weighted, totals, strict=True))
        net = state.sheet.net_whists(p)
        if type(scaled) is int and type(net) is int:  # (the net whists inside the division)
            value = div(scaled + n * net, n)
        else:
            value = div(scaled, n) + net
        if type(value) is int and (apart or any(type(column[p]) is Fraction
                                                for _rate, column in weighted)):
            value = Fraction(value)
        out[p] = value
    return out


#: the way play moves round a table unless the family says otherwise: the players' list goes
#: clockwise (``Defaults.seating``)
CLOCKWISE = N_("clockwise")

class Distances(NamedTuple):
    """How far each player is from the end (:meth:`Defaults.distances`).

    Attributes:
        heading: what the numbers are, in the language in use (the pulya points left to
            close it, the bule left).
        left: each player's distance, in seating order; None where he has reached his end
            (his pulya is closed).
    """

    heading: str
    left: dict[str, Exact | None]


#: the state a family plays on (its own subclass of State; only ever an argument here)
S = TypeVar("S", bound=State, contravariant=True)


class Defaults(Protocol[S]):
    """The members of :class:`Family` that shared code asks every family, with what a family
    that derives from this class inherits when it has nothing of its own to say (no pot kept,
    no streak, no size to ask): stats, the settlement, vectors and the CLI ask the family, never
    its name or its state's fields."""

    #: the size a new game asks for: (convention key, question marked with ``N_``, its
    #: ``{value}`` the convention's); None: the start dialogue asks none
    size_question: tuple[str, str] | None = None
    #: how players call the family, marked with ``N_`` (shown translated); "" for its name
    title: str = ""
    #: the words its deals are written and said in (:mod:`pulka.notation.vocabulary`): the
    #: journal's words alone, unless the family has its own
    words: Vocabulary = CANONICAL
    #: the way play moves round the table, as the players are told it (marked with ``N_``):
    #: a game's players are listed in that order, the first dealing first, and the deal, the
    #: defenders' turns and the sitting out follow the list
    seating: str = CLOCKWISE

    def questions(self, state: S) -> Asking | None:
        """The questions of its next deal (:mod:`pulka.families.questions`); None when its
        deals are only typed in the notation."""
        return None

    def kept(self, state: S) -> tuple[str | None, Exact]:
        """Who keeps what stays in the game after the settlement (the pot, for the next
        session), and how much: the balances sum to minus it."""
        return None, 0

    def facts(self, step: Step, state: S) -> dict[str, object] | None:
        """What a vector's ``after`` block checks right after the deal of ``step`` (None: the
        family tells none)."""
        return None

    def before_deal(self, state: S) -> list[str]:
        """What the table is told before each deal, after who deals: a streak and the lowest
        contract, how far each player is from the end."""
        return []

    def next_deal_notes(self, state: S) -> list[str]:
        """What follows who deals next after a deal is written (a streak and what it calls for)."""
        return []

    def distances(self, state: S) -> Distances | None:
        """Each player's distance to the end of the game, as a live page shows it beside the
        sheet (None: the family keeps none; the players end the game)."""
        return None

    def needed(self, deal: Deal, conv: Convention) -> int:
        """The tricks the declarer of a contract needs (a no-trick game: see :meth:`made`)."""
        return outcome.needed(deal)

    def made(self, deal: Deal, conv: Convention) -> bool:
        """Whether the declarer of a contract deal, as the rules returned it, made his game."""
        return outcome.made(deal, self.needed(deal, conv))


class Family(Defaults[State], Protocol):
    """The interface of a scoring family (see :mod:`pulka.families.russian.family`); a family derives
    from :class:`Defaults` (with its state) for the members it leaves out."""

    name: str
    presentation: Presentation
    #: the family's part of the compiled replay, or None (every deal through :meth:`play`)
    core: Core | None
    #: its own convention keys (:class:`pulka.convention.schema.Key`), in the order a journal
    #: writes them, after those every family has. This, ``seats`` and ``check_convention`` may
    #: be left out: the conventions read them with these defaults (pulka.convention.schema)
    keys: tuple[Key[Any], ...] = ()
    #: the table sizes its rules are written for, whatever a convention's ``players`` says
    seats: tuple[int, ...] = ANY_SEATS

    def check_convention(self, values: Mapping[str, object], places: Mapping[str, str],
                         players: int | None = None, players_place: str = "",
                         stored: bool = False) -> None:
        """Refuse settings that contradict each other (see
        :func:`pulka.convention.conflicts.refuse`); none by default.

        Raises:
            ConventionError: the first contradiction, naming where each setting stands.
        """

    def new_state(self, table: Table) -> State: ...

    def play(self, deal: Deal, state: State) -> tuple[Deal, list[Posting]]:
        """Check a deal against the state, score it, and post it. Raises IllegalDealError."""
        ...

    def result(self, state: State) -> dict[str, Exact]:
        """The settlement in whists, exact; sums to zero."""
        ...

    def explain(self, state: State) -> Explanation: ...

    def status(self, state: State) -> list[str]:
        """Lines about the state of play for the sheet (streaks, what is owed, marks)."""
        ...

    def summary(self, state: State) -> dict[str, object]:
        """The family's keys of the ``settle --json`` object (numbers still exact)."""
        ...


#: a budget no step can use up (nothing the sheet holds can change what a deal writes)
NEVER = float("inf")


class Core(Protocol):
    """What the compiled replay (:mod:`pulka.replay.compiled`) asks of a family.

    A deal's effect on the sheet depends on the deal, on a few small facts of the state (its
    *signature*: the dealer's seat, a streak, who holds a refe...) and, in a few rules, on the
    sheet's own numbers (a pulya reaching its target, a column crossing zero). The compiled
    replay plays each distinct deal once per signature, through the family's real rules, on a
    *probe*: a state of that signature whose sheet is far from any such threshold. What the
    probe's sheet gained is the deal's step; a step is then added up as often as it recurs,
    for as long as the *budget* says that no threshold can be reached.

    Attributes:
        counters: whole-number fields of the state a deal may add to (``deals_played``);
            the signature holds them reduced (the seat) or not at all.
        carried: sheet columns the signature holds (refes held), set by :meth:`enter`.
    """

    counters: tuple[str, ...]
    carried: tuple[str, ...]

    def signature(self, state: State) -> Hashable | None:
        """The facts besides the sheet the rules read, or None when the state is one the
        compiled replay leaves to the full rules (a game over, a разбойник under way)."""
        ...

    def probe(self, table: Table, signature: Hashable) -> State:
        """A state of this signature, its sheet far from every threshold."""
        ...

    def enter(self, state: State, signature: Hashable) -> None:
        """Set the state's fields (other than the counters) to the signature's."""
        ...

    def budget(self, state: State) -> Exact | float:
        """How far the sheet may move (in :meth:`cost` units) before a rule that reads it
        could answer differently from the probe; 0 when it may already."""
        ...

    def cost(self, deltas: list[tuple[str, str, str | None, Exact]]) -> Exact:
        """How much of the budget a step's ``(column, player, target, amount)`` uses."""
        ...

    def compilable(self, deal: Deal, probe: State) -> bool:
        """Is the deal, as the probe played it, the same whatever the sheet holds?"""
        ...
