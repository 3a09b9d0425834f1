"""The deal notation: one deal per line, typed fast at the table, written back canonically.

Examples (players Аня, Борис, Вера)::

    Аня 6s 6 Борис whist 2 Вера whist 2     a six of spades, both whist
    Аня 6♠ Б вист 2 В вист 2                 the same, Russian words and name prefixes
    Борис 7h 6 Аня whist 4 Вера pass         one whister; the passer's tricks may be left out
    Вера 8d Аня pass Борис pass              both pass: counted as made, not played
    Аня 6c Борис pass Вера half              half-whist
    Вера misere 1                            misère, the declarer took one trick
    raspasy Аня 4 Борис 0 Вера 6             all passed, played out
    raspasy dark 1 Аня 3 Борис 3 looked Вера 4
    allpass                                  (Balkan) all passed, a refe
    allpass Аня 3 Борис 4 Вера 3             (Greek, allpass: played) all passed, played out
    adjust pulya Аня 2 gora Борис -3 whists Аня Борис 10
    end                                      the players stop here

After a player's name come what he said (whist, pass, half), his tricks, and marks that are
his (looked, contra...). A name may be shortened to any prefix that is unambiguous; a name
with spaces, or one that reads like a keyword or number, is written in double quotes.
Anything after ``;`` is a comment. :func:`format_deal` writes the one canonical form, and
``parse_deal(format_deal(d)) == d``. The words players say at the table are read too (``6к``,
``без козыря``, ``пол-виста``, ``вистую``, ``мизер чистый``), in any case, ``ё`` as ``е``;
:mod:`pulka.notation.styles` writes a deal back in the words it was typed in.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from fractions import Fraction

from ..errors import NotationError, Source
from ..frozen import NamedTuple
from ..game import Contract, Deal, DealKind, Decision, Strain
from ..i18n import _, ngettext
from ..names import letters, nfc, skeleton, twin_letters
from ..numbers import format_number, parse_number

# --- vocabulary ----------------------------------------------------------------------------

def fold(text: str) -> str:
    """A word as it is compared with the vocabulary: case folded, ё read as е."""
    return text.casefold().replace("ё", "е")


def _words(text: str) -> list[str]:
    """The vocabulary's words, folded as a word said is (a Greek final ς is compared as σ)."""
    return [fold(word) for word in text.split()]


SUITS: dict[str, Strain] = {}
for _strain, _spelled in {
    Strain.SPADES: "s ♠ ♤ п пик пики пика spade spades pik",
    Strain.CLUBS: "c ♣ ♧ т треф трефы трефа к крести кресты крестей clubs club tref",
    Strain.DIAMONDS: "d ♦ ♢ б бубны бубен бубна буби diamonds diamond karo",
    Strain.HEARTS: "h ♥ ♡ ч черви червей червы черва hearts heart herc",
    Strain.NOTRUMP: "nt бк б/к бкз bk notrump notrumps",
}.items():
    for _word in _words(_spelled):
        SUITS[_word] = _strain
# the Swabian games by their German names (payment-families.md §3.4: leaves are pulka's s,
# bells d, hearts h, acorns c) and the Greek suits (§4.6), with and without their accents
for _strain, _spelled in {
    Strain.SPADES: "grün gruen μπαστούνια μπαστουνια",
    Strain.CLUBS: "eichel σπαθιά σπαθια",
    Strain.DIAMONDS: "schelle καρά καρα",
    Strain.HEARTS: "herz κούπες κουπες",
    Strain.NOTRUMP: "άχροα αχροα αχρωμάτιστα αχρωματιστα",
}.items():
    for _word in _words(_spelled):
        SUITS.setdefault(_word, _strain)

NO_TRICK_GAMES: dict[str, Strain] = {
    **{w: Strain.MISERE for w in _words("misere misère mis мизер мизёр")},
    **{w: Strain.BETTEL for w in _words("bettel betl berač berac беттель бетл")},
    **{w: Strain.SANS for w in _words("sans sanac санац санс")},
    # the payment games' extras (payment-families.md §2.4)
    **{w: Strain.DURCHMARSCH for w in _words("durchmarsch dm дурхмарш")},
    **{w: Strain.PLAUDERER for w in _words("plauderer ouvert болтун плаудерер")},
    **{w: Strain.OFFENER for w in _words("offener odm оффенер")},
}

DECISIONS: dict[str, Decision] = {
    **{w: Decision.WHIST for w in _words("whist w вист в v")},
    **{w: Decision.PASS for w in _words("pass p пас п")},
    **{w: Decision.HALF for w in _words("half halfwhist полвиста пв ½")},
}

