"""The sub-commands of ``arbiter``, one module per area (``toguz``, ``go``, ``event``, ...)."""
