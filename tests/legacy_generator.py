"""Generate folders of Admiralty Edition designs in the forum notation's variants, some of them broken.

Used by the batch tests and by bench/bench_convert.py. Every design is generated with a
seeded :class:`random.Random`; :func:`generate_folder` returns what each good file must
convert to and, for each broken file, the line its error must name.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

_RACES = ["Elephantine", "Terran Alliance", "Kzinti", "Vorlon", "Zhodani", "Grey Hegemony"]
_TYPES = ["Destroyer", "Cruiser", "DreadNose", "Frigate", "Battleship", "Carrier"]
_WEAPONS = ["Laser", "Super Charger", "Stomp Gun", "Sonic Cannon", "Plasma Bolt", "Rail Gun", "Torpedo"]
_TRAITS = ["Extra Hull Damage", "No Hull Damage", "Repeating", "Fire-Linked", "Catastrophic", "Increased Hits",
           "Range-Based ROF", "Piercing [1]", "Piercing [2]", "Crew-Killer", "Doubled Range Modifiers"]
_ARCS = ["AB", "A", "B", "E", "F", "G", "ABCDEF", "HJ", "IK", "CE", "DF", "L", "GHI"]
_SPECIALS = ["Hyperdrive", "Armor Plating", "Marines (4)", "Carrier (150)", "Science (100)", "Point Defense",
             "Screens", "Stealth", "Teleporters (2)"]
_PROSE = ["Here is my latest design, comments welcome.", "Posted: Tue Jan 08, 2008 3:14 pm",
          "Thanks for looking!", "VBAM Statistics", "Cost: 22, Maintenance: 6, DV: 15, CR: 9."]


@dataclass
class Expected:
    path: Path
    hull: int = 0
    engines: int = 0
    shields: int = 0
    batteries: int = 0
    cr: int = 0
    error_line: int | None = None
    """For a broken file: the line its error must name."""


def _track(rng: random.Random, hull: int, top: int) -> list[int]:
    vals = sorted((max(1, round(top * (hull - i) / hull + 0.49)) for i in range(hull)), reverse=True)
    return vals


def design_text(rng: random.Random, index: int) -> tuple[list[str], Expected]:
    """One AE design in a random variant of the notation; the Expected values to check."""
    hull = rng.randint(3, 20)
    engines = rng.randint(1, 8)
    shields = rng.randint(0, 5)
    cr = rng.randint(50, 2000)
    race = rng.choice(_RACES)
    cls = f"Gen{index}"
    typ = rng.choice(_TYPES)
    ind = " " * rng.choice([0, 0, 2, 4])
    lines: list[str] = []
    if rng.random() < 0.3:
        lines += [rng.choice(_PROSE), ""]
    if rng.random() < 0.5:
        lines.append(f"({cr}) {cls}-Class {typ} [{race}]")
    else:
        lines.append(f"{race} {cls}-Class {typ} ({cr:,}CR)")
    if rng.random() < 0.5:
        lines.append(f"Tech Levels E0 F0 G0 S{rng.choice([0, 1, -1])} W0")
    ann = rng.choice(["", " (1,3,5)"])
    end = rng.choice(["", "."])
    lines.append(f"{ind}Hull{ann}: " + " ".join(str(hull - i) for i in range(hull)) + end)
    lines.append(f"{ind}Engines: " + " ".join(map(str, _track(rng, hull, engines))) + end)
    lines.append(f"{ind}Shields: " + " ".join(map(str, _track(rng, hull, shields) if shields else [0] * hull)) + end)
    nbat = rng.randint(1, 4)
    letters = "XYZW"[:nbat]
    chart = [rng.choice(letters) for _ in range(6)]
    style = rng.randrange(3)
    if style == 0:
        lines.append("Weapons: " + " / ".join(chart))
    elif style == 1:
        lines.append("Weapons: " + " ".join(f"{i + 1}[{c}]" for i, c in enumerate(chart)))
    else:
        lines.append("Weapons (5,6): " + ", ".join(f"{i + 1}:{c}" for i, c in enumerate(chart)) + ".")
    for letter in letters:
        name = rng.choice(_WEAPONS)
        long = rng.choice([6, 9, 12, 15, 18, 30, 10])
        acc = rng.randint(2, 6)
        rof, imp, dmg = rng.randint(1, 3), rng.randint(1, 3), rng.randint(1, 2)
        traits = rng.sample(_TRAITS, rng.randint(0, 2))
        if rng.random() < 0.6:
            rstyle = rng.randrange(2)
            rng_text = f"{long // 3}/{2 * long // 3}/{long}" if rstyle == 0 or long % 3 else str(long)
            fields = [f"[{letter}] {name}", rng_text, f"{acc}+", f"{rof}/{imp}/{dmg}", *traits]
            lines.append(ind + ", ".join(fields))
        else:
            s, m = long // 3, 2 * long // 3
            tr = "; ".join(traits)
            lines.append(f"{ind}Battery {letter}: {name}: 1-{s}/{s + 1}-{m}/{m + 1}-{long}, {rof}/{acc}+/{imp}/{dmg}"
                         + (f", {tr}." if tr else "."))
            lines.append("")
        arcs = [rng.choice(_ARCS) for _ in range(rng.randint(1, 4))]
        sep = rng.choice([" ", ""])
        lines.append(ind + sep.join(f"[{a}]" for a in arcs))
    specials = rng.sample(_SPECIALS, rng.randint(0, 3))
    if specials:
        label = rng.choice(["Specials", "Special Equipment"])
        lines.append(f"{ind}{label}: " + "; ".join(specials) + rng.choice(["", "."]))
    if rng.random() < 0.3:
        lines += ["", rng.choice(_PROSE)]
    return lines, Expected(path=Path(), hull=hull, engines=engines, shields=shields, batteries=nbat, cr=cr)


def _break(rng: random.Random, lines: list[str]) -> tuple[list[str], int]:
    """Damage a design so it cannot be read; return the lines and the 1-based line the error must name."""
    kind = rng.randrange(4)
    hull_at = next(i for i, line in enumerate(lines) if line.strip().startswith("Hull"))
    header_at = next(i for i, line in enumerate(lines) if "-Class" in line)
    if kind == 0:  # a garbled hull track
        lines[hull_at] = lines[hull_at].replace(" 3 ", " three ", 1).replace(": ", ": x", 1)
        return lines, hull_at + 1
    if kind == 1:  # no hull track (a missing Engines or Shields track only makes the design partial)
        del lines[hull_at]
        return lines, header_at + 1
    if kind == 2:  # no header at all
        lines[header_at] = "Sorry, lost the header of this one"
        first = next(i for i, line in enumerate(lines) if line.strip())
        return lines, first + 1
    lines[hull_at] = "Engines [TL0]: 9 8 7 6"  # Starmada X era
    return lines, hull_at + 1


def generate_folder(folder: Path, count: int, *, broken: int = 0, seed: int = 1) -> list[Expected]:
    """Write ``count`` AE design files (``broken`` of them damaged) to ``folder``; return what to expect."""
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    bad = set(rng.sample(range(count), broken)) if broken else set()
    out = []
    for i in range(count):
        lines, exp = design_text(rng, i)
        path = folder / f"design-{i:04d}.txt"
        if i in bad:
            lines, exp.error_line = _break(rng, lines)
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        exp.path = path
        out.append(exp)
    return out
