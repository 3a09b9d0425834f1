"""The submissions a served game has written, remembered across a restart of the server: a
retry with the same id after ``pulka serve`` was stopped and started again gets the first
answer, and nothing is written twice.

The journal stays the only record of the game; this file (beside the game's links in
``$XDG_STATE_HOME/pulka/serve/``, for the user alone) only says which submission wrote which
line where. A write is noted twice: right before its line goes into the journal, under the
journal's lock (the id, the request, the line and the offset it goes to: an *intent*), and
once it is there (the answer). What is kept is believed only while the journal holds that
line at that offset: an intent alone (the server was killed between the two) is then the
answer, and anything else (a write that failed and was taken back, a new game in the same
file) is forgotten, and the submission written as a new one.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections import OrderedDict
from typing import Any

from ..frozen import NamedTuple

#: the submission ids remembered (the oldest are forgotten first)
REMEMBERED = 4096
#: a file larger than this is not read (a few hundred bytes a submission)
MOST_BYTES = 8 << 20

Answer = tuple[int, dict[str, Any]]


class Kept(NamedTuple):
    """What is known of one submission: its request (as JSON text), its answer (None: only
    its intent is known), and the line it was to write at that offset of the journal."""

    key: str
    answer: Answer | None
    line: str = ""
    offset: int = -1


class Submissions:
    """The submissions of one served journal, in memory and (when ``path`` is given) on disk."""

    def __init__(self, path: str | None, journal: str) -> None:
        self.path = path
        self.journal = journal
        self.known: OrderedDict[str, Kept] = OrderedDict()
        self._written = 0  # records in the file
        if path is not None:
            self._load()

    def find(self, submission: str) -> Kept | None:
        """What is known of ``submission``: what was kept of its line is settled against the
        journal first (there: its answer; not there: forgotten, None). A refusal of this run
        wrote no line, and is its own answer."""
        kept = self.known.get(submission)
        if kept is None or not kept.line:
            return kept
        if not self._in_journal(kept.line, kept.offset):
            del self.known[submission]
            return None
        if kept.answer is None:  # the answer was never kept: the journal's line is it
            status = 201 if kept.line[:1].isdigit() else 200
            self.done(submission, kept.key,
                      (status, {"line": kept.line, "number": number_of(kept.line)}))
        return self.known[submission]

    def intend(self, submission: str, key: str, line: str, offset: int) -> None:
        """Note that ``line`` is about to be written at ``offset`` for ``submission``."""
        self._keep(submission, Kept(key, None, line, offset))
        self._save(_record_of(submission, Kept(key, None, line, offset)))

    def done(self, submission: str, key: str, answer: Answer) -> None:
        """Note the answer given to ``submission``: with its line where it wrote one (kept
        on disk too), else in memory alone (a refusal wrote nothing: after a restart the
        same request is asked again)."""
        before = self.known.get(submission)
        if answer[0] < 300 and before is not None and before.line:
            kept = Kept(key, answer, before.line, before.offset)
            self._keep(submission, kept)
            self._save(_record_of(submission, kept))
        else:
            self._keep(submission, Kept(key, answer))

    # --- the file ------------------------------------------------------------------------

    def _keep(self, submission: str, kept: Kept) -> None:
        self.known[submission] = kept
        self.known.move_to_end(submission)
        while len(self.known) > REMEMBERED:
            self.known.popitem(last=False)

    def _in_journal(self, line: str, offset: int) -> bool:
        """The journal (the file served) holds ``line`` at ``offset``."""
        from ..journal.commit import line_bytes

        data = line_bytes(line)
        try:
            fd = os.open(self.journal, os.O_RDONLY | os.O_CLOEXEC)
        except OSError:
            return False
        try:
            return offset >= 0 and os.pread(fd, len(data), offset) == data
        except OSError:
            return False
        finally:
            os.close(fd)

    def _load(self) -> None:
        """The submissions kept from the servers before (this journal's file only); a file
        that is not the user's own alone, or too large, is not read (nor written)."""
        assert self.path is not None
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
        except FileNotFoundError:
            return
        except OSError:
            self.path = None
            return
        try:
            info = os.fstat(fd)
            if (not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid()
                    or info.st_mode & 0o077 or info.st_size > MOST_BYTES):
                self.path = None
                return
            raw = os.read(fd, info.st_size)
        except OSError:
            self.path = None
            return
        finally:
            os.close(fd)
        for text in raw.split(b"\n"):
            self._written += 1
            record = _record(text)
            if record is None:
                continue
            answer = record.get("answer")
            self._keep(record["id"], Kept(record["key"], None if answer is None else (
                answer[0], answer[1]), record["line"], record["offset"]))
        if self._written > 2 * REMEMBERED:
            self._compact()

    def _compact(self) -> None:
        """The file again with only what is remembered (one record an id)."""
        from pathlib import Path

        from ..files.atomic import write_atomic

        assert self.path is not None
        records = [_record_of(submission, kept) for submission, kept in self.known.items()
                   if kept.line]
        try:
            write_atomic(Path(self.path), b"".join(records), 0o600)
        except OSError:
            self.path = None
            return
        self._written = len(records)

    def _save(self, record: bytes) -> None:
        """One record appended and synced; a folder that cannot be written leaves the ids in
        memory alone (a restart then forgets them)."""
        if self.path is None:
            return
        try:
            os.makedirs(os.path.dirname(self.path), mode=0o700, exist_ok=True)
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW
                         | os.O_CLOEXEC, 0o600)
            try:
                os.write(fd, record)
                os.fsync(fd)
            finally:
                os.close(fd)
        except OSError:
            self.path = None
            return
        self._written += 1
        if self._written > 2 * REMEMBERED:
            self._compact()


def number_of(line: str) -> int:
    """The deal a journal line concerns (``12. …``, ``void 7``, ``restore 7``, ``fix 3 …``)."""
    found = re.match(r"(?:[a-z]+ )?([0-9]+)", line)
    return int(found[1]) if found else 0


def _record_of(submission: str, kept: Kept) -> bytes:
    """One record of the file: a line of JSON (ASCII: a request's text may hold a lone
    surrogate, which UTF-8 cannot write)."""
    record: dict[str, Any] = {"id": submission, "key": kept.key, "line": kept.line,
                              "offset": kept.offset}
    if kept.answer is not None:
        record["answer"] = list(kept.answer)
    return (json.dumps(record, separators=(",", ":")) + "\n").encode("ascii")


def _record(text: bytes) -> dict[str, Any] | None:
    """One record of the file, checked (None: a torn or foreign line, passed over)."""
    try:
        record = json.loads(text)
    except ValueError:
        return None
    if not (isinstance(record, dict) and isinstance(record.get("id"), str)
            and isinstance(record.get("key"), str) and isinstance(record.get("line"), str)
            and type(record.get("offset")) is int):
        return None
    answer = record.get("answer")
    if answer is not None and not (isinstance(answer, list) and len(answer) == 2
                                   and type(answer[0]) is int and isinstance(answer[1], dict)):
        return None
    return record
