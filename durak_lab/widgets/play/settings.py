"""The play table's settings: bot levels, rules preset, players, seats, the deal, bot speed, coach.

:class:`Settings` checks the options of :func:`durak_lab.play` (a wrong one raises
:class:`~durak_lab.session.SessionError` with a sentence naming the option) and reads the
settings form of the table (a value it cannot use, of any type, keeps the old one);
:func:`settings_json` is what the form shows.
Standard library only.

>>> Settings.of(vs="endgame", players=3).kinds()
['human', 'endgame', 'endgame']
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Optional, Sequence, Union

from ...bots import TABLE_LEVELS
from ...engine.errors import DurakError
from ...engine.reading import brief
from ...engine.moves import parse_seat, seat_text
from ...engine.rules import PRESETS, Rules
from ...session import SessionError, most_players, seat_kinds
from ...session.class_deal import ClassDeal, ClassDealError
from ...text.messages import say

__all__ = ["Settings", "SPEEDS", "LEVELS", "settings_json"]

#: Bot speeds: the pause before each bot move, in milliseconds.
SPEEDS = {"slow": 2000, "normal": 1000, "fast": 400, "instant": 0}
#: The bot levels, weakest first.
LEVELS = TABLE_LEVELS
#: The largest deal number (seed) the table takes (40 digits, as records), and the longest class deal code.
MAX_SEED, MAX_CODE = 10 ** 40 - 1, 200


@dataclass
class Settings:
    """The table's options: bot levels, rules preset, players, the person's seat (0-based),
    people at the screen, the deal's seed (None: a new deal), bot speed, coach."""

    vs: tuple = ("tips",)
    preset: str = "podkidnoy"
    players: int = 2
    seat: int = 0
    humans: int = 1
    seed: Optional[int] = None
    speed: str = "normal"
    coach: bool = False
    notes: list = field(default_factory=list, compare=False)
    #: R4: a deal of 5 cards of one suit or 6 of one colour may ask for a new deal (the table asks).
    redeal: bool = False
    #: The class deal played (:class:`~durak_lab.session.class_deal.ClassDeal`), or None.
    class_deal: Optional[ClassDeal] = None

    @classmethod
    def of(cls, vs: Union[str, Sequence[str]] = "tips", players: int = 2, preset: str = "podkidnoy",
           seat: Union[int, str] = 0, seed: Optional[int] = None, coach: bool = False, speed: str = "normal",
           humans: int = 1, redeal: bool = False, deal: Optional[str] = None) -> "Settings":
        """Checked settings from :func:`durak_lab.play`'s options (``seat`` 0-based or ``"P2"``);
        ``deal`` a class deal code, which sets the rules, the players, the bots and the deal, with
        the person at P1 (:mod:`durak_lab.session.class_deal`).

        >>> Settings.of(deal="perevodnoy-3-tips-77").rules().transfer, Settings.of(deal="perevodnoy-3-tips-77").seed
        (True, 77)

        >>> Settings.of(vs=["random", "tips"], players=3, seat="P2").seat
        1
        >>> Settings.of(speed="warp")
        Traceback (most recent call last):
        ...
        durak_lab.session.play.SessionError: speed: write slow, normal, fast or instant, not 'warp'
        >>> Settings.of(vs=None)
        Traceback (most recent call last):
        ...
        durak_lab.session.play.SessionError: vs: write a bot level, or a list of one level per bot (random, beginner, tips, greedy, endgame, search, expert), not None
        """
        if deal is not None:
            if not isinstance(deal, str) or len(deal) > MAX_CODE:
                raise SessionError(say("option-deal", value=_shown(deal)))
            return cls.of_deal(ClassDeal.parse(deal), speed=speed, coach=coach)
        if isinstance(vs, str):
            levels: tuple = (vs,)
        elif isinstance(vs, (list, tuple)) and all(isinstance(v, str) for v in vs):
            levels = tuple(vs)
        else:
            raise SessionError(say("option-vs", value=_shown(vs), levels=", ".join(LEVELS)))
        if not isinstance(preset, str) or preset not in PRESETS:
            raise SessionError(say("option-preset", value=_shown(preset), presets=", ".join(PRESETS)))
        if not isinstance(speed, str) or speed not in SPEEDS:
            raise SessionError(say("option-speed", value=_shown(speed)))
        fixed = PRESETS[preset].get("players")
        players = fixed or _whole("players", players, 99)
        seat_no = parse_seat(seat, 8) if isinstance(seat, str) else _whole("seat", seat, 99)
        people = _whole("humans", humans, 99)
        if not 1 <= people <= players:
            raise SessionError(say("option-humans", players=players, value=_shown(humans)))
        settings = cls(levels or ("tips",), preset, players, seat_no, people,
                       None if seed is None else _whole("seed", seed, MAX_SEED), speed, bool(coach),
                       redeal=bool(redeal))
        seat_kinds(players, settings.vs, seat_no, settings.humans)  # raises SessionError (a ValueError)
        return settings

    @classmethod
    def of_deal(cls, deal: ClassDeal, speed: str = "normal", coach: bool = False) -> "Settings":
        """The settings of a class deal: its rules, players, bots and deal, the person at P1."""
        settings = cls.of(vs=deal.vs, players=deal.players, preset=deal.preset, seat=0, seed=deal.seed,
                          speed=speed, coach=coach)
        settings.class_deal = deal
        settings.notes = [say("class-deal-playing", code=deal.code)]
        return settings

    def rules(self) -> Rules:
        """The rules of these settings."""
        extra = {"redeal": True} if self.redeal else {}  # R4, asked at the deal
        if PRESETS[self.preset].get("players"):
            return Rules.preset(self.preset, **extra)
        return Rules.preset(self.preset, players=self.players, **extra)

    def kinds(self) -> list:
        """Each seat's kind (see :func:`~durak_lab.session.seat_kinds`)."""
        vs = self.vs if len(self.vs) in (1, self.players - self.humans) else self.vs[:1]
        return seat_kinds(self.players, vs, self.seat, self.humans)

    def from_form(self, form: dict) -> "Settings":
        """These settings changed by the settings form's values (bad values keep the old ones)."""
        code = form.get("class_deal", "") or ""
        code = code.strip() if isinstance(code, str) else say("option-unreadable")  # a list, a dict…
        if len(code) > MAX_CODE:
            code = code[:MAX_CODE] + "…"  # too long for a code: said back cut, never parsed
            return replace(self, notes=[say("class-deal-bad", code=code)])
        if code:
            try:
                return Settings.of_deal(ClassDeal.parse(code), speed=self.speed, coach=self.coach)
            except ClassDealError:
                kept = replace(self, notes=[say("class-deal-bad", code=code)])
                return kept
        new = replace(self, notes=[], class_deal=None)
        vs = form.get("vs")
        if isinstance(vs, str) and vs in LEVELS:
            new.vs = (vs,)
        preset = form.get("preset")
        if isinstance(preset, str) and preset in PRESETS:
            new.preset = preset
        new.players = _int_in(form.get("players"), 2, 8, self.players)
        fixed = PRESETS[new.preset].get("players")
        if fixed and fixed != new.players:
            new.notes.append(say("players-fixed", count=fixed))
            new.players = fixed
        most = most_players(new.preset)  # 7 and 8 players need the low ranks (R5)
        if new.players > most:
            new.notes.append(say("players-most", count=most))
            new.players = most
        seat = form.get("seat")
        if isinstance(seat, str):
            try:
                new.seat = parse_seat(seat, 8)
            except DurakError:
                pass
        else:
            new.seat = _int_in(seat, -99, 99, new.seat)
        new.seat = min(max(new.seat, 0), new.players - 1)
        new.humans = _int_in(form.get("humans"), 1, new.players, min(self.humans, new.players))
        seed = _int_in(form.get("seed", ""), 0, MAX_SEED, -1)
        new.seed = None if seed < 0 else seed  # not a deal number (nor empty): a new deal
        speed = form.get("speed")
        if isinstance(speed, str) and speed in SPEEDS:
            new.speed = speed
        return new


