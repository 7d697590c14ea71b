"""Services of scoring: the standings computed and stored (a recompute's turn and its one lock)."""
