"""The files the management commands read have bounds: a size, read no further, and a depth of JSON.

``score --input``, ``movement balance --input`` and ``movement --results`` read JSON up to
``JSON_FILE_MAX_BYTES``, nested at most ``JSON_MAX_DEPTH`` (the API's); ``sim score`` reads each heat up to
the ``PBN_MAX_BYTES`` setting, as the web takes a PBN file, and its list of clubs up to ``CLUBS_MAX_BYTES``.
Past a bound, one sentence (a ``CommandError``), never a traceback.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.test import override_settings

from scoring.management.commands import sim
from tests.sim.examples import NATIONWIDE_TRICKS, split_heats
from tests.sim.test_sim_command import write_heats
from tournaments.management import jsonfile

ROOT = Path(__file__).resolve().parents[2]
SLIPS = {
    "entrants": [1, 2, 3, 4],
    "deals": [{"deal": 1, "trump": "KC", "results": [{"table": 1, "ns": 1, "ew": 2, "ns_tricks": 8}]}],
}


def command(*args: str) -> str:
    """A command's output, run as ``manage.py`` runs it."""
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def nested(levels: int) -> str:
    """JSON of arrays nested ``levels`` deep."""
    return "[" * levels + "]" * levels


def test_a_json_file_at_the_size_limit_is_read_and_one_byte_more_is_refused_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    slips = tmp_path / "slips.json"
    slips.write_text(json.dumps(SLIPS, indent=2))
    monkeypatch.setattr(jsonfile, "JSON_FILE_MAX_BYTES", slips.stat().st_size)
    assert "Trick" in command("score", "trick", "--input", str(slips))
    slips.write_text(json.dumps(SLIPS, indent=2) + "\n")
    with pytest.raises(CommandError) as caught:
        command("score", "trick", "--input", str(slips))
    assert str(caught.value) == (
        f"{slips} is larger than {slips.stat().st_size - 1:,} bytes, the most a command reads "
        "(JSON_FILE_MAX_BYTES)"
    )


@pytest.mark.parametrize(
    "args", [("score", "trick"), ("movement", "balance"), ("movement", "x", "--results")]
)
def test_json_nested_past_the_depth_limit_is_one_sentence_for_every_command_that_reads_json(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    """Issue: a deeply nested file ended in a RecursionError's traceback; it is now refused unparsed."""
    deep = tmp_path / "deep.json"
    deep.write_text(nested(100_000))
    flag = () if args[-1] == "--results" else ("--input",)
    with pytest.raises(CommandError) as caught:
        command(*args, *flag, str(deep))
    assert str(caught.value) == (
        f"{deep} nests arrays and objects deeper than 16 levels (JSON_MAX_DEPTH); "
        "no file a command reads nests more than six"
    )


def test_json_at_the_depth_limit_is_parsed_and_one_level_more_is_refused(tmp_path: Path) -> None:
    at, past = tmp_path / "at.json", tmp_path / "past.json"
    at.write_text(nested(16))
    past.write_text(nested(17))
    with pytest.raises(CommandError) as caught:
        command("score", "trick", "--input", str(at))
    assert "deeper" not in str(caught.value), "parsed: the slips themselves are what is refused"
    with pytest.raises(CommandError, match="deeper than 16 levels"):
        command("score", "trick", "--input", str(past))


def test_standard_input_is_bounded_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(nested(5_000).encode())))
    with pytest.raises(CommandError, match="^- nests arrays and objects deeper than 16 levels"):
        command("score", "trick", "--input", "-")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(json.dumps(SLIPS).encode())))
    assert "Trick" in command("score", "trick", "--input", "-")


def test_a_file_that_is_not_utf8_is_one_sentence(tmp_path: Path) -> None:
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"name": "Caf\xe9"}')
    with pytest.raises(CommandError, match="is not UTF-8 text: byte 14 cannot be read"):
        command("score", "trick", "--input", str(latin))


def test_from_the_shell_a_deep_file_exits_with_one_line_and_no_traceback(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text(nested(100_000))
    done = subprocess.run(
        [sys.executable, "manage.py", "movement", "balance", "--input", str(deep)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.strip() == (
        f"CommandError: {deep} nests arrays and objects deeper than 16 levels (JSON_MAX_DEPTH); "
        "no file a command reads nests more than six"
    )


def test_a_heat_at_the_pbn_size_limit_is_read_and_one_byte_more_is_refused_unread(tmp_path: Path) -> None:
    """Issue: ``sim score`` read a heat whole, however large; it reads no more than the web would take."""
    [path] = write_heats(tmp_path, split_heats(1, NATIONWIDE_TRICKS, 1))
    size = Path(path).stat().st_size
    with override_settings(PBN_MAX_BYTES=size):
        assert "Club 1" in command("sim", "score", "trick", path)
    with override_settings(PBN_MAX_BYTES=size - 1), pytest.raises(CommandError) as caught:
        command("sim", "score", "trick", path)
    assert str(caught.value) == (
        f"{path}: larger than {size - 1:,} bytes, the most a PBN file may have (setting PBN_MAX_BYTES)"
    )
    assert caught.value.returncode == 2


def test_a_list_of_clubs_at_its_size_limit_is_read_and_one_byte_more_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    [path] = write_heats(tmp_path, split_heats(1, NATIONWIDE_TRICKS, 1))
    clubs = tmp_path / "clubs.txt"
    clubs.write_text("Club 1\nClub 2\n")
    monkeypatch.setattr(sim, "CLUBS_MAX_BYTES", clubs.stat().st_size)
    out, err = io.StringIO(), io.StringIO()
    call_command("sim", "score", "trick", path, "--clubs", str(clubs), stdout=out, stderr=err)
    assert "Club 2" in err.getvalue(), "the list is read: the club that has not sent is flagged"
    clubs.write_text("Club 1\nClub 2\n\n")
    with pytest.raises(CommandError) as caught:
        command("sim", "score", "trick", path, "--clubs", str(clubs))
    assert str(caught.value) == f"the list of clubs {clubs} is larger than 14 bytes (CLUBS_MAX_BYTES)"
