"""The tap form of a deal, built from data: the questions a family asks of a deal, in order,
each with the answers the rules allow at that point, and the words each answer writes into
the notation line that is then recorded as a typed line would be.

A family gives its questions through its renderer (``form``: the module whose
``questions(table, state)`` lists them, as :class:`pulka.render.questions.Question` records);
the page walks them with one small engine (``static/app.js``) and knows nothing of any
family. What the questions must say:

- ``id``: a name the later questions' conditions use;
- ``ask``: the question, in the players' language;
- the answers: ``choices`` (buttons, each the word written into the line, the label on the
  button, and its own ``when``: offered only then), or ``counts`` (a number from..to, as
  buttons);
- ``when``: shown only when each named earlier answer is one of the given words; ``unless``:
  hidden when one is;
- ``before``: words written before the answer (a defender's name); ``glue``: the answer is
  joined to the word before it (``6`` and ``s`` make ``6s``); ``optional``: it may be left
  unsaid (a trick count the others fix); ``total``: counts of one total add up to at most
  :data:`TRICKS`.
"""

from __future__ import annotations

import importlib
from typing import Any

from ..render.questions import TRICKS, Conditions, Question


def questions_of(game: Any, state: Any) -> list[Question] | None:
    """The questions of the next deal at this table, or None when its family gives none (the
    notation box alone, then)."""
    from ..render.registry import get_renderer

    module = getattr(get_renderer(game.table.convention.family), "form", None)
    if module is None or state.finished:
        return None
    return list(importlib.import_module(module).questions(game.table, state))


def form(game: Any, state: Any) -> dict[str, Any] | None:
    """The form as the page gets it (JSON), or None."""
    questions = questions_of(game, state)
    if questions is None:
        return None
    return {"tricks": TRICKS, "questions": [{
        "id": q.id, "ask": q.ask,
        "choices": [{"word": c.word, "say": c.say, "when": _pairs(c.when)} for c in q.choices],
        "counts": list(q.counts) if q.counts is not None else None,
        "when": _pairs(q.when), "unless": _pairs(q.unless),
        "before": q.before, "glue": q.glue, "optional": q.optional, "total": q.total,
    } for q in questions]}


def _pairs(conditions: Conditions) -> list[list[Any]]:
    return [[key, list(words)] for key, words in conditions]
