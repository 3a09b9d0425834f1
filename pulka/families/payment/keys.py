"""The convention keys two payment families share (see :class:`pulka.convention.schema.Key`):
each family lists them among its own (:mod:`.austrian_keys`, :mod:`.swabian_keys`,
:mod:`.greek_keys`), and the rules of either read them from here.
"""

from __future__ import annotations

from ...convention.schema import Key
from ...convention.types import Choice, Integer

#: Austrian and Greek
END_LEFTOVER = Key(
    "end.leftover", Choice(("share", "contributors", "carry")),
    "what is left in the pot at the end: shared equally, in proportion to what each put in, or kept in the"
    " pot for the next session",
    "что осталось в банке в конце: делится поровну, по вкладу каждого или остаётся в банке до следующей"
    " встречи")
#: Austrian and Swabian
CONTRA_MAX = Key(
    "contra.max", Integer(0, 2),
    "1: contra only (×2); 2: the declarer may answer recontra (×4)",
    "1: только контра (×2); 2: разыгрывающий может ответить реконтрой (×4)", term="контра, реконтра")
