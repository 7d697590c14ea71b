"""Views of the scoring side: table pages (phones) and public pages."""
