"""Search: the meld candidates of a hand, the best partition of it into melds, and going out this turn.

Nothing is imported here, so loading one module of the folder loads only what it needs.
"""
