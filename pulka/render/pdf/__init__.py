"""The printable PDF: the document (:mod:`.document`), its pages, geometry and style, the fonts
it finds and reads, and the continuation sheets of a long game. Only the modules that draw
import reportlab."""

import os
import sys


def _spare_reportlab_a_broken_home() -> None:
    """reportlab, on its import, runs ``~/.reportlab_mods`` if there is one, and fails on any
    error but a missing or forbidden file: with HOME=/dev/null (a service's account) the
    lookup says "Not a directory" and the import fails. pulka then imports it as if there were
    none (an empty module stands in, so reportlab does not look)."""
    if "reportlab_mods" in sys.modules:
        return
    try:
        os.stat(os.path.join(os.path.expanduser("~"), ".reportlab_mods"))
    except (FileNotFoundError, PermissionError):
        return  # reportlab's own handling
    except (OSError, ValueError):
        import types

        sys.modules["reportlab_mods"] = types.ModuleType("reportlab_mods")


_spare_reportlab_a_broken_home()
