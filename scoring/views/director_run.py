"""The director's pages for running a session: start, live board, entry, corrections, close, publish.

Each view parses, calls a service, maps a ``UserError`` to a message next to
its field (``exc.field``), and redirects. Every rule lives in the services
(``tournaments.services.running``, ``scoring.services.directing`` and
``scoring.services.results``); every read in ``scoring.board``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views import View
from django.views.generic import TemplateView

from tournaments.models import Entrant, EntrantMember, Player, Seat, Seating, Session, Table, Tray
from tournaments.selectors import session_for_director
from tournaments.services import running
from tournaments.services.errors import NotFound, UserError
from tournaments.services.sessions import (
    session_advance,
    session_publish_switches,
    session_set_status,
    session_start,
)

from .. import board as sel
from ..models import AWARD_CHOICES, SlipLine
from ..services import directing
from ..services.results import result_award, result_correct

Errors = dict[str, str]


def errors_for(exc: UserError, fields: set[str]) -> Errors:
    """A service's refusal, keyed by the field it names (or 'form' above the form)."""
    return {exc.field if exc.field in fields else "form": exc.message}


def post_int(data: QueryDict, name: str, label: str) -> int:
    """A whole number from a form, or a UserError next to that field."""
    try:
        return int(data.get(name, "").strip() or "0")
    except ValueError:
        raise UserError(f"{label} must be a whole number.", field=name) from None


class DirectorSessionMixin(LoginRequiredMixin):
    """Resolve the session once; a session of another club is a 404 (TournamentMixin style)."""

    session: Session

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        try:
            self.session = session_for_director(user=request.user, pk=kwargs["pk"])
        except NotFound as exc:
            raise Http404(exc.message) from None
        return super().dispatch(request, *args, **kwargs)  # type: ignore[no-any-return]

    def base_context(self) -> dict[str, Any]:
        return {"session": self.session, "rounds_count": self.session.rounds.count()}


class RunPageView(DirectorSessionMixin, TemplateView):
    """A page whose forms, when refused, show the page again with the message by the field."""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return {**super().get_context_data(**kwargs), **self.base_context(), "errors": {}, "values": {}}

    def refuse(self, errors: dict[str, Errors], **extra: Any) -> HttpResponse:
        context = self.get_context_data(**self.kwargs)
        context.update(errors=errors, values=self.request.POST, **extra)
        return self.render_to_response(context, status=400)


class ActionView(DirectorSessionMixin, View):
    """A button: call a service, say what happened at the top, go back."""

    def act(self, request: HttpRequest, **kwargs: Any) -> str:
        raise NotImplementedError

    def post(self, request: HttpRequest, pk: int, **kwargs: Any) -> HttpResponse:
        try:
            messages.success(request, self.act(request, **kwargs))
        except UserError as exc:
            messages.error(request, exc.message)
        target = request.POST.get("next", "")
        if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
            target = reverse("run:board", args=[pk])
        return redirect(target)


# --- Start and the live board (step 6) ---------------------------------------------------------


class BoardView(RunPageView):
    """Every table and round: entered, confirmed, disputed, late; polls board.json."""

    template_name = "director/board.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        board = sel.session_board(session=self.session)
        late_rows = [row for row in board.tables if row.late]
        return {**super().get_context_data(**kwargs), "board": board, "late_rows": late_rows, "tab": "board"}


class BoardJsonView(DirectorSessionMixin, View):
    """The live board as JSON, for static/js/board.js."""

    def get(self, request: HttpRequest, pk: int) -> JsonResponse:
        data = sel.board_to_json(sel.session_board(session=self.session), self.session)
        for d in data["disputes"]:
            d["url"] = reverse("run:line", args=[pk, d["line"]])
        return JsonResponse(data, headers={"Cache-Control": "no-store"})


class SessionStartView(ActionView):
    """Fix the seating and open the tables' links."""

    def act(self, request: HttpRequest, **kwargs: Any) -> str:
        session_start(session=self.session, user=request.user)
        return "The session has started: round 1. Every table's link is live."


class SessionAdvanceView(ActionView):
    """Move the whole room to the next round."""

    def act(self, request: HttpRequest, **kwargs: Any) -> str:
        session = session_advance(session=self.session, user=request.user)
        return f"Round {session.current_round} has begun."


