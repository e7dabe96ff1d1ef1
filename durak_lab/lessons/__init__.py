"""Lessons with exercises: JSON files a teacher writes, every answer checked by the engine.

(The full description of the format follows below; this is a placeholder docstring.)
"""

from .course import COURSE_FORMAT, course, course_ids, course_title, lesson
from .errors import LessonError
from .format import EXERCISE_KINDS, FORMAT, KINDS, Lesson, Step, load_lesson

__all__ = ["LessonError", "Lesson", "Step", "load_lesson", "course", "lesson", "course_title", "course_ids",
           "FORMAT", "COURSE_FORMAT", "KINDS", "EXERCISE_KINDS"]
