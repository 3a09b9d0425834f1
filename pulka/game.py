"""The records of a game, shared by every scoring family. No I/O, no scoring here.

A :class:`Game` is a :class:`Table` (who sits where, which convention) plus a list of
numbered :class:`Deal` records; :mod:`.replay` scores it. The journal and the scoring
vectors are two ways of writing these records down; the families read them and score them.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from operator import attrgetter
from typing import Any, Generic, TypeVar, overload

from .convention import Convention
from .errors import NotationError, Source
from .frozen import Frozen, NamedTuple
from .i18n import _, ngettext, pgettext
from .names import (
    MAX_NAME_LENGTH,
    first_bad_character,
    letters,
    nfc,
    not_utf8,
    read_alike,
    skeleton,
    twin_letters,
    unreadable_character,
)

T = TypeVar("T")


class once(Generic[T]):
    """A property computed on first use and kept (functools.cached_property, without its lock:
    records are made once and never change, so there is nothing to guard)."""

    def __init__(self, compute: Callable[[Any], T]) -> None:
        self.compute = compute
        self.name = compute.__name__

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> once[T]: ...
    @overload
    def __get__(self, obj: object, owner: type | None = None) -> T: ...

    def __get__(self, obj: object, owner: type | None = None) -> once[T] | T:
        if obj is None:
            return self
        value = self.compute(obj)
        obj.__dict__[self.name] = value
        return value


class Strain(enum.Enum):
    """What a contract is played in: a trump suit, no trumps, or a no-trick game."""

    SPADES = "s"
    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    NOTRUMP = "nt"
    MISERE = "misere"  #: Russian misère: take no trick
    BETTEL = "bettel"  #: Balkan misère
    SANS = "sans"  #: Balkan no-trump; Illustrated Sans Atout
    DURCHMARSCH = "durchmarsch"  #: all ten tricks, no trumps (Illustrated, Swabian)
    PLAUDERER = "plauderer"  #: Bettel with the hand shown (Illustrated)
    OFFENER = "offener"  #: Durchmarsch with the hand shown (Illustrated)

    @property
    def symbol(self) -> str:
        return _SYMBOLS.get(self, self.value)


_SYMBOLS = {
    Strain.SPADES: "♠",
    Strain.CLUBS: "♣",
    Strain.DIAMONDS: "♦",
    Strain.HEARTS: "♥",
    Strain.NOTRUMP: "БК",
}


class Contract(NamedTuple):
    """A declared game: a level (6..10, Russian) and a strain; Balkan games have no level.

    Attributes:
        level: the number of tricks promised, or None for misère and Balkan contracts.
        strain: the trump suit or the kind of game.
    """

    level: int | None
    strain: Strain

    @property
    def is_misere(self) -> bool:
        return self.strain in (Strain.MISERE, Strain.BETTEL)

    def __str__(self) -> str:
        if self.level is None:
            return self.strain.value
        return f"{self.level}{self.strain.value}"

    @property
    def pretty_name(self) -> str:
        return self.pretty()

    def pretty(self) -> str:
        """The way a player writes it on paper, in the players' language: 6♠, 7NT, misere
        (7БК, мизер in Russian)."""
        if self.strain is Strain.NOTRUMP and self.level is not None:
            return pgettext("game", "{level}NT").format(level=self.level)
        if self.strain in _SUIT_SYMBOLS:
            return f"{self.level or ''}{_SUIT_SYMBOLS[self.strain]}"  # Balkan: the suit alone
        return _game_name(self.strain)


_SUIT_SYMBOLS = {s: _SYMBOLS[s] for s in (Strain.SPADES, Strain.CLUBS, Strain.DIAMONDS,
                                          Strain.HEARTS)}


def _game_name(strain: Strain) -> str:
    """A game that is not a suit, as the players' language names it."""
    names = {
        Strain.MISERE: pgettext("game", "misere"),
        Strain.BETTEL: pgettext("game", "bettel"),
        Strain.SANS: pgettext("game", "sans"),
        Strain.DURCHMARSCH: pgettext("game", "durchmarsch"),
        Strain.PLAUDERER: pgettext("game", "plauderer"),
        Strain.OFFENER: pgettext("game", "offener"),
    }
    return names.get(strain, strain.value)


