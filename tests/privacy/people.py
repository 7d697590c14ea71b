"""People at a session, each holding every link their phones have touched, for the non-interference test.

A **person** is an entrant (or one pair of a team of four): the player (or
pair) the folded slip protects and must be protected from. All evening a
person's phone scans the code of every table it sits at and keeps each of
those links (the table's link is a place: it lies on the table for every
pair that ever sits there); it holds the entrant's own printed link, which
the director handed it; and it holds the pass it was given when it said at
a table who it is. It also holds every link that any of those hand out:
each answer is searched for every token the session has (tables', entrant
links', passes'), and a token found is held from then on.

``answers`` asks every one of them for everything it shows: a table's
link, its page and its API (the card, the claims, the clock); with the
person's phone (its cookies), the director's doors that list the checks,
each refused (``checks_urls``); an
entrant's link or pass, the phone page and its state, the clock, the
drive's or mnemonic sitting's page and API when the session is one, and
through the pass its page and every tray's traveller (the printed link
opens the same views by another door: its state and clock are asked too). The public is a person
with no link who asks every public page, export, PDF and public API
endpoint. Answers are normalised only for what changes on every request
and says nothing (CSRF tokens, the page's fresh submission keys, the PDF's
creation stamp, the clock's "now").
"""

from __future__ import annotations

import json
import re
import uuid
from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache
from django.core.cache.backends.locmem import LocMemCache
from django.test import Client
from django.urls import reverse

from entry.selectors.rounds import entrant_plays, round_of_plays
from sims.models import SimEvent
from tournaments.models import EntrantLink, PhonePass, Player, Session, Table

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')
KEY = re.compile(r'name="key" value="[^"]*"')
PDF_STAMPS = re.compile(rb"/(CreationDate|ModDate) \(D:[^)]*\)|/ID\s*\[[^\]]*\]")
#: Where the throttles count during these tests (``conftest.py``): emptied before each person's questions.
THROTTLES = LocMemCache("privacy-throttles", {})
#: The running score, and the page's digest of everything it shows (which includes it).
RUNNING_HTML = re.compile(r'<section class="block running".*?</section>', re.S)
STAMP_HTML = re.compile(r'data-stamp="[^"]*"')
RUNNING_FIELDS = ("running", "running_trays", "stamp")


@dataclass
class Person:
    """Someone at the session: who they are, their phone, and every link it holds (token -> kind)."""

    name: str
    entrant_id: int | None = None
    side: str = ""
    phone: Client = field(default_factory=Client)
    held: dict[str, str] = field(default_factory=dict)
    #: The pass this person's phone was given when it said who it is.
    own_pass: str = ""
    #: A phone of the person's that follows nobody, on which it asks the tables' links it holds: a phone
    #: that opens the link of a table where its entrant is not due puts its own pass in doubt
    #: (``tournaments.services.phones``), so the person would learn less, never more, on its own phone.
    spare: Client = field(default_factory=Client)
    #: Phones the person picked up (left at a table by another), by the pass each holds.
    found: dict[str, Client] = field(default_factory=dict)
    #: The link the person acts through, when not its pass (its own printed link, its phone left behind).
    acting: str = ""

    def __post_init__(self) -> None:
        self.phone.cookies["cw_device"] = uuid.uuid4().hex
        self.spare.cookies["cw_device"] = uuid.uuid4().hex

    def hold(self, token: str, kind: str) -> None:
        """Keep a link from now on."""
        self.held.setdefault(token, kind)

    def links(self, kind: str) -> list[str]:
        """The held links of one kind, in the order they were had."""
        return [t for t, k in self.held.items() if k == kind]


def fresh() -> None:
    """Before an action: the app's cache emptied (its entries are keyed by the slips' state; a send
    changes it) and the throttles' counts too."""
    cache.clear()
    THROTTLES.clear()


def people_of(session: Session) -> list[Person]:
    """A person for every entrant (each pair of a team), holding its own printed link; and the public."""
    out = []
    for link in EntrantLink.objects.filter(session=session).select_related("entrant").order_by("pk"):
        if link.entrant.is_phantom:
            continue
        person = Person(
            name=f"{link.entrant}{' ' + link.side if link.side else ''}", entrant_id=link.entrant_id
        )
        person.side = link.side
        person.hold(link.token, "follower")
        out.append(person)
    return [*out, Person(name="the public")]


