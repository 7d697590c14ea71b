"""Services of the scoring side: results in, standings out."""
