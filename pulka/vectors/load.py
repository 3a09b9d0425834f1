"""Reading scoring vectors (shared/spec/vectors.md): a whole game and its expected results.

Every shape is checked here, before the game is replayed: a wrong one (a list where a mapping
is meant, a flat mapping where pairs are, a number where a name is, a quoted "yes" where a
boolean is, a key the deal's kind does not take) is a NotationError at its place.
"""

from __future__ import annotations

import os
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import TYPE_CHECKING

from ..convention.conflicts import table_size_refused
from ..convention.loader import apply_overrides, find, load_file, refuse_conflicts
from ..errors import ConventionError, NotationError, PulkaError, Source
from ..files.inputs import read_text
from ..files.safe_yaml import Located, load
from ..game import Deal, DealKind, Entry, Game, Table, check_name, refuse_look_alikes
from ..i18n import _, pgettext
from ..names import control_character, nfc
from ..notation import Vocabulary, fold, parse_contract, words_for
from ..numbers import parse_number

if TYPE_CHECKING:
    from ..files.inputs import FilePath

#: a 200,000-deal vector of contract games is some 20 MB; 32 MB admits it with room
MAX_BYTES = 32 << 20
TOP_KEYS = {"title", "source", "convention", "options", "players", "deals", "expect"}
DEAL_KEYS = {"declarer", "contract", "defence", "tricks", "raspasy", "dark", "looked",
             "allpass", "no_talon", "invite", "contra", "adjust", "end", "fell",
             # five players (rest: the two who sit out), a game given up (without3)
             "rest", "without3",
             # the payment games (payment-families.md §5)
             "made", "bonus", "hand", "kunstwerk", "concede", "refill", "after"}
#: the keys each kind of deal takes (besides the one that names the kind; any deal may have
#: ``after``, the checks of the state right after it)
KIND_KEYS = {
    "contract": {"declarer", "contract", "defence", "tricks", "dark", "no_talon", "invite",
                 "contra", "made", "bonus", "hand", "kunstwerk", "concede", "fell", "rest",
                 "without3"},
    "raspasy": {"raspasy", "dark", "looked", "rest"},
    "allpass": {"allpass"},
    "adjust": {"adjust"},
    "end": {"end"},
    "refill": {"refill"},
}
#: what a payment game's defender may say, besides the Russian and Balkan words
#: the claims a deal may carry under ``bonus``
BONUS_WORDS = ("aces", "noaces")
#: the checks an ``after`` block may hold
AFTER_KEYS = ("played_for", "pot", "moves")
#: expect keys: a number per player, amounts by pairs (writer or payer -> target), and the
#: others; the payment families' keys (payment-families.md) are read here too
EXPECT_PER_PLAYER = ("pulya", "gora", "bule", "refe", "hats", "result", "pot_in", "pot_out",
                     "balance")
EXPECT_PAIRS = ("whists", "paid")
EXPECT_KEYS = {*EXPECT_PER_PLAYER, *EXPECT_PAIRS, "money", "bombs", "finished", "pot", "refills"}


def load_vector(path: FilePath) -> tuple[Game, dict]:
    """The game a vector describes, and its ``expect`` mapping (plain values).

    Raises:
        PulkaError: a malformed vector (NotationError), a bad convention (ConventionError);
            the deals themselves are checked when the game is replayed.
    """
    where = str(path)
    text = read_text(path, "vector", MAX_BYTES, NotationError)
    doc = load(text, where)
    if doc is None or not isinstance(doc.value, dict):
        raise NotationError(_("a vector is a mapping with players, deals and expect"),
                            Source(where, 1, 1))
    top = doc.value
    for key, item in top.items():
        if key not in TOP_KEYS:
            raise NotationError(_("unknown key {key!r} in a vector").format(key=key),
                                item.key_source)
    players = _players(top.get("players"), Source(where, 1, 1))
    ref = top.get("convention")
    if ref is None or not isinstance(ref.value, str):
        raise NotationError(_("the vector must name its convention (convention: sochi)"),
                            ref.source if ref is not None else Source(where, 1, 1))
    try:
        convention = load_file(find(ref.value, os.path.dirname(path)))
    except ConventionError as exc:
        raise exc.located(ref.source) from None
    overrides = {}
    if "options" in top:
        options = top["options"]
        if not isinstance(options.value, dict):
            raise NotationError(_("options must be a mapping such as {{pulya: 10}}").format(),
                                options.source)
        convention = apply_overrides(convention, dict(options.value), options.source)
        overrides = options.plain()
    refused = table_size_refused(convention, len(players))
    if refused is not None:  # (as pulka new refuses such a table)
        raise ConventionError(refused, top["players"].source)
    refuse_conflicts(convention.values, convention.origins, len(players),
                     str(top["players"].source))  # whole whists at two players
    table = Table(players, convention, overrides, ref.value)
    words = words_for(convention.family)
    deals = top.get("deals")
    if deals is None or not isinstance(deals.value, list):
        raise NotationError(_("the vector has no list of deals (deals: [...])"),
                            deals.source if deals is not None else Source(where, 1, 1))
    entries = []
    after: dict[int, dict] = {}
    for number, item in enumerate(deals.value, start=1):
        try:
            if isinstance(item.value, dict) and "after" in item.value:
                fields = dict(item.value)
                after[number] = _after(fields.pop("after"), players)
                item = Located(fields, item.source)
            entries.append(Entry(number, _deal(item, words), item.source))
        except PulkaError as exc:
            raise exc.located(item.source, number) from None
    expect = _expect(top["expect"], players) if "expect" in top else {}
    meta: dict[str, object] = {k: _free_text(top[k], k == "source")
                               for k in ("title", "source") if k in top}
    if after:
        meta["after"] = after
    return Game(table, entries, where, meta), expect


