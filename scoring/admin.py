"""Django admin for slips and score snapshots: to read, never to edit.

A slip line changes only through the services (the director's run pages,
the API), which keep its old version and recompute the standings; the
admin shows lines, their history and snapshots read-only, scoped by club
like the rest of the admin.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from scoring.models import ScoreSnapshot, SlipLine, SlipLineVersion
from tournaments.admin import ClubScopedAdmin


class ReadOnly:
    """An admin (or inline) that shows rows and never adds, changes or deletes one."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class SlipLineVersionInline(ReadOnly, admin.TabularInline):
    model = SlipLineVersion
    extra = 0
    can_delete = False
    readonly_fields = ["version", "data", "change", "reason", "changed_via", "changed_by", "changed_at"]
    exclude = ["session", "tray_number", "table_number", "changed_user"]


@admin.register(SlipLine)
class SlipLineAdmin(ReadOnly, ClubScopedAdmin):
    club_path = "session__club"
    list_display = [
        "session",
        "tray",
        "table",
        "round",
        "ns",
        "ew",
        "ns_tricks",
        "status",
        "entered_via",
        "version",
    ]
    list_filter = [
        "status",
        "entered_via",
        ("session__club", admin.RelatedOnlyFieldListFilter),
        ("session", admin.RelatedOnlyFieldListFilter),
    ]
    raw_id_fields = ["ns", "ew", "tray", "table", "round"]
    inlines = [SlipLineVersionInline]


@admin.register(ScoreSnapshot)
class ScoreSnapshotAdmin(ReadOnly, ClubScopedAdmin):
    club_path = "session__club"
    list_display = ["session", "method", "source_version", "computed_at"]
    list_filter = ["method"]
