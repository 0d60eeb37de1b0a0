"""Rating files for ``drydock rate``: every design, fleet and Nova record of the inputs, as text or JSON.

The command's work without its options: read every input (folders, fleets, standard input in
any format), apply what-ifs (:mod:`drydock.formats.whatif`), rate under the right rules, and
name the rules used (house rules with their fingerprint and the CR by the book).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from drydock.core.admiralty_card import cr_of_record
from drydock.core.fleet import format_fleet, rate_fleet
from drydock.core.model import Design
from drydock.core.rules import Ruleset
from drydock.core.rules.catalog import rules_identity
from drydock.core.rules.factions import HouseRules
from drydock.core.validation import rate as rate_design
from drydock.errors import DrydockError, error_lines, inline
from drydock.formats import format_for, format_named
from drydock.formats.houserules import load_house_rules
from drydock.formats.inputs import Item, read_inputs
from drydock.formats.whatif import apply_settings
from drydock.limits import check_text
from drydock.render.report import format_rating


class RatedFiles(NamedTuple):
    """What ``drydock rate`` prints and its exit status (a tuple: ``text, messages, failed = rate_files(...)``)."""

    #: the report of every design and fleet (or the JSON list), for standard output
    text: str
    #: warnings and errors, for standard error
    messages: list[str]
    #: any input failed (every other one was still rated)
    failed: bool

    @property
    def exit_status(self) -> int:
        """0, or 1 when an input failed (issue 10: the others were still rated)."""
        return 1 if self.failed else 0


def library_changes(files: tuple[str, ...] | list[str], house: HouseRules, libraries: tuple[str, ...] | list[str],
                    *, explicit_rules: bool = False) -> list[tuple[str, Design, int, int]]:
    """(file, design, CR before, CR after) of every design that ``libraries``' profiles change."""
    before = [i for i in read_inputs(files, house, explicit_rules=explicit_rules) if i.design is not None]
    after = [i for i in read_inputs(files, house, explicit_rules=explicit_rules, libraries=libraries)
             if i.design is not None]
    out = []
    for b, a in zip(before, after, strict=False):
        if a.design is not None and b.design is not None and a.design != b.design:
            out.append((a.name, a.design, rate_design(b.design, b.rules).combat_rating,
                        rate_design(a.design, a.rules).combat_rating))
    return out


def library_report(files: tuple[str, ...] | list[str], house: HouseRules, libraries: tuple[str, ...],
                   *, explicit_rules: bool = False) -> str:
    """Which designs the weapon ``libraries`` change, with their CR before and after."""
    changes = library_changes(files, house, libraries, explicit_rules=explicit_rules)
    lines = [f"Designs changed by {', '.join(libraries)}: {len(changes) or 'none'}"]
    for name, design, before, after in changes:
        lines.append(f"  {name}: {design.title or design.class_name}: CR {before} -> {after}")
    return "\n".join(lines) + "\n"


def rate_files(files: tuple[str, ...], rules_file: str | None, *, as_json: bool = False, source: str | None = None,
               settings: tuple[str, ...] = (), libraries: tuple[str, ...] = ()) -> RatedFiles:
    """The report for every design and fleet in ``files``, lines for stderr, whether any input failed.

    Each design is rated under its rules (``rules_file``, per faction), after the ``settings``
    what-ifs; under house rules its CR by the book comes too. Nova records print their X.2 display.
    """
    house = load_house_rules(rules_file)
    items = read_inputs(files, house, explicit_rules=rules_file is not None, source=source, libraries=libraries)
    rated = _rate_items(items, as_json=as_json, settings=settings)
    if as_json or not libraries:
        return rated
    return rated._replace(text=rated.text + "\n" + library_report(files, load_house_rules(rules_file), libraries,
                                                                 explicit_rules=rules_file is not None))


