"""The organiser's checks before publishing (``scoring/scorers/field_checks.py``)."""

from __future__ import annotations

import random
from dataclasses import replace

from scoring.scorers.field import FieldLine, Heat
from scoring.scorers.field_checks import Rules, check_field, suspect_results

#: Each deal's usual N-S tricks: far from 6 1/2, so that an exchange of directions shows.
PAR = [10, 3, 9, 4, 11, 8, 2, 10]


def clean_field(clubs: int = 12, tables: int = 6, seed: int = 1900) -> list[Heat]:
    """Mitchells of the same deals, each result within a trick of the deal's par."""
    rng = random.Random(seed)
    return [
        Heat(
            f"Club {c}",
            tuple(
                FieldLine(
                    d,
                    str(t),
                    str(tables + (t + d) % tables + 1),
                    PAR[d - 1] + rng.randint(-1, 1),
                    table=t,
                    round=d,
                )
                for d in range(1, len(PAR) + 1)
                for t in range(1, tables + 1)
            ),
        )
        for c in range(1, clubs + 1)
    ]


def changed(heat: Heat, change) -> Heat:
    """The heat with ``change(line)`` applied to every line (None keeps it)."""
    return Heat(heat.club, tuple(change(x) or x for x in heat.lines))


def test_a_clean_field_is_not_flagged():
    heats = clean_field()
    assert check_field(heats, [h.club for h in heats]) == []


def test_a_line_entered_the_other_way_round_is_flagged_with_where_and_who():
    heats = clean_field()
    heats[4] = changed(
        heats[4], lambda x: replace(x, ns_tricks=13 - x.ns_tricks) if (x.deal, x.table) == (1, 3) else None
    )
    [flag] = check_field(heats)
    assert flag.kind == "line swapped"
    assert (flag.club, flag.deal, flag.table, flag.round, flag.ns, flag.ew) == ("Club 5", 1, 3, 1, "3", "11")
    assert flag.text.startswith("Club 5, deal 1, table 3, round 1 (N-S 3 v E-W 11): N-S's ")
    assert "the other 71 results" in flag.text and "other way round" in flag.text


def test_the_side_a_swap_hurts_is_named():
    heats = clean_field()
    # Deal 2's field makes about 3 N-S tricks; entered as 10, the E-W pair is the one with the bottom.
    heats[0] = changed(heats[0], lambda x: replace(x, ns_tricks=10) if (x.deal, x.table) == (2, 1) else None)
    [flag] = check_field(heats)
    assert "E-W's 3 tricks score 0% of the top" in flag.text and "N-S 3," in flag.text


def test_a_plain_bottom_in_a_spread_field_is_not_far():
    spread = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11]  # N-S 2 is a bottom, but the field is all over the deal
    assert suspect_results([spread.count(t) for t in range(14)]) == {}
    sea = [3] + [10] * 9
    assert list(suspect_results([sea.count(t) for t in range(14)])) == [3]


def test_a_deal_with_too_few_results_is_not_judged():
    sea = [3] + [10] * 6  # 7 results
    assert suspect_results([sea.count(t) for t in range(14)]) == {}
    assert list(suspect_results([sea.count(t) for t in range(14)], Rules(min_results=7))) == [3]


def test_a_clubs_deal_that_does_not_fit_the_field_is_flagged_once_not_line_by_line():
    heats = clean_field()
    heats[2] = changed(heats[2], lambda x: replace(x, ns_tricks=13) if x.deal == 5 else None)
    [flag] = check_field(heats)
    assert (flag.kind, flag.club, flag.deal) == ("deal off", "Club 3", 5)
    assert "its 6 tables averaged 13.0 N-S tricks" in flag.text and "dealt as the deal file says" in flag.text


def test_a_deal_on_which_most_of_a_clubs_tables_look_swapped_is_one_flag():
    heats = clean_field()
    heats[6] = changed(
        heats[6], lambda x: replace(x, ns_tricks=13 - x.ns_tricks) if x.deal == 4 and x.table <= 4 else None
    )
    [flag] = check_field(heats)
    assert (flag.kind, flag.club, flag.deal) == ("deal off", "Club 7", 4)
    assert flag.text.startswith("Club 7, deal 4: 4 of its 6 tables' results look entered with N-S and E-W")


def test_one_swapped_line_does_not_make_its_deal_look_off():
    heats = clean_field(tables=3)
    heats[0] = changed(
        heats[0], lambda x: replace(x, ns_tricks=13 - x.ns_tricks) if (x.deal, x.table) == (7, 2) else None
    )
    assert [(f.kind, f.deal, f.table) for f in check_field(heats)] == [("line swapped", 7, 2)]


def test_a_heat_with_fewer_than_three_tables_on_the_deal_is_not_judged_off():
    heats = clean_field()
    short = Heat("Club 99", tuple(FieldLine(5, str(t), str(10 + t), 13) for t in (1, 2)))
    assert [f.kind for f in check_field([*heats, short])] == []


def test_a_heat_swapped_throughout_is_flagged_once():
    heats = clean_field()
    heats[7] = changed(heats[7], lambda x: replace(x, ns_tricks=13 - x.ns_tricks))
    [flag] = check_field(heats)
    assert (flag.kind, flag.club, flag.deal) == ("heat swapped", "Club 8", None)
    assert "the other way round on every deal" in flag.text


def test_a_club_that_has_not_sent_and_a_heat_from_a_club_not_on_the_list():
    heats = clean_field(clubs=3)
    flags = check_field(heats, ["club 1", "Club  2", "Club 4"])
    assert [(f.kind, f.club) for f in flags] == [("missing heat", "Club 4"), ("unknown club", "Club 3")]
    assert flags[0].text == "Club 4 is taking part but has not sent its heat."


def test_artificial_scores_are_left_out_of_the_checks():
    heats = clean_field()
    heats[1] = changed(
        heats[1], lambda x: replace(x, ns_tricks=None, ns_percent=60, ew_percent=40) if x.deal == 1 else None
    )
    assert check_field(heats) == []


def test_a_heat_swapped_throughout_is_left_out_of_the_field_the_other_checks_use():
    heats = clean_field(clubs=6, tables=5)
    heats[1] = changed(
        heats[1], lambda x: replace(x, ns_tricks=13 - x.ns_tricks) if (x.deal, x.table) == (3, 4) else None
    )
    heats[2] = changed(heats[2], lambda x: replace(x, ns_tricks=13) if x.deal == 5 else None)
    heats[4] = changed(heats[4], lambda x: replace(x, ns_tricks=13 - x.ns_tricks))
    found = [(f.kind, f.club, f.deal, f.table) for f in check_field(heats)]
    assert found == [
        ("heat swapped", "Club 5", None, None),
        ("deal off", "Club 3", 5, None),
        ("line swapped", "Club 2", 3, 4),
    ]
