"""``drydock campaign``'s work: each subcommand is one function here reading the campaign file, applying one
step of Appendix T (:mod:`drydock.core.campaign.turns`) and writing the file back atomically, or nothing when
the step is refused. A battle fought by the engine (:func:`fight`) starts every ship with the damage the
campaign says it carries and is fought, as T.1(5) says, "until only one side's ships remain on the game board".
"""

from __future__ import annotations

import functools
import os
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import ParamSpec

from drydock import limits
from drydock.core.admiralty_card import cr_of_record
from drydock.core.campaign import turns
from drydock.core.campaign.map import SIDES, CampaignMap, t1_map
from drydock.core.campaign.rules import CampaignRules, check_dice, quote
from drydock.core.campaign.state import Campaign, Ship, Side
from drydock.core.campaign.turns import counted
from drydock.core.fleet import is_nova
from drydock.core.marked import Marked, parse_marked
from drydock.core.model import Design
from drydock.core.rules import Ruleset
from drydock.core.validation import rate
from drydock.engine.battle import Battle
from drydock.engine.montecarlo import build_matchup
from drydock.engine.settings import BattleSettings
from drydock.errors import DrydockError
from drydock.formats import check_outputs, read_designs, write_atomic
from drydock.formats.campaign import check_inside, named_file, read_campaign, read_map, read_orders, write_campaign
from drydock.formats.fleet.read import read_fleet
from drydock.formats.locking import locked
from drydock.render.booklet import build_booklet
from drydock.render.html import render_html, standalone_asset_base
from drydock.render.sheet import check_printable, sheet_from_rating

P = ParamSpec("P")


@dataclass
class Step:
    """What a campaign step did: the lines to print and the campaign after it."""

    lines: list[str]
    campaign: Campaign


def _locked(step: Callable[P, Step]) -> Callable[P, Step]:
    """A step that changes the campaign file (its first argument): it holds the campaign's lock
    (:func:`drydock.formats.locking.locked`) from reading the file to writing it back, and is refused in one line
    while another command holds it; nothing is lost."""
    @functools.wraps(step)
    def run(*args: P.args, **kwargs: P.kwargs) -> Step:
        path = args[0] if args else kwargs["path"]
        with locked(str(path), what="campaign"):
            return step(*args, **kwargs)
    return run


def _rel(target: str | Path, campaign_file: str | Path, key: str) -> str:
    """``target`` as the campaign file names it: relative to the campaign file's folder, which must hold it."""
    return check_inside(campaign_file, target, key=key)


def _named(text: str, what: str) -> str:
    """A name the campaign file keeps (campaign, player, ship, design title), refused past the limit before
    anything is written."""
    if len(text) > limits.CAMPAIGN_NAME.value:
        raise limits.LimitError(what, limits.CAMPAIGN_NAME, value=f"{len(text):,} characters")
    return text


def _sides_given(values: dict[str, str], option: str) -> None:
    for key in values:
        if key not in SIDES:
            raise DrydockError(f"{option} {key}: a T.1 campaign has sides A and B")


def design_boxes(design: Design, rules: Ruleset | None = None) -> tuple[int, dict[str, int]]:
    """(CR of record, boxes of each track) of a design (A.3 tracks)."""
    if is_nova(design):
        raise DrydockError(f"{design.title or design.class_name}: a Nova record (X.2) cannot join a campaign yet "
                           "(its tracks are not Unity tracks)")
    r = rate(design, rules)
    t = r.tracks
    has_shields = bool(design.shields if isinstance(design.shields, int) else design.shields.total())
    boxes = {"hull": design.hull, "engines": len(t.engines), "shields": len(t.shields) if has_shields else 0,
             "weapons": len(t.weapons)}
    return cr_of_record(design, r.combat_rating).value, boxes


