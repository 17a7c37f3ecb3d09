"""Game records: the federation's Toguz Korgool notation, PlayOK's export, FENs, SGF, JSON."""
