"""Views of scoring: the public's pages and exports."""