def fleet_roster(fleet_file: str, prefix: str, taken: set[str], *, owner: str) -> list[Ship]:
    """The ships of a fleet file as a campaign or league keeps them (T.1(2), T.2(1)): each with its CR of record and
    track boxes, an id of its own among ``taken`` (``PREFIX-01`` ... when the fleet names none), names bounded."""
    fleet = read_fleet(fleet_file)
    ships: list[Ship] = []
    k = 0
    for i, entry in enumerate(fleet.entries):
        cr, boxes = design_boxes(entry.design, fleet.rules_for(entry.design))
        for design in fleet.ships()[k:k + entry.count]:
            sid = design.ship_id or f"{prefix}-{len(ships) + 1:02d}"
            if sid.casefold() in taken:
                sid = f"{prefix}-{sid}"
            if sid.casefold() in taken:
                raise DrydockError(f"{owner}: two ships would have the id {sid!r}")
            taken.add(sid.casefold())
            ships.append(Ship(id=sid, name=_named(design.ship_name or sid, f"{owner}: a ship's name"),
                              design=_named(entry.design.title or "", f"{owner}: a design's title"),
                              cr=cr, boxes=boxes, entry=i))
        k += entry.count
    return ships


def new_campaign(path: str, sides: dict[str, str], *, players: dict[str, str] | None = None,
                 map_file: str | None = None, name: str = "", rules: CampaignRules | None = None) -> Step:
    """Start a campaign from two fleet files (T.1(2): each within the limit) and a map (T.1's, or ``map_file``).
    Refuses to replace an existing campaign file."""
    if Path(path).exists() or Path(path).is_symlink():
        raise DrydockError(f"{path}: already exists; a campaign is started once (pick another file name)")
    _sides_given(sides, "--side")
    _sides_given(players or {}, "--player")
    name = _named(name or Path(path).stem, "the campaign's name (--name, else the file's name)")
    for side, player in (players or {}).items():
        _named(player, f"--player {side}")
    fleets = {side: _rel(sides[side], path, f"side {side} fleet") for side in SIDES}
    cmap: CampaignMap = read_map(map_file) if map_file else t1_map()
    rules = rules or CampaignRules()
    built: dict[str, Side] = {}
    taken: set[str] = set()
    for side in SIDES:
        ships = fleet_roster(sides[side], side, taken, owner=f"side {side}")
        built[side] = Side(player=(players or {}).get(side, ""), fleet=fleets[side], ships=ships)
    c = turns.start(name, cmap, rules, built)
    write_campaign(path, c, new=True)
    lines = [f"{path}: campaign {c.name!r} started on the {cmap.name} map ({counted(len(cmap.links), 'objective')})"]
    for side in SIDES:
        s = c.sides[side]
        lines.append(f"  side {side}{' (' + s.player + ')' if s.player else ''}: {counted(len(s.ships), 'ship')}, "
                     f"{s.total_cr()} CR of {rules.fleet_limit} (T.1(2)); starts among {', '.join(cmap.start[side])}")
    lines.append("Next: each side places its ships (campaign orders --side A ...), then campaign reveal.")
    return Step(lines, c)


@_locked
def give_orders(path: str, side: str, *, orders_file: str | None = None, moves: Sequence[str] = ()) -> Step:
    """A side's secret orders: an orders file and/or ``SHIP=OBJECTIVE`` moves (T.1(3), T.1(4))."""
    c = read_campaign(path)
    key = side.strip().upper()
    wanted: dict[str, str] = {}
    if orders_file:
        file_side, file_turn, wanted = read_orders(orders_file)
        if file_side is not None and file_side.strip().upper() != key:
            raise DrydockError(f"{orders_file}: orders of side {file_side}, given for side {key}")
        due = c.turn + 1 if c.phase == "supply" else c.turn  # the supply phase ends with the next turn's orders
        if file_turn is not None and file_turn != due:
            raise DrydockError(f"{orders_file}: orders for turn {file_turn}; the orders due are turn {due}'s")
    for move in moves:
        ship, sep, obj = move.partition("=")
        if not sep or not ship.strip() or not obj.strip():
            raise DrydockError(f"--move {move!r}: write SHIP=OBJECTIVE (e.g. Majestic=A2)")
        wanted[ship.strip()] = obj.strip()
    c = turns.give_orders(c, key, wanted)
    write_campaign(path, c)
    what = "starting locations" if c.turn == 0 else "orders"
    return Step([f"side {key}: {what} for turn {c.turn} recorded for {counted(len(c.sides[key].orders or {}), 'ship')} "
                 "(secret until campaign reveal)"], c)


