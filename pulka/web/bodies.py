"""A request's body: bounded, JSON, and only the fields each request takes, each of its kind.
Anything else is refused with a status and a message saying what is wrong, before any pulka
code runs."""

from __future__ import annotations

import json
import re
from typing import Any

from ..i18n import _

#: the largest body taken (a deal line is short; this is many times one)
LIMIT = 16 * 1024
#: the longest deal text taken
DEAL_LIMIT = 1000
#: what a submission id may be
SUBMISSION = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: the most answers the deal form sends, and the longest one
ANSWERS, ANSWER_LIMIT = 64, 100
#: the fields each request takes (the writes, and the deal form's questions), and their kinds
FIELDS: dict[str, dict[str, type]] = {
    "deal": {"deal": str, "again": bool, "id": str},
    "undo": {"id": str},
    "redo": {"id": str},
    "fix": {"number": int, "deal": str, "id": str},
    "ask": {"answers": list},
    "new": {"file": str, "players": list, "convention": str, "price": str, "id": str},
}
REQUIRED = {"deal": ("deal",), "undo": (), "redo": (), "fix": ("number", "deal"),
            "ask": ("answers",), "new": ("file", "players")}
#: the longest file name, convention name, price and player's name a new game takes
NAME_LIMIT = 100


class Refused(Exception):
    """A request refused before it reached the ledger: its status and message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def check_headers(content_type: str | None, length: str | None) -> None:
    """Raises Refused for a body that is not JSON, or declared longer than the limit."""
    check_type(content_type)
    check_length(length)


def check_type(content_type: str | None) -> None:
    """Only JSON is taken: a form another site posts (text/plain, form data) is refused, and a
    page of another site cannot send JSON here without asking first (CORS), which it is never
    allowed.

    Raises:
        Refused: 415.
    """
    kind = (content_type or "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise Refused(415, _("send the request as JSON (Content-Type: application/json)"))


def check_length(length: str | None) -> None:
    """Raises Refused (413, 400) for a declared length over the limit, or not a number."""
    if length is None:
        return
    if not re.fullmatch(r"[0-9]{1,12}", length.strip()):
        raise Refused(400, _("the request's Content-Length is not a number"))
    if int(length) > LIMIT:
        raise Refused(413, _("the request is too large: at most {limit} bytes").format(
            limit=LIMIT))


def fields_of(what: str, raw: bytes) -> tuple[dict[str, Any], str | None]:
    """The fields of a write's body, and its submission id (None when it has none).

    Raises:
        Refused: 400 or 422, with what is wrong.
    """
    if len(raw) > LIMIT:
        raise Refused(413, _("the request is too large: at most {limit} bytes").format(
            limit=LIMIT))
    if what in ("undo", "redo") and not raw.strip():
        return {}, None  # nothing to say: an empty body is enough
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise Refused(400, _("the request's body is not JSON")) from None
    if not isinstance(data, dict):
        raise Refused(400, _("the request's body must be a JSON object, like "
                             "{example}").format(example='{"deal": "Аня 6s 6 ..."}'))
    kinds = FIELDS[what]
    for key in data:
        if key not in kinds:
            raise Refused(400, _("{field!r} is not a field of this request; it takes {fields}")
                          .format(field=str(key)[:40], fields=", ".join(kinds)))
    for key in REQUIRED[what]:
        if key not in data:
            raise Refused(400, _("the request needs the field {field!r}").format(field=key))
    for key, value in data.items():
        kind = kinds[key]
        if type(value) is not kind:  # (bool is not taken for a number, nor a number for text)
            raise Refused(400, _("{field!r} must be {kind}").format(field=key, kind=_KINDS[kind]()))
    submission = data.pop("id", None)
    if submission is not None and not SUBMISSION.fullmatch(submission):
        raise Refused(400, _("'id' must be 1 to 64 letters, digits, - or _"))
    if "number" in data and not 1 <= data["number"] <= 10**12:
        raise Refused(422, _("there is no deal {number}").format(number=data["number"]))
    if "deal" in data:
        deal = data["deal"]
        if not deal.strip():
            raise Refused(422, _("the deal is empty: write it as for pulka add"))
        if len(deal) > DEAL_LIMIT:
            raise Refused(422, _("the deal is too long: at most {limit} characters").format(
                limit=DEAL_LIMIT))
        if any(ord(ch) < 32 or ord(ch) == 127 for ch in deal):
            raise Refused(422, _("the deal holds a control character (a line break?): write "
                                 "it on one line"))
    if what == "deal":
        data.setdefault("again", False)
    if what == "ask":
        _check_answers(data["answers"])
    if what == "new":
        _check_new(data)
    return data, submission


def _check_answers(answers: list) -> None:
    """The deal form's answers: a few texts (or null, a question left unsaid), each short and
    on one line.

    Raises:
        Refused: 400.
    """
    if len(answers) > ANSWERS:
        raise Refused(400, _("'answers' holds at most {most} answers").format(most=ANSWERS))
    for answer in answers:
        if answer is None:
            continue
        if type(answer) is not str or not answer.strip() or len(answer) > ANSWER_LIMIT \
                or any(ord(ch) < 32 or ord(ch) == 127 for ch in answer):
            raise Refused(400, _("each of 'answers' must be null or an answer of 1 to {limit} "
                                 "characters on one line").format(limit=ANSWER_LIMIT))


def _check_new(data: dict[str, Any]) -> None:
    """A new game's fields: short texts on one line; a list of at most five names.

    Raises:
        Refused: 400.
    """
    players = data["players"]
    texts = [value for key, value in data.items() if key != "players"]
    if len(players) > 5 or any(type(name) is not str for name in players):
        raise Refused(400, _("'players' must be a list of at most 5 names"))
    for text in [*texts, *players]:
        if len(text) > NAME_LIMIT or any(ord(ch) < 32 or ord(ch) == 127 for ch in text):
            raise Refused(400, _("each field of a new game is at most {limit} characters on "
                                 "one line").format(limit=NAME_LIMIT))


_KINDS = {str: lambda: _("text"), bool: lambda: _("true or false"),
          int: lambda: _("a whole number"), list: lambda: _("a list")}
