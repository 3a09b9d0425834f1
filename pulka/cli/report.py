"""Commands that read a game (a journal or a scoring vector): show, settle, verify, check."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import click

from .. import i18n
from ..errors import PulkaError
from ..gamefile import open_game
from ..i18n import N_, _, pgettext
from ..notation.vocabulary import words_for
from ..replay import family_of, final_state
from ..settlement.figures import build, to_json
from . import EXIT_BAD_INPUT, cli

if TYPE_CHECKING:
    from ..families.base import State, Step
    from ..game import Game
    from ..notation import Vocabulary

#: a game named on the command line, as text (a folder: pulka's own message)
GAME = click.argument("file", type=click.Path())
JSON = click.option("--json", "as_json", is_flag=True,
                    help=N_("Print it as JSON (language-neutral keys and values)."))


def _echo_json(data: object) -> None:
    import json  # only here: the commands that print no JSON start without it

    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def _is_journal(file: str) -> bool:
    return os.path.splitext(file)[1].lower() not in (".yaml", ".yml")


def _all_differences(game: Game, expect: dict, report: dict) -> list[str]:
    """The vector's ``expect`` and, deal by deal, its ``after`` checks (the payment games)."""
    from ..vectors.verify import after_differences, deal_facts, differences

    diffs = differences(expect, report)
    checks = game.meta.get("after")
    if isinstance(checks, dict):
        diffs += after_differences(checks, deal_facts(game, checks))
    return diffs


@contextmanager
def _in_english() -> Iterator[None]:
    """Texts made for JSON in the code's own words, whatever language the player reads."""
    spoken = i18n.language()
    i18n.use("en")
    try:
        yield
    finally:
        i18n.use(spoken)


class History:
    """What the journal's lines say of each deal beyond the deals in force: the deals voided
    and the earlier texts of each deal corrected, in the order written."""

    def __init__(self) -> None:
        self.texts: dict[int, list[str]] = {}  # number -> every text it had, first to last
        self.voided: set[int] = set()

    @classmethod
    def of(cls, file: str) -> History:
        history = cls()
        if not _is_journal(file):
            return history  # a vector: its deals are all in force, none corrected
        from ..journal import read

        for line in read(file).lines():
            if line.kind == "void":
                history.voided.add(line.number)
            elif line.kind == "restore":  # brought back as it stood
                history.voided.discard(line.number)
            else:
                history.texts.setdefault(line.number, []).append(line.text)
        return history

    def earlier(self, number: int) -> list[str]:
        """The texts deal ``number`` had before its last fix (empty: never corrected)."""
        return self.texts.get(number, [])[:-1]


def _rows(steps: list[Step], history: History) -> list[tuple[int, Step | None]]:
    """Every deal number, in order: the deal in force, or None for a deal voided."""
    rows: list[tuple[int, Step | None]] = [(s.number, s) for s in steps]
    rows += [(n, None) for n in history.voided if n in history.texts]
    return sorted(rows, key=lambda row: row[0])


def deal_list(steps: list[Step], history: History, words: Vocabulary) -> None:
    """Every deal with its dealer and what it wrote; voided and corrected deals marked."""
    from ..notation import format_deal

    heads = (pgettext("column", "deal"), pgettext("column", "dealer"),
             pgettext("column", "what was played"))
    dealers = [s.dealer or "" for s in steps]
    number_width = max([len(heads[0])] + [len(f"{s.number}.") for s in steps])
    dealer_width = max([len(heads[1])] + [len(d) for d in dealers])
    indent = " " * (number_width + dealer_width + 4)

    def row(number: str, dealer: str, text: str) -> str:
        return f"{number:>{number_width}}  {dealer:<{dealer_width}}  {text}".rstrip()

    click.echo(row(*heads))
    for number, step in _rows(steps, history):
        if step is None:
            text = history.texts[number][-1]
            click.echo(row(f"{number}.", "-", _("{deal}  (voided)").format(deal=text)))
            continue
        click.echo(row(f"{number}.", step.dealer or "", format_deal(step.deal, words)))
        for old in history.earlier(number):
            click.echo(indent + _("corrected; it was: {deal}").format(deal=old))
        for line in [p.describe() for p in step.postings] + list(step.notes):
            click.echo(f"{indent}  {line}")


