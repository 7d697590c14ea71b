"""Entering a session's players as a new club's director expects: visitors, lists pasted, last week's pairs.

The set-up page's step 1 (a visitor typed in a row, rows named as the pairs
they become, each kind worded as itself, a list of pairs pasted, last week's
pairs to start from) and the roster's list of new players.
"""

from __future__ import annotations

import datetime as dt
import re
import time

import pytest
from django.test import Client
from django.urls import reverse
from setup_helpers import pair_up

from tournaments.models import Club, Entrant, Player, Session
from tournaments.services import club as club_services
from tournaments.services import sessions, setup
from tournaments.services.entrant_names import MAX_LINES, MAX_ROSTER_LINES, previous_entrants

pytestmark = pytest.mark.django_db


def s_url(name: str, session: Session) -> str:
    return reverse(f"director:{name}", args=[session.pk])


def names_of(session: Session) -> list[list[str]]:
    """Each entrant's players' names, by number."""
    entrants = session.entrants.exclude(kind=Entrant.Kind.TEAM).order_by("number")
    return [[m.player.name for m in e.members.order_by("order")] for e in entrants]


def paste(client: Client, session: Session, text: str) -> tuple[int, list[str]]:
    """Post a list; the status, and the errors under it (none when it was taken)."""
    response = client.post(s_url("setup_entrant_names", session), {"text": text})
    if response.status_code != 200:
        return response.status_code, []
    return response.status_code, list(response.context["names_form"].errors.get("text", []))


def new_session(club: Club, kind: str = "pairs", day: int = 9, title: str = "Monday pairs") -> Session:
    return sessions.session_create(club=club, date=dt.date(2026, 11, day), title=title, entrant_kind=kind)


# --- A visitor, typed in a row ----------------------------------------------------------------------------


def test_a_name_not_on_the_roster_is_added_as_a_visitor_from_the_entrants_form(
    director_client: Client, empty_session: Session, roster16: list[Player]
) -> None:
    data = {"r1_1": str(roster16[0].pk), "r1_2_new": "Jane Visitor"}
    response = director_client.post(s_url("setup_entrants", empty_session), data, follow=True)
    visitor = Player.objects.get(club=empty_session.club, name="Jane Visitor")
    assert names_of(empty_session) == [["Member 01", "Jane Visitor"]] and visitor.active
    said = [str(m) for m in response.context["messages"]]
    added = "New on the roster as visitors: Jane Visitor"
    assert any("Added pair 1." in m and added in m for m in said), said


def test_the_entrants_form_offers_a_visitor_for_every_place(
    director_client: Client, empty_session: Session, roster16: list[Player]
) -> None:
    page = director_client.get(s_url("setup", empty_session)).content.decode()
    assert 'data-visitor="id_r1_2_new"' in page and 'name="r1_2_new"' in page


def test_a_visitor_typed_as_a_roster_players_name_is_that_player(
    director_client: Client, empty_session: Session, roster16: list[Player]
) -> None:
    data = {"r1_1": str(roster16[0].pk), "r1_2_new": "  member   02 "}
    director_client.post(s_url("setup_entrants", empty_session), data)
    assert names_of(empty_session) == [["Member 01", "Member 02"]]
    assert Player.objects.filter(club=empty_session.club).count() == 16, "no second Member 02"


def test_a_visitor_in_a_refused_form_is_not_kept_on_the_roster(
    director_client: Client, empty_session: Session, roster16: list[Player]
) -> None:
    data = {"r1_1": str(roster16[0].pk), "r1_2_new": "Jane Visitor", "r2_1": str(roster16[2].pk)}
    response = director_client.post(s_url("setup_entrants", empty_session), data)
    assert response.context["entrants_form"].errors["r2_1"] == ["A pair needs 2 players, not 1."]
    assert not empty_session.entrants.exists()
    assert not Player.objects.filter(name="Jane Visitor").exists(), "all or nothing"


# --- The rows, numbered as the pairs they become ----------------------------------------------------------


def test_rows_are_numbered_as_the_pairs_they_become_after_those_entered(
    director_client: Client, empty_session: Session, roster16: list[Player]
) -> None:
    pair_up(empty_session, roster16[:8])
    page = director_client.get(s_url("setup", empty_session)).content.decode()
    cells = re.findall(r'<td class="n">([^<]*)</td>', page)
    assert cells == ["Pair 5", "Pair 6", "Pair 7", "Pair 8", "Pair 9", "Pair 10"], "two rows for visitors"
    assert 'aria-label="Pair 5, partner"' in page
    assert "Add more pairs" in page and "late" not in page.lower()


