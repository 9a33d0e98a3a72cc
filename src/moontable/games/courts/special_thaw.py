"""Named effect steps for thaw cards that need more than the vocabulary (register with @step)."""
