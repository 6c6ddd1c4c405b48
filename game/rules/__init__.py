"""One module per game; each registers its `Rules` with `game.registry` when imported."""
