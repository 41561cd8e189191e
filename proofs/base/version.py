"""The toolkit's version, in the bottom of the proofs package so that every layer may state it."""

__version__ = "0.6.1"
