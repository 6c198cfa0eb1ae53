"""Playing: the legal options at any state with reasons and ranks, hints, the go-out solver, bots, reviews,
and the replay stepper's model (position, seat view, quiz)."""
