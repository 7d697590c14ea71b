"""A line's answer, rendered by a serializer whose fields are built once, is the serializer's own.

``line_data`` answers every phone's send and every twin's 409; it must give
exactly ``SlipLineSerializer(line).data``: a plain line, a confirmed one, an
adjusted award and a line without its entrants.
"""

from __future__ import annotations

import pytest

from entry.api.slips import SlipLineSerializer, line_data
from entry.services.corrections import result_award
from entry.services.lines import LINE_RELATED
from entry.services.results import result_confirm
from scoring.models import SlipLine
from tests.sends import result_submit
from tournaments.models import Session, Table

pytestmark = pytest.mark.django_db


def both(line: SlipLine) -> None:
    """The two renderings of the line as read again from the database."""
    again = SlipLine.objects.select_related(*LINE_RELATED).get(pk=line.pk)
    assert line_data(again) == SlipLineSerializer(again).data
    assert set(line_data(again)) == set(SlipLineSerializer.Meta.fields)


def test_every_kind_of_line_is_rendered_as_the_serializer_renders_it(running_session: Session) -> None:
    table = Table.objects.get(session=running_session, number=1)
    sent = result_submit(table=table, tray_number=1, ns_tricks=8, by="N-S").line
    both(sent)
    both(result_confirm(line=sent, by="E-W"))
    awarded = result_award(
        session=running_session,
        table_number=2,
        tray_number=2,
        ns_award="average-plus",
        ew_award="average-minus",
        reason="A fouled tray (Law III).",
    )
    both(awarded)
    SlipLine.objects.filter(pk=sent.pk).update(ns=None, ew=None)
    both(sent)
