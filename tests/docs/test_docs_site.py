"""The manual in docs/ builds as a MkDocs site with warnings as errors (broken links, missing anchors, pages
the navigation cannot place), and every page is in the navigation (issue 20). The built site browses from disk:
every link opens a page file, never a folder (issue 34). Every relative link of the README and of every page,
with its #anchor, resolves (README section anchors included: MkDocs does not see the README)."""

from __future__ import annotations

import html.parser
import re
import subprocess
import sys
import unicodedata
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from tests.helpers import ROOT

PAGES = sorted((ROOT / "docs").glob("*.md"))
_LINK = re.compile(r"(?<!!)\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_FENCE = re.compile(r"^\s*(```|~~~)")


def _prose(text: str) -> str:
    """The text with fenced code blocks and inline code blanked out (links there are not links)."""
    out, fenced = [], False
    for line in text.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
            out.append("")
            continue
        out.append("" if fenced else re.sub(r"`[^`]*`", "``", line))
    return "\n".join(out)


def links(text: str) -> list[str]:
    """Every link target of a Markdown text, outside code."""
    return [m.group(1) for m in _LINK.finditer(_prose(text))]


def _heading_text(line: str) -> str:
    text = line.lstrip("#").strip()
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link: its text
    return text.replace("`", "").replace("**", "").replace("*", "")


def mkdocs_slug(text: str) -> str:
    """Python-Markdown's toc slugify, as MkDocs names a heading's anchor."""
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def github_slug(text: str) -> str:
    """GitHub's anchor for a README heading: lower case, punctuation but hyphens dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """The #anchors of a Markdown file's headings: GitHub's for the README, MkDocs' for the manual."""
    slug = github_slug if path.parent == ROOT else mkdocs_slug
    found: set[str] = set()
    for line in _prose(path.read_text(encoding="utf-8")).splitlines():
        if re.match(r"#{1,6} ", line):
            base = slug(_heading_text(line))
            name, n = base, 0
            while name in found:  # a repeated heading: GitHub adds -1, -2; MkDocs _1, _2
                n += 1
                name = f"{base}-{n}" if slug is github_slug else f"{base}_{n}"
            found.add(name)
    return found


def test_slugs_and_links_are_read_as_the_renderers_do():
    assert mkdocs_slug("Admiralty Edition (X.1)") == "admiralty-edition-x1"
    assert github_slug("A short tour") == "a-short-tour"
    assert github_slug("Printing: SSDs (X.1)") == "printing-ssds-x1"
    text = "[a](x.md#b) `[c](d.md)` ![img](i.png) [e [f]](g.md \"t\")\n```sh\n[h](i.md)\n```\n"
    assert links(text) == ["x.md#b", "g.md"]


@pytest.mark.parametrize("doc", [ROOT / "README.md", *PAGES], ids=lambda p: p.name)
def test_every_relative_link_and_anchor_resolves(doc):
    broken = []
    for target in links(doc.read_text(encoding="utf-8")):
        parts = urlsplit(target)
        if parts.scheme or target.startswith("//"):
            continue  # an address on the web: not checked here
        path = (doc.parent / unquote(parts.path)).resolve() if parts.path else doc
        if not path.exists():
            broken.append(f"{target}: no such file")
            continue
        if parts.fragment and path.suffix == ".md" and parts.fragment not in anchors(path):
            broken.append(f"{target}: {path.name} has no section #{parts.fragment}")
    assert not broken, f"{doc.name}: " + "; ".join(broken)


def test_the_docs_refer_to_readme_sections_only_by_link():
    """A page that names "the README's ... section" points at something no test can check (two did, issue 34)."""
    for page in PAGES:
        text = _prose(page.read_text(encoding="utf-8"))
        assert not re.search(r"README's [\w -]+ (section|table)", text), page.name


class _Hrefs(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.fetched_from_web: list[str] = []  # scripts, stylesheets and images a browser would download

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("href", "src") and value:
                self.hrefs.append(value)
                if tag in ("script", "link", "img") and value.startswith(("http:", "https:", "//")):
                    self.fetched_from_web.append(value)


def _build(site: Path) -> None:
    pytest.importorskip("mkdocs", reason="mkdocs is in the test extra: pip install -e '.[test]'")
    res = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-3000:]


def test_the_site_builds_strictly_with_every_page_in_the_navigation(tmp_path):
    site = tmp_path / "site"
    _build(site)
    index = (site / "index.html").read_text(encoding="utf-8")
    for page in PAGES:
        if page.name != "index.md":
            assert (site / f"{page.stem}.html").is_file(), page.name
            assert f'href="{page.stem}.html"' in index, f"{page.name} is not in the navigation"
    assert (site / "img" / "battle-outcome.svg").is_file()
    # browsable from disk: every local link of every page opens a file (a folder would open a listing)
    folders, web = [], []
    for page in sorted(site.rglob("*.html")):
        if page.name == "404.html":  # a web server's error page: its links are absolute on purpose
            continue
        parser = _Hrefs()
        parser.feed(page.read_text(encoding="utf-8"))
        web += [f"{page.relative_to(site)}: {url}" for url in parser.fetched_from_web]
        for href in parser.hrefs:
            parts = urlsplit(href)
            if parts.scheme or href.startswith(("//", "#")) or not parts.path:
                continue
            target = (page.parent / unquote(parts.path)).resolve()
            if not target.is_file():
                folders.append(f"{page.relative_to(site)}: {href}")
    assert not folders, "links that do not open a file from disk: " + "; ".join(folders[:20])
    assert not web, "pages that need the network to display: " + "; ".join(web[:20])
