"""Settlement of a Russian sheet (расписать пулю), in closed form and the paper way. §1.4."""

from __future__ import annotations

from fractions import Fraction

from ...i18n import N_, _
from ...numbers import Exact, div, mixed
from ..base import Explanation, Term, linear_result
from .keys import SETTLE_GORA_WHISTS, SETTLE_PULYA_WHISTS, SETTLE_ROUNDING
from .state import RussianState

#: P × (pulya − mean pulya) − G × (gora − mean gora), plus net whists
TERMS = (Term(N_("pulya"), SETTLE_PULYA_WHISTS, 1), Term(N_("gora"), SETTLE_GORA_WHISTS, -1))


def result(state: RussianState) -> dict[str, Exact]:
    """P × (pulya − mean pulya) − G × (gora − mean gora) + net whists, for each player; with
    ``settle.rounding: whole``, what each gora point writes on each other player is first
    rounded to a whole whist (the same sum, worked as on paper); with ``whole_apart``, what
    each pulya point and each gora point write, each on its own."""
    rounding = state.table.convention[SETTLE_ROUNDING]
    if rounding == "whole":
        return _whole_result(state)
    if rounding == "whole_apart":
        return _apart_result(state)
    return linear_result(state, TERMS, {"pulya": state.pulya, "gora": state.gora})


def apart_shares(state: RussianState) -> tuple[dict[str, int], dict[str, int]]:
    """``settle.rounding: whole_apart``: what each player writes on every other for his pulya,
    and what every other writes on him for his gora: the smallest of each column taken off,
    × its whists ÷ n, each rounded to a whole whist (a half down)."""
    conv = state.table.convention
    n = len(state.players)
    out = []
    for column, rate in ((state.pulya, conv[SETTLE_PULYA_WHISTS]),
                         (state.gora, conv[SETTLE_GORA_WHISTS])):
        least = min(column.values())
        out.append({p: round_half_down(div((column[p] - least) * rate, n))
                    for p in state.players})
    return out[0], out[1]


def _apart_result(state: RussianState) -> dict[str, Exact]:
    pulya, gora = apart_shares(state)
    n = len(state.players)
    written, owed = sum(pulya.values()), sum(gora.values())
    # he writes his pulya share on each of the n − 1 others and each of them their own on him;
    # the gora the other way round
    return {p: state.sheet.net_whists(p) + n * pulya[p] - written - n * gora[p] + owed
            for p in state.players}


def gora_shares(state: RussianState) -> dict[str, Exact]:
    """What every other player writes on each one for his gora: the gora with the unfinished
    pulya added and the smallest taken off, × gora_whists ÷ n (rounded under ``whole``)."""
    conv = state.table.convention
    p_rate, g_rate = conv[SETTLE_PULYA_WHISTS], conv[SETTLE_GORA_WHISTS]
    n = len(state.players)
    gora = {p: state.gora[p] + div((state.target - state.pulya[p]) * p_rate, g_rate)
            for p in state.players}
    least = min(gora.values())
    shares = {p: div((gora[p] - least) * g_rate, n) for p in state.players}
    if conv[SETTLE_ROUNDING] == "whole":
        shares = {p: round_half_down(v) for p, v in shares.items()}
    return shares


def round_half_down(value: Exact) -> int:
    """The nearest whole number, a half rounded down: 2 1/3 → 2, 2 1/2 → 2, 2 2/3 → 3."""
    value = Fraction(value)
    low = value.numerator // value.denominator
    return low + 1 if value - low > Fraction(1, 2) else low


def _whole_result(state: RussianState) -> dict[str, Exact]:
    shares = gora_shares(state)
    total = sum(shares.values())
    n = len(state.players)
    return {p: state.sheet.net_whists(p) + total - n * shares[p] for p in state.players}


