"""The README and every page of docs/ run as written: every ```sh line, in order, from a temporary copy of the
project (one copy per file).

Each command runs with the installed ``drydock`` (the running interpreter's ``bin`` first on
PATH), under ``bash -o pipefail``, in a copy of the project's files (``PROJECT``: what git tracks at the top,
not what else lies in the checkout, such as what the README's tour wrote) so that ``examples/...``
paths work and nothing is written into the checkout. A line must exit 0, or with N when it
ends ``# exit N``. A page shows a command's output as a ```text block right after (blank lines between at most)
a ```sh block that holds that one command: the command must print exactly those lines (standard output, then
standard error), where a line ``...`` stands for any number of lines; a ```text block right after a ```sh block of
several commands is refused (split the block). Left out: the set-up lines (they create a virtual environment or
install packages: pip, pipx, apt-get, dnf, pacman, brew, winget, also after VARIABLE=value settings), the
test command itself, servers that run until stopped (``dask scheduler``, ``dask worker``,
``mkdocs serve``), and the ``bench/`` scripts (speed figures are measured by hand, house style 9).
"""

from __future__ import annotations

import difflib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.docs.conftest import player_env
from tests.helpers import ROOT

README = ROOT / "README.md"
PAGES = sorted((ROOT / "docs").glob("*.md"))
_EXIT = re.compile(r"#\s*exit\s+(\d+)\s*$")
_SKIP = (re.compile(r"python3? -m venv"), re.compile(r"^python3? -m pytest\b"), re.compile(r"^python3? bench/"),
         re.compile(r"^python3? -m build\b"),  # building the wheel: the fixture installed_drydock does it
         re.compile(r"^([A-Z_]+=\S* )*(sudo )?(pipx?|py -m pipx?|apt-get|apt|dnf|pacman|brew|winget) install\b"),
         re.compile(r"^(dask (scheduler|worker)|dask-scheduler|dask-worker|mkdocs serve)\b"))
#: the project's top-level files and folders (what git tracks; tests/docs/test_readme.py checks the list): the pages run
#: in a copy of these, whatever else lies in the checkout
PROJECT = (".ci", ".gitignore", "LICENSE", "README.md", "bench", "docs", "drydock", "examples", "hatch_build.py",
           "mkdocs.yml", "pyproject.toml", "templates", "tests")
_IGNORE = shutil.ignore_patterns(".git", ".venv*", ".ci-venv*", "site", "__pycache__", ".pytest_cache", ".ruff_cache",
                                 ".mypy_cache", "*.egg-info", ".hypothesis", "node_modules")


def sh_commands(text: str) -> list[tuple[int, str]]:
    """(README line number, command) for every command of every ```sh block, continuation lines joined."""
    out: list[tuple[int, str]] = []
    in_sh = False
    pending = ""
    start = 0
    for number, line in enumerate(text.splitlines(), 1):
        fence = line.strip()
        if fence.startswith("```"):
            in_sh = fence in ("```sh", "```bash", "```shell") and not in_sh
            continue
        if not in_sh:
            continue
        if not pending:
            start = number
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        command = (pending + line).strip()
        pending = ""
        if command and not command.startswith("#"):
            out.append((start, command))
    return out


def _blocks(text: str) -> list[tuple[str, int, int, list[tuple[int, str]]]]:
    """(language, first line, last line, [(line number, line)]) of every fenced block."""
    out: list[tuple[str, int, int, list[tuple[int, str]]]] = []
    lang, start, body = None, 0, []
    for number, line in enumerate(text.splitlines(), 1):
        fence = line.strip()
        if fence.startswith("```"):
            if lang is None:
                lang, start, body = fence[3:].strip(), number, []
            else:
                out.append((lang, start, number, body))
                lang = None
            continue
        if lang is not None:
            body.append((number, line))
    return out


def shown_outputs(text: str) -> tuple[dict[int, list[str]], list[int]]:
    """The outputs a page shows: {line of the command: the lines of the ```text block right after its one-command
    ```sh block}, and the lines of ```text blocks right after a ```sh block of several commands (whose output is
    that, no test can tell: split the block)."""
    lines = text.splitlines()
    blocks = _blocks(text)
    shown: dict[int, list[str]] = {}
    unclear: list[int] = []
    for (lang, start, end, _), (next_lang, next_start, _, body) in zip(blocks, blocks[1:], strict=False):
        if lang not in ("sh", "bash", "shell") or next_lang != "text":
            continue
        if any(line.strip() for line in lines[end:next_start - 1]):
            continue  # prose between: an illustration, not the output
        in_block = [(n, c) for n, c in sh_commands("\n".join(lines[:end])) if n > start]
        if len(in_block) == 1:
            shown[in_block[0][0]] = [line.rstrip() for _, line in body]
        else:
            unclear.append(next_start)
    return shown, unclear


