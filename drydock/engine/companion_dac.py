"""Captain's Companion D7 random damage allocation in battle (option ``CC.D7``): losses fall by the design's DACs.

D7.2: "Each time a non-zero box on the weapons or systems damage track is crossed off, roll dice equal to the
number in the box (usually just one) and consult the relevant DAC. The resulting letters indicate which weapons or
systems are lost to damage; an '@' sign indicates the loss of a Screen." ... "Draw a line through the rolled
location on the DAC. If the same result is rolled again, shift one location to the right: i.e., 1 shifts to 2, 2
shifts to 3, and so on. If a 6 is rolled a second time, shift back to location 1."

D7.3: "Whenever a box on the weapons or systems track is regained, choose one location on the relevant DAC and erase
the line previously drawn through it. The revealed letter(s) indicate which weapons or systems are repaired."

Mapping onto Unity, by ``play.companion.dac.tracks`` (the reading and its quote:
:data:`drydock.core.rules.companion.COMPANION_PLAY`). ``hull`` (the book's layout): the ship's weapons track is
D7.1's, one box per hull point numbered by the DAC dice it rolls (:func:`drydock.core.dac.hull_track`); a Weapon
result crosses its next box (``ShipState.wpn_hits`` counts them, so E.1 regains them) and rolls the number in it.
The systems track is D7.1's too, beside Unity's shields track: a System (shield) result crosses its next box and
rolls the number in it on the systems DAC (and the shield rating drops as in Unity when the ship has shields).
``unity-boxes`` plays the same on tracks of Unity's weapons-track length. ``unity-items``: Unity's weapons track
counts down weapons and equipment together; each item it loses rolls one die on the weapons DAC, and every System
result rolls one die on the systems DAC. The charts are :func:`drydock.core.dac.dac_for`'s, as ``drydock ssd --dac``
prints them. "The specific weapons or Screens damaged are chosen by the controlling player": the doctrine gives
up the battery's cheapest mount (spent Expendable first), the arc with most directional screens.
"""

from __future__ import annotations

from drydock.core.dac import SCREEN, Dac, shift
from drydock.engine.damage import _refresh_equipment
from drydock.engine.dice import Rng, d6
from drydock.engine.ships import ShipState

#: Munitions lost as a set (D7.4: "one letter is placed per ... set of munitions"): the ShipState counter.
MUNITIONS = {"Mines": "mines_left", "Flares": "flares_left", "Probes": "probes_left", "Marines": "marines_left"}


