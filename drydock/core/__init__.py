"""The core: rules as data, the design model, the calculator and validation (stdlib and pydantic only).

- :mod:`~drydock.core.rules` - the Unity tables (``unity.py``), :class:`Ruleset`, catalog, factions, formulas
- :mod:`~drydock.core.model` - :class:`Design` and its parts
- :mod:`~drydock.core.arcs` - firing arcs and banks (C.1)
- :mod:`~drydock.core.calc` - the construction calculator (SU, ORAT, DRAT, CR, tracks)
- :mod:`~drydock.core.validation` - ``validate()``/``rate()``, with :mod:`~drydock.core.problems` and the
  fix hints of :mod:`~drydock.core.advice` beside it
- :mod:`~drydock.core.fleet` - fleets, battle-size limits (2.2)
- :mod:`~drydock.core.suggest`, :mod:`~drydock.core.messages` - did-you-mean and pydantic errors in words
- :mod:`~drydock.core.sanity` - a whole design against the sanity limits; the public API's type check

Nothing here reads a file or imports click, jinja2, YAML, openpyxl or WeasyPrint (import-linter enforces it).
"""
