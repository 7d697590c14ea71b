"""A new club's form refused: each field at fault named with its sentence, a 400, and nothing stored.

The lengths are the columns' (``column_text``): at the limit the club is
made, one past it is refused. Hypothesis posts garbage to both forms (the
new club's and the set-password page's): never a 5xx, and a refusal leaves
the database as it was. The suite runs on SQLite and on PostgreSQL, where a
value too long for its column, a NUL or an id past 64 bits would raise.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.site_admin.conftest import NEW_CLUB
from tournaments.models import ActionLog, Club, ClubDirector

pytestmark = pytest.mark.django_db


def stored() -> tuple[Any, ...]:
    """What a refusal must leave as it was: the clubs, users, directorships and the action log."""
    return (
        list(Club.objects.order_by("pk").values_list("pk", "name", "slug")),
        list(get_user_model().objects.order_by("pk").values_list("pk", "username", "password", "email")),
        list(ClubDirector.objects.order_by("pk").values_list("pk", "club_id", "user_id")),
        ActionLog.objects.count(),
    )


REFUSED = [
    ({"name": ""}, "A club needs a name."),
    ({"name": "   "}, "A club needs a name."),
    ({"name": "H" * 121}, "A club's name has at most 120 characters, not 121."),
    ({"name": "Harbour\x00Club"}, "A club's name holds a character that cannot be stored (NUL)."),
    ({"name": "Harbour\nClub"}, "A club's name holds a line break, a tab or another control character."),
    ({"name": "test whist club"}, "A club named &#x27;test whist club&#x27; is already on the site"),
    ({"slug": ""}, "A club needs a short name"),
    ({"slug": "h" * 61}, "A club's short name has at most 60 characters, not 61."),
    ({"slug": "harbour whist"}, "A club's short name holds only letters a to z, digits and single hyphens"),
    ({"slug": "harbour_whist"}, "not &#x27;harbour_whist&#x27;"),
    ({"slug": "-harbour"}, "single hyphens between them"),
    ({"slug": "harbour--whist"}, "single hyphens between them"),
    ({"slug": "härbour"}, "letters a to z"),
    ({"slug": "test"}, "The short name &#x27;test&#x27; is another club&#x27;s: choose another."),
    ({"slug": "TEST"}, "The short name &#x27;test&#x27; is another club&#x27;s"),
    ({"director_name": ""}, "A director needs a name."),
    ({"director_name": "N" * 151}, "A director's name has at most 150 characters, not 151."),
    ({"email": ""}, "A director needs an e-mail address"),
    ({"email": "nora-at-example"}, "&#x27;nora-at-example&#x27; is not an e-mail address."),
    ({"email": "n" * 250 + "@example.org"}, "An e-mail address has at most 254 characters"),
    ({"username": ""}, "A director needs a username to log in with."),
    ({"username": "nora webb"}, "A username holds only letters, digits and @ . + - _"),
    ({"username": "n" * 151}, "A username has at most 150 characters, not 151."),
    ({"username": "DIR"}, "The username &#x27;DIR&#x27; is taken: choose another."),
]


@pytest.mark.parametrize(("changes", "said"), REFUSED, ids=[str(c) for c, _ in REFUSED])
def test_a_field_at_fault_is_named_with_its_sentence_and_nothing_is_stored(
    site_admin_client: Client, club: Club, changes: dict[str, str], said: str
) -> None:
    before = stored()
    page = site_admin_client.post("/site/", {**NEW_CLUB, **changes})
    assert page.status_code == 400
    assert said.replace("'", "&#x27;") in page.content.decode()
    assert stored() == before


def test_every_field_at_fault_is_named_at_once_and_what_was_typed_is_kept(
    site_admin_client: Client,
) -> None:
    before = stored()
    page = site_admin_client.post("/site/", {"name": "Harbour", "slug": "Bad Slug!"})
    body = page.content.decode()
    assert page.status_code == 400
    for said in ("short name holds only", "A director needs a name.", "needs an e-mail", "needs a username"):
        assert said in body
    assert 'value="Harbour"' in body and 'value="Bad Slug!"' in body
    assert stored() == before


def test_a_long_name_is_never_cut_by_the_page_the_service_says_it_and_keeps_it(
    site_admin_client: Client,
) -> None:
    """The boxes cut nothing silently (no maxlength): the name's hint says its length, and a name pasted
    past it comes back whole in its box beside the service's sentence."""
    form = site_admin_client.get("/site/").content.decode()
    boxes = re.findall(r'<input type="text"[^>]*>', form.split('id="new-club"', 1)[1])
    assert len(boxes) == 5 and not [b for b in boxes if "maxlength" in b], boxes
    assert '<p class="hint" id="club-name-hint">At most 120 characters.</p>' in form
    long = "The Royal and Ancient Harbour Duplicate Whist Club of the Northern Counties, Incorporated 1900"
    long += " and Amalgamated with Its Neighbours 1923"
    assert len(long) > 120
    page = site_admin_client.post("/site/", {**NEW_CLUB, "name": long})
    body = page.content.decode()
    assert page.status_code == 400
    assert f"A club&#x27;s name has at most 120 characters, not {len(long)}." in body
    assert f'value="{long}"' in body and 'aria-describedby="club-name-hint club-name-error"' in body


