"""Who may see what: the one rule every read of a session's results goes through.

This docstring is the contract (docs/design.md, "Who may see what, and
why"). A *traveling slip* stays folded (W. H. Barney, *Whist and Duplicate
Whist*, 1900, p. 42): nobody learns a result before playing that tray.

**The threat model.** Phones hold links, and a link is whoever holds it.

- A **table's link** (the QR code on the table) is a **place**: it lies on
  the table all evening, so every pair that ever sat there holds it, pairs
  long gone and pairs across the table alike, for as long as the session
  lasts. It proves nobody's identity.
- An **entrant's own link** (the QR code on its movement card, p. 39) is
  handed to the entrant by the director: whoever holds it is the entrant.
- A **pass** is a phone's own link to follow an entrant, given when the
  phone says at a table's link which entrant it is (a *claim*,
  ``tournaments.services.phones``, which says what guards it: one phone
  claims an entrant, a second needs the entrant's code; one entrant a
  phone; only the entrants on the table's card; the director sees every
  phone and releases them).
- A **phone is picked up**: a phone left at a table holds its pass, and the
  next pair to sit there holds the phone. So a pass is put **in doubt**
  (``tournaments.services.phones``) when its phone opens the link of a
  table where its entrant is not due, or asks anything after a pause
  (``PASS_PAUSE``); in doubt, the phone's viewer is ``DOUBTED`` until the
  entrant shows that it holds the phone by something the next pair does not
  have (its code, or its own printed link), never by a tap on its name.
- A **person** holds every link their phones have touched all evening, and
  whatever those links hand out. What a person can see, through all of
  them at once, must not change when a tray that person has not played gets
  a result (``tests/privacy``).

**Viewers**

- ``PUBLIC``: anyone, with no credentials (also another club's director).
- ``DIRECTOR``: a director of the session's club.
- ``ENTRANT``: a phone that follows an entrant: by its own link, or by a
  pass. For a team of four, one of its two pairs (``side`` ``NS`` or
  ``EW``, p. 48).
- ``TABLE``: a table's own link.
- ``DOUBTED``: a pass in doubt (above): it sees what a table's link sees.
- ``HALL``: the hall's screen (the projector or TV the director opens from
  the live board): everyone in the room reads it, so it sees only what every
  entrant may see alike: the running score (when the director allows it,
  and not in the last rounds hidden), and which tables have sent how many
  trays, never a count or a line.

**What each may do and see** (the README's "Who may see what" has it as a table)

- A **table's link** shows the table's card (who sits there in each round,
  which trays: what the printed guide card says), the entrants a phone
  there may say it is (and whether a phone follows each), and calls the
  director. It never hands out an entrant's link or a pass; it shows no
  count, no score, no traveller, not even the round the table has reached;
  it sends, checks and corrects nothing. Nothing it shows changes when a
  tray is played.
- An **entrant** (its own link or a pass) sees the lines of a tray, and
  any score derived from them, once that entrant has played the tray and
  its table has sent it; that includes its own table's lines of the round
  it plays, to send, check (E-W), dispute (E-W) and correct (N-S, until
  checked). It acts only at the table where it sits in its round now, and
  only on the lines of trays it played.
- The **running score**, when the director allows it and except in the
  last rounds the director hides, is shown to entrants: totals over the
  trays that every table due to play them has finished (a *complete*
  tray), so it changes only when a tray is complete.
- The **director** sees every line, every score and the standings, and
  nothing of another club's sessions (404, never 403).
- The **public** sees nothing of the results while the session runs.

**Once closed or published** table links and entrants see exactly what the
public sees, and a phone's check or dispute is refused before anything of
the line is read. The public sees what the director has published, and
only that: with the standings alone, totals and places; the lines and
per-deal scores only when the travellers are published; the hands only
when the hand records are. A closed session shows nothing. A draft shows
nothing either.

**A simultaneous event's hands are held back.** A session that plays an
organiser's pack (``tournaments.pbn.pack``: the same deals at many clubs)
has a *release time* (``Session.hands_release_at``). Before it the hands
(the hand records, their double-dummy figures, the deals' PBN, the hands
on a traveller) are seen by nobody but the club's director, who deals,
prints curtain cards and checks the trays from them: not the public, even
when the director has published the hand records, and so not a table's
link or an entrant after the close; another club that has not played yet
must not learn them. From the release time on, as above: the published
hand records are the public's. The standings and travellers are not held
back: the club's own results are its own to publish.

**A simultaneous event's placings.** Once the organiser publishes the
field (every club's heat scored together), each pair of a session that
played the pack has two placings in it: overall, and in its club. They
compare the pair with other clubs' pairs, so nothing is shown before the
field is published, and then only what the organiser published (places
and percentages, never another club's lines). The club placing is the
club's own standings, so neither placing is shown before the club's
director publishes them: then a pair's phone (an entrant) sees its own
two, the public every pair's of the session; the director sees them all
at any time; a table's link and the hall's screen none
(``sim_placings_seen``).

**Provisional, then final.** Publishing makes the results provisional for
the club's hours (``Club.provisional_hours``) from the publishing time
(``Session.provisional_until``); at that instant they are final, by the
clock alone, with no job to end it (``provisional_until``). Whoever sees the
standings is told which, on every page, phone and file. A correction made
while provisional, and a reopening (of final results, or with a reason),
is shown to whoever sees the standings: when and why, the tray and table,
and the figures before and after only to whoever sees that tray's lines
(``result_changes_seen``).

Checked as a property (``tests/privacy``): a person's answers do not change
when a tray that person has not played gets a result.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from django.db.models import Q
from django.utils import timezone

from scoring.models import SlipSeat
from tournaments.link_reads import SessionRead
from tournaments.models import ResultChange, Round, Session


class Role(StrEnum):
    """Who is looking."""

    PUBLIC = "public"
    DIRECTOR = "director"
    ENTRANT = "entrant"
    TABLE = "table"
    HALL = "hall"
    DOUBTED = "doubted"


@dataclass(frozen=True)
class Viewer:
    """One viewer of a session: a role, and for phones the entrant (and side) or table it holds."""

    role: Role
    entrant_id: int | None = None
    side: str = ""
    table_id: int | None = None


PUBLIC = Viewer(Role.PUBLIC)
DIRECTOR = Viewer(Role.DIRECTOR)
HALL = Viewer(Role.HALL)


def entrant_viewer(*, entrant_id: int, side: str = "") -> Viewer:
    """A phone that follows an entrant (or one pair of a team of four)."""
    return Viewer(Role.ENTRANT, entrant_id=entrant_id, side=side)


def table_viewer(*, table_id: int) -> Viewer:
    """A table's own link (a place)."""
    return Viewer(Role.TABLE, table_id=table_id)