def _deal_json(steps: list[Step], history: History,
               words: Vocabulary) -> list[dict[str, object]]:
    from ..notation import format_deal

    out: list[dict[str, object]] = []
    for number, step in _rows(steps, history):
        if step is None:
            out.append({"number": number, "status": "voided",
                        "deal": history.texts[number][-1],
                        "was": history.texts[number][:-1]})
            continue
        earlier = history.earlier(number)
        out.append({
            "number": number, "status": "fixed" if earlier else "in force",
            "dealer": step.dealer, "deal": format_deal(step.deal, words), "was": earlier,
            "postings": [{"column": p.column, "player": p.player, "target": p.target,
                          "amount": to_json(p.amount)} for p in step.postings],
        })
    return out


def _play_json(game: Game, state: State) -> dict[str, object]:
    """What ``show --json`` adds to the numbers of ``settle --json`` (which has the next
    dealer and the family's streaks): the rules' hash and who sits out."""
    return {"rules": game.table.convention.digest(), "sitting_out": state.sitting_out}


@cli.command()
@GAME
@click.option("--deals", "with_deals", is_flag=True,
              help=N_("Also list every deal: its dealer, what it wrote, and the deals voided "
                      "or corrected."))
@click.option("--paper", is_flag=True, help=N_("Draw the sheet as players keep it on paper."))
@JSON
def show(file: str, with_deals: bool, paper: bool, as_json: bool) -> None:
    """The sheet now: pulya, gora, whists, whose deal is next, and the settlement so far."""
    from ..journal import read

    journal = read(file) if _is_journal(file) else None  # read once: the game and its drift
    game = journal.game() if journal is not None else open_game(file)[0]
    from ..render.registry import get_renderer

    renderer = get_renderer(game.table.convention.family)
    listed = not as_json and (paper or renderer.sheet_lists_deals)
    if with_deals or listed:  # every deal's step is kept and drawn
        from ..gamefile import refuse_too_large

        refuse_too_large(file)
    report, state, settlement, steps = build(game, keep_steps=with_deals or listed)
    history = History.of(file) if with_deals else None
    if as_json:
        data = to_json(report)
        assert isinstance(data, dict)
        data.update(_play_json(game, state))
        if history is not None:
            words = words_for(game.table.convention.family)
            data["deal_list"] = _deal_json(steps, history, words)
        _echo_json(data)
        return
    from ..render import text

    if history is not None:
        deal_list(steps, history, words_for(game.table.convention.family))
    if paper:
        from ..render.paper_kit import show_paper

        show_paper(game, report, state, settlement, steps)
    else:
        text.show(game, report, state, settlement, steps)
    if journal is not None:
        from ..recorder import convention_drift

        note = convention_drift(journal)
        if note:
            if paper:  # the paper sheet fits the terminal's width, and so does the note under it
                import textwrap

                from ..render.width import terminal_columns

                note = textwrap.fill(note, terminal_columns())
            click.echo(note)


@cli.command()
@GAME
@click.option("--json", "as_json", is_flag=True,
              help=N_("Print the sheet and settlement as JSON."))
@click.option("--explain", is_flag=True,
              help=N_("Show the settlement the paper way, step by step."))
@click.option("--text", "as_text", is_flag=True,
              help=N_("A short plain summary to paste into the table's chat: the game, each "
                      "player's result, who pays whom."))
def settle(file: str, as_json: bool, explain: bool, as_text: bool) -> None:
    """Settle the game (расписать пулю): whists, money, and who pays whom."""
    if as_text and (as_json or explain):
        raise click.UsageError(_("--text cannot be given with --json or --explain"))
    game, _unused = open_game(file)
    report, state, settlement, _steps = build(game, keep_steps=False)
    if as_text:
        from ..render.chat import chat_lines

        for line in chat_lines(game, settlement, state, report["deals"]):  # type: ignore[arg-type]
            click.echo(line)
        return
    if as_json:
        data = to_json(report)
        if explain:
            data["explain"] = [  # type: ignore[index]
                {"step": title, "lines": list(lines)}
                for title, lines in family_of(game.table).explain(state).steps
            ]
        _echo_json(data)
        return
    from ..render import text
    from ..settlement.money import explained  # the family's steps, then how the cents were rounded

    explanation = explained(state, family_of(game.table), settlement) if explain else None
    text.settlement_text(game, settlement, explanation, state)


@cli.command()
@click.argument("files", nargs=-1, required=True,
                type=click.Path())  # a folder: pulka's own message
