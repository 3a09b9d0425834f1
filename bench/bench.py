"""pulka's benchmarks: start-up, replay, exports, stats, serve. Prints figures; asserts nothing.

    python bench/bench.py                 # all the parts, with the default sizes
    python bench/bench.py --deals 200000  # a shorter replay run
    python bench/bench.py --only startup  # one part
    python bench/bench.py --only stats --games 2000  # a smaller archive

1. Start-up: the median wall time of `pulka show`, `pulka add`, `pulka settle --json` and
   `pulka check` on a 300-deal journal, each against the median of bare
   `python -c "import click, yaml"` timed in the same rounds (target: at most 1.3× for show,
   add, settle --json and check; at most 3× for each export of the 300 deals); `show` and
   `add` once more with snapshots off, each run replaying the 300 deals; `show` on the
   bundled sample of each family (target: at most 1.3× each, every family as quick as
   Sochi: none draws its sheet with rich where it is not on a terminal); and where
   valgrind is installed, the instructions each one runs, counted by
   callgrind (a figure the load of a shared machine does not move).
2. `pulka settle --json` on generated journals of 1,000,000 deals (varied Sochi deals,
   the same nine deals over and over, a Croatian game), each against the floor of the same
   file read and split line by line by Python (targets: at most 10×, 2× and 10× that floor;
   peak memory under 100 MB); the first 20,000 deals of each are also replayed through the
   full rules deal by deal, and the bench says whether the compiled replay agrees.
3. Export a 500-deal game to XLSX and PDF (target: under 2 s together).
4. `pulka stats` over an archive of generated games of 100 deals (10,000 by default, the
   issue's size: the deals of one 1,000,000-deal journal cut into evenings): the first
   run (empty cache) against one `pulka settle --json` of the same deals in one journal
   (target: at most 1.2×), and a second run with nothing changed (target: under 2 s); the
   same again for an archive of varied deals (the journal of part 2's varied run).
5. `pulka serve` (the real command, on 127.0.0.1): 50 table pages open on the change stream
   while the scorer posts deals one at a time; for each deal, the time until its 201 (target:
   a median under 100 ms) and until every one of the 50 pages has it (target: within 1 s).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PLAYERS = ("Аня", "Борис", "Вера")
#: the code under test is this checkout's, whatever the installed command would import (an
#: editable install may point at another checkout)
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
#: the installed command beside this Python (what a player types), else `python -m pulka`
_SCRIPT = Path(sys.executable).with_name("pulka")
PULKA = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-m", "pulka"]
#: as installed: bytecode compiled and kept (a development shell may say not to write it);
#: this checkout first on the path, so the command runs its code
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
ENV["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])
#: every replay timed is a replay: no command reads a state back from a snapshot
#: (pulka.replay.snapshots) but those of the start-up part that say so
ENV["PULKA_SNAPSHOTS"] = "off"
PARTS = ("startup", "replay", "exports", "stats", "serve")
#: start-up targets, as a ratio to bare `import click, yaml` (None: measured, no target)
STARTUP_TARGETS = {"show": 1.3, "add": 1.3, "settle --json": 1.3, "check": 1.3,
                   "export --xlsx": 3, "export --pdf": 3, "show, replayed": None,
                   "add, replayed": None}
#: `pulka show` on one bundled sample of each family: every family's sheet starts as quickly
FAMILY_SAMPLES = {"show sochi-3": "sochi-3.pulka", "show croatian-3": "croatian-3.pulka",
                  "show austrian-3": "austrian-3.pulka", "show swabian-3": "swabian-3.pulka",
                  "show greek-3": "greek-3.pulka"}
STARTUP_TARGETS.update(dict.fromkeys(FAMILY_SAMPLES, 1.3))
#: the commands timed again with snapshots off (pulka.replay.snapshots): each run replays the whole
#: journal, as the first command on a journal does
REPLAYED = {"show, replayed": "show", "add, replayed": "add"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1_000_000, help="deals in the replay run")
    parser.add_argument("--runs", type=int, default=21, help="runs of each start-up command")
    parser.add_argument("--only", choices=PARTS, help="run one part only")
    parser.add_argument("--games", type=int, default=10_000, help="games in the stats archive")
    parser.add_argument("--pages", type=int, default=50, help="table pages open on pulka serve")
    parser.add_argument("--posts", type=int, default=60, help="deals posted to pulka serve")
    args = parser.parse_args()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, {_cpu()}, "
          f"Python {platform.python_version()}")
    print(f"code under test: {_under_test()}, run as {' '.join(PULKA)}")
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        if args.only in (None, "startup"):
            startup(work, args.runs)
        if args.only in (None, "replay"):
            replay(work, args.deals)
        if args.only in (None, "exports"):
            exports(work)
        if args.only in (None, "stats"):
            stats(work, args.games)
        if args.only in (None, "serve"):
            serve(work, args.pages, args.posts)


def _under_test() -> str:
    """The pulka package the commands import (run from elsewhere, as a player runs them)."""
    return subprocess.run([sys.executable, "-c", "import pulka; print(pulka.__path__[0])"],
                          capture_output=True, text=True, env=ENV, cwd=tempfile.gettempdir(),
                          check=True).stdout.strip()


def _cpu() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "cpu unknown"


def start_up_journal(path: Path, deals: int, seed: int = 1) -> None:
    """The 300-deal game the start-up figures have always been measured on: a long, legal
    3-player game that never ends (end: manual, overflow kept), both defenders whisting."""
    _sochi_journal(path, deals, seed, varied=False)


def varied_journal(path: Path, deals: int, seed: int = 1) -> None:
    """A long, legal 3-player Sochi game that never ends (end: manual, overflow kept), of
    varied deals: every declarer, contracts 6 to 10 made and failed, whisted by both, by one
    (the other passing), by nobody, half-whisted, misère, raspasy streaks and their exits."""
    _sochi_journal(path, deals, seed, varied=True)


def _sochi_journal(path: Path, deals: int, seed: int, varied: bool) -> None:
    """The two Sochi games above; the plain one draws exactly the deals it always drew."""
    _new_game(path, "sochi", "--pulya", "1000000", "--set", "end=manual", "--set",
              "overflow=keep")
    rng = random.Random(seed)
    after_raspasy, levels = ([7, 7, 8, 9, 10], [6, 6, 7, 8, 9]) if varied else ([7, 7, 8, 9],
                                                                               [6, 6, 7, 8])
    misere = [0, 0, 1, 2] if varied else [0, 0, 1]
    streak = 0
    with open(path, "a", encoding="utf-8") as out:
        for number in range(1, deals + 1):
            if rng.random() < 0.25:
                a = rng.randint(0, 6)
                b = rng.randint(0, 10 - a)
                out.write(f"{number}. raspasy Аня {a} Борис {b} Вера {10 - a - b}\n")
                streak += 1
                continue
            d = rng.randrange(3)
            declarer, first, second = (PLAYERS[(d + k) % 3] for k in range(3))
            level = rng.choice(after_raspasy if streak >= 2 else levels)
            streak = 0
            if rng.random() < 0.1:
                out.write(f"{number}. {declarer} misere {rng.choice(misere)}\n")
                continue
            if not varied:
                taken = rng.randint(level - 1, 10)
                own = rng.randint(0, 10 - taken)
                out.write(f"{number}. {declarer} {level}{rng.choice('scdh')} {taken} {first} "
                          f"whist {own} {second} whist {10 - taken - own}\n")
                continue
            game = f"{declarer} {level}{rng.choice(['s', 'c', 'd', 'h', 'nt'])}"
            taken = rng.randint(level - 2, 10)
            own = rng.randint(0, 10 - taken)
            answer = rng.random()
            if answer < 0.1:  # both pass: not played
                out.write(f"{number}. {game} {first} pass {second} pass\n")
            elif answer < 0.15 and level == 6:  # the second defender half-whists
                out.write(f"{number}. {game} {first} pass {second} half\n")
            elif answer < 0.35:  # one whists, the other passes
                out.write(f"{number}. {game} {taken} {first} whist {10 - taken} {second} pass\n")
            else:
                out.write(f"{number}. {game} {taken} {first} whist {own} {second} whist "
                          f"{10 - taken - own}\n")


def _new_game(path: Path, convention: str, *options: str) -> None:
    players = PLAYERS if convention != "croatian" else ("A", "B", "C")
    subprocess.run([*PULKA, "new", str(path), "--players", *players, "--convention", convention,
                    *options], check=True, capture_output=True, env=ENV)


def _instructions(command: list[str], env: dict[str, str] | None = None) -> int | None:
    """The instructions a command runs, counted by valgrind's callgrind (None without it)."""
    if shutil.which("valgrind") is None:
        return None
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           *command], capture_output=True, text=True, env=env or ENV)
    found = [line for line in done.stderr.splitlines() if "Collected :" in line]
    return int(found[-1].split(":")[1]) if done.returncode == 0 and found else None


