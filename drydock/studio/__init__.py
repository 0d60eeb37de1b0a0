"""``drydock studio``: a local web application over a folder of designs (the online Drydock, back).

The top layer beside the command line: it calls the library API (:mod:`drydock`, ``drydock.formats``,
``drydock.insight``) and never reaches into the engine's or the core's internals. :func:`serve` runs it
(:mod:`drydock.studio.server`); :func:`~drydock.studio.app.make_app` builds the ASGI application;
docs/studio.md is the manual.
"""

from __future__ import annotations

from drydock.studio.server import serve

__all__ = ["serve"]