def output_matches(shown: list[str], output: str) -> bool:
    """Whether ``output`` is what ``shown`` shows: the same lines (trailing spaces and blank lines aside), a
    ``...`` line standing for any number of lines."""
    pattern = "".join("(?:.*\n)*?" if line.strip() == "..." else re.escape(line.rstrip()) + "\n" for line in shown)
    got = "".join(line.rstrip() + "\n" for line in output.rstrip().splitlines())
    return re.fullmatch(pattern, got) is not None


def expected_exit(command: str) -> int:
    m = _EXIT.search(command)
    return int(m.group(1)) if m else 0


def skipped(command: str) -> bool:
    return any(p.search(command) for p in _SKIP)


def test_sh_blocks_are_found_and_parsed():
    text = "intro\n```sh\ndrydock a  # note\n\n# only a comment\ndrydock b \\\n  --x  # exit 1\n```\n" \
           "```text\ndrydock c\n```\n```sh\npython3 -m venv .venv && pip install -e .\npython -m pytest\n```\n" \
           "```sh\nHATCH_BUILD_HOOKS_ENABLE=1 pip install .\n```\n"
    commands = sh_commands(text)
    assert [c for _, c in commands] == ["drydock a  # note", "drydock b    --x  # exit 1",
                                        "python3 -m venv .venv && pip install -e .", "python -m pytest",
                                        "HATCH_BUILD_HOOKS_ENABLE=1 pip install ."]
    assert [n for n, _ in commands] == [3, 6, 13, 14, 17]
    assert [expected_exit(c) for _, c in commands] == [0, 1, 0, 0, 0]
    assert [skipped(c) for _, c in commands] == [False, False, True, True, True]


def copy_project(dest: Path, source: Path = ROOT) -> None:
    """A copy of the project's files (``PROJECT``) at ``dest``: nothing else that lies in the checkout."""
    dest.mkdir(parents=True)
    for name in PROJECT:
        path = source / name
        if path.is_dir():
            shutil.copytree(path, dest / name, ignore=_IGNORE)
        elif path.is_file():
            shutil.copy2(path, dest / name)


def _installed_drydock() -> Path | None:
    exe = Path(sys.executable).parent / ("drydock.exe" if os.name == "nt" else "drydock")
    return exe if exe.exists() else None


def test_the_readme_and_docs_keep_their_examples():
    counts = {path.name: len(sh_commands(path.read_text(encoding="utf-8"))) for path in [README, *PAGES]}
    assert counts["README.md"] >= 5, "the README lost its quick start and tour"
    assert sum(counts.values()) >= 60, f"the README and docs/ lost their command examples: {counts}"


def test_install_and_server_lines_are_left_out():
    assert all(skipped(c) for c in ("pipx install .", "sudo apt-get install pipx", "brew install pango",
                                    "python -m build", "pip install '.[cluster]'", "dask scheduler --host 127.0.0.1",
                                    "dask worker tcp://127.0.0.1:8786 --nworkers 2"))
    assert not any(skipped(c) for c in ("drydock new x.yaml", "drydock tournament a b --scheduler tcp://x:1",
                                        "mkdocs build --strict"))


#: Pages about working on drydock's source (the lint, type and layer checks, the site build): they run in a copy of
#: the project with the development install, as the README (a copy of the source) does. Every other page runs as a
#: player has drydock: an installed wheel, in a scratch folder holding only what its own first command,
#: ``drydock examples --copy examples``, writes (issue 46).
SOURCE_PAGES = ("architecture.md", "development.md")
PLAYER_PAGES = [p for p in PAGES if p.name not in SOURCE_PAGES]
COPY_EXAMPLES = "drydock examples --copy examples"


@pytest.mark.parametrize("doc", [README, *(p for p in PAGES if p.name in SOURCE_PAGES)], ids=lambda p: p.name)
def test_readme_runs_as_written(tmp_path, doc):
    bin_dir = _installed_drydock()
    if bin_dir is None:
        if os.environ.get("CI"):
            pytest.fail("the drydock command is not installed next to this Python")
        pytest.skip("drydock is not installed in this environment (pip install -e '.[test]')")
    repo = tmp_path / "repo"
    copy_project(repo)
    env = dict(os.environ, PATH=f"{bin_dir.parent}{os.pathsep}{os.environ.get('PATH', '')}", NO_COLOR="1")
    env.pop("PYTHONPATH", None)
    failures = run_page(doc, repo, env)
    assert not failures, "\n\n".join(failures)


