"""The roster pages: add, edit, merge, deactivate, import, search; refusals next to the field."""

from __future__ import annotations

import datetime as dt
import math
import threading
from typing import Any

import pytest
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import OperationalError, connection, connections, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.api.helpers import token_client
from tournaments import tasks
from tournaments.models import ActionLog, Club, Player
from tournaments.services import club as club_services
from tournaments.services import sessions

pytestmark = pytest.mark.django_db


def url(name: str, club: Club, *args: int) -> str:
    return reverse(f"director:{name}", args=[club.slug, *args])


def test_the_roster_needs_a_login(client: Client, club: Club) -> None:
    response = client.get(url("roster", club))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_another_clubs_director_gets_404(stranger_client: Client, club: Club, players: list[Player]) -> None:
    assert stranger_client.get(url("roster", club)).status_code == 404
    assert stranger_client.get(url("roster_search", club)).status_code == 404
    assert stranger_client.get(url("player_edit", club, players[0].pk)).status_code == 404
    assert stranger_client.post(url("player_active", club, players[0].pk)).status_code == 404


def test_a_player_of_another_club_is_404_even_on_our_roster_url(director_client: Client, club: Club) -> None:
    other = Club.objects.create(name="Elsewhere", slug="elsewhere")
    stranger = Player.objects.create(club=other, name="Stranger")
    assert director_client.get(url("player_edit", club, stranger.pk)).status_code == 404


def test_the_director_adds_a_player(director_client: Client, club: Club) -> None:
    response = director_client.post(url("roster", club), {"name": "Ada Lovelace", "member_number": "101"})
    assert response.status_code == 302
    assert Player.objects.filter(club=club, name="Ada Lovelace", member_number="101").exists()


def test_a_player_without_a_name_is_refused_next_to_the_field(director_client: Client, club: Club) -> None:
    response = director_client.post(url("roster", club), {"name": "  ", "member_number": ""})
    assert response.status_code == 200
    assert response.context["form"].errors["name"] == ["A player needs a name."]
    assert b'class="field has-error"' in response.content


def test_a_member_number_twice_is_refused_next_to_the_field(director_client: Client, club: Club) -> None:
    Player.objects.create(club=club, name="First", member_number="7")
    response = director_client.post(url("roster", club), {"name": "Second", "member_number": "7"})
    assert "member_number" in response.context["form"].errors


def test_the_director_edits_and_deactivates_a_player(
    director_client: Client, club: Club, players: list[Player]
) -> None:
    p = players[0]
    response = director_client.post(
        url("player_edit", club, p.pk), {"name": "Renamed", "member_number": "55"}
    )
    assert response.status_code == 302
    p.refresh_from_db()
    assert (p.name, p.member_number, p.active) == ("Renamed", "55", False)


def test_deactivate_in_one_click_and_back(director_client: Client, club: Club, players: list[Player]) -> None:
    p = players[1]
    director_client.post(url("player_active", club, p.pk), {"q": "Player"})
    p.refresh_from_db()
    assert not p.active
    director_client.post(url("player_active", club, p.pk))
    p.refresh_from_db()
    assert p.active


def test_merging_moves_the_history_and_retires_the_duplicate(
    director_client: Client, club: Club, players: list[Player]
) -> None:
    session = sessions.session_create(club=club, date=dt.date(2026, 1, 5), title="Old")
    duplicate = Player.objects.create(club=club, name="Player 1 (again)", member_number="9")
    sessions.entrant_create(session=session, players=[duplicate, players[1]])
    response = director_client.post(url("player_merge", club, duplicate.pk), {"keep": players[0].pk})
    assert response.status_code == 302
    duplicate.refresh_from_db()
    assert duplicate.merged_into == players[0] and not duplicate.active
    assert session.entrants.get().members.filter(player=players[0]).exists()


def test_a_merge_without_a_choice_is_refused_next_to_the_field(
    director_client: Client, club: Club, players: list[Player]
) -> None:
    response = director_client.post(url("player_merge", club, players[0].pk), {"keep": ""})
    assert response.context["merge_form"].errors["keep"] == ["Choose the player to keep."]