@_locked
def reveal(path: str) -> Step:
    """T.1(5): both sides' orders carried out; the dispositions and the battles due."""
    c = read_campaign(path)
    turn = c.turn
    c = turns.reveal(c)
    write_campaign(path, c)
    lines = [f"turn {turn}: orders revealed"]
    for side in SIDES:
        where: dict[str, list[str]] = {}
        for ship in c.sides[side].active():
            where.setdefault(ship.at or "?", []).append(ship.id)
        lines.append(f"  side {side}: " + "; ".join(f"{obj} {', '.join(ids)}" for obj, ids in sorted(where.items())))
    due = c.due()
    for b in due:
        lines.append(f"  battle due at {b.at}: A {', '.join(b.ships['A'])} v B {', '.join(b.ships['B'])}")
    if not due and turn > 0:
        lines.append("  no battle this turn (T.1(5))")
    lines += _after(c)
    return Step(lines, c)


def _after(c: Campaign) -> list[str]:
    if c.phase == "over":
        return [c.history[-1]]
    if c.phase == "supply":
        waiting = [sd for sd in SIDES if c.sides[sd].rolled is None]
        if not waiting:
            return [f"Both sides have rolled. Next: turn {c.turn + 1} orders (campaign orders --side A/B)."]
        return ["All battles resolved. Next: campaign repair --side "
                f"{'/'.join(waiting)} --roll D1,D2 (T.1(7)); repairs and new ships any time until the next reveal."]
    if c.phase == "battles":
        return [f"Next: campaign result or campaign fight for {', '.join(b.at for b in c.due())}."]
    return [f"Next: turn {c.turn} orders (campaign orders --side A/B)."]


@_locked
def enter_result(path: str, at: str, *, destroyed: Sequence[str] = (), escaped: Sequence[str] = (),
                 damage: Sequence[str] = ()) -> Step:
    """A battle's result from the table: ships destroyed, escaped, ``SHIP=hull:2,engines:1`` damage."""
    c = read_campaign(path)
    marks: dict[str, Marked] = {}
    for item in damage:
        ship, sep, text = item.partition("=")
        if not sep or not ship.strip():
            raise DrydockError(f"--damage {item!r}: write SHIP=TRACK:BOXES,... (e.g. Majestic=hull:2,engines:1)")
        marks[ship.strip()] = parse_marked(text, f"--damage {ship.strip()}")
    c = turns.enter_result(c, at, destroyed=destroyed, escaped=escaped, damage=marks, fought="table")
    write_campaign(path, c)
    return Step([c.history[i] for i in range(_battle_line(c), len(c.history))] + _after(c), c)


def _battle_line(c: Campaign) -> int:
    """Index of the history's last battle line (what the step added is from there on)."""
    for i in range(len(c.history) - 1, -1, -1):
        if ": battle at " in c.history[i]:
            return i
    return len(c.history)


def _designs(c: Campaign, path: str, side: str, ids: list[str]) -> list[Design]:
    """The designs of a side's ships ``ids``: from its fleet file (by entry) or their own design file."""
    s = c.sides[side]
    fleet = None
    out: list[Design] = []
    for sid in ids:
        ship = c.ship(sid, side)
        if ship.entry is not None:
            fleet = fleet or read_fleet(str(named_file(path, s.fleet, key=f"side {side} fleet")))
            if ship.entry >= len(fleet.entries):
                raise DrydockError(f"{ship.label()}: entry {ship.entry} of {s.fleet}, which has "
                                   f"{counted(len(fleet.entries), 'entry', 'entries')} (was the fleet file changed?)")
            design = fleet.entries[ship.entry].design
        elif ship.source:
            found = read_designs(str(named_file(path, ship.source, key=f"ship {ship.id} source")))
            design = next((d for d in found if d.title == ship.design), found[0])
        else:
            raise DrydockError(f"{ship.label()}: the campaign names no design for it")
        out.append(design.model_copy(update={"ship_name": ship.name, "ship_id": ship.id}))
    return out


