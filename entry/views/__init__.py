"""Views of entry: the tables' and phones' pages, and the director's running of the evening."""