def test_a_merge_of_two_who_played_together_is_refused(
    director_client: Client, club: Club, players: list[Player]
) -> None:
    session = sessions.session_create(club=club, date=dt.date(2026, 1, 5), title="Old")
    sessions.entrant_create(session=session, players=[players[0], players[1]])
    response = director_client.post(url("player_merge", club, players[1].pk), {"keep": players[0].pk})
    assert "same session" in response.context["merge_form"].errors["keep"][0]


def test_a_roster_is_imported_from_csv(director_client: Client, club: Club) -> None:
    Player.objects.create(club=club, name="Already", member_number="2")
    text = "name,member_number\nAda Lovelace,1\nCharles Babbage,2\n,3\nMary Somerville,\n"
    upload = SimpleUploadedFile("roster.csv", text.encode(), content_type="text/csv")
    response = director_client.post(url("roster_import", club), {"file": upload}, follow=True)
    names = set(Player.objects.filter(club=club).values_list("name", flat=True))
    assert {"Ada Lovelace", "Mary Somerville"} <= names and "Charles Babbage" not in names
    shown = [str(m) for m in response.context["messages"]]
    assert "Imported 2 players." in shown and any("line 3" in m for m in shown)


def test_an_import_without_a_name_column_is_refused_next_to_the_field(
    director_client: Client, club: Club
) -> None:
    upload = SimpleUploadedFile("roster.csv", b"who,number\nAda,1\n", content_type="text/csv")
    response = director_client.post(url("roster_import", club), {"file": upload})
    assert "name" in response.context["form"].errors["file"][0]


def test_an_import_without_a_file_is_refused_next_to_the_field(director_client: Client, club: Club) -> None:
    response = director_client.post(url("roster_import", club), {})
    assert response.context["form"].errors["file"] == ["Choose a CSV file to import."]


def test_search_as_you_type_returns_json(director_client: Client, club: Club, players: list[Player]) -> None:
    Player.objects.create(club=club, name="Zelda Fitzgerald", member_number="42")
    data = director_client.get(url("roster_search", club), {"q": "zel"}).json()
    assert [p["name"] for p in data["players"]] == ["Zelda Fitzgerald"]
    assert (
        director_client.get(url("roster_search", club), {"q": "42"}).json()["players"][0]["member_number"]
        == "42"
    )


def test_search_works_without_javascript(director_client: Client, club: Club, players: list[Player]) -> None:
    response = director_client.get(url("roster", club), {"q": "Player 1"})
    names = [p.name for p in response.context["players"]]
    assert names == ["Player 1", "Player 10", "Player 11", "Player 12"]


# --- A large roster: checked whole, then written in short batches, its progress shown ----------------


def big_roster(bad: str = "", at: float = 1.0) -> str:
    """A roster CSV of ``ROSTER_MAX_BYTES``, some 6,000 players; ``bad`` put in at ``at`` of it."""
    lines = ["name,member_number,sex"]
    size, most = len(lines[0]) + 1, int(settings.ROSTER_MAX_BYTES) - len(bad) - 1
    for i in range(1, 10**6):
        line = f"Player {i:05d} of the club,M{i:06d},{('lady', 'gentleman', '')[i % 3]}"
        if size + len(line) + 1 > most:
            break
        lines.append(line)
        size += len(line) + 1
    if bad:
        lines.insert(max(1, int(len(lines) * at)), bad)
    return "\n".join(lines) + "\n"


def players_in(text: str) -> int:
    """How many players a roster from ``big_roster`` names."""
    return text.count("\n") - 1


def batches_of(rows: int) -> int:
    """How many batches the import writes those rows in."""
    return math.ceil(rows / club_services.ROSTER_BATCH_ROWS)


def another_connection_writes(club: Club) -> bool:
    """Whether a writer on another connection (a phone's send, say) gets the database at once."""
    outcome: list[object] = []

    def write() -> None:
        try:
            with transaction.atomic():
                ActionLog.objects.create(club=club, action="phone.send")
            outcome.append(True)
        except OperationalError as exc:  # "database table is locked": a transaction holds it
            outcome.append(exc)
        finally:
            connections.close_all()

    writer = threading.Thread(target=write)
    writer.start()
    writer.join(timeout=60)
    return outcome == [True]


