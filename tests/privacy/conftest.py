"""The privacy tests' fixtures: the whist drive's (a roster of ladies and gentlemen, drives from it)."""

from tests.drive.conftest import drive_of, roster  # noqa: F401
