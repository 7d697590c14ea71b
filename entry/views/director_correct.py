"""The director's pages for correcting, closing and publishing a session (issue #5, steps 8-9).

Corrections never overwrite: the services keep every earlier version of a
line (who, when, why) and the tray's status changes in the action log, and
the scores are recomputed at once. Closing lists exactly what is missing; a
published session is changed only after it is reopened.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views import View

from entry.disputes import Figures
from entry.selectors import board as sel
from entry.selectors.checks import open_checks, session_checks
from entry.send.rules import SIDE_WORDS
from entry.services import directing
from entry.services.decisions import Decision, dispute_settle, line_confirm_as_entered
from entry.services.results import result_award, result_correct
from scoring.models import AWARD_CHOICES, SlipLine, Via
from scoring.score_cards_pdf import score_cards_pdf
from scoring.selectors.finality import sent_before_correction, session_finality
from scoring.selectors.heat import NotAHeat, heat_site, results_filename, session_results_pbn
from scoring.selectors.score_cards import score_card_sends, send_left_out, send_said, session_score_cards
from scoring.services.score_card_mail import address
from scoring.services.score_cards import score_cards_send
from scoring.visibility import EVERYTHING, hands_released, provisional_until
from sims.club_field import FIELD_MAX, sim_field_fetch, sim_field_import
from sims.club_placings import field_box
from sims.club_send import heat_send
from tournaments.mixins import ActionView, DirectorSessionMixin, RunPageView, errors_for, post_int
from tournaments.models import SEATED_NAMES, Player, Seating, Session, Tray
from tournaments.selectors import tray_by_number
from tournaments.services.errors import FieldErrors, UserError
from tournaments.services.sessions import session_reopen

# --- Correct (step 8) --------------------------------------------------------------------------


class TrayView(RunPageView):
    """One tray's traveling slip, every line, its status (Laws III-V) and its history."""

    template_name = "director/run_tray.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        tray = tray_by_number(session=self.session, number=kwargs["tray"])
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
        the_tray = tray_by_number(session=self.session, number=tray)
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
        messages.success(request, f"Tray {tray}: {the_tray.get_status_display()}.")
        return redirect("run:tray", pk=pk, tray=tray)


