"""Bots: their names (read by --help without loading them), the simple bots and self-play, the playout
policy and the Monte Carlo expert.

Nothing is imported here, so loading one module of the folder loads only what it needs.
"""