def test_a_refused_rows_form_names_each_row_as_the_pair_it_would_become(
    director_client: Client, empty_session: Session, roster16: list[Player]
) -> None:
    pair_up(empty_session, roster16[:4])
    data = {"r1_1": str(roster16[4].pk), "r1_2": str(roster16[5].pk), "r3_1": str(roster16[6].pk)}
    response = director_client.post(s_url("setup_entrants", empty_session), data)
    form = response.context["entrants_form"]
    assert list(form.row_labels().values())[:5] == ["Pair 3", "—", "Pair 4", "Pair 5", "Pair 6"]
    page = response.content.decode()
    assert "Pair 4: A pair needs 2 players, not 1." in page and "Pair 4 needs a change" in page


def test_the_rows_of_teams_and_players_are_named_as_teams_and_players(
    director_client: Client, club: Club, roster16: list[Player]
) -> None:
    fours, single = new_session(club, "fours"), new_session(club, "individuals")
    assert director_client.get(s_url("setup", fours)).context["entrants_form"].row_labels()[1] == "Team 1"
    assert director_client.get(s_url("setup", single)).context["entrants_form"].row_labels()[2] == "Player 2"


# --- Each kind worded as itself ---------------------------------------------------------------------------


def test_individuals_are_asked_for_players_not_the_players_of_each_player(
    director_client: Client, club: Club, roster16: list[Player]
) -> None:
    page = director_client.get(s_url("setup", new_session(club, "individuals"))).content.decode()
    assert "of each player" not in page
    assert "Pick each player from the roster" in page and "Add these players" in page


def test_pairs_and_teams_are_asked_for_in_their_own_words(
    director_client: Client, club: Club, roster16: list[Player]
) -> None:
    pairs = director_client.get(s_url("setup", new_session(club, "pairs"))).content.decode()
    fours = director_client.get(s_url("setup", new_session(club, "fours"))).content.decode()
    assert "Pick the two players of each pair" in pairs
    assert "Pick the four players of each team by seat" in fours and "One team a line" in fours


def test_no_player_picked_in_an_individual_session_asks_for_a_player(
    director_client: Client, club: Club, roster16: list[Player]
) -> None:
    response = director_client.post(s_url("setup_entrants", new_session(club, "individuals")), {})
    assert response.context["entrants_form"].errors["r1_1"] == ["Choose at least one player."]


# --- A list of pairs, pasted ------------------------------------------------------------------------------


def test_a_pasted_list_enters_every_pair_matching_names_and_numbers_in_any_case(
    director_client: Client, empty_session: Session, roster16: list[Player]
) -> None:
    club_services.player_update(player=roster16[4], name="Member 05", member_number="A105", active=True)
    text = "member 01 & MEMBER 02\n\nMember 03 and Member 04\r\na105 / Jane Visitor\nMember 06, Member 07\n"
    response = director_client.post(s_url("setup_entrant_names", empty_session), {"text": text}, follow=True)
    assert names_of(empty_session) == [
        ["Member 01", "Member 02"],
        ["Member 03", "Member 04"],
        ["Member 05", "Jane Visitor"],
        ["Member 06", "Member 07"],
    ]
    said = " ".join(str(m) for m in response.context["messages"])
    assert "Added pairs 1, 2, 3, 4." in said and "New on the roster as visitors: Jane Visitor" in said


def test_a_pasted_list_is_refused_whole_and_each_line_at_fault_is_named(
    director_client: Client, empty_session: Session, roster16: list[Player]
) -> None:
    pair_up(empty_session, roster16[:2])
    club_services.player_create(club=empty_session.club, name="Member 09")  # a second Member 09
    text = "\n".join(
        [
            "Member 03 & New Visitor",  # fine alone
            "Member 01 & Member 04",  # Member 01 plays in pair 1
            "Member 05 & Member 03",  # Member 03 is on line 1
            "Member 09 & Member 10",  # two players are called Member 09
            "Member 11 & Member 12 & Member 13",  # three names for a pair
            "Member 14 & member 14",  # twice on one line
        ]
    )
    status, errors = paste(director_client, empty_session, text)
    assert status == 200
    assert errors == [
        "Lines 2, 3, 4, 5 and 6 need a change: nothing was added.",
        "Line 2: Member 01 is already entered (pair 1).",
        "Line 3: Member 03 is also on line 1.",
        "Line 4: 2 players on the roster are called Member 09: give each a member number on the roster "
        "(or merge them, if they are one person).",
        "Line 5: 3 names: a pair has two players, e.g. “Ann Lee & Bob Hart”.",
        "Line 6: Member 14 is twice on this line.",
    ]
    assert empty_session.entrants.count() == 1
    assert not Player.objects.filter(name="New Visitor").exists(), "all or nothing: no visitor kept"


