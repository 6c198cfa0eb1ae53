"""The coach: every legal option explained and ranked (options, hints), and the tips that held in play.

Nothing is imported here, so loading one module of the folder loads only what it needs.
"""
