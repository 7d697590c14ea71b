"""New rows of one model inserted by SQL written once (and prepared, on PostgreSQL): ``RowsInsert``.

A phone's send inserts its line and the line's entrants' places. Through the
ORM (``save``, ``bulk_create``) Django compiles each insert again, which
cost more than the insert itself. ``RowsInsert`` writes the statement once
for each number of rows, from the model's own fields, and fills it as
``save`` does: each field's ``pre_save`` (so ``auto_now`` and
``auto_now_add`` are set on the instance) and ``get_db_prep_save``; the
new primary keys are set on the instances.

Use it only where a profile shows the ORM's compiling matters; everything
else saves through the ORM.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from django.db import connections
from django.db.models import Field, Model

from .prepared import execute_prepared


class RowsInsert:
    """``insert(instances)``: the new instances of ``model`` inserted by one statement, their keys set."""

    def __init__(self, model: type[Model], *, using: str = "default") -> None:
        self.model = model
        self.using = using
        pk = model._meta.pk
        self.fields: tuple[Field[Any, Any], ...] = tuple(
            f for f in model._meta.concrete_fields if f is not pk and not f.generated
        )

    @cache  # noqa: B019 (the instances are the module-level few, kept for the process)
    def _sql(self, rows: int) -> str:
        """``INSERT ... VALUES (...), ... RETURNING pk`` for this many rows."""
        quote = connections[self.using].ops.quote_name
        columns = ", ".join(quote(f.column) for f in self.fields)
        row = "(" + ", ".join(["%s"] * len(self.fields)) + ")"
        values = ", ".join([row] * rows)
        table, pk = quote(self.model._meta.db_table), quote(self.model._meta.pk.column)  # type: ignore[union-attr]
        return f"INSERT INTO {table} ({columns}) VALUES {values} RETURNING {pk}"

    def insert(self, instances: Sequence[Model]) -> None:
        """Insert the instances (none saved yet) and set each one's primary key; nothing for none."""
        if not instances:
            return
        connection = connections[self.using]
        params: list[Any] = []
        for instance in instances:
            params.extend(f.get_db_prep_save(f.pre_save(instance, True), connection) for f in self.fields)
        with connection.cursor() as cursor:
            execute_prepared(cursor, self._sql(len(instances)), params)
            keys = cursor.fetchall()
        for instance, (key,) in zip(instances, keys, strict=True):
            instance.pk = key
            instance._state.adding = False
            instance._state.db = self.using
