"""How many real forum posts convert (issue 34): the Admiralty Edition and Nova corpus in ``tests/fixtures/posts/``.

    python bench/bench_posts.py [FOLDER ...]

Converts every post of the corpus (or the folders given; a folder named ``nova`` is read as Nova) as
``drydock convert --from admiralty`` (``--from nova`` for ``posts/nova``) does and prints, per design, its
status (ok, partial = converted with parts named as unreadable, failed), its stated and Unity CR and what was
not read, then the totals: designs by status, and how many posts, distinct designs (by name: one design
posted several times counts once) and posters (each fixture's ``# Poster:`` line) they come from. The figure
before the readers learnt the players' idioms is printed beside it as it was measured (the same posts, the
converter before the reader changes). ``tests/formats/test_legacy_posts.py`` asserts the figures. Real posts in the
older Starmada X notation (``tests/fixtures/posts/sx/``) are counted apart: Appendix X does not cover them,
and each is refused with its line.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from drydock.convert import batch  # noqa: E402

CORPUS = ROOT / "tests" / "fixtures" / "posts" / "ae"
#: Real posts in the Starmada X-era notation, which Appendix X does not cover: refused, the line named.
OUTSIDE = ROOT / "tests" / "fixtures" / "posts" / "sx"
#: Measured with ``drydock convert --from admiralty tests/fixtures/posts/ae`` at the commit that added the
#: corpus (acfb3e3), before the reader changes of issue 34: its 9 designs gave 3 ok, 1 partial, 5 failed; the two
#: posts added later (the Imperial Atlantic and the Mercury, pid 21548 and 22338) were run through the same commit
#: and both failed ("no Admiralty design found").
BEFORE = {"designs": 11, "ok": 3, "partial": 1, "failed": 7}
NOVA = ROOT / "tests" / "fixtures" / "posts" / "nova"
#: The Nova posts with the Nova reader before it learnt the forum notation (this branch's parent commit): the one post
#: (3 designs) failed as a whole, "no Nova display found" (the CR-first class line was not a class line).
NOVA_BEFORE = {"designs": 3, "ok": 0, "partial": 0, "failed": 3}


def poster(path: Path) -> str:
    """The poster a fixture names on its ``# Poster:`` header line (``-`` when it names none, or says "unnamed")."""
    for line in path.read_text(encoding="utf-8").splitlines()[:5]:
        if line.startswith("# Poster:"):
            name = re.split(r"[,(.]", line[len("# Poster:"):], maxsplit=1)[0].strip()
            return "-" if name.lower().startswith("unnamed") else name
    return "-"


def main(folders: list[str]) -> None:
    if folders:
        for folder in folders:
            report([folder], "nova" if Path(folder).name == "nova" else "admiralty", None)
        return
    report([CORPUS], "admiralty", BEFORE)
    print()
    report([NOVA], "nova", NOVA_BEFORE)
    outside(sorted(OUTSIDE.glob("*.txt")))


def report(folders: list[str | Path], kind: str, before: dict[str, int] | None) -> None:
    """Convert every post of ``folders`` as ``kind`` and print each design and the totals (``before`` beside them)."""
    files, missing = batch.plan(folders)
    counts = {"ok": 0, "partial": 0, "failed": 0}
    titles: set[str] = set()
    posters: set[str] = set()
    for path, stem in files:
        res = batch.convert_file(path, kind, stem=stem)
        posters.add(poster(Path(path)))
        for rep in res.reports:
            counts[rep.status] += 1
            titles.add(rep.title or stem)
            title = (rep.title or "-")[:48]
            label = "AE CR" if kind == "admiralty" else "Nova CR"
            print(f"{stem:30} {title:48} {rep.status:8} {label} {rep.stated_cr!s:>5}  Unity CR {rep.unity_cr!s:>5}")
            for text in rep.unreadable:
                print(f"{'':30}   not read: {text[:110]}")
            if rep.error:
                print(f"{'':30}   error: {rep.error[:110]}")
    for res in missing:
        print(res.error)
    total = sum(counts.values())
    print(f"\n{kind} after:  {total} designs: {counts['ok']} ok, {counts['partial']} partial, "
          f"{counts['failed']} failed")
    named = sorted(posters - {"-"})
    unnamed = sum(1 for path, _ in files if poster(Path(path)) == "-")
    tail = f"; {unnamed} post(s) whose poster the stored copy does not name" if unnamed else ""
    print(f"{'':{len(kind) + 8}}{len(files)} posts, {len(titles)} distinct designs (by name), {len(named)} posters: "
          f"{', '.join(named)}{tail}")
    if before is not None:
        print(f"{kind} before: {before['designs']} designs: {before['ok']} ok, {before['partial']} partial, "
              f"{before['failed']} failed (the same posts, before the reader changes)")


def outside(paths: list[Path]) -> None:
    """The Starmada X-era posts: not in the figure (Appendix X covers AE and Nova only); each refusal names a line."""
    named = 0
    for path in paths:
        res = batch.convert_file(path, "admiralty", stem=path.stem)
        named += sum(1 for rep in res.reports if rep.status == "failed" and re.search(r":\d+:\d+: ", rep.error or ""))
    print(f"outside Appendix X: {len(paths)} Starmada X-era post(s), {named} refused with the line named "
          f"(tests/fixtures/posts/sx)")


if __name__ == "__main__":
    main(sys.argv[1:])
