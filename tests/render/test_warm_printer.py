"""The warm printer (issue 45): WeasyPrint starts in a forked process while the designs are read; it prints the
same bytes as render_pdf, falls back to printing in the command's process, and never outlives the command."""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("weasyprint")

from drydock.formats import read_designs  # noqa: E402
from drydock.render import build_booklet  # noqa: E402
from drydock.render.pdf import render_pdf  # noqa: E402
from drydock.render.warm import warm_printer  # noqa: E402
from drydock.resources import examples_dir  # noqa: E402

pytestmark = pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods() or (os.cpu_count() or 1) < 2,
                                reason="the printer forks, on two CPUs or more")
EXAMPLES = examples_dir() / "designs"


def fleet() -> list:
    return [d for stem in ("majestic", "wyvern-carrier", "majestic") for d in read_designs(EXAMPLES / f"{stem}.yaml")]


SCRIPT = """
import sys
from drydock.render.warm import warm_printer
from drydock.render import build_booklet
from drydock.formats import read_designs
from drydock.resources import examples_dir

with warm_printer(paper="a4", per_page=1, jobs=2) as printer:
    designs = [d for s in ("majestic", "wyvern-carrier", "majestic")
               for d in read_designs(examples_dir() / "designs" / f"{s}.yaml")]
    booklet = build_booklet(designs, paper="a4")
    pdf = printer.render(booklet)
sys.stdout.buffer.write(pdf)
sys.stderr.write(f"{'weasyprint' in sys.modules} {','.join(booklet.fits)}")
"""


def test_the_warm_printer_prints_render_pdfs_bytes_in_its_own_process():
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, timeout=300, check=True)
    booklet = build_booklet(fleet(), paper="a4")
    assert done.stdout == render_pdf(booklet, jobs=2)
    imported, fits = done.stderr.decode().split()
    assert imported == "False"  # the command's process never imported WeasyPrint: the printer laid the booklet out
    assert fits == ",".join(booklet.fits)  # and the sizes it chose came back


def test_a_failed_printer_is_replaced_by_printing_here():
    with warm_printer(paper="letter", per_page=1, jobs=2) as printer:
        assert printer is not None
        printer.process.terminate()
        printer.process.join()
        pdf = printer.render(build_booklet(fleet()))
    assert pdf == render_pdf(build_booklet(fleet()), jobs=2)


def test_the_printer_never_outlives_the_command():
    with warm_printer(paper="letter", per_page=1, jobs=2) as printer:
        assert printer is not None and printer.process.is_alive()
    assert not printer.process.is_alive()
    with pytest.raises(ZeroDivisionError), warm_printer(paper="letter", per_page=4, jobs=2) as failing:
        1 / 0  # noqa: B018 - an error while the designs are read
    assert failing is not None and not failing.process.is_alive()


def test_one_job_prints_in_the_commands_process():
    with warm_printer(paper="letter", per_page=1, jobs=1) as printer:
        assert printer is None


LEFT = """
from drydock.render.warm import warm_printer
from drydock.render import build_booklet
from drydock.formats import read_designs
from drydock.resources import examples_dir

import random
from drydock.core.validation import rate
from tests.design_generator import random_design

rng, designs = random.Random(13), []
while len(designs) < 40:  # distinct sheets: a PDF of some hundred KB, more than the pipe holds
    d = random_design(rng)
    if rate(d).legal:
        designs.append(d)
with warm_printer(paper="letter", per_page=1, jobs=2) as printer:
    printer.sent = True
    printer.conn.send((build_booklet(designs), 2))  # then the command stops without reading the PDF (Ctrl-C)
print(printer.process.exitcode)
"""


def test_a_command_that_stops_while_its_booklet_prints_leaves_nothing_behind():
    """The printer waits out its own workers and then finds the command gone (its PDF of some hundred KB once
    filled the pipe, and the command and the printer waited for each other)."""
    done = subprocess.run([sys.executable, "-c", LEFT], capture_output=True, timeout=300, check=True, text=True,
                          cwd=Path(__file__).resolve().parents[2])
    assert done.stdout.strip() == "0"
    assert done.stderr == ""
