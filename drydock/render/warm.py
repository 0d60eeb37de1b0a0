"""A printer process started before the designs are read, so that WeasyPrint's start overlaps the reading (1.0-1.5).

Half of ``drydock ssd``'s time for a fleet went by before its first sheet was laid out (docs/printing.md, the
profile): reading the designs (drydock's readers, rating every ship), then importing WeasyPrint, parsing the
stylesheets, loading the fonts and compiling the templates. The second half does not need the designs, so
:func:`warm_printer` forks a process that does it (and lays out the arc key) while this one reads them;
:meth:`WarmPrinter.render` then hands it the booklet and gets the PDF back: the bytes
:func:`drydock.render.pdf.render_pdf` makes, which it calls. Where fork is not available, with one job, or if
that process fails for any reason, the booklet is printed here as before (an error is then raised here, as it
always was).
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from drydock.render.sheet import Booklet


class WarmPrinter:
    """The forked printer: :meth:`render` a booklet with the settings it was started with."""

    def __init__(self, settings: Booklet, jobs: int | None) -> None:
        ctx = multiprocessing.get_context("fork")
        self.jobs = jobs
        self.conn, theirs = ctx.Pipe()
        self.process = ctx.Process(target=_serve, args=(theirs, self.conn, settings), name="drydock-printer")
        self.process.start()
        self.sent = False
        theirs.close()

    def render(self, booklet: Booklet) -> bytes:
        """``booklet`` as PDF bytes (its ``fits`` filled in), from the printer, or made here if it failed."""
        try:
            self.sent = True
            self.conn.send((booklet, self.jobs))
            reply = self.conn.recv()
        except (EOFError, OSError):
            reply = None
        if isinstance(reply, tuple) and reply[0] == "pdf":
            booklet.fits = reply[2]
            return bytes(reply[1])
        # lazy: printing only (WeasyPrint, pikepdf, fontTools)
        from drydock.render.pdf import render_pdf

        return render_pdf(booklet, jobs=self.jobs)

    def close(self) -> None:
        """Stop the printer: at once if it was never handed a booklet (no design could be read, an error, Ctrl-C
        while reading); else once it has stopped its own layout workers (on Ctrl-C, which reaches it too, it
        stops them as the command did before, and a terminated printer would leave them waiting)."""
        self.conn.close()
        if not self.sent and self.process.is_alive():
            self.process.terminate()
        self.process.join()


def _serve(conn: Any, commands: Any, settings: Booklet) -> None:
    """The printer: warm up for booklets like ``settings``, then print the one booklet it is sent (``commands``:
    the command's end of the pipe, closed here so that the command closing it ends the pipe)."""
    commands.close()
    # lazy: printing only (WeasyPrint, pikepdf, fontTools)
    from drydock.render.compose import key_stamp, keyed, warm_up
    from drydock.render.html import size_order
    from drydock.render.pdf import render_pdf
    from drydock.render.weasy import require_weasyprint

    try:
        try:
            require_weasyprint()
            warm_up(settings)
            first = size_order(settings)[0]
            if keyed(settings, first):
                key_stamp(settings, first)
        except Exception:  # noqa: BLE001 - the booklet is printed by the command instead, which says why
            pass
        try:
            booklet, jobs = conn.recv()
        except (EOFError, OSError):  # the command stopped before it had a booklet
            return
        try:
            reply: tuple[Any, ...] = ("pdf", render_pdf(booklet, jobs=jobs), booklet.fits)
        except Exception:  # noqa: BLE001 - as above
            reply = ("failed",)
        try:
            conn.send(reply)
        except OSError:  # the command is gone
            pass
    except KeyboardInterrupt:  # Ctrl-C reaches the whole process group: the command says it, once
        pass


@contextmanager
def warm_printer(*, paper: str, per_page: int, blank: bool = False, compact: bool = False, key: bool = True,
                 jobs: int | None = None) -> Iterator[WarmPrinter | None]:
    """A :class:`WarmPrinter` for booklets of these settings, or ``None`` where the booklet is better printed in
    this process (no fork, one job or one CPU); it is stopped on leaving."""
    if jobs == 1 or (os.cpu_count() or 1) < 2 or "fork" not in multiprocessing.get_all_start_methods():
        yield None
        return
    # the layout modules are imported before the fork, so that both processes have them
    # lazy: printing only (WeasyPrint, pikepdf, fontTools)
    import drydock.render.compose  # noqa: F401
    printer = WarmPrinter(Booklet(sheets=[], paper=paper, per_page=per_page, blank=blank, compact=compact, key=key),
                          jobs)
    try:
        yield printer
    finally:
        printer.close()
