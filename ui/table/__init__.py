"""The generic card table: draws any game from its observation, offers its legal actions and
animates its events. Nothing here decides a rule.

How it works:

- `Match` holds the rules state, the chairs (person or bot) and the bots; the table applies
  every action (the person's, the bots') and saves the match after each, on a writer thread
  (`Saver`) so that no frame waits for the disk; leaving the table waits for the last write.
- The viewer is the person whose decision is pending (hot-seat: a cover hides every hand until
  that person confirms), the only person at the table, or nobody (a spectator's public view).
  With several persons, a hand shows only while its person decides; while bots play the table
  shows the public view (`TableScene._choose_viewer` has the rule). Several persons choosing at
  once in private (not real time) take the screen one after the other.
- Seats sit on an ellipse with the viewer at the bottom, in the rules' direction of play (the
  Persian games turn anticlockwise, so the next seat is on the viewer's right). The seating is
  the real table's and does not mirror with the language; panels and text do.
- Every card is a `Sprite` keyed by identity: its code where the viewer may see it, else
  ``(zone, index)`` — a face-down card carries no identity. After each action the observation
  is laid out again and every sprite tweens to its new place; a sprite that is new starts at the
  zone the events say its card came from, so dealing, playing and collecting are all animated.
- Input: drag a card to a zone (legal targets light up), or click a card and then a target;
  buttons for the actions that move no card; keyboard: arrows choose, Enter plays, Esc pauses.
  An illegal drop slides back and shows the engine's reason.
- Bots think on a worker thread, one at a time, and their moves are paced by the bot-pace
  setting. In a real-time game (Clumsy Thief) every bot reacts on its own timer.
- Frames that lay nothing out draw ahead, within a budget, the cards of the game and the fonts
  of the scenes between hands, so that a card or a sheet seen for the first time costs no frame.

The rooms (the package itself imports none of them, so that taking one takes only what it
needs): `scene` (TableScene: wiring, input, the table's own drawing), `match` (Match and
its Saver), `layout` (Layout, ZoneBox, seat placement, hand order), `sprites` (Sprite, tweens), `controls`
(buttons for the actions that move no card), `bots` (the worker thread and its pacing),
`overlays` (note, log, last trick, hot-seat cover, the text helper).
"""
