"""Test battles from the design page: ``drydock battle`` run in a worker process, its progress streamed.

The worker calls :func:`drydock.run_battle` (the command's library call) and puts on a queue the plan game's
named stages with the battles done and the time left (estimated as the command's progress line does: the
stage's own rate so far), then the verdict's blocks and the report page. The studio streams those events
to the page (server-sent events); cancel ends the worker. One battle at a time per page; the command's
limits apply (:func:`drydock.limits.check_battle`, before the worker starts). The form's options (optional rules,
scenario, terrain, deployment, doctrines, battle size, the page's ruleset) are the command's, checked by its own
library call (:func:`drydock.insight.battle_options.settings_from_options`) before the worker starts.
"""

from __future__ import annotations

import multiprocessing
import queue as queues
import secrets
import shutil
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from drydock import BattleSettings, DrydockError, run_battle
from drydock.core.rules.play_options import COMPANION_OPTIONS, OPTIONS
from drydock.engine.choices import DEFAULT_DEPLOYMENT, DEFAULT_DOCTRINE, DEPLOYMENT_NAMES, DOCTRINE_NAMES
from drydock.engine.settings import BATTLE_SIZE_NAMES
from drydock.insight.battle_options import settings_from_options
from drydock.limits import check_battle

#: Battles a page may ask for at most (the command's own limit is far above: a page answers in seconds).
RUNS_MAX = 2000
#: Progress events sent at most this often (seconds).
EVERY = 0.1
#: The optional rules the form offers (``drydock rules options``): the simulated ones, terrain (G) and the
#: scenarios (S) having fields of their own.
PLAY_OPTIONS = tuple(o for o in OPTIONS + COMPANION_OPTIONS if o.simulated and o.kind not in ("terrain", "scenario"))
SCENARIOS = tuple(o for o in OPTIONS if o.simulated and o.kind == "scenario")
#: The battle form's options (:func:`battle_form`).
FORM_KEYS = ("options", "scenario", "terrain", "deployment", "doctrine_a", "doctrine_b", "battle_size")
#: Characters of a text field of the form at most (the terrain field holds a few dozen pieces).
FIELD_MAX = 400


def battle_choices() -> dict[str, Any]:
    """What the battle form offers: optional rules and scenarios by section and name, doctrines, deployment plans
    and battle sizes."""
    return {"options": [(o.section, f"{o.section} {o.name}") for o in PLAY_OPTIONS],
            "scenarios": [(o.section, f"{o.section} {o.name}") for o in SCENARIOS],
            "doctrines": DOCTRINE_NAMES, "default_doctrine": DEFAULT_DOCTRINE,
            "deployments": (*DEPLOYMENT_NAMES, "choose"), "default_deployment": DEFAULT_DEPLOYMENT,
            "battle_sizes": BATTLE_SIZE_NAMES}


def _field(body: dict[str, Any], key: str, default: str) -> str:
    value = body.get(key)
    if value is None or value == "":
        return default
    if not isinstance(value, str) or len(value) > FIELD_MAX:
        raise DrydockError(f"{key}: a text of at most {FIELD_MAX} characters")
    return value.strip() or default


def battle_form(body: dict[str, Any], *, turns: int, rules_file: str | None) -> BattleSettings:
    """The settings of the battle form, checked as ``drydock battle`` checks its options: ``options`` (sections,
    ``--option``), ``scenario`` (``--scenario``), ``terrain`` (pieces as ``--terrain`` spells them, separated by
    spaces or commas: ``asteroids:3 nebula``), ``deployment``, ``doctrine_a``/``doctrine_b``, ``battle_size``;
    the page's ruleset is ``--rules``. One :class:`DrydockError` in a program's words."""
    options = body.get("options") or []
    if (not isinstance(options, list) or len(options) > len(PLAY_OPTIONS)
            or not all(isinstance(o, str) and len(o) <= 20 for o in options)):
        raise DrydockError(f"options: a list of at most {len(PLAY_OPTIONS)} sections (drydock rules options)")
    doctrine = (_field(body, "doctrine_a", DEFAULT_DOCTRINE), _field(body, "doctrine_b", DEFAULT_DOCTRINE))
    return settings_from_options(options, _field(body, "scenario", "") or None,
                                 _field(body, "terrain", "").replace(",", " ").split(), rules_file=rules_file,
                                 turns=turns, doctrine=doctrine, battle_size=_field(body, "battle_size", "auto"),
                                 deployment=_field(body, "deployment", DEFAULT_DEPLOYMENT))