def doubted_viewer(*, entrant_id: int, side: str = "") -> Viewer:
    """A pass in doubt: a phone that followed this entrant and may now be in another's hands."""
    return Viewer(Role.DOUBTED, entrant_id=entrant_id, side=side)


@dataclass(frozen=True)
class Published:
    """The director's publishing switches, each off unless the session is published."""

    standings: bool
    travellers: bool
    hand_records: bool

    @property
    def anything(self) -> bool:
        """Whether the session has a public page at all."""
        return self.standings or self.travellers or self.hand_records


def published_anything(now: dt.datetime | None = None) -> Q:
    """The sessions of which the public may see anything (``published(s).anything``), as the database asks
    it, so that a list of them is paged before a session is read: published, with its standings or its
    travellers, or its hand records once their release time has come."""
    released = Q(hands_release_at__isnull=True) | Q(hands_release_at__lte=now or timezone.now())
    switches = (
        Q(publish_standings=True) | Q(publish_travellers=True) | (Q(publish_hand_records=True) & released)
    )
    return Q(status=Session.Status.PUBLISHED) & switches


def hands_released(session: Session | SessionRead, now: dt.datetime | None = None) -> bool:
    """Whether a simultaneous event's release time has come (always, for a session without one)."""
    return session.hands_released(now)


def published(session: Session | SessionRead) -> Published:
    """What the public may see: the switches, only once the session is published (the hand records only
    from a simultaneous event's release time on)."""
    live = session.status == Session.Status.PUBLISHED
    return Published(
        standings=live and session.publish_standings,
        travellers=live and session.publish_travellers,
        hand_records=live and session.publish_hand_records and hands_released(session),
    )


@dataclass(frozen=True)
class Sight:
    """What one viewer may see of one session now.

    ``trays`` holds the numbers of the trays whose lines and per-deal scores
    the viewer may see (``None``: every tray). ``standings``: totals and
    places. ``running``: the running score over complete trays (the caller
    still hides it in the director's last rounds, ``running_shown``).
    ``own_lines``: a phone's own table's lines of its round. ``checks``: the
    book's internal tests of the scoring (the director's, not the members').
    """

    trays: frozenset[int] | None
    standings: bool
    running: bool
    hand_records: bool
    own_lines: bool
    checks: bool = False

    def tray(self, number: int) -> bool:
        """Whether this tray's lines (and the scores derived from them) are visible."""
        return self.trays is None or number in self.trays

    @property
    def per_deal(self) -> bool:
        """Whether any tray's scores are visible."""
        return self.trays is None or bool(self.trays)


NOTHING = Sight(trays=frozenset(), standings=False, running=False, hand_records=False, own_lines=False)
EVERYTHING = Sight(trays=None, standings=True, running=False, hand_records=True, own_lines=False, checks=True)


