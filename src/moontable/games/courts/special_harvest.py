"""Named effect steps for harvest cards that need more than the vocabulary (register with @step)."""