def rate_text(text: str, name: str, rules_file: str | None = None, *, as_json: bool = False,
              source: str | None = None, path: str | None = None) -> RatedFiles:
    """What ``rate_files`` gives for a file ``name`` holding ``text`` (a design being edited, not yet saved).

    ``path`` is where the text would live (default ``name``): a ``library:`` it names is found beside it.
    The text is checked against :data:`~drydock.limits.TEXT_FILE` before it is read.
    """
    house = load_house_rules(rules_file)

    def items() -> Iterator[Item]:
        label = path or name
        try:
            check_text(text, file=name)
            fmt = format_named(source) if source else format_for(label, default="yaml")
            designs = fmt.read(text, file=label, rules=house.base)
        except DrydockError as exc:
            yield Item(name, None, house.base, error=str(exc).replace(label, name))
            return
        if not designs:
            yield Item(name, None, house.base, warning=f"{name}: no designs in the file (it is empty)")
        for design in designs:
            yield Item(name, design, house.for_design(design), scoped=house.is_scoped(design))

    return _rate_items(items(), as_json=as_json, settings=())


def _rate_items(items: Iterable[Item], *, as_json: bool, settings: tuple[str, ...]) -> RatedFiles:
    results: list = []
    blocks: list[str] = []
    messages: list[str] = []
    failed = False
    for item in items:
        if item.warning is not None:
            messages.append(f"drydock: warning: {item.warning}")
            continue
        if item.error is not None:
            messages += [f"drydock: error: {line}" for line in error_lines(item.error)]
            failed = True
            continue
        if item.design is None:  # the end of a fleet
            assert item.fleet is not None  # an Item without a design is a fleet's end (formats.inputs.Item)
            summary = rate_fleet(item.fleet)
            if as_json:
                results.append(summary.to_dict())
            else:
                blocks.append(format_fleet(summary, item.name) + "\n")
            continue
        design = item.design
        rules = item.rules
        if not isinstance(design, Design):  # a Nova record (X.2)
            # lazy: the legacy readers load for legacy input only
            from drydock.formats.legacy.nova_record import check_record, format_nova_record

            obj = design.model_dump(mode="json")
            problems = check_record(design, rules)  # the record's own sense (X.2), as check reports it
            obj["problems"] = [p.to_dict() for p in problems]
            lines = ["Problems", *(f"  {p.severity.upper():<8}{p.code} {p.message}" for p in problems)] \
                if problems else ["Problems: none"]
            blocks.append(format_nova_record(design) + "Nova record (X.2): played as a Nova ship; its CR is "
                          "the X.2 figure, not rated by Appendix A\n" + "\n".join(inline(x) for x in lines) + "\n")
        else:
            try:  # a bad what-if, or a house-rule formula failing for this design: this item fails
                design = apply_settings(design, list(settings), rules)
                rating = rate_design(design, rules)
                book_cr = None if rules.is_book else rate_design(design, Ruleset.unity()).combat_rating
            except DrydockError as exc:
                messages.append(f"drydock: error: {item.name}: {exc}")
                failed = True
                continue
            record = cr_of_record(design, rating.combat_rating)
            obj = rating.to_dict()
            if record.source != "unity":  # X.1: an Admiralty card is fielded at its stated AE CR
                obj["cr_of_record"] = {"value": record.value, "source": record.source, "unity": record.unity}
            if book_cr is not None:
                obj["combat_rating_book"] = book_cr
            if settings:
                obj["what_if"] = list(settings)
            text = format_rating(rating, item.name, rules=rules, book_cr=book_cr, what_if=settings,
                                 record=record) + "\n"
            if item.entry is not None:
                fleet_name = item.fleet.name if item.fleet is not None else None
                text += f"Ships: {item.entry.count} in fleet {fleet_name or item.name}\n"
            if item.scoped:
                text += f"Rules: {rules.label}\n"
            blocks.append(text)
        obj["file"] = item.name
        obj["rules"] = rules_identity(rules)
        if item.entry is not None:
            obj["count"] = item.entry.count
        results.append(obj)
    if as_json:
        return RatedFiles(json.dumps(results, indent=2) + "\n", messages, failed)
    return RatedFiles("\n".join(blocks), messages, failed)