def _free_text(item: Located, lines: bool) -> str:
    """A title (one line) or a source (``lines``: may run over several, as a folded ``>``
    block does): text, with nothing that would act on a terminal (an escape, a bell...)."""
    if not isinstance(item.value, (str, int)) or isinstance(item.value, bool):
        raise NotationError(_("expected a line of text, not {value!r}").format(
            value=item.plain()), item.source)
    text = str(item.value).strip()
    allowed = "\n\t" if lines else ""
    if control_character(text, allowed) is not None:
        if lines:
            message = _("{text!r} holds a control character (an escape, a bell...)")
        else:
            message = _("{text!r} holds a control character (an escape, a bell, a newline...)")
        raise NotationError(message.format(text=text[:40]), item.source)
    return text


#: the party of a move that is no player (an after block's moves: [A, pot, 10])
POT = "pot"


def _players(item: Located | None, where: Source) -> tuple[str, ...]:
    """Seating order: 2 to 5 distinct names; names are case-sensitive (vectors.md)."""
    if item is None or not isinstance(item.value, list):
        raise NotationError(_("the vector must list its players (players: [A, B, C])"),
                            item.source if item is not None else where)
    if not 2 <= len(item.value) <= 5:
        raise NotationError(_("{n} players: a vector has 2, 3, 4 or 5").format(
            n=len(item.value)), item.source)
    names: list[str] = []
    for player in item.value:
        name = check_name(_name(player, _("a player's name")), player.source)
        if name == POT:  # (the moves of an after block go between the players and the pot)
            raise NotationError(_("{name!r} cannot be a player's name in a vector: its moves "
                                  "name the pot so").format(name=name), player.source)
        if name in names:  # case-sensitive, unlike a table's names (vectors.md)
            raise NotationError(_("player {name!r} is listed twice").format(name=name),
                                player.source)
        names.append(name)
    refuse_look_alikes(tuple(names), item.source, case_sensitive=True)
    return tuple(names)


def _name(item: Located, what: str) -> str:
    """A name written in a vector: text (a number or a list is not a name)."""
    if not isinstance(item.value, str):
        raise NotationError(_("{what} is text, not {value!r}").format(
            what=what, value=item.plain()), item.source)
    return nfc(item.value)  # names are matched in NFC, as the players are kept


def _names_of(item: Located, what: str) -> dict[str, Located]:
    """A mapping keyed by player names, such as {A: 6, B: 4}."""
    if not isinstance(item.value, dict):
        raise NotationError(_("{what} is a mapping of players such as {{A: 6, B: 4}}, not "
                              "{value!r}").format(what=what, value=item.plain()), item.source)
    out: dict[str, Located] = {}
    for key, value in item.value.items():
        if not isinstance(key, str):
            raise NotationError(_("{what}: {key!r} is not a player's name (names are text)")
                                .format(what=what, key=key), value.key_source or item.source)
        name = nfc(key)  # matched in NFC, as the players are kept
        if name in out:
            raise NotationError(_("{what}: {key!r} is given twice (the same name in another "
                                  "Unicode form)").format(what=what, key=key),
                                value.key_source or item.source)
        out[name] = value
    return out


def _flag(item: Located, what: str) -> bool:
    """An unquoted YAML boolean (a quoted "yes" is text, and refused)."""
    if not isinstance(item.value, bool):
        raise NotationError(_("{what} is true or false (unquoted), not {value!r}").format(
            what=what, value=item.plain()), item.source)
    return item.value