def session_tokens(session: Session) -> dict[str, str]:
    """Every link the session has now: token -> kind."""
    found = {t: "table" for t in Table.objects.filter(session=session).values_list("token", flat=True)}
    for model in (EntrantLink, PhonePass):
        found |= {
            t: "follower" for t in model.objects.filter(session=session).values_list("token", flat=True)
        }
    return found


def scan(person: Person, table: Table) -> str:
    """The person's phone scans a table's code (it holds that link from now on): the page's text."""
    person.hold(table.token, "table")
    return person.phone.get(f"/t/{table.token}/").content.decode()


def claim(person: Person, table: Table, number: int, side: str = "") -> str:
    """The person's phone says at this table who it is: its pass (held from now on)."""
    scan(person, table)
    value = f"{number}-{side}" if side else str(number)
    answer = person.phone.post(f"/api/v1/tables/{table.token}/claim/", {"entrant": value})
    assert answer.status_code == 201, (person.name, answer.content)
    person.own_pass = answer.json()["token"]
    person.hold(person.own_pass, "follower")
    return person.own_pass


def text(response: Any) -> str:
    """A response as comparable text: status and body, with per-request noise taken out."""
    body = response.content
    if response.get("Content-Type", "").startswith("application/pdf"):
        return f"{response.status_code} pdf {PDF_STAMPS.sub(b'', body)!r}"
    return f"{response.status_code} {KEY.sub('', CSRF.sub('', body.decode('utf-8', 'replace')))}"


def _clock(response: Any) -> str:
    """The round's clock and the open call, without the moments that move on by themselves."""
    if response.status_code != 200:
        return text(response)
    body = response.json()
    body.pop("now", None)
    for moving in ("now", "seconds_left"):
        (body.get("clock") or {}).pop(moving, None)
    return f"200 {json.dumps(body, sort_keys=True)}"


#: The page's main part, which the phone's script refreshes (its frame is asked whole at the start and end).
PART = {"X-Table-Partial": "1", "X-Drive-Partial": "1"}


def _page(c: Client, url: str, whole: bool) -> str:
    """A page: its main part, or (``whole``) all of it."""
    return text(c.get(url) if whole else c.get(url, headers=PART))


def _table_answers(c: Client, token: str, whole: bool) -> dict[str, str]:
    api = f"/api/v1/tables/{token}/"
    return {
        f"table {token[:6]} page": _page(c, f"/t/{token}/", whole),
        f"table {token[:6]} api": text(c.get(api)),
        f"table {token[:6]} clock": _clock(c.get(api + "clock/")),
    }


def _follower_answers(
    c: Client, token: str, trays: list[int], kind: str, own: bool, whole: bool
) -> dict[str, str]:
    """What a phone following an entrant asks: its state and clock, its page and every tray's traveller
    (``own``: through the phone's pass), the page of its session's kind (a whist drive's, a mnemonic
    sitting's); pages whole or their main part."""
    api = f"/api/v1/entrant-links/{token}/"
    out = {
        f"link {token[:6]} api": text(c.get(api)),
        f"link {token[:6]} clock": _clock(c.get(api + "clock/")),
    }
    if own:
        out[f"link {token[:6]} page"] = _page(c, f"/p/{token}/", whole)
    if kind == "drive":
        out[f"link {token[:6]} drive page"] = _page(c, f"/d/{token}/", whole)
        out[f"link {token[:6]} drive api"] = text(c.get(api + "drive/"))
        out[f"link {token[:6]} drive stamp"] = text(c.get(api + "drive/stamp/"))
    if kind == "mnemonic":
        out[f"link {token[:6]} mnemonic page"] = _page(c, f"/m/{token}/", whole)
        out[f"link {token[:6]} mnemonic api"] = text(c.get(api + "mnemonic/"))
    for tray in trays if own else []:
        out[f"link {token[:6]} traveller {tray}"] = text(c.get(f"{api}trays/{tray}/traveller/"))
    if own and kind == "duplicate":
        out |= _questions(c, token, trays)
    return out