class Decision(enum.Enum):
    """What a defender said about a declared game."""

    WHIST = "whist"  #: defends and writes whists
    PASS = "pass"  #: does not defend
    HALF = "half"  #: half-whist: the game is not played, he writes half the quota
    TOGETHER = "together"  #: (Greek) plays and brings the passer's cards in: the carrier
    ALONE = "alone"  #: (Greek) plays alone while the other passed


class DealKind(enum.Enum):
    """The kinds of journal entries that change the sheet."""

    CONTRACT = "contract"  #: a declared game (misère included)
    RASPASY = "raspasy"  #: all passed, played out to avoid tricks (Russian)
    ALLPASS = "allpass"  #: all passed, nothing played (Balkan: refe)
    ADJUST = "adjust"  #: a correction of the sheet agreed at the table
    END = "end"  #: the players stop the game here
    REFILL = "refill"  #: every player puts the buy-in into the pot again (payment games)


class Deal(Frozen):
    """One deal (or sheet event) as the players reported it: a frozen record, equal to another
    of the same fields. (Written by hand rather than as a frozen dataclass, which Python
    compiles from source at every start: a millisecond.)

    Attributes:
        kind: what happened.
        declarer: who played the contract (CONTRACT only).
        contract: the contract (CONTRACT only).
        defence: each defender's decision, in the order they were given.
        tricks: tricks taken, by player, as given (some may be left out where they follow).
        dark: a contract bid dark (True), or the rank of a dark raspasy (1, 2, 3); 0 when light.
        looked: players who looked at their cards before passing dark.
        no_talon: a Balkan game played without the talon.
        invite: a lone whister invited the passer (Balkan).
        contra: for each defender who called it, 1 contra, 2 recontra, 3 subcontra, 4 mortcontra.
        adjust: for ADJUST, the corrections: column -> player -> amount, and for
            ``whists`` column -> writer -> target -> amount.
        made: for a contract reported as made or lost rather than by tricks (the payment
            games' extras), True or False; None when the tricks tell.
        marks: claims and events of the deal a family reads (``aces``, ``noaces``,
            ``kunstwerk``, ``concede``), in the order given.
        fell: the defenders the table says fell (Balkan ``quota: table``), in the order given.
        rest: at five players, the two who sit the deal out, as the deal names them
            (``rest A E``; empty where the table's seating says who).
    """

    FIELDS = ("kind", "declarer", "contract", "defence", "tricks", "dark", "looked", "no_talon",
              "invite", "contra", "adjust", "made", "marks", "fell", "rest")

    kind: DealKind
    declarer: str | None
    contract: Contract | None
    defence: dict[str, Decision]
    tricks: dict[str, int]
    dark: int
    looked: tuple[str, ...]
    no_talon: bool
    invite: bool
    contra: dict[str, int]
    adjust: dict[str, dict]
    made: bool | None
    marks: tuple[str, ...]
    fell: tuple[str, ...]
    rest: tuple[str, ...]

    def __init__(self, kind: DealKind, declarer: str | None = None,
                 contract: Contract | None = None, defence: dict[str, Decision] | None = None,
                 tricks: dict[str, int] | None = None, dark: int = 0, looked: tuple[str, ...] = (),
                 no_talon: bool = False, invite: bool = False, contra: dict[str, int] | None = None,
                 adjust: dict[str, dict] | None = None, made: bool | None = None,
                 marks: tuple[str, ...] = (), fell: tuple[str, ...] = (),
                 rest: tuple[str, ...] = ()) -> None:
        self.__dict__.update(
            kind=kind, declarer=declarer, contract=contract,
            defence={} if defence is None else defence, tricks={} if tricks is None else tricks,
            dark=dark, looked=looked, no_talon=no_talon, invite=invite,
            contra={} if contra is None else contra, adjust={} if adjust is None else adjust,
            made=made, marks=marks, fell=fell, rest=rest)

    def replace(self, **changes: Any) -> Deal:
        """A copy with some fields changed (as dataclasses.replace)."""
        return Deal(**{**{name: self.__dict__[name] for name in self.FIELDS}, **changes})

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return _deal_fields(self) == _deal_fields(other)

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={self.__dict__[name]!r}" for name in self.FIELDS)
        return f"{self.__class__.__qualname__}({shown})"

    def __hash__(self) -> int:
        return self._hash

    def __getstate__(self) -> dict[str, object]:
        # (pickled without what `once` kept: a hash of strings differs in the next process)
        return {name: self.__dict__[name] for name in self.FIELDS}

    @once
    def _hash(self) -> int:
        # equal deals hash alike: the dicts are hashed without regard to order (adjustments,
        # which are never cached, are left out of the hash)
        return hash((self.kind, self.declarer, self.contract, frozenset(self.defence.items()),
                     frozenset(self.tricks.items()), self.dark, self.looked, self.no_talon,
                     self.invite, frozenset(self.contra.items()), self.made, self.marks, self.fell,
                     self.rest))

    @once
    def order(self) -> tuple[str, ...]:
        """The defenders in the order given (the first defender first, once checked)."""
        return tuple(self.defence)

    @once
    def named(self) -> tuple[str, ...]:
        """Every player this deal mentions (computed once: deals are shared and never change)."""
        return tuple(self.players_named())

    def players_named(self) -> list[str]:
        """Every player this deal mentions, in the order met."""
        names: list[str] = []
        for name in [self.declarer, *self.defence, *self.tricks, *self.looked, *self.contra,
                     *self.fell, *self.rest]:
            if name is not None and name not in names:
                names.append(name)
        for column in self.adjust.values():
            for key, value in column.items():
                for name in [key, *(value if isinstance(value, dict) else ())]:
                    if name not in names:
                        names.append(name)
        return names


