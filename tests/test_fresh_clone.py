"""A fresh clone passes its own tests: nothing the tests, the README or the conventions need
lies outside the repository (no ``../shared`` beside it). The copy is made of the files git
tracks, as a clone would hold them, in a folder with nothing beside it."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from cli_kit import digests
from conftest import ROOT

#: a path out of the repository to the project's shared specs and cases
OUTSIDE = re.compile(r"\.\./shared|/work/shared|shared/(spec|cases)")
#: the files that may name it, and why
MAY_POINT_OUT = {
    "tests/test_vectors.py": "runs ../shared/cases as well when it is there",
    "tests/test_fresh_clone.py": "this test",
    ".ci/run": "verifies ../shared/cases as well when it is there",
    "pulka/vectors/load.py": "its docstring names the vector spec; that module belongs to another change",
}


def tracked() -> list[str]:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    done = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z"], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"{ROOT} is not a git checkout")
    return [name for name in done.stdout.decode().split("\0") if name]


@pytest.fixture(scope="module")
def clone(tmp_path_factory) -> Path:
    """The tracked files, copied into a folder that has nothing beside it."""
    copy = tmp_path_factory.mktemp("fresh") / "pulka"
    for name in tracked():
        if (ROOT / name).is_file():  # (a file deleted in the work tree is not in a clone either)
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, copy / name)
    assert sorted(p.name for p in copy.parent.iterdir()) == ["pulka"]
    return copy


def in_copy(copy: Path, tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    """A Python process in the copy that sees the copy's code and nothing of this checkout's."""
    user = tmp_path / "no-user-conventions"  # the user's own conventions must not shadow the built-in
    user.mkdir(exist_ok=True)
    env = {**os.environ, "PYTHONPATH": str(copy), "PULKA_CONVENTIONS": str(user),
           "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("PULKA_HYPOTHESIS_PROFILE", None)
    return subprocess.run([sys.executable, *args], cwd=copy, env=env, capture_output=True, text=True)


def test_nothing_points_outside_the_repository():
    found = []
    for name in tracked():
        path = ROOT / name
        if name in MAY_POINT_OUT or name.startswith("tests/vectors/") or not path.is_file():
            continue  # (the vectors are copies, kept byte for byte)
        text = path.read_bytes().decode("utf-8", errors="replace")
        found += [f"{name}:{n}: {line.strip()}" for n, line in enumerate(text.splitlines(), 1)
                  if OUTSIDE.search(line)]
    assert found == []


def test_the_vectors_the_tests_run_are_tracked():
    names = set(tracked())
    vectors = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "tests" / "vectors").rglob("*.yaml"))
    assert vectors and set(vectors) <= names


@pytest.mark.slow  # a copy of the repository and real processes: the exhaustive tier
def test_verify_in_the_readme_works_in_a_clone(clone, tmp_path):
    # the README: `pulka verify tests/vectors/*.yaml`, run in the clone by a real process
    vectors = sorted(p.relative_to(clone).as_posix() for p in (clone / "tests" / "vectors").glob("*.yaml"))
    before = digests(clone)
    done = in_copy(clone, tmp_path, "-m", "pulka", "verify", *vectors)
    assert done.returncode == 0, (done.stdout, done.stderr)
    assert done.stderr == ""
    assert f"{len(vectors)} passed, 0 failed" in done.stdout
    assert all(f"ok   {v}" in done.stdout for v in vectors)
    assert digests(clone) == before


@pytest.mark.slow  # a copy of the repository and real processes: the exhaustive tier
def test_the_tests_that_read_vectors_pass_in_a_clone(clone, tmp_path):
    assert not (clone.parent / "shared").exists()
    # every test that reads a vector (tests/test_vectors.py runs ../shared/cases too, if there)
    cli = [f"tests/test_cli.py::test_{name}" for name in (
        "verify_all_the_public_vectors", "verify_a_russian_vector_alone",
        "verify_reports_a_wrong_expectation_and_exits_1", "settle_on_a_vector")]
    files = ["tests/test_vectors.py", *cli, "tests/test_xlsx.py", "tests/test_pdf.py::test_filled_balkan"]
    done = in_copy(clone, tmp_path, "-m", "pytest", *files, "-q", "-rs", "-p", "no:cacheprovider")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    summary = done.stdout.strip().splitlines()[-1]
    assert re.search(r"\d+ passed, 1 skipped", summary), summary
    # the one skip: the shared cases, which a clone does not have beside it
    assert f"{clone.parent / 'shared' / 'cases'} is not beside this checkout" in done.stdout
