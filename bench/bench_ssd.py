"""Time SSD booklets against LibreOffice printing the same fleets, in one run.

    python bench/bench_ssd.py [--ships 48] [--per-page 1] [--paper letter] [--jobs N] [--keep DIR]

Two fleets of ``--ships`` ships: the bundled example designs repeated (few distinct sheets), and as many
distinct generated legal designs (every sheet different). For each, drydock's booklet is timed (the fast
path; ``--plain`` also times the one-document renderer) and so is LibreOffice converting the same fleet's
Drydock workbook (``soffice --headless --convert-to pdf`` with a private profile). WeasyPrint's import
time is printed on its own line and is not in the booklet times. Aims (issue 13): the repeated fleet at
least 3x faster than LibreOffice, the distinct fleet no slower.
"""

from __future__ import annotations

import argparse
import itertools
import random
import resource
import shutil
import subprocess
import tempfile
import time
from io import BytesIO
from pathlib import Path

from drydock.formats import FORMATS, read_designs
from drydock.generate import random_design
from drydock.resources import examples_dir
from drydock.validation import rate


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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ships", type=int, default=48)
    ap.add_argument("--per-page", type=int, default=1, choices=(1, 2, 4))
    ap.add_argument("--paper", default="letter", choices=("letter", "a4"))
    ap.add_argument("--jobs", type=int, default=None, help="processes for the fast path (default: one per CPU)")
    ap.add_argument("--plain", action="store_true", help="also time the one-document renderer")
    ap.add_argument("--keep", type=Path, help="write the booklets (and workbook PDFs) into this directory")
    args = ap.parse_args()

    t0 = time.perf_counter()
    import weasyprint  # noqa: F401
    print(f"importing WeasyPrint: {time.perf_counter() - t0:.2f} s (not in the times below)")
    fleets = {"repeated": repeated_fleet(args.ships), "distinct": distinct_fleet(args.ships)}
    with tempfile.TemporaryDirectory() as tmp:
        work = args.keep or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        for name, designs in fleets.items():
            kinds = len({d.model_dump_json() for d in designs})
            wall, cpu, pdf = time_booklet(designs, args.paper, args.per_page, args.jobs, fast=True)
            if args.keep:
                (work / f"booklet-{name}.pdf").write_bytes(pdf)
            office = time_libreoffice(designs, work, f"fleet-{name}")
            line = (f"{name:8} fleet, {len(designs)} ships ({kinds} distinct designs), --per-page {args.per_page}: "
                    f"drydock {wall:.2f} s (CPU {cpu:.2f} s; {pages(pdf)} pages, {len(pdf) // 1024} KB)")
            if isinstance(office, tuple):
                line += (f"; LibreOffice {office[0]:.2f} s (CPU {office[1]:.2f} s); LibreOffice / drydock = "
                         f"{office[0] / wall:.2f}x wall, {office[1] / cpu:.2f}x CPU")
            else:
                line += f"; LibreOffice {office}"
            print(line)
            if args.plain:
                wall_p, _, _ = time_booklet(designs, args.paper, args.per_page, args.jobs, fast=False)
                print(f"{'':8} one-document renderer: {wall_p:.2f} s (fast path {wall_p / wall:.2f}x faster)")


if __name__ == "__main__":
    main()
