""""Paste a post": a forum post's text read as ``convert`` reads it (Drake notation, A.6; an Admiralty Edition
card, X.1; a Nova display, X.2), with its conversion report, and the converted file's text to save on request.

The kind is recognised as ``rate`` recognises a legacy post (:func:`drydock.formats.legacy_sniff.legacy_kind`);
Admiralty and Nova text go through :func:`drydock.convert.batch.convert_text`, exactly the ``convert --from``
path; anything else is read as Drake notation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from drydock import DrydockError
from drydock.formats import format_named
from drydock.formats.native import to_yaml
from drydock.limits import LEGACY_FILE, check_text

KINDS = ("auto", "drake", "admiralty", "nova")
PASTED = "<pasted>"


@dataclass
class Pasted:
    """A pasted post read: its kind, the report lines, the file text to save and a name for it."""

    kind: str
    report: list[str] = field(default_factory=list)
    text: str = ""
    name: str = "pasted.yaml"
    error: str | None = None


def read_post(post: str, kind: str = "auto") -> Pasted:
    """The post ``post`` read as ``kind`` (``auto``: as ``rate`` tells a legacy post from Drake notation)."""
    # lazy: the legacy readers load for legacy input only
    from drydock.formats.legacy_sniff import legacy_kind

    if kind not in KINDS:
        raise DrydockError(f"unknown kind of post {kind!r} (known: {', '.join(KINDS)})")
    check_text(post, file=PASTED, size_limit=LEGACY_FILE)
    if kind == "auto":
        kind = legacy_kind(post) or "drake"
    if kind == "drake":
        return _drake(post)
    return _legacy(post, kind)


def _drake(post: str) -> Pasted:
    out = Pasted("drake")
    try:
        designs = format_named("drake").read(post, file=PASTED)
    except DrydockError as exc:
        out.error = str(exc)
        return out
    if not designs:
        out.error = f"{PASTED}: no design in the post"
        return out
    out.text = to_yaml(list(designs))
    out.name = _name(designs[0].class_name)
    out.report = [f"read {len(designs)} design(s) from Drake notation (A.6): "
                  + ", ".join(d.title or d.class_name for d in designs)]
    return out


def _legacy(post: str, kind: str) -> Pasted:
    # lazy: the legacy readers load for legacy input only
    from drydock.convert.batch import convert_text
    from drydock.formats.legacy import nova_record

    result = convert_text(post, kind, file=PASTED)
    out = Pasted(kind)
    for r in result.reports:
        out.report.append(f"{r.title or r.source}: {r.status}"
                          + (f" (stated CR {r.stated_cr}, Unity CR {r.unity_cr})" if r.stated_cr is not None else ""))
        for label, lines in (("mapped", r.mapped), ("no Unity equivalent", r.legacy), ("unreadable", r.unreadable),
                             ("reading", r.readings), ("problem", r.problems)):
            out.report += [f"  {label}: {line}" for line in lines]
        if r.error:
            out.report.append(f"  error: {r.error}")
    if result.error is not None and not result.designs:
        out.error = result.error
        return out
    if kind == "nova":
        out.text = nova_record.to_yaml(result.designs)
    else:
        out.text = to_yaml(result.designs)
    first = result.designs[0]
    out.name = _name(getattr(first, "class_name", "") or getattr(first, "name", "") or "pasted")
    return out


def _name(title: str) -> str:
    stem = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:60] or "pasted"
    return f"{stem}.yaml"
