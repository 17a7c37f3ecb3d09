"""Computer players: the Toguz Korgool search and bridges to external engines."""