KINDS: dict[str, DealKind] = {
    **{w: DealKind.RASPASY for w in _words("raspasy rasp распасы распас распасовка")},
    **{w: DealKind.ALLPASS for w in _words("allpass все-пас пасы")},
    **{w: DealKind.ADJUST for w in _words("adjust поправка")},
    **{w: DealKind.END for w in _words("end конец")},
    **{w: DealKind.REFILL for w in _words("refill пополнение")},  # the payment games' pot
}

CONTRAS = {"contra": 1, "recontra": 2, "subcontra": 3, "mortcontra": 4,
           "контра": 1, "реконтра": 2, "субконтра": 3, "мортконтра": 4,
           # (as the Balkan tables say and write them in Latin letters)
           "kontra": 1, "rekontra": 2, "subkontra": 3, "mortkontra": 4}
CONTRA_WORDS = {1: "contra", 2: "recontra", 3: "subcontra", 4: "mortcontra"}
DARK_WORDS = set(_words("dark тёмная втёмную"))
LOOKED_WORDS = {"looked", "смотрел"}
NO_TALON_WORDS = {"igra", "notalon", "бп", "game", "spiel", "игра",
                  "hand", "срук"}  # Swabian aus den Händen: from the hand, without the talon
INVITE_WORDS = {"invite", "приглашение"}
#: (Balkan, ``quota: table``) the table says this defender fell: English, Serbian/Croatian, Russian.
#: Only the canonical ``fell`` is a keyword; the others stay the name of a player so called.
FELL_WORDS = {"fell", "pao", "pala", "пао", "пала", "упал", "упала"}
#: claims and events a payment game's deal may carry, after its tricks (payment-families.md)
MARK_WORDS = {"aces": "aces", "тузы": "aces", "noaces": "noaces", "безтузов": "noaces",
              "kunstwerk": "kunstwerk", "кунстверк": "kunstwerk", "concede": "concede"}
#: an extra contract reported as made or lost instead of by tricks
MADE_WORDS = {"made": True, "сыграл": True, "down": False, "без": False}
ADJUST_COLUMNS = {"pulya": "pulya", "пуля": "pulya", "gora": "gora", "гора": "gora",
                  "whists": "whists", "висты": "whists", "bule": "bule", "були": "bule",
                  "refe": "refe", "рефы": "refe", "hats": "hats", "шляпы": "hats"}
PAIR_COLUMNS = {"whists"}

#: words that a name must be quoted to mean (a suit never stands where a name could in the
#: canonical form, and a one-letter name wins over a decision where both could be meant)
KEYWORDS = (set(KINDS) | set(CONTRAS) | DARK_WORDS | LOOKED_WORDS | NO_TALON_WORDS
            | INVITE_WORDS | {"fell"} | set(ADJUST_COLUMNS) | {w for w in DECISIONS if len(w) > 1}
            | set(MARK_WORDS) | set(MADE_WORDS))

# The way players say it at the table. These words never stand where the canonical form puts a
# name (a defender's answer follows his name), so a player called Пол needs no quotes.
DECISIONS.update({
    # the payment games: Greek together and alone; play and drop for whist and pass
    **{w: Decision.TOGETHER for w in _words("together μαζί μαζι вместе")},
    **{w: Decision.ALONE for w in _words("alone μόνος μονος один")},
    **{w: Decision.WHIST for w in _words("play παίζω παιζω")},
    **{w: Decision.PASS for w in _words("drop πάσο πασο")},
    **{w: Decision.WHIST for w in _words("вистую")},
    **{w: Decision.PASS for w in _words("пасую")},
    **{w: Decision.HALF for w in _words("пол-виста пол")},
})
#: a Greek all-pass is said "πάσο, πάσο, πάσο" (each player passes in turn)
ALL_PASSED = set(_words("πάσο πασο"))
#: strains and answers said in two words: the first word, the second, what they mean
PHRASES: dict[tuple[str, str], Strain | Decision] = {
    ("без", "козыря"): Strain.NOTRUMP, ("без", "козырей"): Strain.NOTRUMP,
    ("пол", "виста"): Decision.HALF,
}
#: a game without the talon said in more words than one, the first word and the rest: без
#: прикупа, с рук, aus den Händen (the glossary's words)
NO_TALON_PHRASES = {"без": ("прикупа",), "с": ("рук",),
                    "aus": ("den", "händen")}
#: a misère with no trick taken: мизер чистый
CLEAN_WORDS = {"чистый", "чистая"}
LEVELS = ("6", "7", "8", "9", "10")

