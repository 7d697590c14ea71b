"""A phone's actions on a line, one input and one outcome each, for both its doors.

A phone acts through its page's plain forms (no JavaScript) and through the API its script speaks;
both are adapters over the functions here: each action's input is read by its one serializer
(``from_page``: a refusal is a ``UserError`` for the page to show beside the tray; ``from_api``: DRF's
own 400) and the service is called with who acts (``Phone.actor``). Every rule is the services'.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from rest_framework import serializers

from entry.inputs import AmendSerializer, ConfirmSerializer, DisputeSerializer, checked, read_form
from entry.selectors.checks import send_question
from entry.selectors.phone import Phone
from entry.send import Send, SubmitOutcome
from entry.send.rules import Refusal, Refuse, must
from entry.services.amend import phone_amend
from entry.services.phones import phone_confirm, phone_dispute, phone_submit
from scoring.models import SlipLine

Outcome = TypeVar("Outcome")


@dataclass(frozen=True)
class Action(Generic[Outcome]):
    """One action on a tray's line: its input's serializer and what it does with what was read."""

    form: type[serializers.Serializer]
    run: Callable[[Phone, Any, Mapping[str, Any]], Outcome]

    def from_page(self, phone: Phone, tray: Any, posted: Any) -> Outcome:
        """The action from a page's plain form."""
        return self.run(phone, tray, checked(self.form, posted))

    def from_api(self, phone: Phone, tray: Any, data: Any) -> Outcome:
        """The action from the API's JSON."""
        return self.run(phone, tray, read_form(self.form, data))


def _confirm(phone: Phone, tray: Any, data: Mapping[str, Any]) -> SlipLine:
    """The other side checks the line of a tray (at the version it saw)."""
    return phone_confirm(phone=phone, tray_number=tray, version=data.get("version"))


def _dispute(phone: Phone, tray: Any, data: Mapping[str, Any]) -> SlipLine:
    """The other side disagrees with the line of a tray: its count goes to the director."""
    return phone_dispute(phone=phone, tray_number=tray, claimed=data["claimed"])


def _amend(phone: Phone, tray: Any, data: Mapping[str, Any]) -> SlipLine:
    """The side that sent corrects its count on a tray until the other side checks it; asked first, as a
    send is, about a corrected count the scorer's eye would flag (``ask``, without ``sure``)."""
    if asks(data) and phone.link is not None and not phone.in_doubt:
        asked = send_question(
            session=phone.session,
            link=phone.link,
            tray_number=tray,
            ns_tricks=data["ns_tricks"],
            amending=True,
        )
        must(Refuse(Refusal.ASK, (("question", asked),)) if asked else None)
    return phone_amend(
        phone=phone,
        tray_number=tray,
        ns_tricks=data["ns_tricks"],
        ns_revokes=data.get("ns_revokes"),
        ew_revokes=data.get("ew_revokes"),
        version=data.get("version"),
    )


CONFIRM = Action(ConfirmSerializer, _confirm)
DISPUTE = Action(DisputeSerializer, _dispute)
AMEND = Action(AmendSerializer, _amend)


def send(phone: Phone, sent: Send, *, ask: bool = False) -> SubmitOutcome:
    """A side sends its count on a tray (``sent`` as its door read it, ``door.send_of``).

    ``ask`` (the phone's script and its plain form, without ``sure``): a count the scorer's eye would
    flag is asked about once first, a refusal of the field ``ask`` with the question; sent again with
    ``sure``, it goes. The question's bounds: one question per send attempt (nothing is stored or
    remembered between the two), only of the tray the phone's entrant plays now and has not sent
    (``send_question``), never of a phone whose pass is in doubt, of a table's own link, or at a whist
    drive; a send kept on the phone while the connection was down goes without it."""
    if ask and phone.link is not None and not phone.in_doubt:
        asked = send_question(
            session=phone.session, link=phone.link, tray_number=sent.tray, ns_tricks=sent.ns_tricks
        )
        must(Refuse(Refusal.ASK, (("question", asked),)) if asked else None)
    return phone_submit(phone=phone, sent=sent)


def asks(data: Mapping[str, Any]) -> bool:
    """Whether a send asks to be asked first about a count the checks would flag (``ask``, not ``sure``)."""
    return bool(data.get("ask")) and not data.get("sure")