@pytest.mark.django_db(transaction=True)
def test_a_200_kb_roster_is_written_in_short_batches_with_other_writers_let_in_between(
    club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = big_roster()
    assert len(text.encode()) > 0.99 * settings.ROSTER_MAX_BYTES
    batches: list[int] = []
    let_in: list[bool] = []
    write_batch = club_services._roster_batch

    def watched(**kwargs: Any) -> Any:
        made = write_batch(**kwargs)
        batches.append(len(kwargs["batch"]))
        assert not connection.in_atomic_block, "the batch's transaction is over when the batch is"
        assert Player.objects.filter(club=club).count() == sum(batches), "and what it wrote is committed"
        let_in.append(another_connection_writes(club))
        return made

    monkeypatch.setattr(club_services, "_roster_batch", watched)
    added, problems = club_services.roster_import_csv(club=club, text=text)
    rows = players_in(text)
    assert (added, problems) == (rows, [])
    assert len(batches) == batches_of(rows) > 25 and set(batches[:-1]) == {club_services.ROSTER_BATCH_ROWS}
    assert all(let_in), "a phone sending a result between two batches is not kept waiting"
    assert ActionLog.objects.filter(club=club, action="player.create").count() == rows


def test_a_200_kb_roster_costs_a_few_queries_a_batch_not_a_few_a_row(club: Club) -> None:
    """The import read and wrote row by row (three queries a row, some 19,000): now a few a batch."""
    text = big_roster()
    rows = players_in(text)
    with CaptureQueriesContext(connection) as sql:
        added, problems = club_services.roster_import_csv(club=club, text=text)
    assert (added, problems) == (rows, [])
    assert len(sql) <= 10 * batches_of(rows) + 5, f"{len(sql)} queries for {rows} rows"
    assert len(sql) < rows / 15


@pytest.mark.parametrize(
    ("bad", "at", "said"),
    [
        ("Smith, John,M999999,lady", 1.0, "more cells than the header"),  # the very last row
        ("Ann\rMarsh,M999998,lady", 0.5, "not CSV"),  # half-way, after many batches' worth of rows
    ],
)
def test_a_bad_row_anywhere_refuses_the_whole_file_and_adds_nobody(
    director_client: Client, director: Any, club: Club, bad: str, at: float, said: str
) -> None:
    text = big_roster(bad, at)
    upload = SimpleUploadedFile("roster.csv", text.encode(), content_type="text/csv")
    response = director_client.post(url("roster_import", club), {"file": upload})
    assert response.status_code == 200 and said in response.context["form"].errors["file"][0]
    answer = token_client(director).post(
        f"/api/v1/clubs/{club.slug}/players/import/", {"csv": text}, format="json"
    )
    assert answer.status_code == 400 and said in answer.json()["csv"][0]
    assert not Player.objects.filter(club=club).exists()
    assert not ActionLog.objects.filter(club=club).exists()


def test_the_progress_is_kept_under_the_imports_id_batch_by_batch(
    club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = big_roster()
    rows = players_in(text)
    kept: list[club_services.RosterImport] = []
    save = club_services._import_save
    monkeypatch.setattr(
        club_services, "_import_save", lambda club_id, status: save(club_id, kept.append(status) or status)
    )
    begun = club_services.roster_import_begin(club=club, text=text)
    assert (begun.state, begun.total, begun.said) == ("queued", rows, f"Imported 0 of {rows:,} players.")
    assert not Player.objects.filter(club=club).exists(), "checking the file writes nothing"
    tasks.import_roster(begun.id, club.pk, text, None)
    running = [status.done for status in kept if status.state == "running"]
    assert running == [0, *range(200, rows, 200), rows]
    assert f"Imported 600 of {rows:,} players." in [status.said for status in kept]
    done = club_services.roster_import_status(club=club, import_id=begun.id)
    assert done is not None and (done.state, done.added, done.problems) == ("done", rows, ())
    assert done.said == f"Imported {rows:,} players."


def test_the_roster_page_shows_an_import_a_worker_runs_and_polls_it(
    director_client: Client, stranger_client: Client, club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    queued: list[tuple[Any, ...]] = []
    monkeypatch.setattr(tasks, "on_a_worker", lambda: True)
    monkeypatch.setattr(tasks.import_roster, "apply_async", lambda args: queued.append(args))
    text = big_roster()
    rows = players_in(text)
    upload = SimpleUploadedFile("roster.csv", text.encode(), content_type="text/csv")
    response = director_client.post(url("roster_import", club), {"file": upload})
    page_url = response["Location"]
    assert response.status_code == 302 and "?import=" in page_url
    page = director_client.get(page_url).content.decode()
    assert f"Imported 0 of {rows:,} players." in page and "roster.js" in page
    assert 'id="roster-import-progress"' in page and 'data-finished="0"' in page
    polls: list[dict[str, Any]] = []
    write_batch = club_services._roster_batch

    def polled(**kwargs: Any) -> Any:
        made = write_batch(**kwargs)
        polls.append(director_client.get(page_url + "&format=json").json())
        return made

    monkeypatch.setattr(club_services, "_roster_batch", polled)
    tasks.import_roster(*queued[0])  # the worker
    assert polls[3] == {  # polled as the fourth batch is written: three are done
        "state": "running",
        "total": rows,
        "done": 600,
        "added": 600,
        "finished": False,
        "said": f"Imported 600 of {rows:,} players.",
    }
    last = director_client.get(page_url + "&format=json").json()
    assert last["finished"] and last["said"] == f"Imported {rows:,} players."
    assert "Import finished" in director_client.get(page_url).content.decode()
    assert Player.objects.filter(club=club).count() == rows
    assert stranger_client.get(page_url + "&format=json").status_code == 404


def test_the_api_answers_202_and_where_to_follow_an_import_a_worker_runs(
    director: Any, director_client: Client, club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    queued: list[tuple[Any, ...]] = []
    monkeypatch.setattr(tasks, "on_a_worker", lambda: True)
    monkeypatch.setattr(tasks.import_roster, "apply_async", lambda args: queued.append(args))
    text = big_roster()
    rows = players_in(text)
    answer = token_client(director).post(
        f"/api/v1/clubs/{club.slug}/players/import/", {"csv": text}, format="json"
    )
    assert answer.status_code == 202
    body = answer.json()
    assert (body["state"], body["total"], body["done"]) == ("queued", rows, 0)
    api = token_client(director)
    assert body["status_url"].endswith(f"/api/v1/clubs/{club.slug}/players/import/{body['import_id']}/")
    progress = api.get(body["status_url"]).json()
    assert (progress["state"], progress["done"], progress["total"]) == ("queued", 0, rows)
    tasks.import_roster(*queued[0])
    progress = api.get(body["status_url"]).json()
    assert (progress["state"], progress["added"]) == ("done", rows)
    assert Player.objects.filter(club=club).count() == rows
    assert director_client.get(body["status_url"]).json()["state"] == "done"  # the director's login too


def test_run_in_the_request_the_import_says_what_it_added_at_once(director: Any, club: Club) -> None:
    """Without a worker (the laptop's default) the API answers with what was added, as it always did."""
    text = "name,member_number\nAnn,1\nBob,1\n"
    answer = token_client(director).post(
        f"/api/v1/clubs/{club.slug}/players/import/", {"csv": text}, format="json"
    )
    assert answer.status_code == 200
    assert answer.json() == {"added": 1, "problems": ["line 3: Member number 1 is already on the roster."]}


# --- One import at a time, within its time; a roster of at most ROSTER_MAX_PLAYERS ------------------


def roster_of(count: int, start: int = 1) -> str:
    """A roster CSV of ``count`` players, member numbers from ``start``."""
    return "name,member_number\n" + "".join(f"Player {i},N{i}\n" for i in range(start, start + count))


def upload(text: str) -> dict[str, Any]:
    """The roster page's form data for a file of this text."""
    return {"file": SimpleUploadedFile("roster.csv", text.encode(), content_type="text/csv")}


@pytest.fixture
def on_a_worker(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """A broker and a shared cache: an import is queued (here, to a list) for a worker to run."""
    queued: list[tuple[Any, ...]] = []
    monkeypatch.setattr(tasks, "on_a_worker", lambda: True)
    monkeypatch.setattr(tasks.import_roster, "apply_async", lambda args: queued.append(args))
    return queued


def test_a_second_import_while_one_is_under_way_is_refused_409_and_next_to_the_file(
    director: Any, director_client: Client, club: Club, on_a_worker: list[tuple[Any, ...]]
) -> None:
    """Issue: nothing stopped two imports of one club's roster at once. One at a time now: a second is
    refused, by the API (409) and the page (next to the file), until the first is over."""
    api = token_client(director)
    imports = f"/api/v1/clubs/{club.slug}/players/import/"
    assert api.post(imports, {"csv": roster_of(450)}, format="json").status_code == 202
    second = api.post(imports, {"csv": roster_of(3, start=1000)}, format="json")
    assert second.status_code == 409 and second.json()["detail"] == tasks.IMPORT_UNDER_WAY
    page = director_client.post(url("roster_import", club), upload(roster_of(3, start=1000)))
    assert page.status_code == 200 and page.context["form"].errors["file"] == [tasks.IMPORT_UNDER_WAY]
    assert len(on_a_worker) == 1 and not Player.objects.filter(club=club).exists()
    tasks.import_roster(*on_a_worker[0])  # the worker writes the first, then lets the next in
    assert Player.objects.filter(club=club).count() == 450
    assert api.post(imports, {"csv": roster_of(3, start=1000)}, format="json").status_code == 202


def test_an_import_refused_or_failed_lets_the_next_in(director_client: Client, club: Club) -> None:
    refused = director_client.post(url("roster_import", club), upload("who,number\nAda,1\n"))
    assert "name" in refused.context["form"].errors["file"][0]
    assert director_client.post(url("roster_import", club), upload(roster_of(2))).status_code == 302
    assert Player.objects.filter(club=club).count() == 2


def test_an_import_past_its_time_stops_after_a_batch_says_so_and_lets_the_next_in(
    director: Any,
    club: Club,
    on_a_worker: list[tuple[Any, ...]],
    settings: Any,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Issue: an import had no time limit. It now begins no batch past ``ROSTER_IMPORT_SOFT_SECONDS`` (here
    none at all: the first batch is written, then it stops), says so, and lets the club's next import in."""
    api = token_client(director)
    imports = f"/api/v1/clubs/{club.slug}/players/import/"
    body = api.post(imports, {"csv": roster_of(450)}, format="json").json()
    settings.ROSTER_IMPORT_SOFT_SECONDS = 0
    tasks.import_roster(*on_a_worker[0])
    status = api.get(body["status_url"]).json()
    assert (status["state"], status["added"], status["total"]) == ("failed", 200, 450)
    assert status["error"] == (
        "it ran past its time limit of 0 seconds (setting ROSTER_IMPORT_SOFT_SECONDS); "
        "the players it added before then (200) stay on the roster."
    )
    assert Player.objects.filter(club=club).count() == 200
    assert any("ran past its 0 s" in r.getMessage() for r in caplog.records if r.levelname == "ERROR")
    settings.ROSTER_IMPORT_SOFT_SECONDS = 120
    assert api.post(imports, {"csv": roster_of(250, start=201)}, format="json").status_code == 202
    tasks.import_roster(*on_a_worker[1])
    assert Player.objects.filter(club=club).count() == 450


def test_an_import_stopped_by_the_workers_soft_limit_says_so_and_lets_the_next_in(
    director: Any, club: Club, on_a_worker: list[tuple[Any, ...]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a worker the soft time limit may strike in the middle of a batch: that batch is rolled back whole,
    the ones before stay, and the import says so."""
    api = token_client(director)
    imports = f"/api/v1/clubs/{club.slug}/players/import/"
    body = api.post(imports, {"csv": roster_of(450)}, format="json").json()
    write_batch, batches = club_services._roster_batch, [0]

    def struck_in_the_second(**kwargs: Any) -> Any:
        batches[0] += 1
        if batches[0] == 2:
            Player.objects.create(club=club, name="Half a batch", member_number="H1")
            raise SoftTimeLimitExceeded()
        return write_batch(**kwargs)

    monkeypatch.setattr(club_services, "_roster_batch", transaction.atomic(struck_in_the_second))
    tasks.import_roster(*on_a_worker[0])  # nothing escapes the task
    status = api.get(body["status_url"]).json()
    assert (status["state"], status["added"]) == ("failed", 200)
    assert status["error"].startswith("it ran past its time limit of 120 seconds")
    assert Player.objects.filter(club=club).count() == 200, "the batch it struck in is rolled back"
    assert api.post(imports, {"csv": roster_of(3, start=1000)}, format="json").status_code == 202


def test_a_roster_at_its_most_players_takes_no_more_by_any_door(
    director: Any, director_client: Client, club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue: a club's roster had no cap. It holds ``ROSTER_MAX_PLAYERS`` (here 5): a file that fills it
    is taken; one more player, by the form, the API, a list or a file, is refused, and nothing is added."""
    monkeypatch.setattr(club_services, "ROSTER_MAX_PLAYERS", 5)
    api = token_client(director)
    full = "The roster has 5 players: 1 more player would pass the most a club's roster may hold, 5."
    assert director_client.post(url("roster_import", club), upload(roster_of(5))).status_code == 302
    assert Player.objects.filter(club=club).count() == 5  # at the cap
    page = director_client.post(url("roster", club), {"name": "One more", "member_number": ""})
    assert page.status_code == 200 and page.context["form"].non_field_errors() == [full]
    answer = api.post(f"/api/v1/clubs/{club.slug}/players/", {"name": "One more"}, format="json")
    assert answer.status_code == 400 and answer.json() == {"non_field_errors": [full]}
    names = director_client.post(url("roster_names", club), {"text": "One more\nAnd another"})
    assert names.status_code == 200 and "would pass the most" in names.content.decode()
    by_file = api.post(f"/api/v1/clubs/{club.slug}/players/import/", {"csv": roster_of(1, 9)}, format="json")
    assert by_file.status_code == 400 and by_file.json()["csv"] == [full]
    assert Player.objects.filter(club=club).count() == 5


def test_a_file_that_would_pass_the_most_players_is_refused_whole(
    director: Any, director_client: Client, club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(club_services, "ROSTER_MAX_PLAYERS", 5)
    club_services.player_create(club=club, name="Already")
    said = "The roster has 1 players: 5 more players would pass the most a club's roster may hold, 5."
    page = director_client.post(url("roster_import", club), upload(roster_of(5)))
    assert page.status_code == 200 and page.context["form"].errors["file"] == [said]
    answer = token_client(director).post(
        f"/api/v1/clubs/{club.slug}/players/import/", {"csv": roster_of(5)}, format="json"
    )
    assert answer.status_code == 400 and answer.json()["csv"] == [said]
    assert Player.objects.filter(club=club).count() == 1
    assert director_client.post(url("roster_import", club), upload(roster_of(4))).status_code == 302


def test_players_added_while_an_import_writes_count_against_the_cap(
    club: Club, on_a_worker: list[tuple[Any, ...]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each batch counts the roster again, the club's row held, so no writer passes the cap meanwhile."""
    monkeypatch.setattr(club_services, "ROSTER_MAX_PLAYERS", 300)
    begun = tasks.roster_import_start(club=club, text=roster_of(250), user=None)
    write_batch = club_services._roster_batch

    def others_add_sixty(**kwargs: Any) -> Any:
        made = write_batch(**kwargs)
        if Player.objects.filter(club=club).count() == 200:
            for i in range(60):
                club_services.player_create(club=club, name=f"Walk-in {i}")
        return made

    monkeypatch.setattr(club_services, "_roster_batch", others_add_sixty)
    tasks.import_roster(*on_a_worker[0])
    done = club_services.roster_import_status(club=club, import_id=begun.id)
    assert done is not None and (done.state, done.added) == ("failed", 200)
    assert done.error == (
        "The roster has 260 players: 50 more players would pass the most a club's roster may hold, 300; "
        "the players it added before then (200) stay on the roster."
    )
    assert Player.objects.filter(club=club).count() == 260
