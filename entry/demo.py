"""The demo club, built through the services as a director and the tables would.

One finished and published Howell of eight pairs (exponent scoring) and one
Mitchell of five tables in progress (trick scoring), with about twenty
players. Results come from a seeded generator, so every run builds the same
club; each tray has a "par" (the tricks its hands make double dummy for N-S
with the tray's trump, where the solver is installed) and each pair a
strength, so the figures look like an evening's play rather than noise, and
the scorer's eye has little to flag among them.
"""

from __future__ import annotations

import datetime as dt
import functools
import random
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from entry.send import DIRECTOR_ENTRY, Sender, send_of, submit
from entry.services.directing import session_close, session_publish
from entry.services.results import result_confirm
from scoring import hand_records, tasks
from scoring.models import Via
from tournaments.models import Club, Deal, Player, Seating, Series, Session
from tournaments.services import club as club_services
from tournaments.services import deals, seating, sessions

DEMO_SLUG = "riverside"
DEMO_USER = "director"
DEMO_PASSWORD = "whist1900"

NAMES = [
    "Ada Whitcombe",
    "Bertram Hale",
    "Clara Pemberton",
    "Daniel Fenwick",
    "Edith Marsh",
    "Frederick Cole",
    "Grace Ellison",
    "Henry Abbott",
    "Isabel Thorne",
    "James Whitlock",
    "Katherine Boyd",
    "Lewis Harrow",
    "Margaret Quill",
    "Nathaniel Price",
    "Olive Sutton",
    "Percival Grant",
    "Rose Kendall",
    "Samuel Ashby",
    "Theodora Vane",
    "Walter Barnes",
]


@dataclass(frozen=True)
class DemoClub:
    """What the demo built: the club, its director and its two sessions."""

    club: Club
    published: Session
    running: Session


def _tricks(rng: random.Random, par: float, ns_strength: float, ew_strength: float) -> int:
    value = round(rng.gauss(par + ns_strength - ew_strength, 0.8))
    return max(0, min(13, value))


def _pars(session: Session, rng: random.Random) -> dict[int, float]:
    """Each tray's par: N-S's double-dummy tricks for the tray's trump, or a made-up 5 to 8 without the
    solver (or the hands)."""
    par = {t.number: rng.uniform(5.0, 8.0) for t in session.trays.all()}
    if not hand_records.solver_available():
        return par
    for deal in (
        Deal.objects.filter(tray__session=session).exclude(hands="").exclude(trump="").select_related("tray")
    ):
        par[deal.tray.number] = tasks.solve_one(
            hands=deal.hands, trump_card=deal.trump, dealer=deal.dealer
        ).ns
    return par


def _play(session: Session, rng: random.Random, *, rounds: int, partial_round: int | None = None) -> None:
    """Enter (and confirm) the results of the first ``rounds`` rounds, as the tables would."""
    par = _pars(session, rng)
    strength = {e.pk: rng.uniform(-0.6, 0.6) for e in session.entrants.all()}
    seatings = Seating.objects.filter(round__session=session, round__number__lte=rounds).select_related(
        "round", "table", "ns", "ew"
    )
    for s in seatings.order_by("round__number", "table__number"):
        if partial_round and s.round.number == partial_round and s.table.number % 2 == 0:
            continue
        if s.ns is None or s.ew is None:
            continue
        for tray in s.trays.order_by("seatingtray__order"):
            tricks = _tricks(rng, par[tray.number], strength[s.ns_id], strength[s.ew_id])
            sent = send_of({"tray": tray.number, "ns_tricks": tricks, "round": s.round.number})
            sender = Sender(Via.DEMO, f"table {s.table.number}")
            outcome = submit(sent, table=s.table, sender=sender, standing=DIRECTOR_ENTRY)
            result_confirm(
                line=outcome.line, by=f"table {s.table.number} E-W", via=Via.DEMO, as_director=True
            )


def _pairs(session: Session, players: list[Player]) -> None:
    for a, b in zip(players[0::2], players[1::2], strict=True):
        sessions.entrant_create(session=session, players=[a, b])


@transaction.atomic
def _started(
    title: str,
    date: dt.date,
    method: str,
    players: list[Player],
    family: str,
    deals_count: int,
    *,
    club: Club,
    season: Series,
    rng: random.Random,
    user: Any,
) -> Session:
    """A session of the season with its pairs, seated by the movement, dealt and started."""
    session = sessions.session_create(
        club=club, date=date, title=title, scoring_method=method, series=season, user=user
    )
    _pairs(session, players)
    seating.movement_fix(session=session, family=family, deals=deals_count, user=user)
    deals.trays_deal(session=session, rng=rng, user=user)
    return sessions.session_start(session=session, user=user)


