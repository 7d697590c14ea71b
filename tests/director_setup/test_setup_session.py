"""A new session: entrants from the roster, the engine's recommendations, the movement pick."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from setup_helpers import pair_up, rows_post

from tournaments.models import Club, Entrant, Player, Session
from tournaments.movements.recommend import recommend

pytestmark = pytest.mark.django_db


def s_url(name: str, session: Session, *args: int) -> str:
    return reverse(f"director:{name}", args=[session.pk, *args])


def test_a_new_session_is_created_in_draft(director_client: Client, club: Club) -> None:
    response = director_client.post(
        reverse("director:session_new", args=[club.slug]),
        {"date": "2026-11-02", "title": "Monday pairs", "entrant_kind": "pairs"},
    )
    session = Session.objects.get(club=club)
    assert response["Location"] == s_url("setup", session)
    assert session.status == "draft" and session.title == "Monday pairs"


def test_a_new_session_without_a_date_is_refused_next_to_the_field(
    director_client: Client, club: Club
) -> None:
    response = director_client.post(
        reverse("director:session_new", args=[club.slug]), {"date": "", "title": "x", "entrant_kind": "pairs"}
    )
    assert "date" in response.context["form"].errors and not Session.objects.exists()


def test_another_clubs_director_gets_404_on_every_setup_page(
    stranger_client: Client, club: Club, seated_session: Session
) -> None:
    for name in ("setup", "trays", "print", "pbn_export"):
        assert stranger_client.get(s_url(name, seated_session)).status_code == 404
    for name in ("setup_entrants", "setup_phantom", "setup_movement", "movement_switch", "trays_deal"):
        assert stranger_client.post(s_url(name, seated_session)).status_code == 404
    assert stranger_client.get(reverse("director:session_new", args=[club.slug])).status_code == 404


def test_pairs_are_formed_by_picking_two_players(
    director_client: Client, empty_session: Session, roster16: list[Player]
) -> None:
    pairs = list(zip(roster16[0::2], roster16[1::2], strict=True))
    response = director_client.post(s_url("setup_entrants", empty_session), rows_post(pairs))
    assert response.status_code == 302
    assert empty_session.entrants.count() == 8
    first = empty_session.entrants.get(number=1)
    assert [m.player for m in first.members.all()] == [roster16[0], roster16[1]]


def test_a_pair_of_one_player_is_refused_next_to_its_row(
    director_client: Client, empty_session: Session, roster16: list[Player]
) -> None:
    data = rows_post([(roster16[0], roster16[1]), (roster16[2], None)])
    response = director_client.post(s_url("setup_entrants", empty_session), data)
    assert response.status_code == 200
    assert response.context["entrants_form"].errors["r2_1"] == ["A pair needs 2 players, not 1."]
    assert b'class="err" role="alert"' in response.content
    assert not empty_session.entrants.exists(), "all or none"


def test_the_same_player_in_two_pairs_is_refused_next_to_its_row(
    director_client: Client, empty_session: Session, roster16: list[Player]
) -> None:
    data = rows_post([(roster16[0], roster16[1]), (roster16[2], roster16[0])])
    response = director_client.post(s_url("setup_entrants", empty_session), data)
    assert "Already entered" in response.context["entrants_form"].errors["r2_1"][0]


def test_no_players_chosen_is_refused(
    director_client: Client, empty_session: Session, roster16: list[Player]
) -> None:
    response = director_client.post(s_url("setup_entrants", empty_session), {})
    assert response.context["entrants_form"].errors["r1_1"]


def test_the_page_recommends_the_engines_movements(
    director_client: Client, empty_session: Session, roster16: list[Player]
) -> None:
    pair_up(empty_session, roster16)
    response = director_client.get(s_url("setup", empty_session), {"deals": 24})
    recs = response.context["recs"] + response.context["more_recs"]
    engine = [
        r for r in recommend(session_kind="pairs", entrants=8, deals_available=24) if r.family != "four-pair"
    ]
    assert [(r.rec.family, r.rec.variant, r.rec.trays) for r in recs] == [
        (r.family, r.variant, r.trays) for r in engine
    ]
    best = recs[0]
    assert best.rec.family == "howell" and best.best and best.rec.pages == "pp. 38-41"
    assert b"Howell Pair System" in response.content and b"no sit-out" in response.content


def test_the_recommended_howell_seats_eight_pairs(
    director_client: Client, empty_session: Session, roster16: list[Player]
) -> None:
    pair_up(empty_session, roster16)
    choice = director_client.get(s_url("setup", empty_session), {"deals": 24}).context["recs"][0].value
    response = director_client.post(
        s_url("setup_movement", empty_session), {"choice": choice, "scoring_method": "exponent"}
    )
    assert response.status_code == 302
    empty_session.refresh_from_db()
    assert (empty_session.movement_family, empty_session.trays_count) == ("howell", 21)
    assert empty_session.tables.count() == 4 and empty_session.rounds.count() == 7
    assert empty_session.scoring_method == "exponent"
    page = director_client.get(s_url("setup", empty_session))
    assert page.context["movement"]["tables"] == 4 and b"<svg" in page.content


def test_a_mitchell_for_an_even_number_of_tables_needs_a_variant(
    director_client: Client, empty_session: Session, roster16: list[Player]
) -> None:
    pair_up(empty_session, roster16)
    data = {"family": "mitchell|", "deals": 24, "scoring_method": "trick"}
    response = director_client.post(s_url("setup_movement", empty_session), data)
    error = response.context["movement_form"].errors["family"][0]
    assert "odd number of tables" in error and "mod1" in error
    ok = director_client.post(s_url("setup_movement", empty_session), {**data, "family": "mitchell|mod3"})
    assert ok.status_code == 302
    empty_session.refresh_from_db()
    assert (empty_session.movement_family, empty_session.movement_variant) == ("mitchell", "mod3")


def test_a_movement_that_cannot_serve_the_pairs_gives_the_engines_reason(
    director_client: Client, empty_session: Session, roster16: list[Player]
) -> None:
    pair_up(empty_session, roster16[:6])
    data = {"family": "howell|", "deals": 5, "scoring_method": "trick"}
    response = director_client.post(s_url("setup_movement", empty_session), data)
    assert response.status_code == 200
    assert response.context["movement_form"].errors["family"]
    assert not empty_session.rounds.exists()


def test_no_movement_chosen_is_refused_next_to_the_field(
    director_client: Client, empty_session: Session, roster16: list[Player]
) -> None:
    pair_up(empty_session, roster16)
    response = director_client.post(s_url("setup_movement", empty_session), {"scoring_method": "trick"})
    assert response.context["movement_form"].errors["family"]


def test_an_odd_number_of_pairs_gets_a_sit_out_or_a_phantom(
    director_client: Client, empty_session: Session, roster16: list[Player]
) -> None:
    pair_up(empty_session, roster16[:14])
    page = director_client.get(s_url("setup", empty_session), {"deals": 24})
    assert page.context["odd_pairs"] and b"Add a phantom pair" in page.content
    howell = next(r for r in page.context["recs"] if r.rec.family == "howell")
    assert howell.rec.sitouts_per_round == 1
    director_client.post(s_url("setup_phantom", empty_session))
    phantom = empty_session.entrants.get(number=8)
    assert phantom.is_phantom and not phantom.members.exists()


def test_a_late_pair_before_the_start_reseats_the_movement(
    director_client: Client, empty_session: Session, roster16: list[Player]
) -> None:
    pair_up(empty_session, roster16[:14])
    director_client.post(
        s_url("setup_movement", empty_session), {"family": "howell|", "deals": 21, "scoring_method": "trick"}
    )
    empty_session.refresh_from_db()
    assert empty_session.movement_json["entrants"] == 7
    director_client.post(s_url("setup_entrants", empty_session), rows_post([(roster16[14], roster16[15])]))
    empty_session.refresh_from_db()
    assert empty_session.entrants.count() == 8 and empty_session.movement_json["entrants"] == 8


def test_withdrawing_a_pair_closes_the_gap(
    director_client: Client, empty_session: Session, roster16: list[Player]
) -> None:
    pair_up(empty_session, roster16[:8])
    director_client.post(s_url("setup_withdraw", empty_session, 2))
    assert list(empty_session.entrants.values_list("number", flat=True)) == [1, 2, 3]


def test_teams_of_four_are_picked_by_seat(
    director_client: Client, club: Club, roster16: list[Player]
) -> None:
    director_client.post(
        reverse("director:session_new", args=[club.slug]),
        {"date": "2026-11-02", "title": "Fours", "entrant_kind": "fours"},
    )
    session = Session.objects.get(title="Fours")
    form = director_client.get(s_url("setup", session)).context["entrants_form"]
    assert form.place_labels() == ("North", "South", "East", "West")
    data = {f"r1_{i}": str(p.pk) for i, p in enumerate(roster16[:4], start=1)}
    director_client.post(s_url("setup_entrants", session), data)
    team = session.entrants.get(kind=Entrant.Kind.TEAM)
    assert [m.role for m in team.members.all()] == ["N", "S", "E", "W"]


def test_setup_is_refused_once_the_session_runs(director_client: Client, running_session: Session) -> None:
    response = director_client.post(s_url("setup_phantom", running_session), follow=True)
    assert any("running" in str(m) for m in response.context["messages"])


def test_the_director_home_links_to_roster_new_session_and_series(
    director_client: Client, club: Club
) -> None:
    page = director_client.get(reverse("director:home")).content.decode()
    for name in ("roster", "session_new", "series"):
        assert reverse(f"director:{name}", args=[club.slug]) in page


def test_a_draft_session_opens_on_its_setup_page(director_client: Client, empty_session: Session) -> None:
    page = director_client.get(reverse("director:home")).content.decode()
    assert s_url("setup", empty_session) in page


def test_deals_of_thousands_of_digits_are_read_as_none_asked(
    director_client: Client, empty_session: Session
) -> None:
    """Python reads no number of over 4,300 digits: the set-up page takes a usual evening's deals."""
    assert director_client.get(s_url("setup", empty_session), {"deals": "9" * 5000}).status_code == 200