def _timed(command: list[str], env: dict[str, str] | None = None) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=env or ENV)
    return time.perf_counter() - start


def _timed_both(command: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall time and the CPU time (user + system) of the child: on a shared machine the CPU
    time moves much less with the others' load."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = _timed(command, env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def startup(work: Path, runs: int) -> None:
    base = work / "300.pulka"
    start_up_journal(base, 300)
    import pulka  # compile pulka's bytecode once, as an install does

    subprocess.run([sys.executable, "-m", "compileall", "-q", str(Path(pulka.__file__).parent)],
                   check=True, env=ENV)
    game = work / "add.pulka"
    commands = {
        "show": [*PULKA, "show", str(base)],
        "add": [*PULKA, "add", str(game), "raspasy Аня 4 Борис 3 Вера 3"],
        "settle --json": [*PULKA, "settle", str(base), "--json"],
        "check": [*PULKA, "check", str(base)],
        "export --xlsx": [*PULKA, "export", str(base), "--xlsx", str(work / "300.xlsx")],
        "export --pdf": [*PULKA, "export", str(base), "--pdf", str(work / "300.pdf")],
    }
    commands.update({name: commands[plain] for name, plain in REPLAYED.items()})
    for name, sample in FAMILY_SAMPLES.items():
        shutil.copy(ROOT / "samples" / sample, work / sample)
        commands[name] = [*PULKA, "show", str(work / sample)]
    # the snapshots in a cache folder of the bench's own (the first run of each journal keeps
    # one, as at the table the command before does); the replayed ones keep none
    kept = {**ENV, "XDG_CACHE_HOME": str(work / "cache"), "PULKA_SNAPSHOTS": "on"}
    envs = {name: ENV if name in REPLAYED else kept for name in commands}
    baseline: list[tuple[float, float]] = []
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for _ in range(runs):  # interleaved, so a busy moment of the machine hits every command
        baseline.append(_timed_both([sys.executable, "-c", "import click, yaml"]))
        for name, command in commands.items():
            if command[len(PULKA)] == "add":
                shutil.copy(base, game)  # each run adds deal 301 to the same 300 deals
            times[name].append(_timed_both(command, envs[name]))
    b = statistics.median(w for w, _ in baseline)
    bc = statistics.median(c for _, c in baseline)
    counted = _instructions([sys.executable, "-c", "import click, yaml"])
    if counted:
        counted_commands = {}
        for name, command in commands.items():
            shutil.copy(base, game)
            counted_commands[name] = _instructions(command, envs[name])
    print(f"1. start-up on a 300-deal journal, medians of {runs} runs, against "
          f"`python -c \"import click, yaml\"` {b * 1000:.0f} ms (CPU {bc * 1000:.0f} ms):")
    for name, spent in times.items():
        m = statistics.median(w for w, _ in spent)
        c = statistics.median(c for _, c in spent)
        target = STARTUP_TARGETS[name]
        aim = f" (target ≤ {target})" if target else ""
        print(f"   `pulka {name}` {m * 1000:.0f} ms: ratio {m / b:.2f}{aim}; "
              f"CPU {c * 1000:.0f} ms: ratio {c / bc:.2f}")
    if counted:
        print(f"   instructions (valgrind's callgrind, which the machine's load does not move): "
              f"`import click, yaml` {counted / 1e6:.0f} M")
        for name, n in counted_commands.items():
            target = STARTUP_TARGETS[name]
            aim = f" (target ≤ {target})" if target else ""
            print(f"   `pulka {name}` {n / 1e6:.0f} M: ratio {n / counted:.2f}{aim}")


#: the replay targets, as a ratio to the floor (Python reading the journal line by line and
#: splitting each line), and the peak memory of the command
REPLAY_TARGETS = {"varied": 10, "repeating": 2, "balkan": 10}
MEMORY_TARGET_MB = 100


def replay(work: Path, deals: int) -> None:
    """`pulka settle --json` on three generated journals of ``deals`` deals each, against the
    floor of the same file read and split line by line, each in a process of its own."""
    makers = {"varied": varied_journal, "repeating": repeating_journal, "balkan": balkan_journal}
    print(f"2. `pulka settle --json` on {deals:,} deals, against the floor (Python reading the "
          "journal line by line and splitting each line), in processes of their own:")
    for kind, make in makers.items():
        path = work / f"{kind}.pulka"
        make(path, deals)
        floor, _ = _child([sys.executable, "-c", _FLOOR, str(path)])
        spent, peak_kb = _child([*PULKA, "settle", str(path), "--json"])
        print(f"   {kind}: {spent:.1f} s = {deals / spent:,.0f} deals/s; floor {floor:.2f} s: "
              f"ratio {spent / floor:.1f} (target ≤ {REPLAY_TARGETS[kind]}); peak memory "
              f"{peak_kb / 1024:.0f} MB (target < {MEMORY_TARGET_MB} MB); journal "
              f"{path.stat().st_size / 1e6:.0f} MB")
        print(f"      {_checked_both_ways(path, work)}")
        path.unlink()


#: the deals of each generated journal the bench also replays through the full rules
CHECKED_DEALS = 20_000


def _checked_both_ways(path: Path, work: Path) -> str:
    """Replay the first deals of the journal both ways, compiled and through the full rules
    deal by deal, and say whether the two final states are the same."""
    from pulka.gamefile import open_game
    from pulka.replay import final_state

    part = work / "part.pulka"
    with open(path, "rb") as source, open(part, "wb") as out:
        header = True
        for number, line in enumerate(source):
            if header and line[:1].isdigit():
                header, first = False, number
            if not header and number - first >= CHECKED_DEALS:
                break
            out.write(line)
    fast, fast_count = final_state(open_game(part)[0])
    full, full_count = final_state(open_game(part)[0], compiled=False)
    part.unlink()
    same = fast == full and fast_count == full_count
    return (f"the compiled replay and the full rules agree on its first {fast_count:,} deals: "
            f"{'yes' if same else 'NO, THEY DIFFER'}")


_FLOOR = ("import sys\n"
          "for line in open(sys.argv[1], encoding='utf-8'):\n"
          "    line.split()\n")


def _child(command: list[str]) -> tuple[float, int]:
    """Wall time and peak memory (KB) of one child process, which must succeed."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV)
    _pid, status, usage = os.wait4(child.pid, 0)
    spent = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed: {child.stderr.read().decode()[:500]}")
    return spent, usage.ru_maxrss


def repeating_journal(path: Path, deals: int) -> None:
    """A 3-player game that never ends and plays the same nine deals over and over (three per
    dealer)."""
    _new_game(path, "sochi", "--pulya", "1000000", "--set", "end=manual", "--set",
              "overflow=keep")
    cycle = ["raspasy Аня 4 Борис 3 Вера 3", "Борис 7h 7 Вера whist 2 Аня whist 1",
             "Вера 6s 6 Аня whist 2 Борис whist 2", "Аня 8d 8 Борис whist 1 Вера pass",
             "raspasy Аня 2 Борис 5 Вера 3", "Вера misere 0",
             "Аня 6c Борис pass Вера pass", "Борис 7nt 6 Вера whist 2 Аня whist 2",
             "Вера 6h 7 Аня whist 2 Борис whist 1"]
    with open(path, "a", encoding="utf-8") as out:
        for number in range(1, deals + 1):
            out.write(f"{number}. {cycle[(number - 1) % len(cycle)]}\n")


def balkan_journal(path: Path, deals: int, seed: int = 2) -> None:
    """A long Croatian game (its columns start so deep in debt that it never ends): contracts
    of every suit made and failed, whisted by both or one, the odd all-pass."""
    _new_game(path, "croatian", "--set", "start=1000000000")
    rng = random.Random(seed)
    players = ("A", "B", "C")
    with open(path, "a", encoding="utf-8") as out:
        for number in range(1, deals + 1):
            if rng.random() < 0.05:
                out.write(f"{number}. allpass\n")
                continue
            d = rng.randrange(3)
            declarer, first, second = (players[(d + k) % 3] for k in range(3))
            taken = rng.randint(4, 10)
            own = rng.randint(0, 10 - taken)
            suit = rng.choice("dhc")  # (a spade two nobody contras is not played in Croatia)
            if rng.random() < 0.3:
                out.write(f"{number}. {declarer} {suit} {taken} {first} whist {10 - taken} "
                          f"{second} pass\n")
            else:
                out.write(f"{number}. {declarer} {suit} {taken} {first} whist {own} {second} "
                          f"whist {10 - taken - own}\n")


def exports(work: Path) -> None:
    path = work / "500.pulka"
    start_up_journal(path, 500, seed=5)
    from pulka.gamefile import open_game
    from pulka.render.pdf.document import render_filled
    from pulka.render.xlsx.book import render_xlsx
    from pulka.settlement.figures import build

    game, _ = open_game(path)
    start = time.perf_counter()
    report, state, settlement, steps = build(game)
    built = time.perf_counter() - start
    start = time.perf_counter()
    xlsx = render_xlsx(game, steps, report, state, settlement)
    x = time.perf_counter() - start
    start = time.perf_counter()
    pdf = render_filled(game, steps, report, state, settlement)
    p = time.perf_counter() - start
    print(f"3. exports of 500 deals: replay {built:.2f} s, XLSX {x:.2f} s ({len(xlsx) // 1024} KB),"
          f" PDF {p:.2f} s ({len(pdf) // 1024} KB): {x + p:.2f} s together (target < 2 s)")


def archive(folder: Path, whole: Path, games: int, deals: int = 100) -> None:
    """``games`` journals of ``deals`` deals each: the deals of ``whole`` cut into evenings
    (renumbered; a month for each), so the archive holds exactly the deals of one journal."""
    header: list[str] = []
    body: list[str] = []
    with open(whole, encoding="utf-8") as lines:
        for line in lines:
            (body if line[:1].isdigit() else header).append(line)
    folder.mkdir()
    for g in range(games):
        month = f"created 20{20 + g % 7}-{1 + g % 12:02d}-{1 + g % 28:02d}T20:00:00\n"
        head = [month if line.startswith("created ") else line for line in header]
        chunk = body[g * deals:(g + 1) * deals]
        with open(folder / f"{g:05d}.pulka", "w", encoding="utf-8") as out:
            out.writelines(head)
            out.writelines(f"{n}. {line.split(' ', 1)[1]}" for n, line in enumerate(chunk, 1))


def stats(work: Path, games: int) -> None:
    """The archive of the start-up game's deals (the issue's figure), then one of varied
    deals (as a club's evenings are): each against one `settle --json` of the same deals."""
    for kind, make in (("plain", start_up_journal), ("varied", varied_journal)):
        _stats_of(work / kind, games, kind, make)


def _stats_of(work: Path, games: int, kind: str, make) -> None:
    work.mkdir()
    whole = work / "archive-whole.pulka"
    make(whole, games * 100, seed=7)
    folder = work / "archive"
    archive(folder, whole, games)
    one, one_cpu = _timed_both([*PULKA, "settle", str(whole), "--json"])
    cache = work / "stats.sqlite3"
    command = [*PULKA, "stats", str(folder), "--json", "--cache", str(cache)]
    first, first_cpu = _timed_both(command)  # the workers' CPU time is the command's children's
    second, second_cpu = _timed_both(command)
    out = subprocess.run(command, check=True, capture_output=True, text=True, env=ENV).stdout
    run = json.loads(out)["run"]
    print(f"4. `pulka stats` over {games:,} games × 100 deals, {kind} ({os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.1f}): first run {first:.1f} s (CPU {first_cpu:.1f} s) "
          f"against one `pulka settle --json` of the same {games * 100:,} deals {one:.1f} s "
          f"(CPU {one_cpu:.1f} s): ratio {first / one:.2f} (target ≤ 1.2); second run, "
          f"nothing changed, {second:.2f} s (CPU {second_cpu:.2f} s; target < 2 s; replayed "
          f"{run['replayed']}, from the cache {run['cached']})")



def serve(work: Path, pages: int, posts: int) -> None:
    """Part 5: `pulka serve` under ``pages`` table pages, ``posts`` deals one at a time (all
    traffic on 127.0.0.1, bounded in count and time)."""
    import asyncio
    import signal

    game = work / "serve.pulka"
    _new_game(game, "sochi", "--pulya", "1000")
    env = {**ENV, "XDG_STATE_HOME": str(work / "state")}
    server = subprocess.Popen([*PULKA, "serve", str(game), "--json"], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env=env)
    try:
        links = json.loads(server.stdout.readline())  # type: ignore[union-attr]
        acks, reached = asyncio.run(asyncio.wait_for(_load(links, pages, posts), 600))
    finally:
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=30)
    acks_ms = sorted(1000 * a for a in acks)
    reached_ms = sorted(1000 * r for r in reached)
    print(f"5. pulka serve, {pages} table pages open, {posts} deals posted one at a time "
          f"(the game grows from 0 to {posts} deals):")
    print(f"   deal acknowledged (201): median {statistics.median(acks_ms):.0f} ms, "
          f"90th percentile {acks_ms[int(0.9 * len(acks_ms))]:.0f} ms, worst {acks_ms[-1]:.0f} "
          "ms (target: median < 100 ms)")
    print(f"   every page has the deal: median {statistics.median(reached_ms):.0f} ms, "
          f"90th percentile {reached_ms[int(0.9 * len(reached_ms))]:.0f} ms, worst "
          f"{reached_ms[-1]:.0f} ms (target: each < 1000 ms)")


