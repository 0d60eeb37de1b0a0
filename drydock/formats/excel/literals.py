"""Text inside a workbook formula: the one escaping every formula builder uses for a name.

A name from a house-rule file (a system, a trait, a forbidden pair) reaches formulas as a
string literal or as a ``COUNTIF``/``SUMIF`` criterion. :func:`text` doubles ``"`` so the
name can never close the literal (``"a""b"`` is the text ``a"b``): whatever the name holds
(``&``, ``=``, ``_xlfn.WEBSERVICE(...)``) stays text. :func:`equals` is a criterion that
matches the name exactly: an ``=`` in front keeps a name starting with ``<``, ``>`` or ``=``
from being read as a comparison, and ``~`` escapes the wildcards ``*``, ``?`` and ``~``
(house-rule names may not hold them anyway, :mod:`drydock.core.rules.names`).
"""

from __future__ import annotations


def text(value: str) -> str:
    """``value`` as a formula string literal, quotes and all."""
    return '"' + value.replace('"', '""') + '"'


def wildcard_escaped(value: str) -> str:
    """``value`` with the criterion wildcards ``~ * ?`` escaped by ``~``."""
    return value.replace("~", "~~").replace("*", "~*").replace("?", "~?")


def equals(value: str) -> str:
    """A ``COUNTIF``/``SUMIF`` criterion literal matching cells whose text is exactly ``value``."""
    return text("=" + wildcard_escaped(value))


def contains(value: str) -> str:
    """A criterion literal matching text that holds ``value`` followed by a space (the Problems codes)."""
    return text("*" + wildcard_escaped(value) + " *")


def equals_cell(expr: str) -> str:
    """A criterion matching the text of the cell (or expression) ``expr`` exactly, whatever it starts with."""
    return f'"="&{lookup_value(expr)}'


def lookup_value(expr: str) -> str:
    """``expr`` (a cell's text) with wildcards escaped, for ``MATCH``/``VLOOKUP`` with exact matching."""
    return f'SUBSTITUTE(SUBSTITUTE(SUBSTITUTE({expr},"~","~~"),"*","~*"),"?","~?")'
