"""The public page of a simultaneous event, at /sims/<ref>/."""

from django.urls import path

from .public import SimPublicView

app_name = "sims_public"

urlpatterns = [path("sims/<slug:ref>/", SimPublicView.as_view(), name="event")]
