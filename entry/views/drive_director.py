"""The director's whist drive (p. 24): the change in play, every table's result, the next change, the prizes.

Results come from the players' phones; the director may enter a table's
for it. When the last table of a change sends, the next change is seated
by itself (``services.drive``); the button here does the same if a result
came in another way (the director's correction of the last missing line).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect

from entry.selectors.drive import drive_board
from entry.services.drive import drive_advance, drive_enter
from scoring.visibility import DIRECTOR, sight
from tournaments.mixins import ActionView, RunPageView, errors_for
from tournaments.services.errors import NotFound, UserError


class DriveBoardView(RunPageView):
    """The drive's page: each change (newest first), who sits where, the results, the prize list."""

    template_name = "director/drive_board.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        try:
            board = drive_board(session=self.session, seen=sight(viewer=DIRECTOR, session=self.session))
        except NotFound as exc:
            raise Http404(exc.message) from None
        return {**super().get_context_data(**kwargs), "board": board, "tab": "drive"}

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        data = request.POST
        try:
            sent = drive_enter(
                session=self.session,
                table_number=data.get("table", ""),
                winner=data.get("winner"),
                points=data.get("points"),
                user=request.user,
            )
        except UserError as exc:
            return self.refuse({"enter": errors_for(exc, {"table", "winner", "points"})})
        said = f"Table {data.get('table')}: entered."
        if sent.seated is not None:
            said += f" Every table has sent: change {sent.seated.number} is seated."
        messages.success(request, said)
        return redirect("run:drive", pk=pk)


class DriveAdvanceView(ActionView):
    """Seat the next change now that every table of this one has sent."""

    back = "run:drive"

    def act(self, request: HttpRequest, **kwargs: Any) -> str:
        seated = drive_advance(session=self.session, user=request.user)
        if seated is None:
            raise UserError(
                "The next change cannot be seated yet: a table has not sent, or the drive is over."
            )
        return f"Change {seated.number} is seated: the phones show everyone where to go."
