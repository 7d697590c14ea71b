"""Django admin for slips and score snapshots."""

from __future__ import annotations

from django.contrib import admin

from .models import ScoreSnapshot, SlipLine, SlipLineVersion


class SlipLineVersionInline(admin.TabularInline):
    model = SlipLineVersion
    extra = 0
    can_delete = False
    readonly_fields = ["version", "data", "change", "reason", "changed_via", "changed_by", "changed_at"]
    exclude = ["session", "tray_number", "table_number", "changed_user"]


@admin.register(SlipLine)
class SlipLineAdmin(admin.ModelAdmin):
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
    list_filter = ["status", "entered_via", "session__club", "session"]
    raw_id_fields = ["ns", "ew", "tray", "table", "round"]
    inlines = [SlipLineVersionInline]


@admin.register(ScoreSnapshot)
class ScoreSnapshotAdmin(admin.ModelAdmin):
    list_display = ["session", "method", "source_version", "computed_at"]
    list_filter = ["method"]
