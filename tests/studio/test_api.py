"""The studio's hooks a program drives: ``/api/rate`` answers exactly ``drydock rate --json``, ``/api/save``
saves atomically and refuses a stale save, and the defaults for safety hold (host, origin, bounded bodies,
confinement to the folder, CSP, one clean line instead of a traceback)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from drydock.resources import examples_dir
from tests.studio.conftest import Served

EXAMPLES = sorted([f"designs/{p.name}" for p in (examples_dir() / "designs").glob("*.yaml")]
                  + [f"fleets/ships/{p.name}" for p in (examples_dir() / "fleets/ships").glob("*.yaml")])


def call(url: str, body: bytes | None = None, *, headers: dict[str, str] | None = None,
         method: str | None = None) -> tuple[int, bytes, Any]:
    req = urllib.request.Request(url, data=body, headers=headers or {}, method=method)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, r.read(), r.headers
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read(), exc.headers


def post_json(studio: Served, route: str, obj: dict[str, Any], **kw: Any) -> tuple[int, Any]:
    status, raw, _ = call(studio.url + route.lstrip("/"), json.dumps(obj).encode(),
                          headers={"Content-Type": "application/json", **kw.pop("headers", {})}, **kw)
    return status, json.loads(raw)


def rate_json(folder: Path, name: str) -> str:
    out = subprocess.run([sys.executable, "-m", "drydock", "rate", "--json", name], cwd=folder,
                         capture_output=True, text=True, check=True)
    return out.stdout


@pytest.mark.parametrize("name", EXAMPLES)
def test_api_rate_answers_exactly_the_json_of_drydock_rate(studio: Served, name: str) -> None:
    text = (studio.folder / name).read_bytes()
    status, raw, headers = call(f"{studio.url}api/rate?path={name}", text, method="POST")
    assert status == 200 and headers["content-type"].startswith("application/json")
    assert raw.decode() == rate_json(studio.folder, name)


def test_api_rate_of_a_file_that_cannot_be_read_is_one_line(studio: Served) -> None:
    status, raw, _ = call(f"{studio.url}api/rate?path=bad.yaml", b"hull: [", method="POST")
    assert status == 422
    body = json.loads(raw)
    assert body["error"].startswith("error: bad.yaml:") and "not valid YAML" in body["error"]


def test_save_new_then_stale_save_is_refused(studio: Served) -> None:
    text = (studio.folder / "designs/majestic.yaml").read_text().replace("engines: 4", "engines: 5")
    status, body = post_json(studio, "/api/save", {"path": "saved/majestic-5.yaml", "text": text, "version": None})
    assert status == 200, body
    assert (studio.folder / "saved/majestic-5.yaml").read_text() == text
    first = body["version"]
    status, body = post_json(studio, "/api/save", {"path": "saved/majestic-5.yaml", "text": text + "# again\n",
                                                   "version": first})
    assert status == 200
    status, body = post_json(studio, "/api/save", {"path": "saved/majestic-5.yaml", "text": text, "version": first})
    assert status == 409 and body["stale"] is True and "changed on disk" in body["error"]
    assert (studio.folder / "saved/majestic-5.yaml").read_text() == text + "# again\n"
    status, body = post_json(studio, "/api/save", {"path": "saved/majestic-5.yaml", "text": text, "version": None})
    assert status == 400 and "already exists" in body["error"]
    assert not [p for p in (studio.folder / "saved").iterdir() if p.name.startswith(".")]  # no temporary left


@pytest.mark.parametrize("name", ["../outside.yaml", "/etc/passwd.yaml", "a/../../x.yaml", ".hidden.yaml",
                                  "ship.exe", "link-out/x.yaml"])
def test_paths_outside_the_folder_are_refused(studio: Served, name: str) -> None:
    link = studio.folder / "link-out"
    if not link.exists():
        os.symlink(studio.folder.parent, link)
    status, body = post_json(studio, "/api/save", {"path": name, "text": "hull: 1\n", "version": None})
    assert status == 400 and body["error"]
    status, raw, _ = call(f"{studio.url}design?path={name}")
    assert status == 400 and b"Traceback" not in raw
    assert not (studio.folder.parent / "outside.yaml").exists()
    assert not (studio.folder.parent / "x.yaml").exists()


def test_another_origin_cannot_change_anything(studio: Served) -> None:
    status, raw, _ = call(studio.url + "api/save", b'{"path": "evil.yaml", "text": "hull: 1", "version": null}',
                          headers={"Origin": "http://evil.example", "Content-Type": "application/json"})
    assert status == 403
    assert not (studio.folder / "evil.yaml").exists()
    status, raw, _ = call(studio.url + "api/save", b'{"path": "evil.yaml", "text": "hull: 1", "version": null}',
                          headers={"Sec-Fetch-Site": "cross-site", "Content-Type": "application/json"})
    assert status == 403


def test_a_foreign_host_name_is_refused(studio: Served) -> None:  # DNS rebinding
    status, _, _ = call(studio.url, headers={"Host": "attacker.example:80"})
    assert status == 403


def test_bodies_are_bounded(studio: Served) -> None:
    status, raw, _ = call(studio.url + "api/rate", b"x", headers={"Content-Length": str(10**9)}, method="POST")
    assert status == 413


def test_pages_carry_a_policy_with_no_inline_script(studio: Served) -> None:
    status, raw, headers = call(studio.url)
    assert status == 200
    csp = headers["content-security-policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert b"<script>" not in raw and b"onclick" not in raw.lower()


def test_a_name_with_markup_is_shown_as_text(studio: Served) -> None:
    text = "class: <script>alert(1)</script>\nhull: 4\n"
    post_json(studio, "/api/save", {"path": "markup.yaml", "text": text, "version": None})
    status, raw, _ = call(studio.url + "design?path=markup.yaml")
    assert status == 200 and b"<script>alert" not in raw and b"&lt;script&gt;alert(1)" in raw


def test_unknown_pages_and_bad_requests_are_one_clean_message(studio: Served) -> None:
    status, raw, _ = call(studio.url + "nowhere")
    assert status == 404 and b"Traceback" not in raw
    status, raw, _ = call(studio.url + "api/save", b"not json", headers={"Content-Type": "application/json"})
    assert status == 400 and json.loads(raw) == {"error": "the request is not JSON"}


def test_a_fleet_page_has_the_roster_and_the_totals_of_rate(studio: Served) -> None:
    status, raw, _ = call(studio.url + "fleet?path=fleets/home-guard.yaml")
    assert status == 200
    fleet = [r for r in json.loads(rate_json(studio.folder, "fleets/home-guard.yaml")) if "fleet" in r][0]
    page = raw.decode()
    assert f'<dd data-figure="cr">{fleet["total_cr"]}</dd>' in page
    assert all(f"<td>{s['name']}</td>" in page for s in fleet["ships"])
    status, pdf, headers = call(studio.url + "fleet.pdf?path=fleets/home-guard.yaml")
    assert status == 200 and pdf.startswith(b"%PDF-") and headers["content-type"] == "application/pdf"


def test_a_campaign_is_shown_as_campaign_show_html_shows_it(studio: Served, tmp_path: Path) -> None:
    # a campaign's fleets live inside its folder (issue 42: campaign new refuses files outside it)
    shutil.copytree(examples_dir(), studio.folder / "ex", dirs_exist_ok=True)
    subprocess.run([sys.executable, "-m", "drydock", "campaign", "new", "rim-war.yaml", "--side", "A",
                    "ex/campaign/rim-guard.yaml", "--side", "B", "ex/campaign/shade-clans.yaml"],
                   cwd=studio.folder, capture_output=True, text=True, check=True)
    subprocess.run([sys.executable, "-m", "drydock", "campaign", "show", "rim-war.yaml", "--html",
                    str(tmp_path / "page.html")], cwd=studio.folder, capture_output=True, text=True, check=True)
    status, raw, headers = call(studio.url + "campaign?path=rim-war.yaml")
    assert status == 200 and raw.decode() == (tmp_path / "page.html").read_text()
    assert "script-src 'none'" in headers["content-security-policy"]
    status, raw, _ = call(studio.url)
    assert b'href="/campaign?path=rim-war.yaml"' in raw
