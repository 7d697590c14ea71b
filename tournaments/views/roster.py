"""The roster: add, edit, merge, deactivate and import players; search as you type.

Every page is login-only and resolves the club from the URL among the clubs
the user directs (another club's roster is a 404, never a 403).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views import View

from .. import tasks
from ..display import plural
from ..forms import NamesForm, PlayerForm, PlayerMergeForm, RosterImportForm, add_service_error
from ..mixins import DirectorClubMixin
from ..models import Player
from ..services import club as club_services
from ..services import entrant_names
from ..services.errors import UserError

SEARCH_LIMIT = 200


class RosterView(DirectorClubMixin, View):
    """The roster with its search box, the form to add a player, and the list to add several."""

    def get(
        self,
        request: HttpRequest,
        club: str,
        form: PlayerForm | None = None,
        names_form: NamesForm | None = None,
    ) -> HttpResponse:
        q = request.GET.get("q", "")
        players = club_services.players_search(club=self.club, q=q)[:SEARCH_LIMIT]
        return render(
            request,
            "director/roster_list.html",
            {
                "club": self.club,
                "q": q,
                "players": players,
                "form": form or PlayerForm(),
                "names_form": names_form or NamesForm(label=NAMES_LABEL),
            },
        )

    def post(self, request: HttpRequest, club: str) -> HttpResponse:
        form = PlayerForm(request.POST)
        try:
            form.is_valid()
            player = club_services.player_create(club=self.club, user=request.user, **_name_number(form))
        except UserError as exc:
            return self.get(request, club, form=add_service_error(form, exc))
        messages.success(request, f"{player.name} is on the roster.")
        return redirect("director:roster", club=self.club.slug)


#: The list of new players' label on the roster page.
NAMES_LABEL = "Names, one a line"


class RosterNamesView(RosterView):
    """Add several players at once: a list, one a line ("name" or "name, member number"); all or none."""

    def post(self, request: HttpRequest, club: str) -> HttpResponse:
        form = NamesForm(request.POST, label=NAMES_LABEL)
        try:
            added = entrant_names.players_add_names(club=self.club, text=form.typed(), user=request.user)
        except UserError as exc:
            return self.get(request, club, names_form=form.refused(exc))
        messages.success(request, _added_words(added))
        return redirect("director:roster", club=self.club.slug)


class RosterSearchJsonView(DirectorClubMixin, View):
    """Search as you type: the roster's matches as JSON (used by roster.js)."""

    def get(self, request: HttpRequest, club: str) -> JsonResponse:
        players = club_services.players_search(club=self.club, q=request.GET.get("q", ""))[:SEARCH_LIMIT]
        return JsonResponse(
            {
                "players": [
                    {
                        "id": p.pk,
                        "name": p.name,
                        "member_number": p.member_number,
                        "active": p.active,
                        "visitor": p.visitor,
                    }
                    for p in players
                ]
            }
        )


class PlayerEditView(DirectorClubMixin, View):
    """One player: change name, number or active; merge a duplicate into another."""

    def get(self, request: HttpRequest, club: str, pk: int, **forms: Any) -> HttpResponse:
        player = self.player(pk)
        initial = {
            "name": player.name,
            "member_number": player.member_number,
            "active": player.active,
            "sex": player.sex,
            "email": player.email,
        }
        return render(
            request,
            "director/roster_player.html",
            {
                "club": self.club,
                "player": player,
                "form": forms.get("form") or PlayerForm(initial=initial),
                "merge_form": forms.get("merge_form") or PlayerMergeForm(player=player),
            },
        )

    def post(self, request: HttpRequest, club: str, pk: int) -> HttpResponse:
        player, form = self.player(pk), PlayerForm(request.POST)
        try:
            form.is_valid()
            club_services.player_update(
                player=player,
                active=form.cleaned_data.get("active", False),
                sex=form.cleaned_data.get("sex") or "",
                email=form.cleaned_data.get("email") or "",
                user=request.user,
                **_name_number(form),
            )
        except UserError as exc:
            return self.get(request, club, pk, form=add_service_error(form, exc))
        messages.success(request, f"Saved {player.name}.")
        return redirect("director:roster", club=self.club.slug)


class PlayerActiveView(DirectorClubMixin, View):
    """Deactivate a player (or bring one back) in one click from the roster."""

    def post(self, request: HttpRequest, club: str, pk: int) -> HttpResponse:
        player = self.player(pk)
        club_services.player_update(
            player=player,
            name=player.name,
            member_number=player.member_number,
            active=not player.active,
            user=request.user,
        )
        state = "active again" if player.active else "inactive: not offered for new sessions"
        messages.success(request, f"{player.name} is {state}.")
        query = urlencode({"q": request.POST.get("q", "")})
        return redirect(f"{reverse('director:roster', args=[self.club.slug])}?{query}")


