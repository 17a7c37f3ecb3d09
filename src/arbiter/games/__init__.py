"""Pure rules engines, no I/O: ``toguz`` (Toguz Korgool) and ``go`` (Go, including pair go)."""
