"""The club's designer: a movement searched for off the request, kept as the club's own, and seated by.

The engine is ``tournaments/movements/design.py``; the measure of fairness
``balance.py``. A search is stopped at once where a test does not need it
to run its time (it keeps the best found), and the test waits for the
designer's thread (``tasks.designer_idle``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tests.conftest import mitchell_three_tables
from tournaments import tasks
from tournaments.models import ActionLog, Club, ClubMovement, Session
from tournaments.movements.design import design_pairs
from tournaments.services import design_progress, designs
from tournaments.services.errors import NotFound, UserError

pytestmark = pytest.mark.django_db

SIX_PAIRS = {"kind": "pairs", "pairs": "6", "rounds": "5", "deals_per_round": "1", "seconds": "5"}
#: A complete Howell of eight pairs starts from a cyclic starter: stopped at once, it plays no set twice.
EIGHT_PAIRS = {**SIX_PAIRS, "pairs": "8", "rounds": "7"}


def designer(club: Club) -> str:
    return reverse("director:designer", args=[club.slug])


def stopped_design(club: Club, **ask: Any) -> designs.Design:
    """A design begun, asked at once to stop, and run to its end: the best found in a moment."""
    begun = designs.design_begin(club=club, ask=designs.design_ask(**{**SIX_PAIRS, **ask}))
    designs.design_stop(club=club, design_id=begun.id)
    return design_progress.design_run(design_id=begun.id, club_id=club.pk)


def six_pair_movement(club: Club, name: str = "Six pairs") -> ClubMovement:
    """A movement of six pairs the club keeps (the three-table Mitchell written out by hand)."""
    return designs.club_movement_create(club=club, name=name, movement=mitchell_three_tables())


@pytest.mark.parametrize(
    ("ask", "field", "words"),
    [
        ({"pairs": "31"}, "pairs", "from 4 to 30"),
        ({"pairs": "abc"}, "pairs", "must be a whole number"),
        ({"pairs": "-4"}, "pairs", "must be a whole number"),
        ({"rounds": "1"}, "rounds", "from 2 to 30"),
        ({"rounds": "99"}, "rounds", "from 2 to 30"),
        ({"deals_per_round": "9"}, "deals_per_round", "from 1 to 8"),
        ({"pairs": "30", "rounds": "30", "deals_per_round": "8"}, "deals_per_round", "at most 52"),
        ({"seconds": "2"}, "seconds", "from 5 to 120"),
        ({"seconds": "1e9"}, "seconds", "must be a whole number"),
        ({"kind": "teams"}, "kind", "pairs or individual players"),
        ({"kind": "players", "players": "14"}, "players", "a multiple of four"),
        ({"kind": "players", "players": "33"}, "players", "from 8 to 32"),
        ({"kind": "players", "players": "8"}, "players", "individual match for 8 players (p. 27)"),
        ({"kind": "players", "players": "9"}, "players", "no such arrangement exists"),
    ],
)
def test_a_request_beyond_the_designers_sizes_is_refused_by_its_field(
    ask: dict[str, str], field: str, words: str
) -> None:
    with pytest.raises(UserError) as refused:
        designs.design_ask(**{**SIX_PAIRS, **ask})
    assert refused.value.field == field and words in refused.value.message


def test_a_stopped_search_keeps_the_best_movement_found_with_its_figures(club: Club) -> None:
    done = stopped_design(club)
    assert done.state == "done" and done.qf is not None
    found = done.found()
    assert found is not None and found.entrants == 6 and len(found.rounds) == 5
    again = designs.design_status(club=club, design_id=done.id)
    assert again is not None and again.said == "Done: the best movement found is below."


def test_one_search_at_a_time_for_a_club(club: Club) -> None:
    designs.design_begin(club=club, ask=designs.design_ask(**SIX_PAIRS))
    with pytest.raises(UserError, match="under way"):
        designs.design_begin(club=club, ask=designs.design_ask(**SIX_PAIRS))


def test_another_club_reads_nothing_of_a_design(club: Club) -> None:
    from tournaments.services import club as club_services

    done = stopped_design(club)
    other = club_services.club_create(name="Other", slug="other-club")
    assert designs.design_status(club=other, design_id=done.id) is None
    assert designs.design_status(club=club, design_id="not/an-id") is None
    with pytest.raises(NotFound):
        designs.club_movement_keep(club=other, design_id=done.id, name="Ours")


def test_twelve_players_are_told_no_balanced_whist_tournament_exists(club: Club) -> None:
    done = stopped_design(club, kind="players", players="12")
    found = done.found()
    assert found is not None
    assert any("No balanced whist tournament exists for 12 players" in n for n in found.notes)


def test_a_kept_movement_has_its_figures_words_and_a_name_once(club: Club, director: Any) -> None:
    done = stopped_design(club, **EIGHT_PAIRS)
    kept = designs.club_movement_keep(club=club, design_id=done.id, name="  Friday six ", user=director)
    assert (kept.name, kept.kind, kept.entrants, kept.rounds, kept.trays) == ("Friday six", "pairs", 8, 7, 7)
    assert 0 < kept.qf <= 100 and kept.sd >= 0 and any("Qf" in w for w in kept.words)
    assert "Each pair plays 7 deals and never sits out (as evenly as the rounds allow)." in kept.words
    assert ActionLog.objects.filter(action="club_movement.keep").exists()
    with pytest.raises(UserError, match="already has a movement called"):
        designs.club_movement_keep(club=club, design_id=done.id, name="Friday six")
    with pytest.raises(UserError, match="Give the movement a name"):
        designs.club_movement_keep(club=club, design_id=done.id, name="   ")
    with pytest.raises(UserError, match="at most 30"):
        designs.club_movement_keep(club=club, design_id=done.id, name="x" * 31)
    designs.club_movement_delete(club_movement=kept, user=director)
    assert not ClubMovement.objects.exists()


def test_the_page_searches_off_the_request_then_shows_and_keeps_the_movement(
    director_client: Client, club: Club
) -> None:
    page = director_client.get(designer(club))
    assert page.status_code == 200 and "Design a movement" in page.content.decode()
    started = director_client.post(designer(club), EIGHT_PAIRS)
    assert started.status_code == 302 and "?design=" in started["Location"]
    design_id = started["Location"].split("?design=")[1].split("#")[0]
    director_client.post(reverse("director:design_stop", args=[club.slug]), {"design": design_id})
    tasks.designer_idle().result(timeout=30)

    progress = director_client.get(reverse("director:design_json", args=[club.slug]), {"design": design_id})
    assert progress.json()["finished"] is True and progress.json()["qf"] > 0
    html = director_client.get(started["Location"]).content.decode()
    assert "How fair it is" in html and 'class="matrix"' in html and "Keep as the club's movement" in html

    kept = director_client.post(
        reverse("director:design_keep", args=[club.slug]), {"design": design_id, "name": "Six of us"}
    )
    assert kept.status_code == 302
    assert "Six of us" in director_client.get(designer(club)).content.decode()
    twice = director_client.post(
        reverse("director:design_keep", args=[club.slug]), {"design": design_id, "name": "Six of us"}
    )
    assert twice.status_code == 400 and "already has a movement called" in twice.content.decode()


@pytest.mark.parametrize(
    "posted",
    [
        {**SIX_PAIRS, "pairs": "40"},
        {**SIX_PAIRS, "rounds": "0"},
        {**SIX_PAIRS, "seconds": "a while"},
        {**SIX_PAIRS, "kind": "players", "players": "NaN"},
        {"kind": ["pairs", "players"], "pairs": "𝟙"},
        {},
    ],
)
def test_the_page_refuses_bad_input_with_a_message(director_client: Client, club: Club, posted: Any) -> None:
    answer = director_client.post(designer(club), posted)
    assert answer.status_code == 400
    assert 'class="field-error" role="alert"' in answer.content.decode()
    assert cache.get(f"clubwhist:design-running:{club.pk}") is None


def test_bad_ids_are_not_found(director_client: Client, club: Club) -> None:
    json_url = reverse("director:design_json", args=[club.slug])
    assert director_client.get(json_url, {"design": "nope"}).status_code == 404
    assert (
        director_client.post(reverse("director:design_stop", args=[club.slug]), {"design": "x"}).status_code
        == 404
    )
    keep = director_client.post(
        reverse("director:design_keep", args=[club.slug]), {"design": "x", "name": "A"}
    )
    assert keep.status_code == 400 and "no such design of this club" in keep.content.decode()
    delete = reverse("director:club_movement_delete", args=[club.slug, 999])
    assert director_client.post(delete).status_code == 404


def test_another_clubs_director_sees_none_of_it(stranger_client: Client, club: Club) -> None:
    kept = six_pair_movement(club)
    assert stranger_client.get(designer(club)).status_code == 404
    delete = reverse("director:club_movement_delete", args=[club.slug, kept.pk])
    assert stranger_client.post(delete).status_code == 404
    assert ClubMovement.objects.filter(pk=kept.pk).exists()


def test_the_movement_page_offers_a_kept_movement_of_its_size_and_seats_by_it(
    director_client: Client, club: Club, draft_session: Session
) -> None:
    kept = six_pair_movement(club)
    six_pair_movement(club, name="Not offered").__class__.objects.filter(name="Not offered").update(
        entrants=8
    )
    setup = reverse("director:setup", args=[draft_session.pk])
    html = director_client.get(setup).content.decode()
    assert "The club's own movements" in html and "Six pairs" in html and "Not offered" not in html

    chosen = {"choice": f"club:{kept.pk}", "scoring_method": "matchpoints"}
    seated = director_client.post(
        reverse("director:setup_movement", args=[draft_session.pk]), chosen, follow=True
    )
    assert (
        "Seated by the club&#x27;s movement “Six pairs”: 3 tables, 3 rounds, 3 trays."
        in seated.content.decode()
    )
    draft_session.refresh_from_db()
    assert (draft_session.movement_family, draft_session.movement_variant) == ("designed", "Six pairs")
    assert draft_session.scoring_method == "matchpoints" and draft_session.rounds.count() == 3
    assert draft_session.movement_params["club_movement"] == kept.pk
    again = director_client.get(setup).content.decode()
    assert "Club movement “Six pairs”" in again and "How fair it is" in again
    assert "<b>Fair play:</b> Each pair plays 3 deals and never sits out" in html
    for doc in ("cards", "slips"):
        assert (
            director_client.get(reverse("director:print_pdf", args=[draft_session.pk, doc])).status_code
            == 200
        )
    assert (
        director_client.get(reverse("director:print_page", args=[draft_session.pk, "cards"])).status_code
        == 200
    )


def test_a_session_of_another_size_is_refused_a_kept_movement(
    director_client: Client, club: Club, draft_session: Session
) -> None:
    kept = designs.club_movement_create(club=club, name="Eight", movement=design_pairs(8, 7, 1, seconds=0.3))
    chosen = {"choice": f"club:{kept.pk}", "scoring_method": "trick"}
    answer = director_client.post(reverse("director:setup_movement", args=[draft_session.pk]), chosen)
    assert (
        answer.status_code == 200
        and "The movement seats 8 pairs; the session has 6." in answer.content.decode()
    )
    draft_session.refresh_from_db()
    assert not draft_session.movement_family


def test_a_withdrawn_pair_clears_a_kept_movement_that_no_longer_fits(
    club: Club, draft_session: Session, director: Any
) -> None:
    from tournaments.services import setup

    designs.session_seat_by_club_movement(session=draft_session, club_movement=six_pair_movement(club))
    draft_session.refresh_from_db()
    assert draft_session.movement_family == "designed"
    setup.entrant_withdraw(entrant=draft_session.entrants.get(number=6), user=director)
    draft_session.refresh_from_db()
    assert not draft_session.movement_family and not draft_session.rounds.exists()


def test_a_movement_a_slip_cannot_hold_is_not_kept(club: Club) -> None:
    m = mitchell_three_tables()
    twice = replace(m, rounds=(*m.rounds, replace(m.rounds[0], number=4)))
    assert "plays tray" in designs.unplayable(twice)
    with pytest.raises(UserError, match="Search again, for longer"):
        designs.club_movement_create(club=club, name="Twice", movement=twice)


def test_the_page_names_the_books_movement_first_and_shows_fair_play_beside_the_qf(
    director_client: Client, club: Club
) -> None:
    """Eight pairs in seven rounds: the book's Howell fits as fairly, and is named before the designer's
    own, whose deals, sit-outs and meetings are shown beside its Qf."""
    done = stopped_design(club, **EIGHT_PAIRS)
    assert done.stop_reason == "stopped" and done.book and done.book[0]["family"] == "howell"
    html = director_client.get(f"{designer(club)}?design={done.id}").content.decode()
    assert html.index('id="book-fits"') < html.index("How fair it is")
    assert "The book&#x27;s Howell Pair System (pp. 38-41) seats 8 pairs in 7 rounds of 1 deal" in html
    assert 'id="fair-play"' in html and "Each pair plays 7 deals and never sits out" in html
    assert "No two pairs meet in consecutive rounds." in html and 'id="fair-rows"' in html
    assert "The search was stopped when you asked" in html


def test_the_progress_says_the_best_so_far_by_fairness_then_qf() -> None:
    ask = designs.design_ask(**EIGHT_PAIRS)
    fairness = {"sitouts_spread": [0, 1], "twice": [[1, 2, 2]], "consecutive": []}
    running = designs.Design(id="x", ask=ask, state="running", used=0.4, qf=88.24, fairness=fairness)
    assert running.said == (
        "Searching… 40% of the time; Qf so far 88.2 (sit-outs 0 to 1 a pair; "
        "1 pair of pairs meets more than once; none meet in consecutive rounds)"
    )


def test_opened_from_a_sessions_movement_page_the_designer_leads_back_to_it_after_keeping(
    director_client: Client, club: Club, draft_session: Session
) -> None:
    """Issue: after keeping a movement the page had no way back to the session being set up."""
    pk = draft_session.pk
    setup = director_client.get(reverse("director:setup", args=[pk])).content.decode()
    assert f'href="{designer(club)}?session={pk}"' in setup
    opened = director_client.get(designer(club), {"session": pk}).content.decode()
    assert f'<input type="hidden" name="session" value="{pk}">' in opened
    started = director_client.post(designer(club), {**EIGHT_PAIRS, "session": pk})
    assert started.status_code == 302 and f"&session={pk}#design" in started["Location"]
    design_id = started["Location"].split("?design=")[1].split("&")[0]
    stop = reverse("director:design_stop", args=[club.slug])
    stopped = director_client.post(stop, {"design": design_id, "session": pk})
    assert f"?design={design_id}&session={pk}#design" in stopped["Location"]
    tasks.designer_idle().result(timeout=30)
    shown = director_client.get(stopped["Location"]).content.decode()
    assert shown.count(f'<input type="hidden" name="session" value="{pk}">') == 2  # to keep, to ask again
    kept = director_client.post(
        reverse("director:design_keep", args=[club.slug]),
        {"design": design_id, "name": "Ours", "session": pk},
    )
    assert kept.status_code == 302 and kept["Location"].endswith(f"?session={pk}#kept")
    page = director_client.get(kept["Location"]).content.decode()
    setup_url = reverse("director:setup", args=[pk])
    back = f'href="{setup_url}#movement">Back to Test pairs\'s movement</a>'
    assert "Kept as the club&#x27;s movement “Ours”" in page and back in page


@pytest.mark.parametrize("value", ["", "abc", "-1", "1" * 40, "9" * 18, "１"])
def test_without_a_session_of_the_club_the_designer_leads_to_the_directors_home(
    director_client: Client, club: Club, value: str
) -> None:
    page = director_client.get(designer(club), {"session": value})
    body = page.content.decode()
    assert page.status_code == 200
    home = reverse("director:home")
    assert f'<a href="{home}">Back to the director\'s home</a>' in body
    assert 'name="session"' not in body


def test_another_clubs_session_is_not_led_back_to(
    director_client: Client, club: Club, stranger_client: Client
) -> None:
    other = Club.objects.get(slug="other")
    theirs = Session.objects.create(club=other, date="2026-11-02", title="Their pairs")
    body = director_client.get(designer(club), {"session": theirs.pk}).content.decode()
    assert "Their pairs" not in body and "Back to the director's home" in body
