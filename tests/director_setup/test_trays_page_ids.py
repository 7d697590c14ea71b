"""The trays page holds two upload forms, the deals' PBN file and a simultaneous event's pack: each input
has its own id, and each label points at its own input (the pack's label pointed at the PBN file)."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tournaments.models import Session

pytestmark = pytest.mark.django_db

ID = re.compile(r'\bid="([^"]+)"')
LABEL = re.compile(r'<label for="([^"]+)">([^<]*)</label>')


def labelled(page: str) -> dict[str, str]:
    """Each label's words -> the tag of the element its ``for`` names."""
    out = {}
    for target, words in LABEL.findall(page):
        found = re.search(rf'<[a-z]+ [^>]*\bid="{re.escape(target)}"[^>]*>', page)
        assert found, (words, target)
        out[words] = found.group(0)
    return out


def assert_one_id_each(page: str) -> None:
    twice = [i for i, n in Counter(ID.findall(page)).items() if n > 1]
    assert twice == [], twice


def test_each_upload_on_the_trays_page_has_its_own_id_and_label(
    director_client: Client, seated_session: Session
) -> None:
    page = director_client.get(reverse("director:trays", args=[seated_session.pk])).content.decode()
    assert 'id="sim-pack-form"' in page and "Import PBN" in page
    assert_one_id_each(page)
    inputs = labelled(page)
    assert 'name="file"' in inputs["PBN file"] and 'id="id_file"' in inputs["PBN file"]
    assert 'name="file"' in inputs["Pack file"] and 'id="id_pack_file"' in inputs["Pack file"]
    assert 'name="address"' in inputs["or the pack&#x27;s address"]


def test_a_refused_pack_shows_its_error_under_its_own_input(
    director_client: Client, seated_session: Session
) -> None:
    upload = SimpleUploadedFile("pack.json", b"not a pack", content_type="application/json")
    answer = director_client.post(
        reverse("director:trays_sim_pack", args=[seated_session.pk]), {"file": upload}
    )
    page = answer.content.decode()
    assert answer.status_code == 400
    assert_one_id_each(page)
    assert 'id="id_pack_file"' in labelled(page)["Pack file"]
