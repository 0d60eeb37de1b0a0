"""Benchmark: convert a folder of 1,000 generated Admiralty Edition designs to Drake; print designs per second.

Aim (issue 5): the whole folder in under 5 s. Run from the project root:

    python bench/bench_convert.py [COUNT]
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from drydock.convert import batch  # noqa: E402
from tests.legacy_generator import generate_folder  # noqa: E402


def main(count: int = 1000) -> None:
    to = "drake"
    with tempfile.TemporaryDirectory() as tmp:
        src, out = Path(tmp) / "ae", Path(tmp) / "out"
        generate_folder(src, count, seed=2026)
        t0 = time.perf_counter()
        files, _ = batch.plan([src])
        results = []
        t_convert = 0.0
        for path, stem in files:
            c0 = time.perf_counter()
            res = batch.convert_file(path, "admiralty", stem=stem)
            t_convert += time.perf_counter() - c0
            batch.write_result(res, out, to, source="admiralty")
            results.append(res)
        batch.write_report(results, out / "report.md", source="admiralty")
        total = time.perf_counter() - t0
    designs = sum(len(r.designs) for r in results)
    failed = sum(1 for r in results if r.failed)
    print(f"{designs} AE designs -> {to}: {total:.2f} s total ({designs / total:.0f} designs/s), "
          f"of which read+convert+re-rate {t_convert:.2f} s ({designs / t_convert:.0f} designs/s); "
          f"{failed} failed; aim: < 5 s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