class DacState:
    """The two charts of one ship in one battle and the locations crossed on each (D7.2)."""

    __slots__ = ("charts", "crossed", "battery", "system", "tracks", "sys_hits")

    def __init__(self, dac: Dac) -> None:
        self.charts = {"weapons": dac.weapons, "systems": dac.systems}
        self.crossed: dict[str, set[int]] = {"weapons": set(), "systems": set()}
        self.battery = {code: i for i, code in enumerate(dac.battery_codes)}
        self.system = {code: name for name, code in dac.system_codes}
        #: D7.1's numbered tracks under the ``hull`` reading (None: ``unity-items``, Unity's tracks)
        self.tracks = ({"weapons": dac.weapons_track, "systems": dac.systems_track or ()}
                       if dac.systems_track is not None else None)
        self.sys_hits = 0  # boxes crossed on the systems track (the weapons track's are ShipState.wpn_hits)

    def cross(self, rng: Rng, ship: ShipState, chart: str, crossed: int, marked: int, log: list[str] | None) -> int:
        """D7.2 on D7.1's track: ``marked`` more boxes of ``chart``'s track crossed after ``crossed`` (each "non-zero
        box ... roll dice equal to the number in the box"). Returns the boxes crossed now (at most the track's)."""
        assert self.tracks is not None
        boxes = self.tracks[chart]
        after = min(len(boxes), crossed + marked)
        if after > crossed:
            numbers = boxes[crossed:after]
            dice = sum(numbers)
            if log is not None:
                span = f"boxes {crossed + 1}-{after}" if after - crossed > 1 else f"box {after}"
                log.append(f"    {ship.label} {chart} track (D7.1): {span} crossed ({' '.join(map(str, numbers))}): "
                           f"{dice} DAC {'die' if dice == 1 else 'dice'}")
            self.lose(rng, ship, chart, dice, log)
        return after

    def lose(self, rng: Rng, ship: ShipState, chart: str, dice: int, log: list[str] | None) -> None:
        """Roll ``dice`` locations on ``chart``; each location's letters lose one item each (D7.2)."""
        cells = self.charts[chart]
        if not any(cells):
            return
        for _ in range(dice):
            rolled = d6(rng)
            loc = shift(rolled, self.crossed[chart], len(cells))
            if loc is None:
                lost = ["nothing (every location crossed)"]
            else:
                self.crossed[chart].add(loc)
                lost = [self._lose(ship, letter) for letter in cells[loc - 1]] or ["nothing (empty location)"]
            if log is not None:
                log.append(f"    {ship.label} {chart} DAC (D7.2): rolled {rolled}"
                           + (f" -> location {loc}" if loc is not None and loc != rolled else "")
                           + f": loses {', '.join(lost)}")
        _refresh_equipment(ship)

    def _lose(self, ship: ShipState, letter: str) -> str:
        spec = ship.spec
        if letter == SCREEN:  # a Screen (B.18)
            if ship.dir_screens is not None and any(ship.dir_screens):
                i = max(range(4), key=lambda k: (ship.dir_screens[k], -k))  # type: ignore[index]
                ship.dir_screens[i] -= 1
                return "a screen"
            if ship.screens > 0:
                ship.screens -= 1
                return "a screen"
            return "no screen (none left)"
        if letter in self.battery:
            g = self.battery[letter]
            banks = [i for i, b in enumerate(spec.banks) if b.battery == g and ship.bank_alive[i] > 0]
            if not banks:
                return f"no {spec.battery_names[g]} (none left)"
            i = min(banks, key=lambda k: (0.0 if ship.bank_spent[k] > 0 else spec.banks[k].value, k))
            if ship.bank_spent[i] > 0:
                ship.bank_spent[i] -= 1
            ship.bank_alive[i] -= 1
            ship.battery_lost[g] += 1
            return f"{spec.banks[i].battery_name} [{spec.banks[i].entry}]"
        name = self.system.get(letter, "")
        if name in MUNITIONS:
            setattr(ship, MUNITIONS[name], 0)
            return f"its {name}"
        for i, (item, _) in enumerate(spec.equipment):
            if item == name and ship.equipment_alive[i]:
                ship.equipment_alive[i] = False
                ship.equipment_lost += 1
                return name
        return f"no {name or letter} (none left)"

    def repair(self, ship: ShipState, chart: str) -> list[str]:
        """D7.3: erase the line through the crossed location worth most (the owner's choice) and repair one item
        of each letter there ("These need not match those selected when the DAC location was initially damaged")."""
        crossed = self.crossed[chart]
        if not crossed:
            return []
        if chart == "systems" and self.tracks is not None:  # the systems track's box comes back (E.1 called for it)
            self.sys_hits = max(0, self.sys_hits - 1)
        cells = self.charts[chart]
        loc = max(sorted(crossed), key=lambda k: sum(self._worth(ship, x) for x in cells[k - 1]))
        crossed.discard(loc)
        out = [r for r in (self._repair(ship, x) for x in cells[loc - 1]) if r]
        _refresh_equipment(ship)
        return [f"{chart} DAC location {loc}"] + out

    def _worth(self, ship: ShipState, letter: str) -> float:
        spec = ship.spec
        if letter in self.battery:
            g = self.battery[letter]
            return max((b.value for i, b in enumerate(spec.banks) if b.battery == g
                        and ship.bank_alive[i] < b.mounts), default=0.0)
        name = self.system.get(letter, "")
        return max((v for (n, v), alive in zip(spec.equipment, ship.equipment_alive, strict=True)
                    if n == name and not alive), default=0.0)

    def _repair(self, ship: ShipState, letter: str) -> str:
        spec = ship.spec
        if letter in self.battery:
            g = self.battery[letter]
            lost = [i for i, b in enumerate(spec.banks) if b.battery == g and ship.bank_alive[i] < b.mounts]
            if not lost:
                return ""
            i = max(lost, key=lambda k: (spec.banks[k].value, -k))
            ship.bank_alive[i] += 1
            ship.battery_lost[g] = max(0, ship.battery_lost[g] - 1)
            if spec.banks[i].exp:  # munitions are not replenished (E.1)
                ship.bank_spent[i] += 1
            return f"{spec.banks[i].battery_name} [{spec.banks[i].entry}]"
        name = self.system.get(letter, "")
        for i, (item, _) in enumerate(spec.equipment):
            if item == name and not ship.equipment_alive[i]:
                ship.equipment_alive[i] = True
                ship.equipment_lost -= 1
                return name
        return ""  # a Screen or a set of munitions is not restored (E.1 restores neither)


__all__ = ["DacState", "MUNITIONS"]
