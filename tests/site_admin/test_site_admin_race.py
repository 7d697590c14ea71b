"""One link sent twice at once sets the password once: the second send waits for the first's row lock,
then finds the link used. PostgreSQL only (SQLite takes one writer at a time)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.db import connection

from tests.security.test_races import race
from tests.site_admin.conftest import NEW_CLUB
from tournaments.models import ActionLog
from tournaments.services import site

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="SQLite serialises every writer"),
]


def test_one_link_sent_twice_at_once_sets_the_password_once(
    site_admin: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    issued = site.club_found(by=site_admin, **NEW_CLUB)
    token = issued.url.rstrip("/").rsplit("/", 1)[1]
    checked = site._password

    def slow(*args: Any) -> str:
        time.sleep(0.3)  # both sends are past the link's check before either writes, unless the row is locked
        return checked(*args)

    monkeypatch.setattr(site, "_password", slow)
    first, second = "trumps-lead-the-eleventh", "honours-count-four-by-honours"
    answers = race(
        lambda: site.director_password_set(link=token, password=first, again=first),
        lambda: site.director_password_set(link=token, password=second, again=second),
    )
    assert sorted(kind for kind, _ in answers) == ["ok", "refused"]
    [(_, refused)] = [a for a in answers if a[0] == "refused"]
    assert "it has been used already" in refused.message
    issued.director.refresh_from_db()
    assert issued.director.check_password(first) != issued.director.check_password(second)
    assert ActionLog.objects.filter(action="director.password_set").count() == 1
