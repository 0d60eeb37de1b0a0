"""YAML and JSON text read safely: within drydock's limits, every error a DrydockError naming the line.

Before PyYAML builds a value: the size and line lengths (:func:`drydock.limits.check_text`), the
nesting depth (from the event stream), recursive aliases and alias bombs (values after expansion),
numbers past :data:`~drydock.limits.DIGITS` digits, and values PyYAML cannot build (``2001-13-45``).
JSON: the same limits, and no lone UTF-16 surrogate. Used by every YAML/JSON reader (designs, fleets,
weapon libraries, house rules, Nova records); :func:`key_positions` gives each key's line and column.
"""

from __future__ import annotations

import json
import re
from typing import Any

import yaml

from drydock import limits
from drydock.errors import DesignFileError, DrydockError, DrydockSyntaxError, yaml_hint


def load_yaml(text: str, *, file: str | None = None) -> list[Any]:
    """The data of every document in a YAML text, within drydock's limits (size, depth, aliases, digits)."""
    return [data for _node, data in yaml_documents(text, file)]


def yaml_documents(text: str, file: str | None) -> list[tuple[Any, Any]]:
    """(node, data) for every non-empty YAML document, after every limit check."""
    _check_input(text, file)
    limits.check_text(text, file=file, size_limit=limits.YAML_FILE)
    try:
        _check_depth(text, file)
        nodes = list(yaml.compose_all(text, Loader=_loader()))
    except yaml.YAMLError as exc:
        raise _yaml_error(exc, text, file) from None
    out = []
    for node in nodes:
        if node is None:
            continue
        _check_expansion(node, file)
        try:
            out.append((node, _construct(node)))
        except yaml.YAMLError as exc:
            raise _yaml_error(exc, text, file) from None
        except DrydockSyntaxError as exc:
            raise (exc.with_file(file) if file else exc) from None
    return out


def load_json(text: str, *, file: str | None = None) -> Any:
    """The data of a JSON text, within drydock's limits (size, depth, digits)."""
    _check_input(text, file)
    limits.check_text(text, file=file, line_limit=None)
    try:
        data = json.loads(text, parse_int=lambda s: limits.to_int(s, file=file),
                          parse_float=lambda s: float(limits.check_digits(s, file=file)),
                          object_pairs_hook=lambda pairs: _unique_keys(pairs, file))
    except json.JSONDecodeError as exc:
        raise DesignFileError(f"not valid JSON: {exc.msg}", file=file, line=exc.lineno, column=exc.colno,
                              text=_source_line(text, exc.lineno - 1)) from None
    except RecursionError:
        raise limits.LimitError("the JSON nesting", limits.DEPTH, file=file) from None
    _check_json_depth(data, file)
    _check_json_surrogates(data, text, file)
    return data


def _unique_keys(pairs: list[tuple[str, Any]], file: str | None) -> dict[str, Any]:
    """A JSON object, refusing a key written twice in it (JSON keeps the last silently)."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise DesignFileError(f"the key {key[:40]!r} is written twice in one object; JSON would keep only the "
                                  "last", file=file)
        out[key] = value
    return out


_SURROGATE = re.compile("[\ud800-\udfff]")
_LONE_ESCAPE = re.compile(r"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})"
                          r"|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}")


def _check_json_surrogates(data: Any, text: str, file: str | None) -> None:
    """Refuse a string holding half of a UTF-16 pair (``"\\ud800"`` alone): JSON escapes allow it, UTF-8 cannot
    write it, so it would fail every output instead of this input."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                m = _LONE_ESCAPE.search(text)
                line = text.count("\n", 0, m.start()) + 1 if m else None
                raise DesignFileError("not valid JSON: a \\u escape of half a UTF-16 surrogate pair, which is no "
                                      "character", file=file, line=line, text=m.group(0) if m else None)
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


# ------------------------------------------------------------------ limits on YAML and JSON input


def _check_input(text: Any, file: str | None) -> None:
    if not isinstance(text, str):
        raise TypeError(f"expected the file's text as str, got {type(text).__name__}")


def _yaml_error(exc: Any, text: str, file: str | None) -> DesignFileError:
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    return DesignFileError(f"not valid YAML: {yaml_hint(problem)}", file=file, line=mark.line + 1 if mark else None,
                           column=mark.column + 1 if mark else None,
                           text=_source_line(text, mark.line) if mark else None)