class TablesAdvanceView(ActionView):
    """Let tables move on by themselves, or hold them for the director."""

    def act(self, request: HttpRequest, **kwargs: Any) -> str:
        on = request.POST.get("on") == "1"
        room = sel.session_board(session=self.session).room_round
        running.session_tables_advance(session=self.session, on=on, room_round=room, user=request.user)
        return (
            "Tables now move on by themselves."
            if on
            else f"Tables now wait for you; the room is in round {room}."
        )


# --- Run: entry on a table's behalf, tables, substitutes, phantoms (step 7) --------------------


class RoundEnterView(RunPageView):
    """Enter a round's slips on the tables' behalf (any round: a late table keeps working)."""

    template_name = "director/run_enter.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        number = kwargs["round"]
        if not self.session.rounds.filter(number=number).exists():
            raise Http404("No such round.")
        seatings = Seating.objects.filter(round__session=self.session, round__number=number)
        lines = {
            (ln.table_id, ln.tray_id): ln
            for ln in SlipLine.objects.filter(session=self.session, round__number=number)
        }
        posted = self.request.POST if self.request.method == "POST" else {}
        errors = getattr(self, "entry_errors", {})
        rows = [
            _entry_row(s, lines, posted, errors)
            for s in seatings.select_related("table", "ns", "ew").order_by("table__number")
        ]
        return {
            **super().get_context_data(**kwargs),
            "round": number,
            "rows": rows,
            "tab": "enter",
            "round_list": range(1, self.session.rounds.count() + 1),
        }

    def post(self, request: HttpRequest, pk: int, round: int) -> HttpResponse:
        entries = {}
        for key, value in request.POST.items():
            if key.startswith("t") and "-" in key and key[1:].replace("-", "").isdigit():
                table, tray = key[1:].split("-", 1)
                entries[(int(table), int(tray))] = value
        outcome = directing.round_enter(
            session=self.session, round_number=round, entries=entries, user=request.user
        )
        if outcome.saved:
            messages.success(
                request, f"Saved {outcome.saved} result{'s' if outcome.saved != 1 else ''} for round {round}."
            )
        if outcome.errors:
            self.entry_errors = outcome.errors
            return self.refuse({"entry": outcome.errors})
        return redirect("run:enter", pk=pk, round=round)


def _entry_row(
    seating: Seating, lines: dict[tuple[int, int], SlipLine], posted: Any, errors: Errors
) -> dict[str, Any]:
    """One table's line of the entry form: who plays, each tray's stored line, or what was typed and why refused."""
    phantom = bool((seating.ns and seating.ns.is_phantom) or (seating.ew and seating.ew.is_phantom))
    trays = []
    for t in seating.trays.order_by("seatingtray__order"):
        key = f"t{seating.table.number}-{t.number}"
        line = lines.get((seating.table_id, t.pk))
        trays.append(
            {"tray": t, "key": key, "line": line, "value": posted.get(key, ""), "error": errors.get(key, "")}
        )
    return {
        "table": seating.table.number,
        "ns": seating.ns,
        "ew": seating.ew,
        "phantom": phantom,
        "trays": trays,
    }


class TablesView(RunPageView):
    """Tables and their links; substitute a player; turn a late pair into a phantom."""

    template_name = "director/run_tables.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        session = self.session
        in_session = EntrantMember.objects.filter(session=session).values("player_id")
        seated = Seat.objects.filter(round__session=session, player__isnull=False).values("player_id")
        return {
            **super().get_context_data(**kwargs),
            "tab": "tables",
            "tables": session.tables.all(),
            "seated_players": Player.objects.filter(pk__in=seated).order_by("name"),
            "substitutes": Player.objects.filter(club=session.club, active=True, merged_into__isnull=True)
            .exclude(pk__in=in_session)
            .exclude(pk__in=seated)
            .order_by("name"),
            "entrants": session.entrants.filter(team__isnull=True).order_by("kind", "number"),
            "substitutions": session.actions.filter(action="seat.substitute"),
        }

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        form = request.POST.get("form", "")
        handler: Callable[[HttpRequest], str] = {"substitute": self.substitute, "phantom": self.phantom}[form]
        try:
            messages.success(request, handler(request))
        except UserError as exc:
            return self.refuse({form: errors_for(exc, {"player_out", "player_in", "from_round", "entrant"})})
        return redirect("run:tables", pk=pk)

    def substitute(self, request: HttpRequest) -> str:
        club = self.session.club
        out = Player.objects.filter(club=club, pk=request.POST.get("player_out") or 0).first()
        sub = Player.objects.filter(club=club, pk=request.POST.get("player_in") or 0).first()
        if out is None or sub is None:
            raise UserError("Choose a player.", field="player_out" if out is None else "player_in")
        first = post_int(request.POST, "from_round", "The round")
        running.seat_substitute(
            session=self.session, player_out=out, player_in=sub, from_round=first, user=request.user
        )
        return f"{sub.name} plays for {out.name} from round {first}."

    def phantom(self, request: HttpRequest) -> str:
        entrant = Entrant.objects.filter(session=self.session, pk=request.POST.get("entrant") or 0).first()
        if entrant is None:
            raise UserError("Choose the late pair.", field="entrant")
        directing.entrant_make_phantom(entrant=entrant, user=request.user)
        return f"{entrant} is now a phantom: its opponents take the average on those trays."


