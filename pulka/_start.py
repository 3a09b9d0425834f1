"""The `pulka` command's entry point.

A command lives for a fraction of a second and makes few reference cycles (reference counting
frees what it makes; replaying a million deals keeps the same memory either way), so the
cycle collector is turned off before click and pulka are imported: start-up at the table is
noticeably faster. The library itself leaves the collector alone.
"""

import gc

gc.disable()


def main() -> None:
    from .cli import main as run

    run()
