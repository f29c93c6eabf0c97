"""Behaviour most systems share, as a base class they may override piece by piece."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import import_module
from typing import TYPE_CHECKING, Any

from battlemap.model import Condition, Size
from battlemap.rules.core.choices import AttackChoice
from battlemap.rules.core.combat import (
    AreaEffectRequest,
    AreaEffectResult,
    AreaTargetResult,
    Combatant,
    ConditionInfo,
    HPChange,
    SaveRequest,
    TurnEvent,
)
from battlemap.rules.core.dice import Dice, Roll
from battlemap.rules.core.economy import ACTION_BONUS_REACTION, Cost, Economy
from battlemap.rules.core.presets import AreaPreset
from battlemap.rules.core.senses import NONE, Senses
from battlemap.rules.core.surprise import SurpriseRule
from battlemap.rules.core.waiting import WaitRule
from battlemap.text import LANGUAGES, Message, Text

if TYPE_CHECKING:
    from battlemap.geometry.policy import GeometryPolicy
from battlemap.rules.core.system import declare_words, tick_conditions

# Conditions that stop a creature threatening squares in every system (docs/rules/README.md#shared-vocabulary).
NO_THREAT = {"helpless", "unconscious", "paralyzed", "stunned", "petrified", "incapacitated", "dead"}


class BaseSystem:
    """Defaults; a system overrides what its text says otherwise."""

    id = ""
    name = ""
    seed = ""
    geometry_module = ""  # where the system declares its GEOMETRY (rules/<system>/geometry.py)

    @property
    def geometry(self) -> GeometryPolicy:
        """The system's `GeometryPolicy`, read from `geometry_module` when first measured:
        it loads the geometry core (numpy, shapely), which the window's first frame lacks."""
        policy: GeometryPolicy = import_module(self.geometry_module).GEOMETRY
        return policy

    def geometry_for(self, options: Any) -> GeometryPolicy:
        return self.geometry

    # The round's slots and what pays for each act: one action, a bonus action, a reaction
    # and free movement unless the system's text gives another shape (economy.py).
    economy: Economy = ACTION_BONUS_REACTION
    # Without a rule of its own, the surprised lose the first round and nothing is rolled
    # (the B/X default docs/rules/README.md reads where a text is silent).
    surprise: SurpriseRule = SurpriseRule(surprised_wait=True, aware_single_action=False,
                                          source="docs/rules/README.md, surprise")
    initiative_high_first = True  # the highest initiative acts first
    # Without a rule of its own, a creature acts in its place: no delay, no held action.
    waiting: WaitRule = WaitRule(kind="", source="docs/rules/README.md, turn order",
                                 missing=Message.of("turn.no_wait_any"))
    # The conditions that put a creature out of the fight for good: its turns are skipped
    # unless the encounter keeps them (`keep_defeated`). A dying creature keeps its turn,
    # for the roll it makes then (3.5 stabilising, 2024 death saves).
    defeated_conditions: frozenset[str] = frozenset({"dead"})
    # The area effects the text names (rules/<system>/presets.py), offered when a template is
    # placed; without any, the sentence that says so.
    area_presets: tuple[AreaPreset, ...] = ()
    presets_missing: Message | None = Message.of("presets.none_any")
    # Several creatures may end their move in one square (001 "Positionnement en combat");
    # elsewhere a space holds one creature, four tiny ones sharing a square.
    creatures_share_squares = False
    # The attack code reads the target's `invisible` condition itself: the engine must not
    # add `Situation.target_unseen` on top (no double count).
    attack_reads_invisible = False
    # A ranged attack gains flanking like a melee one (001 "Flanking"): elsewhere flanking is
    # a melee matter.
    ranged_attacks_flank = False
    # What each cover level means at the table, in English (docs/rules/README.md#geometry-by-system "cover levels"),
    # and what flanking gives: `battlemap query cover/flanking` show them beside the level.
    cover_effects: Mapping[str, str] = {}
    flanking_effect = "none"
    # The GM's situational modifiers in one click (the attack panel, `query attack`): where
    # the system's text gives advantage and disadvantage, its citation ("": the system has
    # none, and a request for them is refused naming `seed`); the size of the circumstance
    # bonus the system knows (0: none). A free ±N with a label is every system's.
    gm_advantage_source: Text = ""
    gm_circumstance = 0
    gm_circumstance_source: Text = ""

    def conditions(self) -> dict[str, ConditionInfo]:
        return {}  # each system lists its own

    def default_reach_m(self, size: Size, stats: Any) -> float:
        reach = getattr(stats, "reach_m", None)
        if reach is not None:
            return float(reach)
        return {Size.TINY: 0.0, Size.LARGE: 1.5, Size.HUGE: 3.0, Size.GARGANTUAN: 4.5}.get(size, 1.5)

    def foreign_creature(self, data: Any) -> dict[str, Any] | None:
        """No other program's layout is read unless the system knows one (its own format)."""
        return None

    def senses(self, stats: Any) -> Senses:
        """How the creature sees in the dark: nothing but lit squares unless the system's text
        gives it a sense (a system whose text is silent keeps this)."""
        return NONE

    def ac_display(self, stats: Any, options: Any) -> Message:
        """The armour class as this system writes it (pmt overrides: ascending/descending)."""
        return Message.of("rules.ac", ac=getattr(stats, "ac", "—"))

    def attack_choices(self, attacker: Combatant, target: Combatant, weapon: str | None,
                       options: Any) -> list[AttackChoice]:
        """No per-attack choice unless the system's text offers one."""
        return []

    def save_kinds(self) -> dict[str, str]:
        return {}

    def damage_kinds(self) -> dict[str, str]:
        return {}

    def manoeuvre_label(self, name: str) -> str:
        """Its word "<id>.manoeuvre.<name>" (a message); a manoeuvre it does not name reads
        as its id in words."""
        declare_words(self)
        return Message.or_text(f"{self.id}.manoeuvre.{name}", name.replace("_", " "))

    # The kinds of move the system's text has, "normal" first: ids of core/economy.MOVE_KINDS,
    # only those its seed (or the default in docs/rules/README.md#defaults) gives it; their names are its words
    # ("<id>.move_kind.<kind>").
    move_kind_ids: tuple[str, ...] = ("normal",)

    def move_kinds(self) -> list[str]:
        return list(self.move_kind_ids)

    def move_kind_label(self, kind: str) -> str:
        """Its word for the kind (a message); without one, the common word for a plain move,
        else the id."""
        declare_words(self)
        return Message.or_text(f"{self.id}.move_kind.{kind}", Message.or_text(
            f"move_kind.{kind}", kind))

    # Where the system keeps its own words: rules/<system>/words.py, whose `WORDS` holds its
    # conditions' labels (and every other key of its own).
    words_module = ""

    def words(self) -> dict[str, dict[str, str]]:
        """The system's own words, {lang: {key: template}} under keys "<id>.<kind>.<name>":
        its move kinds, manoeuvres and conditions as its text names them. The registry adds
        them to the catalogues (battlemap/text) when the system is loaded."""
        own: Mapping[str, Mapping[str, str]] = (
            import_module(self.words_module).WORDS if self.words_module else {})
        return {lang: dict(own.get(lang, {})) for lang in LANGUAGES}

    def threatens(self, combatant: Combatant) -> bool:
        return not any(c.name in NO_THREAT for c in combatant.conditions)

    def threat_refusal(self, combatant: Combatant) -> Message | None:
        """The first of the creature's conditions that alone stops it threatening, named
        with its source in the system's conditions; its state when no condition does (a
        2024 creature at 0 HP)."""
        if self.threatens(combatant):
            return None
        bare = combatant.model_copy(update={"conditions": []})
        if self.threatens(bare):
            table = self.conditions()
            for cond in combatant.conditions:
                if self.threatens(bare.model_copy(update={"conditions": [cond]})):
                    continue
                info = table.get(cond.name)
                if info is None:
                    return Message.of("threat.condition_bare", name=combatant.name,
                                      condition=cond.name)
                return Message.of("threat.condition", name=combatant.name,
                                  condition=info.label, source=info.source)
        hp_state = getattr(self, "hp_state", None)  # every system has one; the toy may not
        if not callable(hp_state):
            return Message.of("threat.unable", name=combatant.name)
        state = str(hp_state(combatant))
        return Message.of("threat.state", name=combatant.name,
                          state=Message.or_text(f"state.{state}", state))

    def opportunity_attacks_per_round(self, combatant: Combatant) -> int:
        return 1

    def moves_within_provoke(self, combatant: Combatant) -> bool:
        return False

    def action_provokes(self, actor: Combatant, action: str, by: Combatant,
                        weapon: str | None = None, kind: str | None = None) -> str | None:
        """Nothing but movement provokes unless a system's seed says so: 003 (dnd2024) and
        004 (pmt) name no other action that does."""
        return None

    def area_effect(self, req: AreaEffectRequest, dice: Dice, options: Any) -> AreaEffectResult:
        """One damage roll for the whole area; each target saves with its own cover
        (003 "L'abri": cover adds to Dex saves; 000 "Couverture": +2 Reflex)."""
        dmg_roll = dice.roll(req.damage, label="area damage") if req.damage else None
        out = AreaEffectResult(damage_roll=dmg_roll)
        for who, situation in req.targets:
            res = AreaTargetResult(token=who.id)
            full = dmg_roll.total if dmg_roll else 0
            if req.save_ability and req.dc is not None:
                save = self.resolve_save(  # type: ignore[attr-defined]
                    SaveRequest(token=who, ability=req.save_ability, dc=req.dc, situation=situation),
                    dice, options)
                res.save = save
                if save.success:
                    res.damage = full // 2 if req.half_on_success else 0
                    res.notes.append("save succeeded: half damage" if req.half_on_success
                                     else "save succeeded: no damage")
                else:
                    res.damage = full
            else:
                res.damage = full
            out.targets.append(res)
        return out

    def rerolls_initiative(self, options: Any) -> bool:
        """Initiative is rolled once, when combat begins, unless the system (or one of its
        options) rolls it again each round."""
        return False

    def combat_start_conditions(self) -> list[str]:
        """No condition put on everyone when combat begins."""
        return []

    def condition_immunity(self, combatant: Combatant, condition: str) -> Message | None:
        """No creature is immune to a condition unless the system's text gives immunities."""
        return None

    def condition_added(self, before: Combatant, cond: Condition, dice: Dice,
                        options: Any) -> HPChange | None:
        """Gaining a condition costs nothing at once."""
        return None

    def manoeuvre_cost(self, name: str, actor: Combatant, options: Mapping[str, Any]
                       ) -> Cost | None:
        """None: a manoeuvre costs one attack (the economy's `attack` slots)."""
        return None

    def move_barred_by(self, combatant: Combatant, kind: str) -> str | None:
        """No condition forbids a kind of move unless the system's text says so."""
        return None

    def move_conditions(self, combatant: Combatant, kind: str) -> list[Condition]:
        """A move leaves no condition on its creature."""
        return []

    def table_saves(self) -> frozenset[str]:
        """Every save is against a DC the GM gives."""
        return frozenset()

    def area_cover(self, corners_blocked: int) -> str:
        """The cover level an area's target has when 1 to 3 of its space's corners are cut
        off from the origin (0 is "none", 4 "total"): half up to two, three-quarters beyond
        (003 "L'abri")."""
        return "half" if corners_blocked <= 2 else "three_quarters"

    def start_of_turn(self, combatant: Combatant, dice: Dice, options: Any) -> list[TurnEvent]:
        return []

    def end_of_turn(self, combatant: Combatant, dice: Dice, options: Any) -> list[TurnEvent]:
        """Timed conditions count down at the end of their creature's turn; each one that
        runs out is named by the system's labels (the French log read "shaken ends")."""
        _, expired = tick_conditions(combatant.conditions)
        events = []
        for name in expired:
            declare_words(self)
            key = f"{self.id}.condition.{name}"
            label = Message.or_text(key, name)
            events.append(TurnEvent(token=combatant.id,
                                    what=Message.of("turn.condition_ends", condition=label),
                                    conditions_removed=[name]))
        return events

    def end_of_round(self, combatants: Sequence[Combatant], dice: Dice,
                     options: Any) -> list[TurnEvent]:
        return []

    def default_duration(self, name: str, dice: Dice) -> Roll | None:
        """No default: a condition put on without a duration lasts until removed."""
        return None

    # The rulings the engine can be asked apart from a command (`query fall|cast|disengage`):
    # None where the system's text has no such rule, and the engine says so.

    def falling(self, combatant: Combatant, height_m: float, dice: Dice,
                options: Any) -> Any | None:
        """The damage and state a fall of `height_m` leaves (003 "Chute"), or None."""
        return None

    def spell_failure(self, combatant: Combatant, dice: Dice, options: Any) -> Any | None:
        """The roll an armoured arcane caster makes to cast (004), or None."""
        return None

    def concentration(self, caster: Combatant, damage: int, spell_level: int, dice: Dice,
                      options: Any, ranks: int = 0) -> Any | None:
        """The check a caster hurt while casting makes to keep its spell (000
        "Compétences"), or None."""
        return None

    def disengage(self, mover: Combatant, opponents: Sequence[Combatant], dice: Dice, *,
                  ally_in_place: bool, ally_unopposed: bool, ally_attacks: int,
                  opponent_attacks: int) -> Any | None:
        """Leaving a melee without an opportunity attack (001 "Désengagement"), or None."""
        return None

    def attacks_per_round(self, combatant: Combatant) -> int:
        """How many attacks the creature makes in a round (a disengagement compares them)."""
        return 1

