"""Hold action, counter-charge on a held action, flyby and who may strike back at a flyer."""

from __future__ import annotations

from battlemap.model import Size
from battlemap.rules.adnd2bis import SYSTEM
from battlemap.rules.adnd2bis.opportunity import provokes
from battlemap.rules.adnd2bis.options import Adnd2bisOptions
from battlemap.rules.adnd2bis.reactions import flyby_replies
from battlemap.rules.adnd2bis.stats import SAMPLE_FIGHTER, Adnd2bisStats
from battlemap.rules.core.combat import Combatant, ManoeuvreRequest
from battlemap.rules.core.dice import Dice
from battlemap.text import words
from tests.helpers.adnd2bis import make
from tests.helpers.words import fr

OPTS = Adnd2bisOptions()
WYVERN = {"max_hp": 40, "ac": 3, "thac0": 13, "level": 7, "hd": 7, "feats": ["flyby"],
          "weapons": [{"name": "Morsure", "damage": "2d8", "damage_type": "piercing"}]}
KNIGHT = {"max_hp": 30, "ac": 3, "thac0": 16, "level": 5, "hd": 5, "class_group": "fighter",
          "feats": ["riding"],
          "weapons": [{"name": "Lance d'arçon", "damage": "1d8", "damage_type": "piercing"}]}
HOLD = {"trigger": "l'ogre franchit la porte", "action": "frapper l'ogre"}


def man(name: str, a: Combatant, t: Combatant, forced: list[int], **options: object):  # type: ignore[no-untyped-def]
    req = ManoeuvreRequest(name=name, attacker=a, target=t, options=options)
    return SYSTEM.resolve_manoeuvre(req, Dice(forced=forced), OPTS)


def test_hold_action_needs_action_and_trigger_and_takes_the_round() -> None:
    # 001 "Hold Action (Réaction conditionnelle)": action and trigger stated beforehand; "Aucune
    # autre action ni mouvement n'est alors possible"; "n'est pas modifiable une fois énoncé".
    f = make("f", SAMPLE_FIGHTER, side="party")
    assert not man("hold_action", f, f, [], action="frapper l'ogre").success
    res = man("hold_action", f, f, [], **HOLD)
    assert res.success and [c.name for c in res.conditions_added["f"]] == ["holding_action"]
    assert SYSTEM.turn_budget(f, OPTS).slots == {"combat": 1, "move": 1, "five_foot_step": 1}
    holding = make("f", SAMPLE_FIGHTER, side="party", conditions=("holding_action",))
    assert SYSTEM.turn_budget(holding, OPTS).slots == {"combat": 0, "move": 0,
                                                        "five_foot_step": 0}
    assert not man("hold_action", holding, holding, [], **HOLD).success


def test_hold_action_lasts_until_the_next_initiative_or_its_trigger() -> None:
    # 001 "Hold Action": "perdure jusqu'à la prochaine initiative du personnage"; it fires at the
    # initiative segment where its condition comes true.
    holding = make("f", SAMPLE_FIGHTER, side="party", conditions=("holding_action",))
    ends = SYSTEM.start_of_turn(holding, Dice(), OPTS)
    assert [e.conditions_removed for e in ends] == [["holding_action"]]
    ogre = make("o", {"max_hp": 26})
    fired = man("release_hold", holding, ogre, [], segment=7)
    assert fired.success and fired.conditions_removed == {"f": ["holding_action"]}
    assert fr(fired.effects) == ["action réservée déclenchée au segment 7 (réaction)"]
    idle = make("f", SAMPLE_FIGHTER, side="party")
    assert not man("release_hold", idle, ogre, []).success


def test_counter_charge_from_a_held_action_spends_it() -> None:
    # 001 "Contre-charge": "s'attend à la charge : soit en hold action, soit …"
    pike = {"weapons": [{"name": "Pique", "damage": "1d6", "damage_type": "piercing",
                         "polearm": True, "reach_m": 3}]}
    holder = make("p", pike, conditions=("holding_action",))
    res = man("counter_charge", holder, make("c", {}), [])
    assert res.success and res.conditions_removed == {"p": ["holding_action"]}
    unprepared = man("counter_charge", make("p", pike), make("c", {}), [])
    assert not unprepared.success


def test_flyby_attack_in_passing() -> None:
    # 001 "Flyby (Hit & Run)": attack during a move, end it elsewhere, no OA.
    wyvern = make("w", WYVERN, size=Size.LARGE)
    fighter = make("f", SAMPLE_FIGHTER, side="party")
    res = man("flyby", wyvern, fighter, [15, 5, 6])
    # d20 15, size differential Large −1 (001 "Différentiel de taille", second table) = 14
    # against THAC0 13 − AC 2 = 11: hit; 2d8 = 5 + 6 = 11.
    assert res.success and res.damage is not None and res.damage.total == 11
    assert {words(m.name, "fr"): m.value for m in res.modifiers} == {"Différentiel de taille": -1}
    assert provokes("flyby", Adnd2bisStats())[0] is False
    miss = man("flyby", wyvern, fighter, [4])
    assert not miss.success and miss.damage is None
    grounded = man("flyby", make("o", {"max_hp": 6}), fighter, [])
    assert not grounded.success and grounded.rolls == []


def test_flyby_through_a_mount_or_a_rider() -> None:
    # 001 "Flyby": a rider gets it from a mount that has it; a rider with the Riding style gives
    # it to the mount.
    fighter = make("f", SAMPLE_FIGHTER, side="party")
    knight = make("k", KNIGHT)
    assert not man("flyby", knight, fighter, []).success
    assert man("flyby", knight, fighter, [20, 8], mount_flyby=True).success
    horse = make("h", {"max_hp": 20, "thac0": 17,
                       "weapons": [{"name": "Sabots", "damage": "1d4", "damage_type": "blunt"}]},
                 size=Size.LARGE)
    assert not man("flyby", horse, fighter, [20, 3]).success
    assert man("flyby", horse, fighter, [20, 3], rider_riding=True).success


def test_who_may_strike_back_at_a_flyer() -> None:
    # 001 "Flyby": only the target and its adjacent allies, in melee, if in initiative in the
    # same or the next segment, or holding an action against the attack.
    target = make("t", SAMPLE_FIGHTER, side="party")
    cleric = make("c", {}, side="party")
    thief = make("th", {}, side="party")
    guard = make("g", {}, side="party", conditions=("holding_action",))
    far = make("far", {}, side="party")
    foe = make("o", {}, side="foe")
    replies = flyby_replies(target, [cleric, thief, guard, far, foe],
                            adjacent={"c", "th", "g", "o"},
                            segments={"t": 5, "c": 6, "th": 8, "g": 9, "far": 5, "o": 5},
                            attack_segment=5)
    assert {r.token: r.allowed for r in replies} == {
        "t": True, "c": True, "th": False, "g": True, "far": False, "o": False}
