"""The public page of a simultaneous event, at /sims/<ref>/."""

from django.urls import path

from .public import SimFieldFileView, SimPublicView

app_name = "sims_public"

urlpatterns = [
    path("sims/<slug:ref>/", SimPublicView.as_view(), name="event"),
    path("sims/<slug:ref>/field.json", SimFieldFileView.as_view(), name="field"),
]