def build_demo(*, seed: int = 1900) -> DemoClub:
    """Build the demo club from nothing, through the services."""
    rng = random.Random(seed)
    user_model = get_user_model()
    user, _ = user_model.objects.get_or_create(username=DEMO_USER, defaults={"email": "director@example.org"})
    user.set_password(DEMO_PASSWORD)
    user.is_staff = user.is_superuser = True  # the demo's director may also open the admin
    user.save()
    club = club_services.club_create(name="Riverside Duplicate Whist Club", slug=DEMO_SLUG)
    club_services.director_add(club=club, user=user)
    players = [
        club_services.player_create(club=club, name=name, member_number=f"R{100 + i}", user=user)
        for i, name in enumerate(NAMES)
    ]
    today = timezone.localdate()
    season = Series.objects.create(
        club=club, name=f"Autumn season {today.year}", best_of=None, min_sessions=2
    )

    started = functools.partial(_started, club=club, season=season, rng=rng, user=user)
    howell = started(
        "Howell pairs, eight pairs", today - dt.timedelta(days=7), "exponent", players[:16], "howell", 14
    )
    _play(howell, rng, rounds=howell.rounds.count())
    session_close(session=howell, user=user)
    howell = session_publish(session=howell, standings=True, travellers=True, hand_records=True, user=user)

    mitchell = started("Mitchell pairs, five tables", today, "trick", players[:20], "mitchell", 10)
    _play(mitchell, rng, rounds=3, partial_round=3)
    return DemoClub(club=club, published=howell, running=mitchell)


def demo_exists() -> bool:
    """Whether the demo club is already in the database."""
    return Club.objects.filter(slug=DEMO_SLUG).exists()


def demo_links(base_url: str, *, password: str = DEMO_PASSWORD) -> list[str]:
    """The links to open, as lines to print: the director's login, tonight's sessions, the club's pages.

    Every link is the demo club's own: a site with other clubs (made from /site/) never has their
    sessions, tables or phones printed under the demo director's login. The demo club's sessions dated
    today and not yet closed come first with their director's page and the page that prints their tables'
    QR codes, so that ``make club`` at the start of an evening points at the evening rather than at the
    demo; a phone's links are printed for its latest session in play.
    """
    club = Club.objects.filter(slug=DEMO_SLUG).first()
    lines = [f"  Director:          {base_url}/director/   (user {DEMO_USER!r}, password {password!r})"]
    if club is not None:
        lines += _club_lines(base_url, club)
    lines.append(f"  New clubs:         {base_url}/site/   (same login: the site's administrator)")
    lines.append(f"  Admin:             {base_url}/admin/   (same login)")
    return lines


def _club_lines(base_url: str, club: Club) -> list[str]:
    """The demo club's tonight, a table's and a phone's links, its latest standings and its home."""
    lines = _tonight_lines(base_url, club)
    own = Session.objects.filter(club=club)  # the latest first: -date, -id
    running = own.filter(status=Session.Status.RUNNING).first()
    if running is not None:
        lines += _phone_lines(base_url, running)
    published = own.filter(status=Session.Status.PUBLISHED).first()
    if published is not None:
        lines.append(f"  Public standings:  {base_url}/c/{club.slug}/s/{published.pk}/")
    lines.append(f"  Club home:         {base_url}/c/{club.slug}/")
    return lines


def _tonight_lines(base_url: str, club: Club) -> list[str]:
    """Each of the club's sessions dated today and not yet closed: its director's page and QR codes."""
    tonight = Session.objects.filter(
        club=club, date=timezone.localdate(), status__in=[Session.Status.DRAFT, Session.Status.RUNNING]
    ).order_by("id")
    if not tonight:
        return ["  Tonight:           no session dated today yet: set one up from the director's page"]
    lines = []
    for session in tonight:
        state = "in play" if session.status == Session.Status.RUNNING else "being set up"
        page = f"{base_url}/director/s/{session.pk}"
        lines.append(f"  Tonight:           {page}/   ({session.title}, {state})")
        lines.append(f"  Its QR codes:      {page}/print/   (print, one per table)")
    return lines


def _phone_lines(base_url: str, session: Session) -> list[str]:
    """A table's code and a pair's phone link of a session in play, to try the phones from this laptop."""
    lines = []
    table = session.tables.order_by("number").first()
    if table is not None:
        lines.append(f"  Table 1's code:    {base_url}/t/{table.token}/   ({session.title}: say which pair)")
    link = session.entrant_links.filter(revoked=False).order_by("entrant__number").first()
    if link is not None:
        lines.append(f"  Pair 1's phone:    {base_url}/p/{link.token}/   (follows pair 1 to every table)")
    return lines
