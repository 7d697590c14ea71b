"""The director's pages for running a session (issue #5, steps 6-7): start, live board, entry, tables.

Each view parses, calls a service, maps a ``UserError`` to a message next to
its field (``exc.field``), and redirects. Every rule lives in the services
(``tournaments.services.running``, ``entry.services.directing`` and
``entry.services.results``); every read in ``scoring.board``. Correcting,
closing and publishing are in ``director_correct``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.views import View

from entry.selectors import board as sel
from entry.selectors.attention import entrant_names, needs_you
from entry.selectors.screen import hall_screen, screen_routes
from entry.services import calls, directing
from scoring.models import SlipLine
from tournaments.clock import clock_words
from tournaments.mixins import (
    ActionView,
    DirectorSessionMixin,
    Errors,
    RunPageView,
    errors_for,
    post_id,
    post_int,
)
from tournaments.models import (
    SEATED_NAMES,
    Entrant,
    EntrantLink,
    EntrantMember,
    Player,
    Seat,
    Seating,
    Session,
    Table,
)
from tournaments.selectors import entrant_links_with_phones, late_pairs, running_score_reach
from tournaments.services import running
from tournaments.services.errors import UserError
from tournaments.services.mnemonic import overplay_table
from tournaments.services.phones import entrant_release_phones, session_phones_claim
from tournaments.services.sessions import session_advance, session_publish_switches, session_start

#: A cell of the round's entry form: ``t<table>-<tray>``, plain digits of a sensible length.
ENTRY_CELL = re.compile(r"t(?P<table>[0-9]{1,5})-(?P<tray>[0-9]{1,5})")

# --- Start and the live board (step 6) ---------------------------------------------------------


class BoardView(RunPageView):
    """Every table and round: entered, confirmed, disputed, late; what needs you; polls board.json."""

    template_name = "director/board.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return {**super().get_context_data(**kwargs), **board_context(self.session), "tab": "board"}


def board_context(session: Session) -> dict[str, Any]:
    """The board, what needs the director, and the room's round clock."""
    board = sel.session_board(session=session)
    all_in = board.totals["missing"] == 0
    clock = None if all_in else board.clock.of(board.room_round)
    now = timezone.localtime()
    sitouts = [(r, board.sitouts.get(r, [])) for r in board.rounds]
    return {
        "board": board,
        "needs": needs_you(session=session, board=board),
        "names": entrant_names(session),
        "sitouts": sitouts,
        "has_sitouts": any(who for _, who in sitouts),
        "routes": screen_routes(session=session, board=board) if not all_in else [],
        "clock": clock,
        "clock_json": json.dumps(clock.to_json(now)) if clock else "",
        "clock_words": clock_words(clock, now),
        "all_in": all_in,
    }


class HallScreenView(RunPageView):
    """The hall's screen: the board and the running score, large, for the projector (refreshes itself)."""

    template_name = "director/screen.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        screen, now = hall_screen(session=self.session), timezone.localtime()
        return {
            **super().get_context_data(**kwargs),
            "screen": screen,
            "clock_json": json.dumps(screen.clock.to_json(now)) if screen.clock else "",
            "clock_words": clock_words(screen.clock, now),
        }


class BoardJsonView(DirectorSessionMixin, View):
    """The live board as JSON, for static/js/board.js ("Needs you" as the page draws it, with its buttons)."""

    def get(self, request: HttpRequest, pk: int) -> JsonResponse:
        context = board_context(self.session)
        data = sel.board_to_json(context["board"], self.session)
        for d in data["disputes"]:
            d["url"] = reverse("run:line", args=[pk, d["line"]])
        data["needs"] = context["needs"].to_json()
        data["needs_count"] = context["needs"].count
        data["clock"] = json.loads(context["clock_json"]) if context["clock_json"] else None
        data["all_in"] = context["all_in"]
        data.update(board_html(request, {**context, "session": self.session}))
        return JsonResponse(data, headers={"Cache-Control": "no-store"})


