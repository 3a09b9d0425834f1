"""reportlab imports Pillow's image module whenever it is itself imported, but a pulka sheet
draws no picture: that module is made to load on its first use instead (the standard
library's LazyLoader), which saves a PDF export a twentieth of its time. Should reportlab
ever open an image, Pillow loads then, as it would have."""

from __future__ import annotations

import importlib.util
import sys


def defer(name: str) -> None:
    """Import the module ``name`` now, but run its code only when it is first used."""
    if name in sys.modules:
        return
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return  # (not installed: reportlab says so itself)
    if spec is None or spec.loader is None:
        return
    loader = importlib.util.LazyLoader(spec.loader)
    spec.loader = loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    loader.exec_module(module)
    parent, _dot, child = name.rpartition(".")
    if parent:
        setattr(sys.modules[parent], child, module)


defer("PIL.Image")
