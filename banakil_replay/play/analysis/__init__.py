"""Looking back at a game: stepping through it, the judge and the review, drills, habits, tips and experiments.

Nothing is imported here, so loading one module of the folder loads only what it needs.
"""
