"""The text table and the ``movement`` command's logic (the CLI without Django)."""

from __future__ import annotations

import io
import json

import pytest

from tournaments.movements import MovementUserError, generate
from tournaments.movements.render import movement_command, render_text, tray_list


def test_the_text_table_uses_the_books_notation():
    text = render_text(generate("howell", pairs=8))
    lines = text.splitlines()
    assert lines[0].startswith("Howell Pair System: 8 pairs, 4 tables, 7 trays, 7 rounds")
    assert lines[3].split() == [
        "1",
        "8",
        "v",
        "1",
        "(1)",
        "6",
        "v",
        "3",
        "(4)",
        "7",
        "v",
        "2",
        "(6)",
        "4",
        "v",
        "5",
        "(7)",
    ]


def test_the_text_table_shows_sit_outs_and_the_analysis():
    text = render_text(generate("howell", pairs=7), analysis=True)
    assert "Sits out" in text and "Sound: yes" in text
    assert "Meetings between two entrants: 1 to 1" in text


def test_runs_of_trays_are_shortened():
    assert tray_list((1, 2, 3, 4)) == "1-4"
    assert tray_list((1, 8, 15)) == "1, 8, 15"
    assert tray_list((4,)) == "4"


def test_the_command_prints_the_movement_json_with_its_analysis():
    data = json.loads(movement_command("howell", pairs=8, as_json=True, analyse_it=True))
    assert data["family"] == "howell" and data["trays"] == 7
    assert data["rounds"][0]["tables"][0] == {"table": 1, "ns": 8, "ew": 1, "trays": [1]}
    assert data["analysis"]["balance"]["meetings"]["spread"] == 0


def test_the_command_without_json_prints_the_table():
    assert movement_command("mitchell", tables=5).startswith("Mitchell System: 10 pairs")


def test_the_command_reports_the_books_reason():
    with pytest.raises(MovementUserError, match=r"odd number of tables \(p\. 32\)"):
        movement_command("mitchell", tables=6)
    with pytest.raises(MovementUserError, match="give the size"):
        movement_command("howell")
    with pytest.raises(MovementUserError, match="unknown movement family"):
        movement_command("whist", pairs=8)


def test_manage_py_movement_prints_json_or_fails_with_the_reason():
    pytest.importorskip("django")
    from django.conf import settings

    if not settings.configured:
        pytest.skip("Django is not set up in this run (-p no:django)")
    from django.core.management import CommandError, call_command

    out = io.StringIO()
    call_command("movement", "howell", "--pairs", "8", "--json", "--analyse", stdout=out)
    assert json.loads(out.getvalue())["analysis"]["sound"] is True
    with pytest.raises(CommandError, match=r"odd number of tables \(p\. 32\)"):
        call_command("movement", "mitchell", "--tables", "6")
