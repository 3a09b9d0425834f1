"""Argument types that read what a player means, where click's own would take a slip: a
file to write named with a slash at its end, a count written in other digits."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, cast

import click

from ..i18n import _


class OutputFile(click.Path):
    """A file to write (a report, a workbook): a name ending with a slash names a folder,
    which click would strip to a file of the folder's name (``--pdf newdir/`` wrote a file
    ``newdir``)."""

    def __init__(self) -> None:
        super().__init__(path_type=Path)

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        text = os.fsdecode(value) if isinstance(value, bytes) else str(value)
        if text.endswith(("/", os.sep)):
            kind = param.name if param is not None and param.name in ("xlsx", "png") else "pdf"
            self.fail(_("{value}: a name ending with / is a folder; give the file's name "
                        "(such as {example})").format(value=text, example=f"{text}game.{kind}"),
                      param, ctx)
        return super().convert(value, param, ctx)


class Count(click.IntRange):
    """A whole number in the digits 0-9 within a range: click's int also takes "３" or "٣"."""

    def convert(self, value: object, param: click.Parameter | None,
                ctx: click.Context | None) -> int:
        if isinstance(value, str) and not re.fullmatch(r"[0-9]{1,40}", value):
            self.fail(_("{value!r}: write the number with the digits 0-9").format(
                value=value[:40]), param, ctx)
        return super().convert(cast(Any, value), param, ctx)
