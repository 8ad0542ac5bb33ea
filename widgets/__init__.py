"""The Jupyter face of cardlib: one board widget, the lesson runner and the game app."""
