"""The version, as a constant: the one place it is written (pyproject.toml reads it
through hatchling), so nothing at start-up asks ``importlib.metadata`` (~30 ms)."""

__version__ = "0.1.0"
