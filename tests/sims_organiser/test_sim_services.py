"""The organiser's services of a simultaneous event: what each takes, and every refusal, in words."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.db import IntegrityError, transaction

from sims import services
from sims.models import SimClub, SimEvent, SimHeat
from tests.sims_organiser.sim_builders import heat_file, make_event
from tournaments.models import ActionLog, Club
from tournaments.pbn.pack import read_pack
from tournaments.pbn.whist import read_deals
from tournaments.services.errors import Conflict, NotFound, UserError

pytestmark = pytest.mark.django_db


def test_an_event_is_dealt_afresh_with_a_reference_made_from_its_name(club: Club) -> None:
    event = make_event(club)
    assert event.ref.startswith("autumn-simultaneous-") and len(event.ref) <= 80
    assert event.state == "open" and event.methods == ["matchpoints", "trick"]
    reading = read_deals(event.deals_pbn)
    assert reading.ok and [d.board for d in reading.deals] == [1, 2, 3, 4, 5, 6]
    assert ActionLog.objects.filter(club=club, action="sim.create").exists()
    assert make_event(club).ref != event.ref


def test_an_event_takes_its_deals_from_a_pbn_file(club: Club) -> None:
    given = make_event(club).deals_pbn
    event = make_event(club, deals=None, pbn=given.encode("iso-8859-1"))
    assert [d.hands for d in read_deals(event.deals_pbn).deals] == [d.hands for d in read_deals(given).deals]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"name": ""}, "name"),
        ({"name": "x" * 121}, "name"),
        ({"plays_from": "2026-13-01"}, "plays_from"),
        ({"plays_to": "2026-11-01"}, "plays_to"),
        ({"release_at": "tomorrow"}, "release_at"),
        ({"methods": []}, "methods"),
        ({"methods": ["matchpoints", "matchpoints"]}, "methods"),
        ({"methods": ["rubber"]}, "methods"),
        ({"deals": 0}, "deals"),
        ({"deals": 53}, "deals"),
        ({"deals": "many"}, "deals"),
        ({"deals": None, "pbn": '[Board "1"]\n[Deal "N:nonsense"]\n'}, "pbn"),
    ],
)
def test_an_event_refuses_each_bad_value_naming_it(club: Club, change: dict[str, Any], field: str) -> None:
    with pytest.raises(UserError) as refused:
        make_event(club, **change)
    assert refused.value.field == field and refused.value.message
    assert not SimEvent.objects.exists()


def test_a_naive_release_time_is_taken_in_the_servers_zone(club: Club) -> None:
    event = make_event(club, release_at="2026-11-07T22:00")
    assert event.release_at.tzinfo is not None


def test_a_club_is_added_once_with_a_key_of_which_only_the_hash_is_kept(club: Club) -> None:
    event = make_event(club)
    sim_club, key = services.sim_club_add(event=event, name="Bath Whist Club")
    assert len(key) >= 32 and key not in sim_club.key_hash and sim_club.key_hash == services.key_hash(key)
    with pytest.raises(UserError, match="already taking part") as refused:
        services.sim_club_add(event=event, name="bath whist club")
    assert refused.value.field == "name"
    with pytest.raises(UserError):
        services.sim_club_add(event=event, name="  ")
    with pytest.raises(UserError):
        services.sim_club_add(event=event, name="A\nB")


def test_the_database_holds_a_club_name_once_per_event_case_aside(club: Club) -> None:
    event = make_event(club)
    SimClub.objects.create(event=event, name="Bath", key_hash="a" * 64)
    with pytest.raises(IntegrityError), transaction.atomic():
        SimClub.objects.create(event=event, name="BATH", key_hash="b" * 64)
    with pytest.raises(IntegrityError), transaction.atomic():
        SimEvent.objects.filter(pk=event.pk).update(state="lost")


def test_the_pack_carries_the_key_and_the_deals_and_reads_back(club: Club) -> None:
    event = make_event(club)
    sim_club, key = services.sim_club_add(event=event, name="Bath")
    pack = read_pack(services.pack_for(sim_club=sim_club, key=key, results_url="https://o.example/api/v1/x/"))
    assert (pack.ref, pack.club, pack.key, pack.organiser) == (event.ref, "Bath", key, club.name)
    assert pack.deals == event.deals_pbn and pack.methods == ("matchpoints", "trick")


def test_a_new_key_voids_the_old(club: Club) -> None:
    event = make_event(club)
    sim_club, old = services.sim_club_add(event=event, name="Bath")
    new = services.sim_club_rekey(sim_club=sim_club)
    with pytest.raises(services.KeyRefused):
        services.heat_receive_with_key(ref=event.ref, key=old, data=heat_file("Bath", 1))
    heat, lines = services.heat_receive_with_key(ref=event.ref, key=new, data=heat_file("Bath", 1))
    assert (heat.sends, heat.via, lines) == (1, "api", 18)


def test_a_bad_key_and_an_unknown_event_get_the_same_refusal(club: Club) -> None:
    event = make_event(club)
    sim_club, key = services.sim_club_add(event=event, name="Bath")
    with pytest.raises(services.KeyRefused) as bad_key:
        services.heat_receive_with_key(ref=event.ref, key="x" * 32, data=heat_file("Bath", 1))
    with pytest.raises(services.KeyRefused) as bad_ref:
        services.heat_receive_with_key(ref="no-such-event", key=key, data=heat_file("Bath", 1))
    assert bad_key.value.message == bad_ref.value.message and bad_key.value.status == 401
    assert not SimHeat.objects.exists()


def test_a_heat_sent_again_replaces_the_last_and_counts_the_sends(club: Club) -> None:
    event = make_event(club)
    sim_club, _ = services.sim_club_add(event=event, name="Bath")
    services.heat_receive(event=event, sim_club=sim_club, data=heat_file("Bath", 1), via="file")
    heat = services.heat_receive(event=event, sim_club=sim_club, data=heat_file("Anything", 2), via="file")
    assert heat.sends == 2 and heat.pbn == heat_file("Anything", 2).decode("iso-8859-1")
    assert SimHeat.objects.count() == 1


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"not a pbn file at all", "cannot be taken"),
        (b"\x00\x01", "cannot be taken"),
        ('[Event "x"]\n\ud800'.encode("utf-8", "surrogatepass"), "cannot be taken"),
        (heat_file("Bath", 1, boards=range(1, 9)), "board 7"),
    ],
)
def test_a_bad_heat_file_is_refused_with_a_sentence_and_nothing_kept(
    club: Club, data: bytes, words: str
) -> None:
    event = make_event(club)
    sim_club, _ = services.sim_club_add(event=event, name="Bath")
    with pytest.raises(UserError, match=words) as refused:
        services.heat_receive(event=event, sim_club=sim_club, data=data, via="file")
    assert refused.value.field == "pbn" and refused.value.status == 400
    assert not SimHeat.objects.exists()


def test_a_closed_event_takes_no_heat_until_reopened(club: Club) -> None:
    event = make_event(club)
    sim_club, key = services.sim_club_add(event=event, name="Bath")
    services.event_close(event=event)
    with pytest.raises(Conflict, match="The event is closed: results are no longer taken"):
        services.heat_receive_with_key(ref=event.ref, key=key, data=heat_file("Bath", 1))
    with pytest.raises(UserError):
        services.event_close(event=event)
    with pytest.raises(UserError):
        services.sim_club_add(event=event, name="Late")
    services.event_reopen(event=event)
    services.heat_receive_with_key(ref=event.ref, key=key, data=heat_file("Bath", 1))
    services.event_publish(event=event)
    assert event.state == "published"
    with pytest.raises(Conflict):
        services.heat_receive_with_key(ref=event.ref, key=key, data=heat_file("Bath", 1))
    with pytest.raises(UserError):
        services.event_publish(event=event)
    with pytest.raises(UserError):
        services.event_reopen(event=services.event_reopen(event=event))


def test_a_withdrawn_club_sends_nothing(club: Club) -> None:
    event = make_event(club)
    sim_club, key = services.sim_club_add(event=event, name="Bath")
    services.sim_club_withdraw(sim_club=sim_club)
    with pytest.raises(services.KeyRefused):
        services.heat_receive_with_key(ref=event.ref, key=key, data=heat_file("Bath", 1))
    with pytest.raises(UserError, match="withdrawn"):
        services.heat_receive(event=event, sim_club=sim_club, data=heat_file("Bath", 1), via="file")


def test_a_closed_or_published_field_keeps_its_clubs_and_keys_until_reopened(club: Club) -> None:
    event = make_event(club)
    sim_club, _ = services.sim_club_add(event=event, name="Avon")
    services.heat_receive(event=event, sim_club=sim_club, data=heat_file("Avon", 1), via="file")
    for move in (services.event_close, services.event_publish):
        event = move(event=event)
        for change in (services.sim_club_withdraw, services.sim_club_rekey):
            with pytest.raises(UserError, match="reopen it to"):
                change(sim_club=SimClub.objects.get(pk=sim_club.pk))
        assert SimClub.objects.filter(pk=sim_club.pk, withdrawn=False, key_hash=sim_club.key_hash).exists()
    services.event_reopen(event=event)
    assert services.sim_club_withdraw(sim_club=SimClub.objects.get(pk=sim_club.pk)).withdrawn


def test_a_heat_for_another_events_club_is_not_found(club: Club) -> None:
    event, other = make_event(club), make_event(club)
    sim_club, _ = services.sim_club_add(event=other, name="Bath")
    with pytest.raises(NotFound):
        services.heat_receive(event=event, sim_club=sim_club, data=heat_file("Bath", 1), via="file")
    with pytest.raises(UserError):
        services.heat_receive(event=other, sim_club=sim_club, data=heat_file("Bath", 1), via="post")


def test_commentary_is_set_per_deal_and_removed_when_empty(club: Club) -> None:
    event = make_event(club)
    services.event_update_commentary(event=event, deal="3", text="  North's lead of the king.  ")
    assert event.commentary == {"3": "North's lead of the king."}
    services.event_update_commentary(event=event, deal=3, text="")
    assert event.commentary == {}
    for deal, text in (("7", "x"), ("three", "x"), ("1", "y" * 4001)):
        with pytest.raises(UserError):
            services.event_update_commentary(event=event, deal=deal, text=text)
    assert SimEvent.objects.get(pk=event.pk).commentary == {}


def test_every_change_is_in_the_organisers_action_log(club: Club) -> None:
    event = make_event(club, release_in=dt.timedelta(days=-1))
    sim_club, _ = services.sim_club_add(event=event, name="Bath")
    services.heat_receive(event=event, sim_club=sim_club, data=heat_file("Bath", 1), via="file")
    services.event_close(event=event)
    services.event_publish(event=event)
    actions = set(ActionLog.objects.filter(club=club).values_list("action", flat=True))
    assert {"sim.create", "sim.club_add", "sim.heat", "sim.closed", "sim.published"} <= actions
