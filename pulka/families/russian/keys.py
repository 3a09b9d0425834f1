"""The Russian family's convention keys (see :class:`pulka.convention.schema.Key`): each one's
type, what it means in English and in Russian, its Russian term, and the default a journal
written before it existed is read with.

The rules read a key through its declaration here (``conv[WHIST_RATE]`` is a number); adding a
key is a declaration here, a rule that reads it, and a test. The keys every family has (family,
name, title, aliases, players, price, currency) are in :mod:`pulka.convention.schema`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...convention.schema import Key
from ...convention.types import Choice, Flag, Integer, ListOf, Number

_level = Integer(6, 10)
_pos = Number(Fraction(0))
#: a rate the settlement divides by: 0 means nothing at a table, so it is refused
_divisor = Number(Fraction(0), nonzero=True)

# --- contract games ------------------------------------------------------------------------------
VALUES = Key(
    "values", ListOf(_pos, 5, 5),
    "pulya points for a made 6, 7, 8, 9, 10",
    "сколько пишется в пулю за сыгранные 6, 7, 8, 9, 10", term="стоимость игр")
MISERE_VALUE = Key(
    "misere.value", _pos,
    "pulya points for a made misère",
    "сколько пишется в пулю за сыгранный мизер", term="мизер")
MISERE_PENALTY = Key(
    "misere.penalty", _pos,
    "gora points per trick taken on a failed misère",
    "сколько пишется в гору за каждую взятку на несыгранном мизере")
MISERE_CONSOLATION = Key(
    "misere.consolation", _pos,
    "whists each opponent writes on a failed misère, per trick taken",
    "сколько вистов каждый противник пишет на не сыгравший мизер за каждую взятую взятку",
    term="консоляция за мизер", default=0)
WHIST_RATE = Key(
    "whist.rate", _pos,
    "whists per defence trick, times the contract value",
    "висты за каждую взятку вистующих, умноженные на стоимость игры", term="висты")
WHIST_QUOTA = Key(
    "whist.quota", ListOf(Integer(0, 10), 5, 5),
    "tricks the defence must take against a 6, 7, 8, 9, 10",
    "норма взяток вистующих против 6, 7, 8, 9, 10", term="норма взяток")
WHIST_TEN = Key(
    "whist.ten", Choice(("whisted", "checked")),
    "a ten is whisted (quota applies) or checked (played out, no trick whists)",
    "десятерная вистуется (действует норма) или проверяется (разыгрывается, висты за взятки не пишутся)",
    term="десятерная вистуется / проверяется")
WHIST_RESPONSIBILITY = Key(
    "whist.responsibility", Choice(("full", "half")),
    "shortfall penalty of a whister: full or half",
    "штраф вистующего за недобор: полный или половинный", term="ответственный / полуответственный вист")
WHIST_LONE = Key(
    "whist.lone", Choice(("greedy", "gentleman", "gentleman_on_remise", "greedy_unless_remise")),
    "one whister and one passer: the whister takes all (greedy), shares half (gentleman), shares only"
    " when the declarer fails, writing his own tricks alone on a made game (gentleman_on_remise), or"
    " takes all on a made game and shares half when the declarer fails (greedy_unless_remise)",
    "один вистует, другой пасует: вистующий берёт всё (greedy, жлобский), делит пополам (gentleman,"
    " джентльменский), делит только при ремизе, а на сыгранной игре пишет только свои взятки"
    " (gentleman_on_remise), или на сыгранной игре берёт всё, а при ремизе делит пополам"
    " (greedy_unless_remise)", term="жлобский / джентльменский вист")
WHIST_PASSER_TRICKS = Key(
    "whist.passer_tricks", Choice(("yes", "none")),
    "a passer's own tricks earn whists when his partner whists alone (yes), or nothing (none)",
    "свои взятки пасующего дают висты, когда его партнёр вистует один (yes), или ничего (none)",
    default="yes")
WHIST_PAIR_LOW_QUOTA = Key(
    "whist.pair_low_quota", Choice(("second", "both_half", "both_full")),
    "two whisters take nothing on a quota-1 game: the second defender pays, both half, or each the whole"
    " shortfall (both_full)",
    "оба вистовали и не взяли ни одной взятки в игре с нормой 1: платит второй вистующий, оба пополам"
    " или каждый весь недобор (both_full)")
WHIST_HALF = Key(
    "whist.half", ListOf(_level, 0, 5),
    "levels where half-whist is allowed",
    "игры, на которых можно сказать полвиста", term="полвиста")
WHIST_HALF_BY = Key(
    "whist.half_by", Choice(("second", "either")),
    "who may half-whist: the second defender after the first passed (second), or also the first defender"
    " who said whist, retreating to a half-whist after the second passed (either: whist – pass – half)",
    "кто может сказать полвиста: второй защитник после паса первого (second) или ещё и первый, сказавший"
    " вист, который после паса второго уходит на полвиста (either: вист – пас – полвиста)",
    term="полвиста", default="second")
WHIST_HALF_CREDIT = Key(
    "whist.half_credit", Choice(("quota", "rest")),
    "the half-whister writes half the quota (quota) or half of 10 − the level (rest), in tricks times the"
    " value",
    "полвистующий пишет половину нормы (quota) или половину от 10 − уровень (rest), взятки × стоимость игры",
    term="полвиста", default="quota")
WHIST_STALINGRAD = Key(
    "whist.stalingrad", Flag(),
    "a 6♠ must be whisted by both defenders",
    "на 6♠ обязаны вистовать оба", term="сталинград")
TEN_CONSOLATION = Key(
    "ten.consolation", Choice(("yes", "none")),
    "a failed checked ten (whist.ten: checked) writes consolation (yes) or nothing (none)",
    "несыгранная проверяемая десятерная (whist.ten: checked) даёт консоляцию (yes) или ничего (none)",
    term="консоляция на десятерной", default="yes")
REMISE_GORA = Key(
    "remise.gora", _pos,
    "declarer's gora per undertrick, times the value",
    "гора играющего за каждую недобранную взятку, умноженная на стоимость игры", term="ремиз")
REMISE_CONSOLATION = Key(
    "remise.consolation", _pos,
    "whists each eligible opponent writes per undertrick, times the value",
    "висты, которые каждый противник, имеющий на них право, пишет за недобранную взятку, умноженные на"
    " стоимость игры", term="консоляция")
REMISE_CONSOLATION_FLAT = Key(
    "remise.consolation_flat", _pos,
    "consolation whists per undertrick whatever the contract (0: remise.consolation times the value)",
    "консоляция: вистов за каждую недобранную взятку при любой игре (0: remise.consolation × стоимость)",
    term="консоляция", default=0)
REMISE_CONSOLATION_TO = Key(
    "remise.consolation_to", Choice(("defenders", "whisters", "all", "none")),
    "who writes consolation: both defenders, the whisters only, also whoever sits the deal out (all: the"
    " dealer at four players, both sitters at five), or nobody",
    "кто пишет консоляцию: оба противника играющего, только вистующие, ещё и те, кто не играет сдачу (all:"
    " сдающий при игре вчетвером, оба отдыхающих впятером), или никто")
WITHOUT_THREE = Key(
    "without_three", Flag(),
    "a declarer may give up his contract before play (without three): 3 undertricks into his gora,"
    " nobody writes whists",
    "играющий может отказаться от игры до розыгрыша («без трёх»): в гору как за 3 недобранные взятки,"
    " вистов никто не пишет", term="без трёх", default=False)
GORA_FIRST = Key(
    "gora_first", Flag(),
    "a made game first writes off the declarer's gora, the rest into his pulya",
    "сыгранная игра сначала списывает гору играющего, остаток идёт в пулю", default=False)

# --- raspasy -------------------------------------------------------------------------------------
RASPASY_PRICES = Key(
    "raspasy.prices", ListOf(_pos, 1),
    "price per trick of the 1st, 2nd, 3rd consecutive raspasy; the last repeats",
    "цена взятки на первых, вторых, третьих распасах подряд; последняя повторяется",
    term="распасы, прогрессия")
RASPASY_CYCLE = Key(
    "raspasy.cycle", Flag(),
    "after the last raspasy price the progression starts again from the first",
    "после последней цены распасов прогрессия начинается сначала", default=False)
RASPASY_AMNESTY = Key(
    "raspasy.amnesty", Flag(),
    "take the fewest tricks off everyone before scoring",
    "перед записью вычесть у каждого наименьшее из чисел взятых взяток (амнистия)")
RASPASY_ZERO = Key(
    "raspasy.zero", Choice(("none", "one", "price")),
    "a player with no tricks writes nothing, 1, or the current price into his pulya",
    "игрок без взяток ничего не пишет, пишет в пулю 1 или текущую цену")
RASPASY_EXIT = Key(
    "raspasy.exit", ListOf(_level, 1),
    "lowest contract allowed right after the 1st, 2nd, 3rd+ raspasy",
    "наименьшая игра, разрешённая сразу после первых, вторых, третьих и дальнейших распасов",
    term="выход из распасов")
RASPASY_SCORING = Key(
    "raspasy.scoring", Choice(("gora", "lowest_writes")),
    "tricks go into gora at the price, or the lowest writes whists on the others (Rostov)",
    "взятки идут в гору по цене, или взявший меньше всех пишет висты на остальных (ростов)")
RASPASY_RATE = Key(
    "raspasy.rate", _pos,
    "lowest_writes: whists per trick of difference",
    "lowest_writes: висты за каждую взятку разницы")
FIVE_REST = Key(
    "five.rest", Choice(("right", "left", "manual")),
    "at five players, who sits out besides the dealer: the neighbour on his right, who cut (right: the"
    " three on the dealer's left play), the neighbour on his left (left), or the one each deal names"
    " (manual: rest A E)",
    "при игре впятером, кто отдыхает кроме сдающего: его сосед справа, который снимал (right: играют"
    " трое слева от сдающего), сосед слева (left) или тот, кого называет каждая сдача (manual:"
    " отдыхают А Д)", term="игра впятером", default="right")
DEAL_REPEAT_AFTER_RASPASY = Key(
    "deal.repeat_after_raspasy", Integer(0),
    "after a raspasy the same dealer deals again while the raspasy in a row (counted at the whole table)"
    " are at most this many, then the deal moves on; 0: the deal always moves",
    "после распасов сдаёт тот же игрок, пока распасов подряд (считая за всем столом) не больше этого"
    " числа, затем сдача переходит дальше; 0: сдача всегда переходит", term="пересдача после распасов",
    default=0)
RASPASY_TALON = Key(
    "raspasy.talon", Choice(("open", "closed", "dealer", "dealer_plays")),
    "the talon is opened, kept closed, or its tricks go to the dealer sitting out (dealer: charged at the"
    " price; dealer_plays: scored as a player's, in the amnesty and the zero bonus too)",
    "прикуп открывают, оставляют закрытым, или его взятки идут сдающему, который не играет (dealer:"
    " пишутся по цене; dealer_plays: считаются как взятки игрока, и в амнистии, и для премии за ноль)",
    term="прикуп")

# --- pulya, overflow, end, premiums, settlement --------------------------------------------------
# a pulya is written in whole points; 0 would end the game before its first deal
PULYA = Key(
    "pulya", Integer(1),
    "the pulya each player plays to",
    "размер пули, которую пишет каждый", term="пуля")
OVERFLOW = Key(
    "overflow", Choice(("help", "gora", "keep")),
    "points beyond a closed pulya help partners, write off own gora, or stay in the pulya",
    "очки сверх закрытой пули идут в помощь другим, списывают свою гору или остаются в пуле", term="помощь")
HELP_WHISTS = Key(
    "help_whists", _pos,
    "whists the helper writes per point of help",
    "висты, которые помогающий пишет за каждое очко помощи")
HELP_SITTING_OUT = Key(
    "help.sitting_out", Flag(),
    "the players sitting the deal out (the dealer at four, both sitters at five) can be helped too",
    "помогать можно и тем, кто не играет сдачу (сдающему вчетвером, обоим отдыхающим впятером)",
    default=False)
OVERFLOW_FLOOR = Key(
    "overflow.floor", Choice(("none", "zero")),
    "what help leaves over writes off the helper's gora down to 0 at most, the rest lost (zero), or without"
    " a floor (none)",
    "что осталось после помощи, списывает гору помогающего не ниже 0, остальное пропадает (zero), или без"
    " предела (none)", default="none")
SPLIT = Key(
    "split", Choice(("none", "half")),
    "half of a made game goes to pulya and half writes off own gora",
    "половина сыгранной игры идёт в пулю, половина списывает свою гору")
END = Key(
    "end", Choice(("each", "total", "manual")),
    "the game ends when every pulya is closed, when the pulyas add up to the total, or when the players say"
    " so",
    "пулька кончается, когда закрыты все пули, когда пули в сумме дошли до общей или когда так решат игроки")
PREMIUMS_PRIZE = Key(
    "premiums.prize", _pos,
    "whists the first to close writes on each other player",
    "висты, которые первым закрывший пулю пишет на каждого из остальных", term="призёр")
PREMIUMS_AMNESTY = Key(
    "premiums.amnesty", _pos,
    "whists the smallest gora writes on each other player when a pulya closes",
    "висты, которые игрок с наименьшей горой пишет на каждого из остальных, когда закрывается пуля",
    term="амнистер")
PREMIUMS_JUMPS = Key(
    "premiums.jumps", Integer(0),
    "jumps in the game (\"5 по 20\": 5); 0: not played in jumps",
    "число скачков в пульке (\"5 по 20\": 5); 0 — играют без скачков", term="скачки")
SETTLE_PULYA_WHISTS = Key(
    "settle.pulya_whists", _pos,
    "whists per pulya point at the settlement",
    "висты за каждое очко пули при расчёте")
SETTLE_ROUNDING = Key(
    "settle.rounding", Choice(("exact", "whole", "whole_apart")),
    "exact, or whole: what each gora point writes on each other player is rounded to a whole whist, a half"
    " down (the paper rule), or whole_apart: the pulya and the gora are not folded together, the smallest"
    " of each comes off, and each is turned into whists on its own, each rounded so",
    "exact (точно), или whole: что каждое очко горы пишет на каждого другого игрока, округляется до целого"
    " виста, половина вниз (правило бумаги), или whole_apart: пуля и гора не складываются, у каждой"
    " вычитается наименьшая, и каждая переводится в висты отдельно, с тем же округлением",
    default="exact")
SETTLE_GORA_WHISTS = Key(
    "settle.gora_whists", _divisor,
    "whists per gora point at the settlement",
    "висты за каждое очко горы при расчёте")
BOMBS = Key(
    "bombs", Flag(),
    "dark raspasy and bombs are in use",
    "играют тёмные распасы и бомбы", term="бомбы")
DARK_RASPASY = Key(
    "dark.raspasy", ListOf(_pos, 1),
    "penalty multiplier of the 1st, 2nd, 3rd consecutive dark raspasy",
    "множитель штрафа на первых, вторых, третьих тёмных распасах подряд", term="пас в тёмную")
DARK_GAME = Key(
    "dark.game", _pos,
    "multiplier of a contract bid and played dark",
    "множитель игры, заказанной и сыгранной в тёмную", term="игра в тёмную")
DARK_BOMBS = Key(
    "dark.bombs", ListOf(_pos, 1),
    "multiplier of a game played on a bomb, a double bomb, an ёлка",
    "множитель игры на бомбе, двойной бомбе, ёлке", term="бомба, двойная бомба, ёлка",
    default=(Fraction(2), Fraction(4), Fraction(8)))
ROBBER_STAGE = Key(
    "robber.stage", Flag(),
    "the game opens with the разбойник: compulsory games, then laps of raspasy",
    "пулька начинается с разбойника: обязательные игры, затем круги распасов", term="разбойник",
    default=False)
ROBBER_GAMES = Key(
    "robber.games", ListOf(Choice(("6", "7", "8", "9", "10", "misere")), 0),
    "the games each player must declare in the разбойник",
    "игры, которые каждый обязан заказать в разбойнике", default=())
ROBBER_RASPASY_LAPS = Key(
    "robber.raspasy_laps", Integer(0),
    "laps of raspasy (one deal per player each) that end the разбойник",
    "круги распасов (по одной сдаче на игрока), которыми кончается разбойник", default=0)
ROBBER_STRICT = Key(
    "robber.strict", Flag(),
    "refuse a deal that does not fit the разбойник (otherwise it is noted)",
    "не принимать сдачу, которая не подходит под разбойник (иначе она только отмечается)", default=False)


#: the family's own keys, in the order a journal writes them (after the keys every family has)
KEYS: tuple[Key[Any], ...] = (
    VALUES, MISERE_VALUE, MISERE_PENALTY, MISERE_CONSOLATION, WHIST_RATE, WHIST_QUOTA, WHIST_TEN,
    WHIST_RESPONSIBILITY, WHIST_LONE, WHIST_PASSER_TRICKS, WHIST_PAIR_LOW_QUOTA, WHIST_HALF,
    WHIST_HALF_BY, WHIST_HALF_CREDIT, WHIST_STALINGRAD, TEN_CONSOLATION, REMISE_GORA,
    REMISE_CONSOLATION, REMISE_CONSOLATION_FLAT, REMISE_CONSOLATION_TO, WITHOUT_THREE, GORA_FIRST,
    RASPASY_PRICES, RASPASY_CYCLE, RASPASY_AMNESTY, RASPASY_ZERO, RASPASY_EXIT, RASPASY_SCORING,
    RASPASY_RATE, RASPASY_TALON, FIVE_REST, DEAL_REPEAT_AFTER_RASPASY, PULYA, OVERFLOW, HELP_WHISTS,
    HELP_SITTING_OUT, OVERFLOW_FLOOR, SPLIT, END, PREMIUMS_PRIZE, PREMIUMS_AMNESTY, PREMIUMS_JUMPS,
    SETTLE_PULYA_WHISTS, SETTLE_ROUNDING, SETTLE_GORA_WHISTS, BOMBS, DARK_RASPASY, DARK_GAME,
    DARK_BOMBS, ROBBER_STAGE, ROBBER_GAMES, ROBBER_RASPASY_LAPS, ROBBER_STRICT,
)
#: the table sizes the rules are written for, whatever a convention's ``players`` says
SEATS = (2, 3, 4, 5)