@pytest.mark.parametrize("doc", PLAYER_PAGES, ids=lambda p: p.name)
def test_the_page_runs_from_an_installed_drydock(tmp_path, doc, installed_drydock):
    """Issue 46: a player who installed the wheel (or with pipx) runs the page's commands in a folder of their own:
    the wheel built once per session, nothing of the checkout on the path or in the folder."""
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    failures = run_page(doc, scratch, player_env(installed_drydock))
    assert not failures, "\n\n".join(failures)


@pytest.mark.parametrize("doc", PLAYER_PAGES, ids=lambda p: p.name)
def test_a_page_starts_from_the_examples_it_uses(doc):
    commands = [c for _, c in sh_commands(doc.read_text(encoding="utf-8")) if not skipped(c)]
    if any("examples/" in c for c in commands):
        assert commands[0].split("#")[0].strip() == COPY_EXAMPLES, \
            f"{doc.name}: its first command must be '{COPY_EXAMPLES}' (its commands use examples/...)"
    assert not any(re.search(r"(^|\s)(tests|drydock|bench|templates)/", c) for c in commands), \
        f"{doc.name}: a command names a file of the source, which an installed drydock does not have"


def run_page(doc: Path, cwd: Path, env: dict[str, str]) -> list[str]:
    """Every ```sh command of ``doc`` in order, in ``cwd``: the failures (exit status, or output unlike the page's)."""
    if shutil.which("bash") is None:  # pragma: no cover - every supported system has bash
        pytest.skip("bash is needed to run the README's shell lines")
    text = doc.read_text(encoding="utf-8")
    commands = [(n, c) for n, c in sh_commands(text) if not skipped(c)]
    shown, _ = shown_outputs(text)
    failures = []
    for number, command in commands:
        want = expected_exit(command)
        res = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=cwd, env=env, capture_output=True,
                             text=True, timeout=600, stdin=subprocess.DEVNULL)
        if res.returncode != want:
            failures.append(f"{doc.relative_to(ROOT)}:{number}: exit {res.returncode}, expected {want}: {command}\n"
                            f"{res.stderr.strip()[-800:]}")
        elif number in shown and not output_matches(shown[number], res.stdout + res.stderr):
            failures.append(f"{doc.relative_to(ROOT)}:{number}: prints otherwise than the page shows: {command}\n"
                            + "\n".join(difflib.unified_diff(shown[number], (res.stdout + res.stderr).splitlines(),
                                                              "shown", "printed", lineterm="", n=1)))
    return failures


def test_shown_outputs_are_found_and_matched():
    text = ("```sh\ndrydock a\n```\n\n```text\nA\n...\nZ\n```\nprose\n```sh\ndrydock b\n```\nprose\n```text\nB\n```\n"
            "```sh\ndrydock c\ndrydock d\n```\n```text\nD\n```\n")
    shown, unclear = shown_outputs(text)
    assert shown == {2: ["A", "...", "Z"]} and unclear == [22]
    assert output_matches(["A", "...", "Z"], "A\nb\nc\nZ\n") and output_matches(["A", "...", "Z"], "A\nZ")
    assert not output_matches(["A", "Z"], "A\nb\nZ\n") and not output_matches(["A"], "A\nb\n")
    assert output_matches(["...", "ORAT 1  ", "..."], "x\nORAT 1\ny\n\n")


@pytest.mark.parametrize("doc", [README, *PAGES], ids=lambda p: p.name)
def test_a_shown_output_follows_the_one_command_that_prints_it(doc):
    _, unclear = shown_outputs(doc.read_text(encoding="utf-8"))
    assert not unclear, (f"{doc.name}: the ```text blocks at lines {unclear} follow a ```sh block of several "
                         "commands: put the command whose output they show in a block of its own")


def test_the_pages_run_in_a_copy_of_every_file_the_project_tracks():
    if not (ROOT / ".git").exists() or shutil.which("git") is None:
        pytest.skip("not a git checkout")
    res = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    if res.returncode != 0:
        pytest.skip("git cannot list this checkout's files")
    tracked = {line.split("/", 1)[0] for line in res.stdout.splitlines() if line}
    assert tracked <= set(PROJECT), f"add to PROJECT: {sorted(tracked - set(PROJECT))}"


# ---------------------------------------------------------------- the README's set-up commands (issue 34)
_SETUP = re.compile(r"^python3 -m venv \.venv && \. \.venv/bin/activate && pip install (?P<what>.+?) && (?P<then>.+)$")


