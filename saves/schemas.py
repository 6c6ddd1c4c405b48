"""The kinds of save file, what each must hold, and how older versions are upgraded.

- ``settings.json`` (`SETTINGS`, version 2): ``{"lang": "fa"|"en"|"ar", "anim_speed": number
  in (0, 10], "bot_pace": number in (0, 10], "sound": bool, "colorblind": bool, "fullscreen":
  bool, "setup": each game's last chairs and options (`check_setups`), the table's look and
  voice (`check_looks`): "back" a card back 0..`BACKS`-1, "felt" 0..`FELTS`-1, "face" one of
  `FACES`, "speech" bool, and "invite_mailbox" and "invite_relay": the rendezvous and relay of
  invitations over the internet (null or missing: the public ones), "invite_direct": the
  addresses they offer for a direct link (``any``, ``loopback`` or ``relay``:
  `net.invite.LinkSettings`), "server": the table server Play online uses (null or missing:
  the default; `net.servers.server_url` gives the form), and how the table plays a person's
  cards (`check_play`): "forced_card" bool, "hand_order" one of `HAND_ORDERS`}`` plus any
  further JSON keys the table keeps. Missing keys take the defaults. Version 1, the first
  format, called the language ``language`` and the animation speed ``animation_speed`` and had
  no bot pace; `settings_v1_to_v2` renames both and adds ``bot_pace`` 1.0.
- ``profiles.json`` (`PROFILES`, version 1): ``{"profiles": [name, ...]}``, the names used at
  the table, each non-empty, trimmed, at most `NAME_MAX` characters, no two equal ignoring case.
  A settings file with some bad entries keeps the others (`salvage_settings`): a bad value of
  a setting, a game's remembered setup, one of its chairs or its options are left out alone.
- ``profiles.json`` keeps its good names the same way (`salvage_profiles`).
- ``matches/<game>.json`` (`MATCH`, version 2): the match of that game in progress, one per
  game, ``{"game": id, "state": State.to_dict(), "seats": [...], "options": {...}, "seed": int,
  "saved": ISO time, ...}`` as the table gives it; on load the state must be restored by
  ``game.registry.load`` to the same dict. Version 1 was the one ``match.json`` of the first
  format, for whichever game was played last; its data is the same, and it is moved into its
  game's file (`match_v1_to_v2`, `saves.Saves`).
- ``scores/<game>.json`` (`scores_schema`, version 1), the history's first format, now read
  only to move it into ``history.sqlite`` (`saves.history`): ``{"game": id, "matches":
  [record, ...]}`` oldest first; a record is ``{"date": ISO time, "players": [name per seat],
  "result": State.result()}`` with the result as the rules gave it (``winners``, ``points``,
  maybe ``teams`` and ``sheet`` ``{"columns": [...], "rows": [[...], ...]}``) and the table's
  ``replay`` of the last deal (``[[[seat, card], ...], taker]`` per trick), and ``"match_id"``:
  the table's id for the match, or one of the record's own (records written before had none).
"""

from __future__ import annotations

import re
from typing import Any

from game import registry
from saves.store import Schema

LOOKS: dict[str, Any] = {"back": 0, "felt": 0, "face": "standard", "speech": False}
"""The settings of the table's look and voice, and their defaults (`check_looks`)."""
PLAY: dict[str, Any] = {"forced_card": True, "hand_order": "suit"}
"""The settings of how the table plays a person's cards, and their defaults (`check_play`)."""
DEFAULT_SETTINGS: dict[str, Any] = {"lang": "fa", "anim_speed": 1.0, "bot_pace": 1.0,
                                    "sound": True, "colorblind": False, "fullscreen": False,
                                    **LOOKS, **PLAY}
BACKS, FELTS = 5, 5
"""How many card backs (`ui.backs.BACKS`) and felts (`ui.felt.FELTS`) the table draws."""
FACES = ("standard", "large")
"""The card faces: today's, and large indices for players who see less well."""
HAND_ORDERS = ("suit", "trump", "colours", "rank")
"""How a person's hand is sorted (`ui.table.layout.sort_hand`): by suit and rank, trump first,
suits of alternating colours, by rank."""
LANGS = ("fa", "en", "ar")
INVITE_DIRECT = ("any", "loopback", "relay")
"""The addresses an invitation's link offers for a direct connection (`net.invite`): every
address, 127.0.0.1 alone, or none (through the relay only)."""
CHAIR_KINDS = ("person", "bot", "remote", "internet")
"""The setup's chairs: a person at this screen, a bot, a player on this network, a friend
invited over the internet."""
NAME_MAX = 40
GAME_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")