@JSON
def verify(files: tuple[str, ...], as_json: bool) -> None:
    """Check scoring vectors against their `expect` (a journal is only checked).

    \b
    Every file is checked, whatever the others hold. Exit status:
      0  every file read and matched its expect;
      1  a file read well but its numbers differ (each difference is printed);
      2  a file could not be read or replayed (bad input: its message goes to stderr).
    """

    passed = failed = bad = 0
    results: list[dict[str, object]] = []
    for path in files:
        try:
            game, expect = open_game(path)
            report, *_rest = build(game)
        except PulkaError as exc:
            click.echo(_("error: {message}").format(message=exc), err=True)
            bad += 1
            results.append({"file": str(path), "status": "error"})
            continue
        if expect is None:
            passed += 1
            results.append({"file": str(path), "status": "ok", "expect": False})
            if not as_json:
                click.echo(_("ok   {file} (a journal: checked, no expectations)").format(
                    file=path))
            continue
        if as_json:
            with _in_english():
                diffs = _all_differences(game, expect, report)
        else:
            diffs = _all_differences(game, expect, report)
        results.append({"file": str(path), "status": "fail" if diffs else "ok",
                        "expect": True, **({"differences": diffs} if diffs else {})})
        if diffs:
            failed += 1
        else:
            passed += 1
        if as_json:
            continue
        if diffs:
            click.echo(_("FAIL {file}").format(file=path))
            for line in diffs:
                click.echo(f"  {line}")
        else:
            click.echo(_("ok   {file}").format(file=path))
    if passed or failed:  # nothing on stdout when no file could be read at all
        if as_json:
            _echo_json({"files": results, "passed": passed, "failed": failed, "bad": bad})
        elif bad:
            click.echo(_("{passed} passed, {failed} failed, {bad} not read (bad input)").format(
                passed=passed, failed=failed, bad=bad))
        else:
            click.echo(_("{passed} passed, {failed} failed").format(passed=passed,
                                                                     failed=failed))
    if bad:
        raise SystemExit(EXIT_BAD_INPUT)
    if failed:
        raise SystemExit(1)


@cli.command()
@GAME
@JSON
def check(file: str, as_json: bool) -> None:
    """Replay the game and run every check; prints nothing and exits 0 when all is well.

    Otherwise every problem of the deals is listed with its place, and the status is 2: a
    deal refused is passed over as if voided, and the deals after it are checked without it.
    """
    try:
        game, _unused = open_game(file)
        state, count = final_state(game)
    except PulkaError:
        _list_problems(file, as_json)  # (a header that does not read is raised again there)
        raise  # (the file read well when it was read again: its first problem, as it was)
    if as_json:
        _echo_json({"file": str(file), "ok": True, "convention": game.table.convention.name,
                    "rules": game.table.convention.digest(), "deals": count,
                    "finished": state.finished})


def _list_problems(file: str, as_json: bool) -> None:
    """Every problem of the game, each as one ``error:`` line on stderr (and, with --json,
    the list in English on stdout), then exit status 2; nothing when none is found."""
    from ..replay.problems import every_problem
    from .committed import say

    table, problems = every_problem(file)
    if not problems:
        return
    for problem in problems:
        say(_("error: {message}").format(message=problem))
    if as_json:
        if i18n.language() != "en":
            with _in_english():
                _table, problems = every_problem(file)
        _echo_json({"file": str(file), "ok": False, "convention": table.convention.name,
                    "rules": table.convention.digest(),
                    "errors": [_problem_json(problem) for problem in problems]})
    raise SystemExit(EXIT_BAD_INPUT)


def _problem_json(problem: PulkaError) -> dict[str, object]:
    """A problem as ``check --json`` lists it: its place, its deal, its kind (in words of no
    language) and its message."""
    from ..errors import ConventionError, IllegalDealError, JournalError, NotationError

    kinds = ((NotationError, "notation"), (IllegalDealError, "illegal"),
             (JournalError, "journal"), (ConventionError, "convention"))
    kind = next((word for cls, word in kinds if isinstance(problem, cls)), "other")
    source = problem.source
    path, line, col = (source.path, source.line, source.col) if source else (None, 0, 0)
    return {"filename": path, "lineno": line or None, "col": col or None,
            "deal": problem.deal if problem.deal is not None else problem.line_deal,
            "kind": kind, "message": problem.message, "hint": problem.hint}
