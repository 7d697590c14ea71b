"""The signed-in director's API tokens: each listed by its prefix and times, with a button to revoke it.

A key is shown once, where it is made (``POST /api/v1/auth/token/`` or
``manage.py api_token``); here a director sees which are still live and
revokes one they no longer trust. Someone else's token is a 404.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views import View

from ..services.errors import NotFound
from ..services.tokens import token_revoke, tokens_of


class ApiTokensView(LoginRequiredMixin, View):
    """The director's unexpired API tokens, newest first."""

    def get(self, request: HttpRequest) -> HttpResponse:
        return render(request, "director/tokens.html", {"tokens": tokens_of(user=request.user)})


class ApiTokenRevokeView(LoginRequiredMixin, View):
    """Revoke one of the director's tokens (POST): its key stops working at once."""

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        try:
            token_revoke(user=request.user, token_id=pk)
        except NotFound as exc:
            raise Http404(exc.message) from None
        messages.success(request, "The token is revoked: its key no longer works.")
        return redirect("director:tokens")