# --- tokens --------------------------------------------------------------------------------

_TOKEN = re.compile(r'"((?:[^"\\]|\\.)*)"|([^\s";]+)|(;.*)|(")')


class Token(NamedTuple):
    """A word of a line: its text, whether it was quoted, its column (1-based), and the text
    folded for comparison with keywords."""

    text: str
    quoted: bool
    col: int
    word: str


def tokenize(line: str, source: Source) -> list[Token]:
    """Split a line into tokens; ``;`` starts a comment; ``"..."`` quotes a name."""
    tokens = []
    normal = line.isascii() or unicodedata.is_normalized("NFC", line)  # names are kept in NFC
    for match in _TOKEN.finditer(line):
        if match.group(3) is not None:
            break
        if match.group(4) is not None:
            raise NotationError(_("unclosed quote"), source.at_col(match.start() + 1))
        if match.group(1) is not None:
            text = re.sub(r"\\(.)", r"\1", match.group(1))
            text = text if normal else nfc(text)
            tokens.append(Token(text, True, match.start() + 1, fold(text)))
        else:
            text = match.group(2) if normal else nfc(match.group(2))
            tokens.append(Token(text, False, match.start() + 1, fold(text)))
    return tokens


def shown(text: str, limit: int = 20) -> str:
    """A word as quoted in a message: cut short when it is absurdly long."""
    return text if len(text) <= limit else text[:limit] + "…"


def quote(name: str) -> str:
    """A player's name as written in a line: quoted when it could be misread."""
    plain = re.fullmatch(r"[^\W\d_][\w.'’-]*", name) is not None
    if plain and fold(name) not in KEYWORDS:
        return name
    escaped = name.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


# --- parsing -------------------------------------------------------------------------------


class _Cursor:
    def __init__(self, tokens: list[Token], source: Source, players: tuple[str, ...],
                 names: list[Token] | None = None) -> None:
        self.tokens = tokens
        self.pos = 0
        self.source = source
        self.players = players
        self.names = names  # when given, every token read as a player's name is kept here

    def peek(self) -> Token | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self) -> Token:
        token = self.tokens[self.pos]
        self.pos += 1
        return token

    def error(self, message: str, token: Token | None = None, hint: str | None = None) -> NotationError:
        col = token.col if token is not None else 0
        return NotationError(message, self.source.at_col(col) if col else self.source, hint=hint)

    def name(self, token: Token) -> str:
        try:
            player = resolve_player(token.text, self.players, quoted=token.quoted,
                                    where=self.source.at_col(token.col))
        except NotationError:
            if not token.quoted and re.fullmatch(_OTHER_DIGITS, token.text) and not _is_int(token.text):
                raise self.error(_("{word!r}: numbers are written with the digits 0-9").format(
                    word=shown(token.text)), token) from None
            raise
        if self.names is not None:
            self.names.append(token)
        return player

    def phrase(self, first: Token) -> Strain | Decision | None:
        """What a word said in two (``без козыря``, ``пол виста``) means, the second word taken;
        None when the next word does not complete it."""
        second = self.peek()
        if first.quoted or second is None or second.quoted:
            return None
        meaning = PHRASES.get((first.word, second.word))
        if meaning is not None:
            self.take()
        return meaning

    def without_talon(self, first: Token) -> bool:
        """Whether ``first`` and the words after it say "without the talon"
        (:data:`NO_TALON_PHRASES`), the rest of the phrase taken if so."""
        rest = NO_TALON_PHRASES.get(first.word) if not first.quoted else None
        if rest is None:
            return False
        after = self.tokens[self.pos:self.pos + len(rest)]
        if tuple(t.word for t in after if not t.quoted) != rest:
            return False
        self.pos += len(rest)
        return True

    def decision(self, token: Token) -> Decision:
        """The answer a word stands for (``пол`` may be followed by ``виста``)."""
        said = self.phrase(token)
        return said if isinstance(said, Decision) else DECISIONS[token.word]


#: a number in digits of any script (str.isdigit and \d take ٧ and ७ too; pulka reads 0-9 only);
#: compiled on first use, in re's cache (a journal in pulka's own form never needs it)
_OTHER_DIGITS = r"[+-]?\d+"