@_locked
def fight(path: str, at: str, *, seed: int, log_file: str | None = None) -> Step:
    """The battle at ``at`` fought once by the engine (seeded), every ship starting with the damage it carries;
    fought until one side's ships remain (no VP target, T.1(5)); ships leaving the board or jumping to
    hyperspace escape. The turn-by-turn log is kept beside the campaign file; the result is entered as from
    the table. A battle still undecided after the campaign's ``battle_turns`` records nothing."""
    c = read_campaign(path)
    turns.require_phase(c, "battles", doing="fight a battle")
    b = c.battle_at(at)
    if b.fought is not None:
        raise DrydockError(f"the battle at {b.at} in turn {c.turn} already has its result ({b.fought})")
    limits.check("--seed", seed, limits.CAMPAIGN_SEED)
    real = Path(os.path.realpath(path)) if os.path.islink(path) else Path(path)  # beside the file a link leads to
    log_file = log_file or str(real.with_name(f"{real.stem}.turn{c.turn}-{b.at}.log"))
    log_named = _rel(log_file, path, "--log")
    if Path(log_file).exists():
        raise DrydockError(f"{log_file}: already exists (the battle's log; give another --log or remove it)")
    ids = {side: list(b.ships[side]) for side in SIDES}
    designs = {side: _designs(c, path, side, ids[side]) for side in SIDES}
    marks_a, marks_b = (tuple(c.ship(i).damage for i in ids[side]) for side in SIDES)
    # T.1(5): "the game does not end when one side achieves the appropriate number of VPs": no VP target (0)
    m = build_matchup(designs["A"], designs["B"], BattleSettings(turns=c.rules.battle_turns, vp_target=0),
                      damage=(marks_a, marks_b))
    battle = Battle(m, random.Random(seed), log=True)
    result = battle.run()
    by_id = dict(zip([*ids["A"], *ids["B"]], battle.ships, strict=True))
    on_board = {side for side in SIDES for i in ids[side] if by_id[i].alive}
    if len(on_board) > 1:
        raise DrydockError(f"the battle at {b.at} (seed {seed}) was undecided after "
                           f"{counted(c.rules.battle_turns, 'turn')}: "
                           f"ships of both sides remain; nothing recorded ({quote('T.1(5) end')}). Fight it with "
                           "another --seed, raise rules: battle_turns in the campaign file, or enter the table's "
                           "result")
    destroyed = [i for i, s in by_id.items() if not s.alive and not (s.left_board or s.jumped)]
    escaped = [i for i, s in by_id.items() if not s.alive and (s.left_board or s.jumped)]
    damage = {i: Marked(hull=s.hull_hits, engines=s.eng_hits, shields=s.shd_hits, weapons=s.wpn_hits)
              for i, s in by_id.items() if i not in destroyed}
    write_atomic(log_file, "\n".join(result.log) + "\n")
    c = turns.enter_result(c, at, destroyed=destroyed, escaped=escaped, damage=damage, fought="engine", seed=seed,
                           log=log_named)
    write_campaign(path, c)
    lines = [f"battle at {b.at} fought by the engine (seed {seed}): {counted(result.turns, 'turn')}; "
             f"log {log_file}"]
    for side in SIDES:
        fleet = read_fleet(str(named_file(path, c.sides[side].fleet, key=f"side {side} fleet")))
        if not fleet.house.base.is_book or fleet.house.factions:
            lines.append(f"warning: side {side}'s fleet has house rules of its own; the engine fought under the "
                         "book rules")
    for i in by_id:
        state = "destroyed" if i in destroyed else "escaped" if i in escaped else "remains"
        carried = "" if i in destroyed else f"; carries {damage[i].text()}"
        lines.append(f"  {c.side_of(i)} {c.ship(i).label()}: {state}{carried}")
    return Step(lines + [c.history[i] for i in range(_battle_line(c), len(c.history))] + _after(c), c)


