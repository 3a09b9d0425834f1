"""Every convention key in one table: its type, which family reads it, and what it means.

Adding a key means adding a row here, reading it in one scoring rule, and testing it.
The keys and meanings follow the project's spec (conventions.md); conventions/*.yaml explain them.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..frozen import NamedTuple
from ..i18n import N_
from .types import (
    Choice,
    Currency,
    Flag,
    Integer,
    KeyType,
    ListOf,
    Money,
    Number,
    NumberOrWord,
    Text,
)

RUSSIAN = "russian"
BALKAN = "balkan"
AUSTRIAN = "austrian"  #: Austrian Preference, its pots, and Illustrated (payment-families.md §1-2)
SWABIAN = "swabian"  #: Swabian Preference: direct payments only (§3)
GREEK = "greek"  #: Greek Prefa: the kasa (§4)
#: every family's name; a list so that :func:`register_family` can add one
FAMILIES: list[str] = [RUSSIAN, BALKAN, AUSTRIAN, SWABIAN, GREEK]


class Key(NamedTuple):
    """One convention key.

    Attributes:
        path: the dotted name, e.g. ``whist.rate``.
        type: how its value is checked and written.
        families: the scoring families that read it.
        meaning: a player's explanation, in English and marked for the catalogs (N_): it is
            shown with :func:`~pulka.i18n.translated`.
        term: the Russian (or local) term.
        default: the value a journal written before the key existed is read with.
    """

    path: str
    type: KeyType
    families: Sequence[str]  #: a tuple, or FAMILIES itself for the keys every family has
    meaning: str
    term: str = ""
    default: object = None  #: for journals written before the key existed (None: required)


_R = (RUSSIAN,)
_B = (BALKAN,)
_A = (AUSTRIAN,)
_S = (SWABIAN,)
_G = (GREEK,)
_ALL = FAMILIES  # the same list: a family registered later shares these keys
#: the table sizes each family's rules are written for, whatever a convention's ``players``
#: says (a Greek or Austrian game has two defenders and may seat a dealer who sits out;
#: Swabian is described for three only)
SEATS = {RUSSIAN: (2, 3, 4), BALKAN: (3, 4), AUSTRIAN: (3, 4), SWABIAN: (3,), GREEK: (3, 4)}
_level = Integer(6, 10)
_num = Number()
_pos = Number(Fraction(0))
#: a rate the settlement or a scaling divides by: 0 means nothing at a table, so it is refused
_divisor = Number(Fraction(0), nonzero=True)

KEYS: tuple[Key, ...] = (
    # --- identity --------------------------------------------------------------------
    Key("family", Choice(FAMILIES), _ALL, N_("which scoring family the rules belong to")),
    Key("name", Text(), _ALL, N_("the convention's short name")),
    Key("title", Text(), _ALL, N_("the name shown to players")),
    Key("aliases", ListOf(Text(), 0), _ALL, N_("other names the convention answers to")),
    Key("players", ListOf(Integer(2, 4), 1, 3), _ALL, N_("table sizes the convention is played at")),
    Key("price", Money(), _ALL, N_("money per whist (none: settle in whists only)"), "цена виста"),
    Key("currency", Currency(), _ALL,
        N_("the sign written after an amount of money, such as ₽ or € (none: the number alone)"),
        "валюта", default=""),
    # --- Russian: contract games -----------------------------------------------------
    Key("values", ListOf(_pos, 5, 5), _R,
        N_("pulya points for a made 6, 7, 8, 9, 10"), "стоимость игр"),
    Key("misere.value", _pos, _R, N_("pulya points for a made misère"), "мизер"),
    Key("misere.penalty", _pos, _R, N_("gora points per trick taken on a failed misère")),
    Key("misere.consolation", _pos, _R,
        N_("whists each opponent writes on a failed misère, per trick taken"),
        "консоляция за мизер", default=0),
    Key("whist.rate", _pos, _R, N_("whists per defence trick, times the contract value"), "висты"),
    Key("whist.quota", ListOf(Integer(0, 10), 5, 5), _R,
        N_("tricks the defence must take against a 6, 7, 8, 9, 10"), "норма взяток"),
    Key("whist.ten", Choice(("whisted", "checked")), _R,
        N_("a ten is whisted (quota applies) or checked (played out, no trick whists)"),
        "десятерная вистуется / проверяется"),
    Key("whist.responsibility", Choice(("full", "half")), _R,
        N_("shortfall penalty of a whister: full or half"), "ответственный / полуответственный вист"),
    Key("whist.lone", Choice(("greedy", "gentleman", "gentleman_on_remise")), _R,
        N_("one whister and one passer: the whister takes all (greedy), shares half (gentleman),"
           " or shares only when the declarer fails, writing his own tricks alone on a made"
           " game (gentleman_on_remise)"),
        "жлобский / джентльменский вист"),
    Key("whist.passer_tricks", Choice(("yes", "none")), _R,
        N_("a passer's own tricks earn whists when his partner whists alone (yes), or nothing"
           " (none)"), default="yes"),
    Key("whist.pair_low_quota", Choice(("second", "both_half")), _R,
        N_("two whisters take nothing on a quota-1 game: the second defender pays, or both half")),
    Key("whist.half", ListOf(_level, 0, 5), _R, N_("levels where half-whist is allowed"),
        "полвиста"),
    Key("whist.half_credit", Choice(("quota", "rest")), _R,
        N_("the half-whister writes half the quota (quota) or half of 10 − the level (rest), in"
           " tricks times the value"), "полвиста", default="quota"),
    Key("whist.stalingrad", Flag(), _R, N_("a 6♠ must be whisted by both defenders"), "сталинград"),
    Key("remise.gora", _pos, _R, N_("declarer's gora per undertrick, times the value"), "ремиз"),
    Key("remise.consolation", _pos, _R,
        N_("whists each eligible opponent writes per undertrick, times the value"), "консоляция"),
    Key("remise.consolation_flat", _pos, _R,
        N_("consolation whists per undertrick whatever the contract (0: remise.consolation times"
           " the value)"), "консоляция", default=0),
    Key("remise.consolation_to", Choice(("defenders", "whisters", "all", "none")), _R,
        N_("who writes consolation: both defenders, the whisters only, also the 4-player dealer,"
        " or nobody")),
    Key("gora_first", Flag(), _R,
        N_("a made game first writes off the declarer's gora, the rest into his pulya"),
        default=False),
    # --- Russian: raspasy ------------------------------------------------------------
    Key("raspasy.prices", ListOf(_pos, 1), _R,
        N_("price per trick of the 1st, 2nd, 3rd consecutive raspasy; the last repeats"),
        "распасы, прогрессия"),
    Key("raspasy.cycle", Flag(), _R,
        N_("after the last raspasy price the progression starts again from the first"),
        default=False),
    Key("raspasy.amnesty", Flag(), _R, N_("take the fewest tricks off everyone before scoring")),
    Key("raspasy.zero", Choice(("none", "one", "price")), _R,
        N_("a player with no tricks writes nothing, 1, or the current price into his pulya")),
    Key("raspasy.exit", ListOf(_level, 1), _R,
        N_("lowest contract allowed right after the 1st, 2nd, 3rd+ raspasy"), "выход из распасов"),
    Key("raspasy.scoring", Choice(("gora", "lowest_writes")), _R,
        N_("tricks go into gora at the price, or the lowest writes whists on the others (Rostov)")),
    Key("raspasy.rate", _pos, _R, N_("lowest_writes: whists per trick of difference")),
    Key("raspasy.talon", Choice(("open", "closed", "dealer")), _R,
        N_("the talon is opened, kept closed, or its tricks go to the 4-player dealer"), "прикуп"),
    # --- Russian: pulya, overflow, end, premiums, settlement -------------------------
    # a pulya is written in whole points; 0 would end the game before its first deal
    Key("pulya", Integer(1), _R, N_("the pulya each player plays to"), "пуля"),
    Key("overflow", Choice(("help", "gora", "keep")), _R,
        N_("points beyond a closed pulya help partners, write off own gora, or stay in the pulya"),
        "помощь"),
    Key("help_whists", _pos, _R, N_("whists the helper writes per point of help")),
    Key("help.sitting_out", Flag(), _R,
        N_("at four players the dealer sitting out can be helped too"), default=False),
    Key("overflow.floor", Choice(("none", "zero")), _R,
        N_("what help leaves over writes off the helper's gora down to 0 at most, the rest lost"
           " (zero), or without a floor (none)"), default="none"),
    Key("split", Choice(("none", "half")), _R,
        N_("half of a made game goes to pulya and half writes off own gora")),
    Key("end", Choice(("each", "total", "manual")), _R,
        N_("the game ends when every pulya is closed, when the pulyas add up to the total, or"
        " when the players say so")),
    Key("premiums.prize", _pos, _R, N_("whists the first to close writes on each other player"),
        "призёр"),
    Key("premiums.amnesty", _pos, _R,
        N_("whists the smallest gora writes on each other player when a pulya closes"), "амнистер"),
    Key("premiums.jumps", Integer(0), _R,
        N_("jumps in the game (\"5 по 20\": 5); 0: not played in jumps"), "скачки"),
    Key("settle.pulya_whists", _pos, _R, N_("whists per pulya point at the settlement")),
    Key("settle.rounding", Choice(("exact", "whole")), _R,
        N_("exact, or whole: what each gora point writes on each other player is rounded to a"
           " whole whist, a half down (the paper rule)"), default="exact"),
    Key("settle.gora_whists", _divisor, _R, N_("whists per gora point at the settlement")),
    Key("bombs", Flag(), _R, N_("dark raspasy and bombs are in use"), "бомбы"),
    Key("dark.raspasy", ListOf(_pos, 1), _R,
        N_("penalty multiplier of the 1st, 2nd, 3rd consecutive dark raspasy"), "пас в тёмную"),
    Key("dark.game", _pos, _R, N_("multiplier of a contract bid and played dark"), "игра в тёмную"),
    Key("dark.bombs", ListOf(_pos, 1), _R,
        N_("multiplier of a game played on a bomb, a double bomb, an ёлка"),
        "бомба, двойная бомба, ёлка", default=(Fraction(2), Fraction(4), Fraction(8))),
    Key("robber.stage", Flag(), _R,
        N_("the game opens with the разбойник: compulsory games, then laps of raspasy"), "разбойник",
        default=False),
    Key("robber.games", ListOf(Choice(("6", "7", "8", "9", "10", "misere")), 0), _R,
        N_("the games each player must declare in the разбойник"), default=()),
    Key("robber.raspasy_laps", Integer(0), _R,
        N_("laps of raspasy (one deal per player each) that end the разбойник"), default=0),
    Key("robber.strict", Flag(), _R,
        N_("refuse a deal that does not fit the разбойник (otherwise it is noted)"), default=False),
    # --- Balkan ------------------------------------------------------------------------
    Key("start", _pos, _B, N_("bule each player starts with, a debt counted down to 0"), "bule"),
    Key("values", ListOf(_divisor, 6, 6), _B,  # the bettel value scales a failed bettel
        N_("bule for spades, diamonds, hearts, clubs, bettel, sans (2 × 2..7)")),
    Key("no_talon", _pos, _B, N_("added to the value of a game played without the talon"), "igra"),
    Key("quota", NumberOrWord(Integer(0, 10), ("table",)), _B,
        N_("tricks each whister must take (the pair twice as many), or table: who fell is what"
           " the table says on the deal (fell), not the trick count")),
    Key("defence_cap", Integer(0, 10), _B, N_("defence tricks that count when the contract fails")),
    Key("bettel_fail.supe", NumberOrWord(_pos, ("per_trick",)), _B,
        N_("supe each defender writes on a failed bettel (scaled for a bettel without talon),"
           " or per_trick: the bettel's value × the tricks the declarer took")),
    Key("bettel_fail.bule", _pos, _B,
        N_("bule the declarer takes on a failed bettel (scaled for a bettel without talon)")),
    Key("refe.max", Integer(0), _B, N_("all-passes that give refes in one game (30 → 1, 50 → 3)"),
        "refe"),
    Key("refe.factor", _pos, _B, N_("multiplier of a game played on a refe")),
    Key("contra.factors", ListOf(_pos, 0, 4), _B,
        N_("multipliers of contra, recontra, subcontra, mortcontra (the list's length is the most"
        " a table allows)"), "kontra"),
    Key("contra.writer", Choice(("each", "caller")), _B,
        N_("after a contra each whister writes his own tricks (each), or the defender who"
           " called it writes all the defence's supe and answers for contra.quota tricks"
           " (caller)"), "kontra", default="each"),
    Key("contra.quota", Integer(0, 10), _B,
        N_("contra.writer: caller: the defence tricks the caller answers for (in place of"
           " contra.caller_penalty)"), default=5),
    Key("contra.caller_penalty", Flag(), _B,
        N_("a defender who called contra pays the penalty when the defence takes 4 tricks or"
           " fewer (false: he answers only for his own quota, as any whister)"),
        "штраф за контру", default=False),
    Key("two_uncontrad", Choice(("declarer_wins", "refe_all", "played")), _B,
        N_("a plain two (spades, with talon, no refe) with no contra: the declarer wins without"
        " play, it is not played and everyone gets a refe, or it is played like any game")),
    Key("two_no_refe", Choice(("nothing", "declarer_wins")), _B,
        N_("refe_all when no refe can be given: nothing happens, or the declarer wins")),
    Key("double_fall", Flag(), _B,
        N_("a failed game worth more than the declarer's bule left costs him double"),
        "duplo padanje"),
    Key("settle.bule_whists", _pos, _B, N_("whists per bule at the settlement")),
    # --- Austrian and Illustrated: the pot ----------------------------------------------
    Key("pot.buy_in", _pos, _A, N_("units each player puts into the pot at the start and at each"
        " refill"), "взнос в банк"),
    Key("pot.ante", _pos, _A, N_("units the dealer adds to the pot before each deal (all-passes"
        " too)"), "ставка сдающего"),
    Key("pot.played_for", Choice(("fixed", "whole", "suit")), _A,
        N_("what a suit contract is played for: a fixed amount, the whole pot, or by the trump")),
    Key("pot.fixed", _pos, _A, N_("the amount a contract is played for when it is fixed")),
    Key("pot.limit", _pos, _A, N_("the most a contract is played for (0: no limit)")),
    Key("pot.suit_values", ListOf(_pos, 4, 4), _A,
        N_("the amount played for in clubs, spades, diamonds, hearts (Styrian)")),
    Key("pot.short", Choice(("cap", "refill")), _A,
        N_("a pot holding less than the amount: play for what is there, or refill it first")),
    Key("trick_rate", _pos, _A, N_("what the declarer pays a defender per trick, as a part of the"
        " amount played for")),
    Key("quota.defender", Integer(0, 10), _A, N_("tricks a defender who plays must take")),
    Key("quota.host", Integer(0, 10), _A, N_("tricks the host and his invited partner must take")),
    Key("penalty.declarer", _pos, _A, N_("times the amount a failed declarer puts into the pot")),
    Key("penalty.defender", _pos, _A, N_("times the amount a short defender (or host) puts into"
        " the pot")),
    Key("bonus.hearts", _pos, _A, N_("units each opponent pays for hearts without the talon")),
    Key("bonus.aces", _pos, _A, N_("units each opponent pays for four aces")),
    Key("bonus.no_aces", _pos, _A, N_("units each opponent pays for no aces, announced")),
    Key("bonus.scope", Choice(("all", "games_only", "none")), _A,
        N_("which contracts carry bonuses: all, only those without the talon, none")),
    Key("bonus.aces_on_fail", Choice(("none", "pay")), _A,
        N_("four aces when the declarer fails: nothing, or he pays each opponent")),
    Key("bonus.payers", Choice(("active", "all")), _A,
        N_("who pays bonuses at four: the two defenders, or the dealer who sits out too")),
    Key("refill", Choice(("ask", "none")), _A,
        N_("after an empty pot: a refill line starts it again (ask), or there is no refill")),
    Key("end", Choice(("pot_empty", "manual")), _A,
        N_("the game ends when the pot is empty after a deal, or only at an end line")),
    Key("end.leftover", Choice(("share", "contributors", "carry")), (AUSTRIAN, GREEK),
        N_("what is left in the pot at the end: shared equally, in proportion to what each put"
        " in, or kept in the pot for the next session")),
    Key("extras", ListOf(Choice(("bettel", "durchmarsch", "plauderer", "offener", "sans")), 0),
        _A, N_("the extra contracts allowed (Illustrated)"), "дополнительные ставки"),
    Key("extras.values", ListOf(_pos, 5, 5), _A,
        N_("units of bettel, durchmarsch, plauderer, offener durchmarsch, sans atout")),
    Key("extras.no_talon", _pos, _A, N_("multiplier of an extra contract played without the"
        " talon")),
    Key("extras.defence", Choice(("forced",)), _A, N_("defenders cannot drop out of an extra")),
    Key("extras.bonuses", Choice(("none",)), _A, N_("extras carry no hearts or aces bonus")),
    Key("contra.on", Choice(("no_trump_extras",)), _A, N_("contracts a defender may contra")),
    Key("contra.max", Integer(0, 2), (AUSTRIAN, SWABIAN),
        N_("1: contra only (×2); 2: the declarer may answer recontra (×4)"), "контра, реконтра"),
    Key("sans.target", Integer(0, 10), _A, N_("tricks Sans Atout needs")),
    Key("sans.scoring", Choice(("direct", "pot")), _A,
        N_("Sans Atout paid directly as an extra, or through the pot as a suit contract")),
    # --- Swabian --------------------------------------------------------------------------
    Key("values", ListOf(_pos, 6, 6), _S,
        N_("game numbers: leaves, bells, hearts, acorns, bettel, durchmarsch")),
    Key("required", ListOf(Integer(0, 10), 6, 6), _S,
        N_("tricks each game requires (leaves, bells, hearts, acorns, bettel, durchmarsch)")),
    Key("over", _pos, _S, N_("units per trick above the requirement (games 2-5)")),
    Key("under", _pos, _S, N_("units per trick short of the requirement (games 2-5)")),
    Key("hand.extra", Integer(0, 10), _S, N_("the extra trick a game from the hand requires")),
    Key("hand.value", _pos, _S, N_("added to the game number when played from the hand")),
    Key("hand.counts_from", Choice(("raised", "normal")), _S,
        N_("over- and undertricks from the hand count from the raised or the normal requirement")),
    Key("kunstwerk", _pos, _S, N_("units the bid winner pays the dealer for a paired talon"),
        "Kunstwerk"),
    Key("kunstwerk.dealer_declares", Choice(("none",)), _S,
        N_("the dealer who wins the bidding himself gets nothing for a paired talon")),
    Key("kunstwerk.hand", Choice(("none",)), _S,
        N_("a talon that is never taken is not turned: no Kunstwerk")),
    Key("end", Choice(("manual",)), _S, N_("the players stop when they agree (an end line)")),
    # --- Greek: the kasa -------------------------------------------------------------------
    Key("kasa", _pos, _G, N_("kapikia each player deposits in the kasa"), "κάσα"),
    Key("values", ListOf(_pos, 25, 25), _G,
        N_("kapikia per trick at 6, 7, 8, 9, 10, each in spades, clubs, diamonds, hearts, no trumps")),
    Key("nt10", Choice(("allowed", "no")), _G, N_("10 no trumps may be played (at value 10)")),
    Key("quotas", ListOf(Integer(0, 10), 10, 10), _G,
        N_("tricks the first and the second defender must take at 6, 7, 8, 9, 10")),
    Key("quota.alone", Choice(("first",)), _G, N_("a lone defender has the first defender's quota")),
    Key("solo", Integer(1, 10), _G, N_("the shortfall from which the payments are doubled"), "σόλο"),
    Key("solo.partner", Choice(("double", "single")), _G,
        N_("a doubled defender pays his partner doubled too, or single")),
    Key("aces", ListOf(_pos, 0, 2), _G, N_("the four-aces bonus at 6 and at 7 or more (none: off)")),
    Key("aces.on_fail", Choice(("single", "double", "none")), _G,
        N_("a short declarer with four aces pays each opponent the bonus once, doubled, or not")),
    Key("concede", Choice(("down_two",)), _G, N_("a concession is paid as two tricks short")),
    Key("allpass", Choice(("redeal", "played")), _G,
        N_("all passed: dealt again, or played (each pays for his tricks above the fewest)")),
    Key("last", Choice(("normal", "unbalanced", "fair")), _G,
        N_("the last contract, when the kasa cannot pay it: reduced, reduced unless someone goes"
        " in, or in full")),
    Key("end", Choice(("kasa_empty", "manual")), _G,
        N_("the game ends when less than 10 remain in the kasa, or at an end line")),
)

_BY_FAMILY: dict[str, dict[str, Key]] = {
    family: {key.path: key for key in KEYS if family in key.families} for family in FAMILIES
}

#: keys that say what a convention is rather than how it scores
IDENTITY = ("family", "name", "title", "aliases")


def register_family(family: str, keys: tuple[Key, ...]) -> None:
    """Add a scoring family from outside pulka: its own keys, with the keys every family has
    (the identity, players, price)."""
    if family not in FAMILIES:
        FAMILIES.append(family)
    _BY_FAMILY[family] = {key.path: key for key in (*KEYS, *keys) if family in key.families}


def keys_for(family: str) -> dict[str, Key]:
    """The keys a convention of this family defines, by path."""
    return _BY_FAMILY[family]