class TableLinkView(ActionView):
    """Revoke a table's link, or issue a new one."""

    def act(self, request: HttpRequest, **kwargs: Any) -> str:
        table = Table.objects.filter(session=self.session, number=kwargs["table"]).first()
        if table is None:
            raise UserError("No such table.")
        if request.POST.get("do") == "revoke":
            running.table_revoke_link(table=table, user=request.user)
            return f"Table {table.number}'s link no longer works. Issue a new one when ready."
        running.table_new_link(table=table, user=request.user)
        return f"Table {table.number} has a new link; the old one no longer works."


# --- Correct (step 8) --------------------------------------------------------------------------


class TrayView(RunPageView):
    """One tray's traveling slip, every line, its status (Laws III-V) and its history."""

    template_name = "director/run_tray.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        tray = Tray.objects.filter(session=self.session, number=kwargs["tray"]).first()
        if tray is None:
            raise Http404("No such tray.")
        return {
            **super().get_context_data(**kwargs),
            "tab": "trays",
            "tray": tray,
            "trays": self.session.trays.order_by("number"),
            "rows": _tray_rows(tray),
            "statuses": Tray.Status.choices,
            "versions": sel.tray_history(session=self.session, tray_number=tray.number),
            "actions": sel.tray_actions(session=self.session, tray_number=tray.number),
        }

    def post(self, request: HttpRequest, pk: int, tray: int) -> HttpResponse:
        the_tray = Tray.objects.filter(session=self.session, number=tray).first()
        if the_tray is None:
            raise Http404("No such tray.")
        try:
            directing.tray_set_status(
                tray=the_tray,
                status=request.POST.get("status", ""),
                reason=request.POST.get("reason", ""),
                table_number=request.POST.get("table") or None,
                user=request.user,
                by=request.user.get_username(),
            )
        except UserError as exc:
            return self.refuse({"status": errors_for(exc, {"status", "table", "reason"})})
        messages.success(request, f"Tray {tray} is now {the_tray.get_status_display().lower()}.")
        return redirect("run:tray", pk=pk, tray=tray)


def _tray_rows(tray: Tray) -> list[dict[str, Any]]:
    """Every table that plays the tray, with its line (or none yet)."""
    lines = {ln.table_id: ln for ln in SlipLine.objects.filter(tray=tray).select_related("ns", "ew")}
    seatings = Seating.objects.filter(seating_trays__tray=tray).select_related("table", "round", "ns", "ew")
    return [
        {"seating": s, "table": s.table.number, "round": s.round.number, "line": lines.get(s.table_id)}
        for s in seatings.order_by("table__number")
    ]


class LineCorrectView(RunPageView):
    """Change a line with a reason: tricks, an award, revokes (Law X); the old version is kept."""

    template_name = "director/run_line.html"
    fields = {"ns_tricks", "ns_award", "ew_award", "ns_revokes", "ew_revokes", "reason"}

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        line = (
            SlipLine.objects.filter(session=self.session, pk=kwargs["line"])
            .select_related("tray", "table", "round", "ns", "ew")
            .first()
        )
        if line is None:
            raise Http404("No such result.")
        claims = sel.dispute_claims(session=self.session)
        return {
            **super().get_context_data(**kwargs),
            "tab": "trays",
            "line": line,
            "awards": AWARD_CHOICES,
            "history": sel.line_history(line=line),
            "claimed": claims.get((line.tray.number, line.table.number)),
        }

    def post(self, request: HttpRequest, pk: int, line: int) -> HttpResponse:
        the_line = SlipLine.objects.filter(session=self.session, pk=line).first()
        if the_line is None:
            raise Http404("No such result.")
        data = request.POST
        try:
            result_correct(
                line=the_line,
                reason=data.get("reason", ""),
                ns_tricks=data.get("ns_tricks", "").strip(),
                ns_award=data.get("ns_award", ""),
                ew_award=data.get("ew_award", ""),
                ns_revokes=post_int(data, "ns_revokes", "Revokes"),
                ew_revokes=post_int(data, "ew_revokes", "Revokes"),
                by=request.user.get_username(),
                user=request.user,
            )
        except UserError as exc:
            return self.refuse({"line": errors_for(exc, self.fields)})
        messages.success(request, "Correction saved; the earlier version is kept and the scores are updated.")
        return redirect("run:tray", pk=pk, tray=the_line.tray.number)