def _deal(item: Located, words: Vocabulary) -> Deal:
    if not isinstance(item.value, dict):
        raise NotationError(_("a deal is a mapping such as {{declarer: A, contract: 6s, "
                              "...}}").format(), item.source)
    fields: dict[str, Located] = {}
    for key, value in item.value.items():
        if key not in DEAL_KEYS:
            raise NotationError(_("unknown key {key!r} in a deal").format(key=key),
                                value.key_source)
        fields[str(key)] = value
    kinds: list[str] = [k for k in ("end", "allpass", "adjust", "raspasy", "refill")
                        if k in fields]
    if "declarer" in fields or "contract" in fields:
        kinds.append("contract")
    if len(kinds) != 1:
        if kinds:
            message = _("a deal is one of: a contract (declarer and contract), raspasy, "
                        "allpass, adjust, refill or end; this one is {kinds}").format(
                            kinds=pgettext("between the kinds of a deal", " and ").join(kinds))
        else:
            message = _("a deal is one of: a contract (declarer and contract), raspasy, "
                        "allpass, adjust, refill or end; this one is none of them")
        raise NotationError(message, item.source)
    kind = kinds[0]
    for key, value in fields.items():
        if key not in KIND_KEYS[kind]:
            raise NotationError(_("{key!r} does not belong in a deal of {kind}").format(
                key=key, kind=kind), value.key_source or value.source)
    if kind == "allpass" and isinstance(fields[kind].value, dict):  # a played all-pass (Greek)
        return Deal(DealKind.ALLPASS, tricks=_tricks(fields[kind], "allpass"))
    if kind in ("end", "allpass", "refill"):
        if not _flag(fields[kind], kind):
            raise NotationError(_("{kind}: false is not a deal; leave the deal out").format(
                kind=kind), fields[kind].source)
        return Deal({"end": DealKind.END, "allpass": DealKind.ALLPASS,
                     "refill": DealKind.REFILL}[kind])
    if kind == "adjust":
        return Deal(DealKind.ADJUST, adjust=_adjust(fields["adjust"]))
    if kind == "raspasy":
        return Deal(DealKind.RASPASY, tricks=_tricks(fields["raspasy"], "raspasy"),
                    dark=_rank(fields.get("dark")), looked=_names(fields.get("looked")),
                    rest=_rest(fields.get("rest")))
    return _contract(item, fields, words)


def _contract(item: Located, fields: dict[str, Located], words: Vocabulary) -> Deal:
    if "declarer" not in fields or "contract" not in fields:
        raise NotationError(_("a contract deal needs both declarer and contract"),
                            item.source)
    declarer = _name(fields["declarer"], _("the declarer"))
    word = fields["contract"]
    if not isinstance(word.value, (str, int)) or isinstance(word.value, bool):
        raise NotationError(_("a contract is a word such as 6s or misere, not {value!r}")
                            .format(value=word.plain()), word.source)
    contract = parse_contract(str(word.value), words, word.source)
    defence = {}
    if "defence" in fields:
        for name, said in _names_of(fields["defence"], "defence").items():
            said_word = fold(said.value) if isinstance(said.value, str) else ""
            decision = words.decisions.get(said_word)
            if decision is None:
                raise NotationError(_("{word!r}: a defender says whist, pass or half").format(
                    word=said.plain()), said.source)
            defence[name] = decision
    contra = {}
    if "contra" in fields:
        for name, level in _names_of(fields["contra"], "contra").items():
            value = level.value
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 4:
                raise NotationError(_("{name}: contra levels are 1 (contra) to 4 (mortcontra), "
                                      "not {value!r}").format(name=name, value=level.plain()),
                                    level.source)
            contra[name] = value
    dark = _flag(fields["dark"], _("a contract's dark")) if "dark" in fields else False
    no_talon = _flag(fields["no_talon"], "no_talon") if "no_talon" in fields else False
    if "hand" in fields:  # Swabian aus den Händen: the game is played without the talon
        no_talon = _flag(fields["hand"], "hand") or no_talon
    invite = _flag(fields["invite"], "invite") if "invite" in fields else False
    made = _flag(fields["made"], "made") if "made" in fields else None
    marks = _bonus(fields.get("bonus"))
    for event in ("kunstwerk", "concede", "without3"):
        if event in fields and _flag(fields[event], event):
            marks += (event,)
    return Deal(DealKind.CONTRACT, declarer=declarer, contract=contract,
                defence=defence, tricks=_tricks(fields.get("tricks"), "tricks"), dark=int(dark),
                no_talon=no_talon, invite=invite, contra=contra, made=made, marks=marks,
                fell=_fell(fields.get("fell")), rest=_rest(fields.get("rest")))


