"""Time SSD booklets against LibreOffice printing the same fleets, in one run, each as a whole process.

    python bench/bench_ssd.py [--ships 48] [--per-page 1] [--paper letter] [--jobs N] [--repeat 3] [--keep DIR]

Two fleets of ``--ships`` ships: the bundled example designs repeated (few distinct sheets), and as many
distinct generated legal designs (every sheet different). For each, ``drydock ssd FLEET.yaml -o OUT.pdf`` is
timed as a player runs it: a fresh process from its start to its exit (Python's start, drydock's and WeasyPrint's
imports, reading the designs, laying out and writing the PDF; ``--plain`` also times the one-document renderer
in this process), and so is LibreOffice converting the same fleet's Drydock workbook
(``soffice --headless --convert-to pdf`` with a private profile, also a whole process), taking turns,
``--repeat`` times each; medians are printed. WeasyPrint's import is also printed on its own line, for
reference (it is inside the booklet times). Aims (issues 13 and 45): the repeated fleet at least 3x faster
than LibreOffice, the distinct fleet no slower.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # tests/ holds the design generator

from drydock.core.validation import rate  # noqa: E402
from drydock.formats import FORMATS, read_designs  # noqa: E402
from drydock.resources import examples_dir  # noqa: E402
from tests.design_generator import random_design  # noqa: E402


def repeated_fleet(count: int) -> list:
    designs = [d for p in sorted((examples_dir() / "designs").glob("*.yaml")) for d in read_designs(p)]
    return list(itertools.islice(itertools.cycle(designs), count))


def distinct_fleet(count: int, seed: int = 13) -> list:
    """``count`` different legal generated designs (seeded: the same fleet every run)."""
    rng = random.Random(seed)
    out: dict[str, object] = {}
    while len(out) < count:
        d = random_design(rng)
        if rate(d).legal:
            out.setdefault(d.model_dump_json(), d)
    return list(out.values())


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def time_booklet(designs: list, paper: str, per_page: int, jobs: int | None, fast: bool) -> tuple[float, float, bytes]:
    """Wall seconds, CPU seconds (this process and its workers) and the PDF."""
    from drydock.render import build_booklet
    from drydock.render.pdf import render_pdf

    t0, c0, k0 = time.perf_counter(), time.process_time(), children_cpu()
    pdf = render_pdf(build_booklet(designs, paper=paper, per_page=per_page), fast=fast, jobs=jobs)
    return time.perf_counter() - t0, time.process_time() - c0 + children_cpu() - k0, pdf


def time_libreoffice(designs: list, workdir: Path, name: str) -> tuple[float, float] | str:
    """Wall and CPU seconds for LibreOffice to print the fleet's workbook, or why it was not timed."""
    fmt = FORMATS.get("xlsx")
    if fmt is None:
        return "skipped: no 'xlsx' format registered in drydock.formats"
    office = shutil.which("soffice") or shutil.which("libreoffice")
    if office is None:
        return "skipped: LibreOffice is not installed"
    book = workdir / f"{name}.xlsx"
    data = fmt.write(designs)
    book.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    profile = (workdir / "lo-profile").resolve().as_uri()
    cmd = [office, f"-env:UserInstallation={profile}", "--headless", "--convert-to", "pdf", "--outdir",
           str(workdir), str(book)]
    if not (workdir / "lo-profile").exists():  # the first start creates the private profile: not timed (a user's
        subprocess.run(cmd, capture_output=True, text=True, timeout=600, check=False)  # LibreOffice has one)
    t0, k0 = time.perf_counter(), children_cpu()
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=600, check=False)
    elapsed, cpu = time.perf_counter() - t0, children_cpu() - k0
    if done.returncode != 0 or not (workdir / f"{name}.pdf").exists():
        return f"failed (exit {done.returncode}): {done.stderr.strip()[:200]}"
    return elapsed, cpu


def pages(pdf: bytes) -> int:
    from pypdf import PdfReader

    return len(PdfReader(BytesIO(pdf)).pages)


