//! Procedures are the game's (design.md section 2): for each multi-step engagement a
//! draft opens from the battle, pre-fills from the players' tables and the table, says
//! what may be given now (each input not allowed with its typed reason and clause),
//! takes an input or steps back, and finishes into the action. The wizards hold a draft
//! and draw it; dropping a draft leaves the battle untouched.

pub mod charge;
pub mod fire;
pub mod initiative;
pub mod melee;
pub mod rates;
pub mod ruleset_b;
pub mod test;

pub use charge::{ChargeDraft, ChargeTyped, DeclarationView, DraftRefusal, Measured, QuickDeclare};
pub use fire::FireDraft;
pub use initiative::InitiativeDraft;
pub use melee::{MeleeDraft, MeleeDraftStep};
pub use rates::RatesDraft;
pub use ruleset_b::{BMeleeDraft, CollisionDraft};
pub use test::TestDraft;

use crate::model::Battle;
use crate::model::UnitId;
use crate::rules::dice::D6;
use crate::rules::dice::NoRow;
use crate::rules::options::{TestKind, TestReading};

/// The players' table row a test of 2D6, their modifier and the club's house modifiers
/// for the unit's test falls in (AMB-23, issue 51): the one lookup every test the wizards
/// offer on a table goes through, as the game reads it. Ruleset B's one D6 (B-MEL-17)
/// takes no house modifier.
pub fn test_reading<'a>(
    battle: &'a Battle,
    kind: TestKind,
    unit: Option<UnitId>,
    dice: &[D6],
    modifier: i32,
) -> Result<TestReading<'a>, NoRow> {
    let facts = unit.and_then(|id| battle.unit(id)).filter(|_| dice.len() == 2).map(crate::model::Unit::facts);
    battle.options.gdb.read_test(kind, dice, modifier, facts.as_ref())
}

/// How many D6 a test on the players' table rolls: two, or one under Ruleset B (B-MEL-17).
pub fn test_dice_count(battle: &Battle) -> usize {
    if battle.ruleset == crate::rules::Ruleset::RulesetB { 1 } else { 2 }
}

/// The answer a roll on the players' table gives: two D6, or one (Ruleset B, B-MEL-17).
pub fn rolled_answer(dice: &[D6], modifier: i32) -> Option<crate::rules::gdb::charge::TestAnswer> {
    use crate::rules::gdb::charge::TestAnswer;
    match *dice {
        [die] => Some(TestAnswer::RolledOne { die, modifier }),
        [a, b] => Some(TestAnswer::Rolled { dice: [a, b], modifier }),
        _ => None,
    }
}

/// What kind of engagement the players have open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpenKind {
    /// A GdB charge, from its declaration to its melee.
    Charge,
    /// A GdB melee.
    Melee,
    /// A Ruleset B collision test.
    Collision,
    /// A turn of Ruleset B melee.
    BMelee,
}

/// The engagement the players have open in a wizard, as the command handler hands it
/// to the players' view when it changes (issue 32): who, how far along, and the melee's
/// situation for its modifiers and exact odds before the dice.
#[derive(Debug, Clone, PartialEq)]
pub struct OpenEngagement {
    /// What it is.
    pub kind: OpenKind,
    /// The charger or attacker, then the target or defender.
    pub units: [crate::model::UnitId; 2],
    /// The wizard's step, from 1.
    pub step: u32,
    /// The charge declared (GDB-CHG-03).
    pub declared: bool,
    /// The distance typed or measured, cm.
    pub distance_cm: Option<u32>,
    /// The GdB melee's situation: both sides' modifiers and the odds (GDB-MOD, GDB-MEL-05).
    pub melee: Option<crate::rules::gdb::MeleeInput>,
    /// The dice given, each side's pair.
    pub dice: Option<([u8; 2], [u8; 2])>,
}

impl ChargeDraft {
    /// The charge as the players' view shows it.
    pub fn open_engagement(&self, battle: &Battle) -> OpenEngagement {
        OpenEngagement {
            kind: OpenKind::Charge,
            units: [self.charger(), self.target()],
            // The declaration is the first step the players see.
            step: self.step_number().saturating_add(1),
            declared: self.is_declared(),
            distance_cm: self.typed_distance(),
            melee: self.melee_preview(battle),
            dice: None,
        }
    }
}

impl MeleeDraft {
    /// The melee as the players' view shows it.
    pub fn open_engagement(&self, battle: &Battle) -> OpenEngagement {
        OpenEngagement {
            kind: OpenKind::Melee,
            units: [self.attacker(), self.defender()],
            step: match self.step_now() {
                MeleeDraftStep::Situation => 1,
                MeleeDraftStep::Result => 2,
            },
            declared: false,
            distance_cm: None,
            melee: self.situation(battle),
            dice: self.dice_given(battle).map(|d| (d.attacker.numbers(), d.defender.numbers())),
        }
    }
}

impl CollisionDraft {
    /// The collision test as the players' view shows it.
    pub fn open_engagement(&self) -> OpenEngagement {
        let step = if self.at_result() { 2 } else { 1 };
        OpenEngagement {
            kind: OpenKind::Collision,
            units: [self.attacker(), self.defender()],
            step,
            declared: false,
            distance_cm: None,
            melee: None,
            dice: None,
        }
    }
}

impl BMeleeDraft {
    /// The Ruleset B melee as the players' view shows it.
    pub fn open_engagement(&self) -> OpenEngagement {
        OpenEngagement {
            kind: OpenKind::BMelee,
            units: [self.attacker(), self.defender()],
            step: 1,
            declared: false,
            distance_cm: None,
            melee: None,
            dice: None,
        }
    }
}

/// The action that applies the rules settings the players edited (`pack`: the rules
/// under the name and version they gave them, issue 50). Under the name the battle
/// already goes by (none included), the rules change as settings do, and a battle that
/// took a pack then shows its rules changed since; under a name or version they changed,
/// the battle takes the rules as that pack.
pub fn rules_action(battle: &crate::model::Battle, pack: crate::model::RulesPack) -> super::Action {
    if pack.id == battle.rules_pack().id {
        super::Action::SetOptions(Box::new((pack.ruleset, pack.options)))
    } else {
        super::Action::AdoptPack(Box::new(pack))
    }
}
