"""The site administrator's reads: who is one, the clubs they list, and whose set-password link may be issued.

A site administrator makes clubs and their first directors, and reads only
what that needs: each club's name, short name, directors' usernames and
when it was made. Nothing here reads a session, a player or a result;
being one opens no club's director pages (``clubs_directed_by`` counts
only directors).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.core.paginator import Page, Paginator
from django.db.models import Prefetch, QuerySet

from .errors import NotFound
from .models import Club, ClubDirector, SiteAdministrator

#: How many clubs the site administrator's page lists at once (``?page=`` for the rest).
CLUBS_PAGE_SIZE = 100
#: The largest id a page or link may name (the database's 64-bit keys).
ID_MAX = 2**63 - 1


def is_site_admin(user: Any) -> bool:
    """Whether the user makes clubs and their first directors: an active superuser, or one named so."""
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    return bool(user.is_superuser) or SiteAdministrator.objects.filter(user=user).exists()


def site_admins() -> QuerySet[Any]:
    """Every user who is a site administrator (the superusers among them), by username."""
    users = get_user_model().objects.filter(is_active=True)
    named = SiteAdministrator.objects.values("user_id")
    return (users.filter(is_superuser=True) | users.filter(pk__in=named)).distinct().order_by("username")


def awaits_link(user: Any) -> bool:
    """Whether a set-password link may be issued for the user: a director made on the site's pages who
    has not set a password yet. Never a user with a password, who has logged in, or who is staff, a
    superuser or a site administrator (a link would take their account over)."""
    return bool(
        user.is_active
        and not (user.is_staff or user.is_superuser)
        and not user.has_usable_password()
        and user.last_login is None
        and not hasattr(user, "site_administrator")
    )


@dataclass(frozen=True)
class SiteDirector:
    """A director as the site administrator's list shows them: the username, and whether a link awaits."""

    pk: int
    username: str
    awaits_link: bool


@dataclass(frozen=True)
class SiteClub:
    """A club as the site administrator's list shows it, and nothing more."""

    name: str
    slug: str
    created_at: Any
    directors: tuple[SiteDirector, ...]


def _directors() -> Prefetch[Any]:
    """Each club's directors with their users (and whether they administer the site), by username."""
    rows = ClubDirector.objects.select_related("user", "user__site_administrator").order_by("user__username")
    return Prefetch("clubdirector_set", queryset=rows, to_attr="director_rows")


def clubs_for_site(*, page: Any = 1) -> tuple[Page[Any], list[SiteClub]]:
    """One page of every club, newest first, with its directors: the paginator's page and its rows."""
    clubs = Club.objects.prefetch_related(_directors()).order_by("-created_at", "-id")
    shown = Paginator(clubs, CLUBS_PAGE_SIZE).get_page(page)
    rows = [
        SiteClub(
            name=club.name,
            slug=club.slug,
            created_at=club.created_at,
            directors=tuple(
                SiteDirector(pk=d.user.pk, username=d.user.get_username(), awaits_link=awaits_link(d.user))
                for d in club.director_rows
            ),
        )
        for club in shown.object_list
    ]
    return shown, rows


def club_for_site(*, slug: str) -> Club:
    """A club by its short name, or NotFound."""
    club = Club.objects.filter(slug=slug).first()
    if club is None:
        raise NotFound("No such club.")
    return club


def director_of(*, club: Club, pk: int) -> Any:
    """A director of the club by their user's id, or NotFound."""
    rows = ClubDirector.objects.select_related("user").filter(club=club, user_id=pk)
    found = rows.first() if 0 < pk <= ID_MAX else None
    if found is None:
        raise NotFound("No such director of this club.")
    return found.user
