"""How many real forum posts convert (issue 34): the Admiralty Edition corpus in ``tests/fixtures/posts/``.

    python bench/bench_posts.py [FOLDER ...]

Converts every post of the corpus (or the folders given) as ``drydock convert --from admiralty`` does and
prints, per design, its status (ok, partial = converted with parts named as unreadable, failed), its AE and
Unity CR and what was not read, then the totals: designs by status, and how many posts, distinct
designs (by name: one design posted several times counts once) and posters (each fixture's
``# Poster:`` line) they come from. The figure before the readers learnt the players' idioms is
printed beside it as it was measured (the same corpus, the converter of the commit that added it).
``tests/formats/test_legacy_posts.py`` asserts the figure as a floor.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from drydock.convert import batch  # noqa: E402

CORPUS = ROOT / "tests" / "fixtures" / "posts" / "ae"
#: Measured with ``drydock convert --from admiralty tests/fixtures/posts/ae`` at the commit that added the
#: corpus, before the reader changes of issue 34.
BEFORE = {"designs": 9, "ok": 3, "partial": 1, "failed": 5}


def poster(path: Path) -> str:
    """The poster a fixture names on its ``# Poster:`` header line (``-`` when it names none)."""
    for line in path.read_text(encoding="utf-8").splitlines()[:5]:
        if line.startswith("# Poster:"):
            return re.split(r"[,(.]", line[len("# Poster:"):], maxsplit=1)[0].strip()
    return "-"


def main(folders: list[str]) -> None:
    files, missing = batch.plan(folders or [CORPUS])
    counts = {"ok": 0, "partial": 0, "failed": 0}
    titles: set[str] = set()
    posters: set[str] = set()
    for path, stem in files:
        res = batch.convert_file(path, "admiralty", stem=stem)
        posters.add(poster(Path(path)))
        for rep in res.reports:
            counts[rep.status] += 1
            titles.add(rep.title or stem)
            title = (rep.title or "-")[:48]
            print(f"{stem:30} {title:48} {rep.status:8} AE CR {rep.stated_cr!s:>5}  Unity CR {rep.unity_cr!s:>5}")
            for text in rep.unreadable:
                print(f"{'':30}   not read: {text[:110]}")
            if rep.error:
                print(f"{'':30}   error: {rep.error[:110]}")
    for res in missing:
        print(res.error)
    total = sum(counts.values())
    print(f"\nafter:  {total} designs: {counts['ok']} ok, {counts['partial']} partial, {counts['failed']} failed")
    print(f"        {len(files)} posts, {len(titles)} distinct designs (by name), {len(posters)} posters: "
          f"{', '.join(sorted(posters))}")
    if not folders:
        print(f"before: {BEFORE['designs']} designs: {BEFORE['ok']} ok, {BEFORE['partial']} partial, "
              f"{BEFORE['failed']} failed (the same corpus, before the reader changes)")


if __name__ == "__main__":
    main(sys.argv[1:])
