"""`pulka show --paper`: the sheet drawn as players keep it, for the terminal.

Exact screens for sample games (three and four players, the Balkan family, English and
Russian, 80 and 40 columns), plain ASCII where the console's encoding lacks the box
characters, colour only on a terminal and never with NO_COLOR, and, at every width from 40
columns, no line wider than the terminal and no running total cut.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from cli_kit import digests, ok
from click.testing import CliRunner

from pulka.cli import cli
from pulka.errors import PulkaError
from pulka.render import paper_kit
from pulka.render.registry import get_paper

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples"
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def shown(*args: object, columns: int) -> str:
    """`pulka ARGS` in-process on a terminal ``columns`` wide (CliRunner: not a terminal)."""
    result = CliRunner().invoke(cli, [str(a) for a in args], env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    return result.stdout


def paper(name: str, columns: int, *more: str) -> str:
    """`pulka show --paper` of a sample at a terminal width."""
    return shown("show", "--paper", SAMPLES / name, *more, columns=columns)


def real(*args: object, env: dict[str, str]) -> subprocess.CompletedProcess:
    """`python -m pulka ARGS` in a process of its own (an encoding of its own)."""
    full = {**os.environ, "PYTHONPATH": str(ROOT), **env}
    return subprocess.run([sys.executable, "-m", "pulka", *map(str, args)], env=full,
                          capture_output=True, check=False)


SOCHI3_80 = """\
Сочинка (Sochi)
┌─ Борис ──────────────────────────────┬─ Вера ────────────────────────────────┐
│ whists → Вера: 4.8.16.24.34.38.44    │ whists → Аня: 4.8.10.14.20.40.46.48.  │
│ whists → Аня: 4.10.12.18.22.24       │   68                                  │
│                                      │ whists → Борис: 12.24.28.32.36.40.52. │
│                                      │   58                                  │
│ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │
│ pulya: 4.6.8.10.12.20‖               │ pulya: 4.14.18.20‖                    │
│ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │
│ gora: 2.17.20.24.27.35.36.40.42.54.  │ gora: 4.18.30.35.39.43.51.55.63.73.   │
│   69.75.79                           │   77.85.91.95                         │
├──────────────────────────────────────┴───────────────────────────────────────┤
│                                ╭────────────╮                                │
│                                │  pulya 20  │                                │
│                                │ whist 0.10 │                                │
│                                ╰────────────╯                                │
├──────────────────────────────────────────────────────────────────────────────┤
│ gora: 4.10.13.15.17.20.28.30.50.55.59.68.70.72.64                            │
│ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │
│ pulya: 2.4.10.12.14.16.18.20‖                                                │
│ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │
│ whists → Борис: 4.8.10.14.30.34.40.46                                        │
│ whists → Вера: 8.16.28.36.46.56.58                                           │
└─ Аня ────────────────────────────────────────────────────────────────────────┘
‖ pulya closed
34 deals played · the game is over
result: Аня +165 1/3 · Борис −32 2/3 · Вера −132 2/3
money: Аня +16.54 · Борис −3.27 · Вера −13.27
"""

SOCHI3_40 = """\
Сочинка (Sochi)
             ╭────────────╮
             │  pulya 20  │
             │ whist 0.10 │
             ╰────────────╯
┌─ Аня ────────────────────────────────┐
│ whists → Борис: 4.8.10.14.30.34.40.  │
│   46                                 │
│ whists → Вера: 8.16.28.36.46.56.58   │
│ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │
│ pulya: 2.4.10.12.14.16.18.20‖        │
│ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │
│ gora: 4.10.13.15.17.20.28.30.50.55.  │
│   59.68.70.72.64                     │
└──────────────────────────────────────┘
┌─ Борис ──────────────────────────────┐
│ whists → Вера: 4.8.16.24.34.38.44    │
│ whists → Аня: 4.10.12.18.22.24       │
│ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │
│ pulya: 4.6.8.10.12.20‖               │
│ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │
│ gora: 2.17.20.24.27.35.36.40.42.54.  │
│   69.75.79                           │
└──────────────────────────────────────┘
┌─ Вера ───────────────────────────────┐
│ whists → Аня: 4.8.10.14.20.40.46.48. │
│   68                                 │
│ whists → Борис: 12.24.28.32.36.40.   │
│   52.58                              │
│ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │
│ pulya: 4.14.18.20‖                   │
│ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │
│ gora: 4.18.30.35.39.43.51.55.63.73.  │
│   77.85.91.95                        │
└──────────────────────────────────────┘
‖ pulya closed
34 deals played · the game is over
result: Аня +165 1/3 · Борис −32 2/3 ·
  Вера −132 2/3
