"""A new session, step by step: entrants from the roster, the movement, the scoring method.

The set-up page shows everything of a draft session on one screen; each form
posts to its own small view, which calls a service and, on a refusal, shows
the page again with the message next to the field at fault.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views import View

from ..forms import (
    MovementChoiceForm,
    PBNImportForm,
    RotationProposeForm,
    SeriesForm,
    SessionNewForm,
    SimPackForm,
    add_service_error,
    near_choices,
)
from ..mixins import ActionView, DirectorClubMixin, DirectorSeriesMixin, DirectorSessionMixin
from ..pages import designer as designer_page
from ..pages import entrants as entrants_page
from ..pages import series as sctx
from ..pages import setup as ctx
from ..selectors import seated_by_results
from ..services import deals as deals_services
from ..services import designs, entrant_names
from ..services import pbn as pbn_services
from ..services import rotations as rotation_services
from ..services import seating as seating_services
from ..services import sessions as session_services
from ..services import setup as setup_services
from ..services import sim_pack as sim_pack_services
from ..services.errors import UserError

#: PBN's character set is ISO-8859-1 (PBN 2.1, 2.2).
PBN_CONTENT_TYPE = "application/x-pbn; charset=iso-8859-1"


class SessionNewView(DirectorClubMixin, View):
    """Step 1: date, title, kind of entrant (and a series, if any)."""

    def get(self, request: HttpRequest, club: str, form: SessionNewForm | None = None) -> HttpResponse:
        form = form or SessionNewForm(club=self.club)
        return render(request, "director/setup_new.html", {"club": self.club, "form": form})

    def post(self, request: HttpRequest, club: str) -> HttpResponse:
        form = SessionNewForm(request.POST, club=self.club)
        if not form.is_valid():
            return self.get(request, club, form=form)
        session = session_services.session_create(
            club=self.club,
            user=request.user,
            date=form.cleaned_data["date"],
            title=form.cleaned_data["title"],
            entrant_kind=form.cleaned_data["entrant_kind"],
            series=form.cleaned_data["series"],
            scoring_method=session_services.default_scoring(form.cleaned_data["entrant_kind"]),
        )
        return redirect("director:setup", pk=session.pk)


class SessionSetupView(DirectorSessionMixin, View):
    """Step 2: the whole draft on one page: entrants, recommendations, the chosen movement.

    ``?previous=1`` fills the list to paste with the entrants of the club's last session of this kind.
    """

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        if request.GET.get("previous") != "1" or not self.session.is_editable_setup:
            return self.setup_page(request)
        form, said = entrants_page.previous_names(self.session)
        messages.info(request, said)
        return self.setup_page(request, names_form=form)


class SetupEntrantsView(DirectorSessionMixin, View):
    """Add the pairs (or teams) picked from the roster, all at once; a name typed may add a visitor."""

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        form = ctx.entrants_form_for(self.session, data=request.POST)
        try:
            form.is_valid()
            added = entrant_names.entrants_add_rows(
                session=self.session,
                rows=form.entries(),
                teams=form.row_teams(),
                choices=near_choices(request.POST),
                user=request.user,
            )
        except UserError as exc:
            form.questions = getattr(exc, "questions", [])
            return self.setup_page(request, entrants_form=add_service_error(form, exc))
        messages.success(request, ctx.added_names_message(self.session, added))
        return redirect("director:setup", pk=pk)


class SetupEntrantNamesView(DirectorSessionMixin, View):
    """Add a pasted list of pairs (teams, players), one a line; a name not on the roster adds a visitor,
    one near a roster name asks "did you mean" and the director's answer comes with the list again."""

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        form = entrants_page.names_form_for(self.session, data=request.POST)
        try:
            added = entrant_names.entrants_add_names(
                session=self.session, text=form.typed(), choices=near_choices(request.POST), user=request.user
            )
        except UserError as exc:
            return self.setup_page(request, names_form=form.refused(exc))
        messages.success(request, ctx.added_names_message(self.session, added))
        return redirect("director:setup", pk=pk)


class EntrantWithdrawView(DirectorSessionMixin, View):
    """Withdraw one entrant before the start (the higher numbers move down)."""

    def post(self, request: HttpRequest, pk: int, number: int) -> HttpResponse:
        entrant = self.session.entrants.filter(kind=ctx.entrant_kind(self.session), number=number).first()
        if entrant is None:
            raise Http404("No such entrant.")
        try:
            setup_services.entrant_withdraw(entrant=entrant, user=request.user)
            messages.success(request, f"{entrant} withdrawn. {ctx.seating_note(self.session)}")
        except UserError as exc:
            messages.error(request, exc.message)
        return redirect("director:setup", pk=pk)


