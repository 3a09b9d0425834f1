"""stats on payment games whose pot is carried over (``end.leftover: carry``): the pot is no
player, so the archive's head-to-head, in whists and in money, is between the players only."""

from __future__ import annotations

import json
from pathlib import Path

from cli_kit import ok


def _carried(folder: Path, *price: str) -> tuple[dict, dict]:
    """A one-deal Austrian game whose pot is carried: its settlement and the archive's stats."""
    game = folder / "g.pulka"
    ok("new", game, "--players", "A", "B", "C", "--set", "end.leftover=carry",
       "--convention", "austrian", *price)
    ok("add", game, "B d 6 C whist 3 A whist 1")
    settled = json.loads(ok("settle", game, "--json").stdout)
    assert any(p["to"] == "pot" for p in settled["payments"])
    found = json.loads(ok("stats", folder, "--json", "--no-cache").stdout)
    assert found["games"] == 1 and found["skipped"] == []
    return settled, found

def test_stats_counts_a_carried_pot_as_before_without_a_price(tmp_path: Path) -> None:
    """A payment game whose pot is carried (``end.leftover: carry``), played without a price:
    its whists' payments in the archive are between the players (the settlement's own go to
    the pot too, which is no player of the archive: stats failed with KeyError 'pot')."""
    settled, found = _carried(tmp_path)
    (unit,) = found["units"]
    assert found["money"] == [] and unit["price"] is None
    assert unit["players"].keys() == {"A", "B", "C"}
    assert "pot" not in json.dumps([unit["players"][p]["head_to_head"] for p in "ABC"])
    # each player's result is the settlement's balance, the pot's share in it
    assert {p: unit["players"][p]["result"] for p in "ABC"} == settled["result"]


def test_stats_leaves_a_carried_pot_out_of_the_head_to_head_in_money(tmp_path: Path) -> None:
    """With a price, the money's payments are the settlement's own, the pot's share too: the
    pot is no player, and stats failed (KeyError 'pot', before this round as well). Its
    head-to-head in money is between the players, as the one in whists is."""
    settled, found = _carried(tmp_path, "--price", "0.10")
    (money,) = found["money"]
    assert money["players"].keys() == {"A", "B", "C"}
    assert "pot" not in json.dumps([money["players"][p]["head_to_head"] for p in "ABC"])
    paid = {p["from"]: "-" + p["amount"] for p in settled["payments"]}
    assert {p: money["players"][p]["money"] for p in "ABC"} == paid
