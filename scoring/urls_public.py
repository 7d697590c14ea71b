"""The club's public pages: results, travellers, score cards, hand records, ladder, exports."""

from django.urls import path

from scoring.views import public, public_exports, public_people, public_travellers

app_name = "public"

SESSION = "c/<slug:club>/s/<int:pk>/"

urlpatterns = [
    path("", public.HomeView.as_view(), name="home"),
    path("c/<slug:club>/", public.ClubView.as_view(), name="club"),
    path("c/<slug:club>/p/<int:player>/", public_people.PlayerView.as_view(), name="player"),
    path("c/<slug:club>/ladder/<int:series>/", public_people.LadderView.as_view(), name="ladder"),
    path(SESSION, public.SessionResultsView.as_view(), name="session"),
    path(SESSION + "travellers/", public_travellers.TravellersView.as_view(), name="travellers"),
    path(SESSION + "t/<int:tray>/", public_travellers.TrayView.as_view(), name="tray"),
    path(SESSION + "e/<int:entrant>/", public_travellers.ScoreCardView.as_view(), name="card"),
    path(SESSION + "hands/", public_travellers.HandRecordsView.as_view(), name="hands"),
    path(SESSION + "results.csv", public_exports.ResultsCsvView.as_view(), name="results_csv"),
    path(SESSION + "results.json", public_exports.ResultsJsonView.as_view(), name="results_json"),
    path(SESSION + "results.pdf", public_exports.ResultsPdfView.as_view(), name="results_pdf"),
    path(SESSION + "deals.pbn", public_exports.DealsPbnView.as_view(), name="deals_pbn"),
]
