"""The slips JSON and scores JSON contracts (docs/design.md), and the slips they refuse."""

from __future__ import annotations

import copy
import json
from fractions import Fraction as F
from typing import Any

import pytest
from hypothesis import given, settings
from pair_slips import sessions

from scoring.scorers import (
    UnknownMethodError,
    score,
    scores_to_json,
    slips_from_json,
    slips_to_json,
)
from scoring.scorers.types import SlipError

SPECIMEN: dict[str, Any] = {
    "entrants": [1, 2, 3, 4, 5, 6, 7, 8],
    "deals": [
        {
            "deal": 2,
            "trump": "KC",
            "results": [
                {"table": 1, "ns": 1, "ew": 6, "ns_tricks": 8},
                {"table": 2, "ns": 3, "ew": 5, "ns_tricks": 6},
                {"table": 3, "ns": 4, "ew": 7, "ns_tricks": 6},
                {"table": 4, "ns": 8, "ew": 2, "ns_tricks": 7},
            ],
        }
    ],
}


def specimen(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(SPECIMEN)
    data["deals"][0].update(changes)
    return data


def with_line(index: int, **changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(SPECIMEN)
    data["deals"][0]["results"][index].update(changes)
    return data


def test_it_reads_the_slips_of_the_design_contract():
    slips = slips_from_json(SPECIMEN)
    assert slips.entrants == (1, 2, 3, 4, 5, 6, 7, 8)
    first = slips.deals[0]
    assert (first.deal, first.trump) == (2, "KC")
    assert (first.results[3].ns, first.results[3].ew, first.results[3].ns_tricks) == (8, 2, 7)


def test_the_scores_json_has_every_number_as_an_exact_rational_string():
    out = scores_to_json(score("exponent", slips_from_json(SPECIMEN)))
    assert out["method"] == "exponent"
    assert out["deals"][0] == {
        "deal": 2,
        "scores": {"1": "5/2", "2": "1", "3": "1/2", "4": "1/2", "5": "2", "6": "0", "7": "2", "8": "3/2"},
    }
    first = out["entrants"][0]
    assert first["entrant"] == 1 and first["total"] == "5/2" and first["plus_minus"] == "5/4"
    assert first["rank"] == 1
    assert out["checks"]["exponent test 8 on deal 2"] is True
    json.dumps(out)


def test_negative_scores_are_written_with_a_minus():
    out = scores_to_json(score("trick", slips_from_json(SPECIMEN)))
    assert out["deals"][0]["scores"]["6"] == "-5/4"


def test_it_reads_the_optional_keys():
    data = with_line(0, ns_revokes=1, ew_revokes=0)
    data["deals"][0]["results"][3] = {
        "table": 4,
        "ns": 8,
        "ew": 2,
        "ns_tricks": None,
        "adjusted": ["average-plus", "average-minus"],
    }
    data["deals"][0]["averages"] = [{"entrant": 9, "reason": "sat out", "award": "average"}]
    data["entrants"].append(9)
    data["teams"] = {"1": [1, 2]}
    data["teams"] = {}
    slips = slips_from_json(data)
    assert slips.deals[0].results[0].ns_revokes == 1
    assert slips.deals[0].results[3].adjusted == ("average-plus", "average-minus")
    assert slips.deals[0].averages[0].entrant == 9


def test_seats_stand_for_ns_and_ew_on_an_individual_line():
    data = {
        "entrants": list(range(1, 9)),
        "deals": [
            {
                "deal": 1,
                "results": [
                    {"table": 1, "seats": {"N": 4, "E": 1, "S": 2, "W": 8}, "ns_tricks": 7},
                    {"table": 2, "seats": {"N": 5, "E": 3, "S": 6, "W": 7}, "ns_tricks": 6},
                ],
            }
        ],
    }
    slips = slips_from_json(data, method="individual")
    assert (slips.deals[0].results[0].ns, slips.deals[0].results[0].ew) == (4, 1)


@settings(max_examples=30, deadline=None)
@given(sessions(revokes=True, adjusted=True))
def test_slips_survive_a_round_trip_through_json(slips):
    assert slips_from_json(json.loads(json.dumps(slips_to_json(slips))), method="trick") == slips


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (with_line(1, ns_tricks=14), "deal 2, line 2 (table 2): N-S tricks 14 is outside 0..13"),
        (with_line(1, ns_tricks=-1), "deal 2, line 2 (table 2): N-S tricks -1 is outside 0..13"),
        (with_line(2, ew=4), "deal 2, line 3 (table 3): N-S and E-W are the same entrant 4"),
        (with_line(3, ns=1), "deal 2, line 4 (table 4): 1 appears twice on the slip"),
        (with_line(3, table=1), "deal 2, line 4 (table 1): table 1 appears twice on the slip"),
        (with_line(1, ns=11), "deal 2, line 2 (table 2): N-S 11 is not an entrant"),
        (with_line(1, colour="red"), "deal 2, line 2 (table 2): unknown key 'colour'"),
        (with_line(1, ns_tricks=7.5), "deal 2, line 2 (table 2): ns_tricks: expected a whole number"),
        (with_line(1, ns_tricks="7"), "deal 2, line 2 (table 2): ns_tricks: expected a whole number"),
        (with_line(1, ns_tricks=True), "deal 2, line 2 (table 2): ns_tricks: expected a whole number"),
        (with_line(1, ns_tricks=None), "deal 2, line 2 (table 2): no N-S tricks"),
        (with_line(1, adjusted=["average", "top"]), "deal 2, line 2 (table 2): adjusted must be"),
        (with_line(1, ns_revokes=-1), "deal 2, line 2 (table 2): N-S revokes -1 is outside 0..13"),
        (specimen(results=[7]), "deal 2, line 1: expected an object, got a number"),
        (specimen(results={"table": 1}), "deal 2: expected a list"),
        (specimen(averages=[{"entrant": 1}]), "deal 2, averages entry 1: 1 played the deal"),
        (specimen(averages=[{"entrant": 2, "award": "top"}]), "deal 2, averages entry 1: award"),
        (specimen(void="yes"), "deal 2: void must be true or false"),
        ({"entrants": [1, 2]}, "the slips need both 'entrants' and 'deals'"),
        ({"entrants": [1, 2], "deals": [], "session": 4}, "the slips: unknown key 'session'"),
        ([1, 2], "the slips: expected an object, got a list"),
        ({"entrants": [1, 1], "deals": []}, "an entrant is listed twice"),
        (
            {"entrants": [1, 2], "deals": [{"deal": 1, "results": []}, {"deal": 1, "results": []}]},
            "deal 1 has two slips",
        ),
    ],
)
def test_it_refuses_a_malformed_or_impossible_slip_naming_the_deal_and_line(data, message):
    with pytest.raises(SlipError) as raised:
        slips_from_json(data, method="trick")
    assert str(raised.value).startswith(message)


def test_a_pair_on_both_sides_of_a_slip_is_refused_for_pair_methods():
    data = with_line(3, ew=1)  # pair 1 N-S at table 1 and E-W at table 4
    with pytest.raises(SlipError, match=r"deal 2, line 4 \(table 4\): 1 appears twice"):
        score("trick", slips_from_json(data))


def test_an_unknown_method_is_refused():
    with pytest.raises(UnknownMethodError, match="unknown scoring method 'bridge'"):
        slips_from_json(SPECIMEN, method="bridge")
    with pytest.raises(UnknownMethodError):
        score("bridge", slips_from_json(SPECIMEN))


def test_a_scores_json_fraction_reads_back_exactly():
    out = scores_to_json(score("exponent", slips_from_json(SPECIMEN)))
    assert sum(F(v) for v in out["deals"][0]["scores"].values()) == 10  # test 9: twice 5
