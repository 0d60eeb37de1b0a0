"""The studio's web application: the library page, the design page and the JSON hooks a program can drive.

Every route answers from the folder (:class:`~drydock.studio.folder.Folder`) through the library API; a
:class:`~drydock.errors.DrydockError` is one clean line (a page shows it, the JSON hooks answer
``{"error": ...}``), anything unexpected one line too, never a traceback.

Hooks: ``POST /api/rate`` (a design's text -> exactly the JSON of ``drydock rate --json``), ``POST /api/save``
(``{"path", "text", "version"}``; ``version`` null for a new file; 409 with ``"stale": true`` when the file
changed on disk since it was opened), ``POST /api/edit`` (one field edit -> the text and the page's editor).
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import jinja2
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from drydock import DrydockError, load_ruleset, print_files, rate_files
from drydock.core.rules.catalog import catalog
from drydock.errors import one_line
from drydock.formats import format_for, format_named
from drydock.formats.campaign import read_campaign
from drydock.formats.houserules import bundled_names, is_bundled
from drydock.formats.starter import starter_yaml
from drydock.insight.campaign_page import page as campaign_html
from drydock.resources import templates_dir
from drydock.studio import editing
from drydock.studio.battles import Battles, battle_choices
from drydock.studio.folder import TEXT_SUFFIXES, Folder, StaleFileError
from drydock.studio.paste import read_post
from drydock.studio.sheets import ASSETS, PREVIEW_CSP, Previews, sheet_pdf
from drydock.studio.view import design_view, rate_json, what_if

STATIC = ("studio.js", "studio.css")
#: The largest JSON body of an edit or save: one design text (limits.TEXT_FILE) plus its envelope.
JSON_MAX = 8 * 1024 * 1024 + 4096


class Studio:
    """The state of one studio: its folder, its templates and its rules catalog."""

    def __init__(self, folder: Folder, *, token: str | None = None) -> None:
        self.folder = folder
        self.token = token
        self.env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(templates_dir() / "studio")),
                                      autoescape=True, undefined=jinja2.StrictUndefined)
        self._catalogs: dict[str | None, dict[str, Any]] = {}
        self.previews = Previews()
        self.battles = Battles()

    def catalog(self, rules: str | None) -> dict[str, Any]:
        if rules not in self._catalogs:
            self._catalogs[rules] = catalog(load_ruleset(rules))
        return self._catalogs[rules]

    def rules_file(self, choice: str | None) -> str | None:
        """The ruleset chosen on the page: a bundled name, or a house-rule file of the folder (its path)."""
        if not choice:
            return None
        if is_bundled(choice):
            return choice
        return str(self.folder.path(choice, suffixes=(".yaml", ".yml")))

    def rules_choices(self) -> list[tuple[str, str]]:
        out = [("", "Unity v2.0 (the book)")] + [(n, f"{n} (bundled)") for n in bundled_names()]
        entries, _ = self.folder.entries()
        out += [(e.name, f"{e.name} (house rules)") for e in entries if e.kind == "rules"]
        return out

    def page(self, template: str, status: int = 200, **context: Any) -> HTMLResponse:
        context.setdefault("token", self.token or "")
        return HTMLResponse(self.env.get_template(template).render(**context), status_code=status)

    def editor(self, text: str, name: str, rules: str | None) -> str:
        rules_path = self.rules_file(rules or None)
        try:
            saved: str | None = self.folder.read_text(name)[0]
        except DrydockError:  # not saved yet, or gone
            saved = None
        view = design_view(text, name, self.folder.root / name, rules_path, self.catalog(rules_path), saved)
        return self.env.get_template("editor.html.j2").render(view=view, what_if=what_if(view), rules=rules or "")


# ------------------------------------------------------------------ pages
async def library(request: Request) -> Response:
    studio: Studio = request.app.state.studio
    entries, refused = studio.folder.entries()
    rated = rate_files((str(studio.folder.root),), None, as_json=True)
    root = str(studio.folder.root) + "/"
    designs, fleets = [], []
    for obj in json.loads(rated.text):
        obj["file"] = str(obj.get("file", "")).removeprefix(root)
        if "space_units" in obj and "count" not in obj:
            designs.append(obj)
        elif "fleet" in obj:
            fleets.append(obj)
    errors = [one_line(m.removeprefix("drydock: ").replace(root, "")) for m in rated.messages]
    others = [e for e in entries if e.kind not in ("design", "fleet", "workbook", "text")]
    return studio.page("library.html.j2", designs=designs, fleets=fleets, others=others, errors=errors,
                       refused=[one_line(r.replace(root, "")) for r in refused], folder=str(studio.folder.root))


async def design_page(request: Request) -> Response:
    studio: Studio = request.app.state.studio
    name = request.query_params.get("path", "")
    rules = request.query_params.get("rules", "")
    text, version = studio.folder.read_text(name)
    entries, _ = studio.folder.entries()
    opponents = [e.name for e in entries if e.kind in ("design", "fleet") and e.name.endswith(TEXT_SUFFIXES)]
    return studio.page("design.html.j2", name=name, text=text, version=version, rules=rules, opponents=opponents,
                       battle=battle_choices(),
                       rules_choices=studio.rules_choices(), editor=jinja2.utils.markupsafe.Markup(
                           studio.editor(text, name, rules)))


async def fleet_page(request: Request) -> Response:
    """A fleet: its roster with each ship's design and CR, the total against its battle size (2.2)."""
    studio: Studio = request.app.state.studio
    name = request.query_params.get("path", "")
    target = studio.folder.path(name, suffixes=TEXT_SUFFIXES + (".xlsx",))
    rated = rate_files((str(target),), None, as_json=True)
    if rated.failed:
        raise DrydockError(one_line(rated.messages[0].removeprefix("drydock: error: ").replace(str(target), name)))
    found = json.loads(rated.text)
    fleets = [r for r in found if "fleet" in r and "space_units" not in r]
    if not fleets:
        raise DrydockError(f"{name}: not a fleet file")
    designs = [r for r in found if "space_units" in r]
    for d in designs:
        d["file"] = name
    return studio.page("fleet.html.j2", name=name, fleet=fleets[0], designs=designs)


