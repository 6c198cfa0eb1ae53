"""A game at the table: the session that deals, asks and appends, and the typed commands it reads.

Nothing is imported here, so loading one module of the folder loads only what it needs.
"""
