"""Lesson steps whose ``position`` is a position text changed by hand (issue 35): ``load_lesson`` and
``durak-lab lessons check`` either accept the lesson or give a LessonError naming the step, never
another exception, and never "ok" for a step asking who acts where nobody can act.

The texts are positions of seeded games, changed the way a teacher edits one: a role, a flag, who
passed, a card moved between hands, the discard and the table, a field dropped or typed wrong.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

from durak_lab.cli import main
from durak_lab.engine.errors import DurakError
from durak_lab.engine.notation import position_text
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position
from durak_lab.lessons import Lesson, LessonError, load_lesson

#: Examples tried per run (the closing note of issue 35 counts them).
EXAMPLES = 300
COVERING = json.loads((Path(__file__).parent / "fixtures" / "covering.json").read_text(encoding="utf-8"))
CHECKS = ["to-act", "to-act", "to-act", "leader", "defender", "lowest-trump", "durak"]


def _texts() -> list:
    out = []
    for preset, players in (("podkidnoy", 2), ("perevodnoy", 3), ("by_turns", 4), ("pairs", 4),
                            ("simple", 2), ("neighbours", 3), ("pushing", 3)):
        rng = random.Random(players * 7)
        try:
            p = Position.deal(Rules.preset(preset, players=players), rng)
        except DurakError:
            continue
        for _ in range(50):
            out.append(position_text(p))
            if p.is_over:
                break
            p = p.play(rng.choice(p.legal_moves()))
    return out


TEXTS = _texts()


def _mutate(text: str, rng: random.Random) -> str:
    """One change a person could make by hand."""
    head, *tokens = text.split(" ")
    fields = {t.partition("=")[0]: t.partition("=")[2] for t in tokens if "=" in t}
    flags = [t for t in tokens if "=" not in t]
    if not fields:
        return text
    seats = [f"P{i + 1}" for i in range(len(fields.get("hands", "-").split("|")))]
    k = rng.randrange(9 if "hands" in fields else 5)
    if k == 0:
        fields[rng.choice(["lead", "def"])] = rng.choice(seats + ["P9", "P0", "x"])
    elif k == 1:
        flag = rng.choice(["take", "first", "swap"])
        flags = [f for f in flags if f != flag] if flag in flags else flags + [flag]
    elif k == 2:
        fields.pop("passed", None)
        who = ".".join(s for s in seats if rng.random() < 0.5)
        if who:
            fields["passed"] = who
    elif k == 3:
        fields.pop(rng.choice(sorted(fields)))
    elif k == 4:
        key = rng.choice(sorted(fields))
        fields[key] = rng.choice(["", "-", "9" * rng.choice([3, 50, 5000]), fields[key] + ".7♦", "@|>"])
    else:
        hands = [[c for c in h.split(".") if c != "-"] for h in fields["hands"].split("|")]
        discard = [c for c in fields.get("discard", "-").split(".") if c not in ("-", "rest")]
        groups = hands + [discard]
        src = rng.choice([g for g in groups if g] or [discard])
        if not src:
            return text
        card = src.pop(rng.randrange(len(src)))
        if k in (5, 6):
            rng.choice(groups).append(card)
        else:
            table = [] if fields.get("table", "-") == "-" else fields["table"].split(",")
            open_ = [i for i, e in enumerate(table) if ">" not in e]
            if k == 7 and open_:
                table[rng.choice(open_)] += f">{card}@{rng.choice(seats)}"
            else:
                table.append(f"{card}@{rng.choice(seats)}")
            fields["table"] = ",".join(table)
        fields["hands"] = "|".join(".".join(h) or "-" for h in hands)
        if fields.get("discard") != "rest":
            fields["discard"] = ".".join(discard) or "-"
    return " ".join([head] + [f"{key}={value}" for key, value in fields.items()] + flags)


def _lesson(text: str, check: str, kind: str) -> tuple:
    data = copy.deepcopy(COVERING)
    step: dict = {"kind": kind, "text": "Look at the table.", "position": text}
    if kind == "seat":
        step["check"] = check
    elif kind == "move":
        step["accept"] = "legal"
    data["steps"].append(step)
    return data, len(data["steps"]) - 1


def _nobody_acts(text: str) -> bool:
    try:
        p = Position.parse(text)
    except DurakError:
        return True
    return p.to_act() is None or not p.legal_moves()


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=st.sampled_from(TEXTS), seed=st.integers(0, 2 ** 32), changes=st.integers(1, 3),
       check=st.sampled_from(CHECKS), kind=st.sampled_from(["seat", "seat", "move", "read"]))
def test_fuzz_a_lesson_step_at_a_changed_position_is_checked_or_named(tmp_path_factory, start, seed, changes,
                                                                       check, kind):
    rng = random.Random(seed)
    text = start
    for _ in range(changes):
        text = _mutate(text, rng)
    data, index = _lesson(text, check, kind)
    try:
        lesson = load_lesson(data)
    except LessonError as err:
        assert err.field.startswith(f"steps[{index}]"), str(err)
        assert "Traceback" not in str(err) and str(err).count("\n") == 0
        loaded = False
    else:
        assert isinstance(lesson, Lesson) and len(lesson.steps) == index + 1
        loaded = True
        if kind == "seat" and check == "to-act":  # never "ok" for "who acts?" where nobody can act
            assert not _nobody_acts(text), text

    path = tmp_path_factory.mktemp("lesson") / "lesson.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["lessons", "check", str(path)])
    assert code == (0 if loaded else 2)
    if loaded:
        assert out.getvalue().startswith(f"{path}: ok (") and err.getvalue() == ""
    else:
        said = err.getvalue()
        assert said.count("\n") == 1 and f"{path}: steps[{index}]" in said and "Traceback" not in said


def test_the_fuzz_reaches_both_outcomes():
    """The changed texts give lessons that load and lessons refused (the fuzz tests something)."""
    loaded = refused = 0
    for seed in range(120):
        rng = random.Random(seed)
        text = _mutate(TEXTS[seed % len(TEXTS)], rng)
        try:
            load_lesson(_lesson(text, "to-act", "seat")[0])
            loaded += 1
        except LessonError:
            refused += 1
    assert loaded >= 15 and refused >= 15, (loaded, refused)


def test_a_who_acts_step_at_a_dead_end_names_the_step(capsys, tmp_path):
    dead = ("rules=podkidnoy,players=2 trump=♠ card=- hands=8♠.9♥|10♦ talon=- discard=rest "
            "table=7♦@P1>Q♦@P2 lead=P1 def=P2 passed=P1")
    data, index = _lesson(dead, "to-act", "seat")
    path = tmp_path / "lesson.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert main(["lessons", "check", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert f"steps[{index}].position: not a position text: table: P2 is to act but has no legal move" in err
