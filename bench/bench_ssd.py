"""Time a 48-ship SSD booklet (aim: under 10 s) and, where possible, LibreOffice printing the same fleet.

    python bench/bench_ssd.py [--ships 48] [--per-page 1] [--paper letter] [--keep DIR]

The fleet cycles through the bundled example designs. The LibreOffice comparison writes the fleet
as a Drydock workbook with drydock.formats' ``xlsx`` format and times
``libreoffice --headless --convert-to pdf``; it is skipped (and says so) when that format is not
registered or LibreOffice is not installed.
"""

from __future__ import annotations

import argparse
import itertools
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from drydock.formats import FORMATS, read_designs
from drydock.resources import examples_dir


def fleet(count: int) -> list:
    designs = [d for p in sorted((examples_dir() / "designs").glob("*.yaml")) for d in read_designs(p)]
    return list(itertools.islice(itertools.cycle(designs), count))


def time_booklet(designs: list, paper: str, per_page: int) -> tuple[float, float, float, bytes]:
    from drydock.render import build_booklet
    from drydock.render.pdf import render_pdf

    t0 = time.perf_counter()
    import weasyprint  # noqa: F401  (import cost reported separately)
    t_import = time.perf_counter() - t0
    t0, c0 = time.perf_counter(), time.process_time()
    pdf = render_pdf(build_booklet(designs, paper=paper, per_page=per_page))
    return t_import, time.perf_counter() - t0, time.process_time() - c0, pdf


def time_libreoffice(designs: list, workdir: Path) -> str:
    fmt = FORMATS.get("xlsx")
    if fmt is None:
        return "skipped: no 'xlsx' format registered in drydock.formats (the Drydock workbook writer lands later)"
    office = shutil.which("libreoffice") or shutil.which("soffice")
    if office is None:
        return "skipped: LibreOffice is not installed"
    book = workdir / "fleet.xlsx"
    data = fmt.write(designs)
    book.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    profile = (workdir / "lo-profile").resolve().as_uri()
    cmd = [office, f"-env:UserInstallation={profile}", "--headless", "--convert-to", "pdf", "--outdir",
           str(workdir), str(book)]
    t0 = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=600, check=False)
    elapsed = time.perf_counter() - t0
    out = workdir / "fleet.pdf"
    if done.returncode != 0 or not out.exists():
        return f"failed (exit {done.returncode}): {done.stderr.strip()[:200]}"
    return f"{elapsed:.2f} s for the same {len(designs)} ships as a workbook ({out.stat().st_size // 1024} KB PDF)"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ships", type=int, default=48)
    ap.add_argument("--per-page", type=int, default=1, choices=(1, 2, 4))
    ap.add_argument("--paper", default="letter", choices=("letter", "a4"))
    ap.add_argument("--keep", type=Path, help="write the booklet (and workbook PDF) into this directory")
    args = ap.parse_args()
    designs = fleet(args.ships)
    t_import, elapsed, cpu, pdf = time_booklet(designs, args.paper, args.per_page)
    from io import BytesIO

    from pypdf import PdfReader  # test dependency; only for the page count

    pages = len(PdfReader(BytesIO(pdf)).pages)
    print(f"drydock ssd: {len(designs)} ships, --per-page {args.per_page}, {args.paper}: {elapsed:.2f} s "
          f"(CPU {cpu:.2f} s; {pages} pages, {len(pdf) // 1024} KB; aim < 10 s) "
          f"+ {t_import:.2f} s importing WeasyPrint")
    with tempfile.TemporaryDirectory() as tmp:
        work = args.keep or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        if args.keep:
            (work / "booklet.pdf").write_bytes(pdf)
        print(f"libreoffice --headless --convert-to pdf: {time_libreoffice(designs, work)}")


if __name__ == "__main__":
    main()
