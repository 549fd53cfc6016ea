//! A fire as a draft (issue 28): the firer and the target, each choice with the game's
//! verdict (GDB-CHG-11, 22, GDB-MEL-02); the dice on the players' firing table or the
//! losses typed; whether the players' rules owe a test. It finishes into `Action::Fire`.

use crate::game::fire::{fire_losses, may_be_fired_at, may_fire_with};
use crate::game::{Action, ActionError, FireAction, FireRoll};
use crate::model::{Battle, RngState, TableRoll, Unit, UnitId};
use crate::rules::dice::D6;

/// A fire being drafted.
#[derive(Debug, Clone, PartialEq)]
pub struct FireDraft {
    pub firer: Option<UnitId>,
    pub target: Option<UnitId>,
    /// The 2D6, once typed or rolled, and the players' modifier (none given is 0).
    pub dice: Option<[D6; 2]>,
    pub modifier: Option<i32>,
    /// The figures lost as given (where the players keep no firing table).
    pub figures: Option<u32>,
    /// The players' rules owe the target a morale test (their setting gives the default).
    pub test_owed: bool,
    pub rng_after: Option<RngState>,
    /// The unit selected when the fire opened.
    pub selected: Option<UnitId>,
}

impl FireDraft {
    /// Opens a fire, from the unit selected if it may fire.
    pub fn open(battle: &Battle, selected: Option<UnitId>) -> Self {
        let firer = selected.filter(|id| battle.unit(*id).is_some_and(|u| may_fire_with(battle, u).is_ok()));
        FireDraft {
            selected,
            firer,
            target: None,
            dice: None,
            modifier: None,
            figures: None,
            test_owed: battle.options.gdb.test_after_fire,
            rng_after: None,
        }
    }

    /// The unit selected when the fire opened, while no firer is picked and it may not
    /// fire, and why: the players are told rather than finding no firer picked.
    pub fn selected_refused(&self, battle: &Battle) -> Option<(UnitId, ActionError)> {
        let id = self.selected.filter(|_| self.firer.is_none())?;
        Some((id, may_fire_with(battle, battle.unit(id)?).err()?))
    }

    /// Whether the players keep a firing table (then the dice are read on it).
    pub fn has_table(battle: &Battle) -> bool {
        !battle.options.gdb.firing.is_empty()
    }

    /// What the table view measures between the firer and its target, when both stand on
    /// it: edge to edge in the rules' cm, and degrees off the firer's straight ahead (the
    /// players' rulebook reads its ranges and arcs from them).
    pub fn on_table(&self, battle: &Battle) -> Option<(f64, f64)> {
        let facts = crate::game::table::charge_facts(battle, self.firer?, self.target?)?;
        Some((facts.distance_cm, facts.angle_deg))
    }

    /// Every unit in play, each with whether it may fire now.
    pub fn firers<'a>(&self, battle: &'a Battle) -> Vec<(&'a Unit, Result<(), ActionError>)> {
        battle.units.iter().filter(|u| u.order.in_play()).map(|u| (u, may_fire_with(battle, u))).collect()
    }

    /// The firer's enemies in play, each with whether it may be fired at.
    pub fn targets<'a>(&self, battle: &'a Battle) -> Vec<(&'a Unit, Result<(), ActionError>)> {
        let Some(firer) = self.firer.and_then(|id| battle.unit(id)) else { return Vec::new() };
        battle
            .units
            .iter()
            .filter(|u| u.side != firer.side && u.order.in_play())
            .map(|u| (u, may_be_fired_at(battle, firer, u)))
            .collect()
    }

    /// The action as the inputs stand.
    pub fn action(&self) -> Option<FireAction> {
        let modifier = self.modifier.unwrap_or(0);
        Some(FireAction {
            firer: self.firer?,
            target: self.target?,
            roll: self.dice.map(|dice| FireRoll { dice, modifier }),
            figures: self.figures,
            test_owed: self.test_owed,
            rng_after: self.rng_after.clone(),
        })
    }

    /// The losses the game reads from the inputs, with the row of the players' table.
    pub fn losses(&self, battle: &Battle) -> Option<Result<(u32, Option<TableRoll>), ActionError>> {
        self.action().map(|a| fire_losses(battle, &a))
    }

    /// The fire to apply, judged by the game.
    pub fn finish(&self, battle: &Battle) -> Result<Action, ActionError> {
        let action = Action::Fire(Box::new(self.action().ok_or(crate::game::fire::FireError::LossesNeeded)?));
        crate::game::check(&action, battle)?;
        Ok(action)
    }
}

/// Closing fire in a charge is read on the players' firing table as a fire is (the
/// figures then go to the charge's closing-fire step, bounded by the charger's,
/// GDB-CHG-13).
pub fn firing_table_read(battle: &Battle, dice: [D6; 2], modifier: i32) -> Option<(u32, TableRoll)> {
    crate::game::fire::firing_table_read(battle, FireRoll { dice, modifier }).ok()
}