def check_settings(data: Any) -> dict[str, Any]:
    """The settings with defaults filled in; ValueError names a bad value."""
    if not isinstance(data, dict):
        raise ValueError("settings must be a JSON object")
    out = {**DEFAULT_SETTINGS, **data}
    if out["lang"] not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}, not {out['lang']!r}")
    for key in ("anim_speed", "bot_pace"):
        value = out[key]
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 10:
            raise ValueError(f"{key} must be a number above 0 and at most 10, not {value!r}")
    for key in ("sound", "colorblind", "fullscreen"):
        if not isinstance(out[key], bool):
            raise ValueError(f"{key} must be true or false, not {out[key]!r}")
    for key, scheme in (("invite_mailbox", ("ws://", "wss://")), ("invite_relay", ("tcp:",)),
                        ("server", ("ws://", "wss://"))):
        value = out.get(key)
        if value is not None and not (isinstance(value, str) and value.startswith(scheme)
                                      and len(value) <= 200):
            raise ValueError(f"{key} must be null or an address starting {' or '.join(scheme)}"
                             f", not {value!r}")
    if out.get("invite_direct", "any") not in INVITE_DIRECT:
        raise ValueError(f"invite_direct must be one of {', '.join(INVITE_DIRECT)}, not "
                         f"{out['invite_direct']!r}")
    if "setup" in out:
        check_setups(out["setup"])
    check_looks(out)
    check_play(out)
    return out


def check_looks(settings: dict[str, Any]) -> None:
    """The look and the voice: ``back`` and ``felt`` are whole numbers counting the table's
    backs and felts from 0, ``face`` a name of `FACES`, ``speech`` (read the table aloud)
    true or false; ValueError names a bad one."""
    for key, count in (("back", BACKS), ("felt", FELTS)):
        value = settings[key]
        if type(value) is not int or not 0 <= value < count:
            raise ValueError(f"{key} must be a whole number from 0 to {count - 1}, not {value!r}")
    if settings["face"] not in FACES:
        raise ValueError(f"face must be one of {', '.join(FACES)}, not {settings['face']!r}")
    if not isinstance(settings["speech"], bool):
        raise ValueError(f"speech must be true or false, not {settings['speech']!r}")


def check_play(settings: dict[str, Any]) -> None:
    """How the table plays a person's cards: ``forced_card`` (a person's only legal card is
    played for them) true or false, ``hand_order`` a name of `HAND_ORDERS`; ValueError names a
    bad one."""
    if not isinstance(settings["forced_card"], bool):
        raise ValueError(f"forced_card must be true or false, not {settings['forced_card']!r}")
    if settings["hand_order"] not in HAND_ORDERS:
        raise ValueError(f"hand_order must be one of {', '.join(HAND_ORDERS)}, "
                         f"not {settings['hand_order']!r}")


def check_setups(setups: Any) -> None:
    """``setup``: what each game was last set to, ``{game id: {"chairs": [{"kind": "person" |
    "bot" | "remote" | "internet", "name": a player's name, "level": text}, ...], "options":
    {...}}}`` (``remote``: a player on this network; ``internet``: a friend invited with a
    code), the
    whole of what the setup scene reads back (a value it cannot use is refused here, not by a
    crash)."""
    if not isinstance(setups, dict):
        raise ValueError(f"setup must be a JSON object, not {setups!r}")
    for game_id, last in setups.items():
        check_game_id(game_id)
        if not isinstance(last, dict) or not isinstance(last.get("chairs", []), list) \
                or not isinstance(last.get("options", {}), dict):
            raise ValueError(f"setup of {game_id} must be {{\"chairs\": [...], \"options\": "
                             f"{{...}}}}, not {last!r}")
        for chair in last.get("chairs", []):
            check_chair(game_id, chair)


def check_chair(game_id: str, chair: Any) -> None:
    """One chair of a game's remembered setup: its kind, its name and its level."""
    if not isinstance(chair, dict) or not isinstance(chair.get("level"), str) \
            or chair.get("kind") not in CHAIR_KINDS:
        raise ValueError(f"a chair of {game_id} is a person, a bot, a player on the network "
                         f"or over the internet, with a level, not {chair!r}")
    check_name(chair.get("name"))


