"""Services of entry: results in, corrections, the director's decisions, calls and closing."""
