"""Pillow's image module is loaded only when reportlab first uses it (pulka.render.pdf.lazy):
a sheet is drawn without it, and a picture still opens through it."""

from __future__ import annotations

import subprocess
import sys

from conftest import ROOT

SCRIPT = """
import sys, io
import pulka.render.pdf.document as pdf
from pulka.gamefile import open_game
from pulka.settlement.figures import build
game, _ = open_game(sys.argv[1])
report, state, settlement, steps = build(game)
data = pdf.render_filled(game, steps, report, state, settlement)
assert data.startswith(b"%PDF")
print(type(sys.modules["PIL.Image"]).__name__)
from reportlab.lib.utils import ImageReader
from PIL import Image
picture = io.BytesIO()
Image.new("RGB", (2, 3), "red").save(picture, "PNG")
print(ImageReader(io.BytesIO(picture.getvalue())).getSize(), type(sys.modules["PIL.Image"]).__name__)
"""


def test_a_sheet_is_drawn_without_loading_pillow_and_a_picture_still_opens():
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(ROOT / "samples" / "sochi-3.pulka")],
                          capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.split("\n")[:2] == ["_LazyModule", "(2, 3) module"]