def _int_in(value: Any, low: int, high: int, default: int) -> int:
    """``value`` (an int, or a text of ASCII digits) if it is a whole number from ``low`` to ``high``,
    else ``default``: whatever a form sends (a list, a dict, a text of 5,000 digits) never raises."""
    if isinstance(value, str):
        t = value.strip()
        if not (t.isascii() and t.isdigit()) or len(t) > len(str(high)):
            return default
        value = int(t)
    if isinstance(value, float) and value.is_integer() and abs(value) <= high:
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        return default
    return value if low <= value <= high else default


def _whole(option: str, value: Any, high: int) -> int:
    """A whole-number option of :meth:`Settings.of`: an int or a text of digits, at most ``high``;
    else :class:`SessionError` naming the option (the ranges themselves are checked by the table)."""
    n = _int_in(value, 0, high, -1)
    if n < 0 and option == "seed":
        raise SessionError(say("option-seed", value=_shown(value)))
    if n < 0:
        raise SessionError(say("option-whole", option=option, value=_shown(value), most=high))
    return n


def _shown(value: Any) -> str:
    """A value as an option's message quotes it, cut to 40 characters."""
    if isinstance(value, int) and value.bit_length() > 128:  # repr() refuses past 4,300 digits
        return say("option-large")
    return brief(value)


