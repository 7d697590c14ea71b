"""Django admin for the club and its sessions, with useful columns and filters.

The admin is scoped by club: a staff user who is not a superuser sees, and
may choose in a form, only what belongs to the clubs they direct (each
admin's ``club_path`` says how a row reaches its club); only a superuser
adds clubs or names their directors. The action log is read-only.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import Model, QuerySet
from django.http import HttpRequest

from .models import (
    ActionLog,
    ApiToken,
    Club,
    ClubDirector,
    Deal,
    Entrant,
    EntrantMember,
    Player,
    Round,
    Seat,
    Seating,
    SeatingTray,
    Series,
    Session,
    Table,
    Tray,
)
from .services.club import clubs_directed_by


def club_path_of(model: type[Model]) -> str | None:
    """How a model's rows reach their club, as its admin says (None: not scoped, or not registered)."""
    model_admin = admin.site._registry.get(model)
    return getattr(model_admin, "club_path", None)


def scoped(queryset: QuerySet[Any], path: str | None, request: HttpRequest) -> QuerySet[Any]:
    """The rows of the clubs the user directs (all of them for a superuser, or where no path is known)."""
    if path is None or request.user.is_superuser:
        return queryset
    clubs = clubs_directed_by(user=request.user)
    return queryset.filter(**{f"{path}__in" if path else "pk__in": clubs}).distinct()


class ClubScoped:
    """An admin (or inline) whose choices of related rows are limited to the user's clubs."""

    def formfield_for_foreignkey(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        """Offer, and accept, only rows of the user's clubs."""
        related = db_field.related_model
        queryset = kwargs.get("queryset", related._default_manager.all())
        kwargs["queryset"] = scoped(queryset, club_path_of(related), request)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)  # type: ignore[misc]


class ClubScopedAdmin(ClubScoped, admin.ModelAdmin):
    """A model admin that lists and opens only rows of the user's clubs (``club_path``: "" for a club)."""

    club_path: str = "club"

    def get_queryset(self, request: HttpRequest) -> QuerySet[Any]:
        """Rows of the user's clubs only: another club's row is not found."""
        return scoped(super().get_queryset(request), self.club_path, request)


class ClubDirectorInline(admin.TabularInline):
    """Who directs the club: a superuser's choice alone."""

    model = ClubDirector
    extra = 0

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return bool(request.user.is_superuser)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return bool(request.user.is_superuser)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return bool(request.user.is_superuser)


@admin.register(Club)
class ClubAdmin(ClubScopedAdmin):
    list_display = ["name", "slug", "created_at"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [ClubDirectorInline]
    club_path = ""

    def has_add_permission(self, request: HttpRequest) -> bool:
        """Only a superuser starts a club."""
        return bool(request.user.is_superuser)


@admin.register(Player)
class PlayerAdmin(ClubScopedAdmin):
    list_display = ["name", "member_number", "club", "active"]
    list_filter = [("club", admin.RelatedOnlyFieldListFilter), "active"]
    search_fields = ["name", "member_number"]


@admin.register(Series)
class SeriesAdmin(ClubScopedAdmin):
    list_display = ["name", "club", "best_of", "created_at"]
    list_filter = [("club", admin.RelatedOnlyFieldListFilter)]


class EntrantMemberInline(ClubScoped, admin.TabularInline):
    model = EntrantMember
    extra = 0
    raw_id_fields = ["player"]
    exclude = ["session"]


@admin.register(Session)
class SessionAdmin(ClubScopedAdmin):
    list_display = [
        "date",
        "title",
        "club",
        "entrant_kind",
        "movement_family",
        "scoring_method",
        "status",
        "current_round",
    ]
    list_filter = [
        ("club", admin.RelatedOnlyFieldListFilter),
        "status",
        "entrant_kind",
        "movement_family",
        "scoring_method",
    ]
    search_fields = ["title"]
    date_hierarchy = "date"


@admin.register(Entrant)
class EntrantAdmin(ClubScopedAdmin):
    club_path = "session__club"
    list_display = ["number", "kind", "name", "session", "is_phantom"]
    list_filter = ["kind", "is_phantom", ("session__club", admin.RelatedOnlyFieldListFilter)]
    search_fields = ["name", "session__title"]
    inlines = [EntrantMemberInline]


@admin.register(Table)
class TableAdmin(ClubScopedAdmin):
    club_path = "session__club"
    list_display = ["number", "session", "token_revoked"]
    list_filter = ["token_revoked", ("session__club", admin.RelatedOnlyFieldListFilter)]


@admin.register(Round)
class RoundAdmin(ClubScopedAdmin):
    club_path = "session__club"
    list_display = ["number", "session"]
    list_filter = [("session__club", admin.RelatedOnlyFieldListFilter)]


class SeatingTrayInline(ClubScoped, admin.TabularInline):
    model = SeatingTray
    extra = 0
    exclude = ["round"]


class SeatInline(ClubScoped, admin.TabularInline):
    model = Seat
    extra = 0
    exclude = ["round"]


@admin.register(Seating)
class SeatingAdmin(ClubScopedAdmin):
    club_path = "round__session__club"
    list_display = ["round", "table", "ns", "ew"]
    list_filter = [("round__session", admin.RelatedOnlyFieldListFilter)]
    inlines = [SeatingTrayInline, SeatInline]


class DealInline(ClubScoped, admin.StackedInline):
    model = Deal
    extra = 0


@admin.register(Tray)
class TrayAdmin(ClubScopedAdmin):
    club_path = "session__club"
    list_display = ["number", "session", "status"]
    list_filter = ["status", ("session__club", admin.RelatedOnlyFieldListFilter)]
    inlines = [DealInline]


@admin.register(ActionLog)
class ActionLogAdmin(ClubScopedAdmin):
    list_display = ["at", "club", "session", "user", "actor", "action"]
    list_filter = [("club", admin.RelatedOnlyFieldListFilter), "action"]
    search_fields = ["action", "actor"]
    readonly_fields = [f.name for f in ActionLog._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        """The log is written by the services alone."""
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """API tokens by their first characters, to revoke (delete); the key itself is nowhere to be seen."""

    list_display = ["prefix", "user", "created_at", "expires_at"]
    readonly_fields = ["prefix", "user", "created_at", "expires_at"]
    exclude = ["digest"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Any]:
        """A superuser sees every token; anyone else their own."""
        tokens = super().get_queryset(request)
        return tokens if request.user.is_superuser else tokens.filter(user=request.user)

    def has_add_permission(self, request: HttpRequest) -> bool:
        """Tokens are made by logging in to the API, or ``manage.py api_token``."""
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
