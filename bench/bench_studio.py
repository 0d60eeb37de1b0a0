"""The studio's speed and memory (issue 44), measured against a studio started as a player starts it.

    python bench/bench_studio.py [--requests N] [--clients C] [--edits E] [--battles B]

1. ``POST /api/rate`` latency, one client (aim: p95 <= 50 ms), against the same rating done in this process
   (``drydock.rate_text``: the work itself), ``drydock rate --json`` as a command (a new process), and the round
   trip of a bare HTTP server (``python -m http.server``, a new connection each time) on the same machine: the
   floor the machine's load puts under any answer;
2. the same with ``--clients`` clients at once (aim: p95 <= 150 ms with 20);
3. a design page's load time: the page's HTML from the server, and the page loaded in the system's Chromium
   until its load event (aim: <= 300 ms);
4. the server's memory (resident set) over ``--edits`` field edits (``POST /api/edit``; aim: flat);
5. the time from "Test battle" to the battle's first progress event with its stage and battles (aim: <= 1.5 s).

Prints figures; asserts nothing. The machine has 2 cores, often shared: say so when quoting them.
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from drydock import rate_text  # noqa: E402

DESIGN = "designs/majestic.yaml"


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def line(label: str, ms: list[float], aim: str = "") -> None:
    print(f"  {label:<44} p50 {statistics.median(ms):7.1f} ms   p95 {pct(ms, 95):7.1f} ms   "
          f"max {max(ms):7.1f} ms   ({len(ms)}){'   aim ' + aim if aim else ''}")


class Client:
    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self.host, self.port = parts.hostname, parts.port
        self.conn = http.client.HTTPConnection(self.host, self.port, timeout=60)

    def request(self, method: str, path: str, body: bytes | None = None,
                content_type: str = "application/json") -> tuple[int, bytes]:
        for attempt in (1, 2):
            try:
                self.conn.request(method, path, body=body, headers={"Content-Type": content_type} if body else {})
                r = self.conn.getresponse()
                return r.status, r.read()
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                if attempt == 2:
                    raise
                self.conn.close()  # the server closed an idle connection (keep-alive timeout): a new one
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
        raise AssertionError("unreachable")


def timed(fn) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def rss_kb(pid: int) -> int:
    for row in Path(f"/proc/{pid}/status").read_text().splitlines():
        if row.startswith("VmRSS:"):
            return int(row.split()[1])
    return 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--requests", type=int, default=300)
    ap.add_argument("--clients", type=int, default=20)
    ap.add_argument("--edits", type=int, default=10_000)
    ap.add_argument("--battles", type=int, default=5)
    args = ap.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="bench-studio-"))
    for part in ("designs", "fleets", "weapons"):
        shutil.copytree(ROOT / "examples" / part, folder / part)
    proc = subprocess.Popen([sys.executable, "-m", "drydock", "studio", str(folder), "--no-browser"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    assert proc.stdout is not None
    url = re.search(r"http://\S+", proc.stdout.readline()).group(0)  # type: ignore[union-attr]
    text = (folder / DESIGN).read_text()
    body = text.encode()
    try:
        c = Client(url)
        print(f"drydock studio at {url} over {folder}")
        print("1. POST /api/rate, one client")
        for _ in range(20):  # warm up
            c.request("POST", f"/api/rate?path={DESIGN}", body, "application/yaml")
        ms = [timed(lambda: c.request("POST", f"/api/rate?path={DESIGN}", body, "application/yaml"))
              for _ in range(args.requests)]
        line("/api/rate", ms, "p95 <= 50 ms")
        inproc = [timed(lambda: rate_text(text, DESIGN, None, as_json=True, path=str(folder / DESIGN)))
                  for _ in range(args.requests)]
        line("the same rating in this process (rate_text)", inproc)
        cli = [timed(lambda: subprocess.run([sys.executable, "-m", "drydock", "rate", "--json", DESIGN], cwd=folder,
                                            capture_output=True, check=True)) for _ in range(5)]
        line("drydock rate --json (a new process)", cli)
        (folder / "ping.txt").write_text("pong\n")
        bare = subprocess.Popen([sys.executable, "-u", "-m", "http.server", "--bind", "127.0.0.1", "0"], cwd=folder,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            assert bare.stdout is not None
            port = re.search(r"port (\d+)", bare.stdout.readline()).group(1)  # type: ignore[union-attr]
            ref = Client(f"http://127.0.0.1:{port}/")
            ping = [timed(lambda: ref.request("GET", "/ping.txt")) for _ in range(100)]
        finally:
            bare.terminate()
        line("reference: a bare HTTP server's round trip", ping)
        print(f"  the server adds {statistics.median(ms) - statistics.median(inproc):.1f} ms (p50) to the rating; "
              f"{statistics.median(cli) / statistics.median(ms):.0f}x faster than the command")

        print(f"2. POST /api/rate, {args.clients} clients at once")
        results: list[float] = []
        lock = threading.Lock()

        def client() -> None:
            own = Client(url)
            mine = [timed(lambda: own.request("POST", f"/api/rate?path={DESIGN}", body, "application/yaml"))
                    for _ in range(max(1, args.requests // args.clients))]
            with lock:
                results.extend(mine)

        threads = [threading.Thread(target=client) for _ in range(args.clients)]
        start = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.perf_counter() - start
        line(f"/api/rate, {args.clients} clients", results, "p95 <= 150 ms")
        print(f"  {len(results) / wall:.0f} ratings a second in all")

        print("3. a design page's load")
        ms = [timed(lambda: c.request("GET", f"/design?path={DESIGN}")) for _ in range(50)]
        line("GET /design (the HTML)", ms, "<= 300 ms")
        try:
            from playwright.sync_api import sync_playwright

            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium")
                page = browser.new_page()
                page.goto(f"{url}design?path={DESIGN}")
                loads = []
                for _ in range(20):
                    loads.append(timed(lambda: page.goto(f"{url}design?path={DESIGN}", wait_until="load")))
                line("the page in Chromium, to its load event", loads, "<= 300 ms")
                browser.close()
        except Exception as exc:  # no Playwright or no browser: the HTML figure stands alone
            print(f"  (no browser figure: {type(exc).__name__}: {exc})")

        print(f"4. the server's memory over {args.edits:,} edits")
        before = rss_kb(proc.pid)
        marks = {0: before}
        step = max(1, args.edits // 5)
        start = time.perf_counter()
        for i in range(1, args.edits + 1):
            edit = json.dumps({"path": DESIGN, "text": text, "key": "engines", "value": str(3 + i % 3)}).encode()
            status, _ = c.request("POST", "/api/edit", edit)
            assert status == 200
            if i % step == 0:
                marks[i] = rss_kb(proc.pid)
        took = time.perf_counter() - start
        print("  " + "   ".join(f"after {n:,}: {kb / 1024:.1f} MB" for n, kb in marks.items()))
        print(f"  growth after the first {step:,}: {(marks[max(marks)] - marks[step]) / 1024:+.1f} MB; "
              f"{args.edits / took:.0f} edits a second")

        print("5. time to a battle's first progress")
        firsts, stages = [], []
        for n in range(args.battles):
            start = time.perf_counter()
            status, raw = c.request("POST", "/api/battle", json.dumps(
                {"path": DESIGN, "text": text, "opponent": "designs/vigilant-cruiser.yaml", "runs": 100,
                 "page": f"bench-{n}"}).encode())
            key = json.loads(raw)["battle"]
            stream = Client(url)
            stream.conn.request("GET", f"/api/battle/{key}/events")
            r = stream.conn.getresponse()
            first = None
            while True:
                row = r.fp.readline().decode()
                if row.startswith("data:"):
                    event = json.loads(row[5:])
                    now = (time.perf_counter() - start) * 1000
                    if first is None:
                        first = now
                    if event["type"] == "progress" and event["total"]:
                        stages.append(now)
                        break
            firsts.append(first or 0.0)
            Client(url).request("POST", f"/api/battle/{key}/cancel", b"{}")
            stream.conn.close()
        line("the first event (the worker reading the sides)", firsts)
        line("the first named stage with its battles", stages, "<= 1500 ms")
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
