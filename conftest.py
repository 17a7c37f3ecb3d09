"""Root pytest configuration: doctests run over src/, except the entry point."""

collect_ignore = ["src/arbiter/__main__.py"]
