"""The Pattuglia lessons, one idea each, in the order a newcomer needs them. Each makes the learner play; the full
match against the bots follows them in the notebook.

Positions are written with ``position`` (see positions.py): every card not named waits in the deck.
"""

from __future__ import annotations

from cardlib.core.i18n import N_
from cardlib.core.lessons import Lesson, Mistake

from .positions import position

RED = "RS1 RS2 RS3"  # a red patrol of three Soldiers
GREEN = "GS1 GS2 GS3 GK1"  # the opponent's green patrol


def _patrols(state, player: str = "p1") -> list[list[str]]:
    return [patrol.cards for patrol in state.sides[player].patrols]


def _mine(state) -> bool:
    return state.to_move == "p1" and not state.is_over


def _playing(state) -> bool:
    return _mine(state) and state.phase == "play"


LESSONS = (
    Lesson(
        id="deck",
        title=N_("The deck and the Arsenal"),
        rules=("PAT-1", "PAT-2", "PAT-3"),
        text=N_(
            "Pattuglia has its own 100 cards: four battalions (red, yellow, green, blue) of Captains (5 points), "
            "Soldiers (2) and Cannons (3); Nurses and Mechanics (3 each, no colour); and 26 Arsenal cards. An "
            "Arsenal card never stays in your hand: it is set aside face down in front of you, and you draw another "
            "card in its place."
        ),
        task=N_("Start your turn: draw from the deck. Its top card is a Hand Bomb."),
        start=lambda: position(
            hands=("YS4 BS2 GK2 N1 M1", "YS5 YS6"), phase="draw", to_draw=1, deck="HB1 RS4", discard="BK1"
        ),
        seat="p1",
        solution=("draw deck",),
        success=lambda state: state.sides["p1"].arsenal == ["HB1"] and "RS4" in state.sides["p1"].hand,
        mistakes=(Mistake("draw discard", "PAT-5", N_("Until you have laid a patrol you draw from the deck.")),),
    ),
    Lesson(
        id="turn",
        title=N_("A turn"),
        rules=("PAT-4", "PAT-5"),
        text=N_(
            "Turns start with the dealer and go anticlockwise. On your turn: draw 1 card, lay or extend patrols if "
            "you can, attack if you like, then discard 1 card, then refill your hand to 5."
        ),
        task=N_(
            "You hold 4 cards. Draw, then discard the one card that goes with none of your others, then refill your "
            "hand to 5."
        ),
        start=lambda: position(hands=("YS4 YS5 BK2 N1", "GS5 GS6"), phase="draw", to_draw=1, deck="YK1 RS5 RS6"),
        seat="p1",
        solution=("draw deck", "discard BK2", "draw deck"),
        success=lambda state: state.to_move == "p2" and len(state.sides["p1"].hand) == 5 and "BK2" in state.discard,
        on_track=lambda state: _mine(state) and set(state.discard) <= {"BK2"},  # no other card discarded
        mistakes=(
            Mistake("discard BK2", "PAT-5", N_("Draw first, discard last.")),
            *(
                Mistake(
                    f"discard {card}",
                    "PAT-5",
                    N_(
                        "Keep it: your yellow Soldiers and Cannon belong together, and a Nurse fits any patrol. The "
                        "blue Cannon goes with none of your cards."
                    ),
                    at=1,
                )
                for card in ("YS4", "YS5", "YK1", "N1")
            ),
        ),
    ),
    Lesson(
        id="form",
        title=N_("Forming a patrol"),
        rules=("PAT-6",),
        text=N_(
            "A new patrol needs at least 3 cards of one colour: 3 Soldiers, or a Captain and 2 Soldiers. Gather "
            "its cards one by one in the New patrol space (the others do not see them yet), then lay it."
        ),
        task=N_("Gather the red Captain and the two red Soldiers, then lay the new patrol."),
        start=lambda: position(hands=("RC1 RS1 RS2 YS3 GK1 BS9", "YS5 YS6")),
        seat="p1",
        solution=("lay RC1 new", "lay RS1 new", "lay RS2 new", "form"),
        success=lambda state: len(_patrols(state)) == 1,
        on_track=lambda state: _playing(state) and not _patrols(state),
        mistakes=(
            Mistake("lay GK1 new", "PAT-6", N_("A lone Cannon cannot start a patrol.")),
            Mistake("lay YS3 new", "PAT-6", N_("Your new patrol is red."), at=1),
            Mistake("form", "PAT-6", N_("Two cards are not a patrol yet."), at=2),
        ),
    ),
    Lesson(
        id="cannons",
        title=N_("Extending a patrol: Soldiers and Cannons"),
        rules=("PAT-6",),
        text=N_(
            "On your turn you may add cards of its colour to any of your patrols; they stay there. A patrol has at "
            "most one Cannon per Soldier, and at most one Captain, always shown on top."
        ),
        task=N_("Your red patrol has 3 Soldiers and 3 Cannons. Add your red Soldier, then your fourth red Cannon."),
        start=lambda: position(hands=("RK4 RS4 YS1", "YS5 YS6"), patrols=[("RS1 RS2 RS3 RK1 RK2 RK3",), ()]),
        seat="p1",
        solution=("lay RS4 patrol:1", "lay RK4 patrol:1"),
        success=lambda state: "RK4" in _patrols(state)[0],
        on_track=lambda state: _playing(state) and "RS4" in _patrols(state)[0],
        mistakes=(Mistake("lay RK4 patrol:1", "PAT-6", N_("Three Soldiers carry three Cannons.")),),
    ),
    Lesson(
        id="support",
        title=N_("Nurses and Mechanics"),
        rules=("PAT-6", "PAT-10"),
        text=N_(
            "Nurses and Mechanics have no colour: they fit any of your patrols, one of each per patrol, and do not "
            "count towards its size. A Nurse on your table lets you use Medical Bags; a Mechanic lets you use Tools."
        ),
        task=N_("Add a Nurse and the Mechanic to your red patrol."),
        start=lambda: position(hands=("N1 N2 M1 YS1", "YS5 YS6"), patrols=[(RED,), ()]),
        seat="p1",
        solution=("lay N1 patrol:1", "lay M1 patrol:1"),
        success=lambda state: {"N1", "M1"} <= set(_patrols(state)[0]),
        on_track=lambda state: _playing(state) and "N1" in _patrols(state)[0],
        mistakes=(Mistake("lay N2 patrol:1", "PAT-6", N_("One Nurse per patrol is enough."), at=1),),
    ),
    Lesson(
        id="discard_pile",
        title=N_("Drawing from the discard pile"),
        rules=("PAT-5",),
        text=N_(
            "Once you have laid a patrol, each of your draws may take the top card of the discard pile "
            "instead of a card from the deck: only the top one, one card at a time. The right lasts for the rest of "
            "the deal, even if your patrols are all destroyed."
        ),
        task=N_("The top discard is a red Soldier: take it for your red patrol."),
        start=lambda: position(
            hands=("YS4 BK2 GK2 N1 M1", "YS5 YS6"), patrols=[(RED,), ()], phase="draw", to_draw=1, discard="BS9 RS4"
        ),
        seat="p1",
        solution=("draw discard",),
        success=lambda state: "RS4" in state.sides["p1"].hand,
        mistakes=(Mistake("draw deck", "PAT-5", N_("The red Soldier on the discard pile fits your patrol.")),),
    ),
    Lesson(
        id="attack",
        title=N_("Attacking"),
        rules=("PAT-9", "PAT-11"),
        text=N_(
            "On your turn, with a Soldier in one of your patrols, you may attack enemy patrols with your Arsenal: a "
            "Hand Bomb kills 2 Soldiers, Bullets 1, Dynamite destroys a Cannon, a Cannon Shot a Soldier and a "
            "Cannon. The most recently added ones die, and go under the discard pile with the used card."
        ),
        task=N_("Pick your Hand Bomb, then the enemy green patrol."),
        start=lambda: position(hands=("YS4 BK2", "YS5 YS6"), patrols=[(RED,), (GREEN,)], arsenals=("HB1", "")),
        seat="p1",
        solution=("attack HB1 patrol:2",),
        success=lambda state: _patrols(state, "p2") == [["GS1", "GK1"]],
        mistakes=(Mistake("attack HB1 patrol:1", "PAT-9", N_("That is your own patrol.")),),
    ),
    Lesson(
        id="defend",
        title=N_("Defending"),
        rules=("PAT-10",),
        text=N_(
            "When one of your patrols is attacked, you answer at once: each Medical Bag saves a Soldier (you need a "
            "Nurse on your table), each Tools card saves a Cannon (you need a Mechanic). Used cards go under the "
            "discard pile."
        ),
        task=N_("Player 2 throws a Hand Bomb at your red patrol. Save both Soldiers with your Medical Bags."),
        start=lambda: position(
            hands=("YS4 BK2", "YS5 YS6"),
            patrols=[(RED + " N1",), (GREEN,)],
            arsenals=("MB1 MB2 TL1", "HB1"),
            turn="p2",
        ).play("attack HB1 patrol:1"),
        seat="p1",
        solution=("save MB1", "save MB2"),
        success=lambda state: state.phase == "play" and _patrols(state) == [["RS1", "RS2", "RS3", "N1"]],
        on_track=lambda state: _mine(state) and state.phase == "defend",
        mistakes=(
            Mistake("save TL1", "PAT-10", N_("Tools save Cannons; the bomb kills Soldiers.")),
            Mistake("take", "PAT-10", N_("Two Soldiers die although your Medical Bags could save them.")),
        ),
    ),
    Lesson(
        id="losses",
        title=N_("A patrol left with Cannons"),
        rules=("PAT-11",),
        text=N_(
            "A patrol that lost every Captain, Soldier and Cannon is destroyed. A patrol left with only Cannons "
            "lives on, but takes a Soldier or a Captain first: no more Cannons until it has as many Soldiers."
        ),
        task=N_("Your red patrol lost its Soldiers. Add your red Soldier to it."),
        start=lambda: position(hands=("RK3 RS5 YS1", "YS5 YS6"), patrols=[("RK1 RK2",), (GREEN,)]),
        seat="p1",
        solution=("lay RS5 patrol:1",),
        success=lambda state: "RS5" in _patrols(state)[0],
        mistakes=(Mistake("lay RK3 patrol:1", "PAT-11", N_("Soldiers first.")),),
    ),
    Lesson(
        id="complete",
        title=N_("The Complete Patrol"),
        rules=("PAT-7", "PAT-5"),
        text=N_(
            "A Complete Patrol has a Captain and at least 6 Soldiers and Cannons. From then on you no longer "
            "refill your hand, and you may close the deal, even if attacks shrink the patrol later."
        ),
        task=N_("Add your red Soldier to complete the red patrol."),
        start=lambda: position(hands=("RS4 YS1 BS2", "YS5 YS6"), patrols=[("RC1 RS1 RS2 RS3 RK1 RK2",), ()]),
        seat="p1",
        solution=("lay RS4 patrol:1",),
        success=lambda state: state.sides["p1"].closer,
        mistakes=(Mistake("discard RS4", "PAT-7", N_("The red Soldier completes your patrol: add it.")),),
    ),
    Lesson(
        id="close",
        title=N_("Closing and scoring"),
        rules=("PAT-8", "PAT-13", "PAT-12"),
        text=N_(
            "With a Complete Patrol, discarding the last card of your hand closes the deal. Everyone scores the "
            "points of the cards in their patrols, +10 for each Complete Patrol still whole, and the closer +10. "
            "(An empty deck is rebuilt from the discards twice at most; after that the deal ends with no closer.) "
            "Deals go on until someone has 100 points."
        ),
        task=N_("You have 90 points. Discard your last card to close the deal and win the battle."),
        start=lambda: position(
            hands=("YS1", "YS5 YS6"),
            patrols=[("RC1 RS1 RS2 RS3 RS4 RK1 RK2",), (GREEN,)],
            closers=("p1",),
            scores=(90, 40),
        ),
        seat="p1",
        solution=("discard YS1",),
        success=lambda state: state.is_over and state.result.winners == ("p1",),
    ),
    Lesson(
        id="super",
        title=N_("Super Capitano"),
        rules=("PAT-14", "PAT-7"),
        text=N_(
            "In Super Capitano mode with 2 or 3 players a Complete Patrol needs 8 cards, and the moment you form one, "
            "every enemy patrol of its colour becomes yours, just as it is."
        ),
        task=N_("Complete your red patrol with an eighth card, and take Player 2's red patrol."),
        start=lambda: position(
            hands=("RS8 YS1", "YS5 YS6"),
            patrols=[("RC1 RS1 RS2 RS3 RS4 RK1 RK2",), ("RS5 RS6 RS7",)],
            super_capitano=True,
        ),
        seat="p1",
        solution=("lay RS8 patrol:1",),
        success=lambda state: len(_patrols(state)) == 2 and not _patrols(state, "p2"),
    ),
)
