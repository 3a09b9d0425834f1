"""The `pulka` command's entry point.

A command lives for a fraction of a second and makes few reference cycles (reference counting
frees what it makes; replaying a million deals keeps the same memory either way), so the
cycle collector is turned off before click and pulka are imported: start-up at the table is
noticeably faster. When the command is over its objects are frozen (``gc.freeze``), so that
the collection Python makes as it shuts down has nothing to walk. The library itself leaves
the collector alone.
"""

import gc
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import signal
else:  # signal's C core, the same functions: the signal module makes three enums when imported
    import _signal as signal

gc.disable()


def main() -> None:
    try:
        from .cli import main as run
    except KeyboardInterrupt:  # Ctrl-C while pulka starts: nothing was done yet
        sys.stderr.write(_interrupted() + "\n")
        raise SystemExit(130) from None
    try:
        run()
    finally:
        # The command is over and has said what it did: a Ctrl-C now (while Python shuts
        # down, its handlers gone) must not kill the process and change its exit status.
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        # Nor need the collector look at its objects again: Python's shutdown would walk
        # every one of them (a long game's deals and postings) in one last collection.
        gc.freeze()


def _interrupted() -> str:
    """"pulka: interrupted" in the language the command line asks for (the CLI that would
    have chosen it is not loaded yet)."""
    import os

    from .i18n import _, choose, use

    option = None
    for i, arg in enumerate(sys.argv[1:], start=1):
        if arg == "--lang" and i + 1 < len(sys.argv):
            option = sys.argv[i + 1]
        elif arg.startswith("--lang="):
            option = arg.split("=", 1)[1]
    try:
        use(choose(option, os.environ))
    except ValueError:
        pass
    return _("pulka: interrupted")
