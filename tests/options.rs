//! Ruleset options and profiles: each option changes the outcome it names, both ways;
//! profiles round-trip; option changes are undoable steps.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use coldsteel::game::Action;
use coldsteel::model::RulesOptions;
use coldsteel::rules::gdb::charge::{Charge, ChargeError, ChargeUnit, Declaration, Input, Opportunity, Reaction};
use coldsteel::rules::gdb::{MeleeInput, MeleeSide, Role};
use coldsteel::rules::ruleset_b::{BMeleeInput, BSide, LoserReason, MeleeState, SideTurn};
use coldsteel::rules::{Arm, BOptions, Formation, GdbOptions, Order, Ruleset};
use coldsteel::storage::{self, Profile};

/// `COLDSTEEL_WRITE_SAVES=1` rewrites the shipped default profile.
#[test]
fn the_default_profile_is_the_default_options() {
    if std::env::var_os("COLDSTEEL_WRITE_SAVES").is_some() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/profiles/default.profile.json");
        let text = storage::profile_to_json(&Profile::new(Ruleset::Gdb, RulesOptions::default()));
        std::fs::write(path, text + "\n").unwrap();
        return;
    }
    let p = storage::profile_from_json(storage::DEFAULT_PROFILE_JSON).unwrap();
    assert_eq!(p, Profile::new(Ruleset::Gdb, RulesOptions::default()));
}

#[test]
fn a_profile_round_trips_and_refuses_other_files() {
    let mut options = RulesOptions::default();
    options.gdb.square_break_margin = 8;
    options.ruleset_b.zone_widths_cm = vec![4, 6];
    let p = Profile::new(Ruleset::RulesetB, options);
    assert_eq!(storage::profile_from_json(&storage::profile_to_json(&p)).unwrap(), p);
    assert!(storage::profile_from_json(storage::DEFAULT_BATTLE_JSON).is_err());
}

#[test]
fn setting_options_is_one_undoable_step() {
    let mut g = storage::default_game().unwrap();
    let before = g.battle.clone();
    let mut options = g.battle.options.clone();
    options.gdb.infantry_may_counter_charge = true;
    g.perform(&Action::SetOptions(Box::new((Ruleset::RulesetB, options.clone())))).unwrap();
    assert_eq!(g.battle.ruleset, Ruleset::RulesetB);
    assert_eq!(g.battle.options, options);
    g.undo().unwrap();
    assert_eq!(g.battle, before);
}

fn melee(a: MeleeSide, d: MeleeSide, options: GdbOptions) -> MeleeInput {
    MeleeInput { attacker: a, defender: d, options }
}

fn total(input: &MeleeInput, role: Role) -> i32 {
    input.modifiers(role).iter().map(|m| m.value).sum()
}

/// AMB-04: who may evade, both ways.
#[test]
fn amb_04_evade_list() {
    let cav = ChargeUnit { arm: Arm::Dragoons, charge_move_cm: Some(30), ..Default::default() };
    let dragoons = ChargeUnit { arm: Arm::Dragoons, compulsory_move_cm: Some(20), ..Default::default() };
    let decl = Declaration {
        charger: cav,
        target: dragoons,
        distance_cm: 20,
        commander_within_15cm: true,
        commander_is_own: true,
        target_visible: true,
        ..Default::default()
    };
    let c = Charge::declare(decl.clone(), GdbOptions::default(), false).unwrap();
    assert_eq!(c.step(Input::Reaction(Reaction::Evade)).unwrap_err().1, ChargeError::MayNotEvade);
    let opts = GdbOptions { may_evade: vec![Arm::Dragoons], ..GdbOptions::default() };
    assert!(Charge::declare(decl, opts, false).unwrap().step(Input::Reaction(Reaction::Evade)).is_ok());
}

/// AMB-05: the blank cells, both ways.
#[test]
fn amb_05_blank_cells() {
    let a = MeleeSide { arm: Arm::Cossacks, ..Default::default() };
    let d = MeleeSide { arm: Arm::Infantry, ..Default::default() };
    assert_eq!(total(&melee(a.clone(), d.clone(), GdbOptions::default()), Role::Attacker), 0);
    let mut opts = GdbOptions::default();
    opts.blank_cells.cossacks = 1;
    assert_eq!(total(&melee(a, d, opts), Role::Attacker), 1);
}

/// AMB-09: the +4 of a column against cavalry only when formed, both ways.
#[test]
fn amb_09_column_bonus_needs_formed() {
    let a = MeleeSide { arm: Arm::Dragoons, ..Default::default() };
    let d =
        MeleeSide { arm: Arm::Infantry, formation: Formation::Column, order: Order::Disordered, ..Default::default() };
    let with = melee(a.clone(), d.clone(), GdbOptions::default());
    assert!(!with.modifiers(Role::Defender).iter().any(|m| m.rule.id() == "GDB-MOD-23"));
    let opts = GdbOptions { column_square_bonus_needs_formed: false, ..GdbOptions::default() };
    assert!(melee(a, d, opts).modifiers(Role::Defender).iter().any(|m| m.rule.id() == "GDB-MOD-23"));
}

/// AMB-44: opportunity orders per general, both ways.
#[test]
fn amb_44_orders_per_general() {
    let cav = ChargeUnit { arm: Arm::LightCavalry, charge_move_cm: Some(30), ..Default::default() };
    let decl = Declaration {
        charger: cav.clone(),
        target: cav,
        distance_cm: 20,
        commander_within_15cm: true,
        commander_is_own: true,
        target_visible: true,
        opportunity: Some(Opportunity { orders_used: 1, in_reach_at_phase_start: true, ..Default::default() }),
        ..Default::default()
    };
    assert_eq!(Charge::declare(decl.clone(), GdbOptions::default(), false).unwrap_err(), ChargeError::NoOrdersLeft);
    let opts = GdbOptions { opportunity_orders_per_general: 2, ..GdbOptions::default() };
    assert!(Charge::declare(decl, opts, false).is_ok());
}

/// AMB-33: the tolerance for "relatively equal" losses, both ways.
#[test]
fn amb_33_equal_losses_tolerance() {
    let inf = |c| BSide { arm: Arm::Infantry, charging: c, figures: 24, figures_in_contact: 6, ..Default::default() };
    let turn = |lost| SideTurn { losses: 0, earlier_losses: lost, test: None };
    let m = BMeleeInput { attacker: inf(true), defender: inf(false), turn: 2, options: BOptions::default() };
    let state = m.state(&turn(2), &turn(3));
    assert!(matches!(state, MeleeState::Ends { reason: LoserReason::AttackerOnEqualLosses, .. }), "{state:?}");
    let strict = BMeleeInput { options: BOptions { equal_losses_tolerance_figures: 0, ..BOptions::default() }, ..m };
    assert!(matches!(
        strict.state(&turn(2), &turn(3)),
        MeleeState::Ends { loser: Role::Defender, reason: LoserReason::HeavierLosses, .. }
    ));
}