def _tray_rows(tray: Tray) -> list[dict[str, Any]]:
    """Every table that plays the tray, with its line (or none yet)."""
    lines = {ln.table_id: ln for ln in SlipLine.objects.filter(tray=tray).select_related("ns", "ew")}
    seatings = (
        Seating.objects.filter(seating_trays__tray=tray)
        .select_related("table", "round", "ns", "ew")
        .prefetch_related(*SEATED_NAMES)  # each pair named from its players
    )
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
        figures = Figures.of(line.entered_side, line.ns_tricks, line.claimed)
        return {
            **super().get_context_data(**kwargs),
            "tab": "trays",
            "line": line,
            "awards": AWARD_CHOICES,
            "history": sel.line_history(line=line),
            "figures": figures,
            "dispute_words": figures.words(sep="; "),
            "provisional_until": provisional_until(self.session),
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
        tray = tray_by_number(session=self.session, number=number)
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
    """What is missing; a decision for each unconfirmed line; close and score; then publish, or reopen."""

    template_name = "director/run_close.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        running_now = self.session.status == Session.Status.RUNNING
        closed = self.session.status == Session.Status.CLOSED
        standings, problem = sel.director_layout(session=self.session)
        undecided = sel.unconfirmed_lines(session=self.session) if running_now else []
        return {
            **super().get_context_data(**kwargs),
            "tab": "close",
            "standings": standings,
            "score_problem": problem,
            "problems": directing.close_problems(session=self.session, decided=[ln.pk for ln in undecided])
            if running_now
            else [],
            "undecided": undecided,
            **addresses(session=self.session),
            "reply_to": address(getattr(self.request.user, "email", "")),
            **sim_event(session=self.session),
            "sides": sel.line_sides(undecided),
            "provisional_until": provisional_until(self.session),
            "finality": session_finality(session=self.session, sight=EVERYTHING),
            **sent_before_correction(session=self.session),
            "checks": open_checks(session_checks(session=self.session)) if running_now or closed else [],
        }

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        decisions = close_decisions(request.POST, self.session)
        try:
            directing.session_close(session=self.session, decisions=decisions, user=request.user)
        except directing.IncompleteSlips as exc:
            ask = "Decide this result: confirm it as entered, or correct it."
            waiting = {f"line-{ln.pk}": ask for ln in exc.undecided}
            return self.refuse({"close": {"form": exc.message}, "decide": waiting})
        except FieldErrors as exc:
            return self.refuse({"close": {"form": exc.message}, "decide": exc.errors})
        except UserError as exc:
            return self.refuse({"close": {"form": exc.message}})
        messages.success(request, "The session is closed and scored. Check the standings, then publish.")
        return redirect("run:close", pk=pk)


def close_decisions(data: Any, session: Session) -> list[Decision]:
    """The decisions the close form sends: ``line-<id>`` confirm or correct, ``tricks-<id>`` the figure.

    "Confirm every one as entered" (``all=confirm``) decides each line not decided otherwise.
    """
    out: dict[int, Decision] = {}
    for key, value in data.items():
        number = key.removeprefix("line-")
        if key.startswith("line-") and number.isdigit() and value:
            out[int(number)] = Decision(int(number), value, data.get(f"tricks-{number}", "").strip())
    if data.get("all") == "confirm":
        for line in sel.unconfirmed_lines(session=session):
            out.setdefault(line.pk, Decision(line.pk, "confirm"))
    return list(out.values())


class PublishView(CloseView):
    """Publish a closed session (or change what a published one shows)."""

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        switches = {k: request.POST.get(k) == "on" for k in ("standings", "travellers", "hand_records")}
        try:
            directing.session_publish(session=self.session, user=request.user, **switches)
        except UserError as exc:
            return self.refuse({"publish": errors_for(exc, set(switches))})
        messages.success(request, "Published to the club's pages.")
        return redirect("run:close", pk=pk)


def sim_event(*, session: Session) -> dict[str, Any]:
    """The close page's simultaneous event box: the pack the session plays (never its key), its release
    time, whether the hands are still held back, the sends so far, and the field's placings."""
    pack = {k: v for k, v in (session.sim_pack or {}).items() if k != "key"}
    box = field_box(session) if pack else {}
    return {
        "pack": pack or None,
        "release": session.hands_release_at,
        "held": not hands_released(session),
        **box,
    }


def addresses(*, session: Session) -> dict[str, Any]:
    """How many of the session's players the roster has an e-mail address for, and the cards' sends so far
    (the score cards' buttons)."""
    players = Player.objects.filter(memberships__session=session).distinct()
    sends = [(send_said(send), send_left_out(send)) for send in score_card_sends(session=session)]
    return {
        "players_count": players.count(),
        "with_address": players.exclude(email="").count(),
        "card_sends": sends,
    }


class ScoreCardsPdfView(DirectorSessionMixin, View):
    """Every entrant's score card, one page each, to print and hand out (closed or published sessions)."""

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        if self.session.status not in (Session.Status.CLOSED, Session.Status.PUBLISHED):
            messages.error(request, "Close the session first: the score cards carry the final scores.")
            return redirect("run:close", pk=pk)
        pdf = score_cards_pdf(session=self.session, cards=session_score_cards(session=self.session))
        response = HttpResponse(pdf, content_type="application/pdf")
        response["Content-Disposition"] = f'inline; filename="session-{pk}-score-cards.pdf"'
        return response


class ResultsPbnView(DirectorSessionMixin, View):
    """The session's heat of a simultaneous event: every slip as a PBN score table (closed or published)."""

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        try:
            body = session_results_pbn(session=self.session, site=heat_site(self.session))
        except NotAHeat as exc:
            messages.error(request, exc.message)
            return redirect("run:close", pk=pk)
        response = HttpResponse(body, content_type="application/octet-stream")
        response["Content-Disposition"] = f'attachment; filename="{results_filename(self.session)}"'
        return response


class SimSendView(ActionView):
    """Send the closed session's heat to the organiser of its simultaneous event."""

    back = "run:close"

    def act(self, request: HttpRequest, **kwargs: Any) -> str:
        sent = heat_send(session=self.session, user=request.user)
        organiser = (self.session.sim_pack or {}).get("organiser", "the organiser")
        lines = f"{sent.lines} line{'s' if sent.lines != 1 else ''}"
        return f"Sent to {organiser}: they have {lines} from {sent.club} (send {sent.sends} of this heat)."


class SimFieldView(CloseView):
    """Bring the simultaneous event's published field (``sims.club_field``): fetched from the organiser
    (no file), or its file imported (``file``); a refusal is the close page again, 400, beside the form."""

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        upload = request.FILES.get("file")
        try:
            if upload is not None:
                data = upload.read(FIELD_MAX + 1)
                kept = sim_field_import(session=self.session, data=data, user=request.user)
            elif request.POST.get("do") == "import":
                raise UserError("Choose the field file from the organiser's public page.", field="field")
            else:
                kept = sim_field_fetch(session=self.session, user=request.user)
        except UserError as exc:
            return self.refuse({"sim": {"field": exc.message}})
        pairs = len({row["pair"] for part in kept["methods"].values() for row in part["rows"]})
        messages.success(request, f"The field of {kept['event']} is here: the placings of {pairs} pairs.")
        return redirect("run:close", pk=pk)


class ScoreCardsSendView(ActionView):
    """E-mail each player with an address on the roster the score card of their entrant; once they were
    sent, only when the director asks to send them again (``again=1``)."""

    back = "run:close"

    def act(self, request: HttpRequest, **kwargs: Any) -> str:
        again = request.POST.get("again") == "1"
        return str(score_cards_send(session=self.session, user=request.user, via=Via.DIRECTOR, again=again))


class ReopenView(CloseView):
    """Published -> closed (to correct final results: with a reason, which the public pages show), or
    closed -> running (to take more results); a refusal is the close page again, 400, beside the reason."""

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        try:
            session = session_reopen(
                session=self.session, reason=request.POST.get("reason", ""), user=request.user
            )
        except UserError as exc:
            return self.refuse({"reopen": errors_for(exc, {"reason"})})
        if session.status == Session.Status.CLOSED:
            messages.success(
                request,
                "Reopened: the session is closed again and hidden from the public. Correct, then publish.",
            )
            return redirect("run:close", pk=pk)
        messages.success(request, "The session is running again; tables and you may enter results.")
        return redirect("run:board", pk=pk)


# --- Decisions in one click ------------------------------------------------------------------------


class SettleView(ActionView):
    """A dispute settled in one click: accept N-S's figure, or E-W's, whichever side sent the line; the
    line's history is kept."""

    def act(self, request: HttpRequest, **kwargs: Any) -> str:
        line = _session_line(self.session, kwargs["line"])
        accept = request.POST.get("accept", "")
        settled = dispute_settle(line=line, accept=accept, user=request.user, by=request.user.get_username())
        return (
            f"Table {line.table.number}, tray {line.tray.number}: "
            f"{SIDE_WORDS[settled.checked_side]}'s figure accepted, N-S {settled.ns_tricks}."
        )


class ConfirmLineView(ActionView):
    """An unconfirmed line confirmed as entered, in one click; the unconfirmed version is kept."""

    def act(self, request: HttpRequest, **kwargs: Any) -> str:
        line = _session_line(self.session, kwargs["line"])
        line_confirm_as_entered(line=line, user=request.user, by=request.user.get_username())
        return (
            f"Table {line.table.number}, tray {line.tray.number}: confirmed as entered, N-S {line.ns_tricks}."
        )


def _session_line(session: Session, number: int) -> SlipLine:
    """The session's line of this id, or 404."""
    line = SlipLine.objects.filter(session=session, pk=number).select_related("tray", "table").first()
    if line is None:
        raise Http404("No such result.")
    return line
