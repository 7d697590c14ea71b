"""The site administrator's pages (namespace ``site``, under /site/) and a new director's set-password page.

``welcome_patterns`` is mounted under /accounts/ beside the login page; its
``<link:token>`` is masked in every request log (``infra.links``).
"""

from django.urls import path

from .views import site

app_name = "site"

urlpatterns = [
    path("", site.SiteClubsView.as_view(), name="clubs"),
    path("clubs/<slug:club>/directors/<int:pk>/link/", site.DirectorLinkView.as_view(), name="director_link"),
]

welcome_patterns = [
    path("welcome/<link:token>/", site.DirectorWelcomeView.as_view(), name="director_welcome"),
]