def test_two_players_of_one_name_are_told_apart_by_member_number(
    director_client: Client, empty_session: Session, roster16: list[Player]
) -> None:
    club = empty_session.club
    club_services.player_update(player=roster16[0], name="Ann Lee", member_number="11", active=True)
    other = club_services.player_create(club=club, name="ann lee", member_number="12")
    status, errors = paste(director_client, empty_session, "Ann Lee & Member 02")
    assert (
        errors[1]
        == "Line 1: 2 players on the roster are called Ann Lee: write the member number instead (11 or 12)."
    )
    assert paste(director_client, empty_session, "Ann Lee (12) & Member 02")[0] == 302
    assert [m.player for m in empty_session.entrants.get().members.all()] == [other, roster16[1]]


def test_of_an_active_and_an_inactive_player_of_one_name_the_active_one_is_meant(
    director_client: Client, empty_session: Session, roster16: list[Player]
) -> None:
    retired = club_services.player_create(club=empty_session.club, name="Member 01")
    club_services.player_update(player=retired, name="Member 01", member_number="", active=False)
    assert paste(director_client, empty_session, "Member 01 & Member 02")[0] == 302
    assert empty_session.entrants.get().members.first().player == roster16[0]


def test_an_inactive_player_named_is_entered_and_made_active_again(
    director_client: Client, empty_session: Session, roster16: list[Player]
) -> None:
    club_services.player_update(player=roster16[1], name="Member 02", member_number="", active=False)
    response = director_client.post(
        s_url("setup_entrant_names", empty_session), {"text": "Member 01 & Member 02"}, follow=True
    )
    roster16[1].refresh_from_db()
    assert roster16[1].active and names_of(empty_session) == [["Member 01", "Member 02"]]
    assert any("Active on the roster again: Member 02." in str(m) for m in response.context["messages"])


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("", "Write or paste the pairs, one a line."),
        ("  \n \n", "Write or paste the pairs, one a line."),
        ("A & B\n" * 10_000, f"The list has 10,000 lines; paste at most {MAX_LINES} at once."),
        ("x" * 200_000, "The list has 200,000 characters; paste at most 100,000 at once."),
    ],
    ids=["blank", "spaces", "ten-thousand-lines", "one-huge-line"],
)
def test_a_list_that_cannot_be_read_is_a_clear_refusal(
    director_client: Client, empty_session: Session, text: str, said: str
) -> None:
    assert paste(director_client, empty_session, text) == (200, [said])
    assert not empty_session.entrants.exists() and not Player.objects.exists()


@pytest.mark.parametrize(
    "line",
    ["Ann" + " " * 90_000 + "Lee", "A" + " \t" * 45_000 + "B\tC", "(" * 90_000, "x and " * 15_000],
    ids=["spaces", "tabs", "parentheses", "ands"],
)
def test_a_line_of_many_spaces_or_separators_is_read_at_once(
    director_client: Client, empty_session: Session, line: str
) -> None:
    """Read in linear time: a pattern that backtracked took seconds for a thousand spaces."""
    started = time.monotonic()
    status, errors = paste(director_client, empty_session, line)
    assert status == 200 and errors[1].startswith("Line 1: ") and time.monotonic() - started < 5
    started = time.monotonic()
    assert roster_paste(director_client, empty_session.club, line)[0] == 200
    assert time.monotonic() - started < 5


def test_a_nul_or_a_name_too_long_is_refused_with_its_line(
    director_client: Client, empty_session: Session, roster16: list[Player]
) -> None:
    status, errors = paste(
        director_client, empty_session, "Member 01 & Mem\x00ber\n" + "Member 03 & " + "x" * 200
    )
    assert status == 200 and errors[1:] == [
        "Line 1: The line holds a character that cannot be stored (NUL).",
        "Line 2: A player's name has at most 120 characters, not 200.",
    ]
    assert not empty_session.entrants.exists()


def test_a_list_for_a_running_session_is_refused(director_client: Client, running_session: Session) -> None:
    status, errors = paste(director_client, running_session, "Player 1 & Player 2")
    assert status == 200 and not running_session.entrants.filter(number=7).exists()


