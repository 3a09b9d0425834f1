"""Safe YAML reading that remembers where each value stood.

PyYAML's safe loader silently keeps the last of two equal keys and forgets positions; the
convention loader and the vector loader need both, so this module walks the composed node
tree itself: only plain YAML types, no duplicate keys, a bound on the number of nodes (an
alias bomb is refused at once), and a :class:`Source` for every value.
"""

from __future__ import annotations

from dataclasses import dataclass

import yaml

from .errors import NotationError, Source

MAX_NODES = 200_000
MAX_DEPTH = 50
_PLAIN_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
}


@dataclass
class Located:
    """A YAML value with its position. Mappings hold Located values, keyed by plain keys.

    Attributes:
        value: a plain scalar, a list of Located, or a dict of key -> Located.
        source: where the value starts.
        key_source: where its key starts, for values inside a mapping.
    """

    value: object
    source: Source
    key_source: Source | None = None

    def plain(self) -> object:
        """The value with all positions stripped."""
        if isinstance(self.value, dict):
            return {k: v.plain() for k, v in self.value.items()}
        if isinstance(self.value, list):
            return [v.plain() for v in self.value]
        return self.value


def load(text: str, path: str, error: type = NotationError) -> Located | None:
    """Parse one YAML document into :class:`Located` values.

    Raises:
        error: (NotationError by default) with file:line:col for bad YAML, unsafe tags,
            duplicate keys, or too many nodes.
    """
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except RecursionError:
        raise error("the YAML is nested too deeply", Source(path)) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = _source(path, mark) if mark else Source(path)
        raise error(f"not valid YAML: {exc.problem or exc.context}", where) from None
    except yaml.YAMLError as exc:
        raise error(f"not valid YAML: {exc}", Source(path)) from None
    if node is None:
        return None
    walker = _Walker(path, error)
    return walker.walk(node)


def _source(path: str, mark: yaml.Mark) -> Source:
    return Source(path, mark.line + 1, mark.column + 1)


class _Walker:
    def __init__(self, path: str, error: type) -> None:
        self.path = path
        self.error = error
        self.count = 0
        self.constructor = yaml.SafeLoader("")

    def walk(self, node: yaml.Node, depth: int = 0) -> Located:
        self.count += 1
        where = _source(self.path, node.start_mark)
        if self.count > MAX_NODES:
            raise self.error("the YAML is too large (an alias bomb?)", where)
        if depth > MAX_DEPTH:
            raise self.error("the YAML is nested too deeply", where)
        if node.tag not in _PLAIN_TAGS:
            raise self.error(f"the YAML tag {node.tag} is not allowed here", where)
        if isinstance(node, yaml.MappingNode):
            out: dict[object, Located] = {}
            for key_node, value_node in node.value:
                key = self.walk(key_node, depth + 1)
                if isinstance(key.value, (dict, list)):
                    raise self.error("a key must be plain text", key.source)
                if key.value in out:
                    first = out[key.value].key_source
                    raise self.error(
                        f"duplicate key {key.value!r} (first at line {first.line if first else '?'})",
                        key.source,
                    )
                value = self.walk(value_node, depth + 1)
                value.key_source = key.source
                out[key.value] = value
            return Located(out, where)
        if isinstance(node, yaml.SequenceNode):
            return Located([self.walk(item, depth + 1) for item in node.value], where)
        try:
            value = self.constructor.construct_object(node)
        except (yaml.YAMLError, ValueError, OverflowError) as exc:
            raise self.error(f"bad value: {exc}", where) from None
        if isinstance(value, float):
            # keep the author's text: 0.10 must stay exact
            value = node.value
        return Located(value, where)
