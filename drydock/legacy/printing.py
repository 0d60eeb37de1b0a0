"""Print converted legacy designs as SSDs: Unity designs as usual, Nova records on their own sheet (X.2).

Both carry their conversion notes. Needs the SSD renderer (:mod:`drydock.render`, WeasyPrint).
"""

from __future__ import annotations

from typing import Any

from drydock.errors import DrydockError
from drydock.rules import Ruleset


def print_ssd(records: list[Any], *, rules: Ruleset | None = None, paper: str = "letter",
              per_page: int = 1) -> bytes:
    """One PDF booklet of every record (Unity :class:`~drydock.model.Design` or Nova record)."""
    try:
        from drydock.render import build_booklet
        from drydock.render.pdf import render_pdf
    except ImportError as exc:  # pragma: no cover - depends on the installed version
        raise DrydockError(f"printing SSDs is not available in this version ({exc})") from None
    from drydock.legacy.nova_record import NovaRecord
    from drydock.legacy.nova_sheet import sheet_from_nova

    items = [sheet_from_nova(r) if isinstance(r, NovaRecord) else r for r in records]
    return render_pdf(build_booklet(items, rules=rules, paper=paper, per_page=per_page))