def test_another_clubs_director_gets_404_on_the_lists(
    stranger_client: Client, club: Club, empty_session: Session
) -> None:
    assert (
        stranger_client.post(s_url("setup_entrant_names", empty_session), {"text": "A & B"}).status_code
        == 404
    )
    assert stranger_client.get(s_url("setup", empty_session), {"previous": "1"}).status_code == 404
    roster = reverse("director:roster_names", args=[club.slug])
    assert stranger_client.post(roster, {"text": "Ann Lee"}).status_code == 404
    assert not Player.objects.filter(name__in=["A", "B", "Ann Lee"]).exists()


def test_a_list_of_teams_of_four_names_each_team_north_south_east_west(
    director_client: Client, club: Club, roster16: list[Player]
) -> None:
    session = new_session(club, "fours")
    assert paste(director_client, session, "Member 01, Member 02, Member 03, Member 04")[0] == 302
    team = session.entrants.get()
    assert [(m.role, m.player.name) for m in team.members.order_by("order")] == [
        ("N", "Member 01"), ("S", "Member 02"), ("E", "Member 03"), ("W", "Member 04"),
    ]  # fmt: skip
    assert paste(director_client, session, "Member 05, Member 06")[1][1] == (
        "Line 1: 2 names: a team has 4 players, in the order North, South, East, West."
    )


def test_a_list_of_individuals_is_one_player_a_line(
    director_client: Client, club: Club, roster16: list[Player]
) -> None:
    session = new_session(club, "individuals")
    assert paste(director_client, session, "Member 01\nNew Player\nMember 03")[0] == 302
    assert names_of(session) == [["Member 01"], ["New Player"], ["Member 03"]]
    assert paste(director_client, session, "Member 04 & Member 05")[1][1] == (
        "Line 1: 2 names: write one player a line."
    )


def test_a_list_of_pairs_of_teams_of_more_than_eight_names_each_pairs_team(
    director_client: Client, club: Club, roster16: list[Player]
) -> None:
    session = new_session(club, "teams")
    text = "Team 1: Member 01 & Member 02\nteam 2 - Member 03 & Member 04"
    assert paste(director_client, session, text)[0] == 302
    pairs = session.entrants.filter(kind=Entrant.Kind.PAIR).order_by("number")
    assert [p.team.number for p in pairs] == [1, 2]
    errors = paste(director_client, session, "Member 05 & Member 06\nTeam 9: Member 07 & Member 08")[1]
    assert errors[1:] == [
        "Line 1: Begin the line with the pair's team, e.g. “Team 1: Ann Lee & Bob Hart”.",
        "Line 2: Choose team 1 to 3, not 9.",
    ]


# --- Last week's pairs ------------------------------------------------------------------------------------


def last_week(club: Club, players: list[Player]) -> Session:
    """Last Monday's pairs: four pairs and a phantom."""
    before = new_session(club, day=2, title="Last Monday")
    pair_up(before, players)
    setup.phantom_add(session=before)
    return before


def test_the_list_starts_from_the_pairs_of_the_clubs_last_session_of_the_same_kind(
    director_client: Client, club: Club, roster16: list[Player]
) -> None:
    last_week(club, roster16[:8])
    older = new_session(club, day=1, title="Older")
    pair_up(older, roster16[8:12])
    individuals = new_session(club, "individuals", day=3, title="Other kind")
    sessions.entrant_create(session=individuals, players=[roster16[12]])
    new_session(club, day=20, title="Later")  # after tonight: not last week
    tonight = new_session(club)
    page = director_client.get(s_url("setup", tonight))
    assert "Start from the pairs of Last Monday (2 November 2026)" in page.content.decode()
    filled = director_client.get(s_url("setup", tonight), {"previous": "1"})
    text = filled.context["names_form"]["text"].value()
    assert (
        text == "Member 01 & Member 02\nMember 03 & Member 04\nMember 05 & Member 06\nMember 07 & Member 08"
    )
    assert 'id="paste" open' in filled.content.decode()
    assert paste(director_client, tonight, text)[0] == 302
    assert names_of(tonight) == [[f"Member {i:02d}", f"Member {i + 1:02d}"] for i in (1, 3, 5, 7)]