class EntrantLabelView(DirectorSessionMixin, View):
    """Give an entrant the director's own name (or none), shown beside its players' names everywhere."""

    def post(self, request: HttpRequest, pk: int, number: int) -> HttpResponse:
        entrant = self.session.entrants.filter(kind=ctx.entrant_kind(self.session), number=number).first()
        if entrant is None:
            raise Http404("No such entrant.")
        try:
            entrant = session_services.entrant_label_set(
                entrant=entrant, label=request.POST.get("label", ""), user=request.user
            )
            messages.success(request, ctx.label_message(entrant))
        except UserError as exc:
            messages.error(request, exc.message)
        return redirect(f"{reverse('director:session', args=[pk])}#entrant-{number}")


class SessionButtonView(ActionView):
    """A button on a set-up page: call a service, say what happened, go back to the page."""

    back = "director:setup"


class PhantomAddView(SessionButtonView):
    """Make an odd number of pairs even with a phantom pair (its opponents sit out)."""

    def act(self, request: HttpRequest) -> str:
        phantom = setup_services.phantom_add(session=self.session, user=request.user)
        return f"Pair {phantom.number} is a phantom. {ctx.seating_note(self.session)}"


class MovementSwitchView(SessionButtonView):
    """Arrow-switch the rounds that balance the Mitchell best: one field, one winner."""

    def act(self, request: HttpRequest) -> str:
        movement = seating_services.movement_switch(session=self.session, rounds=None, user=request.user)
        return f"{movement.notes[-1]}. Every pair is now compared with every other: one field, one winner."


class SetupMovementView(DirectorSessionMixin, View):
    """The director's pick of a movement and scoring method: seat the session."""

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        form = MovementChoiceForm(request.POST, families=ctx.family_choices(self.session))
        was_drive = seated_by_results(self.session)  # another movement ends a drive: the message says so
        try:
            if not form.is_valid():
                return self.setup_page(request, movement_form=form)
            if form.club_movement_id() is not None:
                return self.seat_by_club_movement(request, form, was_drive)
            family, variant, deals = form.picked()
            movement = setup_services.session_setup_choose(
                session=self.session,
                family=family,
                variant=variant,
                deals=deals,
                scoring_method=form.cleaned_data["scoring_method"],
                user=request.user,
            )
        except UserError as exc:
            return self.setup_page(request, movement_form=add_service_error(form, exc))
        messages.success(request, ctx.seated_message(movement) + ctx.drive_ended(was_drive, movement))
        return redirect("director:setup", pk=pk)

    def seat_by_club_movement(
        self, request: HttpRequest, form: MovementChoiceForm, was_drive: bool
    ) -> HttpResponse:
        """The club's own movement picked: seat the session by it (a refusal is the caller's to show)."""
        kept = designs.club_movement_get(club=self.session.club, pk=form.club_movement_id())
        movement = designs.session_seat_by_club_movement(
            session=self.session,
            club_movement=kept,
            scoring_method=form.cleaned_data["scoring_method"],
            user=request.user,
        )
        said = designer_page.seated_message(kept, movement) + ctx.drive_ended(was_drive, movement)
        messages.success(request, said)
        return redirect("director:setup", pk=self.session.pk)


class TraysView(DirectorSessionMixin, View):
    """Step 3: the trays, each with its dealer and trump; deal, import or export PBN."""

    def get(
        self,
        request: HttpRequest,
        pk: int,
        form: PBNImportForm | None = None,
        sim_form: SimPackForm | None = None,
    ) -> HttpResponse:
        return render(
            request,
            "director/setup_trays.html",
            {
                **ctx.trays_context(self.session, show_hands=request.GET.get("hands") == "1"),
                **ctx.pack_context(self.session),
                "form": form or PBNImportForm(),
                "sim_form": sim_form or SimPackForm(),
            },
            status=400 if sim_form is not None and sim_form.errors else 200,
        )


class TraysDealView(SessionButtonView):
    """Deal every tray afresh: secure shuffles, the trump card turned (Law III)."""

    back = "director:trays"

    def act(self, request: HttpRequest) -> str:
        count = deals_services.trays_deal(session=self.session, user=request.user)
        if self.session.declared_trump:
            suit = self.session.get_declared_trump_display()
            return f"Dealt {count} trays. {suit} are declared trumps: no card is turned (Law IV, Sec. 11)."
        return f"Dealt {count} trays. The trump card of each is shown below."


class TraysTrumpView(SessionButtonView):
    """Declare a suit trumps for the sitting, no card turned (Law IV, Sec. 11), or turn cards again."""

    back = "director:trays"

    def act(self, request: HttpRequest) -> str:
        session = deals_services.session_declare_trump(
            session=self.session, suit=request.POST.get("suit", ""), user=request.user
        )
        if session.declared_trump:
            suit = session.get_declared_trump_display()
            return f"{suit} are declared trumps for the sitting: no card is turned."
        return (
            "The last card dealt is turned for trump again (Law III); deal the trays or turn it at the table."
        )


