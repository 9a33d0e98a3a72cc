"""Named effect steps for bloom cards that need more than the vocabulary (register with @step)."""
