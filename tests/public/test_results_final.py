"""Results that become final: provisional for the club's hours after publishing, then final by the clock.

Through the real doors: the public pages, the downloads, the phones and the
public API with Django's and DRF's test clients; the director's pages and API
for corrections (a reason, shown as corrected) and reopening (final results:
a reason, shown); the season's ladder counting only final results. The clock
is the one every read asks (``django.utils.timezone.now``), set here to the
instant just before the provisional time ends, exactly at it, and just past.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from collections.abc import Callable

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape
from public.builders import play_session
from rest_framework.test import APIClient

from entry.services.directing import session_publish
from scoring.models import ScoreCardSend, SlipLine, Via
from scoring.selectors.finality import local_words
from scoring.selectors.people import series_ladder_public
from tests.api.helpers import token_client
from tournaments.models import Club, EntrantLink, EntrantMember, Player, ResultChange, Series, Session

pytestmark = pytest.mark.django_db

PUBLISHED_AT = dt.datetime(2026, 11, 20, 19, 30, tzinfo=dt.UTC)
TICK = dt.timedelta(microseconds=1)
Clock = Callable[[dt.datetime], None]


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    """Set the time every read and write asks."""

    def at(moment: dt.datetime) -> None:
        monkeypatch.setattr(timezone, "now", lambda: moment)

    return at


@pytest.fixture
def provisional(club: Club, members: list[Player], season: Series, clock: Clock) -> Session:
    """A Mitchell closed and published (standings, travellers) at ``PUBLISHED_AT``: 48 hours provisional."""
    session = play_session(
        club=club,
        players=members,
        title="Provisional Mitchell",
        date=dt.date(2026, 11, 20),
        family="mitchell",
        deals_count=6,
        method="trick",
        series=season,
        seed=11,
        publish=None,
    )
    clock(PUBLISHED_AT)
    return session_publish(session=session, standings=True, travellers=True, hand_records=False)


def _until(session: Session) -> dt.datetime:
    return PUBLISHED_AT + dt.timedelta(hours=session.club.provisional_hours)


def _public(client: Client, session: Session, name: str = "public:session") -> str:
    answer = client.get(reverse(name, args=[session.club.slug, session.pk]))
    assert answer.status_code == 200
    return answer.content.decode()


def _api(session: Session) -> dict[str, object]:
    url = f"/api/v1/public/clubs/{session.club.slug}/sessions/{session.pk}/"
    answer = APIClient().get(url)
    assert answer.status_code == 200
    return dict(answer.json())


def test_publishing_makes_the_results_provisional_for_the_clubs_hours(provisional: Session) -> None:
    assert provisional.published_at == PUBLISHED_AT
    assert provisional.provisional_until == PUBLISHED_AT + dt.timedelta(hours=48)


@pytest.mark.parametrize(
    ("offset", "final"), [(-TICK, False), (dt.timedelta(0), True), (TICK, True)], ids=["before", "at", "past"]
)
def test_the_pages_files_phones_and_api_say_provisional_until_the_time_then_final(
    client: Client, provisional: Session, clock: Clock, offset: dt.timedelta, final: bool
) -> None:
    until = _until(provisional)
    clock(until + offset)
    said = "Final" if final else f"Provisional until {local_words(until)}"
    assert "Provisional until Sunday 22 November 2026, 19:30" in f"Provisional until {local_words(until)}"
    assert f'<b id="results-status">{said}</b>' in _public(client, provisional)
    assert said in _public(client, provisional, "public:travellers")
    body = _api(provisional)
    assert body["final"] is final and body["results_status"] == said
    assert body["provisional_until"] == (None if final else until.isoformat().replace("+00:00", "Z"))
    csv_rows = list(csv.reader(io.StringIO(_public(client, provisional, "public:results_csv"))))
    assert csv_rows[0][-1] == "results" and all(row[-1] == said for row in csv_rows[1:])
    data = json.loads(_public(client, provisional, "public:results_json"))
    assert data["final"] is final and data["results_status"] == said
    assert (data["provisional_until"] is None) is final
    pdf = client.get(reverse("public:results_pdf", args=[provisional.club.slug, provisional.pk])).content
    assert pdf.startswith(b"%PDF")
    link = EntrantLink.objects.filter(session=provisional, side="").first()
    assert link is not None
    phone = client.get(reverse("phone:home", args=[link.token]), headers={"X-Table-Partial": "1"})
    assert f'id="results-status">{said}.</span>' in phone.content.decode()
    state = APIClient().get(reverse("entrant-link-state", args=[link.token])).json()
    assert state["results_status"] == said


def test_the_heats_pbn_says_provisional(director_client: Client, provisional: Session, clock: Clock) -> None:
    clock(_until(provisional) - TICK)
    pbn = director_client.get(reverse("run:results_pbn", args=[provisional.pk])).content.decode("latin-1")
    assert pbn.splitlines()[2] == f"% Provisional until {local_words(_until(provisional))}"
    clock(_until(provisional))
    pbn = director_client.get(reverse("run:results_pbn", args=[provisional.pk])).content.decode("latin-1")
    assert pbn.splitlines()[2] == "% Final"


def _line(session: Session) -> SlipLine:
    return SlipLine.objects.select_related("tray", "table").get(
        session=session, table__number=2, tray__number=2
    )


def test_a_correction_while_provisional_needs_a_reason_and_is_shown_as_corrected(
    client: Client, director_client: Client, provisional: Session, clock: Clock
) -> None:
    line = _line(provisional)
    was, new = line.ns_tricks, (line.ns_tricks + 3) % 14
    url = reverse("run:line", args=[provisional.pk, line.pk])
    corrected_at = _until(provisional) - TICK
    clock(corrected_at)
    refused = director_client.post(url, {"ns_tricks": str(new), "reason": "  "})
    assert refused.status_code == 400 and "Give a reason for the correction." in refused.content.decode()
    answer = director_client.post(url, {"ns_tricks": str(new), "reason": "N-S entered E-W's count"})
    assert answer.status_code == 302
    line.refresh_from_db()
    assert line.ns_tricks == new
    page = _public(client, provisional)
    said = (
        f"Tray 2, table 2 corrected from N-S {was}, E-W {13 - was} to N-S {new}, E-W {13 - new} "
        f"on {local_words(corrected_at)}: N-S entered E-W&#x27;s count"
    )
    assert said in page
    change = _api(provisional)["changes"]
    assert isinstance(change, list) and change[0]["kind"] == "corrected" and change[0]["tray"] == 2


def test_the_csv_and_the_heats_pbn_list_the_corrections_the_results_show(
    client: Client, director_client: Client, provisional: Session, clock: Clock
) -> None:
    """Before, the files said "Provisional until ..." and nothing of what was corrected since publishing."""
    csv_rows = list(csv.reader(io.StringIO(_public(client, provisional, "public:results_csv"))))
    assert "changes" not in csv_rows[0]
    line = _line(provisional)
    clock(_until(provisional) - TICK)
    url = reverse("run:line", args=[provisional.pk, line.pk])
    new = (line.ns_tricks + 3) % 14
    assert director_client.post(url, {"ns_tricks": str(new), "reason": "slip misread"}).status_code == 302
    [said] = [c["said"] for c in _api(provisional)["changes"]]  # type: ignore[union-attr]
    assert said.startswith("Tray 2, table 2 corrected from") and said.endswith(": slip misread")
    csv_rows = list(csv.reader(io.StringIO(_public(client, provisional, "public:results_csv"))))
    assert csv_rows[0][-2:] == ["results", "changes"]
    assert all(row[-1] == said for row in csv_rows[1:])
    pbn = director_client.get(reverse("run:results_pbn", args=[provisional.pk])).content.decode("latin-1")
    assert pbn.splitlines()[2:4] == [f"% Provisional until {local_words(_until(provisional))}", f"% {said}"]


def test_a_correction_through_the_api_without_a_reason_is_refused(
    director: object, provisional: Session, clock: Clock
) -> None:
    clock(_until(provisional) - TICK)
    line = _line(provisional)
    api = token_client(director)
    url = f"/api/v1/sessions/{provisional.pk}/slips/{line.pk}/correct/"
    refused = api.post(url, {"ns_tricks": 5, "reason": ""}, format="json")
    assert refused.status_code == 400 and "Give a reason for the correction." in json.dumps(refused.json())
    assert not ResultChange.objects.filter(session=provisional).exists()
    done = api.post(url, {"ns_tricks": 5, "reason": "slip misread"}, format="json")
    assert done.status_code == 200 and done.json()["ns_tricks"] == 5
    assert ResultChange.objects.get(session=provisional).reason == "slip misread"


def test_after_the_time_a_correction_is_refused_and_reopening_needs_a_reason(
    client: Client, director: object, director_client: Client, provisional: Session, clock: Clock
) -> None:
    clock(_until(provisional))
    line = _line(provisional)
    data = {"ns_tricks": "5", "reason": "late claim"}
    refused = director_client.post(reverse("run:line", args=[provisional.pk, line.pk]), data)
    assert refused.status_code == 400 and "The results are final; reopen them" in refused.content.decode()
    api = token_client(director)
    by_api = api.post(f"/api/v1/sessions/{provisional.pk}/slips/{line.pk}/correct/", data, format="json")
    assert by_api.status_code == 400 and "final" in json.dumps(by_api.json())
    reopen = reverse("run:reopen", args=[provisional.pk])
    page = director_client.post(reopen, {"reason": ""})
    assert page.status_code == 400 and "give a reason for reopening them" in page.content.decode()
    assert api.post(f"/api/v1/sessions/{provisional.pk}/reopen/", {}, format="json").status_code == 400
    provisional.refresh_from_db()
    assert provisional.status == "published"
    assert director_client.post(reopen, {"reason": "A revoke found next day"}).status_code == 302
    provisional.refresh_from_db()
    assert provisional.status == "closed"
    session_publish(session=provisional, standings=True, travellers=True, hand_records=False)
    page_text = _public(client, provisional)
    assert (
        f"The final results were reopened on {local_words(_until(provisional))}: A revoke found" in page_text
    )


def test_a_correction_offers_the_score_cards_and_the_heat_again_and_sends_nothing(
    director_client: Client, provisional: Session, clock: Clock
) -> None:
    sent = PUBLISHED_AT + dt.timedelta(hours=1)
    ScoreCardSend.objects.create(session=provisional, number=1, sent_at=sent, sent_via=Via.DIRECTOR)
    Session.objects.filter(pk=provisional.pk).update(sim_sends=1, sim_sent_at=sent)
    close = reverse("run:close", args=[provisional.pk])
    assert 'id="offer-again"' not in director_client.get(close).content.decode()
    clock(sent + dt.timedelta(hours=1))
    line = _line(provisional)
    director_client.post(
        reverse("run:line", args=[provisional.pk, line.pk]), {"ns_tricks": "6", "reason": "misread"}
    )
    page = director_client.get(close).content.decode()
    assert "the score cards and the heat were sent:" in page and "Nothing is sent until you ask." in page
    provisional.refresh_from_db()
    assert ScoreCardSend.objects.filter(session=provisional).count() == 1 and provisional.sim_sends == 1


def test_the_ladder_counts_final_results_and_lists_the_provisional(
    client: Client, provisional: Session, published_howell: Session, clock: Clock
) -> None:
    series = provisional.series
    assert series is not None and published_howell.series_id == series.pk
    clock(_until(provisional) - TICK)
    ladder = series_ladder_public(series=series)
    assert ladder.sessions == (published_howell,) and ladder.provisional == (provisional,)
    page = client.get(reverse("public:ladder", args=[series.club.slug, series.pk])).content.decode()
    assert 'id="ladder-provisional"' in page and "Provisional Mitchell" in page
    api = APIClient().get(f"/api/v1/public/clubs/{series.club.slug}/series/{series.pk}/ladder/").json()
    assert [s["id"] for s in api["sessions"]] == [published_howell.pk]
    assert [s["id"] for s in api["provisional"]] == [provisional.pk]
    clock(_until(provisional))
    ladder = series_ladder_public(series=series)
    assert {s.pk for s in ladder.sessions} == {provisional.pk, published_howell.pk} and not ladder.provisional


@pytest.mark.parametrize(
    ("hours", "ok"), [("0", True), ("720", True), ("721", False), ("-1", False), ("x", False)]
)
def test_the_clubs_hours_are_bounded_on_the_page_the_api_and_the_database(
    club: Club, director: object, director_client: Client, hours: str, ok: bool
) -> None:
    answer = director_client.post(reverse("director:club_provisional", args=[club.slug]), {"hours": hours})
    assert answer.status_code == (302 if ok else 400)
    if not ok:
        assert "Keep results provisional for 0 to 720 hours (30 days)." in answer.content.decode()
    by_api = token_client(director).patch(
        f"/api/v1/clubs/{club.slug}/", {"provisional_hours": hours}, format="json"
    )
    assert by_api.status_code == (200 if ok else 400)
    club.refresh_from_db()
    assert club.provisional_hours == (int(hours) if ok else 48)


def test_the_database_keeps_the_hours_within_thirty_days(club: Club) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        Club.objects.filter(pk=club.pk).update(provisional_hours=721)


def test_an_award_a_law_and_a_void_tray_while_provisional_are_corrections_shown_with_their_reason(
    client: Client, director: object, director_client: Client, provisional: Session, clock: Clock
) -> None:
    moment = _until(provisional) - TICK
    clock(moment)
    line = _line(provisional)
    was = f"N-S {line.ns_tricks}, E-W {13 - (line.ns_tricks or 0)}"
    award = reverse("run:award", args=[provisional.pk, 2, 2])
    refused = director_client.post(award, {"ns_award": "average", "ew_award": "average", "reason": ""})
    assert refused.status_code == 400 and not ResultChange.objects.filter(session=provisional).exists()
    data = {"ns_award": "average-plus", "ew_award": "average-minus", "reason": "A slow play"}
    assert director_client.post(award, data).status_code == 302
    api = token_client(director)
    law = {"table": 1, "tray": 3, "law": "V.1", "reason": "Hands found wrong"}
    assert api.post(f"/api/v1/sessions/{provisional.pk}/slips/law/", law, format="json").status_code == 200
    void = {"status": "void", "reason": "Cards left in the tray"}
    by_page = director_client.post(reverse("run:tray", args=[provisional.pk, 4]), void)
    assert by_page.status_code == 302
    page = _public(client, provisional)
    when = local_words(moment)
    assert (
        f"Tray 2, table 2 corrected from {was} to N-S average-plus, E-W average-minus on {when}: A slow play"
    ) in page
    assert f"to Law V, Sec. 1: the average on {when}: Hands found wrong" in page
    assert f"Tray 4 corrected from in play to void on {when}: Cards left in the tray" in page
    said = [c["said"] for c in _api(provisional)["changes"]]  # type: ignore[union-attr]
    assert len(said) == 3 and said[2].startswith("Tray 4 corrected from in play to void")
    provisional.refresh_from_db()
    assert provisional.status == Session.Status.PUBLISHED
    assert provisional.trays.get(number=4).status == "void"


def test_after_the_time_an_award_a_law_and_a_void_tray_need_reopening(
    director: object, director_client: Client, provisional: Session, clock: Clock
) -> None:
    clock(_until(provisional))
    final = "The results are final; reopen them, with a reason"
    data = {"ns_award": "average", "ew_award": "average", "reason": "late"}
    award = director_client.post(reverse("run:award", args=[provisional.pk, 2, 2]), data)
    assert award.status_code == 400 and final in award.content.decode()
    api = token_client(director)
    law = {"table": 1, "tray": 3, "law": "V.1", "reason": "late"}
    by_api = api.post(f"/api/v1/sessions/{provisional.pk}/slips/law/", law, format="json")
    assert by_api.status_code == 400 and final in json.dumps(by_api.json())
    status = f"/api/v1/sessions/{provisional.pk}/trays/4/status/"
    void = api.post(status, {"status": "void", "reason": "late"}, format="json")
    assert void.status_code == 400 and final in json.dumps(void.json())
    assert not ResultChange.objects.filter(session=provisional).exists()


def test_the_standings_api_the_player_results_and_the_club_page_say_provisional_and_the_corrections(
    client: Client, director: object, director_client: Client, provisional: Session, clock: Clock
) -> None:
    corrected_at = _until(provisional) - dt.timedelta(hours=1)
    clock(corrected_at)
    line = _line(provisional)
    url = reverse("run:line", args=[provisional.pk, line.pk])
    assert director_client.post(url, {"ns_tricks": "5", "reason": "slip misread"}).status_code == 302
    clock(_until(provisional) - TICK)
    words = f"Provisional until {local_words(_until(provisional))}"
    public = f"/api/v1/public/clubs/{provisional.club.slug}/sessions/{provisional.pk}/standings/"
    own = f"/api/v1/sessions/{provisional.pk}/standings/"
    for api, path in ((APIClient(), public), (token_client(director), own)):
        body = api.get(path).json()
        assert body["final"] is False and body["results_status"] == words and body["entrants"]
        assert body["provisional_until"] == _until(provisional).isoformat().replace("+00:00", "Z")
        assert [(c["kind"], c["tray"], c["table"], c["reason"]) for c in body["changes"]] == [
            ("corrected", 2, 2, "slip misread")
        ]
        assert body["changes"][0]["said"].startswith("Tray 2, table 2 corrected from")
    member = EntrantMember.objects.filter(session=provisional).order_by("pk").first()
    assert member is not None and member.player_id is not None
    results = f"/api/v1/public/clubs/{provisional.club.slug}/players/{member.player_id}/results/"
    row = APIClient().get(results).json()["results"][0]
    assert row["final"] is False and row["provisional_until"] is not None
    player = reverse("public:player", args=[provisional.club.slug, member.player_id])
    said = f"provisional until {local_words(_until(provisional))}"
    assert said in client.get(player).content.decode()
    assert said in client.get(reverse("public:club", args=[provisional.club.slug])).content.decode()
    clock(_until(provisional))
    body = APIClient().get(public).json()
    assert body["final"] is True and body["results_status"] == "Final" and body["provisional_until"] is None
    assert body["changes"][0]["reason"] == "slip misread"
    assert APIClient().get(results).json()["results"][0]["final"] is True
    assert "provisional until" not in client.get(player).content.decode()


def test_a_standings_poll_is_told_of_the_results_becoming_final(provisional: Session, clock: Clock) -> None:
    clock(_until(provisional) - TICK)
    public = f"/api/v1/public/clubs/{provisional.club.slug}/sessions/{provisional.pk}/standings/"
    first = APIClient().get(public)
    assert first.status_code == 200 and first.json()["final"] is False
    since = {"If-Modified-Since": first["Last-Modified"]}
    assert APIClient().get(public, headers=since).status_code == 304
    tag = {"If-None-Match": first["ETag"]}
    assert APIClient().get(public, headers=tag).status_code == 304
    clock(_until(provisional) + dt.timedelta(seconds=1))
    for asked in (since, tag):
        again = APIClient().get(public, headers=asked)
        assert again.status_code == 200 and again.json()["final"] is True


def test_the_phones_list_the_corrections_the_public_results_show(
    client: Client, director_client: Client, provisional: Session, clock: Clock
) -> None:
    link = EntrantLink.objects.filter(session=provisional, side="").first()
    table = provisional.tables.order_by("number").first()
    assert link is not None and table is not None
    phone = reverse("phone:home", args=[link.token])
    partial = {"X-Table-Partial": "1"}
    assert 'id="result-changes"' not in client.get(phone, headers=partial).content.decode()
    moment = _until(provisional) - TICK
    clock(moment)
    line = _line(provisional)
    url = reverse("run:line", args=[provisional.pk, line.pk])
    assert director_client.post(url, {"ns_tricks": "4", "reason": "slip misread"}).status_code == 302
    public = _api(provisional)["changes"]
    assert isinstance(public, list)
    said = [c["said"] for c in public]
    assert len(said) == 1 and said[0].startswith("Tray 2, table 2 corrected from")
    for page in (phone, reverse("table:home", args=[table.token])):
        text = client.get(page, headers=partial).content.decode()
        assert '<ul class="changes small" id="result-changes"' in text
        assert f"<li>{escape(said[0])}</li>" in text
    state = APIClient().get(reverse("entrant-link-state", args=[link.token])).json()
    assert state["results_changes"] == said
    place = APIClient().get(f"/api/v1/tables/{table.token}/").json()
    assert place["results_changes"] == said
    provisional.publish_travellers = False
    provisional.save(update_fields=["publish_travellers"])
    hidden = [c["said"] for c in _api(provisional)["changes"]]  # type: ignore[union-attr]
    assert hidden == [f"Tray 2, table 2 corrected on {local_words(moment)}: slip misread"]
    state = APIClient().get(reverse("entrant-link-state", args=[link.token])).json()
    assert state["results_changes"] == hidden