def test_last_weeks_pairs_leave_out_those_entered_tonight_and_name_a_shared_name_by_number(
    director_client: Client, club: Club, roster16: list[Player]
) -> None:
    club_services.player_update(player=roster16[2], name="Ann Lee", member_number="31", active=True)
    club_services.player_create(club=club, name="Ann Lee", member_number="32")
    last_week(club, roster16[:8])
    tonight = new_session(club)
    sessions.entrant_create(session=tonight, players=[roster16[0], roster16[9]])
    response = director_client.get(s_url("setup", tonight), {"previous": "1"})
    assert response.context["names_form"]["text"].value() == (
        "Ann Lee (31) & Member 04\nMember 05 & Member 06\nMember 07 & Member 08"
    )
    said = " ".join(str(m) for m in response.context["messages"])
    assert "Left out: 1 pair with a player entered here already." in said


def test_without_an_earlier_session_there_is_nothing_to_start_from(
    director_client: Client, empty_session: Session, roster16: list[Player]
) -> None:
    assert "Start from the" not in director_client.get(s_url("setup", empty_session)).content.decode()
    response = director_client.get(s_url("setup", empty_session), {"previous": "1"})
    assert any("No earlier session of pairs" in str(m) for m in response.context["messages"])


def test_last_weeks_pairs_of_teams_of_more_than_eight_keep_their_teams(
    club: Club, roster16: list[Player]
) -> None:
    before = new_session(club, "teams", day=2)
    setup.entrants_add(session=before, rows=[(1, roster16[0:2]), (2, roster16[2:4])], teams={1: 1, 2: 2})
    assert previous_entrants(new_session(club, "teams")).text == (
        "Team 1: Member 01 & Member 02\nTeam 2: Member 03 & Member 04"
    )


# --- The roster: several players at once ------------------------------------------------------------------


def roster_paste(client: Client, club: Club, text: str) -> tuple[int, list[str]]:
    response = client.post(reverse("director:roster_names", args=[club.slug]), {"text": text})
    if response.status_code != 200:
        return response.status_code, []
    return 200, list(response.context["names_form"].errors.get("text", []))


def test_the_roster_takes_a_list_of_players_one_a_line(director_client: Client, club: Club) -> None:
    page = director_client.get(reverse("director:roster", args=[club.slug])).content.decode()
    assert reverse("director:roster_names", args=[club.slug]) in page and "Add several players" in page
    response = director_client.post(
        reverse("director:roster_names", args=[club.slug]),
        {"text": "Ann Lee, 101\n\nBob Hart\n  Cy Dunn ,  C-7  \n"},
        follow=True,
    )
    assert list(Player.objects.order_by("name").values_list("name", "member_number", "active")) == [
        ("Ann Lee", "101", True), ("Bob Hart", "", True), ("Cy Dunn", "C-7", True),
    ]  # fmt: skip
    said = [str(m) for m in response.context["messages"]]
    assert "Added 3 players to the roster: Ann Lee, Bob Hart, Cy Dunn." in said


def test_a_list_of_players_is_refused_whole_with_each_line_named(director_client: Client, club: Club) -> None:
    club_services.player_create(club=club, name="Ann Lee", member_number="101")
    text = "\n".join(
        ["New One", "Ann Lee", "Bob Hart, 101", "Cy Dunn, 7", "Di Ray, 7", "Lee, Ann, 9", "New One"]
    )
    status, errors = roster_paste(director_client, club, text)
    assert status == 200 and errors == [
        "Lines 2, 3, 5, 6 and 7 need a change: nothing was added.",
        "Line 2: Ann Lee is already on the roster: add a member number to add another player of that name.",
        "Line 3: Member number 101 is already on the roster (Ann Lee).",
        "Line 5: Member number 7 is also on line 4.",
        "Line 6: More than one comma: write “name, member number”.",
        "Line 7: New One is also on line 1.",
    ]
    assert Player.objects.count() == 1


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("", "Write or paste the players' names, one a line."),
        ("Ann\n" * 10_000, f"The list has 10,000 lines; paste at most {MAX_ROSTER_LINES} at once."),
        ("Ann \x00Lee", "Line 1: A player's name holds a character that cannot be stored (NUL)."),
        (", 12", "Line 1: No name before the comma."),
    ],
    ids=["blank", "ten-thousand-lines", "nul", "no-name"],
)
def test_a_list_of_players_that_cannot_be_read_is_a_clear_refusal(
    director_client: Client, club: Club, text: str, said: str
) -> None:
    status, errors = roster_paste(director_client, club, text)
    assert status == 200 and said in errors and not Player.objects.exists()