def board_html(request: HttpRequest, context: dict[str, Any]) -> dict[str, str]:
    """What board.js puts in the page as the server draws it: "Needs you" with its buttons, and the
    sentence once every tray is in (blank before)."""
    return {
        "needs_html": render_to_string("director/_needs_you.html", context, request=request),
        "all_in_html": (
            render_to_string("director/_all_in.html", context, request=request) if context["all_in"] else ""
        ),
    }


class CallAnswerView(ActionView):
    """A call to the director marked answered: it leaves the board."""

    def act(self, request: HttpRequest, **kwargs: Any) -> str:
        call = calls.call_answer(session=self.session, call_id=kwargs["call"], user=request.user)
        where = f"Table {call.table.number}" if call.table else "The phone"
        return f"{where}'s call is answered."


class TimerView(ActionView):
    """Set the round timer: minutes a tray, minutes for the change."""

    def act(self, request: HttpRequest, **kwargs: Any) -> str:
        session = running.session_timer_set(
            session=self.session,
            minutes_per_tray=request.POST.get("minutes_per_tray", ""),
            change_minutes=request.POST.get("change_minutes", ""),
            user=request.user,
        )
        if not session.minutes_per_tray:
            return "The round timer is off."
        return (
            f"Round timer: {session.minutes_per_tray} min a tray, "
            f"{session.change_minutes} min for the change."
        )


class ClockRestartView(ActionView):
    """Begin the room's round clock again now."""

    def act(self, request: HttpRequest, **kwargs: Any) -> str:
        room = sel.session_board(session=self.session).room_round
        rnd = running.round_clock_restart(session=self.session, round_number=room, user=request.user)
        return f"Round {rnd.number}'s clock starts again now."


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
        session = directing.tables_advance(session=self.session, on=on, user=request.user)
        return (
            "Tables now move on by themselves."
            if on
            else f"Tables now wait for you; the room is in round {session.current_round}."
        )


# --- Run: entry on a table's behalf, tables, substitutes, phantoms (step 7) --------------------


class RoundEnterNowView(DirectorSessionMixin, View):
    """ "Enter results": the entry of the round the room is playing (the live board's room round)."""

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        room = sel.session_board(session=self.session).room_round
        return redirect("run:enter", pk=pk, round=min(max(room, 1), max(self.session.rounds.count(), 1)))


class RoundEnterView(RunPageView):
    """Enter a round's slips on the tables' behalf (any round: a late table keeps working); save and go
    on to the next round; the pairs sitting out the round are shown, taking the average (p. 38)."""

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
            for s in seatings.select_related("table", "ns", "ew")
            .prefetch_related(*SEATED_NAMES)  # each pair named from its players
            .order_by("table__number")
        ]
        names = entrant_names(self.session)
        board = sel.session_board(session=self.session)
        return {
            **super().get_context_data(**kwargs),
            "round": number,
            "rows": rows,
            "tab": "enter",
            "round_list": range(1, self.session.rounds.count() + 1),
            "room_round": board.room_round,
            "sitting_out": [names.get(n, f"Number {n}") for n in board.sitouts.get(number, [])],
        }

    def post(self, request: HttpRequest, pk: int, round: int) -> HttpResponse:
        entries = {}
        for key, value in request.POST.items():
            cell = ENTRY_CELL.fullmatch(key)
            if cell is not None:
                entries[(int(cell["table"]), int(cell["tray"]))] = value
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
        onward = request.POST.get("then") == "next" and round < self.session.rounds.count()
        return redirect("run:enter", pk=pk, round=round + 1 if onward else round)


