"""The served game's writes: a deal, an undo, a redo, a fix, each through :mod:`pulka.recorder`
exactly as the command line records it (the lock, the replay check, the append with fsync).

Writes are done one at a time, under :data:`PULKA`, in the order they come; a write is
acknowledged only once its line is on disk, so the order acknowledged is the journal's
order. A submission may carry an id: the same id again (a double tap, a retry after a
dropped connection, or after the server was started again: :mod:`.submissions`) gets the
first answer again and writes nothing. A journal replaced or torn while served is refused:
nothing more is written to it.
"""

from __future__ import annotations

import json
import threading
from typing import Any

from ..errors import PulkaError, Uncertain
from ..i18n import _
from .game_now import file_id, in_language
from .submissions import Answer, Submissions

#: one pulka call at a time: the language spoken and the caches are the process's own
PULKA = threading.Lock()


class Ledger:
    """The writes to one served journal."""

    def __init__(self, path: str, served: tuple[int, int] | None,
                 kept: str | None = None) -> None:
        """``kept``: the file the submissions are remembered in across restarts (None: in
        memory only)."""
        self.path = path
        self.served = served  #: the file the server opened (device, inode)
        self.submissions = Submissions(kept, path)

    def submit(self, what: str, fields: dict[str, Any], lang: str,
               submission: str | None) -> Answer:
        """Do one write (``what``: deal, undo, redo or fix) and say what was done: (HTTP
        status, JSON body). Runs in a worker thread; takes :data:`PULKA`."""
        key = json.dumps([what, fields], sort_keys=True)
        with PULKA:
            kept = None if submission is None else self.submissions.find(submission)
            if kept is not None and kept.answer is not None:
                if kept.key != key:
                    return 409, {"error": in_language(lang, lambda: _(
                        "this submission id was already used for another request"))}
                status, body = kept.answer
                return status, {**body, "repeated": True}

            def writing(line: str, offset: int) -> None:
                if submission is not None:
                    self.submissions.intend(submission, key, line, offset)

            answer = in_language(lang, lambda: self._write(what, fields, writing))
            if submission is not None:
                self.submissions.done(submission, key, answer)
            return answer

    def replaced(self) -> bool:
        """The path no longer names the file being served."""
        return file_id(self.path) != self.served

    def _write(self, what: str, fields: dict[str, Any], writing: Any) -> Answer:
        from .. import recorder

        if self.replaced():
            return 409, {"error": replaced_message(self.path)}
        try:
            if what == "deal":
                recorded = recorder.add(self.path, fields["deal"], again=fields["again"],
                                        file_id=self.served, writing=writing)
            elif what == "undo":
                recorded = recorder.undo(self.path, file_id=self.served, writing=writing)
            elif what == "redo":
                recorded = recorder.redo(self.path, file_id=self.served, writing=writing)
            else:
                recorded = recorder.fix(self.path, fields["number"], fields["deal"],
                                        file_id=self.served, writing=writing)
        except PulkaError as exc:
            if self.replaced():
                return 409, {"error": replaced_message(self.path)}
            said: dict[str, Any] = {"error": _("error: {message}").format(message=exc)}
            if isinstance(exc, Uncertain):  # another program wrote the file at that moment
                return 409, said
            if isinstance(exc, recorder.RepeatedDeal):
                said["repeat"] = True  # the page asks whether to record it again
            return 422, said
        body: dict[str, Any] = {"line": recorded.line, "number": recorded.number}
        if recorded.step is not None:
            from ..cli.said_back import said_back

            typed = fields.get("deal") if what in ("deal", "fix") else None
            body["said"] = said_back(recorded, typed)
        return (201 if what == "deal" else 200), body


def replaced_message(path: str) -> str:
    return _("{file}: the journal was replaced or deleted while it was served; nothing more "
             "is written to it (start pulka serve again to serve the file there now)").format(
                 file=path)
