"""The ``banakil-replay`` command line: ``main`` parses and runs one command (see ``cli.main``)."""

from .main import main

__all__ = ["main"]