class PlayerMemberView(DirectorClubMixin, View):
    """A visitor joins the club: a member from now on (the season's ladder ranks members only)."""

    def post(self, request: HttpRequest, club: str, pk: int) -> HttpResponse:
        player = self.player(pk)
        try:
            club_services.player_make_member(player=player, user=request.user)
            messages.success(request, f"{player.name} is a member of the club.")
        except UserError as exc:
            messages.error(request, exc.message)
        return redirect("director:player_edit", club=self.club.slug, pk=pk)


class PlayerMergeView(PlayerEditView):
    """Merge this player (a duplicate entry) into the chosen one."""

    def post(self, request: HttpRequest, club: str, pk: int) -> HttpResponse:
        player = self.player(pk)
        form = PlayerMergeForm(request.POST, player=player)
        try:
            keep = form.cleaned_data.get("keep") if form.is_valid() else None
            if keep is None:
                raise UserError("Choose the player to keep.", field="keep")
            club_services.player_merge(keep=keep, merge=player, user=request.user)
        except UserError as exc:
            exc.field = "keep" if exc.field in (None, "merge") else exc.field
            return self.get(request, club, pk, merge_form=add_service_error(form, exc))
        messages.success(request, f"{player.name} is merged into {keep.name}.")
        return redirect("director:player_edit", club=self.club.slug, pk=keep.pk)


class RosterImportView(DirectorClubMixin, View):
    """Import a roster from CSV (columns: name, member_number, sex), and how far an import has gone.

    The whole file is checked first (a file refused whole adds nobody); the
    players are then written batch by batch (``tasks.import_roster``). Run
    in the request, the roster says what was added; queued for a worker,
    this page (``?import=<id>``) shows the progress, and ``roster.js`` polls
    it (``&format=json``) until the import is over.
    """

    def get(self, request: HttpRequest, club: str, form: RosterImportForm | None = None) -> HttpResponse:
        running = club_services.roster_import_status(club=self.club, import_id=request.GET.get("import", ""))
        if request.GET.get("format") == "json":
            return _progress_json(running)
        context = {"club": self.club, "form": form or RosterImportForm(), "running": running}
        return render(request, "director/roster_import.html", context)

    def post(self, request: HttpRequest, club: str) -> HttpResponse:
        form = RosterImportForm(request.POST, request.FILES)
        try:
            form.is_valid()
            begun = tasks.roster_import_start(club=self.club, text=form.text(), user=request.user)
        except UserError as exc:
            return self.get(request, club, form=add_service_error(form, exc))
        if not begun.finished:
            return redirect(f"{reverse('director:roster_import', args=[self.club.slug])}?import={begun.id}")
        _say(request, begun)
        return redirect("director:roster", club=self.club.slug)


#: The refused lines said one by one after an import; the rest are counted.
PROBLEMS_SHOWN = 20


def _say(request: HttpRequest, done: club_services.RosterImport) -> None:
    """What an import did, as the roster page's messages: added, then the lines refused."""
    messages.success(request, done.said)
    for problem in done.problems[:PROBLEMS_SHOWN]:
        messages.warning(request, f"Not imported: {problem}")
    if len(done.problems) > PROBLEMS_SHOWN:
        messages.warning(request, f"… and {len(done.problems) - PROBLEMS_SHOWN:,} more lines not imported.")


def _progress_json(running: club_services.RosterImport | None) -> JsonResponse:
    """An import's progress for ``roster.js`` to poll (404 for an import this club has not begun)."""
    if running is None:
        return JsonResponse({"detail": "No such import."}, status=404)
    fields = ("state", "total", "done", "added", "finished", "said")
    return JsonResponse({name: getattr(running, name) for name in fields})


#: The names said one by one after a list is added; the rest are counted.
NAMES_SHOWN = 20


def _added_words(added: list[Player]) -> str:
    """ "Added 3 players to the roster: Ann Lee, Bob Hart, Cy Dunn." """
    names = ", ".join(p.name for p in added[:NAMES_SHOWN])
    more = f" and {len(added) - NAMES_SHOWN:,} more" if len(added) > NAMES_SHOWN else ""
    return f"Added {plural(len(added), 'player')} to the roster: {names}{more}."


def _name_number(form: PlayerForm) -> dict[str, str]:
    """The name and member number typed, for the services to check."""
    data = form.cleaned_data
    return {"name": data.get("name") or "", "member_number": data.get("member_number") or ""}