def salvage_settings(data: Any) -> tuple[dict[str, Any], list[str]]:
    """What of settings `check_settings` refused can be kept: every setting whose value is
    good, every game's setup whose chairs and options are (a bad chair or bad options are left
    out alone); and the entries left out, named ``anim_speed``, ``setup``, ``setup.<game>``,
    ``setup.<game>.chair.<n>`` (n from 1), ``setup.<game>.chairs`` or ``setup.<game>.options``.
    ValueError if the settings are not a JSON object."""
    if not isinstance(data, dict):
        raise ValueError("settings must be a JSON object")
    kept: dict[str, Any] = {}
    left_out: list[str] = []
    for key, value in data.items():
        if key == "setup":
            setups, refused = salvage_setups(value)
            left_out += refused
            if setups is not None:
                kept[key] = setups
            continue
        try:
            check_settings({key: value})
        except ValueError:
            left_out.append(key)
        else:
            kept[key] = value
    return kept, left_out


def salvage_setups(setups: Any) -> tuple[dict[str, Any] | None, list[str]]:
    """The usable part of the settings' ``setup`` (`check_setups`) and the entries left out
    (`salvage_settings`); None for a ``setup`` that is not a JSON object."""
    if not isinstance(setups, dict):
        return None, ["setup"]
    kept: dict[str, Any] = {}
    left_out: list[str] = []
    for game_id, last in setups.items():
        try:
            check_game_id(game_id)
        except ValueError:
            left_out.append(f"setup.{game_id}")
            continue
        if not isinstance(last, dict):
            left_out.append(f"setup.{game_id}")
            continue
        good = dict(last)
        chairs = last.get("chairs", [])
        if isinstance(chairs, list):
            good["chairs"] = []
            for n, chair in enumerate(chairs, 1):
                try:
                    check_chair(game_id, chair)
                except ValueError:
                    left_out.append(f"setup.{game_id}.chair.{n}")
                else:
                    good["chairs"].append(chair)
        else:
            del good["chairs"]
            left_out.append(f"setup.{game_id}.chairs")
        if not isinstance(last.get("options", {}), dict):
            del good["options"]
            left_out.append(f"setup.{game_id}.options")
        kept[game_id] = good
    return kept, left_out


def settings_v1_to_v2(data: Any) -> Any:
    """Version 1 -> 2: ``language`` -> ``lang``, ``animation_speed`` -> ``anim_speed``, add
    ``bot_pace``."""
    if not isinstance(data, dict):
        raise ValueError("settings must be a JSON object")
    out = dict(data)
    for old, new in (("language", "lang"), ("animation_speed", "anim_speed")):
        if old in out:
            out[new] = out.pop(old)
    out.setdefault("bot_pace", 1.0)
    return out


def check_name(name: Any) -> str:
    """A player's name, trimmed; ValueError if empty, too long or not text."""
    if not isinstance(name, str) or not name.strip():
        raise ValueError("a player's name must be some text")
    text: str = name.strip()
    if len(text) > NAME_MAX:
        raise ValueError(f"a player's name has at most {NAME_MAX} characters")
    return text


def check_profiles(data: Any) -> dict[str, list[str]]:
    if not isinstance(data, dict) or not isinstance(data.get("profiles"), list):
        raise ValueError("expected {\"profiles\": [names]}")
    names = [check_name(n) for n in data["profiles"]]
    if len({n.casefold() for n in names}) != len(names):
        raise ValueError("a name appears twice")
    return {"profiles": names}


def salvage_profiles(data: Any) -> tuple[dict[str, list[str]], list[str]]:
    """The good names of a names file `check_profiles` refused (each once, the first kept) and
    the names left out, as ``name.<n>`` (n from 1); ValueError if it holds no list of names."""
    if not isinstance(data, dict) or not isinstance(data.get("profiles"), list):
        raise ValueError("expected {\"profiles\": [names]}")
    kept: list[str] = []
    left_out: list[str] = []
    for n, name in enumerate(data["profiles"], 1):
        try:
            name = check_name(name)
        except ValueError:
            left_out.append(f"name.{n}")
            continue
        if name.casefold() in (k.casefold() for k in kept):
            left_out.append(f"name.{n}")
        else:
            kept.append(name)
    return {"profiles": kept}, left_out


def check_match_shape(match: Any) -> dict[str, Any]:
    """A match dict as the table saves it: a game id and that game's state dict."""
    if not isinstance(match, dict):
        raise ValueError("a match must be a JSON object")
    game, state = match.get("game"), match.get("state")
    if not isinstance(game, str) or not isinstance(state, dict) or state.get("game") != game:
        raise ValueError("a match needs \"game\" and a \"state\" of that game")
    return match


