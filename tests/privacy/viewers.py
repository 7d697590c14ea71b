"""Every honest viewer of a session, and every answer each can get, for the non-interference test.

A viewer is a phone that follows an entrant (its own link), a bare table
link, or the public. ``answers`` fetches everything that viewer can ask:
the phone's page and its JSON, the table and entrant API (state and every
tray's traveller), and for the public every public page, export, PDF and
public API endpoint of the session and its club. Answers are normalised
only for what changes on every request and says nothing (CSRF tokens, the
page's fresh submission keys, the PDF's creation stamp).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tournaments.models import EntrantLink, Player, Session, Table

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')
KEY = re.compile(r'name="key" value="[^"]*"')
PDF_STAMPS = re.compile(rb"/(CreationDate|ModDate) \(D:[^)]*\)|/ID\s*\[[^\]]*\]")
#: The running score, and the page's digest of everything it shows (which includes it).
RUNNING_HTML = re.compile(r'<section class="block running".*?</section>', re.S)
STAMP_HTML = re.compile(r'data-stamp="[^"]*"')
RUNNING_FIELDS = ("running", "running_trays", "stamp")


@dataclass
class Viewer:
    """One honest viewer: who, its own client (cookies), and the links it holds."""

    name: str
    kind: str  # entrant | table | public
    client: Client = field(default_factory=Client)
    token: str = ""
    entrant_id: int | None = None
    side: str = ""
    table_id: int | None = None

    @property
    def page_url(self) -> str:
        """The phone's page."""
        return f"/p/{self.token}/" if self.kind == "entrant" else f"/t/{self.token}/"

    @property
    def api_url(self) -> str:
        """The phone's own API."""
        return (
            f"/api/v1/entrant-links/{self.token}/"
            if self.kind == "entrant"
            else f"/api/v1/tables/{self.token}/"
        )


def viewers_of(session: Session) -> list[Viewer]:
    """A phone for every entrant (each pair of a team), a bare link for every table, and the public."""
    out = [
        Viewer(
            name=f"{link.entrant}{' ' + link.side if link.side else ''}",
            kind="entrant",
            token=link.token,
            entrant_id=link.entrant_id,
            side=link.side,
        )
        for link in EntrantLink.objects.filter(session=session).select_related("entrant").order_by("pk")
    ]
    out += [
        Viewer(name=f"table {t.number} link", kind="table", token=t.token, table_id=t.pk)
        for t in Table.objects.filter(session=session).order_by("number")
    ]
    out.append(Viewer(name="the public", kind="public"))
    return out


def _text(response: Any) -> str:
    """A response as comparable text: status and body, with per-request noise taken out."""
    body = response.content
    if response.get("Content-Type", "").startswith("application/pdf"):
        return f"{response.status_code} pdf {PDF_STAMPS.sub(b'', body)!r}"
    text = body.decode("utf-8", "replace")
    return f"{response.status_code} {KEY.sub('', CSRF.sub('', text))}"


def phone_answers(viewer: Viewer, trays: list[int]) -> dict[str, str]:
    """Everything a phone can see: its page (the partial refresh is a part of it), its JSON, its API."""
    c = viewer.client
    cache.clear()  # the API's rate limit counts these requests too
    out = {
        "page": _text(c.get(viewer.page_url)),
        "api state": _text(c.get(viewer.api_url + "?device=phone")),
    }
    for tray in trays:
        out[f"api traveller {tray}"] = _text(c.get(f"{viewer.api_url}trays/{tray}/traveller/"))
    out["api clock"] = _clock(c.get(f"{viewer.api_url}clock/"))
    return out


def _clock(response: Any) -> str:
    """The round's clock and the open call, without the moments that move on by themselves."""
    if response.status_code != 200:
        return _text(response)
    body = response.json()
    body.pop("now", None)
    for moving in ("now", "seconds_left"):
        (body.get("clock") or {}).pop(moving, None)
    return f"200 {json.dumps(body, sort_keys=True)}"


def public_urls(session: Session) -> list[str]:
    """Every public page, export and public API endpoint of the session and its club.

    Every tray's page; the score cards and player pages of the first and last
    entrant and player (each kind is one view over one selector, so two of
    each stand for all and keep the test quick).
    """
    club, pk = session.club.slug, session.pk
    names = ["session", "travellers", "hands", "results_csv", "results_json", "results_pdf", "deals_pbn"]
    urls = [reverse(f"public:{name}", args=[club, pk]) for name in names]
    urls += [reverse("public:tray", args=[club, pk, t.number]) for t in session.trays.all()]
    numbers = list(session.entrants.order_by("number").values_list("number", flat=True))
    urls += [reverse("public:card", args=[club, pk, e]) for e in {numbers[0], numbers[-1]}]
    everyone = list(Player.objects.filter(club=session.club).order_by("pk").values_list("pk", flat=True))
    players = sorted({everyone[0], everyone[-1]})
    urls += [reverse("public:player", args=[club, p]) for p in players]
    urls += [reverse("public:home"), reverse("public:club", args=[club])]
    if session.series_id:
        urls.append(reverse("public:ladder", args=[club, session.series_id]))
    api = f"/api/v1/public/clubs/{club}/"
    urls += [
        api + "sessions/",
        f"{api}sessions/{pk}/",
        f"{api}sessions/{pk}/standings/",
        f"{api}sessions/{pk}/deals/",
    ]
    urls += [f"{api}sessions/{pk}/trays/{t.number}/traveller/" for t in session.trays.all()]
    urls += [f"{api}players/{p}/results/" for p in players]
    return urls


def answers(viewer: Viewer, session: Session, public: list[str], trays: list[int]) -> dict[str, str]:
    """Every answer this viewer can get now."""
    if viewer.kind == "public":
        return {url: _text(viewer.client.get(url)) for url in public}
    return phone_answers(viewer, trays)


def without_running(found: dict[str, str]) -> dict[str, str]:
    """The answers less the running score and the page digest that includes it (named in the test)."""
    out = {}
    for key, text in found.items():
        text = STAMP_HTML.sub("", RUNNING_HTML.sub("", text))
        for name in RUNNING_FIELDS:
            text = re.sub(rf'"{name}":\s*(\[[^\]]*\]|null|"[^"]*")', "", text)
        out[key] = text
    return out
