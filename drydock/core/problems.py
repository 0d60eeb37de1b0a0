"""Design problems: what ``validate()`` returns (never raised)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True, slots=True)
class Problem:
    """One broken rule (``error``) or one stated-vs-computed difference (``warning``).

    ``code`` is stable (e.g. ``OVER_SPACE``); ``part`` names the offending part of the
    design (``weapons[2].banks[0]``, ``systems[1]``, ``shields`` ...); ``message`` is
    for a player.
    """

    code: str
    message: str
    part: str = ""
    severity: Severity = "error"
    section: str = ""

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def to_dict(self) -> dict[str, str]:
        out = {"code": self.code, "message": self.message, "severity": self.severity}
        if self.part:
            out["part"] = self.part
        if self.section:
            out["section"] = self.section
        return out