def _entry_row(
    seating: Seating, lines: dict[tuple[int, int], SlipLine], posted: Any, errors: Errors
) -> dict[str, Any]:
    """A table's row of the entry form: who plays; per tray its stored line, or what was typed."""
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
            "overplay_table": overplay_table(session),
            "seated_players": Player.objects.filter(pk__in=seated).order_by("name"),
            "substitutes": Player.objects.filter(club=session.club, active=True, merged_into__isnull=True)
            .exclude(pk__in=in_session)
            .exclude(pk__in=seated)
            .order_by("name"),
            "entrants": late_pairs(session),
            "substitutions": session.actions.filter(action="seat.substitute"),
            "entrant_links": entrant_links_with_phones(session=session),
            "running_reach": running_score_reach(session=session),
        }

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        form = request.POST.get("form", "")
        handlers: dict[str, Callable[[HttpRequest], str]] = {
            "substitute": self.substitute,
            "phantom": self.phantom,
            "running": self.running_score,
            "claims": self.claims,
        }
        handler = handlers.get(form)
        try:
            if handler is None:
                raise UserError("Use one of the forms on this page.")
            messages.success(request, handler(request))
        except UserError as exc:
            fields = {"player_out", "player_in", "from_round", "entrant", "hidden_rounds"}
            return self.refuse({form or "form": errors_for(exc, fields)})
        return redirect("run:tables", pk=pk)

    def running_score(self, request: HttpRequest) -> str:
        show = request.POST.get("show") == "on"
        hidden = post_int(request.POST, "hidden_rounds", "The number of rounds")
        session_publish_switches(
            session=self.session, running_score=show, running_score_hidden_rounds=hidden, user=request.user
        )
        if not show:
            return "The tables no longer see the running score."
        tail = f", hidden for the last {hidden} round{'s' if hidden != 1 else ''}" if hidden else ""
        warning = running_score_reach(session=self.session).warning()
        return f"The tables see the running score over complete trays{tail}. {warning}".strip()

    def claims(self, request: HttpRequest) -> str:
        on = request.POST.get("claims") == "on"
        session_phones_claim(session=self.session, on=on, user=request.user)
        if on:
            return "A phone may say at its table's code which pair it is."
        return "A pair's page now opens only from its own QR code; phones that follow a pair keep it."

    def substitute(self, request: HttpRequest) -> str:
        club = self.session.club
        out = Player.objects.filter(club=club, pk=post_id(request.POST, "player_out")).first()
        sub = Player.objects.filter(club=club, pk=post_id(request.POST, "player_in")).first()
        if out is None or sub is None:
            raise UserError("Choose a player.", field="player_out" if out is None else "player_in")
        first = post_int(request.POST, "from_round", "The round")
        running.seat_substitute(
            session=self.session, player_out=out, player_in=sub, from_round=first, user=request.user
        )
        return f"{sub.name} plays for {out.name} from round {first}."

    def phantom(self, request: HttpRequest) -> str:
        entrant = Entrant.objects.filter(session=self.session, pk=post_id(request.POST, "entrant")).first()
        if entrant is None:
            raise UserError("Choose the late pair.", field="entrant")
        directing.entrant_make_phantom(entrant=entrant, user=request.user)
        return f"{entrant} is now a phantom: its opponents take the average on those trays."


class EntrantLinkView(ActionView):
    """Revoke an entrant's own link, issue a new one, or release the phones that follow it."""

    def act(self, request: HttpRequest, **kwargs: Any) -> str:
        link = (
            EntrantLink.objects.filter(session=self.session, pk=kwargs["link"])
            .select_related("entrant")
            .first()
        )
        if link is None:
            raise UserError("No such link.")
        if request.POST.get("do") == "release":
            ended = entrant_release_phones(link=link, user=request.user)
            phones = f"{ended} phone{'s' if ended != 1 else ''}"
            return f"{link.entrant}: {phones} released; a phone may claim it again."
        if request.POST.get("do") == "revoke":
            running.entrant_revoke_link(link=link, user=request.user)
            return (
                f"{link.entrant}'s own link no longer works; phones that followed it must scan a table again."
            )
        running.entrant_new_link(link=link, user=request.user)
        return f"{link.entrant} has a new link; print its QR code again."


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
