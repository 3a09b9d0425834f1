"""Reading scoring vectors (shared/spec/vectors.md): a whole game and its expected results."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from .convention.loader import apply_overrides, find, load_file
from .errors import ConventionError, NotationError, PulkaError, Source
from .game import Game
from .model import Deal, DealKind, Entry, Table, check_players
from .notation import DECISIONS, parse_contract
from .numbers import parse_number
from .yamlsafe import Located, load

TOP_KEYS = {"title", "source", "convention", "options", "players", "deals", "expect"}
DEAL_KEYS = {"declarer", "contract", "defence", "tricks", "raspasy", "dark", "looked",
             "allpass", "no_talon", "invite", "contra", "adjust", "end"}


def load_vector(path: Path) -> tuple[Game, dict]:
    """The game a vector describes, and its ``expect`` mapping (plain values).

    Raises:
        PulkaError: a malformed vector (NotationError), a bad convention (ConventionError);
            the deals themselves are checked when the game is replayed.
    """
    where = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise NotationError(f"cannot read the vector: {exc}", Source(where)) from None
    doc = load(text, where)
    if doc is None or not isinstance(doc.value, dict):
        raise NotationError("a vector is a mapping with players, deals and expect",
                            Source(where, 1, 1))
    top = doc.value
    for key, item in top.items():
        if key not in TOP_KEYS:
            raise NotationError(f"unknown key {key!r} in a vector", item.key_source)
    players = _players(top.get("players"), Source(where, 1, 1))
    ref = top.get("convention")
    if ref is None or not isinstance(ref.value, str):
        raise NotationError("the vector must name its convention", Source(where, 1, 1))
    try:
        convention = load_file(find(ref.value, path.parent))
    except ConventionError as exc:
        raise exc.located(ref.source) from None
    overrides = {}
    if "options" in top:
        options = top["options"]
        if not isinstance(options.value, dict):
            raise NotationError("options must be a mapping", options.source)
        convention = apply_overrides(convention, dict(options.value), options.source)
        overrides = options.plain()
    table = Table(players, convention, overrides, ref.value)  # type: ignore[arg-type]
    deals = top.get("deals")
    if deals is None or not isinstance(deals.value, list):
        raise NotationError("the vector has no list of deals", Source(where, 1, 1))
    entries = []
    for number, item in enumerate(deals.value, start=1):
        try:
            entries.append(Entry(number, _deal(item), item.source))
        except PulkaError as exc:
            raise exc.located(item.source, number) from None
    expect = top["expect"].plain() if "expect" in top else {}
    if not isinstance(expect, dict):
        raise NotationError("expect is a mapping such as {pulya: {A: 10}}", top["expect"].source)
    meta = {k: top[k].plain() for k in ("title", "source") if k in top}
    return Game(table, entries, where, meta), expect  # type: ignore[arg-type]


def _players(item: Located | None, where: Source) -> tuple[str, ...]:
    if item is None or not isinstance(item.value, list) or not item.value:
        raise NotationError("the vector must list its players", where)
    for player in item.value:
        if isinstance(player.value, (dict, list, bool)) or player.value is None:
            raise NotationError(f"a player's name is text, not {player.plain()!r}", player.source)
    return check_players(tuple(str(p.value) for p in item.value), item.source)


def _deal(item: Located) -> Deal:
    if not isinstance(item.value, dict):
        raise NotationError("a deal is a mapping such as {declarer: A, contract: 6s, ...}",
                            item.source)
    fields = item.value
    for key, value in fields.items():
        if key not in DEAL_KEYS:
            raise NotationError(f"unknown key {key!r} in a deal", value.key_source)
    plain = item.plain()
    assert isinstance(plain, dict)
    if plain.get("end"):
        return Deal(DealKind.END)
    if plain.get("allpass"):
        return Deal(DealKind.ALLPASS)
    if "adjust" in plain:
        return Deal(DealKind.ADJUST, adjust=_adjust(plain["adjust"], fields["adjust"].source))
    if "raspasy" in plain:
        return Deal(DealKind.RASPASY, tricks=_tricks(fields["raspasy"]),
                    dark=_rank(fields.get("dark")), looked=_names(fields.get("looked")))
    if "declarer" not in plain or "contract" not in plain:
        raise NotationError("a deal needs declarer and contract (or raspasy, allpass, adjust,"
                            " end)", item.source)
    contract = parse_contract(str(plain["contract"]), fields["contract"].source)
    defence = {}
    if "defence" in fields:
        if not isinstance(plain["defence"], dict):
            raise NotationError("defence is a mapping such as {B: whist, C: pass}",
                                fields["defence"].source)
        for name, said in fields["defence"].value.items():  # type: ignore[union-attr]
            decision = DECISIONS.get(str(said.value).casefold())
            if decision is None:
                raise NotationError(f"{said.value!r}: a defender says whist, pass or half",
                                    said.source)
            defence[str(name)] = decision
    contra = {}
    if not isinstance(plain.get("contra") or {}, dict):
        raise NotationError("contra is a mapping such as {A: 1}", fields["contra"].source)
    for name, level in (plain.get("contra") or {}).items():
        if not isinstance(level, int) or not 1 <= level <= 4:
            raise NotationError("contra levels are 1 (contra) to 4 (mortcontra)",
                                fields["contra"].source)
        contra[str(name)] = level
    dark = plain.get("dark", False)
    if not isinstance(dark, bool):
        raise NotationError("a contract's dark is true or false", fields["dark"].source)
    return Deal(DealKind.CONTRACT, declarer=str(plain["declarer"]), contract=contract,
                defence=defence, tricks=_tricks(fields.get("tricks")), dark=int(dark),
                no_talon=bool(plain.get("no_talon")), invite=bool(plain.get("invite")),
                contra=contra)


def _tricks(item: Located | None) -> dict[str, int]:
    if item is None:
        return {}
    if not isinstance(item.value, dict):
        raise NotationError("tricks are a mapping such as {A: 6, B: 4}", item.source)
    out = {}
    for name, value in item.value.items():
        count = value.value
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 10:
            raise NotationError(f"{name}: tricks are a whole number from 0 to 10, not "
                                f"{count!r}", value.source)
        out[str(name)] = count
    return out


def _rank(item: Located | None) -> int:
    if item is None:
        return 0
    rank = item.value
    if rank is True:
        return 1
    if isinstance(rank, bool) or not isinstance(rank, int) or rank not in (0, 1, 2, 3):
        raise NotationError("the rank of a dark raspasy is 1, 2 or 3", item.source)
    return rank


def _names(item: Located | None) -> tuple[str, ...]:
    if item is None:
        return ()
    if not isinstance(item.value, list):
        raise NotationError("looked is a list of names", item.source)
    return tuple(str(v.value) for v in item.value)


def _adjust(raw: object, where: Source) -> dict[str, dict]:
    if not isinstance(raw, dict):
        raise NotationError("adjust is a mapping of columns", where)
    out: dict[str, dict] = {}
    for column, cells in raw.items():
        if not isinstance(cells, dict):
            raise NotationError(f"adjust {column}: a mapping of players", where)
        out[str(column)] = {}
        for player, value in cells.items():
            if isinstance(value, dict):
                out[str(column)][str(player)] = {str(t): _amount(a, where) for t, a in value.items()}
            else:
                out[str(column)][str(player)] = _amount(value, where)
    return out


def _amount(value: object, where: Source) -> Fraction:
    if isinstance(value, bool):
        raise NotationError(f"{value!r} is not an amount", where)
    try:
        return parse_number(str(value))
    except ValueError:
        raise NotationError(f"{value!r} is not an amount", where) from None

