"""Whether a phone's link opens (``tournaments.link_rules``): each refusal named once, raised there only.

The pages' and the API's answers to these links are held in ``test_place.py``, ``test_table_send.py``
and ``tests/foundation/test_link_reads.py``; this holds the rules as a table of cases.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.utils import timezone

from tournaments.errors import NotFound
from tournaments.link_rules import TOKEN, LinkRefusal, link_opens, pass_opens, table_opens
from tournaments.models import Entrant, EntrantLink, PhonePass, Table

ROOT = Path(__file__).resolve().parents[2]


def _pass(*, revoked: bool = False, ended: bool = False) -> PhonePass:
    """A pass (unsaved) that follows pair 3's link."""
    link = EntrantLink(revoked=revoked)
    link.entrant = Entrant(kind=Entrant.Kind.PAIR, number=3)
    phone_pass = PhonePass(link=link)
    if ended:
        phone_pass.ended_at, phone_pass.ended_why = timezone.now(), "released by the director"
    return phone_pass


@pytest.mark.parametrize(
    ("opens", "refusal"),
    [
        (lambda: table_opens(None), LinkRefusal.TABLE_LINK),
        (lambda: table_opens(Table(token_revoked=True)), LinkRefusal.TABLE_LINK),
        (lambda: link_opens(None), LinkRefusal.NOT_VALID),
        (lambda: link_opens(EntrantLink(revoked=True)), LinkRefusal.NOT_VALID),
        (lambda: pass_opens(_pass(revoked=True)), LinkRefusal.NOT_VALID),
        (lambda: pass_opens(_pass(revoked=True, ended=True)), LinkRefusal.NOT_VALID),
    ],
)
def test_a_link_that_does_not_open_is_refused_in_its_words(opens, refusal: LinkRefusal) -> None:  # type: ignore[no-untyped-def]
    """No link, a revoked one, or a pass whose link was revoked: 404 in the refusal's words, saying
    no more (a revoked link's pass does not say whose it was)."""
    with pytest.raises(NotFound) as refused:
        opens()
    assert refused.value.message == refusal.value and refused.value.status == 404


def test_an_ended_pass_says_whose_it_was_and_why() -> None:
    """The phone showed that entrant all evening: its holder is told whose it was, and why it ended."""
    with pytest.raises(NotFound) as refused:
        pass_opens(_pass(ended=True))
    assert refused.value.message == (
        "This phone no longer follows Pair 3 (released by the director). "
        "Scan your table's QR code and say who you are."
    )


def test_a_link_that_opens_is_handed_on() -> None:
    """A table, a link and a pass that open come back as read."""
    table, link, phone_pass = Table(token_revoked=False), EntrantLink(revoked=False), _pass()
    assert table_opens(table) is table and link_opens(link) is link and pass_opens(phone_pass) is phone_pass


@pytest.mark.parametrize(
    ("token", "shaped"),
    [("a" * 64, True), ("a" * 65, False), ("", False), ("Ab_-9", True), ("ab cd", False), ("é", False)],
)
def test_a_token_has_a_links_shape_up_to_64_characters(token: str, shaped: bool) -> None:
    """A link's secret is ``secrets.token_urlsafe``'s alphabet, at most 64 characters."""
    assert bool(TOKEN.fullmatch(token)) is shaped


def test_the_link_refusals_are_worded_in_link_rules_only() -> None:
    """Every link refusal's words are in ``tournaments/link_rules.py`` and nowhere else of the app."""
    words = [refusal.value.split(" {")[0].split(".")[0] for refusal in LinkRefusal]
    apps = ("entry", "scoring", "sims", "tournaments", "clubwhist")
    found = [
        str(path.relative_to(ROOT))
        for app in apps
        for path in (ROOT / app).rglob("*.py")
        if any(word in path.read_text() for word in words)
    ]
    assert found == ["tournaments/link_rules.py"]
