"""The rules of the card table: pure Python, no pygame, no I/O, no clock.

`game.core` holds the contract every game follows (`Rules`, `State`, `Action`, `IllegalAction`);
`game.registry` finds the games; `game.cards` the card systems; `game.rules` one module per game;
`game.bots` the bots, which see only their seat's observation.
"""
