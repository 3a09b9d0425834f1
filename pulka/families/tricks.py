"""Trick counts as both families complete them: ten a deal, and one count may be left out."""

from __future__ import annotations

from ..errors import IllegalDealError

TRICKS = 10  #: tricks in a deal


def check_not_over(total: int) -> None:
    """Refuse trick counts that already add up to more than a deal holds."""
    if total > TRICKS:
        raise IllegalDealError(f"the tricks add up to {total}, more than {TRICKS}")


def fill_in_missing(tricks: dict[str, int], missing: list[str],
                    hint: str | None = None) -> dict[str, int]:
    """The counts with the one missing player's filled in as the rest of the ten.

    Raises:
        IllegalDealError: more than one count is missing (``hint`` says what to write), or the
            given ones are over ten.
    """
    if len(missing) > 1:
        raise IllegalDealError(f"the tricks of {' and '.join(missing)} are missing", hint=hint)
    if missing:
        check_not_over(sum(tricks.values()))
        tricks = {**tricks, missing[0]: TRICKS - sum(tricks.values())}
    return tricks
