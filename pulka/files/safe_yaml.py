"""Safe YAML reading that remembers where each value stood.

PyYAML's safe loader silently keeps the last of two equal keys and forgets positions; the
convention loader and the vector loader need both, so this module builds the values itself
from the parser's events (libyaml's when it is there): only plain YAML types, no duplicate
keys, a bound on the nodes the document stands for, aliases expanded (an alias bomb is
refused after a linear amount of work), and a :class:`Source` for every value.
"""

from __future__ import annotations

import re
import sys
from typing import Protocol

import yaml

from ..errors import NotationError, Source
from ..i18n import _, ngettext

#: the node bound is this plus one node per character of the text: a file without aliases
#: never comes near it (a node takes two characters at the least), while an alias bomb,
#: whose nodes grow exponentially with its size, is stopped after a linear amount of work
NODE_FLOOR = 10_000
MAX_DEPTH = 50
#: the longest plain number read (Python refuses to convert more than 4300 digits)
NUMBER_DIGITS = 4000
_PLAIN_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
}


class Located:
    """A YAML value with its position. Mappings hold Located values, keyed by plain keys.

    Attributes:
        value: a plain scalar, a list of Located, or a dict of key -> Located.
        source: where the value starts.
        key_source: where its key starts, for values inside a mapping (in the same file).
        size: the number of nodes the value stands for, aliases expanded.
    """

    # a long vector has millions of these: the place is kept as one number, made into a
    # Source only when it is asked for
    __slots__ = ("_at", "_key_at", "_path", "size", "value")

    def __init__(self, value: object, source: Source, key_source: Source | None = None,
                 size: int = 1) -> None:
        self.value = value
        self._path = source.path
        self._at = _pack(source.line, source.col)
        self.key_source = key_source
        self.size = size

    @classmethod
    def at(cls, value: object, path: str, line: int, col: int, size: int = 1) -> Located:
        """A value at a 1-based line and column of ``path``."""
        item = cls.__new__(cls)
        item.value, item._path, item._at, item._key_at, item.size = (
            value, path, _pack(line, col), -1, size)
        return item

    @property
    def source(self) -> Source:
        return Source(self._path, self._at >> 32, self._at & 0xFFFFFFFF)

    @property
    def key_source(self) -> Source | None:
        if self._key_at < 0:
            return None
        return Source(self._path, self._key_at >> 32, self._key_at & 0xFFFFFFFF)

    @key_source.setter
    def key_source(self, source: Source | None) -> None:
        self._key_at = -1 if source is None else _pack(source.line, source.col)

    def __repr__(self) -> str:
        return f"Located({self.value!r}, {self.source!r})"

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
            duplicate keys, nesting too deep, or too many nodes.
    """
    fast = getattr(yaml, "CSafeLoader", None)
    if fast is not None:
        try:
            return _Builder(path, error, NODE_FLOOR + len(text)).build(text, fast)
        except yaml.YAMLError:
            pass  # read again by the Python parser below, whose messages say more
    try:
        return _Builder(path, error, NODE_FLOOR + len(text)).build(text, yaml.SafeLoader)
    except RecursionError:
        raise error(_("the YAML is nested too deeply"), Source(path)) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = _source(path, mark) if mark else Source(path)
        # the parser's own words (English): what it found, after pulka's
        raise error(_("not valid YAML: {problem}").format(problem=exc.problem or exc.context),
                    where) from None
    except yaml.YAMLError as exc:
        raise error(_("not valid YAML: {problem}").format(problem=exc), Source(path)) from None


def _pack(line: int, col: int) -> int:
    return line << 32 | min(col, 0xFFFFFFFF)


class _Mark(Protocol):
    """A place in the text: the Python parser's yaml.Mark or the C parser's, alike."""

    line: int
    column: int


def _source(path: str, mark: _Mark | None) -> Source:
    assert mark is not None  # the parser marks every event
    return Source(path, mark.line + 1, mark.column + 1)


_STR, _FLOAT = "tag:yaml.org,2002:str", "tag:yaml.org,2002:float"
_INT = "tag:yaml.org,2002:int"
_DECIMAL_INT = re.compile(r"[-+]?(0|[1-9][0-9]*)")
_SEQ, _MAP = "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"


class _Builder:
    """Builds Located values from the parser's events, with a stack of open collections."""

    def __init__(self, path: str, error: type, max_nodes: int) -> None:
        self.path = path
        self.error = error
        self.count = 0
        self.max_nodes = max_nodes
        self.anchors: dict[str, Located] = {}
        self.constructor = yaml.SafeLoader("")

    def build(self, text: str, loader_class: type) -> Located | None:
        loader = loader_class(text)
        try:
            return self._events(loader)
        finally:
            loader.dispose()

    def _events(self, loader: yaml.SafeLoader) -> Located | None:
        # a frame: [the value being built, its Located, the key waiting for its value]
        stack: list[list] = []
        root: Located | None = None
        documents = 0
        while True:
            event = loader.get_event()
            if isinstance(event, yaml.StreamEndEvent):
                return root
            if isinstance(event, yaml.DocumentStartEvent):
                documents += 1
                if documents > 1:
                    raise self.error(_("not valid YAML: a second document starts here (one is "
                                       "expected)"), _source(self.path, event.start_mark))
                continue
            if isinstance(event, (yaml.StreamStartEvent, yaml.DocumentEndEvent)):
                continue
            if isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                done = stack.pop()[1]
                if not stack:
                    root = done
                else:
                    self._attach(stack[-1], done)
                continue
            assert isinstance(event, yaml.NodeEvent)  # an alias, a scalar or a collection
            item = self._node(event, loader, stack)
            if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                stack.append([item.value, item, None])
            elif not stack:
                root = item
            else:
                self._attach(stack[-1], item)

    def _node(self, event: yaml.NodeEvent, loader: yaml.SafeLoader, stack: list[list]
              ) -> Located:
        where = _source(self.path, event.start_mark)
        depth = len(stack)
        if isinstance(event, yaml.AliasEvent):
            target = self.anchors.get(event.anchor) if event.anchor is not None else None
            if target is None:
                raise self.error(_("the alias *{anchor} names no anchor").format(
                    anchor=event.anchor), where)
            if any(frame[1] is target for frame in stack):  # a value that holds itself
                raise self.error(_("the alias *{anchor} stands inside its own anchor &{anchor}: "
                                   "a value cannot hold itself").format(anchor=event.anchor),
                                 where)
            self._count(target.size, where)
            # a fresh Located, so that its key's place is its own; the values are shared
            return Located(target.value, target.source, None, target.size)
        self._count(1, where)
        if depth > MAX_DEPTH:
            raise self.error(_("the YAML is nested too deeply"), where)
        if isinstance(event, yaml.ScalarEvent):
            tag = event.tag
            if tag is None or tag == "!":
                tag = loader.resolve(yaml.ScalarNode, event.value, event.implicit)
            item = Located(self._scalar(tag, event, where), where)
        else:
            assert isinstance(event, yaml.CollectionStartEvent)
            default = _SEQ if isinstance(event, yaml.SequenceStartEvent) else _MAP
            tag = event.tag
            if tag is None or tag == "!":
                tag = default
            if tag != default:
                raise self.error(_("the YAML tag {tag} is not allowed here").format(tag=tag),
                                 where)
            item = Located([] if default == _SEQ else {}, where)
        if event.anchor is not None:
            self.anchors[event.anchor] = item
        return item

    def _scalar(self, tag: str, event: yaml.ScalarEvent, where: Source) -> object:
        if tag == _STR or tag == _FLOAT:
            # a float keeps the author's text: 0.10 must stay exact; the names and words a
            # long vector repeats are kept once
            return sys.intern(event.value) if len(event.value) <= 64 else event.value
        if tag not in _PLAIN_TAGS or tag in (_SEQ, _MAP):
            raise self.error(_("the YAML tag {tag} is not allowed here").format(tag=tag), where)
        if len(event.value) > NUMBER_DIGITS:  # Python's own limit would name its internals
            raise self.error(ngettext("a number of {n} digit; at most {limit} are read",
                                      "a number of {n} digits; at most {limit} are read",
                                      len(event.value)).format(n=len(event.value),
                                                               limit=NUMBER_DIGITS), where)
        value = self._construct(tag, event, where)
        if tag == _INT and not _DECIMAL_INT.fullmatch(event.value):
            # YAML 1.1 reads 1:20 as 80 (base 60), 0x14 as 20, 024 as 20 (octal), 1_000 as
            # 1000: a number that means what it says is written in decimal digits
            raise self.error(_("{text!r} is read by YAML as the number {value}: write a number "
                               "in decimal digits (quote it if it is text)").format(
                                   text=event.value, value=value), where)
        return value

    def _construct(self, tag: str, event: yaml.ScalarEvent, where: Source) -> object:
        # the C parser's marks are its own class, of the same shape (the stubs name only one)
        node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark)  # type: ignore[arg-type]
        try:
            return self.constructor.construct_object(node)
        except (yaml.YAMLError, ValueError, OverflowError) as exc:
            raise self.error(_("bad value: {error}").format(error=exc), where) from None

    def _count(self, nodes: int, where: Source) -> None:
        self.count += nodes
        if self.count > self.max_nodes:
            raise self.error(_("the YAML is too large (an alias bomb?)"), where)

    def _attach(self, frame: list, item: Located) -> None:
        container, owner, key = frame
        owner.size += item.size
        if isinstance(container, list):
            container.append(item)
            return
        if key is None:
            if isinstance(item.value, (dict, list)):
                raise self.error(_("a key must be plain text"), item.source)
            if item.value in container:
                first = container[item.value].key_source
                raise self.error(
                    _("duplicate key {key!r} (first at line {line})").format(
                        key=item.value, line=first.line if first else "?"),
                    item.source,
                )
            frame[2] = item
            return
        item.key_source = key.source
        container[key.value] = item
        frame[2] = None
