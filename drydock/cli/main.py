"""The ``drydock`` command: a thin click group whose commands are imported only when run.

Each command lives in its own module (``drydock.cli.<module>``) and makes one
library call. Exit codes and what reaches stderr (always one line per failure):

* 0 success, also when standard output is a closed pipe (``drydock rate ... | head -3``);
* 1 an illegal design (``check``) or a failed item of a batch (every other item is still done);
* 2 bad input or options (:class:`~drydock.errors.DrydockError`, an unreadable file);
* 3 an internal error: "internal error, please report"; the traceback only with ``--debug``;
* 130 interrupted (Ctrl-C), worker processes included.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any

import click

from drydock.engine import compiled
from drydock.resources import DISTRIBUTION

#: which build of the battle engine runs (hatch_build.py): shown by --version
ENGINE_BUILD = "compiled" if compiled() else "Python"

#: command name -> ("module:attribute", one-line help shown by ``drydock --help``)
COMMANDS: dict[str, tuple[str, str]] = {
    "rate": ("drydock.cli.rating:rate", "Rate designs: SU breakdown, ORAT, DRAT, CR, tracks, problems."),
    "check": ("drydock.cli.rating:check", "Check designs are legal; exit 1 if any is not."),
    "battle": ("drydock.cli.battle:battle", "Fight designs against each other many times; odds with 95% CIs."),
    "rules": ("drydock.cli.rules:rules", "List every trait, system and arc code with costs and sections; --variables."),
    "schema": ("drydock.cli.rating:schema", "Print the JSON Schema of the YAML design file."),
    "convert": ("drydock.cli.convert:convert", "Convert designs between Drake, YAML, JSON and xlsx workbooks."),
    "show": ("drydock.cli.convert:show", "Print a design as Drake notation, YAML or JSON."),
    "examples": ("drydock.cli.examples:examples", "List (or --copy) the bundled example designs."),
    "ssd": ("drydock.cli.ssd:ssd", "Print display sheets (SSDs) for designs into one PDF booklet."),
    "analyze": ("drydock.cli.analyze:analyze", "Expected damage by range, arcs, SU/CR and endurance (no dice)."),
    "tournament": ("drydock.cli.tournament:tournament", "Round robin of designs: win-rate matrix and ranking."),
    "campaign": ("drydock.cli.campaign:campaign", "Keep an Appendix T campaign: map, secret orders, battles, repairs."),
    "league": ("drydock.cli.league:league", "Keep a T.2 rotating league or T.3 tournament: fleets, games, standings."),
    "scenario": ("drydock.cli.scenario:scenario", "Roll an Appendix S scenario at random (11-66) with its set-up."),
    "new": ("drydock.cli.new:new", "Start a design: a commented starter (.yaml) or a blank workbook (.xlsx)."),
    "studio": ("drydock.cli.studio:studio", "A live design page in the browser over a folder of designs."),
}


#: ``ctx.meta`` key: the command line asks for a command's help
_HELP = "drydock.asks_for_help"


class LazyGroup(click.Group):
    """A group that lists its commands without importing them."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        ctx.meta[_HELP] = asks_for_help(args)  # read by the group's callback: a --help starts no run
        return super().parse_args(ctx, args)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        ref, _ = COMMANDS[cmd_name]
        module, _, attr = ref.partition(":")
        return with_debug(getattr(importlib.import_module(module), attr))

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][1]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def invoke(self, ctx: click.Context) -> Any:
        # lazy: keeps --help fast
        from drydock.errors import DrydockError

        try:
            return super().invoke(ctx)
        except DrydockError as exc:
            fail(str(exc))
        except BrokenPipeError:
            quiet_broken_pipe()
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            fail(f"{where}{exc.strerror or exc}")
        except (click.exceptions.Exit, click.ClickException, click.Abort):
            raise
        except KeyboardInterrupt:
            interrupted()
        except Exception as exc:  # anything else is a bug: one line, the traceback only with --debug
            internal_error(exc)