def _check_depth(text: str, file: str | None) -> None:
    """Refuse nesting deeper than :data:`~drydock.limits.DEPTH` from the event stream (no recursion)."""
    depth = 0
    for event in yaml.parse(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > limits.DEPTH.value:
                where = f"line {event.start_mark.line + 1}: " if event.start_mark is not None else ""
                raise limits.LimitError(f"{where}the nesting", limits.DEPTH, file=file)
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def _check_expansion(root: Any, file: str | None) -> None:
    """Refuse recursive aliases, and alias bombs: values after expansion past :data:`~drydock.limits.YAML_NODES`."""
    sizes: dict[int, int] = {}
    on_path: set[int] = set()

    def size(node: Any, depth: int) -> int:
        if depth > limits.DEPTH.value:
            raise limits.LimitError(f"line {node.start_mark.line + 1}: the nesting (aliases expanded)",
                                    limits.DEPTH, file=file)
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in on_path:
            raise DesignFileError("an alias refers to a value that contains it (recursive YAML)", file=file,
                                  line=node.start_mark.line + 1, column=node.start_mark.column + 1)
        on_path.add(key)
        total = 1
        if isinstance(node, yaml.SequenceNode):
            children = node.value
        elif isinstance(node, yaml.MappingNode):
            children = [x for pair in node.value for x in pair]
        else:
            children = []
        for child in children:
            total += size(child, depth + 1)
            if total > limits.YAML_NODES.value:
                raise limits.LimitError("the values in this YAML document (aliases expanded)", limits.YAML_NODES,
                                        file=file)
        on_path.discard(key)
        sizes[key] = total
        return total

    size(root, 0)


def _check_json_depth(data: Any, file: str | None) -> None:
    stack = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            if depth > limits.DEPTH.value:
                raise limits.LimitError("the JSON nesting", limits.DEPTH, file=file)
            stack.extend((x, depth + 1) for x in (item.values() if isinstance(item, dict) else item))


def _loader() -> type:
    """A SafeLoader whose integers are refused past :data:`~drydock.limits.DIGITS` digits before ``int()``."""
    global _LOADER
    if _LOADER is None:
        class Loader(ScalarErrors, getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]  # libyaml
            def construct_yaml_int(self, node: Any) -> int:
                return super().construct_yaml_int(_short_number(node))

            def construct_yaml_float(self, node: Any) -> float:
                return super().construct_yaml_float(_short_number(node))

            def unreadable(self, node: Any, message: str) -> Exception:
                return DesignFileError(message, line=node.start_mark.line + 1, column=node.start_mark.column + 1,
                                       text=str(node.value))

        Loader.add_constructor("tag:yaml.org,2002:int", Loader.construct_yaml_int)
        Loader.add_constructor("tag:yaml.org,2002:float", Loader.construct_yaml_float)
        _LOADER = Loader
    return _LOADER


_LOADER: type | None = None


class ScalarErrors:
    """Mixin for a PyYAML loader: a value its constructors fail to build with a plain exception (ValueError
    for the date ``2001-13-45`` or ``!!float x``, KeyError for ``!!bool maybe``) raises ``self.unreadable(node,
    message)``, a :class:`~drydock.errors.DrydockError` naming the line, instead."""

    def unreadable(self, node: Any, message: str) -> Exception:  # pragma: no cover - each loader says
        raise NotImplementedError

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        """A mapping, refusing a key written twice (YAML keeps the last silently: a design, fleet or house rule
        that says ``hull: 8`` and later ``hull: 80`` is refused naming both lines). ``<<`` merges may override."""
        if isinstance(node, yaml.MappingNode):
            seen: dict[Any, int] = {}
            for key_node, _value in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge" or not isinstance(key_node, yaml.ScalarNode):
                    continue
                key = (key_node.tag, key_node.value)
                line = key_node.start_mark.line + 1
                if key in seen:
                    raise self.unreadable(key_node, f"the key {str(key_node.value)[:40]!r} is written twice (lines "
                                                    f"{seen[key]} and {line}); YAML would keep only the last")
                seen[key] = line
        return super().construct_mapping(node, deep=deep)  # type: ignore[misc]

    def construct_object(self, node: Any, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep=deep)  # type: ignore[misc]
        except (yaml.YAMLError, DrydockError):
            raise
        except Exception as exc:  # PyYAML's own ValueError/KeyError/AttributeError for a value it cannot build
            tag = str(node.tag).replace("tag:yaml.org,2002:", "!!")
            message = f"not valid YAML: a {tag} value that cannot be read ({type(exc).__name__}: {exc})"
            raise self.unreadable(node, message) from None


def _short_number(node: Any) -> Any:
    """``node`` unless its number has more than :data:`~drydock.limits.DIGITS` digits (refused before ``int()``)."""
    value = str(node.value)
    if sum(c.isdigit() for c in value) > limits.DIGITS.value:
        raise DesignFileError(f"a number with more than {limits.DIGITS.value} digits is past drydock's limit",
                              line=node.start_mark.line + 1, column=node.start_mark.column + 1, text=value)
    return node


def _construct(node: Any) -> Any:
    loader = _loader()("")
    try:
        return loader.construct_document(node)
    finally:
        loader.dispose()


def key_positions(node: Any, path: tuple, out: dict[tuple, tuple[int, int]]) -> None:
    out[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            name = key.value
            out[path + (name,)] = (key.start_mark.line + 1, key.start_mark.column + 1)
            _positions_children(value, path + (name,), out)
    elif isinstance(node, yaml.SequenceNode):
        for i, child in enumerate(node.value):
            key_positions(child, path + (i,), out)


def _positions_children(node: Any, path: tuple, out: dict[tuple, tuple[int, int]]) -> None:
    if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
        keep = out.get(path)
        key_positions(node, path, out)
        if keep is not None:
            out[path] = keep


def _source_line(text: str, index: int) -> str | None:
    lines = text.splitlines()
    return lines[index] if 0 <= index < len(lines) else None


def yaml_dumper() -> type:
    class Dumper(yaml.SafeDumper):
        pass

    def represent_list(dumper: yaml.SafeDumper, data: list) -> Any:
        flow = all(isinstance(x, (str, int)) for x in data) and len(data) <= 16
        return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)

    Dumper.add_representer(list, represent_list)
    return Dumper
