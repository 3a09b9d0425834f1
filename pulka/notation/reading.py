"""Reading one deal line with the vocabulary of the table's family (syntax only: the rules
are checked by the family)."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from fractions import Fraction

from ..errors import NotationError, Source
from ..frozen import NamedTuple
from ..game import Contract, Deal, DealKind, Decision, Strain
from ..i18n import _, language, ngettext
from ..names import letters, nfc, skeleton, twin_letters
from ..numbers import parse_number
from .tokens import Token, shown, tokenize
from .vocabulary import Meaning, Vocabulary, every_family_words, fold

#: the levels a contract may have, as written
LEVELS = ("6", "7", "8", "9", "10")
#: the columns an adjustment writes from one player on another
PAIR_COLUMNS = {"whists"}


class _Cursor:
    def __init__(self, tokens: list[Token], source: Source, players: tuple[str, ...],
                 words: Vocabulary, names: list[Token] | None = None) -> None:
        self.tokens = tokens
        self.words = words
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
            if (not token.quoted and token.word not in self.words.everything
                    and not _like_a_name(token, self.players)):
                raise self.unknown(token) from None
            raise
        if self.names is not None:
            self.names.append(token)
        return player

    def phrase(self, first: Token) -> Meaning | None:
        """What a word said in two (``без козыря``, ``пол виста``) means, the second word taken;
        None when the next word does not complete it."""
        second = self.peek()
        if first.quoted or second is None or second.quoted:
            return None
        meaning = self.words.phrases.get((first.word, second.word))
        if meaning is not None:
            self.take()
        return meaning

    def mark_phrase(self, first: Token) -> str | None:
        """The journal word of a mark said in two words (``без трёх``: ``without3``), the
        second word taken; None (nothing taken) when the words are not one."""
        second = self.peek()
        if first.quoted or second is None or second.quoted:
            return None
        meaning = self.words.phrases.get((first.word, second.word))
        if not isinstance(meaning, str):
            return None
        self.take()
        return meaning

    def without_talon(self, first: Token) -> bool:
        """Whether ``first`` and the words after it say "without the talon"
        (the vocabulary's ``no_talon_phrases``), the rest of the phrase taken if so."""
        rest = self.words.no_talon_phrases.get(first.word) if not first.quoted else None
        if rest is None:
            return False
        after = self.tokens[self.pos:self.pos + len(rest)]
        if tuple(t.word for t in after if not t.quoted) != rest:
            return False
        self.pos += len(rest)
        return True

    def unknown(self, token: Token) -> NotationError:
        """A word that is neither a player's name nor one of the vocabulary's: named as a
        word, with the nearest word the table's notation has."""
        near = nearest(token.word, self.words.everything)
        if near is not None:
            return self.error(_("{word!r}: no such word; did you mean {near}?").format(
                word=shown(token.text), near=self.words.shown.get(near, near)), token)
        return self.error(_("{word!r}: no such word, nor a player at the table (players: "
                            "{players})").format(word=shown(token.text),
                                                 players=", ".join(self.players)), token,
                          hint=_contract_hint(self.words))

    def count(self, token: Token | None) -> int | None:
        """The number a word says, in digits (0-9) or in words (``два``, ``одной``), or None
        (a word that is exactly a player's name is his name)."""
        if token is None or token.quoted:
            return None
        if _is_int(token.word):
            return int(token.word) if len(token.word) <= 3 else 99  # (never int() a huge one)
        value = self.words.counts.get(token.word)
        if value is None or _is_named(token.word, self.players):
            return None
        return value

    def unit(self) -> None:
        """Take the word a number of tricks may be followed by (``взятки``), if it follows."""
        after = self.peek()
        if after is not None and not after.quoted and after.word in self.words.units:
            self.take()

    def decision(self, token: Token) -> Decision:
        """The answer a word stands for (``пол`` may be followed by ``виста``)."""
        said = self.phrase(token)
        return said if isinstance(said, Decision) else self.words.decisions[token.word]


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


def parse_deal(line: str, players: tuple[str, ...], words: Vocabulary,
               source: Source | None = None) -> Deal:
    """Read one deal in the notation, with the vocabulary of the table's family (syntax only;
    the rules are checked elsewhere).

    A long game repeats the same lines again and again, so parsed deals are cached (a Deal is
    never changed once made).

    Raises:
        NotationError: with the column of the word that could not be read.
    """
    try:
        return parse_cached(line, players, words)
    except NotationError:
        return _parse_deal(line, players, words, source)  # again, to point at the right place


@functools.lru_cache(maxsize=8192)
def parse_cached(line: str, players: tuple[str, ...], words: Vocabulary) -> Deal:
    """:func:`parse_deal` for a line read many times, cached; its errors carry no place (read
    the line again with :func:`parse_deal` to point at it)."""
    return _parse_deal(line, players, words, None)


def _elsewhere(line: str, players: tuple[str, ...], words: Vocabulary,
               names: list[Token] | None, seen: list[Token] | None) -> Deal | None:
    """The deal a line holds in the words of another family's table (``все-пас`` typed at a
    Russian one), or None: read so that this table's rules can say why its game has no such
    deal, rather than a word taken for a player's name."""
    every = every_family_words()
    if every is words:
        return None
    try:
        deal = _parse_deal(line, players, every, None, names, seen, fallback=False)
    except NotationError:
        return None
    return deal


class Typed(NamedTuple):
    """A deal as a player typed it, read once: the deal, and the words of the notation it
    was typed in (not names, not numbers), which tell the style to say it back in.

    Attributes:
        deal: the deal read.
        said: the tokens that are words of the notation.
    """

    deal: Deal
    said: tuple[Token, ...]


def read_typed(line: str, players: tuple[str, ...], words: Vocabulary,
               source: Source | None = None) -> Typed:
    """Read a line a player typed (not cached: each is read once), with the words it was
    typed in.

    Raises:
        NotationError: the line is not a deal, with the column of the word at fault.
    """
    names: list[Token] = []
    tokens: list[Token] = []
    deal = _parse_deal(line, players, words, source, names, tokens)
    named = {token.col for token in names}
    return Typed(deal, tuple(token for token in tokens if not token.quoted
                             and token.col not in named and not _is_int(token.word)))


def words_of(line: str, players: tuple[str, ...], words: Vocabulary) -> list[Token]:
    """The tokens of a deal that are words of the notation (not names, not numbers): what
    tells the vocabulary the player typed in.

    Raises:
        NotationError: the line is not a deal.
    """
    return list(read_typed(line, players, words).said)


def _parse_deal(line: str, players: tuple[str, ...], words: Vocabulary, source: Source | None,
                names: list[Token] | None = None, seen: list[Token] | None = None,
                fallback: bool = True) -> Deal:
    """Read a line with ``words``; where it does not read, with every family's words
    (:func:`_elsewhere`), unless ``fallback`` is False. The error is the table's own."""
    try:
        return _read_with(line, players, words, source, names, seen)
    except NotationError:
        if fallback:
            if names is not None:
                names.clear()
            if seen is not None:
                seen.clear()
            deal = _elsewhere(line, players, words, names, seen)
            if deal is not None:
                return deal
        raise


def _read_with(line: str, players: tuple[str, ...], words: Vocabulary, source: Source | None,
               names: list[Token] | None, seen: list[Token] | None) -> Deal:
    source = source or Source("<deal>")
    tokens = tokenize(line, source, players)
    if seen is not None:
        seen += tokens
    cursor = _Cursor(tokens, source, players, words, names)
    if not tokens:
        raise NotationError(_("empty deal"), source)
    rest = _take_rest(cursor)
    if rest:
        deal = _read_kind(cursor)
        if deal.kind not in (DealKind.CONTRACT, DealKind.RASPASY):
            raise cursor.error(_("only a deal of cards says who sits it out"))
        return deal.replace(rest=rest)
    return _read_kind(cursor)


def _take_rest(cursor: _Cursor) -> tuple[str, ...]:
    """The two players a deal at five says sit it out (``rest Аня Вера``, anywhere in the
    line), their three words taken out of the line."""
    tokens = cursor.tokens
    at = [i for i, t in enumerate(tokens) if not t.quoted and t.word in cursor.words.rest]
    if not at:
        return ()
    if len(at) > 1:
        raise cursor.error(_("{word!r} is said twice in one deal").format(
            word=tokens[at[1]].text), tokens[at[1]])
    i = at[0]
    said = tokens[i + 1:i + 3]
    if len(said) < 2:
        raise cursor.error(_("{word!r} names the two who sit the deal out: {word} Аня Вера")
                           .format(word=tokens[i].text), tokens[i])
    rest = tuple(cursor.name(token) for token in said)
    if rest[0] == rest[1]:
        raise cursor.error(_("{player} is named twice").format(player=rest[0]), said[1])
    cursor.tokens = tokens[:i] + tokens[i + 3:]
    if not cursor.tokens:
        raise cursor.error(_("empty deal"))
    return rest


def _read_kind(cursor: _Cursor) -> Deal:
    """The deal the cursor's words hold, by its first word."""
    tokens, words = cursor.tokens, cursor.words
    first = tokens[0]
    kind = None if first.quoted else words.kinds.get(first.word)
    taken = 1  # the words that say the kind of deal
    said = [t.word for t in tokens[:3] if not t.quoted]
    if kind is None and len(tokens) >= 2 and not first.quoted and not tokens[1].quoted:
        said_in_two = words.phrases.get((first.word, tokens[1].word))
        if isinstance(said_in_two, DealKind):  # все пас
            kind, taken = said_in_two, 2
    if len(said) == 3 and all(word in words.all_passed for word in said):  # πάσο, πάσο, πάσο
        kind, taken = DealKind.ALLPASS, 3
    if kind is None:
        return _parse_contract(cursor)
    cursor.pos = taken
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
        if cursor.count(token) is not None or cursor.count(count) is None:
            raise cursor.error(_("an all-pass is not played, so nothing follows {word!r}: no "
                                 "names, no tricks").format(word=first.text), token,
                               hint=_("write `allpass` alone; where an all-pass is played, "
                                      "each player and his tricks: allpass Аня 3 Борис 4 Вера 3"))
        player = cursor.name(token)
        if player in tricks:
            raise cursor.error(_("{player} is named twice").format(player=player), token)
        said = cursor.take()
        _set_tricks(cursor, tricks, player, said, cursor.count(said))
        cursor.unit()
    return Deal(DealKind.ALLPASS, tricks=tricks)


def _suits_hint() -> str:
    return _("s c d h nt, ♠ ♣ ♦ ♥, пик треф бубен черви бк")


def _contract_hint(words: Vocabulary) -> str:
    """Examples of a contract at the family's table (in Russian, those in its Russian
    words and signs: `7♥, пики, беттель`)."""
    examples = words.contract_hint
    if language() == "ru":
        said = [e for e in examples.split(", ") if not re.search("[a-z]", e, re.IGNORECASE)]
        examples = ", ".join(said) or examples
    return _("for example {contracts}").format(contracts=examples)


def _parse_contract_token(cursor: _Cursor) -> Contract:
    token = cursor.peek()
    if token is None:
        raise cursor.error(_("a contract is missing after the declarer"), hint=_contract_hint(cursor.words))
    cursor.take()
    word = token.word
    suits, games = cursor.words.suits, cursor.words.games
    if word in games:
        return Contract(None, games[word])
    said = cursor.words.counts.get(word) if not token.quoted else None
    if said is not None and 6 <= said <= 10:  # шесть пик, seven hearts
        suit = cursor.peek()
        if suit is not None and not suit.quoted and suit.word in suits:
            cursor.take()
            return Contract(said, suits[suit.word])
        if suit is not None:
            cursor.take()
            strain = cursor.phrase(suit)  # шесть без козыря
            if isinstance(strain, Strain):
                return Contract(said, strain)
        raise cursor.error(_("a suit must follow the level {level}").format(level=token.text),
                           suit or token, hint=_suits_hint())
    for level in sorted(LEVELS, key=len, reverse=True):
        if word.startswith(level):
            rest = word[len(level):]
            if rest in suits:
                return Contract(int(level), suits[rest])
            if rest and rest[0] not in "0123456789":
                strain = cursor.phrase(token._replace(word=rest))  # 6без козыря
                if isinstance(strain, Strain):
                    return Contract(int(level), strain)
                raise cursor.error(_("{word!r}: {rest!r} is not a suit").format(
                    word=token.text, rest=rest), token, hint=_suits_hint())
            if rest == "":
                suit = cursor.peek()
                if suit is not None and not suit.quoted and suit.word in suits:
                    cursor.take()
                    return Contract(int(level), suits[suit.word])
                if suit is not None:
                    cursor.take()
                    strain = cursor.phrase(suit)  # 6 без козыря
                    if isinstance(strain, Strain):
                        return Contract(int(level), strain)
                raise cursor.error(_("a suit must follow the level {level}").format(level=level),
                                   suit or token, hint=_suits_hint())
            break
    if word in suits and suits[word] is not Strain.NOTRUMP:
        return Contract(None, suits[word])  # a Balkan game is named by its suit alone
    if re.match(r"[+-]?\d", word) and not re.match(r"[+-]?[0-9]", word):
        raise cursor.error(_("{word!r}: a contract's level is written with the digits 0-9").format(
            word=shown(token.text)), token)
    if re.match(r"[+-]?[0-9]", word):
        raise cursor.error(_("{word!r}: a contract's level is 6 to 10").format(word=token.text),
                           token, hint=_("for example 6s, 7♥, 8 пик, 9nt, 10d"))
    raise cursor.error(_("{word!r} is not a contract").format(word=token.text), token,
                       hint=_contract_hint(cursor.words))


def parse_contract(text: str, words: Vocabulary, source: Source | None = None) -> Contract:
    """Read a contract on its own: ``6s``, ``7 пик``, ``misere``, ``bettel``.

    Raises:
        NotationError: the text is not one contract.
    """
    source = source or Source("<contract>")
    cursor = _Cursor(tokenize(text, source), source, (), words)
    contract = _parse_contract_token(cursor)
    if cursor.peek() is not None:
        raise cursor.error(_("{text!r} is not one contract").format(text=text), cursor.peek())
    return contract


def _parse_contract(cursor: _Cursor) -> Deal:
    w = cursor.words
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
        elif (mark := cursor.mark_phrase(token)) is not None:
            word = mark
        named, after_name = after_name, False
        if ((word in w.dark and dark) or (word in w.no_talon and no_talon)
                or (word in w.invite and invite)):  # a typo, not a stronger game
            raise cursor.error(_("{word!r} is said twice in one deal").format(word=token.text),
                               token)
        if word in w.short and cursor.count(cursor.peek()) is not None:
            _set_short(cursor, tricks, subject, declarer, contract, token)
        elif word in w.short and (after := cursor.peek()) is not None and after.word in w.units:
            cursor.take()  # без взяток: no trick taken
            _set_tricks(cursor, tricks, subject, after, 0)
        elif word in w.marks:
            if w.marks[word] in marks:
                raise cursor.error(_("{word!r} is said twice in one deal").format(
                    word=token.text), token)
            marks.append(w.marks[word])
        elif word in w.made and subject == declarer and made is None \
                and not _names_a_player(token, cursor.players):
            made = w.made[word]
        elif word in w.dark:
            dark = True
        elif word in w.no_talon:
            no_talon = True
        elif word in w.invite:
            invite = True
        elif _count_said(cursor, tricks, subject, token, word):
            pass
        elif (word in w.decisions and subject == declarer and subject not in defence
              and not _names_a_player(token, cursor.players)):
            defence[subject] = cursor.decision(token)  # refused later: the declarer cannot defend
        elif word in w.contras and subject != declarer:
            contra[subject] = w.contras[word]
        elif word in w.contras and not _names_a_player(token, cursor.players):
            # (the declarer's own words: an opponent says contra, and the level of the
            # answers is written after that opponent's name)
            raise cursor.error(_("the declarer cannot say contra; his answer is recontra, "
                                 "written after the opponent's name"), token)
        elif word in w.fell and (word == "fell" or not _is_named(word, cursor.players)):
            if subject in fell:
                raise cursor.error(_("{word!r} is said twice in one deal").format(
                    word=token.text), token)
            fell.append(subject)  # refused later where the player cannot have fallen
        elif (word in w.clean and subject == declarer
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
                    if not nxt.quoted and nxt.word in w.decisions:
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
    for answer in cursor.words.decisions:
        pairs = twin_letters(token.text, answer) if skeleton(answer) == shape else []
        if len(answer) > 1 and pairs:
            ours, theirs = letters([a for a, _b in pairs]), letters([b for _a, b in pairs])
            return cursor.error(_("{word!r} has {ours} where the answer {answer!r} has {theirs}")
                                .format(word=token.text, ours=ours, answer=answer, theirs=theirs),
                                token, hint=_("type the word in one alphabet"))
    near = nearest(token.word, cursor.words.decisions)
    if near is not None:
        return cursor.error(_("{word!r}: no such answer; did you mean {near}?").format(
            word=shown(token.text), near=cursor.words.shown.get(near, near)), token)
    if re.search(r"[а-яё]", token.word):
        whist, pass_, half = "вист", "пас", "полвиста"
    else:
        whist, pass_, half = "whist", "pass", "half"
    return cursor.error(_("{word!r}: not a defence word; say {whist}, {pass_} or {half}").format(
        word=shown(token.text), whist=whist, pass_=pass_, half=half), token)


def nearest(word: str, known: Iterable[str]) -> str | None:
    """The word of ``known`` a (folded) word was most likely meant to be, when one is close
    (a letter or two off: вистонул for вистовал), else None."""
    if len(word) < 3:
        return None
    import difflib  # (only where a line does not read: start-up does without it)

    found = difflib.get_close_matches(word, [w for w in known if len(w) > 2], n=1, cutoff=0.7)
    return found[0] if found else None


def _like_a_name(token: Token, players: tuple[str, ...]) -> bool:
    """Would a player read this word as a name: written with a capital letter, the start of
    a player's name, or close to one at the table? (Anything else is a word the notation does
    not know.)"""
    names = [fold(p) for p in players]
    if token.text[:1].isupper() or any(name.startswith(token.word) for name in names):
        return True
    import difflib

    return bool(difflib.get_close_matches(token.word, names, n=1, cutoff=0.6))


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


def _count_said(cursor: _Cursor, tricks: dict[str, int], subject: str | None, token: Token,
                word: str | None) -> bool:
    """Whether ``token`` is a number of tricks (as digits or words, then a unit word), set
    as ``subject``'s; a number that is not whole is refused."""
    said = cursor.count(token)
    if said is not None:
        _set_tricks(cursor, tricks, subject, token, said)
        cursor.unit()
        return True
    if word is not None and _NOT_WHOLE.fullmatch(word):
        raise cursor.error(_("{number}: tricks are whole numbers from 0 to 10").format(
            number=token.text), token)
    return False


def _set_tricks(cursor: _Cursor, tricks: dict[str, int], subject: str | None, token: Token,
                value: int | None = None) -> None:
    """A player's tricks, as ``token`` says them (or ``value``, a number said in words)."""
    if subject is None:
        raise cursor.error(_("whose tricks are {number}? name the player first").format(
            number=token.text), token)
    if subject in tricks:
        raise cursor.error(_("{player}'s tricks are given twice").format(player=subject), token)
    if token.text.startswith("+"):  # (the README's tricks are digits: +6 is a typo)
        raise cursor.error(_("{number}: tricks are written with the digits 0-9, no sign").format(
            number=shown(token.text)), token)
    if value is None:
        value = int(token.text) if len(token.text) <= 3 else 99  # (never int() a huge number)
    if value < 0:  # (no number of tricks: the count's plural form would not fit it)
        raise cursor.error(_("{number} tricks: a player takes 0 to 10 tricks").format(
            number=shown(token.text)), token)
    if value > 10:
        raise cursor.error(ngettext("{number} trick: a player takes 0 to 10 tricks",
                                    "{number} tricks: a player takes 0 to 10 tricks",
                                    _count(token.text)).format(number=shown(token.text)), token)
    tricks[subject] = value


def _set_short(cursor: _Cursor, tricks: dict[str, int], subject: str, declarer: str,
               contract: Contract, token: Token) -> None:
    """``без одной``, ``минус 2``, ``down 1``: the declarer's tricks, from what his contract
    needs at this table (a misère's: the tricks he took)."""
    said = cursor.take()
    short = cursor.count(said)
    assert short is not None
    cursor.unit()
    if subject != declarer:
        raise cursor.error(_("{word!r} {count}: only the declarer's game goes down; a defender's "
                             "tricks are said as a number").format(word=token.text,
                                                                   count=said.text), token)
    needs = cursor.words.needs(contract) if cursor.words.needs is not None else None
    if needs is None:
        raise cursor.error(_("{word!r} {count}: say how many tricks the declarer took (what "
                             "{contract} needs is this table's rule)").format(
                                 word=token.text, count=said.text, contract=contract.pretty()),
                           token)
    taken = short if needs == 0 else needs - short
    if not 0 <= taken <= 10 or short == 0:
        raise cursor.error(_("{contract} {word} {count}: no such number of tricks").format(
            contract=contract.pretty(), word=token.text, count=said.text), said)
    _set_tricks(cursor, tricks, declarer, said, taken)


def _count(digits: str) -> int:
    """The number a count's plural form is chosen by (a huge one by its last two digits, which
    is what the form depends on)."""
    return int(digits) if len(digits) <= 3 else 100 + int(digits[-2:])


def _parse_raspasy(cursor: _Cursor) -> Deal:
    w = cursor.words
    tricks: dict[str, int] = {}
    looked: list[str] = []
    dark = 0
    subject: str | None = None
    while (token := cursor.peek()) is not None:
        cursor.take()
        word = None if token.quoted else token.word
        if word in w.dark and not tricks and subject is None:
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
        elif word in w.looked:
            if subject is None:
                raise cursor.error(_("who looked? write the name first: Аня 3 looked"), token)
            if subject not in looked:
                looked.append(subject)
        elif _count_said(cursor, tricks, subject, token, word):
            pass
        else:
            try:
                subject = cursor.name(token)
            except NotationError:
                if word is not None and _bids(word, w):  # not a player: a contract or an answer
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


def _bids(word: str, w: Vocabulary) -> bool:
    """Is this word a contract or a defender's answer (which a raspasy never has)?"""
    if word in w.decisions or word in w.games:
        return True
    try:
        parse_contract(word, w)
    except NotationError:
        return False
    return True


def _parse_adjust(cursor: _Cursor) -> Deal:
    w = cursor.words
    columns: dict[str, dict] = {}
    column: str | None = None
    while (token := cursor.peek()) is not None:
        cursor.take()
        if not token.quoted and token.word in w.columns:
            column = w.columns[token.word]
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
            # (a decimal comma, as a Russian table writes 2,5)
            amount = parse_number(re.sub(r"(?<=[0-9]),(?=[0-9])", ".", amount_token.text))
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
