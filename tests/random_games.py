"""Long random games for the tests: deals drawn from the samples' own, each kept legal by
playing it through the full rules where it falls, under conventions and settings that reach
every threshold (pulyas closing, the end, bule crossing zero, refes running out...)."""

from __future__ import annotations

import copy
import random
import re

from conftest import ALL_WORDS, ROOT

from pulka.convention.loader import load_convention
from pulka.errors import PulkaError
from pulka.game import Table
from pulka.notation import parse_deal
from pulka.replay import family_of

SAMPLES = ROOT / "samples"


def _deal_texts(*samples: str, names: tuple[str, ...] | None = None) -> list[str]:
    """The deal texts of the samples, their players renamed to ``names`` in seating order."""
    texts = []
    for sample in samples:
        lines = (SAMPLES / f"{sample}.pulka").read_text(encoding="utf-8").splitlines()
        players = next(line.split()[1:] for line in lines if line.startswith("players "))
        for line in lines:
            found = re.match(r"^\d+\. (.*)$", line)
            if found:
                text = found[1]
                if names is not None:
                    for old, new in zip(players, names, strict=True):
                        text = re.sub(rf"(?<!\w){re.escape(old)}(?!\w)", new, text)
                texts.append(text)
    return texts


RU3 = ("Аня", "Борис", "Вера")
RUSSIAN_3 = [*_deal_texts("sochi-3", "leningrad-3", "rostov-3", "classic-3"),
             "Аня 7nt dark 7 Борис whist 2 Вера whist 1",
             "raspasy dark 1 Аня 4 Борис 3 Вера 3",
             "raspasy dark 2 Аня 0 Борис 6 Вера 4",
             "Борис 10s 10 Вера whist 0 Аня pass"]
FIVE = ("A", "B", "C", "D", "E")
#: deals of every kind at five players, by whoever may hold cards (legal_game keeps those
#: that fit the seats of the deal they fall on)
RUSSIAN_5 = [line for d in FIVE for one, two in ((a, b) for a in FIVE for b in FIVE
                                                 if len({a, b, d}) == 3)
             for line in (f"{d} 6s 6 {one} whist 2 {two} whist 2",
                          f"{d} 7h 8 {one} whist 1 {two} pass",
                          f"{d} 8d 7 {one} whist 2 {two} whist 1",
                          f"{d} 6c {one} pass {two} half",
                          f"raspasy {d} 4 {one} 0 {two} 6")] + \
    [f"{d} misere {t}" for d in FIVE for t in (0, 1)]
BALKAN = [*_deal_texts("croatian-3", "serbian-3", "slovenian-3", names=("A", "B", "C")),
          "allpass", "allpass"]

#: (convention, settings, players, deal texts)
GAMES = [
    ("sochi", {"pulya": 40}, RU3, RUSSIAN_3),
    ("sochi", {"pulya": 20, "overflow": "keep", "end": "manual"}, RU3, RUSSIAN_3),
    ("sochi", {"pulya": 60, "end": "total", "overflow": "keep"}, RU3, RUSSIAN_3),
    ("sochi", {"pulya": 20, "gora_first": True, "end": "manual"}, RU3, RUSSIAN_3),
    ("sochi", {"pulya": 30}, (*RU3, "Глеб"), _deal_texts("sochi-4")),
    ("sochi", {"pulya": 40, "deal.repeat_after_raspasy": 2}, RU3, RUSSIAN_3),
    ("sochi", {"pulya": 30, "deal.repeat_after_raspasy": 1}, (*RU3, "Глеб"),
     _deal_texts("sochi-4")),
    ("leningrad", {"pulya": 20, "end": "manual"}, RU3, RUSSIAN_3),
    ("rostov", {"pulya": 40}, RU3, RUSSIAN_3),
    ("classic", {"pulya": 40}, RU3, RUSSIAN_3),
    ("classic", {"pulya": 30, "end": "manual"}, RU3, RUSSIAN_3),
    ("skachki", {}, RU3, RUSSIAN_3),
    ("sochi", {"pulya": 20}, FIVE, RUSSIAN_5),
    ("sochi", {"pulya": 20, "five.rest": "left", "deal.repeat_after_raspasy": 1,
               "remise.consolation_to": "all", "help.sitting_out": True}, FIVE, RUSSIAN_5),
    ("gusarik", {"pulya": 30}, ("Аня", "Борис"), _deal_texts("gusarik-2")),
    ("croatian", {"start": 100}, ("A", "B", "C"), BALKAN),
    ("croatian", {"start": 100, "refe.max": 1}, ("A", "B", "C"), BALKAN),
    ("serbian", {"start": 100}, ("A", "B", "C"), BALKAN),
    ("slovenian", {"start": 100}, ("A", "B", "C"), BALKAN),
]


def legal_game(convention: str, settings: dict, players: tuple[str, ...], texts: list[str],
                seed: int, deals: int = 120) -> list[str]:
    """Up to ``deals`` deal texts drawn at random from ``texts``, each legal where it falls
    (checked by playing it through the full rules), until the game is over."""
    conv = load_convention(convention, settings or None)
    table = Table(players, conv, dict(settings), convention)
    family = family_of(table)
    state = family.new_state(table)
    rng = random.Random(seed)
    chosen: list[str] = []
    tries = 0
    while len(chosen) < deals and not state.finished and tries < deals * 20:
        tries += 1
        text = rng.choice(texts)
        trial = copy.deepcopy(state)
        try:
            family.play(parse_deal(text, players, ALL_WORDS), trial)
        except PulkaError:
            continue
        state = trial
        chosen.append(text)
    return chosen