class Entry(NamedTuple):
    """A deal in a game, with its number and where it was written.

    Attributes:
        number: the deal number (1-based, never reused in a journal).
        deal: the deal itself.
        source: the line it came from.
    """

    number: int
    deal: Deal
    source: Source | None = None


class Table(NamedTuple):
    """Who plays and under which rules.

    Attributes:
        players: names in seating order, clockwise; the first deals first.
        convention: the resolved convention.
        overrides: the keys the table changed from the convention, as given (for display).
        convention_ref: the name or path the convention was taken from.
    """

    players: tuple[str, ...]
    convention: Convention
    overrides: dict[str, object]
    convention_ref: str


class Game:
    """A table and the deals in force, in order: a plain record (:mod:`.replay` plays it).

    Both a journal and a scoring vector become a Game; everything after that (checks,
    scores, settlement, reports) is the same for both.

    Attributes:
        table: players and convention.
        entries: the deals in force (voided deals removed, fixes applied), in order; a journal
            gives a lazy sequence that reads the file on each pass.
        path: the file the game was read from.
        meta: free information (title, source, deal count of the file...).
    """

    def __init__(self, table: Table, entries: Iterable[Entry], path: str = "",
                 meta: dict[str, object] | None = None) -> None:
        self.table = table
        self.entries = entries
        self.path = path
        self.meta: dict[str, object] = {} if meta is None else meta

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return _game_fields(self) == _game_fields(other)

    __hash__ = None  # type: ignore[assignment]  # mutable, as a dataclass: no hash

    def __repr__(self) -> str:
        return (f"{self.__class__.__qualname__}(table={self.table!r}, entries={self.entries!r}, "
                f"path={self.path!r}, meta={self.meta!r})")


_deal_fields = attrgetter(*Deal.FIELDS)
_game_fields = attrgetter("table", "entries", "path", "meta")