def fight(events: Any, side_a: str, side_b: str, runs: int, seed: int, form: dict[str, Any], turns: int,
          rules_file: str | None, report: str) -> None:
    """The worker: one ``drydock battle`` with the battle form's options (``form``, checked before the worker
    started; read again here, a ruleset being no thing to pickle) and ``rules_file`` as ``--rules``; every event
    on ``events`` (a queue)."""
    state: dict[str, Any] = {"stage": None, "start": 0.0, "base": 0, "sent": 0.0}

    def update(stage: str, done: int, total: int) -> None:
        now = time.monotonic()
        if stage != state["stage"]:
            state.update(stage=stage, start=now, base=done, sent=0.0)
        if now - state["sent"] < EVERY and done < total:
            return
        state["sent"] = now
        rate = (done - state["base"]) / (now - state["start"]) if now > state["start"] else 0
        left = (total - done) / rate if rate > 0 else None
        events.put({"type": "progress", "stage": stage, "done": done, "total": total,
                    "left": None if left is None else round(left, 1)})

    @contextmanager
    def stages() -> Iterator[Any]:
        yield update

    @contextmanager
    def battles() -> Iterator[Any]:
        count = [0]

        def step(n: int) -> None:
            count[0] += n
            update("fighting the verdict's battles", count[0], runs)

        yield step

    try:
        events.put({"type": "progress", "stage": "reading the sides", "done": 0, "total": 0, "left": None})
        settings = battle_form(form, turns=turns, rules_file=rules_file)
        run = run_battle(side_a, side_b, settings, runs=runs, seed=seed, report_file=report,
                         rules_named=rules_file is not None, rules_file=rules_file,
                         stages=stages, progress=battles, warn=lambda line: events.put({"type": "warning",
                                                                                       "line": line}))
        blocks = run.text()
        events.put({"type": "done", "verdict": blocks[0], "blocks": blocks[1:]})
    except DrydockError as exc:
        events.put({"type": "error", "error": str(exc)})
    except Exception as exc:  # the worker never shows a traceback: one line
        events.put({"type": "error", "error": f"unexpected error: {type(exc).__name__}: {exc}"})


def _nothing() -> None:
    """A worker that does nothing (starting the worker's server)."""


@dataclass
class Battle:
    """One battle under way (or ended) for one page."""

    key: str
    process: Any
    events: Any
    folder: str
    report: str
    ended: bool = False
    log: list[dict[str, Any]] = field(default_factory=list)

    def poll(self, timeout: float) -> dict[str, Any] | None:
        try:
            event: dict[str, Any] = self.events.get(timeout=timeout)
        except queues.Empty:
            if not self.process.is_alive() and not self.ended:
                self.ended = True
                return {"type": "error", "error": "the battle's worker stopped"}
            return None
        if event["type"] in ("done", "error"):
            self.ended = True
        self.log.append(event)
        return event

    def cancel(self) -> None:
        if self.process.is_alive():
            self.process.terminate()
        self.ended = True
        self.log.append({"type": "cancelled"})

    def close(self) -> None:
        if self.process.is_alive():
            self.process.terminate()
        self.process.join(timeout=5)
        shutil.rmtree(self.folder, ignore_errors=True)


class Battles:
    """The battles of one studio: one at a time per page."""

    def __init__(self) -> None:
        self._by_page: dict[str, Battle] = {}
        self._by_key: dict[str, Battle] = {}
        # a clean worker whatever threads the server has: forked from a server process that has the engine
        # imported already (forkserver, preloaded: the first progress comes at once), else spawned
        self._context: Any
        if "forkserver" in multiprocessing.get_all_start_methods():
            self._context = multiprocessing.get_context("forkserver")
            self._context.set_forkserver_preload(["drydock.insight.battle_run", "drydock.studio.battles"])
        else:  # pragma: no cover - Windows
            self._context = multiprocessing.get_context("spawn")

    def warm(self) -> None:
        """Start the worker's server now (in the background), so that the first battle starts at once."""
        threading.Thread(target=self._warm, daemon=True).start()

    def _warm(self) -> None:
        process = self._context.Process(target=_nothing, daemon=True)
        process.start()
        process.join()

    def start(self, page: str, design: Path, text: str, opponent: str, *, runs: int, seed: int,
              form: dict[str, Any] | None = None, turns: int = 20, rules_file: str | None = None) -> Battle:
        """Start the design ``text`` (file ``design``) against ``opponent`` (a file) for ``page``, with the battle
        form's options ``form`` (:func:`battle_form`, checked here first) and ``rules_file`` as ``--rules``."""
        running = self._by_page.get(page)
        if running is not None and not running.ended:
            raise DrydockError("a battle is already running on this page; cancel it or wait for its verdict")
        if not 1 <= runs <= RUNS_MAX:
            raise DrydockError(f"battles: 1 to {RUNS_MAX} from the page (the command goes further)")
        form = {k: v for k, v in (form or {}).items() if k in FORM_KEYS}
        settings = battle_form(form, turns=turns, rules_file=rules_file)
        check_battle(runs=runs, jobs=1, turns=settings.turns, board=settings.board, ships=(1, 1))
        tmp = tempfile.mkdtemp(prefix="drydock-studio-battle-")
        copy = Path(tmp) / design.name
        try:
            same = design.read_text(encoding="utf-8") == text
        except (OSError, UnicodeDecodeError):
            same = False
        if same:
            side_a = str(design)
        else:  # the design as it is on the page (a weapon library it names is then looked for beside the copy)
            copy.write_text(text, encoding="utf-8")
            side_a = str(copy)
        events = self._context.Queue()
        report = str(Path(tmp) / "report.html")
        args = (events, side_a, opponent, runs, seed, form, turns, rules_file, report)
        process = self._context.Process(target=fight, args=args, daemon=True)
        process.start()
        battle = Battle(secrets.token_urlsafe(12), process, events, tmp, report)
        if running is not None:
            running.close()
            self._by_key.pop(running.key, None)
        self._by_page[page] = battle
        self._by_key[battle.key] = battle
        return battle

    def get(self, key: str) -> Battle | None:
        return self._by_key.get(key)

    def close(self) -> None:
        for battle in self._by_key.values():
            battle.close()