def _listed(item: Located | None) -> list[Located]:
    """The items of a value written alone (``bonus: aces``) or as a list (``[aces, noaces]``)."""
    if item is None:
        return []
    return item.value if isinstance(item.value, list) else [item]


def _fell(item: Located | None) -> tuple[str, ...]:
    """The defenders the table says fell (Balkan ``quota: table``): ``fell: [B]`` or ``fell: B``."""
    names: list[str] = []
    for value in _listed(item):
        name = _name(value, _("a name in fell"))
        if name in names:
            raise NotationError(_("{name} is said to have fallen twice").format(name=name),
                                value.source)
        names.append(name)
    return tuple(names)


def _rest(item: Located | None) -> tuple[str, ...]:
    """The two players a deal at five says sit it out: ``rest: [A, E]``."""
    if item is None:
        return ()
    names = [_name(value, _("a name in rest")) for value in _listed(item)]
    if len(names) != 2 or names[0] == names[1]:
        raise NotationError(_("rest names the two players who sit the deal out: rest: [A, E]"),
                            item.source)
    return tuple(names)


def _bonus(item: Located | None) -> tuple[str, ...]:
    """The bonuses a declarer claims: ``bonus: aces``, or a list of aces and noaces."""
    out: list[str] = []
    for value in _listed(item):
        word = value.value.casefold() if isinstance(value.value, str) else None
        if word not in BONUS_WORDS or word in out:
            raise NotationError(_("{word!r}: a bonus is aces or noaces, each once").format(
                word=value.plain()), value.source)
        out.append(word)
    return tuple(out)


def _after(item: Located, players: tuple[str, ...]) -> dict:
    """The checks of an ``after`` block: played_for, pot (amounts) and moves (triples)."""
    if not isinstance(item.value, dict):
        raise NotationError(_("after is a mapping such as {{pot: 120, moves: [[A, pot, 10]]}}").format(),
                            item.source)
    parties = {*players, POT}
    for key, value in item.value.items():
        if key not in AFTER_KEYS:
            raise NotationError(_("after: {key!r} is not a check pulka makes (played_for, pot, "
                                  "moves)").format(key=key), value.key_source or value.source)
        if key != "moves":
            _amount(value)
            continue
        if not isinstance(value.value, list):
            raise NotationError(_("after moves is a list of [from, to, amount]"), value.source)
        for move in value.value:
            if not isinstance(move.value, list) or len(move.value) != 3:
                raise NotationError(_("{move!r}: a move is [from, to, amount]").format(
                    move=move.plain()), move.source)
            for end in move.value[:2]:
                if not isinstance(end.value, str) or nfc(end.value) not in parties:
                    raise NotationError(_("{party!r}: a move goes between players and the "
                                          "pot").format(party=end.plain()), end.source)
            _amount(move.value[2])
    plain = _nfc_keys(item.plain())
    assert isinstance(plain, dict)
    return plain


def _tricks(item: Located | None, what: str) -> dict[str, int]:
    if item is None:
        return {}
    out = {}
    for name, value in _names_of(item, what).items():
        count = value.value
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 10:
            raise NotationError(_("{name}: tricks are a whole number from 0 to 10, not "
                                  "{value!r}").format(name=name, value=value.plain()),
                                value.source)
        out[name] = count
    return out


def _rank(item: Located | None) -> int:
    if item is None:
        return 0
    rank = item.value
    if isinstance(rank, bool):  # dark: true is the first rank; false is a light raspasy
        return int(rank)
    if not isinstance(rank, int) or rank not in (0, 1, 2, 3):
        raise NotationError(_("the rank of a dark raspasy is 1, 2 or 3, not {value!r}").format(
            value=item.plain()), item.source)
    return rank


def _names(item: Located | None) -> tuple[str, ...]:
    if item is None:
        return ()
    if not isinstance(item.value, list):
        raise NotationError(_("looked is a list of names such as [B], not {value!r}").format(
            value=item.plain()), item.source)
    return tuple(_name(v, _("a name in looked")) for v in item.value)


