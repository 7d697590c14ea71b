"""The reads of entry: where a table or entrant is, the phone's page, the director's board and calls."""