def settings_json(st: Settings) -> dict:
    """The settings form's values and choices, for the JavaScript."""
    levels = [[lv, _words(_LEVEL_KEYS, lv)] for lv in LEVELS]
    vs = st.vs[0] if len(set(st.vs)) == 1 else "mixed"
    if vs not in LEVELS and vs != "mixed":  # another bot of BOTS, chosen by name in durak_lab.play
        levels.append([vs, vs])
    if vs == "mixed":
        levels.append(["mixed", say("level-mixed", levels=", ".join(st.vs))])
    people = [[n, say("people-one") if n == 1 else say("people-many", count=n)] for n in range(1, 9)]
    return {
        "values": {"vs": vs, "preset": st.preset, "players": st.players, "seat": st.seat,
                   "humans": st.humans, "seed": "" if st.seed is None else str(st.seed),
                   "speed": st.speed, "class_deal": st.class_deal.code if st.class_deal else ""},
        "choices": {"vs": levels, "preset": [[k, _words(_PRESET_KEYS, k)] for k in PRESETS],
                    "players": [[n, str(n)] for n in range(2, 9)],
                    "seat": [[n, seat_text(n)] for n in range(8)], "humans": people,
                    "speed": [[k, _words(_SPEED_KEYS, k)] for k in SPEEDS]},
        "fixed": {k: v["players"] for k, v in PRESETS.items() if "players" in v},
    }


#: The message key of each bot level, speed and preset, worded when the form is drawn (never at import).
_LEVEL_KEYS = {"random": "level-random", "beginner": "level-beginner", "tips": "level-tips", "greedy": "level-greedy",
               "endgame": "level-endgame", "search": "level-search", "expert": "level-expert"}
_SPEED_KEYS = {"slow": "speed-slow", "normal": "speed-normal", "fast": "speed-fast", "instant": "speed-instant"}
#: Each preset's key (a preset added later shows its name until it has words in the catalogue).
_PRESET_KEYS = {
    "podkidnoy": "preset-podkidnoy", "classic": "preset-classic", "perevodnoy": "preset-perevodnoy",
    "perevodnoy_show": "preset-perevodnoy-show", "neighbours": "preset-neighbours",
    "by_turns": "preset-by-turns", "simple": "preset-simple", "pairs": "preset-pairs",
    "pairs_he": "preset-pairs-he", "finnish": "preset-finnish", "he_hand": "preset-he-hand",
    "unlimited": "preset-unlimited", "doker": "preset-doker", "pushing": "preset-pushing",
    # the defender chooses the cards to beat (R13)
    "unlimited_choice": "preset-unlimited-choice", "finnish_choice": "preset-finnish-choice",
}


def _words(keys: dict, name: str) -> str:
    key = keys.get(name)
    return say(key) if key else name.replace("_", " ")
