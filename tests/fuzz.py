"""Mutation fuzzing of every reader (issue 10): bundled samples, mutated the way a hostile file would be.

:func:`run` reads ``n`` mutated inputs with one reader and rates every design it
returns; the only exception allowed is :class:`~drydock.errors.DrydockError`. It is
meant to run in a child process with memory and CPU limits (:mod:`tests.hostile.child`),
and prints one JSON line: cases, how many read, how many refused, the slowest case
and every unexpected exception with the input that caused it.
"""

from __future__ import annotations

import io
import json
import random
import re
import time
import traceback
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HOSTILE_CHARS = ["\x00", "\x1b", "\x07", "\u202e", "\t", "\r", "\n", "[", "]", "{", "}", "&", "*", "|", "/", "//",
                 "-", ":", "#", "(", ")", ",", "+", "=", "@", "'", '"', "\\", "!!", "%", "\ufeff", "é", "9", "0",
                 "[]", "<>", "?", "~", "&a ", "*a", "!!python/object:os.system"]
#: YAML values PyYAML's SafeLoader fails to build with ValueError or KeyError (not YAMLError).
BAD_SCALARS = ["2001-13-45", "2001-02-30 10:00:00", "!!float x", "!!int 0x", "!!bool maybe", "!!timestamp 2001"]


def _play_rules() -> str:
    """A house-rule file stating every play entry of the book (issue 33), for the mutations to reach each number."""
    import yaml

    from drydock.core.rules.play_rules import PLAY

    return yaml.safe_dump({"play": PLAY, "battle_sizes": {"limits": [400, 700, 1000, 1500, 2000]}},
                          sort_keys=False, default_flow_style=None, width=100)


def samples(kind: str) -> list[str]:
    if kind in ("yaml", "json", "drake", "xlsx"):
        texts = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "examples/designs").glob("*.yaml"))]
        if kind == "yaml":
            return texts + [(ROOT / "tests/fixtures/ssd/hostile.yaml").read_text(encoding="utf-8")]
        from drydock.formats.native import from_yaml, to_json

        designs = [from_yaml(t)[0] for t in texts]
        if kind == "json":
            return [to_json(d) for d in designs]
        if kind == "drake":
            from drydock.formats.drake import to_drake

            return [to_drake(d) for d in designs] + [(ROOT / "tests/fixtures/majestic.drake").read_text("utf-8")]
        return texts
    legacy = ROOT / "tests/fixtures/legacy"
    if kind in CAMPAIGN_SAMPLES:  # issue 42: real campaign files (docs/campaigns.md's campaign), maps, orders
        return [(ROOT / p).read_text(encoding="utf-8") for p in CAMPAIGN_SAMPLES[kind]]
    if kind == "play":  # issue 33: house rules over the play tables, every entry written out
        return [_play_rules()]
    if kind == "nova-record":  # issue 33: the converted records (X.2) as YAML, the numbers the engine fights by
        from drydock.formats.legacy import nova_record
        from drydock.formats.legacy.nova import parse_nova

        text = (legacy / "nova-majestic-typed.txt").read_text(encoding="utf-8").replace("SHIELDS: ?",
                                                                                         "SHIELDS: 4 5 6 6 6")
        return [nova_record.to_yaml([nova_record.convert_nova(d)[0] for d in parse_nova(text, file="m.txt")])]
    if kind == "posts":  # issue 42: what players posted (tests/fixtures/posts/, each with its # Source: line)
        return [p.read_text(encoding="utf-8") for p in sorted((ROOT / "tests/fixtures/posts").glob("[an]*/*.txt"))]
    if kind == "movement-orders":  # issue 42: written movement orders (3.1, 3.4, G.5)
        return ["4P2(6)", "3P1(4) +1", "Z/1R2(4)", "1[6]1(8)", "@/2S2(4) -1", "E/C/H/T/3U1(4)", "6(6)", "R3P(4)"]
    if kind == "admiralty":
        return [(legacy / n).read_text(encoding="utf-8") for n in ("dumbo-v1.txt", "dumbo-v2.txt",
                                                                   "razorthorn-houseruled.txt")]
    return [(legacy / n).read_text(encoding="utf-8") for n in ("nova-majestic-rulebook.txt",
                                                               "nova-majestic-typed.txt")]


