"""The organiser's pages, under /director/club/<slug>/sims/ (the organising club's directors only)."""

from django.urls import path

from . import pages

app_name = "sims"

urlpatterns = [
    path("club/<slug:club>/sims/", pages.SimListView.as_view(), name="list"),
    path("club/<slug:club>/sims/<slug:ref>/", pages.SimEventView.as_view(), name="event"),
    path("club/<slug:club>/sims/<slug:ref>/clubs/", pages.SimClubAddView.as_view(), name="club_add"),
    path("club/<slug:club>/sims/<slug:ref>/clubs/<int:pk>/pack", pages.SimPackView.as_view(), name="pack"),
    path(
        "club/<slug:club>/sims/<slug:ref>/clubs/<int:pk>/heat", pages.SimHeatUploadView.as_view(), name="heat"
    ),
    path(
        "club/<slug:club>/sims/<slug:ref>/clubs/<int:pk>/withdraw",
        pages.SimClubWithdrawView.as_view(),
        name="withdraw",
    ),
    path(
        "club/<slug:club>/sims/<slug:ref>/commentary/", pages.SimCommentaryView.as_view(), name="commentary"
    ),
    path("club/<slug:club>/sims/<slug:ref>/<str:action>/", pages.SimStateView.as_view(), name="state"),
]