async def fleet_pdf(request: Request) -> Response:
    """The fleet's booklet, as ``drydock ssd FLEET`` prints it."""
    studio: Studio = request.app.state.studio
    name = request.query_params.get("path", "")
    target = studio.folder.path(name, suffixes=TEXT_SUFFIXES + (".xlsx",))
    run = print_files((str(target),), None)
    return Response(bytes(run.pdf), media_type="application/pdf",
                    headers={"content-disposition": f'attachment; filename="{Path(name).stem}.pdf"'})


async def campaign_page(request: Request) -> Response:
    """A campaign file as ``drydock campaign show --html`` shows it (the umpire's view: no side named)."""
    studio: Studio = request.app.state.studio
    name = request.query_params.get("path", "")
    target = studio.folder.path(name, suffixes=(".yaml", ".yml"))
    html = campaign_html(read_campaign(target))
    return HTMLResponse(html, headers={"content-security-policy": PREVIEW_CSP})


async def static(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in STATIC:
        return _error(request, 404, f"{name}: no such file")
    media = "text/javascript" if name.endswith(".js") else "text/css"
    return FileResponse(templates_dir() / "studio" / "static" / name, media_type=media)


# ------------------------------------------------------------------ hooks
async def api_rate(request: Request) -> Response:
    """``POST /api/rate``: the body is a design's text; ``?path=NAME`` names its file (default
    ``design.yaml``), ``?rules=`` the ruleset. Answers the JSON ``drydock rate --json NAME`` prints."""
    studio: Studio = request.app.state.studio
    name = request.query_params.get("path", "design.yaml")
    studio.folder.path(name)  # a name inside the folder: its libraries are found beside it
    text = (await request.body()).decode("utf-8", "replace")
    out, errors = rate_json(text, name, studio.folder.root / name,
                            studio.rules_file(request.query_params.get("rules")))
    if errors:
        return JSONResponse({"error": errors[0], "errors": errors}, status_code=422)
    return Response(out, media_type="application/json")


async def api_save(request: Request) -> Response:
    """``POST /api/save`` ``{"path", "text", "version"}``: saved atomically; ``version`` null for a new file."""
    studio: Studio = request.app.state.studio
    body = await _json(request)
    name, text, version = body.get("path"), body.get("text"), body.get("version")
    if not isinstance(text, str) or not (version is None or isinstance(version, str)):
        raise DrydockError("a save names path, text and version (null for a new file)")
    try:
        new_version = studio.folder.save(str(name), text, version=version)
    except StaleFileError as exc:
        return JSONResponse({"error": str(exc), "stale": True}, status_code=409)
    return JSONResponse({"saved": name, "version": new_version})


async def api_new(request: Request) -> Response:
    """``POST /api/new`` ``{"path"}``: a new design from the starter (``drydock new``)."""
    studio: Studio = request.app.state.studio
    body = await _json(request)
    name = str(body.get("path", ""))
    if not name.lower().endswith(TEXT_SUFFIXES):
        name += ".yaml"
    version = studio.folder.save(name, starter_yaml(), version=None)
    return JSONResponse({"path": name, "version": version})


async def api_edit(request: Request) -> Response:
    """``POST /api/edit`` ``{"path", "text", "key", "value"}`` (or ``"action": "add_battery" | "remove_battery"``
    with ``"index"``, or no key: the text as typed): the new text and the editor's HTML."""
    studio: Studio = request.app.state.studio
    body = await _json(request)
    name, text = str(body.get("path", "")), body.get("text")
    rules = body.get("rules") or None
    studio.folder.path(name)
    if not isinstance(text, str):
        raise DrydockError("an edit carries the design's text")
    key, action = body.get("key"), body.get("action")
    if key is not None or action is not None:
        data = editing.load_data(text, name)
        if action == "add_battery":
            data = editing.add_battery(data)
        elif action == "remove_battery":
            index = body.get("index")
            data = editing.remove_battery(data, index if isinstance(index, int) else -1)
        elif isinstance(key, str) and isinstance(body.get("value"), str):
            data = editing.set_field(data, key, body["value"])
        else:
            raise DrydockError("an edit names a field and its value")
        text = editing.dump_data(data)
    return JSONResponse({"text": text, "html": studio.editor(text, name, rules)})


async def api_add(request: Request) -> Response:
    """``POST /api/add?path=NAME``: a file dropped in (its bytes the body), written as a new file."""
    studio: Studio = request.app.state.studio
    name = request.query_params.get("path", "")
    version = studio.folder.add(name, await request.body())
    return JSONResponse({"added": name, "version": version})


async def api_paste(request: Request) -> Response:
    """``POST /api/paste`` ``{"text", "kind"}``: a post read as ``convert`` reads it; the report and the file."""
    body = await _json(request)
    post, kind = body.get("text"), body.get("kind", "auto")
    if not isinstance(post, str) or not isinstance(kind, str):
        raise DrydockError("a paste carries the post's text and its kind (auto, drake, admiralty, nova)")
    pasted = read_post(post, kind)
    return JSONResponse({"kind": pasted.kind, "report": pasted.report, "text": pasted.text, "name": pasted.name,
                         "error": pasted.error})


async def _design_body(request: Request) -> tuple[Studio, str, str, str | None]:
    studio: Studio = request.app.state.studio
    body = await _json(request)
    name, text = str(body.get("path", "")), body.get("text")
    studio.folder.path(name, suffixes=TEXT_SUFFIXES)
    if not isinstance(text, str):
        raise DrydockError("carries the design's text")
    return studio, name, text, studio.rules_file(body.get("rules") or None)


async def api_ssd(request: Request) -> Response:
    """``POST /api/ssd`` ``{"path", "text", "rules"}``: the display sheet PDF ``drydock ssd`` prints."""
    studio, name, text, rules = await _design_body(request)
    pdf = sheet_pdf(studio.folder.root / name, text, rules)
    stem = Path(name).stem
    return Response(pdf, media_type="application/pdf",
                    headers={"content-disposition": f'attachment; filename="{stem}.pdf"'})


async def api_workbook(request: Request) -> Response:
    """``POST /api/workbook`` ``{"path", "text"}``: the live Drydock workbook (``drydock convert -o X.xlsx``)."""
    studio, name, text, rules = await _design_body(request)
    designs = format_for(name, default="yaml").read(text, file=str(studio.folder.root / name))
    data = format_named("xlsx").write(list(designs))
    return Response(data, media_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
                    headers={"content-disposition": f'attachment; filename="{Path(name).stem}.xlsx"'})


async def api_preview(request: Request) -> Response:
    """``POST /api/preview`` ``{"path", "text", "rules"}``: a live sheet preview; answers its address."""
    studio, name, text, rules = await _design_body(request)
    key = studio.previews.make(studio.folder.root / name, text, rules)
    return JSONResponse({"url": f"/ssd-preview/{key}"})


async def preview(request: Request) -> Response:
    studio: Studio = request.app.state.studio
    html = studio.previews.get(request.path_params["key"])
    if html is None:
        return _error(request, 404, "this preview is gone; the page makes a new one")
    return HTMLResponse(html, headers={"content-security-policy": PREVIEW_CSP})


async def ssd_asset(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in ASSETS:
        return _error(request, 404, f"{name}: no such file")
    media = "image/svg+xml" if name.endswith(".svg") else "font/ttf"
    return FileResponse(templates_dir() / name, media_type=media)


async def api_battle(request: Request) -> Response:
    """``POST /api/battle`` ``{"path", "text", "rules", "opponent", "runs", "seed", "turns", "options", "scenario",
    "terrain", "deployment", "doctrine_a", "doctrine_b", "battle_size", "page"}``: a test battle in a worker
    process, its options checked first as ``drydock battle`` checks them; answers its key
    (``/api/battle/KEY/events`` streams it, ``.../cancel`` ends it)."""
    studio, name, text, rules = await _design_body(request)
    body = await _json(request)
    opponent = studio.folder.path(str(body.get("opponent", "")), suffixes=TEXT_SUFFIXES)
    numbers = {}
    for key, default in (("runs", 200), ("seed", 1), ("turns", 20)):
        value = body.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10**9:
            raise DrydockError(f"{key}: a whole number, 0 to 1,000,000,000")
        numbers[key] = value
    battle = studio.battles.start(str(body.get("page", ""))[:64], studio.folder.root / name, text, str(opponent),
                                  runs=numbers["runs"], seed=numbers["seed"], form=body, turns=numbers["turns"],
                                  rules_file=rules)
    return JSONResponse({"battle": battle.key})


async def battle_events(request: Request) -> Response:
    """The battle's events as server-sent events: progress (stage, battles done, time left), then the verdict."""
    studio: Studio = request.app.state.studio
    battle = studio.battles.get(request.path_params["key"])
    if battle is None:
        return _error(request, 404, "no such battle")

    running = battle

    async def stream() -> Any:
        for past in list(running.log):
            yield f"data: {json.dumps(past)}\n\n"
        while not running.ended:
            event = await asyncio.to_thread(lambda: running.poll(0.25))
            if event is None:
                yield ": waiting\n\n"  # a comment: keeps the stream open, notices a closed page
                continue
            if event["type"] == "done" and Path(running.report).exists():
                key = studio.previews.keep(Path(running.report).read_text(encoding="utf-8"))
                event = {**event, "report": f"/ssd-preview/{key}"}
            yield f"data: {json.dumps(event)}\n\n"
        yield "data: {\"type\": \"end\"}\n\n"

    return StreamingResponse(stream(), media_type="text/event-stream")


async def battle_cancel(request: Request) -> Response:
    studio: Studio = request.app.state.studio
    battle = studio.battles.get(request.path_params["key"])
    if battle is None:
        raise DrydockError("no such battle")
    battle.cancel()
    return JSONResponse({"cancelled": True})


# ------------------------------------------------------------------ errors
async def _json(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > JSON_MAX:
        raise DrydockError(f"the request is past the studio's limit of {JSON_MAX:,} bytes")
    try:
        body = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise DrydockError("the request is not JSON") from None
    if not isinstance(body, dict):
        raise DrydockError("the request is not a JSON object")
    return body


def _wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api/")


def _error(request: Request, status: int, message: str) -> Response:
    if _wants_json(request):
        return JSONResponse({"error": message}, status_code=status)
    studio: Studio = request.app.state.studio
    return studio.page("error.html.j2", status=status, message=message)


async def on_drydock_error(request: Request, exc: Exception) -> Response:
    return _error(request, 400, one_line(str(exc)))


async def on_unexpected(request: Request, exc: Exception) -> Response:
    print(f"drydock studio: unexpected error: {type(exc).__name__}: {one_line(str(exc))}", file=sys.stderr)
    return _error(request, 500, "unexpected error (the studio is still running); the message is in its terminal")


async def on_not_found(request: Request, exc: Exception) -> Response:
    return _error(request, 404, f"{request.url.path}: no such page")


def make_app(folder: str | Path, *, token: str | None = None, warm: bool = True) -> Starlette:
    """The studio's ASGI application over ``folder`` (behind :class:`~drydock.studio.security.Guard`)."""
    routes = [
        Route("/", library),
        Route("/design", design_page),
        Route("/fleet", fleet_page),
        Route("/fleet.pdf", fleet_pdf),
        Route("/campaign", campaign_page),
        Route("/static/{name}", static),
        Route("/favicon.ico", lambda request: Response(status_code=204)),
        Route("/api/rate", api_rate, methods=["POST"]),
        Route("/api/save", api_save, methods=["POST"]),
        Route("/api/new", api_new, methods=["POST"]),
        Route("/api/edit", api_edit, methods=["POST"]),
        Route("/api/paste", api_paste, methods=["POST"]),
        Route("/api/add", api_add, methods=["POST"]),
        Route("/api/ssd", api_ssd, methods=["POST"]),
        Route("/api/preview", api_preview, methods=["POST"]),
        Route("/api/workbook", api_workbook, methods=["POST"]),
        Route("/api/battle", api_battle, methods=["POST"]),
        Route("/api/battle/{key}/events", battle_events),
        Route("/api/battle/{key}/cancel", battle_cancel, methods=["POST"]),
        Route("/ssd-preview/{key}", preview),
        Route("/ssd-assets/{name:path}", ssd_asset),
    ]
    app = Starlette(routes=routes, exception_handlers={DrydockError: on_drydock_error, 404: on_not_found,
                                                       Exception: on_unexpected})
    app.state.studio = studio = Studio(Folder(folder), token=token)
    if warm:
        studio.battles.warm()
    return app