def check_players(names: tuple[str, ...], source: Source | None = None, *,
                  strict: bool = True) -> tuple[str, ...]:
    """Names fit for a table, in NFC: 2 to 5, distinct, not empty, no control or invisible
    characters. ``strict`` (a new game, a vector) also refuses a name longer than
    MAX_NAME_LENGTH and two names that differ only in look-alike letters; a journal already
    written is read without those two checks, so that it still opens."""
    if not 2 <= len(names) <= 5:
        raise NotationError(ngettext("{n} players: pulka plays with 2, 3, 4 or 5",
                                     "{n} players: pulka plays with 2, 3, 4 or 5",
                                     len(names)).format(n=len(names)), source)
    names = tuple(check_name(name, source, strict=strict) for name in names)
    seen: dict[str, str] = {}
    for name in names:
        if name.casefold() in seen:
            raise NotationError(_("two players have the same name: {first} and {second}")
                                .format(first=seen[name.casefold()], second=name), source)
        seen[name.casefold()] = name
    if strict:
        alike: dict[str, str] = {}
        for name in names:  # the notation reads ё as е: Алёна and Алена would be one player
            if (first := alike.setdefault(read_alike(name), name)) != name:
                raise NotationError(_("players {first!r} and {second!r} differ only in ё and е, "
                                      "which pulka reads alike; tell them apart another way")
                                    .format(first=first, second=name), source)
        refuse_look_alikes(names, source)
    return names


def check_name(name: str, source: Source | None, *, strict: bool = True) -> str:
    """One player's name fit for a table, in NFC: not empty, no spaces around it, no control
    or invisible character; ``strict`` also holds it to MAX_NAME_LENGTH."""
    if (raw := not_utf8(name)) is not None:
        raise NotationError(_("player name '{name}' is not UTF-8 text (type it in UTF-8, the "
                              "encoding a journal is written in)").format(
                                  name=raw.decode("utf-8", "backslashreplace")), source)
    name = nfc(name)
    if strict and (odd := unreadable_character(name)) is not None:
        raise NotationError(_("player name {name!r} has a character that is not a letter one can "
                              "read (U+{code}: a variation selector, a private-use character, a "
                              "noncharacter or the replacement character)").format(
                                  name=name, code=f"{ord(odd):04X}"), source)
    if strict and len(name) > MAX_NAME_LENGTH:
        raise NotationError(_("player name {name!r} is {length} characters long; a name may "
                              "have at most {limit} characters").format(
                                  name=name[:20] + "…", length=len(name), limit=MAX_NAME_LENGTH),
                            source)
    if not name.strip() or name != name.strip():
        raise NotationError(_("player name {name!r} is empty or has spaces around it")
                            .format(name=name), source)
    if (bad := first_bad_character(name)) is not None:
        raise NotationError(_("player name {name!r} has an invisible character (U+{code})")
                            .format(name=name, code=f"{ord(bad):04X}"), source)
    return name


def refuse_look_alikes(names: tuple[str, ...], source: Source | None, *,
                       case_sensitive: bool = False) -> None:
    """Two names that differ only in letters that look the same (Cyrillic с, Latin c).
    ``case_sensitive`` (a vector's names): ``a`` and ``A`` are two players, not look-alikes."""
    seen: dict[str, str] = {}
    for name in names:
        other = seen.setdefault(skeleton(name), name)
        if other == name:
            continue
        pairs = twin_letters(name, other)
        if case_sensitive and not pairs and name.casefold() == other.casefold():
            continue
        if not pairs:
            raise NotationError(_("players {other!r} and {name!r} look the same; write both "
                                  "in one alphabet").format(other=other, name=name), source)
        ours, theirs = letters([a for a, b in pairs]), letters([b for a, b in pairs])
        raise NotationError(_("players {other!r} and {name!r} look the same: {name!r} has "
                              "{ours} where {other!r} has {theirs}; write both in one alphabet")
                            .format(other=other, name=name, ours=ours, theirs=theirs), source)