def _adjust(item: Located) -> dict[str, dict]:
    """Columns of players and amounts; the whists column by pairs (writer -> target)."""
    if not isinstance(item.value, dict):
        raise NotationError(_("adjust is a mapping of columns such as {{pulya: {{A: 2}}}}, not "
                              "{value!r}").format(value=item.plain()), item.source)
    out: dict[str, dict] = {}
    for column, cells in item.value.items():
        if not isinstance(column, str):
            raise NotationError(_("adjust: {column!r} is not the name of a column").format(
                column=column), cells.key_source or item.source)
        row: dict[str, object] = {}
        for player, value in _names_of(cells, f"adjust {column}").items():
            if column == "whists":
                if not isinstance(value.value, dict):
                    raise NotationError(_("adjust whists {player}: whists go by pairs, writer "
                                          "-> target, such as {{{player}: {{B: 10}}}}").format(
                                              player=player), value.source)
                row[player] = {target: _amount(amount) for target, amount
                               in _names_of(value, f"adjust whists {player}").items()}
            else:
                row[player] = _amount(value)
        out[column] = row
    return out


def _amount(item: Located) -> Fraction:
    value = item.value
    if isinstance(value, (bool, dict, list)) or value is None:
        raise _not_an_amount(item.plain(), item.source)
    try:
        return parse_number(str(value))
    except ValueError:
        raise _not_an_amount(value, item.source) from None


def _not_an_amount(value: object, where: Source) -> NotationError:
    return NotationError(_("{value!r} is not an amount (7, -3, \"10/3\" or \"2.5\")").format(
        value=value), where)


def _expect(item: Located, players: tuple[str, ...]) -> dict:
    """The expected results, their shapes checked (vectors.md); plain values."""

    def seated(value: Located, what: str) -> dict[str, Located]:
        # an expectation for nobody at the table is a typo, not a difference to report
        names = _names_of(value, what)
        for name, cell in names.items():
            if nfc(name) not in players:
                raise NotationError(_("{what}: {name!r} is not one of the players "
                                      "({players}; names are case-sensitive)").format(
                                          what=what, name=name, players=", ".join(players)),
                                    cell.key_source or value.source)
        return names

    if not isinstance(item.value, dict):
        raise NotationError(_("expect is a mapping such as {{pulya: {{A: 10}}}}, not "
                              "{value!r}").format(value=item.plain()), item.source)
    for key, value in item.value.items():
        where = value.key_source or value.source
        if key not in EXPECT_KEYS:
            raise NotationError(_("expect: {key!r} is not a key pulka computes").format(
                key=key), where)
        if key in EXPECT_PER_PLAYER:
            for cell in seated(value, f"expect {key}").values():
                _amount(cell)
        elif key in EXPECT_PAIRS:
            for writer, row in seated(value, f"expect {key}").items():
                if row.value is None:  # an empty row: nothing written
                    continue
                if not isinstance(row.value, dict):
                    raise NotationError(_("expect {key} {writer}: the amounts go by pairs, "
                                          "writer -> target, such as {{{writer}: {{B: 10}}}}")
                                        .format(key=key, writer=writer), row.source)
                for cell in seated(row, f"expect {key} {writer}").values():
                    _amount(cell)
        elif key in ("pot", "refills"):
            _amount(value)
        elif key == "money":
            for cell in seated(value, "expect money").values():
                _money(cell)
        elif key == "bombs":
            for player, queue in seated(value, "expect bombs").items():
                if queue.value is None:  # no bomb waiting
                    continue
                if not isinstance(queue.value, list):
                    raise NotationError(_("expect bombs {player}: a list of multipliers such "
                                          "as [2, 4]").format(player=player), queue.source)
                for factor in queue.value:
                    if isinstance(factor.value, bool) or not isinstance(factor.value, int):
                        raise NotationError(_("a bomb multiplier is a whole number, not "
                                              "{value!r}").format(value=factor.plain()),
                                            factor.source)
        else:
            _flag(value, "expect finished")
    plain = _nfc_keys(item.plain())
    assert isinstance(plain, dict)
    return plain


def _nfc_keys(value: object) -> object:
    """The same mappings with their names in NFC, as the players are kept."""
    if isinstance(value, dict):
        return {nfc(k) if isinstance(k, str) else k: _nfc_keys(v) for k, v in value.items()}
    return value


def _money(item: Located) -> Decimal:
    value = item.value
    text = str(value)
    if isinstance(value, (bool, dict, list)) or value is None or len(text) > 40:
        raise _not_money(item.plain(), item.source)
    try:
        amount = Decimal(text)
    except InvalidOperation:
        amount = Decimal("NaN")
    if not amount.is_finite():
        raise _not_money(text, item.source)
    return amount


def _not_money(value: object, where: Source) -> NotationError:
    return NotationError(_("{value!r} is not an amount of money such as \"10.34\"").format(
        value=value), where)
