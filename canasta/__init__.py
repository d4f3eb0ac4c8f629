"""Canasta: the rules engine (this package), computer players (`canasta.ai`), the window (`canasta.ui`)
and the application around them (`canasta.app`)."""

__version__ = "0.1.0"
