"""The play engine: a minimal faithful Starmada Unity game (play.md, weapons.md) and Monte Carlo match-ups."""