def match_v1_to_v2(data: Any) -> Any:
    """Version 1 -> 2: the same match; only where it is kept changed (one file per game)."""
    return check_match_shape(data)


def check_match(match: Any) -> dict[str, Any]:
    """The shape, and the state restores exactly: ``game.registry.load`` accepts it (it writes
    the same dict back, so a lenient restore cannot hide damage, and plays on in trial)."""
    shaped = check_match_shape(match)
    try:
        registry.load(shaped["state"])
    except Exception as e:  # a rules module may refuse a state in any way it likes
        raise ValueError(f"the {shaped['game']} game cannot be restored ({e!r})") from e
    return shaped


def check_game_id(game_id: Any) -> str:
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        raise ValueError(f"not a game id: {game_id!r}")
    return game_id


def check_record(record: Any) -> dict[str, Any]:
    """One finished match: date, players and a result whose winners and points fit them."""
    if not isinstance(record, dict) or not isinstance(record.get("date"), str):
        raise ValueError("a record needs a date")
    players, result = record.get("players"), record.get("result")
    if not isinstance(players, list) or not players:
        raise ValueError("a record needs its players")
    for name in players:
        check_name(name)
    check_result(result, len(players))
    if not isinstance(record.get("match_id", ""), str):
        raise ValueError("a match id is text")
    return record


def check_result(result: Any, seats: int) -> dict[str, Any]:
    """``State.result()``: ``winners`` (seats), ``points`` (per seat), maybe a ``sheet``."""
    if not isinstance(result, dict):
        raise ValueError("a result must be a JSON object")
    winners, points = result.get("winners"), result.get("points")
    if (not isinstance(winners, list)
            or not all(type(w) is int and 0 <= w < seats for w in winners)):
        raise ValueError(f"winners must be seats 0..{seats - 1}")
    if (not isinstance(points, list) or len(points) != seats
            or not all(isinstance(p, (int, float)) and not isinstance(p, bool) for p in points)):
        raise ValueError(f"points must be {seats} numbers, one per seat")
    sheet = result.get("sheet")
    if sheet is not None and (not isinstance(sheet, dict)
                              or not isinstance(sheet.get("columns"), list)
                              or not isinstance(sheet.get("rows"), list)
                              or not all(isinstance(r, list) for r in sheet["rows"])):
        raise ValueError("a sheet is {\"columns\": [...], \"rows\": [[...], ...]}")
    replay = result.get("replay")
    if replay is not None and not is_replay(replay):
        raise ValueError("a replay is [[[seat, card], ...], taker] per trick")
    return result


def is_replay(replay: Any) -> bool:
    """Whether ``replay`` is ``[[[seat, card], ...], taker]`` per trick (the taker a seat or
    None). Plain loops: every record read from the history passes here."""
    if type(replay) is not list:
        return False
    for trick in replay:
        if type(trick) is not list or len(trick) != 2 or type(trick[0]) is not list \
                or not (trick[1] is None or type(trick[1]) is int):
            return False
        for play in trick[0]:
            if type(play) is not list or len(play) != 2 or type(play[0]) is not int \
                    or type(play[1]) is not str:
                return False
    return True


def scores_schema(game_id: str) -> Schema:
    """The schema of ``scores/<game_id>.json``: that game's finished matches."""

    def check(data: Any) -> dict[str, Any]:
        if not isinstance(data, dict) or data.get("game") != game_id:
            raise ValueError(f"expected the matches of {game_id}")
        if not isinstance(data.get("matches"), list):
            raise ValueError("expected a list of matches")
        return {"game": game_id, "matches": [check_record(r) for r in data["matches"]]}

    return Schema("scores", 1, "Score sheets and statistics",
                  f"the {game_id} score sheets and statistics start empty", check)


SETTINGS = Schema("settings", 2, "Settings", "the default settings are used", check_settings,
                  {1: settings_v1_to_v2}, salvage_settings)
PROFILES = Schema("profiles", 1, "Player list", "the list of players starts empty",
                  check_profiles, salvage=salvage_profiles)
MATCH = Schema("match", 2, "Game in progress", "there is no game to continue", check_match,
               {1: match_v1_to_v2})
VERSIONS = {s.kind: s.version for s in (SETTINGS, PROFILES, MATCH)}
"""The schema version of each kind of JSON file, for selftest (the history's is
`saves.history.VERSION`)."""