def time_drydock(fleet: Path, out: Path, args: argparse.Namespace) -> dict:
    """``drydock ssd`` printing ``fleet`` into ``out`` in a fresh process: wall and CPU seconds from its start to
    its exit (its workers included), and what it printed."""
    out.unlink(missing_ok=True)
    cmd = [sys.executable, "-m", "drydock", "ssd", str(fleet), "-o", str(out), "--paper", args.paper,
           "--per-page", str(args.per_page)] + (["--jobs", str(args.jobs)] if args.jobs else [])
    t0, k0 = time.perf_counter(), children_cpu()
    subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=ROOT)
    wall, cpu = time.perf_counter() - t0, children_cpu() - k0
    pdf = out.read_bytes()
    return {"wall": wall, "cpu": cpu, "pages": pages(pdf), "kb": len(pdf) // 1024}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ships", type=int, default=48)
    ap.add_argument("--per-page", type=int, default=1, choices=(1, 2, 4))
    ap.add_argument("--paper", default="letter", choices=("letter", "a4"))
    ap.add_argument("--jobs", type=int, default=None, help="processes for the fast path (default: one per CPU)")
    ap.add_argument("--repeat", type=int, default=3, help="timed runs of each (the median is reported)")
    ap.add_argument("--plain", action="store_true", help="also time the one-document renderer")
    ap.add_argument("--keep", type=Path, help="write the booklets (and workbook PDFs) into this directory")
    args = ap.parse_args()

    t0 = time.perf_counter()
    import weasyprint  # noqa: F401
    print(f"importing WeasyPrint: {time.perf_counter() - t0:.2f} s (inside the drydock times below)")
    print(f"each figure: the median of {args.repeat} runs, drydock and LibreOffice taking turns, each in a fresh "
          f"process ({os.cpu_count()} CPUs; load average {os.getloadavg()[0]:.2f})")
    fleets = {"repeated": repeated_fleet(args.ships), "distinct": distinct_fleet(args.ships)}
    with tempfile.TemporaryDirectory() as tmp:
        work = args.keep or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        for name, designs in fleets.items():
            ours, theirs = [], []
            fleet = work / f"fleet-{name}.yaml"
            data = FORMATS["yaml"].write(designs)
            fleet.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
            for _ in range(args.repeat):
                ours.append(time_drydock(fleet, work / f"booklet-{name}.pdf", args))
                theirs.append(time_libreoffice(designs, work, f"fleet-{name}"))
            wall, cpu = statistics.median(r["wall"] for r in ours), statistics.median(r["cpu"] for r in ours)
            r = ours[0]
            kinds = len({d.model_dump_json() for d in designs})
            line = (f"{name:8} fleet, {len(designs)} ships ({kinds} distinct designs), --per-page {args.per_page}: "
                    f"drydock {wall:.2f} s (CPU {cpu:.2f} s; {r['pages']} pages, {r['kb']} KB; "
                    f"runs {min(x['wall'] for x in ours):.2f}-{max(x['wall'] for x in ours):.2f} s)")
            timed = [t for t in theirs if isinstance(t, tuple)]
            if len(timed) == len(theirs):
                o_wall, o_cpu = statistics.median(t[0] for t in timed), statistics.median(t[1] for t in timed)
                line += (f"; LibreOffice {o_wall:.2f} s (CPU {o_cpu:.2f} s; runs {min(t[0] for t in timed):.2f}-"
                         f"{max(t[0] for t in timed):.2f} s); LibreOffice / drydock = {o_wall / wall:.2f}x wall, "
                         f"{o_cpu / cpu:.2f}x CPU")
            else:
                line += f"; LibreOffice {next(t for t in theirs if not isinstance(t, tuple))}"
            print(line, flush=True)
            if args.plain:
                wall_p, _, _ = time_booklet(designs, args.paper, args.per_page, args.jobs, fast=False)
                print(f"{'':8} one-document renderer: {wall_p:.2f} s (fast path {wall_p / wall:.2f}x faster)")


if __name__ == "__main__":
    main()
