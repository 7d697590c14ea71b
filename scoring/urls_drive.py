"""A player's own link at a whist drive (``/d/<token>/``) and its JSON (namespace ``drive``)."""

from django.urls import path

from .views import drive

app_name = "drive"

urlpatterns = [
    path("<str:token>/", drive.DrivePlayerView.as_view(), name="player"),
    path("<str:token>/check", drive.DriveCheckView.as_view(), name="check"),
    path("<str:token>/dispute", drive.DriveDisputeView.as_view(), name="dispute"),
    path("<str:token>/state", drive.DriveStateView.as_view(), name="state"),
    path("<str:token>/stamp", drive.DriveStampView.as_view(), name="stamp"),
    path("<str:token>/send", drive.DriveSendView.as_view(), name="send"),
]
