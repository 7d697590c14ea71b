"""Fixtures for the table page: phones (test clients with their own device cookie) at a table."""

from __future__ import annotations

import pytest

from tests.drive.conftest import drive_of, roster  # noqa: F401  (a whist drive's phones, test_two_sides)
from tests.mnemonic.conftest import mnemonic_of  # noqa: F401  (a mnemonic sitting's)
from tests.phones import Phone
from tournaments.models import Session, Table


def table(session: Session, number: int) -> Table:
    """A table of the session by number."""
    return session.tables.get(number=number)


@pytest.fixture
def phone(running_session: Session) -> Phone:
    """A phone at table 1 of the running three-table Mitchell, following its N-S pair (pair 1)."""
    return Phone.at(table(running_session, 1))


class PhoneMaker:
    """``make_phone(table, side="NS")``: a phone at that table that said it is the entrant sitting on
    that side there now; ``make_phone.following(session, number)``: one that opened the entrant's own
    printed link; ``make_phone.bare(table)``: one that only scanned the table's code."""

    def __call__(self, table: Table, side: str = "NS", round_number: int | None = None) -> Phone:
        return Phone.at(table, side, round_number)

    following = staticmethod(Phone.following)
    bare = staticmethod(Phone)


@pytest.fixture
def make_phone() -> PhoneMaker:
    """Make a phone at any table (see ``PhoneMaker``)."""
    return PhoneMaker()