def resolve_player(text: str, players: tuple[str, ...], quoted: bool = False,
                   where: Source | None = None) -> str:
    """The player a (possibly shortened) name stands for; unquoted, case and ё/е do not count.

    Raises:
        NotationError: no player or more than one player matches.
    """
    text = nfc(text)  # (the players' names are NFC: check_players)
    if text in players:
        return text
    if not quoted:
        for same in (str.casefold, fold):  # Алена is Алёна, unless the table has both
            folded = same(text)
            exact = [p for p in players if same(p) == folded]
            if len(exact) == 1:
                return exact[0]
        for same in (str.casefold, fold):
            folded = same(text)
            starts = [p for p in players if same(p).startswith(folded)]
            if len(starts) == 1:
                return starts[0]
            if len(starts) > 1:
                raise NotationError(_could_be(text, starts), where,
                                    hint=_("type more of the name"))
    twin = _look_alike(text, players, quoted)
    if twin is not None:
        pairs = twin_letters(text, twin)
        ours, theirs = letters([a for a, _b in pairs]), letters([b for _a, b in pairs])
        raise NotationError(_("{text!r} is not at the table: {text!r} has {ours} where the "
                              "table's {twin!r} has {theirs}").format(
                                  text=text, ours=ours, twin=twin, theirs=theirs),
                            where, hint=_("type the name in one alphabet"))
    raise NotationError(_("{text!r} is not at the table (players: {players})").format(
        text=text, players=", ".join(players)), where)


def _could_be(text: str, players: list[str]) -> str:
    if len(players) == 2:
        return _("{text!r} could be {first} or {second}").format(
            text=text, first=players[0], second=players[1])
    return _("{text!r} could be {names} or {last}").format(
        text=text, names=", ".join(players[:-1]), last=players[-1])


def _look_alike(text: str, players: tuple[str, ...], quoted: bool) -> str | None:
    """The player whose name the text looks like (or, unquoted, the start of it) but whose
    letters differ (a Latin c for a Cyrillic с), or None."""
    shape = skeleton(text)
    for player in players:
        their = skeleton(player)
        if (their == shape or (not quoted and their.startswith(shape))) and twin_letters(
                text, player):
            return player
    return None


def parse_deal(line: str, players: tuple[str, ...], source: Source | None = None) -> Deal:
    """Read one deal in the notation (syntax only; the rules are checked elsewhere).

    A long game repeats the same lines again and again, so parsed deals are cached (a Deal is
    never changed once made).

    Raises:
        NotationError: with the column of the word that could not be read.
    """
    try:
        return parse_cached(line, players)
    except NotationError:
        return _parse_deal(line, players, source)  # again, to point at the right place


@functools.lru_cache(maxsize=8192)
def parse_cached(line: str, players: tuple[str, ...]) -> Deal:
    """:func:`parse_deal` for a line read many times, cached; its errors carry no place (read
    the line again with :func:`parse_deal` to point at it)."""
    return _parse_deal(line, players, None)


def words_of(line: str, players: tuple[str, ...]) -> list[Token]:
    """The tokens of a deal that are words of the notation (not names, not numbers): what
    tells the vocabulary the player typed in.

    Raises:
        NotationError: the line is not a deal.
    """
    names: list[Token] = []
    _parse_deal(line, players, None, names)
    named = {token.col for token in names}
    return [token for token in tokenize(line, Source("<deal>"))
            if not token.quoted and token.col not in named and not _is_int(token.word)]


def _parse_deal(line: str, players: tuple[str, ...], source: Source | None,
                names: list[Token] | None = None) -> Deal:
    source = source or Source("<deal>")
    tokens = tokenize(line, source)
    cursor = _Cursor(tokens, source, players, names)
    if not tokens:
        raise NotationError(_("empty deal"), source)
    first = tokens[0]
    kind = None if first.quoted else KINDS.get(first.word)
    said = [t.word for t in tokens[:3] if not t.quoted]
    if len(said) == 3 and all(word in ALL_PASSED for word in said):  # πάσο, πάσο, πάσο
        cursor.take()
        cursor.take()
        kind = DealKind.ALLPASS
    if kind is None:
        return _parse_contract(cursor)
    cursor.take()
    if kind is DealKind.RASPASY:
        return _parse_raspasy(cursor)
    if kind is DealKind.ADJUST:
        return _parse_adjust(cursor)
    if kind is DealKind.ALLPASS:
        return _parse_allpass(cursor, first)
    if cursor.peek() is not None:
        raise cursor.error(_("nothing may follow {word!r}").format(word=first.text), cursor.peek())
    return Deal(kind)


