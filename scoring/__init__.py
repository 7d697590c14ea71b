"""Traveling slips, scores and standings; the table pages and the published pages."""