money: Аня +16.54 · Борис −3.27 ·
  Вера −13.27
"""

SOCHI3_80_RU = """\
Сочинка (Sochi)
┌─ Борис ──────────────────────────────┬─ Вера ────────────────────────────────┐
│ висты → Вера: 4.8.16.24.34.38.44     │ висты → Аня: 4.8.10.14.20.40.46.48.68 │
│ висты → Аня: 4.10.12.18.22.24        │ висты → Борис: 12.24.28.32.36.40.52.  │
│                                      │   58                                  │
│ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │
│ пуля: 4.6.8.10.12.20‖                │ пуля: 4.14.18.20‖                     │
│ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │
│ гора: 2.17.20.24.27.35.36.40.42.54.  │ гора: 4.18.30.35.39.43.51.55.63.73.   │
│   69.75.79                           │   77.85.91.95                         │
├──────────────────────────────────────┴───────────────────────────────────────┤
│                                ╭───────────╮                                 │
│                                │  пуля 20  │                                 │
│                                │ вист 0,10 │                                 │
│                                ╰───────────╯                                 │
├──────────────────────────────────────────────────────────────────────────────┤
│ гора: 4.10.13.15.17.20.28.30.50.55.59.68.70.72.64                            │
│ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │
│ пуля: 2.4.10.12.14.16.18.20‖                                                 │
│ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │
│ висты → Борис: 4.8.10.14.30.34.40.46                                         │
│ висты → Вера: 8.16.28.36.46.56.58                                            │
└─ Аня ────────────────────────────────────────────────────────────────────────┘
‖ пуля закрыта
сыграно 34 сдачи · пулька окончена
итог: Аня +165 1/3 · Борис −32 2/3 · Вера −132 2/3
деньги: Аня +16,54 · Борис −3,27 · Вера −13,27
"""

SOCHI4_80 = """\
Сочинка (Sochi)
┌─ Вера ───────────────────────────────────────────────────────────────────────┐
│ raspasy: 8.2.3.3.3                                                           │
│ played: 7♥ 6♥ 7♦−1 7NT misere                                                │
│ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │
│ whists → Глеб: 4.8.12.32.36                                                  │
│ whists → Аня: 6.8                                                            │
│ whists → Борис: 4.44                                                         │
│ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │
│ pulya: 4.6.10‖                                                               │
│ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │
│ gora: 16.18.22.25.31.34.30                                                   │
├─ Борис ──────────────────────┬────────────────┬─ Глеб ───────────────────────┤
│ raspasy: 4.0.4.2.3.3         │                │ raspasy: 3.4.4               │
│ played: 6♠ misere+1 6♣       │                │ played: 7♣ 6♠ 6♥ 6♠          │
│ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │                │ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │
│ whists → Вера: 4.8.12        │ ╭────────────╮ │ whists → Аня: 4.6.16.22.24.  │
│ whists → Глеб: 8             │ │  pulya 10  │ │   44                         │
│ whists → Аня: 12.22.32.36.   │ │ whist 0.05 │ │ whists → Борис: 4            │
│   38.50                      │ ╰────────────╯ │ whists → Вера: 12.24.28.36   │
│ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │                │ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │
│ pulya: 2.4.6.10‖             │                │ pulya: 4.6.8.10‖             │
│ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │                │ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │
│ gora: 4.14.18.20.26.29       │                │ gora: 3.7.15                 │
├──────────────────────────────┴────────────────┴──────────────────────────────┤
│ gora: 3.7.9.11.21.26.28.32.28                                                │
│ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │
│ pulya: 6.8.10‖                                                               │
│ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │
│ whists → Борис:                                                              │
│ whists → Вера: 4                                                             │
│ whists → Глеб: 4.6.10                                                        │
│ ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄ │
│ raspasy: 3.2.5.4                                                             │
│ played: 6♦−1 8NT 10♠−1 6♣−1 8♥                                               │
└─ Аня ────────────────────────────────────────────────────────────────────────┘
‖ pulya closed
23 deals played · the game is over
result: Аня −113 · Борис −13 · Вера −9 · Глеб +135
money: Аня −5.65 · Борис −0.65 · Вера −0.45 · Глеб +6.75
"""

SERBIAN3_80_RU = """\
Сербский (Serbian)
начало −60 · цена 0,01
┌─────────────────────────┬────────────────────────┬────────────────────────┐
│          Marko          │         Jelena         │         Nikola         │
├─────────┬─────┬─────────┼────────┬─────┬─────────┼─────────┬─────┬────────┤
│→ Nikola │буле │→ Jelena │→ Marko │буле │→ Nikola │→ Jelena │буле │→ Marko │
├─────────┼─────┼─────────┼────────┼─────┼─────────┼─────────┼─────┼────────┤
│      96 │ −60 │      32 │     12 │ −60 │      32 │      32 │ −60 │     12 │
│     112 │ −54 │      82 │     84 │   — │      56 │      92 │   — │     36 │
│     152 │   — │     142 │    124 │   — │      96 │         │   — │    196 │
│     192 │   — │         │    168 │   / │         │         │   / │    240 │
│         │   / │         │        │ −44 │         │         │ −28 │        │
│         │ −78 │         │        │   / │         │         │   / │        │
│         │   / │         │        │ −20 │         │         │ −12 │        │
│         │  +2 │         │        │ −30 │         │         │  −6 │        │
│         │   ^ │         │        │ −42 │         │         │ −22 │        │
│         │  +6 │         │        │   — │         │         │   — │        │
│         │ −10 │         │        │   / │         │         │   / │        │
│         │   v │         │        │ −10 │         │         │  −2 │        │
│         │   — │         │        │     │         │         │     │        │
│         │   / │         │        │     │         │         │     │        │
│         │ +12 │         │        │     │         │         │     │        │
│         │   ^ │         │        │     │         │         │     │        │
└─────────┴─────┴─────────┴────────┴─────┴─────────┴─────────┴─────┴────────┘
— рефе   / рефе сыгран   ^ шешир   v шешир снят
сыграно 19 сдач · пулька окончена
итог: Marko +46 · Jelena −70 · Nikola +24
деньги: Marko +0,46 · Jelena −0,70 · Nikola +0,24
"""

SERBIAN3_40 = """\
Сербский (Serbian)
start −60 · price 0.01
┌────────────────────────────┐
│           Marko            │
├──────────┬──────┬──────────┤
│ → Nikola │ bule │ → Jelena │
├──────────┼──────┼──────────┤
│       96 │  −60 │       32 │
│      112 │  −54 │       82 │
│      152 │    — │      142 │
│      192 │    — │          │
│          │    / │          │
│          │  −78 │          │
│          │    / │          │
│          │   +2 │          │
│          │    ^ │          │
│          │   +6 │          │
│          │  −10 │          │
│          │    v │          │
│          │    — │          │
│          │    / │          │
│          │  +12 │          │
│          │    ^ │          │
└──────────┴──────┴──────────┘
┌───────────────────────────┐
│          Jelena           │
├─────────┬──────┬──────────┤
│ → Marko │ bule │ → Nikola │
├─────────┼──────┼──────────┤
│      12 │  −60 │       32 │
│      84 │    — │       56 │
│     124 │    — │       96 │
│     168 │    / │          │
│         │  −44 │          │
│         │    / │          │
│         │  −20 │          │
│         │  −30 │          │
│         │  −42 │          │
│         │    — │          │
│         │    / │          │
│         │  −10 │          │
└─────────┴──────┴──────────┘
┌───────────────────────────┐
│          Nikola           │
├──────────┬──────┬─────────┤
│ → Jelena │ bule │ → Marko │
├──────────┼──────┼─────────┤
│       32 │  −60 │      12 │
│       92 │    — │      36 │
│          │    — │     196 │
│          │    / │     240 │
│          │  −28 │         │
│          │    / │         │
│          │  −12 │         │
│          │   −6 │         │
│          │  −22 │         │
│          │    — │         │
│          │    / │         │
│          │   −2 │         │
└──────────┴──────┴─────────┘
— refe   / refe played   ^ hat
v hat taken off
19 deals played · the game is over
result: Marko +46 · Jelena −70 ·
  Nikola +24