def _parse_allpass(cursor: _Cursor, first: Token) -> Deal:
    """``allpass`` alone, or, where an all-pass is played (Greek ``allpass: played``), each
    player with his tricks: ``allpass Аня 3 Борис 4 Вера 3``."""
    tricks: dict[str, int] = {}
    while (token := cursor.peek()) is not None:
        cursor.take()
        count = cursor.peek()
        if (not token.quoted and _is_int(token.word)) or count is None or count.quoted \
                or not _is_int(count.word):
            raise cursor.error(_("an all-pass is not played, so nothing follows {word!r}: no "
                                 "names, no tricks").format(word=first.text), token,
                               hint=_("write `allpass` alone; where an all-pass is played, "
                                      "each player and his tricks: allpass Аня 3 Борис 4 Вера 3"))
        player = cursor.name(token)
        if player in tricks:
            raise cursor.error(_("{player} is named twice").format(player=player), token)
        _set_tricks(cursor, tricks, player, cursor.take())
    return Deal(DealKind.ALLPASS, tricks=tricks)


def _suits_hint() -> str:
    return _("s c d h nt, ♠ ♣ ♦ ♥, пик треф бубен черви бк")


def _contract_hint() -> str:
    """Examples of a contract at every family's table (the notation does not know which)."""
    return _("for example 6s, 7♥, 8 пик, 9nt, misere; at a Balkan, Austrian or Swabian "
             "table the suit alone: s, ♥, sans, bettel")


def _parse_contract_token(cursor: _Cursor) -> Contract:
    token = cursor.peek()
    if token is None:
        raise cursor.error(_("a contract is missing after the declarer"), hint=_contract_hint())
    cursor.take()
    word = token.word
    if word in NO_TRICK_GAMES:
        return Contract(None, NO_TRICK_GAMES[word])
    for level in sorted(LEVELS, key=len, reverse=True):
        if word.startswith(level):
            rest = word[len(level):]
            if rest in SUITS:
                return Contract(int(level), SUITS[rest])
            if rest and rest[0] not in "0123456789":
                strain = cursor.phrase(token._replace(word=rest))  # 6без козыря
                if isinstance(strain, Strain):
                    return Contract(int(level), strain)
                raise cursor.error(_("{word!r}: {rest!r} is not a suit").format(
                    word=token.text, rest=rest), token, hint=_suits_hint())
            if rest == "":
                suit = cursor.peek()
                if suit is not None and not suit.quoted and suit.word in SUITS:
                    cursor.take()
                    return Contract(int(level), SUITS[suit.word])
                if suit is not None:
                    cursor.take()
                    strain = cursor.phrase(suit)  # 6 без козыря
                    if isinstance(strain, Strain):
                        return Contract(int(level), strain)
                raise cursor.error(_("a suit must follow the level {level}").format(level=level),
                                   suit or token, hint=_suits_hint())
            break
    if word in SUITS and SUITS[word] is not Strain.NOTRUMP:
        return Contract(None, SUITS[word])  # a Balkan game is named by its suit alone
    if re.match(r"[+-]?\d", word) and not re.match(r"[+-]?[0-9]", word):
        raise cursor.error(_("{word!r}: a contract's level is written with the digits 0-9").format(
            word=shown(token.text)), token)
    if re.match(r"[+-]?[0-9]", word):
        raise cursor.error(_("{word!r}: a contract's level is 6 to 10").format(word=token.text),
                           token, hint=_("for example 6s, 7♥, 8 пик, 9nt, 10d"))
    raise cursor.error(_("{word!r} is not a contract").format(word=token.text), token,
                       hint=_contract_hint())


def parse_contract(text: str, source: Source | None = None) -> Contract:
    """Read a contract on its own: ``6s``, ``7 пик``, ``misere``, ``bettel``.

    Raises:
        NotationError: the text is not one contract.
    """
    source = source or Source("<contract>")
    cursor = _Cursor(tokenize(text, source), source, ())
    contract = _parse_contract_token(cursor)
    if cursor.peek() is not None:
        raise cursor.error(_("{text!r} is not one contract").format(text=text), cursor.peek())
    return contract


