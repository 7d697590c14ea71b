"""The REST API of scoring (issue #8): standings, and the public's published sessions.

``standings`` (the scores JSON with ETags; the public's published
sessions). Slips, the tables' own API, closing and publishing are entry's
(``entry.api``). The views share the club side's base
(``tournaments.api``): same error bodies, same audiences.

The table page's state and the travellers are plain dataclasses read by
the selectors; ``dataclass_schema`` describes them in the OpenAPI schema
straight from their type hints, so the schema cannot drift from them.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any


def type_schema(hint: Any) -> dict[str, Any]:
    """The OpenAPI 3.0 schema of one type hint (scalars, lists, dicts, optionals, dataclasses)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        rest = [a for a in args if a is not type(None)]
        schema = type_schema(rest[0]) if len(rest) == 1 else {}
        return {**schema, "nullable": True} if type(None) in args else schema
    if origin in (list, tuple, Sequence) or hint in (list, tuple):
        return {"type": "array", "items": type_schema(args[0]) if args else {}}
    if origin in (dict, Mapping) or hint is dict:
        return {"type": "object", "additionalProperties": type_schema(args[1]) if len(args) == 2 else {}}
    if dataclasses.is_dataclass(hint):
        return dataclass_schema(hint)  # type: ignore[arg-type]
    scalars = {bool: "boolean", int: "integer", float: "number", str: "string"}
    return {"type": scalars[hint]} if hint in scalars else {}


def dataclass_schema(cls: type) -> dict[str, Any]:
    """The OpenAPI schema of a dataclass as ``dataclasses.asdict`` writes it."""
    hints = typing.get_type_hints(cls)
    fields = [f.name for f in dataclasses.fields(cls)]
    return {
        "type": "object",
        "properties": {name: type_schema(hints[name]) for name in fields},
        "required": fields,
    }