@_locked
def repair(path: str, side: str, *, roll: str | None = None, seed: int | None = None,
           hull: Sequence[str] = (), add: Sequence[str] = ()) -> Step:
    """T.1(7) for one side: the RP roll (``roll`` "2,5" as rolled at the table, or ``seed`` for drydock's dice),
    hull repairs (``SHIP=POINTS``) and new ships (``DESIGN.yaml`` or ``DESIGN.yaml=NAME``), all or nothing."""
    c = read_campaign(path)
    key = side.strip().upper()
    before = len(c.history)
    if roll is not None or seed is not None:
        if roll is not None and seed is not None:
            raise DrydockError("give --roll (the dice rolled at the table) or --seed (drydock rolls), not both")
        if roll is not None:
            parts = [p.strip() for p in roll.split(",")]
            if len(parts) != 2 or not all(p.isascii() and p.isdigit() and len(p) == 1 for p in parts):
                raise DrydockError(f"--roll {roll!r}: two dice, e.g. --roll 2,5")
            dice = (int(parts[0]), int(parts[1]))
        else:
            rng = random.Random(limits.check("--seed", seed or 0, limits.CAMPAIGN_SEED))
            dice = (rng.randint(1, 6), rng.randint(1, 6))
        check_dice(dice)
        c = turns.supply(c, key, dice)
    for item in hull:
        ship, sep, points = item.partition("=")
        if not sep or not (points.strip().isascii() and points.strip().isdigit()) or len(points.strip()) > 6:
            raise DrydockError(f"--hull {item!r}: write SHIP=POINTS (e.g. Majestic=2)")
        c = turns.repair_hull(c, key, ship.strip(), int(points))
    for item in add:
        file, _, name = item.partition("=")
        found = read_designs(file)
        if len(found) != 1:
            raise DrydockError(f"--add {file}: holds {counted(len(found), 'design')}; give a file with one")
        design = found[0]
        cr, boxes = design_boxes(design)
        n = len(c.sides[key].ships) + 1
        sid = f"{key}-R{n:02d}"
        source = _rel(file, path, "--add")
        c = turns.add_ship(c, key, Ship(id=sid, name=_named(name.strip() or design.ship_name or sid, "--add: the "
                                                            "ship's name"),
                                        design=_named(design.title or "", "--add: the design's title"), cr=cr,
                                        boxes=boxes, source=source))
    if len(c.history) == before:
        raise DrydockError("nothing to do: give --roll or --seed (the T.1(7) RP roll), --hull SHIP=POINTS or "
                           "--add DESIGN.yaml")
    write_campaign(path, c)
    return Step(c.history[before:] + _after(c), c)


@_locked
def concede(path: str, side: str) -> Step:
    c = turns.concede(read_campaign(path), side)
    write_campaign(path, c)
    return Step([c.history[-1]], c)


def ssd(path: str, side: str, output: str, *, html_file: str | None = None, force: bool = False) -> Step:
    """The display sheets of a side's ships still in the campaign, each with the boxes it has checked off (the
    damage it carries: 1.2), and the fleet roster, as one PDF booklet (and an HTML page)."""
    # lazy: printing only (WeasyPrint, pikepdf, fontTools)
    from drydock.render.pdf import render_pdf
    from drydock.render.weasy import require_weasyprint

    c = read_campaign(path)
    key = side.strip().upper()
    if key not in SIDES:
        raise DrydockError(f"--side {side!r}: A or B")
    check_outputs([f for f in (output, html_file) if f], [path])
    for out in (output, html_file):
        if out and Path(out).exists() and not force:
            raise DrydockError(f"{out}: already exists (use --force to overwrite)")
    require_weasyprint()
    ships = c.sides[key].active()
    designs = _designs(c, path, key, [s.id for s in ships])
    fleet = read_fleet(str(named_file(path, c.sides[key].fleet, key=f"side {key} fleet")))
    sheets = [check_printable(sheet_from_rating(rate(d, fleet.rules_for(d)), fleet.rules_for(d), damage=s.damage))
              for d, s in zip(designs, ships, strict=True)]
    booklet = build_booklet(sheets, roster=True)
    write_atomic(output, render_pdf(booklet), force=force)
    lines = [f"wrote {output}: {len(sheets)} display sheets of side {key}, the boxes each ship has checked off "
             "crossed, and the fleet roster"]
    if html_file:
        write_atomic(html_file, render_html(booklet, asset_base=standalone_asset_base()), force=force)
        lines.append(f"wrote {html_file}")
    return Step(lines, c)