def _parse_contract(cursor: _Cursor) -> Deal:
    declarer = cursor.name(cursor.take())
    contract = _parse_contract_token(cursor)
    defence: dict[str, Decision] = {}
    tricks: dict[str, int] = {}
    contra: dict[str, int] = {}
    fell: list[str] = []
    dark = no_talon = invite = False
    marks: list[str] = []
    made: bool | None = None
    subject = declarer
    after_name = False  # the word before was a player's name (his answer may follow)
    while (token := cursor.peek()) is not None:
        cursor.take()
        word = None if token.quoted else token.word
        if cursor.without_talon(token):
            word = "igra"  # (the phrase stands for the canonical word)
        named, after_name = after_name, False
        if ((word in DARK_WORDS and dark) or (word in NO_TALON_WORDS and no_talon)
                or (word in INVITE_WORDS and invite)):  # a typo, not a stronger game
            raise cursor.error(_("{word!r} is said twice in one deal").format(word=token.text),
                               token)
        if word in MARK_WORDS:
            if MARK_WORDS[word] in marks:
                raise cursor.error(_("{word!r} is said twice in one deal").format(
                    word=token.text), token)
            marks.append(MARK_WORDS[word])
        elif word in MADE_WORDS and subject == declarer and made is None \
                and not _names_a_player(token, cursor.players):
            made = MADE_WORDS[word]
        elif word in DARK_WORDS:
            dark = True
        elif word in NO_TALON_WORDS:
            no_talon = True
        elif word in INVITE_WORDS:
            invite = True
        elif word is not None and _is_int(word):
            _set_tricks(cursor, tricks, subject, token)
        elif word is not None and _NOT_WHOLE.fullmatch(word):
            raise cursor.error(_("{number}: tricks are whole numbers from 0 to 10").format(
                number=token.text), token)
        elif (word in DECISIONS and subject == declarer and subject not in defence
              and not _names_a_player(token, cursor.players)):
            defence[subject] = cursor.decision(token)  # refused later: the declarer cannot defend
        elif word in CONTRAS and subject != declarer:
            contra[subject] = CONTRAS[word]
        elif word in CONTRAS and not _names_a_player(token, cursor.players):
            # (the declarer's own words: an opponent says contra, and the level of the
            # answers is written after that opponent's name)
            raise cursor.error(_("the declarer cannot say contra; his answer is recontra, "
                                 "written after the opponent's name"), token)
        elif word in FELL_WORDS and (word == "fell" or not _is_named(word, cursor.players)):
            if subject in fell:
                raise cursor.error(_("{word!r} is said twice in one deal").format(
                    word=token.text), token)
            fell.append(subject)  # refused later where the player cannot have fallen
        elif (word in CLEAN_WORDS and subject == declarer
              and not _names_a_player(token, cursor.players)):
            if contract.strain is not Strain.MISERE:
                raise cursor.error(_("{word!r}: only a misère is played clean (no tricks)").format(
                    word=token.text), token)
            if declarer in tricks:
                raise cursor.error(_("{player}'s tricks are given twice").format(player=declarer),
                                   token)
            tricks[declarer] = 0  # мизер чистый: no trick taken
        else:
            if (named and word is not None and not re.fullmatch(_OTHER_DIGITS, word)
                    and not _names_a_player(token, cursor.players)
                    and _look_alike(token.text, cursor.players, False) is None):
                raise _not_an_answer(cursor, token)
            name = cursor.name(token)
            if name == declarer:
                subject = name
                after_name = True
            elif name in defence or name in tricks:
                raise cursor.error(_("{player} is named twice").format(player=name), token)
            else:
                subject = name
                after_name = True
                if name != declarer and (nxt := cursor.peek()) is not None:
                    if not nxt.quoted and nxt.word in DECISIONS:
                        defence[name] = cursor.decision(cursor.take())
                        after_name = False
    return Deal(DealKind.CONTRACT, declarer=declarer, contract=contract, defence=defence,
                tricks=tricks, dark=int(dark), no_talon=no_talon, invite=invite, contra=contra,
                made=made, marks=tuple(marks), fell=tuple(fell))


def _not_an_answer(cursor: _Cursor, token: Token) -> NotationError:
    """A word after a player's name that is neither an answer nor a name: named as a word, in
    the alphabet it was typed in, not as a player missing from the table; an answer typed with
    a letter of the other alphabet (a Latin c in пас) is named with that letter."""
    shape = skeleton(token.word)
    for answer in DECISIONS:
        pairs = twin_letters(token.text, answer) if skeleton(answer) == shape else []
        if len(answer) > 1 and pairs:
            ours, theirs = letters([a for a, _b in pairs]), letters([b for _a, b in pairs])
            return cursor.error(_("{word!r} has {ours} where the answer {answer!r} has {theirs}")
                                .format(word=token.text, ours=ours, answer=answer, theirs=theirs),
                                token, hint=_("type the word in one alphabet"))
    if re.search(r"[а-яё]", token.word):
        whist, pass_, half = "вист", "пас", "полвиста"
    else:
        whist, pass_, half = "whist", "pass", "half"
    return cursor.error(_("{word!r}: not a defence word; say {whist}, {pass_} or {half}").format(
        word=shown(token.text), whist=whist, pass_=pass_, half=half), token)