#: The counts a phone's probe sends with ``ask`` on every tray: both ends, where a count is likeliest flagged.
PROBED = (0, 13)


def _questions(c: Client, token: str, trays: list[int]) -> dict[str, str]:
    """What the phone is told when it sends, with ``ask``, a count on a tray it is not playing now: never
    asked (a question would tell of other tables' results). The probe names a round no tray is played in,
    so a send the question lets through is refused and nothing is stored; the trays its entrant plays now
    and has not sent are left out (there the question may be asked: the pair has played the tray), but for
    a phone whose pass is in doubt (picked up by another pair), which acts on nothing."""
    link = EntrantLink.objects.filter(token=token).first()
    pass_ = None if link else PhonePass.objects.select_related("link").filter(token=token).first()
    link = link or (pass_.link if pass_ else None)
    if link is None:
        return {}
    plays = entrant_plays(link=link, session=link.session)
    now = round_of_plays(plays, session=link.session, rounds=max((p.round for p in plays), default=0))
    playing = {p.tray for p in plays if p.round == now and p.owed and not p.sent}
    if pass_ is not None and pass_.in_doubt:
        playing = set()  # a pass in doubt acts on nothing: every tray is asked, whoever plays on
    out = {}
    for tray in [t for t in trays if t not in playing]:
        for count in PROBED:
            body = json.dumps({"tray": tray, "ns_tricks": count, "ask": True, "round": 32767})
            answer = c.post(f"/api/v1/entrant-links/{token}/results/", body, content_type="application/json")
            assert answer.status_code != 201, (token, tray, answer.content)
            out[f"link {token[:6]} ask {tray} {count}"] = text(answer)
            assert '"ask"' not in out[f"link {token[:6]} ask {tray} {count}"], (
                f"asked of tray {tray}: {token}"
            )
    return out


def session_kind(session: Session) -> str:
    """ "drive", "mnemonic" or "duplicate": which of the phone's pages serve this session."""
    if hasattr(session, "drive"):
        return "drive"
    return "mnemonic" if session.movement_family == "mnemonic" else "duplicate"


def public_urls(session: Session) -> list[str]:
    """Every public page, export and public API endpoint of the session and its club (two score cards and
    player pages of each kind stand for all: each kind is one view over one selector)."""
    club, pk = session.club.slug, session.pk
    names = ["session", "travellers", "hands", "results_csv", "results_json", "results_pdf", "deals_pbn"]
    urls = [reverse(f"public:{name}", args=[club, pk]) for name in names]
    urls += [reverse("public:tray", args=[club, pk, t.number]) for t in session.trays.all()]
    numbers = list(session.entrants.order_by("number").values_list("number", flat=True))
    urls += [reverse("public:card", args=[club, pk, e]) for e in {numbers[0], numbers[-1]}]
    everyone = list(Player.objects.filter(club=session.club).order_by("pk").values_list("pk", flat=True))
    players = sorted({everyone[0], everyone[-1]})
    urls += [reverse("public:player", args=[club, p]) for p in players]
    urls += [reverse("public:home"), reverse("public:club", args=[club]), reverse("favicon")]
    api = f"/api/v1/public/clubs/{club}/"
    urls += [
        api + "sessions/",
        f"{api}sessions/{pk}/",
        f"{api}sessions/{pk}/standings/",
        f"{api}sessions/{pk}/deals/",
    ]
    urls += [f"{api}sessions/{pk}/trays/{t.number}/traveller/" for t in session.trays.all()]
    urls += [f"{api}players/{p}/results/" for p in players]
    return urls + sim_urls(session) + directors_urls(session)


