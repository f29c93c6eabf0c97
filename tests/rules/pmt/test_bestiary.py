"""The bundled PMT creatures (battlemap/assets/statblocks/pmt.json) against the numbers the seed
itself prints, in 004_49216c8abfe9f777.txt: the level-3 fighter and the monster of its two
worked examples (lines 17 and 83-87), the minion's fixed damage and its fall at one hit
(« Sbires », line 69). The B/X figures of the others are cited in docs/rules/pmt.md."""

from __future__ import annotations

from battlemap.rules.core.combat import AttackRequest, Situation
from battlemap.rules.core.dice import Dice
from battlemap.rules.pmt import SYSTEM
from battlemap.rules.pmt.ac import ac_label
from battlemap.rules.pmt.options import PmtOptions
from battlemap.rules.pmt.stats import PmtStats
from battlemap.text import words
from tests.helpers.bestiary import bundled, duel
from tests.helpers.pmt import make

VETERAN = "Vétéran (guerrier de niveau 3)"
CLASSIC = PmtOptions(ac_form="descending")
CIBLE = PmtOptions(ac_form="descending", thac0_formula="cible")


def _stats(name: str) -> PmtStats:
    return PmtStats.model_validate(bundled("pmt", name)["stats"])


def test_the_veteran_is_the_seeds_level_3_fighter() -> None:
    # Line 83: « Un guerrier de niveau 3 […] Il a une TAC0 de 18, un modificateur de FOR de
    # + 1 »; line 17, the same fighter in ascending AC: « un bonus d'attaque de + 1, un bonus
    # de FOR de + 1 » (19 − TAC0 18 = +1, « Le TAC0 […] évolue selon le niveau », line 73).
    vet = _stats(VETERAN)
    assert (vet.level, vet.to_hit_0, vet.bonus, vet.str_mod) == (3, 18, 1, 1)


def test_the_wolf_is_the_seeds_monster_in_both_ac_forms() -> None:
    # Line 17: « Un guerrier attaque un monstre (CA 12) »; line 83: « un monstre possédant une
    # CA de 7 »: the bundled wolf (B/X AC 7) shows both, by the encounter's AC form.
    wolf = bundled("pmt", "Loup")["stats"]
    assert (wolf["ac"], words(ac_label(wolf, PmtOptions()), "fr"),
            words(ac_label(wolf, CLASSIC), "fr")) == (12, "CA 12", "CA 7")


def _veteran_worn_out_attacks_wolf(d20: int, opts: PmtOptions):  # type: ignore[no-untyped-def]
    # Both examples: « le modificateur situationnel fourbu (− 2) ».
    vet = make("v", bundled("pmt", VETERAN)["stats"], side="party", conditions=("exhausted",))
    req = AttackRequest(attacker=vet, target=make("w", bundled("pmt", "Loup")["stats"]),
                        situation=Situation())
    return SYSTEM.resolve_attack(req, Dice(forced=[d20, 1]), opts).attacks[0]


def test_the_ascending_example_with_the_bundled_blocks() -> None:
    # Line 17: « soit 1 + 1 − 2 = 0. Il obtient 12 au d20, ce qui est égal à la CA. Il réussit
    # son attaque de justesse. »
    hit = _veteran_worn_out_attacks_wolf(12, PmtOptions())
    assert (hit.total, hit.target_number, hit.outcome) == (12, 12, "hit")
    assert _veteran_worn_out_attacks_wolf(11, PmtOptions()).outcome == "miss"


def test_the_thac0_examples_with_the_bundled_blocks() -> None:
    # Line 85, « Formule classique »: « 12 (d20) + 1 (FOR) − 2 (fourbu) ≥ 18 (TAC0) − 7 (CA du
    # monstre), soit 11 ≥ 11 »; line 87, « CibleTAC0 »: « + 7 (CA du monstre) ≥ 18 (TAC0),
    # soit 18 ≥ 18 ».
    classic = _veteran_worn_out_attacks_wolf(12, CLASSIC)
    assert (classic.total, classic.target_number, classic.outcome) == (11, 11, "hit")
    assert words(classic.target_label, "fr") == "TAC0 18 − CA 7 = 11"
    cible = _veteran_worn_out_attacks_wolf(12, CIBLE)
    assert (cible.total, cible.target_number, cible.outcome) == (18, 18, "hit")
    assert _veteran_worn_out_attacks_wolf(11, CLASSIC).outcome == "miss"


def test_the_bandit_is_a_minion_as_the_seed_says() -> None:
    # Line 69 (« Sbires »): « leurs dommages sont fixes et correspondent à la moitié des
    # dommages maximaux. Par exemple, un monstre qui infligerait normalement 1d6 dommages en
    # inflige 3 en tant que sbire »; and « une attaque réussie contre eux les met
    # immédiatement hors combat ». The bandit's « épée courte » is the seed's 1d6 (line 36).
    bandit = _stats("Bandit (sbire)")
    assert bandit.minion and bandit.weapon("Épée courte").damage == "1d6"
    s, vet, foe = duel("pmt", VETERAN, "Bandit (sbire)")
    blow = s.attack(foe, vet, forced=[15])
    assert blow.result.attacks[0].damage.total == 3  # type: ignore[union-attr]
    assert s.token(vet).hp == bundled("pmt", VETERAN)["stats"]["max_hp"] - 3
    s.attack(vet, foe, forced=[15, 1])  # a hit of 1 + FOR 1 against a 4-hp bandit
    assert s.hp_state(foe) == "out"