class AwardView(RunPageView):
    """Award an adjusted score to a table on a tray it has not sent (average, average-plus/minus)."""

    template_name = "director/run_award.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        row = next((r for r in _tray_rows(self._tray(kwargs["tray"])) if r["table"] == kwargs["table"]), None)
        if row is None:
            raise Http404("That table does not play that tray.")
        return {
            **super().get_context_data(**kwargs),
            "tab": "trays",
            "row": row,
            "tray_number": kwargs["tray"],
            "awards": AWARD_CHOICES[1:],
        }

    def _tray(self, number: int) -> Tray:
        tray = Tray.objects.filter(session=self.session, number=number).first()
        if tray is None:
            raise Http404("No such tray.")
        return tray

    def post(self, request: HttpRequest, pk: int, tray: int, table: int) -> HttpResponse:
        try:
            result_award(
                session=self.session,
                table_number=table,
                tray_number=tray,
                ns_award=request.POST.get("ns_award", ""),
                ew_award=request.POST.get("ew_award", ""),
                reason=request.POST.get("reason", ""),
                user=request.user,
                by=request.user.get_username(),
            )
        except UserError as exc:
            return self.refuse({"award": errors_for(exc, {"ns_award", "ew_award", "reason"})})
        messages.success(request, f"Table {table} has an adjusted score on tray {tray}.")
        return redirect("run:tray", pk=pk, tray=tray)


# --- Close and publish (step 9) ----------------------------------------------------------------


class CloseView(RunPageView):
    """What is missing, close and score; then publish with switches, or reopen."""

    template_name = "director/run_close.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        running_now = self.session.status == Session.Status.RUNNING
        rows, problem = sel.director_standings(session=self.session)
        return {
            **super().get_context_data(**kwargs),
            "tab": "close",
            "standings": rows,
            "score_problem": problem,
            "problems": directing.close_problems(session=self.session) if running_now else [],
            "unconfirmed": SlipLine.objects.filter(
                session=self.session, status=SlipLine.Status.ENTERED
            ).count(),
        }

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        try:
            directing.session_close(session=self.session, user=request.user)
        except directing.IncompleteSlips as exc:
            return self.refuse({"close": {"form": exc.message}}, problems=exc.problems)
        except UserError as exc:
            return self.refuse({"close": {"form": exc.message}})
        messages.success(request, "The session is closed and scored. Check the standings, then publish.")
        return redirect("run:close", pk=pk)


class PublishView(CloseView):
    """Publish a closed session (or change what a published one shows)."""

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        switches = {k: request.POST.get(k) == "on" for k in ("standings", "travellers", "hand_records")}
        try:
            if self.session.status == Session.Status.PUBLISHED:
                session_publish_switches(session=self.session, user=request.user, **switches)
            else:
                directing.session_publish(session=self.session, user=request.user, **switches)
        except UserError as exc:
            return self.refuse({"publish": errors_for(exc, set(switches))})
        messages.success(request, "Published to the club's pages.")
        return redirect("run:close", pk=pk)


class ReopenView(ActionView):
    """Published -> closed (to correct), or closed -> running (to take more results)."""

    def act(self, request: HttpRequest, **kwargs: Any) -> str:
        if self.session.status == Session.Status.PUBLISHED:
            session_set_status(session=self.session, status=Session.Status.CLOSED, user=request.user)
            return "Reopened: the session is closed again and hidden from the public. Correct, then publish."
        session_set_status(session=self.session, status=Session.Status.RUNNING, user=request.user)
        return "The session is running again; tables and you may enter results."
