"""One row and the rows its foreign keys point to, read by SQL that is written once.

A phone's every request starts by finding its table (or its entrant's link)
by the token in its URL, with the session and the club: one row across three
tables. Through the ORM (``select_related``) Django compiles that query again
on each request, which cost several times the query itself. ``JoinedRead``
writes the SQL once, from the models' own fields, and builds the same model
instances the ORM would: each value passed through the field's and the
database's converters, each related instance set on the one pointing to it.

Use it only where a profile shows the ORM's compiling matters; everything
else reads through the ORM.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.db import connections
from django.db.models import Field, Model

from .prepared import execute_prepared

Converter = Callable[[Any, Any, Any], Any]


@dataclass(frozen=True)
class Step:
    """A model in the chain: the first is the row asked for; each next one is reached by the
    foreign key ``via`` on the one before it (or on the step numbered ``on``, from 0).
    ``skip`` names fields left unread (deferred)."""

    model: type[Model]
    via: str | None = None
    skip: tuple[str, ...] = ()
    on: int | None = None


@dataclass(frozen=True)
class _Part:
    """One model's columns in the row."""

    model: type[Model]
    via: str | None
    on: int
    fields: tuple[Field[Any, Any], ...]
    attnames: tuple[str, ...]
    #: (column's place in the part, its expression, its converters) for each column that has any.
    converted: tuple[tuple[int, Any, tuple[Converter, ...]], ...]


class JoinedRead:
    """``first(value)``: the first model's row where ``column`` equals the value, with the chain's
    related rows set on it; None when there is none. ``where(condition, params)``: every such row
    where an SQL condition on the first model (its alias is ``j0``) holds."""

    def __init__(
        self,
        steps: Sequence[Step],
        column: str,
        *,
        using: str = "default",
        lock: str = "",
        alias: str = "j",
    ) -> None:
        self.steps = tuple(steps)
        self.column = column
        self.using = using
        #: Lock rows where the database can: ``UPDATE``, ``KEY SHARE``... of the first model's row, or
        #: whole clauses naming the rows (``j0``...); "" for none.
        self.lock = lock
        self.alias = alias  # the steps' aliases are j0, j1... (another letter for a read beside one)
        self._compiled: tuple[str, str, tuple[_Part, ...]] | None = None
        self._sql: dict[str, str] = {}  # the whole SQL for each condition asked, written once

    def _compile(self) -> tuple[str, str, tuple[_Part, ...]]:
        """The SQL before its WHERE and after it, and each model's part of the row with the converters
        of its columns (made on the first read, then kept: they depend only on the fields and the
        database's kind)."""
        connection = connections[self.using]
        quote = connection.ops.quote_name
        columns, joins, parts = self._pieces()
        head = f"SELECT {', '.join(columns)} FROM {' '.join(joins)} WHERE "
        tail = ""
        if self.lock and connection.features.has_select_for_update:
            named = " OF " in self.lock or len(self.steps) == 1  # the clause names its rows, or needs not
            tail = f" FOR {self.lock}" + ("" if named else f" OF {quote(self.alias + '0')}")
        return head, tail, tuple(parts)

    def _pieces(self) -> tuple[list[str], list[str], list[_Part]]:
        """The columns read, the tables joined (the first, then each join), and each model's part."""
        connection = connections[self.using]
        quote = connection.ops.quote_name
        columns: list[str] = []
        parts: list[_Part] = []
        joins = [f"{quote(self.steps[0].model._meta.db_table)} {quote(self.alias + '0')}"]
        for index, step in enumerate(self.steps):
            alias = f"{self.alias}{index}"
            holder = index - 1 if step.on is None else step.on
            if step.via is not None:
                key = self.steps[holder].model._meta.get_field(step.via)
                pk = f"{quote(alias)}.{quote(step.model._meta.pk.column)}"
                on = f"{pk} = {quote(f'{self.alias}{holder}')}.{quote(key.column)}"
                join = "LEFT OUTER JOIN" if key.null else "INNER JOIN"
                joins.append(f"{join} {quote(step.model._meta.db_table)} {quote(alias)} ON {on}")
            fields: list[Field[Any, Any]] = [
                f for f in step.model._meta.concrete_fields if f.name not in step.skip
            ]
            assert fields[0].primary_key, "a step's first column is its key (a null one: nothing joined)"
            columns.extend(f"{quote(alias)}.{quote(f.column)}" for f in fields)
            converted = tuple(
                (i, expression, tuple(converters))
                for i, f in enumerate(fields)
                for expression in [f.get_col(f.model._meta.db_table)]
                for converters in [_converters(f, expression, connection)]
                if converters
            )
            attnames = tuple(f.attname for f in fields)
            parts.append(_Part(step.model, step.via, holder, tuple(fields), attnames, converted))
        return columns, joins, parts

    def first(self, value: Any) -> Any:
        """The first model's instance (its chain set on it), or None."""
        found = self.where(self._by_column, [value])
        return found[0] if found else None

    @cached_property
    def _by_column(self) -> str:
        """The condition of ``first``: ``column`` equals the value."""
        quote = connections[self.using].ops.quote_name
        column = self.steps[0].model._meta.get_field(self.column).column
        return f"{quote(self.alias + '0')}.{quote(column)} = %s"

    def where(self, condition: str, params: Sequence[Any]) -> list[Any]:
        """The first model's instances (each with its chain set on it) where ``condition`` holds."""
        if self._compiled is None:
            self._compiled = self._compile()
        head, tail, parts = self._compiled
        sql = self._sql.get(condition)
        if sql is None:
            sql = self._sql[condition] = head + condition + tail
        connection = connections[self.using]
        with connection.cursor() as cursor:
            execute_prepared(cursor, sql, params)
            rows = cursor.fetchall()
        return [self._made(row, parts, connection) for row in rows]

    def _made(self, row: Sequence[Any], parts: tuple[_Part, ...], connection: Any, start: int = 0) -> Any:
        """A row's instances (its columns from ``start``), each related one set on the one pointing to
        it; the first of them (None when its key is null: a read beside one that found nothing)."""
        if row[start] is None:
            return None
        made: list[Model | None] = []
        for part in parts:
            values = list(row[start : start + len(part.fields)])
            start += len(part.fields)
            holder = made[part.on] if part.via is not None else None
            if part.via is not None and (holder is None or values[0] is None):  # a null key: nothing joined
                made.append(None)
                continue
            for i, expression, converters in part.converted:
                for convert in converters:
                    values[i] = convert(values[i], expression, connection)
            instance = part.model.from_db(self.using, list(part.attnames), values)
            if holder is not None:
                setattr(holder, part.via, instance)
            made.append(instance)
        return made[0]


def _converters(field: Field[Any, Any], expression: Any, connection: Any) -> list[Converter]:
    """What the ORM passes a column's value through: the database's converters, then the field's."""
    return connection.ops.get_db_converters(expression) + field.get_db_converters(connection)
