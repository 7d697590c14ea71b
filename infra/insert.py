"""New rows of one model inserted by SQL written once (and prepared, on PostgreSQL): ``RowsInsert``.

A phone's send inserts its line and the line's entrants' places. Through the
ORM (``save``, ``bulk_create``) Django compiles each insert again, which
cost more than the insert itself. ``RowsInsert`` writes the statement once
for each number of rows, from the model's own fields, and fills it as
``save`` does: each field's ``pre_save`` (so ``auto_now`` and
``auto_now_add`` are set on the instance) and ``get_db_prep_save``; the
new primary keys are set on the instances. On PostgreSQL,
``with_children_sql`` writes a row, the rows that point to it and one more
change as a single statement (its parts are ``WITH`` queries).

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
    def sql(self, rows: int, given: tuple[tuple[str, str], ...] = ()) -> str:
        """``INSERT ... VALUES (...), ... RETURNING pk`` for this many rows; each field named in
        ``given`` takes that SQL expression in every row, not a value."""
        quote = connections[self.using].ops.quote_name
        expressions = dict(given)
        columns = ", ".join(quote(f.column) for f in self.fields)
        row = "(" + ", ".join(expressions.get(f.name, "%s") for f in self.fields) + ")"
        values = ", ".join([row] * rows)
        table, pk = quote(self.model._meta.db_table), quote(self.model._meta.pk.column)  # type: ignore[union-attr]
        return f"INSERT INTO {table} ({columns}) VALUES {values} RETURNING {pk}"

    def params(self, instances: Sequence[Model], given: tuple[str, ...] = ()) -> list[Any]:
        """The values of the instances' fields, row by row, filled as ``save`` fills them (but the
        fields named in ``given``)."""
        connection = connections[self.using]
        params: list[Any] = []
        for instance in instances:
            params.extend(
                f.get_db_prep_save(f.pre_save(instance, True), connection)
                for f in self.fields
                if f.name not in given
            )
        return params

    def keep(self, instances: Sequence[Model], keys: Sequence[Sequence[Any]]) -> None:
        """The instances are saved: each one's new key (a row of one column) set on it."""
        for instance, (key,) in zip(instances, keys, strict=True):
            instance.pk = key
            instance._state.adding = False
            instance._state.db = self.using

    def insert(self, instances: Sequence[Model]) -> None:
        """Insert the instances (none saved yet) and set each one's primary key; nothing for none."""
        if not instances:
            return
        with connections[self.using].cursor() as cursor:
            execute_prepared(cursor, self.sql(len(instances)), self.params(instances))
            keys = cursor.fetchall()
        self.keep(instances, keys)


def with_children_sql(parent: RowsInsert, children: RowsInsert, via: str, rows: int, then: str = "") -> str:
    """PostgreSQL's one statement for a new row of ``parent``, ``rows`` new rows of ``children``
    whose foreign key ``via`` points to it, and ``then`` (an UPDATE, say): one round trip where
    there were three. It returns the parent's key, then the children's in their order. Its
    parameters: the parent's (``params``), the children's without ``via``, then ``then``'s."""
    quote = connections[parent.using].ops.quote_name
    pk = quote(parent.model._meta.pk.column)  # type: ignore[union-attr]
    parts = [f"new_parent AS ({parent.sql(1)})"]
    if rows:
        parts.append(f"new_children AS ({children.sql(rows, ((via, f'(SELECT {pk} FROM new_parent)'),))})")
    if then:
        parts.append(f"and_then AS ({then})")
    child_pk = quote(children.model._meta.pk.column)  # type: ignore[union-attr]
    keys = f"SELECT {pk} FROM new_parent"
    if rows:
        keys += f" UNION ALL (SELECT {child_pk} FROM new_children)"
    return f"WITH {', '.join(parts)} {keys}"