#: Issue 42: the campaign files of the worked campaign (tests/fixtures/campaign, from docs/campaigns.md), the map
#: and orders files of examples/campaign.
CAMPAIGN_SAMPLES = {
    "campaign": ["tests/fixtures/campaign/rim-war-battle-due.yaml", "tests/fixtures/campaign/rim-war-turn3.yaml"],
    "campaign-map": ["examples/campaign/border-map.yaml"],
    "campaign-orders": ["examples/campaign/orders-a-turn1.yaml", "examples/campaign/orders-b-setup.yaml"],
}


def _campaign_reader(kind: str) -> Callable[[Any], list[Any]]:
    """Read a campaign file, map or orders file and build what ``campaign show --html`` builds from it."""
    from drydock.core.campaign import turns
    from drydock.core.campaign.rules import CampaignRules
    from drydock.core.campaign.state import Ship, Side
    from drydock.formats.campaign import parse_campaign, parse_map, read_orders
    from drydock.insight.campaign_page import page, summary

    def campaign(text: str) -> list[Any]:
        c = parse_campaign(text, "c.yaml")
        summary(c, "A")
        page(c, "B")
        return []

    def campaign_map(text: str) -> list[Any]:
        m = parse_map(text, "m.yaml")
        sides = {sd: Side(player="", fleet="f.yaml", ships=[Ship(id=f"{sd}-1", name="x", design="", cr=10,
                                                                 boxes={"hull": 3})]) for sd in ("A", "B")}
        page(turns.start("fuzz", m, CampaignRules(), sides))
        return []

    def orders(text: str) -> list[Any]:
        import os
        import tempfile

        fd, name = tempfile.mkstemp(suffix=".yaml")
        try:
            with os.fdopen(fd, "w", encoding="utf-8", errors="surrogatepass") as fh:
                fh.write(text)
            read_orders(name)
        finally:
            os.unlink(name)
        return []

    return {"campaign": campaign, "campaign-map": campaign_map, "campaign-orders": orders}[kind]


_PLAIN_VALUE = re.compile(r"^(\s*(?:- )?[\w-]+:) [^\[{&*!|>\s].*$")


def mutate(text: str, rng: random.Random) -> str:
    """One to three hostile edits: odd characters, huge numbers, long or many lines, deep nesting, cuts."""
    for _ in range(rng.randint(1, 3)):
        lines = text.split("\n")
        op = rng.randrange(10)
        i = rng.randrange(len(lines)) if lines else 0
        if op == 0 and text:
            k = rng.randrange(len(text))
            text = text[:k] + rng.choice(HOSTILE_CHARS) + text[k + 1:]
        elif op == 1:
            digits = [k for k, c in enumerate(text) if c.isdigit()]
            if digits:
                k = rng.choice(digits)
                big = rng.choice(["9" * rng.choice([12, 16, 400, 4400]), "1000000000000", "-1", "0", "1e999",
                                  "10000000000", "1e99999999", "3/0", "1e31", "1/3", "-1e9"])  # issue 33
                text = text[:k] + big + text[k + 1:]
        elif op == 2 and lines:
            lines[i:i] = [lines[i]] * rng.choice([2, 50, 2000])
            text = "\n".join(lines)
        elif op == 3 and lines:
            del lines[i]
            text = "\n".join(lines)
        elif op == 4:
            lines.insert(i, rng.choice(["x", " ", "[]", "1 ", "a-class ", "("]) * rng.choice([5000, 30000]))
            text = "\n".join(lines)
        elif op == 5 and text:
            text = text[:rng.randrange(len(text))]
        elif op == 6:
            k = rng.randrange(len(text) + 1)
            depth = rng.choice([40, 3000])
            text = text[:k] + "[" * depth + "]" * depth + text[k:]
        elif op == 7 and len(lines) > 1:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
        elif op == 8:
            bomb = "a: &a [x,x,x,x,x,x,x,x,x]\n" + "".join(
                f"{c}: &{c} [{','.join([f'*{p}'] * 9)}]\n" for p, c in zip("abcdefgh", "bcdefghi", strict=True))
            plain = [j for j, line in enumerate(lines) if _PLAIN_VALUE.match(line)] or [i]
            k = rng.choice(plain)
            lines[k] = _PLAIN_VALUE.sub(r"\1 " + rng.choice(BAD_SCALARS), lines[k])
            text = rng.choice([bomb + text, text + "\nnotes: &r [*r]\n", text.replace("hull:", "hull: &h"),
                               "\n".join(lines)])
        else:
            k = rng.randrange(len(text) + 1)
            text = text[:k] + "".join(rng.choice(HOSTILE_CHARS) for _ in range(rng.randint(1, 20))) + text[k:]
    return text