def explain(state: RussianState) -> Explanation:
    """The same settlement, step by step, as players work it out on paper."""
    conv = state.table.convention
    if conv[SETTLE_ROUNDING] == "whole_apart":
        return _explain_apart(state)
    players = state.players
    n = len(players)
    p_rate, g_rate = conv[SETTLE_PULYA_WHISTS], conv[SETTLE_GORA_WHISTS]
    target = state.target
    steps: list[tuple[str, tuple[str, ...]]] = []

    gora = dict(state.gora)
    lines = []
    for p in players:
        short = target - state.pulya[p]
        added = div(short * p_rate, g_rate)
        gora[p] += added
        lines.append(_("{player}: gora {gora} + ({target} − pulya {pulya}) × {pulya_rate}/"
                       "{gora_rate} = {total}").format(
            player=p, gora=mixed(state.gora[p]), target=mixed(target),
            pulya=mixed(state.pulya[p]), pulya_rate=mixed(p_rate), gora_rate=mixed(g_rate),
            total=mixed(gora[p])))
    steps.append((_("1. The unfinished pulya goes into the gora"), tuple(lines)))

    least = min(gora.values())
    lines = [_("the smallest gora is {least}; it is taken off every gora").format(
        least=mixed(least))]
    for p in players:
        gora[p] -= least
        lines.append(f"{p}: {mixed(gora[p])}")
    steps.append((_("2. Amnesty"), tuple(lines)))

    whists = dict(state.whists)
    lines = [_("each gora × {rate} ÷ {n} is written by every other player on its owner").format(
        rate=mixed(g_rate), n=n)]
    whole = conv[SETTLE_ROUNDING] == "whole"
    for p in players:
        share = div(gora[p] * g_rate, n)
        lines.append(_("{player}: {gora} × {rate} ÷ {n} = {share} from each of the others").format(
            player=p, gora=mixed(gora[p]), rate=mixed(g_rate), n=n, share=mixed(share)))
        if whole and round_half_down(share) != share:
            share = round_half_down(share)
            lines.append(_("  rounded to a whole whist (a half down): {share}").format(
                share=mixed(share)))
        for o in players:
            if o != p:
                whists[(o, p)] += share
    steps.append((_("3. The gora into whists"), tuple(lines)))
    steps += _netted(players, whists, 4)
    return Explanation(tuple(steps))


def _netted(players: tuple[str, ...], whists: dict[tuple[str, str], Exact],
            first: int) -> list[tuple[str, tuple[str, ...]]]:
    """The last two steps: the whists netted pair by pair, and the result in whists."""
    steps: list[tuple[str, tuple[str, ...]]] = []
    totals = {p: Fraction(0) for p in players}
    lines = []
    for i, a in enumerate(players):
        for b in players[i + 1:]:
            net = whists[(a, b)] - whists[(b, a)]
            totals[a] += net
            totals[b] -= net
            if net:
                lines.append(_("{a} – {b}: {ab} − {ba}: {net} to {winner}").format(
                    a=a, b=b, ab=mixed(whists[(a, b)]), ba=mixed(whists[(b, a)]),
                    net=mixed(-net if net < 0 else net), winner=a if net >= 0 else b))
            else:
                lines.append(_("{a} – {b}: even").format(a=a, b=b))
    steps.append((_("{n}. Whists netted pair by pair").format(n=first), tuple(lines)))

    lines = [f"{p}: {'+' if totals[p] > 0 else ''}{mixed(totals[p])}" for p in players]
    lines.append(_("sum: {sum}").format(sum=mixed(sum(totals.values(), Fraction(0)))))
    steps.append((_("{n}. The result in whists").format(n=first + 1), tuple(lines)))
    return steps


def _explain_apart(state: RussianState) -> Explanation:
    """``settle.rounding: whole_apart`` the paper way: the smallest pulya and the smallest gora
    taken off, then each column turned into whole whists on its own."""
    conv = state.table.convention
    players = state.players
    n = len(players)
    pulya_shares, gora_shares_ = apart_shares(state)
    whists = dict(state.whists)
    steps: list[tuple[str, tuple[str, ...]]] = []
    lines = []
    for title, column in ((_("the smallest pulya is {least}; it is taken off every pulya"),
                           state.pulya),
                          (_("the smallest gora is {least}; it is taken off every gora"),
                           state.gora)):
        least = min(column.values())
        lines.append(title.format(least=mixed(least)))
        lines += [f"  {p}: {mixed(column[p] - least)}" for p in players]
    steps.append((_("1. Amnesty of the pulya and of the gora"), tuple(lines)))
    for number, (column, rate, shares, gain) in enumerate((
            (state.pulya, conv[SETTLE_PULYA_WHISTS], pulya_shares, True),
            (state.gora, conv[SETTLE_GORA_WHISTS], gora_shares_, False)), 2):
        least = min(column.values())
        lines = [_("each pulya × {rate} ÷ {n} is written by its owner on every other player")
                 .format(rate=mixed(rate), n=n) if gain else
                 _("each gora × {rate} ÷ {n} is written by every other player on its owner")
                 .format(rate=mixed(rate), n=n)]
        for p in players:
            exact = div((column[p] - least) * rate, n)
            lines.append((_("{player}: {pulya} × {rate} ÷ {n} = {share} on each of the others")
                          if gain else
                          _("{player}: {gora} × {rate} ÷ {n} = {share} from each of the others"))
                         .format(player=p, pulya=mixed(column[p] - least),
                                 gora=mixed(column[p] - least), rate=mixed(rate), n=n,
                                 share=mixed(exact)))
            if shares[p] != exact:
                lines.append(_("  rounded to a whole whist (a half down): {share}").format(
                    share=mixed(shares[p])))
            for o in players:
                if o != p:
                    whists[(p, o) if gain else (o, p)] += shares[p]
        title = _("{n}. The pulya into whists") if gain else _("{n}. The gora into whists")
        steps.append((title.format(n=number), tuple(lines)))
    steps += _netted(players, whists, 4)
    return Explanation(tuple(steps))
