"""The hands panel lists what the table saw each player take, a leader taken face up from the
play area included; the leader a player kept stays secret (§2 step 3, §3.4; a newcomer's
report: Ann took Ben's played leader and the panel showed nothing taken for her)."""

from dataclasses import replace

from companion.games.insurrection import GAME, Setup
from companion.games.insurrection.catalog import load
from companion.ui.insurrection.views import hands_panel

DEMO = load("demo")


def test_a_leader_taken_face_up_is_listed_and_the_kept_one_is_not():
    s = GAME.new_game(Setup(("Ann", "Ben", "Cleo"), virtual=True), DEMO, 7)
    ann_kept, bens = s.leader_offers["Ann"][0], s.leader_offers["Ben"][0]
    hands = tuple(
        replace(h, known=(ann_kept, bens)) if h.player == "Ann" else replace(h, known=())
        for h in s.hands
    )
    s = replace(s, hands=hands, kept_leaders={"Ann": ann_kept, "Ben": bens})
    ann_line = hands_panel(s).plain.splitlines()[0]
    name = lambda cid: DEMO.card(cid).name["en"]  # noqa: E731
    assert name(bens) in ann_line
    assert name(ann_kept) not in ann_line