def test_each_field_at_its_columns_length_is_taken(site_admin_client: Client) -> None:
    at_the_limit = {
        "name": "H" * 120,
        "slug": "h" * 60,
        "director_name": "N" * 150,
        "email": "n" * 242 + "@example.org",
        "username": "n" * 150,
    }
    page = site_admin_client.post("/site/", at_the_limit)
    assert page.status_code == 200, page.content.decode()[:2000]
    assert Club.objects.filter(slug="h" * 60, name="H" * 120).exists()
    assert get_user_model().objects.filter(username="n" * 150, first_name="N" * 150).exists()


def test_a_short_name_in_capitals_is_kept_in_lowercase(site_admin_client: Client) -> None:
    assert site_admin_client.post("/site/", {**NEW_CLUB, "slug": " Harbour-Whist "}).status_code == 200
    assert Club.objects.filter(slug="harbour-whist").exists()


def test_a_value_given_twice_or_a_page_past_the_last_answers_plainly(site_admin_client: Client) -> None:
    page = site_admin_client.post("/site/", {**NEW_CLUB, "slug": ["one", "two"]})
    assert page.status_code == 200 and Club.objects.filter(slug="two").exists()
    for query in ("?page=99999999999999999999999", "?page=-1", "?page=x", "?page=%00"):
        assert site_admin_client.get(f"/site/{query}").status_code == 200


TEXT = st.one_of(
    st.sampled_from(["", " ", "\x00", "harbour", "test", "DIR", "a@b.c", "-", "x" * 300, "𝟙", "<b>"]),
    st.text(max_size=40),
    st.text(min_size=100, max_size=400),
)
FORM = st.dictionaries(st.sampled_from([*NEW_CLUB, "password", "password_again", "page", "x"]), TEXT)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=FORM)
def test_garbage_in_the_new_clubs_form_is_never_a_5xx_and_a_refusal_stores_nothing(
    site_admin_client: Client, data: dict[str, str]
) -> None:
    before = stored()
    page = site_admin_client.post("/site/", data)
    assert page.status_code in (200, 400), (data, page.status_code)
    if page.status_code == 400:
        assert stored() == before, data
    Club.objects.exclude(slug="test").delete()
    get_user_model().objects.exclude(username__in=["siteadmin", "dir"]).delete()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=FORM, token=st.one_of(TEXT.filter(lambda t: t and "/" not in t and t.strip()), st.just("MQ.x-y")))
def test_garbage_at_the_set_password_page_is_never_a_5xx_and_stores_nothing(
    client: Client, data: dict[str, str], token: str
) -> None:
    before = stored()
    page = client.post(f"/accounts/welcome/{quote(token, safe='')}/", data)
    assert page.status_code in (400, 404), (token, data, page.status_code)
    assert stored() == before