def _is_named(word: str, players: tuple[str, ...]) -> bool:
    """Is a player called exactly this (folded) word?"""
    return any(fold(player) == word for player in players)


def _names_a_player(token: Token, players: tuple[str, ...]) -> bool:
    """Could this word be a (shortened) player's name? After the declarer, a name wins."""
    try:
        resolve_player(token.text, players, quoted=token.quoted)
    except NotationError:
        return False
    return True


_NOT_WHOLE = re.compile(r"[+-]?([0-9]*[.,/][0-9]+|[0-9]+[.,/][0-9]*)")


def _is_int(word: str) -> bool:
    return re.fullmatch(r"[+-]?[0-9]+", word) is not None


def _set_tricks(cursor: _Cursor, tricks: dict[str, int], subject: str | None, token: Token) -> None:
    if subject is None:
        raise cursor.error(_("whose tricks are {number}? name the player first").format(
            number=token.text), token)
    if subject in tricks:
        raise cursor.error(_("{player}'s tricks are given twice").format(player=subject), token)
    value = int(token.text) if len(token.text) <= 3 else 99  # (never int() a huge number)
    if value < 0:  # (no number of tricks: the count's plural form would not fit it)
        raise cursor.error(_("{number} tricks: a player takes 0 to 10 tricks").format(
            number=shown(token.text)), token)
    if value > 10:
        raise cursor.error(ngettext("{number} trick: a player takes 0 to 10 tricks",
                                    "{number} tricks: a player takes 0 to 10 tricks",
                                    _count(token.text)).format(number=shown(token.text)), token)
    tricks[subject] = value


def _count(digits: str) -> int:
    """The number a count's plural form is chosen by (a huge one by its last two digits, which
    is what the form depends on)."""
    return int(digits) if len(digits) <= 3 else 100 + int(digits[-2:])


def _parse_raspasy(cursor: _Cursor) -> Deal:
    tricks: dict[str, int] = {}
    looked: list[str] = []
    dark = 0
    subject: str | None = None
    while (token := cursor.peek()) is not None:
        cursor.take()
        word = None if token.quoted else token.word
        if word in DARK_WORDS and not tricks and subject is None:
            if dark:
                raise cursor.error(_("{word!r} is said twice in one deal").format(word=token.text),
                                   token)
            rank = cursor.peek()
            if rank is None or not _is_int(rank.word):
                raise cursor.error(_("dark raspasy needs its rank: dark 1, dark 2 or dark 3"),
                                   token)
            dark = int(cursor.take().text) if len(rank.text) <= 3 else 0
            if dark not in (1, 2, 3):
                raise cursor.error(_("the rank of a dark raspasy is 1, 2 or 3"), rank)
        elif word in LOOKED_WORDS:
            if subject is None:
                raise cursor.error(_("who looked? write the name first: Аня 3 looked"), token)
            if subject not in looked:
                looked.append(subject)
        elif word is not None and _is_int(word):
            _set_tricks(cursor, tricks, subject, token)
        elif word is not None and _NOT_WHOLE.fullmatch(word):
            raise cursor.error(_("{number}: tricks are whole numbers from 0 to 10").format(
                number=token.text), token)
        else:
            try:
                subject = cursor.name(token)
            except NotationError:
                if word is not None and _bids(word):  # not a player: a contract or an answer
                    raise cursor.error(_("{word!r}: a raspasy has no contract, declarer or "
                                         "whist (all passed)").format(word=token.text), token,
                                       hint=_("raspasy Аня 4 Борис 3 Вера 3")) from None
                raise
            if subject in tricks:
                raise cursor.error(_("{player} is named twice").format(player=subject), token)
    if looked and not dark:  # only a dark raspasy is passed blind; it would be kept, meaning nothing
        raise cursor.error(_("{player} looked: only a dark raspasy is passed without looking")
                           .format(player=looked[0]),
                           hint=_("raspasy dark 1 Аня 3 Борис 3 Вера 4 looked"))
    return Deal(DealKind.RASPASY, tricks=tricks, dark=dark, looked=tuple(looked))


def _bids(word: str) -> bool:
    """Is this word a contract or a defender's answer (which a raspasy never has)?"""
    if word in DECISIONS or word in NO_TRICK_GAMES:
        return True
    try:
        parse_contract(word)
    except NotationError:
        return False
    return True


