"""A player's own link at a mnemonic duplicate sitting (``/m/<token>/``, namespace ``mnemonic``)."""

from django.urls import path

from entry.views import mnemonic

app_name = "mnemonic"

urlpatterns = [
    path("<link:token>/", mnemonic.MnemonicPlayerView.as_view(), name="player"),
]
