"""A teacher's lessons for La partita Napoletana, kept outside the package (docs/teachers.md, "Lessons in a file
of your own"). Load them with::

    from cardlib.lesson_files import load_lessons
    from widgets.tutor import Tutor

    Tutor("napoletana", lessons=load_lessons("my_lessons.py", "napoletana"))
"""

from cardlib.core.lessons import Lesson, Mistake
from cardlib.games.napoletana.conditions import in_hand, in_row, won_battle
from cardlib.games.napoletana.positions import position

LESSONS = [
    Lesson(
        id="siege-row",
        title="Big cards go to the siege row",
        rules=("NAP-5",),
        text="An 8, a 9 or a 10 fights from the siege row, at the back of your side of the field.",
        task="Place your 10♦ where it belongs.",
        start=lambda: position(red={"hand": "10D 2H 6D"}, black={"hand": "5S 8C", "front": "3S"}),
        seat="red",
        solution=("play 10D siege",),
        success=in_row("10♦", "red", "siege"),
        mistakes=(
            Mistake("play 10D front", "NAP-5", "The front row is for A, 2, 3 and 4."),
            Mistake("play 2H front", "NAP-5", "Right row for the 2, but this lesson asks for the 10♦."),
        ),
    ),
    Lesson(
        id="keep-your-cards",
        title="Ahead and Black has passed: pass too",
        rules=("NAP-4", "NAP-17"),
        text="Black has passed and cannot play again in this battle. You are ahead, so every card you add is wasted.",
        task="Win the battle and keep both cards in your hand.",
        start=lambda: position(
            red={"hand": "9H 3D", "siege": "10H", "front": "4H"},
            black={"hand": "7S", "siege": "9S", "passed": True},
        ),
        seat="red",
        solution=("pass",),
        success=won_battle("red") & in_hand("9♥", "red") & in_hand("3♦", "red"),
        mistakes=(Mistake("play 9H siege", "NAP-4", "That is legal, but you are already ahead: keep the card."),),
    ),
]
