"""moontable: an online table for four moon card games, with verifiable randomness."""

__version__ = "0.1.0"