def _public_sight(session: Session | SessionRead) -> Sight:
    shown = published(session)
    return Sight(
        trays=None if shown.travellers else frozenset(),
        standings=shown.standings,
        running=False,
        hand_records=shown.hand_records,
        own_lines=False,
    )


def played_trays(viewer: Viewer) -> frozenset[int]:
    """The trays an entrant (or one pair of a team) has played and whose line its table has sent."""
    if viewer.role != Role.ENTRANT or viewer.entrant_id is None:
        return frozenset()
    seats = SlipSeat.objects.filter(entrant_id=viewer.entrant_id, side=viewer.side)
    return frozenset(seats.values_list("tray__number", flat=True))


def sight(*, viewer: Viewer, session: Session | SessionRead) -> Sight:
    """The rule: what this viewer may see of this session now (see the module's contract)."""
    if viewer.role == Role.DIRECTOR:
        return EVERYTHING
    if viewer.role == Role.PUBLIC or session.status in (Session.Status.CLOSED, Session.Status.PUBLISHED):
        return _public_sight(session)
    if session.status != Session.Status.RUNNING or viewer.role in (Role.TABLE, Role.DOUBTED):
        return NOTHING  # a table's link is a place, a pass in doubt may be anyone's: no result
    if viewer.role == Role.HALL:
        return Sight(
            trays=frozenset(),
            standings=False,
            running=session.show_running_score,
            hand_records=False,
            own_lines=False,
        )
    return Sight(
        trays=played_trays(viewer),
        standings=False,
        running=session.show_running_score,
        hand_records=False,
        own_lines=True,
    )


def running_shown(
    *, sight: Sight, session: Session | SessionRead, round_number: int, rounds: int | None = None
) -> bool:
    """The running score, unless the phone's round is one of the last the director hides."""
    if not sight.running:
        return False
    last = Round.objects.filter(session_id=session.pk).count() if rounds is None else rounds
    return min(round_number, last) <= last - session.running_score_hidden_rounds


def scores_seen(scores: Mapping[str, Any], sight: Sight) -> dict[str, Any]:
    """The scores JSON cut to what a viewer may see: per-deal scores of visible trays, totals if allowed.

    Without the standings the entrants' lines and the summary go; the
    book's tests stay with the director.
    """
    deals = [d for d in scores.get("deals", []) if sight.tray(int(d["deal"]))]
    out: dict[str, Any] = {
        "method": scores["method"],
        "deals": deals,
        "entrants": list(scores.get("entrants", [])) if sight.standings else [],
    }
    if sight.standings and "summary" in scores:
        out["summary"] = scores["summary"]
    if sight.checks and "checks" in scores:
        out["checks"] = scores["checks"]
    return out


def sim_placings_seen(*, viewer: Viewer, session: Session | SessionRead, field_published: bool) -> str:
    """Whose placings in a simultaneous event's field this viewer sees (the contract's paragraph on
    them): ``"all"`` the session's pairs, ``"own"`` its own entrant's alone, or ``""`` none."""
    if not field_published:
        return ""
    if viewer.role == Role.DIRECTOR:
        return "all"
    if not published(session).standings:
        return ""
    return {Role.ENTRANT: "own", Role.PUBLIC: "all"}.get(viewer.role, "")


def final_results(now: dt.datetime | None = None) -> Q:
    """The published sessions whose results are final now (``Session.provisional`` as the database asks
    it): never given a provisional time, or past it."""
    return Q(provisional_until__isnull=True) | Q(provisional_until__lte=now or timezone.now())


def provisional_until(session: Session | SessionRead, now: dt.datetime | None = None) -> dt.datetime | None:
    """Until when a published session's results are provisional; ``None`` once they are final (from that
    instant on), or while the session is not published."""
    return session.provisional_until if session.provisional(now) else None


@dataclass(frozen=True)
class ChangeSeen:
    """A change to published results as a viewer may see it (``what``: the figures before and after, blank
    when the viewer may not see that tray's lines)."""

    kind: str
    at: dt.datetime
    reason: str
    tray: int | None
    table: int | None
    before: str
    after: str
    was_final: bool


def result_changes_seen(*, session: Session | SessionRead, sight: Sight) -> list[ChangeSeen]:
    """The corrections and reopenings of a published session that this sight shows: none without the
    standings; a correction's figures only with its tray's lines."""
    if session.status != Session.Status.PUBLISHED or not (sight.standings or sight.per_deal):
        return []
    out = []
    for change in ResultChange.objects.filter(session_id=session.pk).order_by("at", "id"):
        shown = change.tray_number is not None and sight.tray(change.tray_number)
        out.append(
            ChangeSeen(
                kind=change.kind,
                at=change.at,
                reason=change.reason,
                tray=change.tray_number,
                table=change.table_number,
                before=change.before if shown else "",
                after=change.after if shown else "",
                was_final=change.was_final,
            )
        )
    return out