def directors_urls(session: Session) -> list[str]:
    """The director's doors a person might try (the designer's page and progress, its API, the score cards
    and the record of their sends, the site's clubs): each answers a login, a 401 or a 404, the same all
    evening."""
    club, pk = session.club.slug, session.pk
    return [
        reverse("director:designer", args=[club]),
        reverse("director:design_json", args=[club]),
        f"/api/v1/clubs/{club}/movements/designs/",
        f"/api/v1/clubs/{club}/movements/designs/{'0' * 32}/",
        reverse("run:score_cards_pdf", args=[pk]),
        reverse("run:score_cards_send", args=[pk]),
        f"/api/v1/sessions/{pk}/score-cards/send/",
        "/site/",
        *checks_urls(session),
    ]


def checks_urls(session: Session) -> list[str]:
    """The director's doors that list the checks (a count unlike the other tables' on a tray: it tells of
    their results): the live board and its JSON, the close page, the checks API."""
    pk = session.pk
    return [
        reverse("run:board", args=[pk]),
        reverse("run:board_json", args=[pk]),
        reverse("run:close", args=[pk]),
        f"/api/v1/sessions/{pk}/checks/",
    ]


#: How a door refuses someone who is not the director: to the login page, 401, 403 or 404.
REFUSED = ("302 ", "401 ", "403 ", "404 ")


def _checks_answers(c: Client, session: Session) -> dict[str, str]:
    """The checks' doors asked with a person's phone (its cookies: the pass it was given, its device), and
    an answer to a check posted there: each refused, the same all evening."""
    out = {f"checks {url}": text(c.get(url)) for url in checks_urls(session)}
    body = json.dumps({"line": 1, "kind": "swap", "answer": "right"})
    api = f"/api/v1/sessions/{session.pk}/checks/"
    out["checks answered"] = text(c.post(api, body, content_type="application/json"))
    refused = {k: v[:80] for k, v in out.items() if not v.startswith(REFUSED)}
    assert not refused, refused
    return out


def sim_urls(session: Session) -> list[str]:
    """A simultaneous event's public page and public API, when the session plays the pack of an event
    organised on this server (its field's placings are shown on the session's pages)."""
    ref = str(
        (Session.objects.filter(pk=session.pk).values_list("sim_pack", flat=True).first() or {}).get(
            "ref", ""
        )
    )
    if not ref or not SimEvent.objects.filter(ref=ref).exists():
        return []
    event = reverse("sims_public:event", args=[ref])
    return [event, f"{event}?page=2", reverse("sims_public:field", args=[ref]), f"/api/v1/sims/{ref}/"]


def answers(
    person: Person, session: Session, public: list[str], trays: list[int], *, whole: bool = False
) -> dict[str, str]:
    """Everything this person can ask now, through every link held; links handed out are held too.

    A page is asked for its main part (what the phone refreshes, where everything a send could change
    is shown), or ``whole`` (its frame too: title, the call box, whose clock and call the clock's API
    answers every time)."""
    THROTTLES.clear()  # the phones' rate limit counts these requests too
    if not person.held:
        return {url: text(person.phone.get(url)) for url in public}
    known = session_tokens(session)
    kind = session_kind(session)
    found = _checks_answers(person.phone, session)  # refused: the cookies of a pass open no director's door
    asked: set[str] = set()
    while set(person.held) - asked:
        for token in [t for t in person.held if t not in asked]:
            asked.add(token)
            if person.held[token] == "table":
                found |= _table_answers(person.spare, token, whole)
            else:  # the page and every traveller through the pass; the printed link is another door
                own = (
                    token in (person.own_pass, person.acting) or token in person.found or not person.own_pass
                )
                phone = person.found.get(token, person.phone)
                found |= _follower_answers(phone, token, trays, kind, own, whole)
        everything = "\n".join(found.values())
        for token, link_kind in known.items():
            if token not in person.held and token in everything:
                person.hold(token, link_kind)  # a link handed out: the person holds it from now on
    return found


def without_running(found: dict[str, str]) -> dict[str, str]:
    """The answers less the running score and the page digest that includes it."""
    out = {}
    for key, value in found.items():
        value = STAMP_HTML.sub("", RUNNING_HTML.sub("", value))
        for name in RUNNING_FIELDS:
            value = re.sub(rf'"{name}":\s*(\[[^\]]*\]|null|"[^"]*")', "", value)
        out[key] = value
    return out