def _parse_adjust(cursor: _Cursor) -> Deal:
    columns: dict[str, dict] = {}
    column: str | None = None
    while (token := cursor.peek()) is not None:
        cursor.take()
        if not token.quoted and token.word in ADJUST_COLUMNS:
            column = ADJUST_COLUMNS[token.word]
            columns.setdefault(column, {})
            continue
        if column is None:
            raise cursor.error(_("say which column first: pulya, gora, whists, bule"), token)
        target = None
        player = cursor.name(token)
        if column in PAIR_COLUMNS:
            other = cursor.peek()
            if other is None:
                raise cursor.error(_("whists need a writer, a target and an amount: whists Аня "
                                     "Борис 10"), token)
            target = cursor.name(cursor.take())
        amount_token = cursor.peek()
        if amount_token is None:
            raise cursor.error(_("an amount must follow {word}").format(word=token.text), token)
        cursor.take()
        try:
            amount = parse_number(amount_token.text)
        except ValueError:
            raise cursor.error(_("{word!r} is not an amount").format(word=amount_token.text),
                               amount_token) from None
        cells = columns[column]
        if target is None:
            cells[player] = cells.get(player, Fraction(0)) + amount
        else:
            row = cells.setdefault(player, {})
            row[target] = row.get(target, Fraction(0)) + amount
    if not columns:
        raise cursor.error(_("an adjustment needs at least one column: adjust pulya Аня 2"))
    if empty := [name for name, cells in columns.items() if not cells]:  # recorded as nothing
        raise cursor.error(_("adjust {column}: a player and an amount must follow the column")
                           .format(column=empty[0]))
    return Deal(DealKind.ADJUST, adjust=columns)


# --- formatting ----------------------------------------------------------------------------


def format_deal(deal: Deal) -> str:
    """The canonical text of a deal (the form the journal is written in)."""
    if deal.kind is DealKind.CONTRACT:
        return _format_contract(deal)
    if deal.kind is DealKind.RASPASY:
        parts = ["raspasy"]
        if deal.dark:
            parts += ["dark", str(deal.dark)]
        for name, count in deal.tricks.items():
            parts += [quote(name), str(count)]
            if name in deal.looked:
                parts.append("looked")
        for name in deal.looked:
            if name not in deal.tricks:
                parts += [quote(name), "looked"]
        return " ".join(parts)
    if deal.kind is DealKind.ALLPASS and deal.tricks:  # played (Greek allpass: played)
        return " ".join(["allpass", *(f"{quote(name)} {count}"
                                      for name, count in deal.tricks.items())])
    if deal.kind is DealKind.ADJUST:
        parts = ["adjust"]
        for column, cells in deal.adjust.items():
            parts.append(column)
            for name, value in cells.items():
                if isinstance(value, dict):
                    for target, amount in value.items():
                        parts += [quote(name), quote(target), format_number(amount)]
                else:
                    parts += [quote(name), format_number(value)]
        return " ".join(parts)
    return deal.kind.value


def _format_contract(deal: Deal) -> str:
    assert deal.declarer is not None and deal.contract is not None
    parts = [quote(deal.declarer), str(deal.contract)]
    if deal.dark:
        parts.append("dark")
    if deal.no_talon:
        parts.append("igra")
    if deal.invite:
        parts.append("invite")
    if deal.declarer in deal.tricks:
        parts.append(str(deal.tricks[deal.declarer]))
    elif deal.made is not None:
        parts.append("made" if deal.made else "down")
    for name, decision in deal.defence.items():
        parts += [quote(name), decision.value]
        if name in deal.tricks:
            parts.append(str(deal.tricks[name]))
        if name in deal.contra:
            parts.append(CONTRA_WORDS[deal.contra[name]])
        if name in deal.fell:
            parts.append("fell")
    for name, count in deal.tricks.items():
        if name != deal.declarer and name not in deal.defence:
            parts += [quote(name), str(count)]
            if name in deal.contra:
                parts.append(CONTRA_WORDS[deal.contra[name]])
            if name in deal.fell:
                parts.append("fell")
    for name, level in deal.contra.items():
        if name not in deal.defence and name not in deal.tricks:
            parts += [quote(name), CONTRA_WORDS[level]]
            if name in deal.fell:
                parts.append("fell")
    parts += fell_alone(deal, "fell")
    parts += deal.marks
    return " ".join(parts)


def fell_alone(deal: Deal, word: str) -> list[str]:
    """``NAME fell`` for each player said to have fallen whose part of the line is not written
    otherwise (the declarer's own word, or a name with nothing else said)."""
    written = {*deal.defence, *deal.tricks, *deal.contra} - {deal.declarer}
    parts: list[str] = []
    for name in deal.fell:
        if name not in written:
            parts += [quote(name), word]
    return parts
