"""The club's public pages: results, travellers, score cards, hand records."""

from django.urls import path

from .views import public

app_name = "public"

urlpatterns = [
    path("", public.HomeView.as_view(), name="home"),
    path("c/<slug:club>/", public.ClubView.as_view(), name="club"),
    path("c/<slug:club>/s/<int:pk>/", public.SessionResultsView.as_view(), name="session"),
]
