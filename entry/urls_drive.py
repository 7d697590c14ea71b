"""A player's own link at a whist drive (``/d/<token>/``) and its plain forms (namespace ``drive``).

The page's script speaks the REST API (``entry.api.drive``).
"""

from django.urls import path

from entry.views import drive

app_name = "drive"

urlpatterns = [
    path("<link:token>/", drive.DrivePlayerView.as_view(), name="player"),
    path("<link:token>/check", drive.DriveCheckView.as_view(), name="check"),
    path("<link:token>/dispute", drive.DriveDisputeView.as_view(), name="dispute"),
]
