"""The plan menu (issue 22): the few ways a good player weighs flying a design against another.

A plan fixes two things the doctrine's deterministic tactics then serve: the **range the ship steers for**
against each enemy design (from the expected-damage tables by actual range,
:attr:`~drydock.engine.expectations.MatchTables.by_range`, both ways), and **when a ship with a cloaking
device cloaks** (B.5). Everything else (the scoring of poses, fire, edges, mines) stays the doctrine's.

- ``close``: steer for the range where my expected damage is highest (ties: the shorter), whatever the
  enemy does there. The brawler's plan: a ship outgunned at every range closes rather than runs.
  Never cloaks (a cloaked ship cannot fire, B.5).
- ``hold``: steer for the range where the *ratio* of my expected damage to the enemy's is best (ties: more
  damage, then longer); cloaks when outgunned where it ends its move.
- ``standoff``: steer for the longest range at which I can still do damage (seeker boats: any range, C.4;
  carriers stay out of gun range while their flights fight); cloaks when outgunned.
- ``evade``: keep beyond every weapon's reach and cloak whenever it can: hold for a draw.

``None`` (no plan) keeps the doctrine's own preferred range (``Doctrine.preferred_range``: own damage minus
``threat`` x the enemy's) and its cloak rule, so play without plans is unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass

#: how a plan uses a cloaking device (B.5)
CLOAK_NEVER, CLOAK_OUTGUNNED, CLOAK_ALWAYS = "never", "outgunned", "always"


@dataclass(frozen=True)
class Plan:
    """One plan of the menu: a rule for the range to steer for and a cloak rule."""

    name: str
    #: what the plan does, as a report says it
    summary: str
    cloak: str

    def target_range(self, mine: list[float], theirs: list[float]) -> int:
        """The actual range to steer for, from my and the enemy's expected damage by actual range."""
        n = max(len(mine), len(theirs), 2)

        def at(row: list[float], r: int) -> float:
            return row[r] if r < len(row) else 0.0

        live = [r for r in range(1, n) if at(mine, r) > 0]
        if self.name == "evade" or not live:
            return n  # beyond every weapon's reach (the tables run past both ships' reach)
        if self.name == "close":
            return max(live, key=lambda r: (round(at(mine, r), 9), -r))
        if self.name == "hold":
            def ratio(r: int) -> tuple:
                a, b = at(mine, r), at(theirs, r)
                return (b == 0, round(a / b, 9) if b else 0.0, round(a, 9), r)
            return max(live, key=ratio)
        # standoff: the longest range at which my fire still reaches
        return max(live)


PLANS: dict[str, Plan] = {p.name: p for p in (
    Plan("close", "close to my best range and fight", CLOAK_NEVER),
    Plan("hold", "hold the range of my best damage ratio", CLOAK_OUTGUNNED),
    Plan("standoff", "stand off at my longest reach", CLOAK_OUTGUNNED),
    Plan("evade", "keep away and cloak: hold for a draw", CLOAK_ALWAYS),
)}
#: the menu, in the fixed order ties are broken by
MENU: tuple[str, ...] = tuple(PLANS)
#: a plan for both sides (a name or a Plan), or one per side (A, B); None: the doctrine's own range
PlanChoice = str | Plan | tuple | list | None


def plan_pair(choice: PlanChoice) -> tuple[Plan | None, Plan | None]:
    """The plans of side A and side B. Unknown names are a KeyError."""
    if choice is None or isinstance(choice, str | Plan):
        choice = (choice, choice)
    a, b = choice
    return (PLANS[a] if isinstance(a, str) else a, PLANS[b] if isinstance(b, str) else b)


def plan_label(choice: PlanChoice) -> str | None:
    """``close`` (both sides), ``A close, B evade``, or None (no plans)."""
    a, b = plan_pair(choice)
    if a is None and b is None:
        return None
    na, nb = (p.name if p else "doctrine" for p in (a, b))
    return na if na == nb else f"A {na}, B {nb}"
