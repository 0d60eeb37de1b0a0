"""Counting a workbook part's XML elements as it streams, before anything builds a tree from it.

A zipped part of a few hundred KB can hold 64 MiB of empty elements or millions of one-letter
shared strings; parsed whole, that is gigabytes and minutes. :func:`check_elements` feeds the
part to expat in chunks, counts start tags and stops at the limit (:data:`~drydock.limits.XLSX_ELEMENTS`),
so a part is refused in about a second with the memory of one chunk.
"""

from __future__ import annotations

import xml.parsers.expat
from typing import IO

from drydock import limits

CHUNK = 1 << 20


class _Enough(Exception):
    pass


def check_elements(fh: IO[bytes], what: str, limit: limits.Limit, *, file: str | None = None) -> int:
    """The number of elements in the XML stream ``fh``; a LimitError past ``limit`` (read no further).

    Malformed XML is left to the reader that parses the part (it says what is wrong in its words)."""
    count = 0
    parser = xml.parsers.expat.ParserCreate()

    def start(_name: str, _attrs: object) -> None:
        nonlocal count
        count += 1
        if count > limit.value:
            raise _Enough

    parser.StartElementHandler = start
    try:
        while chunk := fh.read(CHUNK):
            parser.Parse(chunk, False)
        parser.Parse(b"", True)
    except _Enough:
        raise limits.LimitError(f"{what}: more than {limit.value:,} XML elements", limit, file=file) from None
    except xml.parsers.expat.ExpatError:
        pass
    return count
