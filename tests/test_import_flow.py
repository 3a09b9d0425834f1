"""The folder layout is the flow of the data, and no import runs back up it.

    the plumbing (errors, numbers, names, frozen records, the players' language, files on disk)
    -> conventions -> the records of a game and the notation -> the journal and the vectors
    -> the families -> the replay -> settlement -> renderers and statistics -> the recorder
    -> the command line and the web server

A module may import from its own stage or an earlier one, never from a later one (the
families' registry and the renderers' registry load their members by name, which is how a
new family is added without touching the stages before it).
"""

from __future__ import annotations

from test_imports import ROOT, import_graph

#: each stage and the modules in it (a name is a module or a package prefix)
STAGES: list[tuple[str, ...]] = [
    ("pulka.errors", "pulka.numbers", "pulka.names", "pulka.frozen", "pulka.i18n", "pulka.files",
     "pulka.registry"),  # registry: where each family lives, loaded by name
    ("pulka.convention",),
    ("pulka.game", "pulka.notation"),
    ("pulka.journal", "pulka.vectors.load", "pulka.gamefile"),
    ("pulka.families",),
    ("pulka.replay",),
    ("pulka.settlement", "pulka.vectors.verify"),
    ("pulka.render", "pulka.stats"),
    ("pulka.recorder",),
    ("pulka.cli", "pulka.web", "pulka._start", "pulka.__main__", "pulka"),  # pulka: the public facade
]


def stage_of(module: str) -> int:
    best, found = -1, -1
    for number, names in enumerate(STAGES):
        for name in names:
            if (module == name or module.startswith(name + ".")) and len(name) > best:
                best, found = len(name), number
    assert found >= 0, f"{module} is in no stage: add it to STAGES"
    return found


def test_every_module_has_a_stage():
    for module in import_graph(ROOT):
        stage_of(module)


def test_no_import_runs_back_up_the_flow():
    graph = import_graph(ROOT)
    backwards = sorted(f"{module} (stage {stage_of(module)}) imports {target} "
                       f"(stage {stage_of(target)})"
                       for module, targets in graph.items() for target in targets
                       if stage_of(target) > stage_of(module) and target != "pulka")
    assert backwards == []


def test_the_check_can_fail():
    # a made-up import from the journal up to the replay is reported
    graph = {"pulka.journal.repair": {"pulka.replay"}, "pulka.replay": set()}
    assert stage_of("pulka.journal.repair") < stage_of("pulka.replay")
    assert [m for m, ts in graph.items() for t in ts if stage_of(t) > stage_of(m)] == [
        "pulka.journal.repair"]
