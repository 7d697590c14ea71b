"""A field's places as the pages write them (``scoring.scorers.field_places``): overall, and at the club.

A club's Mitchell whose pairs kept their direction has two club fields, N-S and E-W, each with its
winner (W. H. Barney, *Whist and Duplicate Whist*, 1900, p. 31); a heat where some pair played both
ways has one (p. 38). Ties share the higher place, written "=2nd".
"""

from __future__ import annotations

import csv
import io
import random
from fractions import Fraction

from scoring.scorers.field import Field, FieldLine, FieldScores, Heat, PairStanding
from scoring.scorers.field_io import field_csv, field_json
from scoring.scorers.field_places import club_places, field_places, ordinal, place_text

F = Fraction


def standing(club: str, pair: str, direction: str, rank: int, club_rank: int) -> PairStanding:
    return PairStanding(club, pair, direction, F(50), F(0), F(0), rank, club_rank)


def test_ordinals_and_shared_places_are_written_the_pages_way() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th",
    ]  # fmt: skip
    assert place_text(2, True, 5, "N-S") == "=2nd of 5 N-S" and place_text(1, False, 6) == "1st of 6"


def test_a_mitchell_is_placed_in_two_club_fields_and_ties_are_shared() -> None:
    """Club ranks pooled over the heat (1, 2, 2, 4, 5, 6): N-S and E-W are placed apart."""
    rows = (
        standing("Bath", "1", "NS", 1, 1),
        standing("Bath", "4", "EW", 2, 2),
        standing("Bath", "2", "NS", 3, 2),
        standing("Bath", "5", "EW", 4, 4),
        standing("Bath", "6", "EW", 5, 4),
        standing("Bath", "3", "NS", 6, 6),
    )
    places = field_places(FieldScores("matchpoints", rows))
    assert [(p.standing.pair, p.rank_text, p.club.text) for p in places] == [
        ("1", "1st of 6", "1st of 3 N-S"),
        ("4", "2nd of 6", "1st of 3 E-W"),
        ("2", "3rd of 6", "2nd of 3 N-S"),
        ("5", "4th of 6", "=2nd of 3 E-W"),
        ("6", "5th of 6", "=2nd of 3 E-W"),
        ("3", "6th of 6", "3rd of 3 N-S"),
    ]


def test_a_heat_where_a_pair_played_both_ways_is_one_club_field() -> None:
    rows = (
        standing("Wells", "1", "NS/EW", 1, 1),
        standing("Wells", "2", "NS", 1, 1),
        standing("Wells", "3", "EW", 3, 3),
    )
    places = field_places(FieldScores("matchpoints", rows))
    assert [(p.rank_text, p.club.text) for p in places] == [
        ("=1st of 3", "=1st of 3"),
        ("=1st of 3", "=1st of 3"),
        ("3rd of 3", "3rd of 3"),
    ]


def test_club_places_are_the_club_rank_taken_field_by_field_for_any_field() -> None:
    """Against the plain definition (1 + the pairs of the same club field ranked above), at random."""
    rng = random.Random(1900)
    for _ in range(200):
        size = rng.randint(1, 14)
        pairs = [(rng.choice(("NS", "EW")), rng.randint(1, size)) for _ in range(size)]
        two = {way for way, _ in pairs} == {"NS", "EW"}
        places = club_places(pairs)
        for (way, rank), got in zip(pairs, places, strict=True):
            same = [r for w, r in pairs if w == way or not two]
            assert got.place == 1 + sum(1 for r in same if r < rank)
            assert got.tied == (sum(1 for r in same if r == rank) > 1) and got.of == len(same)
            assert got.field == ({"NS": "N-S", "EW": "E-W"}[way] if two else "")


def mitchell(club: str, seed: int, tables: int = 4, deals: int = 8) -> Heat:
    """A club's Mitchell: N-S pairs 1..tables stay, E-W pairs move a table a deal; tricks at random."""
    rng = random.Random(seed)
    lines = [
        FieldLine(d, str(t), str(tables + 1 + (t + d) % tables), rng.randint(4, 9))
        for d in range(1, deals + 1)
        for t in range(1, tables + 1)
    ]
    return Heat(club, tuple(lines))


def test_every_pair_of_a_scored_field_is_placed_once_in_the_standings_order() -> None:
    heats = [mitchell(f"Club {c}", seed=c) for c in range(1, 5)]
    scores = Field("matchpoints", heats).standings()
    places = field_places(scores)
    assert [p.standing for p in places] == list(scores.standings)
    for p in places:
        assert p.rank == p.standing.rank and p.of == len(scores.standings)
        assert p.tied == (sum(1 for r in scores.standings if r.rank == p.rank) > 1)


def test_the_csv_and_the_json_give_each_pair_its_place_in_its_club_field() -> None:
    heats = [mitchell(f"Club {c}", seed=c) for c in range(1, 4)]
    field = Field("matchpoints", heats)
    scores = field.standings()
    places = {(p.standing.club, p.standing.pair): p.club for p in field_places(scores)}
    rows = list(csv.DictReader(io.StringIO(field_csv(scores))))
    assert [int(r["club_rank"]) for r in rows] == [places[r["club"], r["pair"]].place for r in rows]
    entrants = field_json(scores, field.deal_scores())["entrants"]
    for e in entrants:
        place = places[e["club"], e["pair"]]
        assert (e["club_rank"], e["club_field"]) == (place.place, place.field)
    assert {e["club_field"] for e in entrants} == {"N-S", "E-W"}
