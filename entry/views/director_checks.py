"""The director's one-tap answers to the scorer's eye, from the live board and the close page."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from entry.services.checks import check_answer
from tournaments.mixins import ActionView

SAID = {
    "swap": "Swapped: the line now reads N-S {tricks}; its history keeps the count entered.",
    "correct": "Corrected: the line now reads N-S {tricks}; its history keeps the count entered.",
    "right": "Marked right: N-S {tricks} stands.",
}


class CheckAnswerView(ActionView):
    """Swap it, correct it (with the count), or mark it right; back to the page it was asked from."""

    def act(self, request: HttpRequest, **kwargs: Any) -> str:
        answer = request.POST.get("answer", "")
        line = check_answer(
            session=self.session,
            line_id=kwargs["line"],
            kind=request.POST.get("kind", ""),
            answer=answer,
            ns_tricks=request.POST.get("ns_tricks") or None,
            user=request.user,
        )
        return SAID.get(answer, "").format(tricks=line.ns_tricks)
