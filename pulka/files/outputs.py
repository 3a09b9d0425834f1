"""Is this output path safe to write? Every report path is checked before anything is rendered.

An export or a blank sheet never writes over a pulka journal, over a file the command reads,
over a folder, a device or another special file; an existing file that holds something other
than the same kind of report is replaced only with ``--force``. Write errors become one
message naming the file and the cause.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from pathlib import Path

from ..errors import PulkaError, Source, os_cause
from ..frozen import NamedTuple
from ..i18n import _, pgettext
from .atomic import probe_folder, write_atomic
from .kinds import first_line, says_pulka

PREFIX = 1 << 16  #: how much of an existing file is read to tell what it holds


class OutputError(PulkaError):
    """A report path that must not be written, or a write that failed."""


class Output(NamedTuple):  # (a NamedTuple: a frozen dataclass costs a millisecond to make at start-up)
    """A checked output: the path as the user gave it, and where it is written (links resolved)."""

    given: Path
    target: Path
    kind: str  #: "workbook" (XLSX), "PDF" or "PNG"


def _cause(exc: OSError) -> str:
    return os_cause(exc)


def kind_name(kind: str) -> str:
    """The kind of report as a message names it, in the players' language."""
    if kind == "workbook":
        return pgettext("report kind", "workbook")
    if kind == "PDF":
        return pgettext("report kind", "PDF")
    if kind == "PNG":
        return pgettext("report kind", "PNG picture")
    return kind


def _is_journal(head: bytes, complete: bool) -> bool:
    """True when the first line that is not a comment says ``pulka``, or when the prefix read
    holds nothing but comments and blank lines (the file may be a journal)."""
    return says_pulka(head) if first_line(head) is not None else not complete


def _is_kind(path: Path, head: bytes, kind: str) -> bool:
    if kind == "PDF":
        return head.startswith(b"%PDF-")
    if kind == "PNG":
        return head.startswith(b"\x89PNG\r\n\x1a\n")
    if not head.startswith(b"PK\x03\x04"):
        return False  # not a zip from its first byte, as every workbook is
    import zipfile  # (here: only an existing zip is opened, and a PDF export needs no zipfile)

    try:
        with zipfile.ZipFile(path) as archive:
            return "xl/workbook.xml" in archive.namelist()
    except Exception:  # zipfile raises many kinds of errors on a file that is not a zip
        return False


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None  # a missing input is reported when it is read
    return (st.st_dev, st.st_ino)


def check(path: Path, kind: str, inputs: list[tuple[int, int]], force: bool) -> Output:
    """Refuse an output path that must not be written (see the module's docstring).

    Raises:
        OutputError: naming the path and saying why.
    """
    where = Source(str(path))
    target = Path(os.path.realpath(path))
    st: os.stat_result | None
    try:
        st = os.stat(target)
    except FileNotFoundError:
        # /dev/stdout on a pipe resolves to no path ("pipe:[123]"), but the link is there
        st = _stat_or_none(path)
    except OSError as exc:
        raise OutputError(_("cannot write the {kind} here: {cause}").format(
            kind=kind_name(kind), cause=_cause(exc)), where) from None
    if st is not None:
        if stat.S_ISDIR(st.st_mode):
            raise OutputError(_("refused: this is a folder, not a file to write the {kind} to")
                              .format(kind=kind_name(kind)), where)
        if not stat.S_ISREG(st.st_mode):
            raise OutputError(_("refused: this is a device, FIFO, socket or other special "
                                "file, not a regular file; pulka never writes over one"), where)
        if (st.st_dev, st.st_ino) in inputs:
            raise OutputError(_("refused: this is a file the command reads (the same file, "
                                "perhaps by a link or another spelling of the path)"), where)
        _check_existing(target, st, kind, force, where)
    _check_folder(target.parent, path.parent, kind, where)
    return Output(path, target, kind)


