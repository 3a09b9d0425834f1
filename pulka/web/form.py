"""The deal form of the scorer's page: the family's own questions (:mod:`pulka.families.questions`,
the description guided `pulka play` asks too), driven here with the answers tapped so far.

The page keeps only the answers: each time it sends them all (``POST {scorer}/ask``), and the
server runs the family's questions on the game as it stands now, reading each answer as a typed
one is read, and says what the page shows: the questions answered (with the answer's label),
the next question with the answers the rules allow at that point, and the deal line once the
questions left may all be left unsaid (the page then posts it to ``deals`` as a typed line). An
answer the rules no longer allow (the game changed meanwhile) is said, and it and those after
it are dropped: the page asks that question again.
"""

from __future__ import annotations

import re
from typing import Any

from ..errors import PulkaError
from ..families.questions import Asking, Question, refused
from ..i18n import _

#: the most answers a deal is asked (a guard: a generator that never ends is a defect)
MOST = 64


def ask(game: Any, state: Any, answers: list[str | None]) -> dict[str, Any]:
    """What the page shows for these answers on this game (JSON)."""
    from ..notation import format_deal, words_for
    from ..replay import family_of

    family = family_of(game.table)
    if family.questions(state) is None:  # a family whose deals are only typed
        return {"asks": False, "asked": [], "question": None, "line": None, "refused": None}
    walked = _walk(lambda: family.questions(state), answers)
    words = words_for(game.table.convention.family)
    line = None
    if walked.question is None:
        line = None if walked.deal is None else format_deal(walked.deal, words)
    elif walked.question.optional:  # the rest left unsaid, where each may be
        rest = [value for _question, value in walked.taken]
        for _more in range(MOST):
            rest.append(None)
            tried = _walk(lambda: family.questions(state), rest)
            if tried.refused is not None:
                break
            if tried.question is None:
                line = None if tried.deal is None else format_deal(tried.deal, words)
                break
    return {"asks": True,
            "asked": [{"id": q.id, "ask": q.heading, "said": _said(q, value)}
                      for q, value in walked.taken],
            "question": None if walked.question is None else _shown(walked.question),
            "line": line, "refused": walked.refused}


class _Walked:
    """How far the answers went: the questions answered with their values, the next question
    (None at the end), the deal at the end, and why an answer was refused."""

    def __init__(self) -> None:
        self.taken: list[tuple[Question, str | None]] = []
        self.question: Question | None = None
        self.deal: Any = None
        self.refused: str | None = None


def _walk(start: Any, answers: list[str | None]) -> _Walked:
    walked = _Walked()
    asking: Asking = start()
    try:
        question = next(asking)
        for answer in answers[:MOST]:
            try:
                value = None if answer is None else question.read(answer)
                if value is None and not question.optional:
                    raise ValueError(_("{question}: an answer is needed").format(
                        question=question.heading))
            except (PulkaError, ValueError) as exc:
                walked.refused = refused(exc)
                break
            walked.taken.append((question, value))
            question = asking.send(value)
        walked.question = question
    except StopIteration as stop:
        walked.deal = stop.value
    finally:
        asking.close()
    return walked


def _said(question: Question, value: str | None) -> str:
    """An answer as the page shows it: its choice's label, the number, or the question's
    word for an answer left unsaid."""
    if value is None:
        return question.skip or "—"
    for choice in question.choices:
        if choice.value == value:
            return choice.label
    return value


def _shown(question: Question) -> dict[str, Any]:
    """A question as the page lays it out: its choices as buttons (a contract's by level, a
    row each, when they have one), or a count's numbers, and the button that leaves it
    unsaid."""
    rows = None
    if question.key == "contract":
        levels: dict[str, list[int]] = {}
        others: list[int] = []
        for i, choice in enumerate(question.choices):
            level = re.match(r"[0-9]+", choice.value)
            if level:
                levels.setdefault(level.group(), []).append(i)
            else:
                others.append(i)
        if levels:
            rows = [*levels.values(), *([others] if others else [])]
    return {"id": question.id, "ask": question.heading,
            "choices": [{"value": c.value, "label": c.label} for c in question.choices],
            "rows": rows, "counts": list(question.counts) if question.counts else None,
            "skip": question.skip if question.optional else ""}