def stutter(text: str, rng: random.Random, *, width: int = 4_000) -> str:
    """A piece of one line repeated to ``width`` characters, then junk (issue 42): what makes a backtracking
    pattern slow is a run of the very units it matches, failing at the end."""
    lines = text.split("\n")
    i = rng.randrange(len(lines))
    line = lines[i] or "x"
    a = rng.randrange(len(line))
    unit = line[a:a + rng.randint(1, 6)]
    run = unit * max(1, (width - len(line)) // len(unit))
    lines[i] = (line[:a] + run + rng.choice(["", "!", "(", "[", "\x00", line[a:]]))[:width]
    return "\n".join(lines)


def mutate_workbook(data: bytes, rng: random.Random) -> bytes:
    """Hostile cell values (via openpyxl), or edits of the sheet XML inside the zip, or flipped bytes."""
    op = rng.randrange(3)
    if op == 0:
        from openpyxl import load_workbook

        wb = load_workbook(io.BytesIO(data))
        for _ in range(rng.randint(1, 4)):
            ws = wb[rng.choice(["SHIP1", "Weapons"])]
            cell = ws.cell(row=rng.randint(1, 100), column=rng.randint(1, 13))
            cell.value = rng.choice([1e18, -1e18, 10**15, -1, 0, 3.5, float("inf"), True, "=1+1", "x" * 30000,
                                     "10000000000AB", "9" * 400, "1-2-3-4-5", "ACE;AB", None, "\u202eevil",
                                     "Primary>Second", "-999999999"])
        out = io.BytesIO()
        wb.save(out)
        return out.getvalue()
    if op == 1:
        zin = zipfile.ZipFile(io.BytesIO(data))
        names = zin.namelist()
        victim = rng.choice([n for n in names if n.endswith(".xml")])
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
            for n in names:
                body = zin.read(n)
                if n == victim:
                    body = mutate(body.decode("utf-8", "replace"), rng).encode("utf-8")
                zout.writestr(n, body)
        return out.getvalue()
    raw = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        raw[rng.randrange(len(raw))] = rng.randrange(256)
    return bytes(raw)


def reader(kind: str) -> Callable[[Any], list[Any]]:
    """A function reading one input of ``kind`` and returning what must then rate without a crash."""
    if kind == "yaml":
        from drydock.formats.native import from_yaml
        return lambda text: from_yaml(text, file="f.yaml")
    if kind == "json":
        from drydock.formats.native import from_json
        return lambda text: from_json(text, file="f.json")
    if kind == "drake":
        from drydock.formats.drake import from_drake
        return lambda text: from_drake(text, file="f.drake")
    if kind == "xlsx":
        from drydock.formats.excel.read import from_xlsx
        return lambda data: from_xlsx(data, file="f.xlsx")
    if kind == "admiralty":
        from drydock.formats.legacy.admiralty import parse_admiralty
        from drydock.formats.legacy.convert import convert_admiralty

        def admiralty(text: str) -> list[Any]:
            from drydock.core.sanity import check_design
            return [check_design(convert_admiralty(r)[0]) for r in parse_admiralty(text, file="f.txt")]
        return admiralty
    if kind in CAMPAIGN_SAMPLES:
        return _campaign_reader(kind)
    if kind == "play":
        from drydock.core.rules.factions import HouseRules
        from drydock.formats.houserules import _parse_yaml

        def play(text: str) -> list[Any]:
            data = _parse_yaml(text, "r.yaml")
            HouseRules.from_data(data if isinstance(data, dict) else {"play": data})
            return []
        return play
    if kind == "nova-record":
        from drydock.engine.legacy_rules import ship_spec
        from drydock.formats.legacy.nova_record import from_yaml as nova_from_yaml

        def records(text: str) -> list[Any]:
            for record in nova_from_yaml(text, file="r.yaml"):
                if record.shields is not None:
                    ship_spec(record)  # what the engine builds from it, within a Unity design's limits
            return []
        return records
    if kind == "posts":  # as `convert` reads a post: the kind sniffed, then each design of the post on its own
        from drydock.core.sanity import check_design
        from drydock.formats.legacy.admiralty import AdmiraltySyntaxError, parse_admiralty_each
        from drydock.formats.legacy.convert import convert_admiralty
        from drydock.formats.legacy.nova import parse_nova
        from drydock.formats.legacy.nova_record import convert_nova
        from drydock.formats.legacy_sniff import legacy_kind

        def posts(text: str) -> list[Any]:
            if legacy_kind(text) == "nova":
                for display in parse_nova(text, file="post.txt"):
                    convert_nova(display)
                return []
            records = list(parse_admiralty_each(text, file="post.txt"))
            designs = [check_design(convert_admiralty(r)[0]) for r in records
                       if not isinstance(r, AdmiraltySyntaxError)]
            if not designs and records and isinstance(records[0], AdmiraltySyntaxError):
                raise records[0]
            return designs
        return posts
    if kind == "movement-orders":
        from drydock.engine.movement import order_problem, parse_orders

        def orders(text: str) -> list[Any]:
            order_problem(parse_orders(text))
            return []
        return orders
    from drydock.formats.legacy.nova import parse_nova
    from drydock.formats.legacy.nova_record import convert_nova

    def nova(text: str) -> list[Any]:
        for d in parse_nova(text, file="f.txt"):
            convert_nova(d)
        return []
    return nova


def inputs(kind: str, n: int, seed: int) -> list[Any]:
    rng = random.Random(f"{kind}/{seed}")
    base = samples(kind)
    if kind == "xlsx":
        from drydock.formats.excel.write import to_xlsx
        from drydock.formats.native import from_yaml

        books = [to_xlsx(from_yaml(t)) for t in base[:3]]
        return [mutate_workbook(rng.choice(books), rng) for _ in range(n)]
    if kind in ("posts", "movement-orders"):  # the patterns fed their own units at the line limit, half the time
        width = 4_000 if kind == "posts" else 64
        return [stutter(mutate(t, rng), rng, width=width) if rng.random() < 0.5 else mutate(t, rng)
                for t in (rng.choice(base) for _ in range(n))]
    return [mutate(rng.choice(base), rng) for _ in range(n)]


def run(kind: str, n: int, seed: int = 0) -> dict[str, Any]:
    """Read ``n`` mutated inputs of ``kind``; rate every design; collect anything but a DrydockError."""
    from drydock.core.validation import rate
    from drydock.errors import MISTAKES_MAX, DrydockError

    read = reader(kind)
    stats: dict[str, Any] = {"kind": kind, "cases": 0, "read": 0, "refused": 0, "slowest": 0.0, "bad": []}
    for case in inputs(kind, n, seed):
        start = time.perf_counter()
        try:
            for design in read(case):
                rate(design)
            stats["read"] += 1
        except DrydockError as exc:
            lines = str(exc).split("\n")  # several mistakes of one file: one line each (issue 26)
            assert len(lines) <= MISTAKES_MAX + 1 and all(0 < len(x) <= 600 for x in lines), str(exc)
            stats["refused"] += 1
        except Exception as exc:  # anything else is a bug: keep the input to reproduce it
            shown = case if isinstance(case, str) else case.hex()
            stats["bad"].append({"error": f"{type(exc).__name__}: {exc}"[:300], "input": shown[:2000],
                                 "where": traceback.format_exc().splitlines()[-3][:200]})
        stats["cases"] += 1
        stats["slowest"] = max(stats["slowest"], time.perf_counter() - start)
    return stats


if __name__ == "__main__":  # python -m tests.fuzz KIND N [SEED]
    import sys

    print(json.dumps(run(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 0)))
