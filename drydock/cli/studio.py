"""``drydock studio``: the design studio in the browser (drydock.studio)."""

from __future__ import annotations

import click


@click.command()
@click.argument("folder", default=".", type=click.Path(exists=True, file_okay=False))
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default="a free port",
              help="The port to listen on.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on; any other than this machine's loopback prints a token in the URL "
                   "and refuses every request without it.")
@click.option("--no-browser", is_flag=True, help="Do not open the browser.")
def studio(folder: str, port: int, host: str, no_browser: bool) -> None:
    """A live design page in the browser over FOLDER (default: the current folder): the library of its designs
    and fleets, each design's fields re-rated as you type, exactly as 'drydock rate'; saves write the same YAML.

    Prints its URL as its first line; Ctrl-C stops it.
    """
    # lazy: keeps --help fast
    from drydock.studio import serve

    serve(folder, host=host, port=port, open_browser=not no_browser, echo=lambda line: click.echo(line))
