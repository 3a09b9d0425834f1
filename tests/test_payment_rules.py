"""Rules of the payment games checked against payment-families.md deal by deal: each case is a
small vector whose ``after`` blocks hold the moves worked by hand, run through `pulka verify`
(and a changed number must make it fail)."""

from __future__ import annotations

from pathlib import Path

from cli_kit import ok, run


def vector(tmp_path: Path, convention: str, deals: list[str], expect: str = "finished: false",
           options: str = "{}", players: str = "[A, B, C]", name: str = "v.yaml") -> Path:
    path = tmp_path / name
    body = "\n".join(f"  - {d}" for d in deals)
    path.write_text(f"title: t\nconvention: {convention}\noptions: {options}\n"
                    f"players: {players}\ndeals:\n{body}\nexpect:\n  {expect}\n",
                    encoding="utf-8")
    return path


def passes(tmp_path: Path, convention: str, deals: list[str], **kw: str) -> None:
    """The vector passes, and fails once its first ``after`` amount is changed by one."""
    path = vector(tmp_path, convention, deals, **kw)
    ok("verify", path)
    text = path.read_text(encoding="utf-8")
    head, sep, tail = text.partition("moves: [[")
    first, comma, rest = tail.partition("]")
    *names, amount = first.split(", ")
    wrong = ", ".join([*names, str(int(amount) + 1)])
    path.write_text(head + sep + wrong + comma + rest, encoding="utf-8")
    assert run("verify", path).exit_code == 1


def test_the_helper_pays_his_own_four_aces(tmp_path: Path) -> None:
    # §4.4: together redirects the payments of the play (steps 2-4) to the carrier C; the four
    # aces (step 6) come after: B pays his 25 himself
    passes(tmp_path, "greek", [
        "{declarer: A, contract: 6c, defence: {B: pass, C: together}, tricks: {A: 6, B: 2, C: 2},"
        " bonus: aces, after: {played_for: 3, pot: 1470, moves: [[A, C, 12], [pot, A, 30],"
        " [B, A, 25], [C, A, 25]]}}"])


def test_sans_atout_through_the_pot(tmp_path: Path) -> None:
    # §2.6 sans.scoring: pot: a suit contract played for V = 10 with sans.target 6 tricks
    passes(tmp_path, "illustrated-6", [
        "{declarer: A, contract: sans, defence: {B: whist, C: whist}, tricks: {A: 7, B: 2, C: 1},"
        " after: {played_for: 10, pot: 150, moves: [[A, B, 2], [pot, A, 10], [A, C, 1],"
        " [C, pot, 10]]}}",
        "{declarer: B, contract: sans, defence: {C: whist, A: whist}, tricks: {B: 5, C: 3, A: 2},"
        " after: {pot: 160, moves: [[B, pot, 20], [pot, B, 10], [B, C, 3], [B, A, 2]]}}"],
        options="{sans.scoring: pot}")
