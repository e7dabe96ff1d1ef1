"""The options of ``durak_lab.play()`` and ``durak_lab.learn()`` fail with a typed error and a sentence;
the play table's settings form takes any value a browser can send without raising.

The regressions: ``learn(lesson="nope")`` raised a bare KeyError, ``play(vs=None)`` a TypeError, and
the settings form raised on list or dict values (``{"preset": ["x"]}``: unhashable).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

import durak_lab
from durak_lab.lessons import LessonError
from durak_lab.session import SessionError
from durak_lab.widgets.play.settings import Settings


@pytest.mark.parametrize("options,words", [
    ({"vs": None}, "vs: write a bot level, or a list of one level per bot"),
    ({"vs": [1]}, "vs: write a bot level"),
    ({"preset": ["x"]}, "preset: write the name of a preset"),
    ({"preset": None}, "preset: write the name of a preset"),
    ({"speed": {}}, "speed: write slow, normal, fast or instant, not {}"),
    ({"players": "x"}, "players: write a whole number"),
    ({"players": None}, "players: write a whole number"),
    ({"seat": None}, "seat: write a whole number"),
    ({"humans": [2]}, "humans: write a whole number"),
    ({"seed": "abc"}, "seed: write a deal number, a whole number from 0 up, of at most 40 digits, not 'abc'"),
    ({"seed": 10 ** 5000}, "seed: write a deal number, a whole number from 0 up, of at most 40 digits, not a "
                           "number of more than 40 digits"),
    ({"deal": ["x"]}, "deal: write the class deal code the teacher gave you"),
    ({"deal": "x" * 5000}, "deal: write the class deal code"),
    ({"players": 99}, "a table has 2 to 8 players, not 99"),
])
def test_a_wrong_option_of_play_is_a_session_error_with_a_sentence(options, words):
    with pytest.raises(SessionError) as err:
        durak_lab.play(**options)
    assert isinstance(err.value, ValueError) and str(err.value).startswith(words)
    assert len(str(err.value)) < 300


def test_good_options_still_read_as_before():
    s = Settings.of(vs=["random", "tips"], players="3", seat="P2", seed="12", humans="1")
    assert (s.vs, s.players, s.seat, s.seed, s.humans) == (("random", "tips"), 3, 1, 12, 1)


def test_learn_names_the_lessons_when_there_is_no_such_lesson(tmp_path):
    with pytest.raises(LessonError) as err:
        durak_lab.learn(lesson="nope", progress_path=str(tmp_path / "progress.json"))
    assert str(err.value).startswith("lesson: There is no lesson “nope”. The lessons are: cards, ")
    player = durak_lab.learn(progress_path=str(tmp_path / "progress.json"))
    assert player.handle({"do": "open", "lesson": "nope"})["view"] == "menu"  # the menu stays as it is


_FORM_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True)
                            | st.text(max_size=8) | st.sampled_from(["podkidnoy", "tips", "P2", "7", "fast"])
                            | st.just(5000).map(lambda digits: "9" * digits),
                            lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=3), kids,
                                                                                    max_size=3),
                            max_leaves=6)
_KEYS = st.sampled_from(["vs", "preset", "players", "seat", "humans", "seed", "speed", "class_deal", "x"])


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(_KEYS, _FORM_VALUES, max_size=9))
def test_fuzz_the_settings_form_keeps_good_settings_whatever_it_is_sent(form):
    new = Settings.of(vs="random", players=3).from_form(form)
    assert 2 <= new.players <= 8 and 0 <= new.seat < new.players and 1 <= new.humans <= new.players
    assert new.preset in durak_lab.PRESETS and new.speed in ("slow", "normal", "fast", "instant")
    assert new.seed is None or 0 <= new.seed < 10 ** 40
    new.rules()
    new.kinds()


def test_the_settings_form_with_list_and_dict_values_keeps_the_old_ones():
    old = Settings.of(vs="random", players=3, seed=5)
    new = old.from_form({"vs": ["x"], "preset": ["podkidnoy"], "players": {"n": 4}, "seat": [1], "humans": {},
                         "seed": ["1"], "speed": {"fast": 1}, "class_deal": ["podkidnoy-2-tips-4817"]})
    assert (new.vs, new.preset, new.players, new.seat, new.speed) == (old.vs, old.preset, 3, 0, old.speed)
    assert new.notes and "is not a class deal code" in new.notes[0]
