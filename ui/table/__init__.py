"""The generic card table: draws any game from its observation, offers its legal actions and
animates its events. Nothing here decides a rule.

How it works:

- `Match` holds the rules state, the chairs (person or bot), the bots, undo and the history
  of events; it applies every action (the person's, the bots') and saves the match after
  each, on a writer thread (`Saver`) so that no frame waits for the disk; leaving the table
  waits for the last write. The scene asks it only what a seat sees and may do (`observation`,
  `legal_actions`, `to_act`), hands it actions (`act`) and takes the bots' (`poll`), so that a
  match played elsewhere can stand in its place.
- The viewer is the person whose decision is pending (hot-seat: a cover hides every hand until
  that person confirms), the only person at the table, or nobody (a spectator's public view).
  With several persons, a hand shows only while its person decides; while bots play the table
  shows the public view (`seating.choose` has the rule). Several persons choosing at
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
needs), each in a line:

- `scene`: TableScene, the wiring: the match to the eyes, the layout, the sprites and the
  frames; what an action shows (sounds, log, a trick held, the scene between hands);
- `match`: Match (state, chairs, bots, undo, history, tricks record, saving) and its Saver;
- `bots`: the bots' worker (their pace, the searchers' process, real-time reactions) and hints;
- `seating`: who looks at the table, and when the hot-seat cover hides it;
- `layout`: zones to boxes, seats on the ellipse, hand order, a taken trick held in view;
- `sprites`: a card on the table and its tweens, placed from the boxes and the events;
- `pointer`: drag, click and keys, turned into the action meant;
- `controls`: buttons, steppers and choosers for the actions that move no card;
- `words`: what the table says (actions, cards, seats, refusals, log lines, panel lines);
- `paint`: the table's own drawing (felt, cards, seats, won counts, panel);
- `status`: the status line; `overlays`: note, log, last trick, cover, the text helper.
"""