class TraysClearView(SessionButtonView):
    """Leave the deals unknown: the players deal at the table and record the trump."""

    back = "director:trays"

    def act(self, request: HttpRequest) -> str:
        setup_services.deals_clear(session=self.session, user=request.user)
        return "The deals are unknown: the tables deal and record each trump card."


class PBNImportView(TraysView):
    """Read the deals from a PBN file (a dealing machine's or another program's)."""

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        form = PBNImportForm(request.POST, request.FILES)
        try:
            form.is_valid()
            done = pbn_services.pbn_import(session=self.session, text=form.upload_bytes(), user=request.user)
        except UserError as exc:
            messages.error(request, ctx.refused_message("The PBN file was not imported", exc))
            return self.get(request, pk, form=ctx.pbn_refusal(form, exc))
        messages.success(request, " ".join([ctx.imported_message(done.count), *done.notes]))
        return redirect("director:trays", pk=pk)


class SimPackImportView(TraysView):
    """Play a simultaneous event's pack in this session: its deals on the trays, its hands held back."""

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        form = SimPackForm(request.POST, request.FILES)
        try:
            form.is_valid()
            if form.fetches():
                sim_pack_services.sim_pack_fetch(
                    session=self.session,
                    address=form.data.get("address"),
                    key=form.data.get("key"),
                    user=request.user,
                )
            else:
                sim_pack_services.sim_pack_import(
                    session=self.session, data=form.upload_bytes(), user=request.user
                )
        except UserError as exc:
            form.add_error(exc.field if exc.field in ("address", "key") else "file", exc.message)
            messages.error(request, ctx.refused_message("The pack was not imported", exc))
            return self.get(request, pk, sim_form=form)
        messages.success(request, ctx.pack_imported_message(self.session))
        return redirect("director:trays", pk=pk)


class SimPackRemoveView(SessionButtonView):
    """The session no longer plays the pack: the deals stay, the hands are no longer held back."""

    back = "director:trays"

    def act(self, request: HttpRequest) -> str:
        sim_pack_services.sim_pack_remove(session=self.session, user=request.user)
        return "The session no longer plays the simultaneous event's pack; its deals stay on the trays."


class PBNExportView(DirectorSessionMixin, View):
    """The session's deals as a PBN 2.1 file (export format), for a dealing machine or hand records."""

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        text = pbn_services.pbn_export(session=self.session)
        response = HttpResponse(text, content_type=PBN_CONTENT_TYPE)
        response["Content-Disposition"] = f'attachment; filename="session-{pk}.pbn"'
        return response


class SeriesListView(DirectorClubMixin, View):
    """The club's series (club tournaments), and a form to start one."""

    def get(self, request: HttpRequest, club: str, form: SeriesForm | None = None) -> HttpResponse:
        return render(
            request,
            "director/setup_series_list.html",
            {
                "club": self.club,
                "series_list": self.club.series.all(),
                "form": form or SeriesForm(),
            },
        )

    def post(self, request: HttpRequest, club: str) -> HttpResponse:
        form = SeriesForm(request.POST)
        try:
            form.is_valid()
            series = rotation_services.series_create(
                club=self.club, name=form.cleaned_data.get("name", ""), user=request.user
            )
        except UserError as exc:
            return self.get(request, club, form=add_service_error(form, exc))
        return redirect("director:rotation", pk=series.pk)


class RotationView(DirectorSeriesMixin, View):
    """Step 3 for a series: the next session's partners by the book's schedule, created in one click."""

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        return self.page(request)

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        form = RotationProposeForm(request.POST)
        try:
            if not form.is_valid():
                return self.page(request, propose_form=form)
            session = rotation_services.rotation_session_create(
                series=self.series, user=request.user, **form.cleaned_data
            )
        except UserError as exc:
            return self.page(request, propose_form=add_service_error(form, exc))
        messages.success(request, f"Created {session.title} with {session.entrants.count()} pairs.")
        return redirect("director:setup", pk=session.pk)


class RotationPlayersView(DirectorSeriesMixin, View):
    """Number the series' players (club tournament) or couples (Edgewood, ladies in order)."""

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        method = request.POST.get("method", "")
        form = sctx.numbering_form(self.series, method, data=request.POST)
        try:
            form.is_valid()
            rotation_services.series_players_set(
                series=self.series,
                method=method,
                user=request.user,
                **sctx.numbering_people(self.series, form),
            )
        except UserError as exc:
            key = "club_form" if method == "club" else "couples_form"
            return self.page(request, **{key: add_service_error(form, exc)})
        messages.success(request, "The series' players are numbered.")
        return redirect("director:rotation", pk=pk)
