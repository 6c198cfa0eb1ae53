"""Worked examples from the rule sources, and a checker that recomputes them.

The data lives in ``worked_examples.json`` next to this file (package data,
read with importlib.resources); see :mod:`banakil_replay.examples.check`.
"""

from .check import ExampleResult, check_all, check_example, format_table, load_examples

__all__ = ["ExampleResult", "load_examples", "check_example", "check_all", "format_table"]
