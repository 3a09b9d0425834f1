"""Every scoring vector must pass (vectors.md): the copies in tests/vectors always, and the
project's ../shared/cases too when a checkout has them beside it."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SHARED_CASES, VECTORS

from pulka.gamefile import open_game
from pulka.settlement.figures import build
from pulka.vectors.verify import after_differences, deal_facts, differences

#: the vectors at the top, those of the payment games (payment-families.md §5) in payment/,
#: and those of five players (conventions.md §1.5) in five/
CASES = (sorted(VECTORS.glob("*.yaml")) + sorted((VECTORS / "payment").glob("*.yaml"))
         + sorted((VECTORS / "five").glob("*.yaml")))
#: vectors of families that are not implemented yet (each is a later issue)
NOT_YET: dict[str, str] = {}
#: subfolders of the cases whose family does not exist yet, and why they are not run
LATER: dict[str, str] = {}
#: subfolders of the cases that are run like the top ones
RUN = ("payment", "five")


def _shared_params() -> list:
    if not SHARED_CASES.is_dir():
        return [pytest.param(None, id="absent",
                             marks=pytest.mark.skip(reason=f"{SHARED_CASES} is not beside this checkout"))]
    params = [pytest.param(p, id=p.name) for p in sorted(SHARED_CASES.glob("*.yaml"))]
    for name in RUN:
        params += [pytest.param(p, id=f"{name}/{p.name}")
                   for p in sorted((SHARED_CASES / name).glob("*.yaml"))]
    for folder in sorted(p for p in SHARED_CASES.iterdir() if p.is_dir() and p.name not in RUN):
        reason = LATER.get(folder.name, f"no family reads the vectors in {folder.name}/ yet")
        params.append(pytest.param(folder, id=f"{folder.name}/", marks=pytest.mark.skip(reason=reason)))
    return params


def _passes(path: Path, request: pytest.FixtureRequest) -> None:
    if path.name in NOT_YET:
        request.applymarker(pytest.mark.xfail(reason=NOT_YET[path.name], strict=True))
    game, expect = open_game(path)
    report, *_ = build(game)
    assert expect, "a vector without expectations checks nothing"
    assert differences(expect, report) == []
    checks = game.meta.get("after")
    if isinstance(checks, dict):
        assert after_differences(checks, deal_facts(game, checks)) == []


def test_the_vectors_are_in_the_repository():
    names = {p.name for p in CASES}
    assert {"sochi-short.yaml", "leningrad-six-unplayed.yaml", "settle-mailru.yaml",
            "croatian-seed-002.yaml", "sochi-5p-example.yaml"} <= names, \
        f"vectors missing from {VECTORS}"


@pytest.mark.parametrize("path", CASES, ids=[p.name for p in CASES])
def test_vector(path, request):
    _passes(path, request)


@pytest.mark.parametrize("path", _shared_params())
def test_shared_vector(path, request):
    _passes(path, request)