async def _load(links: dict[str, str], pages: int, posts: int) -> tuple[list[float], list[float]]:
    import asyncio

    import httpx

    queues: list[asyncio.Queue] = [asyncio.Queue() for _ in range(pages)]
    limits = httpx.Limits(max_connections=pages + 10, max_keepalive_connections=pages + 10)
    async with httpx.AsyncClient(timeout=30, limits=limits) as client:

        async def page(queue: asyncio.Queue) -> None:
            async with client.stream("GET", links["table"] + "events?lang=ru") as answer:
                async for line in answer.aiter_lines():
                    if line.startswith("data: "):
                        queue.put_nowait((time.perf_counter(), json.loads(line[6:])["deals"]))

        readers = [asyncio.create_task(page(q)) for q in queues]
        for q in queues:
            await asyncio.wait_for(q.get(), 30)
        acks: list[float] = []
        reached: list[float] = []
        for k in range(posts):
            a = 1 + k % 8
            b = 1 + (k // 8) % (9 - a)
            deal = f"raspasy Аня {a} Борис {b} Вера {10 - a - b}"
            start = time.perf_counter()
            answer = await client.post(links["scorer"] + "deals",
                                       json={"deal": deal, "again": True, "id": f"bench-{k}"})
            acks.append(time.perf_counter() - start)
            assert answer.status_code == 201, answer.text
            number = answer.json()["number"]
            last = 0.0
            for q in queues:
                while True:
                    when, deals = await asyncio.wait_for(q.get(), 10)
                    if deals >= number:
                        last = max(last, when - start)
                        break
            reached.append(last)
        for task in readers:
            task.cancel()
        await asyncio.gather(*readers, return_exceptions=True)
    return acks, reached


if __name__ == "__main__":
    main()