money: Marko +0.46 · Jelena −0.70 ·
  Nikola +0.24
"""


LATIN_60_ASCII = """\
??????? (Sochi)
+- Bob ----------------------+- Cid -----------------------+
| whists -> Cid: 8.16        | whists -> Ann: 4            |
| whists -> Ann: 4           | whists -> Bob:              |
| .......................... | ........................... |
| pulya:                     | pulya:                      |
| .......................... | ........................... |
| gora: 2                    | gora: 4.12                  |
+----------------------------+-----------------------------+
|                      +------------+                      |
|                      |  pulya 20  |                      |
|                      | whist 0.10 |                      |
|                      +------------+                      |
+----------------------------------------------------------+
| gora: 4                                                  |
| ........................................................ |
| pulya: 2.12                                              |
| ........................................................ |
| whists -> Bob:                                           |
| whists -> Cid: 12.20                                     |
+- Ann ----------------------------------------------------+
4 deals played | next deal: Bob deals
result: Ann +112 | Bob +20 | Cid -132
money: Ann +11.20 | Bob +2.00 | Cid -13.20
"""


def latin_game(folder: Path) -> Path:
    """A short game with Latin names (an ASCII console shows them as they are)."""
    game = folder / "latin.pulka"
    ok("new", game, "--players", "Ann", "Bob", "Cid", "--convention", "sochi", "--price", "0.10")
    for deal in (["Ann", "6s", "6", "Bob", "whist", "2", "Cid", "whist", "2"],
                 ["raspasy", "Ann", "4", "Bob", "2", "Cid", "4"],
                 ["Cid", "7h", "5", "Ann", "whist", "3", "Bob", "whist", "2"],
                 ["Ann", "misere", "0"]):
        ok("add", game, *deal)
    return game


@pytest.mark.parametrize(("name", "columns", "more", "expected"), [
    ("sochi-3.pulka", 80, (), SOCHI3_80),
    ("sochi-3.pulka", 40, (), SOCHI3_40),
    ("sochi-3.pulka", 80, ("--lang", "ru"), SOCHI3_80_RU),
    ("sochi-4.pulka", 80, (), SOCHI4_80),
    ("serbian-3.pulka", 80, ("--lang", "ru"), SERBIAN3_80_RU),
    ("serbian-3.pulka", 40, (), SERBIAN3_40),
])
def test_the_paper_sheet_as_it_is_drawn(name: str, columns: int, more: tuple[str, ...],
                                        expected: str) -> None:
    before = digests(SAMPLES)
    assert paper(name, columns, *more) == expected
    assert digests(SAMPLES) == before


def test_russian_through_the_locale() -> None:
    result = real("show", "--paper", SAMPLES / "sochi-3.pulka",
                  env={"COLUMNS": "80", "LANG": "ru_RU.UTF-8", "PYTHONIOENCODING": "utf-8"})
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode("utf-8") == SOCHI3_80_RU


def test_the_readme_shows_the_russian_sheet_as_it_prints() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"```\n{SOCHI3_80_RU}```" in readme


def test_an_ascii_console_gets_ascii_frames(tmp_path: Path) -> None:
    game = latin_game(tmp_path)
    before = digests(tmp_path)
    result = real("show", "--paper", game, env={"COLUMNS": "60", "PYTHONIOENCODING": "ascii"})
    assert result.returncode == 0, result.stderr
    assert result.stderr == b""
    assert result.stdout.decode("ascii") == LATIN_60_ASCII
    assert digests(tmp_path) == before


def test_a_cyrillic_console_without_box_characters_keeps_the_names() -> None:
    result = real("show", "--paper", SAMPLES / "classic-3.pulka",
                  env={"COLUMNS": "80", "PYTHONIOENCODING": "cp866", "PULKA_LANG": "ru"})
    assert result.returncode == 0, result.stderr
    text = result.stdout.decode("cp866")
    assert "+- Борис ---" in text and "─" not in text
    assert "пуля: 1.4.9.13.17.20||" in text
    assert "гора: −1" not in text and "гора: -1.3.0#.-5.-9.1.11.13.21.36." in text


@pytest.mark.parametrize("name", ["sochi-3.pulka", "sochi-4.pulka", "gusarik-2.pulka",
                                  "classic-3.pulka", "serbian-3.pulka", "croatian-3.pulka"])
def test_no_line_is_wider_than_the_terminal_down_to_forty_columns(name: str) -> None:
    for columns in range(40, 101, 3):
        for line in paper(name, columns).splitlines():
            assert paper_kit.cells(line) <= columns, (columns, line)


@pytest.mark.parametrize("name", ["sochi-3.pulka", "sochi-4.pulka", "classic-3.pulka",
                                  "leningrad-3.pulka"])
def test_a_narrow_terminal_stacks_the_sectors_and_cuts_no_total(name: str) -> None:
    from pulka.gamefile import open_game
    from pulka.render.running_totals import build_history
    from pulka.settlement.figures import build

    text = paper(name, 40)
    game, _ = open_game(SAMPLES / name)
    _report, _state, _settlement, steps = build(game)
    players = game.table.players
    history = build_history(players, steps)
    # each sector's box, its rows joined again where they were broken
    boxes = re.findall(r"┌─ (\S+) ─+┐\n(.*?)└", text, re.S)
    assert [who for who, _ in boxes] == list(players)
    for who, body in boxes:
        joined = "".join(line[2:-2].strip() + ("\n" if not line[2:-2].rstrip().endswith(".") else "")
                         for line in body.splitlines())
        pulya = history.columns[who].get("pulya")
        if pulya is not None:
            assert f"pulya: {pulya.dotted()}" in joined.replace("‖", ""), (who, joined)
        for other in players:
            if other != who:
                whists = history.whists[who][other].dotted()
                assert f"whists → {other}: {whists}".rstrip() in joined, (who, other, joined)


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("stream", "env", "colour"), [
    (Terminal(), {"TERM": "xterm-256color"}, True),
    (Terminal(), {"TERM": "xterm-256color", "NO_COLOR": "1"}, False),
    (Terminal(), {"TERM": "dumb"}, False),
    (Terminal(), {}, False),
    (io.StringIO(), {"TERM": "xterm-256color"}, False),
])
def test_colour_only_on_a_terminal_that_has_it(stream: io.StringIO, env: dict[str, str],
                                               colour: bool) -> None:
    assert paper_kit.detect(stream, env).colour is colour


def test_colour_codes_are_only_styles_round_the_same_text() -> None:
    from pulka.gamefile import open_game
    from pulka.settlement.figures import build

    game, _ = open_game(SAMPLES / "sochi-3.pulka")
    report, state, settlement, steps = build(game)
    drawing = get_paper("russian").draw(paper_kit.Kit(80, colour=True), game, report, state,
                                        settlement, steps)
    painted = [paper_kit.Kit(80, colour=True).render(line) for line in drawing]
    plain = [paper_kit.Kit(80).render(line) for line in drawing]
    assert any("\x1b[1m" in line for line in painted)
    assert not any("\x1b" in line for line in plain)
    assert [ANSI.sub("", line).rstrip() for line in painted] == plain
    assert "\n".join(plain) + "\n" == SOCHI3_80


def pty_paper(env: dict[str, str]) -> str:
    pexpect = pytest.importorskip("pexpect")
    full = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    full.update({"PYTHONPATH": str(ROOT), "COLUMNS": "80", "LINES": "60", **env})
    child = pexpect.spawn(sys.executable, ["-m", "pulka", "show", "--paper",
                                           str(SAMPLES / "sochi-3.pulka")],
                          env=full, encoding="utf-8", dimensions=(60, 80))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    return child.before.replace("\r\n", "\n")


def test_a_real_terminal_gets_colour_and_no_color_takes_it_away() -> None:
    coloured = pty_paper({"TERM": "xterm"})
    assert "\x1b[" in coloured
    assert ANSI.sub("", coloured) == SOCHI3_80
    bare = pty_paper({"TERM": "xterm", "NO_COLOR": "1"})
    assert "\x1b" not in bare
    assert bare == SOCHI3_80


def test_a_fresh_game_is_a_blank_sheet(tmp_path: Path) -> None:
    game = tmp_path / "g.pulka"
    ok("new", game, "--players", "Ann", "Bob", "Cid", "Dan", "--convention", "sochi")
    text = shown("show", "--paper", game, columns=80)
    assert "├─ Bob ─" in text and "─ Dan ─" in text and "└─ Ann ─" in text and "┌─ Cid ─" in text
    assert "0 deals played · next deal: Ann deals and sits out" in text
    assert "money:" not in text


def test_a_family_without_a_paper_sheet_is_named() -> None:
    with pytest.raises(PulkaError, match="drawn only for russian, balkan"):
        get_paper("tally")


@pytest.mark.parametrize(("convention", "deal"), [
    ("sochi", ["Бо", "6s", "6", "Ал", "whist", "2", "Ве", "whist", "2"]),
    ("serbian", ["Бо", "d", "6", "Ал", "whist", "2", "Ве", "whist", "2"]),
])
def test_names_of_32_letters_fit_forty_columns_whole(tmp_path: Path, convention: str,
                                                     deal: list[str]) -> None:
    game = tmp_path / "g.pulka"
    long_one, other = "Александра-Константиновна-Длинна", "Вера-Николаевна-Очень-Длинная"
    ok("new", game, "--players", long_one, "Бо", other, "--convention", convention)
    ok("add", game, *deal)
    for lang in ("en", "ru"):
        text = shown("show", "--paper", game, "--lang", lang, columns=40)
        for line in text.splitlines():
            assert paper_kit.cells(line) <= 40, line
        assert text.count(long_one) >= 3 and text.count(other) >= 3


def test_a_row_is_broken_after_its_separators_and_a_fraction_stays_whole() -> None:
    kit = paper_kit.Kit()

    def lines(width: int) -> list[str]:
        return ["".join(text for text, _ in line)
                for line in paper_kit.wrap(kit, "whists → Вера-Николаевна",
                                           ["4", "8", "16", "24", "103 1/3"], ".", width)]

    assert lines(60) == ["whists → Вера-Николаевна: 4.8.16.24.103 1/3"]
    assert lines(20) == ["whists →", "Вера-Николаевна: 4.", "  8.16.24.103 1/3"]
    assert lines(8) == ["whists →", "Вера-Николаевна:", "  4.8.", "  16.24.", "  103 1/3"]


def test_whists_in_halves_are_one_token_each_as_the_pulya_and_gora() -> None:
    """Rostov writes half whists: each total is one token between the dots (``39½``), never
    ``39 1/2``, which reads as 39 and 1/2; a console without the glyph gets ``39(1/2)``."""
    text = paper("rostov-3.pulka", 80)
    assert "whists → Вера: 10.18.22.39½.43½.83½." in text
    sheet = text.split("result:")[0]  # (the result line below is prose: ``+69 1/2``)
    assert "½" in sheet and " 1/2" not in sheet and "1/2" not in sheet
    for encoding in ("cp1251", "cp866"):
        result = real("show", "--paper", SAMPLES / "rostov-3.pulka",
                      env={"COLUMNS": "80", "PYTHONIOENCODING": encoding})
        assert result.returncode == 0, result.stderr
        shown = result.stdout.decode(encoding)
        assert "whists -> Вера: 10.18.22.39(1/2)." in shown, shown
        assert "?" not in shown.split("result:")[0]
