"""Django admin for the club and its sessions, with useful columns and filters."""

from __future__ import annotations

from django.contrib import admin

from .models import (
    ActionLog,
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


class ClubDirectorInline(admin.TabularInline):
    model = ClubDirector
    extra = 0


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "created_at"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [ClubDirectorInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "member_number", "club", "active"]
    list_filter = ["club", "active"]
    search_fields = ["name", "member_number"]


@admin.register(Series)
class SeriesAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "best_of", "created_at"]
    list_filter = ["club"]


class EntrantMemberInline(admin.TabularInline):
    model = EntrantMember
    extra = 0
    raw_id_fields = ["player"]
    exclude = ["session"]


@admin.register(Session)
class SessionAdmin(admin.ModelAdmin):
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
    list_filter = ["club", "status", "entrant_kind", "movement_family", "scoring_method"]
    search_fields = ["title"]
    date_hierarchy = "date"


@admin.register(Entrant)
class EntrantAdmin(admin.ModelAdmin):
    list_display = ["number", "kind", "name", "session", "is_phantom"]
    list_filter = ["kind", "is_phantom", "session__club"]
    search_fields = ["name", "session__title"]
    inlines = [EntrantMemberInline]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["number", "session", "token_revoked"]
    list_filter = ["token_revoked", "session__club"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["number", "session"]
    list_filter = ["session__club"]


class SeatingTrayInline(admin.TabularInline):
    model = SeatingTray
    extra = 0
    exclude = ["round"]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    exclude = ["round"]


@admin.register(Seating)
class SeatingAdmin(admin.ModelAdmin):
    list_display = ["round", "table", "ns", "ew"]
    list_filter = ["round__session"]
    inlines = [SeatingTrayInline, SeatInline]


class DealInline(admin.StackedInline):
    model = Deal
    extra = 0


@admin.register(Tray)
class TrayAdmin(admin.ModelAdmin):
    list_display = ["number", "session", "status"]
    list_filter = ["status", "session__club"]
    inlines = [DealInline]


@admin.register(ActionLog)
class ActionLogAdmin(admin.ModelAdmin):
    list_display = ["at", "club", "session", "user", "actor", "action"]
    list_filter = ["club", "action"]
    search_fields = ["action", "actor"]
    readonly_fields = [f.name for f in ActionLog._meta.fields]
