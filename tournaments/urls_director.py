"""The director's pages (login required; a director sees only the clubs they direct)."""

from django.urls import path

from .views import director

app_name = "director"

urlpatterns = [
    path("", director.DirectorHomeView.as_view(), name="home"),
    path("s/<int:pk>/", director.SessionDetailView.as_view(), name="session"),
]
