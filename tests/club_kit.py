"""A club's archive for the tests: the samples' evenings played again by the same three
people (or others), each game at the price and in the currency the test gives, on the date it
gives. A game is a journal made by ``pulka new`` with the sample's convention and settings,
then the sample's deals, their players renamed, appended in the journal's own form."""

from __future__ import annotations

import re
from pathlib import Path

from cli_kit import ok
from conftest import ROOT

SAMPLES = ROOT / "samples"
CLUB = ("Аня", "Борис", "Вера")


def evening(path: Path, sample: str, *, players: tuple[str, ...] = CLUB,
            price: str | None = "0.10", currency: str | None = None,
            created: str = "2026-11-29T20:00:00") -> Path:
    """The sample's game played by ``players`` (in its seats, in order) at ``price`` (None:
    no price), on the day ``created``."""
    text = (SAMPLES / f"{sample}.pulka").read_text(encoding="utf-8")
    lines = text.splitlines()
    old = next(line.split()[1:] for line in lines if line.startswith("players "))
    convention = next(line.split()[1] for line in lines if line.startswith("convention "))
    sets = [line.split(" ", 2)[1:] for line in lines if line.startswith("set ")]
    options = [f"{key}={value}" for key, value in sets if key != "price"]
    if currency is not None:
        options.append(f"currency={currency}")
    ok("new", path, "--players", *players, "--convention", convention,
       "--price", price if price is not None else "none",
       *(arg for option in options for arg in ("--set", option)))
    # (in one pass: a new name may be an old one of another seat; quoted when it has a space)
    names = dict(zip(old, (f'"{p}"' if " " in p else p for p in players), strict=True))
    pattern = re.compile("|".join(rf"(?<!\w){re.escape(name)}(?!\w)" for name in old))
    renamed = [pattern.sub(lambda found: names[found[0]], line) for line in lines
               if re.match(r"^(\d+\.|void|fix|restore) ", line)]
    made = path.read_text(encoding="utf-8")
    made = re.sub(r"(?m)^created .*$", f"created {created}", made)
    path.write_text(made + "".join(f"{line}\n" for line in renamed), encoding="utf-8")
    return path


#: the archive of the issue: the same three at Sochi, Croatian, Greek and Austrian evenings,
#: at different prices; one game in euros, one without a price
MIXED = [("sochi-3", "0.10", None, "2026-10-02T20:00:00"),
         ("croatian-3", "0.01", None, "2026-10-09T20:00:00"),
         ("greek-3", "0.05", None, "2026-10-16T20:00:00"),
         ("austrian-3", "0.10", None, "2026-11-06T20:00:00"),
         ("rostov-3", "0.25", None, "2026-11-13T20:00:00"),
         ("sochi-3", "0.05", None, "2026-11-20T20:00:00"),
         ("croatian-3", "0.02", "€", "2026-11-27T20:00:00"),
         ("sochi-3", None, None, "2026-12-04T20:00:00")]


def mixed_archive(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    return [evening(folder / f"{n:02d}-{sample}.pulka", sample, price=price, currency=currency,
                    created=created)
            for n, (sample, price, currency, created) in enumerate(MIXED)]