def setup_commands(text: str) -> list[tuple[str, str]]:
    """(what pip installs, what runs then) of each of the README's set-up lines."""
    return [(m["what"], m["then"]) for _, c in sh_commands(text) if (m := _SETUP.match(c))]


def test_the_readme_installs_a_player_first_and_a_developer_second():
    (player, developer) = setup_commands(README.read_text(encoding="utf-8"))[:2]
    assert player[0] == "." and re.fullmatch(r"drydock rate examples/designs/[\w-]+\.yaml", player[1]), \
        "the first command installs what a player needs (no extras) and rates a bundled example"
    assert (ROOT / player[1].split()[-1]).is_file()
    assert developer == ("-e '.[test,docs]'", "python -m pytest"), "the second installs the test and docs tools"


def test_ci_runs_the_readme_s_commands_as_written():
    """.ci/run's main suite runs the README's test command itself (not a copy that can drift), with its own
    environment folder; its distribution part runs the player's command."""
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "command=$(readme_command '&& python -m pytest')" in run
    assert "command=$(readme_command '&& drydock rate examples/designs/[a-z-]+\\.yaml')" in run
    assert 'grep -E "^python3 -m venv \\.venv && .*${1}\\$" README.md' in run
    assert "\nmain_suite() {" in run and 'timed "full suite on' in run and "distribution\n" in run
    lines = README.read_text(encoding="utf-8").splitlines()
    for ending in (r"&& python -m pytest$", r"&& drydock rate examples/designs/[a-z-]+\.yaml$"):
        assert len([line for line in lines if re.search(r"^python3 -m venv \.venv && .*" + ending, line)]) == 1


def section_commands(text: str, heading: str) -> list[tuple[int, str]]:
    """The ```sh commands of one section of a Markdown text (from its heading to the next of its level)."""
    lines = text.splitlines()
    level = heading.split(" ", 1)[0]
    start = lines.index(heading)
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith(level + " ")), len(lines))
    return [(n + start, c) for n, c in sh_commands("\n".join(lines[start:end]))]


def test_the_readme_tour_then_the_tests_that_it_broke(tmp_path):
    """Issue 34: after the README's tour, the README's test command failed two tests, test_readme_runs_as_written
    [README.md] and [designing.md]: the tour left my-frigate.yaml, majestic.xlsx and majestic.pdf in the checkout,
    the pages ran in a copy of the whole checkout, and their `drydock new my-frigate.yaml` (and the tour's -o files)
    found the files there. Now the tour writes into tour/ and the pages run in a copy of the project's files only.
    Here: the tour in a copy of the checkout, as a player runs it, then those tests in that copy."""
    bin_dir = _installed_drydock()
    if bin_dir is None:
        if os.environ.get("CI"):
            pytest.fail("the drydock command is not installed next to this Python")
        pytest.skip("drydock is not installed in this environment (pip install -e '.[test]')")
    checkout = tmp_path / "checkout"
    shutil.copytree(ROOT, checkout, ignore=_IGNORE)
    before = {p.name for p in checkout.iterdir()}
    env = dict(os.environ, PATH=f"{bin_dir.parent}{os.pathsep}{os.environ.get('PATH', '')}", NO_COLOR="1")
    env.pop("PYTHONPATH", None)
    tour = section_commands(README.read_text(encoding="utf-8"), "## A short tour")
    assert len(tour) >= 6 and any(" -o tour/" in c for _, c in tour)
    for number, command in tour:
        res = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=checkout, env=env, capture_output=True,
                             text=True, timeout=600, stdin=subprocess.DEVNULL)
        assert res.returncode == expected_exit(command), f"README.md:{number}: {command}\n{res.stderr[-800:]}"
    left = {p.name for p in checkout.iterdir()} - before
    assert left == {"tour"}, f"the tour wrote outside its scratch folder: {sorted(left)}"
    assert {"my-frigate.yaml", "majestic.xlsx", "majestic.pdf"} <= {p.name for p in (checkout / "tour").iterdir()}
    # the same checkout, dirtied on purpose as a player's would be: what the tests must not depend on
    (checkout / "my-frigate.yaml").write_bytes((checkout / "tour" / "my-frigate.yaml").read_bytes())
    (checkout / "majestic.pdf").write_bytes((checkout / "tour" / "majestic.pdf").read_bytes())
    # (designing.md now runs in a scratch folder from an installed wheel: the checkout's files cannot reach it)
    broke = ["tests/docs/test_readme.py::test_readme_runs_as_written[README.md]"]
    res = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *broke],
                         cwd=checkout, env=env, capture_output=True, text=True, timeout=1200)
    assert res.returncode == 0 and re.search(r"\b1 passed", res.stdout), res.stdout[-3000:]