def _stat_or_none(path: Path) -> os.stat_result | None:
    try:
        return os.stat(path)
    except OSError:
        return None


def _check_existing(target: Path, st: os.stat_result, kind: str, force: bool,
                    where: Source) -> None:
    """An existing regular file: never a journal; another kind of file only with --force."""
    try:
        fd = os.open(target, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
        with os.fdopen(fd, "rb") as handle:
            now = os.fstat(handle.fileno())
            if (now.st_dev, now.st_ino) != (st.st_dev, st.st_ino) or not stat.S_ISREG(now.st_mode):
                raise OutputError(_("refused: this file changed while it was being checked"),
                                  where)
            head = handle.read(PREFIX)
    except OSError as exc:
        if force:
            return
        raise OutputError(_("refused: cannot read this file to see what it holds ({cause}); "
                            "--force writes over it").format(cause=_cause(exc)), where) from None
    complete = len(head) < PREFIX
    if _is_journal(head, complete):
        raise OutputError(_("refused: this is a pulka journal, and a report never replaces a "
                            "game"), where)
    if head and not force and not _is_kind(target, head, kind):
        raise OutputError(_("refused: this file holds something other than a {kind} report; "
                            "--force writes over it").format(kind=kind_name(kind)), where)


def _check_folder(folder: Path, given: Path, kind: str, where: Source) -> None:
    """The folder must exist and take a new file: a temporary one is made and removed."""
    try:
        probe_folder(folder)
    except OSError as exc:
        raise OutputError(_("cannot write the {kind} in the folder {folder}: {cause}").format(
            kind=kind_name(kind), folder=given, cause=_cause(exc)), where) from None


def check_all(wanted: Sequence[tuple[Path, str]], inputs: Sequence[Path | str],
              force: bool) -> list[Output]:
    """Check every output path (and that no two are the same file) before anything is written."""
    ids = [i for i in (_identity(Path(p)) for p in inputs) if i is not None]
    outputs = [check(path, kind, ids, force) for path, kind in wanted]
    for n, first in enumerate(outputs):
        for second in outputs[n + 1:]:
            same = first.target == second.target or (
                _identity(first.target) is not None
                and _identity(first.target) == _identity(second.target))
            if same:
                raise OutputError(_("refused: the {first} and the {second} would be written to "
                                    "the same file").format(first=kind_name(first.kind),
                                                            second=kind_name(second.kind)),
                                  Source(str(second.given)))
    return outputs


def write(outputs: list[tuple[Output, bytes]]) -> None:
    """Write each report atomically; a write error names the file, the cause, and the reports
    already written.

    Raises:
        OutputError: the write failed; the file is as it was and no temporary file is left
            (unless only the last step, syncing the folder, failed: then the message says so).
    """
    done: list[Output] = []
    for out, data in outputs:
        old = _identity(out.target)
        try:
            write_atomic(out.target, data)
        except OSError as exc:
            where = Source(str(out.given))
            if _identity(out.target) not in (None, old) and _holds(out.target, data):
                raise OutputError(_("the {kind} was written, but its folder could not be "
                                    "synced ({cause}): it may not survive a crash").format(
                                        kind=kind_name(out.kind), cause=_cause(exc)),
                                  where) from None
            if done:
                raise OutputError(_("cannot write the {kind}: {cause} (the {other} was written "
                                    "to {path})").format(kind=kind_name(out.kind),
                                                         cause=_cause(exc),
                                                         other=kind_name(done[0].kind),
                                                         path=done[0].given), where) from None
            raise OutputError(_("cannot write the {kind}: {cause}").format(
                kind=kind_name(out.kind), cause=_cause(exc)), where) from None
        done.append(out)


def _holds(path: Path, data: bytes) -> bool:
    """Whether the file holds exactly ``data`` (a new file there: the rename was made)."""
    try:
        with open(path, "rb") as handle:
            return handle.read(len(data) + 1) == data
    except OSError:
        return False