def fail(message: str, code: int = 2) -> None:
    """Print one clear line on stderr and exit with ``code``."""
    # lazy: keeps --help fast
    from drydock.errors import error_lines, one_line

    for line in error_lines(message):  # a file's several mistakes: one line each
        click.echo(f"drydock: error: {one_line(line)}", err=True)
    sys.exit(code)


def internal_error(exc: BaseException) -> None:
    """Exit 3 with one line naming the bug; the traceback too under ``--debug`` (or ``DRYDOCK_DEBUG=1``)."""
    # lazy: keeps --help fast
    from drydock.errors import one_line

    if _DEBUG["on"]:
        # lazy: keeps --help fast
        import traceback

        traceback.print_exception(exc, file=sys.stderr)
    detail = one_line(f"{type(exc).__name__}: {exc}", 300)
    click.echo(f"drydock: internal error, please report (rerun with --debug for the traceback): {detail}", err=True)
    sys.exit(3)


def interrupted() -> None:
    """Ctrl-C: one line, exit 130 (the shell's convention for SIGINT)."""
    click.echo("drydock: interrupted", err=True)
    sys.exit(130)


def quiet_broken_pipe(code: int = 0) -> None:
    """Standard output was closed by the reader (``| head``): stop quietly, no error."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    sys.exit(code)


_DEBUG: dict[str, bool] = {"on": os.environ.get("DRYDOCK_DEBUG", "") not in ("", "0")}


def _set_debug(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value:
        _DEBUG["on"] = True


def debug_option() -> click.Option:
    """``--debug``: the traceback of an internal error (the group's and every command's, so it works wherever it is
    typed: ``drydock --debug battle ...``, ``drydock battle --debug ...``, ``drydock campaign fight --debug ...``)."""
    return click.Option(["--debug"], is_flag=True, expose_value=False, is_eager=True, callback=_set_debug,
                        help="Show the Python traceback of an internal error.")


def with_debug(command: click.Command) -> click.Command:
    """``command`` (and each subcommand of a group) taking ``--debug`` too; added once."""
    if not any(p.name == "debug" for p in command.params):
        command.params.append(debug_option())
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            with_debug(sub)
    return command


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(None, "-V", "--version", package_name=DISTRIBUTION,
                      message=f"%(prog)s, version %(version)s (battle engine: {ENGINE_BUILD})")
@click.option("--debug", is_flag=True, expose_value=False, is_eager=True, callback=_set_debug,
              help="Show the Python traceback of an internal error (also after the command's name).")
def cli() -> None:
    """drydock: design, rate, share, print and test Starmada Unity starships."""
    ctx = click.get_current_context()
    if ctx.meta.get(_HELP):  # a --help reads no file: the file formats are not even imported (issue 35)
        return
    # lazy: keeps --help fast
    from drydock.formats.files import end_run, new_run

    new_run()  # inputs read and outputs written are checked per command (issue 27)
    ctx.call_on_close(end_run)


def asks_for_help(words: list[str]) -> bool:
    """``--help`` or ``-h`` among the command's words before any ``--`` (a value that is literally "--help", as in
    ``--log --help``, runs the command outside a run: the inputs it names are still checked, nested ones are not)."""
    return any(w in ("--help", "-h") for w in (words[:words.index("--")] if "--" in words else words))


def main() -> None:
    # the command uses no pydantic plugin: skip pydantic's search of every installed package's entry points for
    # them (about 20 ms of each start-up); pydantic documents the variable, and a value the user set is kept
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    code: int | str | None = 0
    try:
        try:
            cli(prog_name="drydock")
        except SystemExit as exc:
            code = exc.code
        sys.stdout.flush()
    except BrokenPipeError:
        quiet_broken_pipe(code if isinstance(code, int) and code != 0 else 0)
    except KeyboardInterrupt:
        interrupted()
    sys.exit(code)


if __name__ == "__main__":  # pragma: no cover
    main()
