//! Ruleset options and profiles: each option changes the outcome it names, both ways;
//! profiles round-trip; option changes are undoable steps.

use crate::common;

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
    let before = g.battle().clone();
    let mut options = g.battle().options.clone();
    options.gdb.infantry_may_counter_charge = true;
    g.perform(&Action::SetOptions(Box::new((Ruleset::RulesetB, options.clone())))).unwrap();
    assert_eq!(g.battle().ruleset, Ruleset::RulesetB);
    assert_eq!(g.battle().options, options);
    g.undo().unwrap();
    assert_eq!(g.battle(), &before);
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
    let c = Charge::declare(decl.clone(), GdbOptions::default()).unwrap();
    assert_eq!(c.step(Input::Reaction(Reaction::Evade)).unwrap_err().1, ChargeError::MayNotEvade);
    let opts = GdbOptions { may_evade: vec![Arm::Dragoons], ..GdbOptions::default() };
    assert!(Charge::declare(decl, opts).unwrap().step(Input::Reaction(Reaction::Evade)).is_ok());
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
    assert!(!with.modifiers(Role::Defender).iter().any(|m| m.rule_id() == "GDB-MOD-23"));
    let opts = GdbOptions { column_square_bonus_needs_formed: false, ..GdbOptions::default() };
    assert!(melee(a, d, opts).modifiers(Role::Defender).iter().any(|m| m.rule_id() == "GDB-MOD-23"));
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
    assert_eq!(Charge::declare(decl.clone(), GdbOptions::default()).unwrap_err(), ChargeError::NoOrdersLeft);
    let opts = GdbOptions { opportunity_orders_per_general: 2, ..GdbOptions::default() };
    assert!(Charge::declare(decl, opts).is_ok());
}

/// AMB-33: the tolerance for "relatively equal" losses, both ways.
#[test]
fn amb_33_equal_losses_tolerance() {
    let inf = |c| BSide {
        arm: Arm::Infantry,
        figures: 24,
        figures_in_contact: 6,
        situation: coldsteel::rules::Situation { charging: c, ..Default::default() },
        ..Default::default()
    };
    let turn = |lost| SideTurn { losses: 0, earlier_losses: lost, test: None, fresh_charge: false };
    let m = BMeleeInput { attacker: inf(true), defender: inf(false), turn: 2, options: BOptions::default() };
    let state = m.state(&turn(2), &turn(3));
    assert!(matches!(state, MeleeState::Ends { reason: LoserReason::AttackerOnEqualLosses, .. }), "{state:?}");
    let strict = BMeleeInput { options: BOptions { equal_losses_tolerance_figures: 0, ..BOptions::default() }, ..m };
    assert!(matches!(
        strict.state(&turn(2), &turn(3)),
        MeleeState::Ends { loser: Role::Defender, reason: LoserReason::HeavierLosses, .. }
    ));
}

/// AMB-23, AMB-24/25, GDB-CHG-10, AMB-22: lookups in the player-filled tables.
#[test]
fn player_tables_are_looked_up() {
    use coldsteel::rules::options::{DistanceRow, DurationRow, LimberRow, TestKind, TestRow, TestTable};
    let mut o = GdbOptions::default();
    assert!(!o.has_table(TestKind::Charge));
    o.tests.push(TestTable {
        test: TestKind::Charge,
        rows: vec![
            TestRow {
                from: -10,
                to: 5,
                result: "retreat".into(),
                kind: coldsteel::rules::options::TestResult::Retreat,
            },
            TestRow { from: 6, to: 30, result: "pass".into(), kind: coldsteel::rules::options::TestResult::Pass },
        ],
    });
    assert_eq!(o.test_row(TestKind::Charge, 7).unwrap().result, "pass");
    assert_eq!(o.test_row(TestKind::Charge, 4).unwrap().result, "retreat");
    assert!(o.test_row(TestKind::Stand, 7).is_none());
    o.distances.push(DistanceRow {
        arm: Arm::Dragoons,
        formation: None,
        move_cm: Some(18),
        charge_cm: Some(27),
        retreat_cm: Some(20),
        rout_cm: None,
    });
    o.distances.push(DistanceRow {
        arm: Arm::Dragoons,
        formation: Some(Formation::Column),
        move_cm: Some(24),
        charge_cm: Some(36),
        retreat_cm: None,
        rout_cm: None,
    });
    assert_eq!(o.distance(Arm::Dragoons, Formation::Line).unwrap().charge_cm, Some(27));
    assert_eq!(o.distance(Arm::Dragoons, Formation::Column).unwrap().charge_cm, Some(36));
    assert!(o.distance(Arm::Infantry, Formation::Line).is_none());
    o.durations.push(DurationRow { from: Formation::Line, to: Formation::Square, turns: (3, 4) });
    assert_eq!(o.duration(Formation::Line, Formation::Square), Some((3, 4)));
    o.emergency_limber.push(LimberRow { die: 3, result: "limbers and withdraws".into() });
    assert_eq!(o.limber(3), Some("limbers and withdraws"));
    assert_eq!(o.limber(4), None);
}

/// A battle with a filled test table rolls on it and logs the row used.
#[test]
fn a_filled_test_table_is_rolled_on_and_the_row_logged() {
    use coldsteel::game::Game;
    use coldsteel::model::LogDetail;
    use coldsteel::rules::gdb::charge::{Happening, TestAnswer, TestResult};
    let mut g: Game = common::default_at(coldsteel::rules::Phase::Charges);
    let mut options = g.battle().options.clone();
    options.gdb.tests.push(common::charge_test_always_passes());
    g.perform(&Action::SetOptions(Box::new((Ruleset::Gdb, options)))).unwrap();
    // The players roll 3 and 4 on their table for the charge test; the game reads the row.
    let inputs = vec![
        Input::Reaction(Reaction::Stand),
        Input::ChargerTest(TestAnswer::Rolled { dice: crate::common::d6([3, 4]), modifier: 0 }),
        Input::StandTest(TestResult::Pass.into()),
    ];
    let a = common::charge(&g, "Sumy Hussars", "1st Tirailleurs of the Guard", 12, inputs);
    common::do_charge(&mut g, a);
    let LogDetail::Charge { happened, .. } = &g.battle().log.last().unwrap().detail else { panic!() };
    assert!(happened.iter().any(|h| matches!(h, Happening::TableRoll { row, .. } if row.2 == "pass")));
    let text =
        coldsteel::i18n::log_text::entry_lines(coldsteel::i18n::Lang::En, g.battle(), g.battle().log.last().unwrap())
            .join("\n");
    assert!(text.contains("row 2 to 30 of your table: pass"), "{text}");
}

/// AMB-37: the attack-proper distance per arm.
#[test]
fn amb_37_attack_distances() {
    let mut o = BOptions::default();
    assert_eq!(o.attack_distance(Arm::Dragoons), None);
    o.attack_distances.push((Arm::Dragoons, 12));
    assert_eq!(o.attack_distance(Arm::Dragoons), Some(12));
}

/// AMB-23 for the tests owed after a melee: the winner's pursuit test rolled on the
/// players' table is logged with the row used, and its result applies: the pursuer is
/// marked, and counts +2 in its next melee (GDB-RES-02, GDB-MOD-21).
#[test]
fn a_pursuit_test_rolled_on_the_table_is_logged() {
    use coldsteel::game::GdbMeleeAction;
    use coldsteel::model::{Engagement, LogDetail};
    use coldsteel::rules::gdb::charge::TestAnswer;
    use coldsteel::rules::options::{TestKind, TestResult, TestRow, TestTable};
    let mut g = storage::default_game().unwrap();
    let mut options = g.battle().options.clone();
    let row = TestRow { from: 7, to: 9, result: "Excellent drill".into(), kind: TestResult::Pursue };
    options.gdb.tests.push(TestTable { test: TestKind::Pursuit, rows: vec![row] });
    g.perform(&Action::SetOptions(Box::new((Ruleset::Gdb, options)))).unwrap();
    let (a, d) = (g.battle().units[12].id, g.battle().units[5].id);
    let contact = Engagement::contact(a, d).charged(Some(10));
    g.perform(&Action::AddPendingMelee(contact)).unwrap();
    // Melees are fought in the Melee phase (GDB-MEL-02).
    crate::common::initiative(&mut g, [6, 6], [1, 1], coldsteel::rules::Side::First);
    crate::common::to(&mut g, coldsteel::rules::Phase::Melee);
    let action = Action::GdbMelee(Box::new(GdbMeleeAction {
        attacker: a,
        defender: d,
        table: Default::default(),
        dice: crate::common::melee_dice(([6, 6], [1, 1])),
        losses: Some((0, 2).into()),
        test: Some(TestAnswer::Rolled { dice: crate::common::d6([4, 3]), modifier: 1 }),
        overridden: None,
        rng_after: None,
    }));
    g.perform(&action).unwrap();
    let entry = g.battle().log.last().unwrap();
    let LogDetail::GdbMelee { tests, .. } = &entry.detail else { panic!() };
    assert_eq!(tests.len(), 1);
    let text = coldsteel::i18n::log_text::entry_lines(coldsteel::i18n::Lang::En, g.battle(), entry).join("\n");
    assert!(text.contains("Pursuit test") && text.contains("Excellent drill"), "{text}");
    assert!(g.battle().unit(a).unwrap().markers.contains(&coldsteel::rules::Marker::Pursuing));
}

/// AMB-43: a rout moves the rout distance, or the retreat distance when none is set.
#[test]
fn amb_43_rout_distance_in_the_checklist() {
    use coldsteel::game::Todo;
    use coldsteel::rules::options::DistanceRow;
    let g = storage::default_game().unwrap();
    let u = g.battle().units[5].clone();
    let row = DistanceRow {
        arm: u.arm,
        formation: None,
        move_cm: None,
        charge_cm: None,
        retreat_cm: Some(20),
        rout_cm: None,
    };
    let g = common::edited(&g, |b| b.options.gdb.distances.push(row));
    let lang = coldsteel::i18n::Lang::En;
    let text = coldsteel::i18n::log_text::todo_text(lang, g.battle(), &Todo::Rout(u.id));
    assert!(text.ends_with("(20 cm)"), "{text}");
    let g = common::edited(&g, |b| b.options.gdb.distances[0].rout_cm = Some(30));
    let text = coldsteel::i18n::log_text::todo_text(lang, g.battle(), &Todo::Rout(u.id));
    assert!(text.ends_with("(30 cm)"), "{text}");
}

#[test]
fn an_older_profile_row_reads_its_kind_from_the_gravest_word() {
    let mut v: serde_json::Value = serde_json::from_str(storage::DEFAULT_PROFILE_JSON).unwrap();
    let rows = serde_json::json!([
        {"from": 2, "to": 5, "result": "Halt, disordered"},
        {"from": 6, "to": 7, "result": "Отступают в беспорядке"},
        {"from": 8, "to": 9, "result": "Halt"},
        {"from": 10, "to": 12, "result": "passed"}
    ]);
    v["options"]["gdb"]["tests"] = serde_json::json!([{"test": "stand", "rows": rows}]);
    let p = storage::profile_from_json(&v.to_string()).unwrap();
    let kinds: Vec<coldsteel::rules::options::TestResult> =
        p.options.gdb.tests[0].rows.iter().map(|r| r.kind).collect();
    assert_eq!(
        kinds,
        [
            coldsteel::rules::options::TestResult::Unformed,
            coldsteel::rules::options::TestResult::Retreat,
            coldsteel::rules::options::TestResult::Halt,
            coldsteel::rules::options::TestResult::Pass
        ]
    );
}

/// AMB-24, AMB-25: rates typed at the table fill the players' distances table for the arm
/// and formation, only where it has no value, starting from the any-formation row.
#[test]
fn amb_24_typed_rates_fill_the_distances_table() {
    use coldsteel::rules::options::DistanceRow;
    let mut o = GdbOptions { distances: Vec::new(), ..GdbOptions::default() };
    let typed = DistanceRow { charge_cm: Some(36), ..DistanceRow::empty(Arm::Dragoons) };
    assert!(o.remember_rates(Arm::Dragoons, Formation::Line, &typed));
    assert_eq!(o.distance(Arm::Dragoons, Formation::Line).unwrap().charge_cm, Some(36));
    assert!(o.distance(Arm::Dragoons, Formation::Column).is_none(), "only that formation");
    assert!(!o.remember_rates(Arm::Dragoons, Formation::Line, &typed), "nothing new");
    // A value the table has is kept; a missing one joins the row.
    let more = DistanceRow { charge_cm: Some(40), move_cm: Some(30), ..DistanceRow::empty(Arm::Dragoons) };
    assert!(o.remember_rates(Arm::Dragoons, Formation::Line, &more));
    let row = o.distance(Arm::Dragoons, Formation::Line).unwrap();
    assert_eq!((row.move_cm, row.charge_cm), (Some(30), Some(36)));
    assert_eq!(o.distances.len(), 1);
    // A formation of its own, starting from the arm's any-formation row.
    o.distances.push(DistanceRow { retreat_cm: Some(12), ..DistanceRow::empty(Arm::Infantry) });
    let typed = DistanceRow { move_cm: Some(15), ..DistanceRow::empty(Arm::Infantry) };
    assert!(o.remember_rates(Arm::Infantry, Formation::Column, &typed));
    let row = o.distance(Arm::Infantry, Formation::Column).unwrap();
    assert_eq!((row.formation, row.move_cm, row.retreat_cm), (Some(Formation::Column), Some(15), Some(12)));
    assert_eq!(o.distance(Arm::Infantry, Formation::Line).unwrap().move_cm, None, "the any row is untouched");
}

/// AMB-13: losses typed for a result become the casualty-table row that gives them again,
/// with the halving of infantry's damage to cavalry undone (GDB-RES-16).
#[test]
fn amb_13_typed_losses_become_the_casualty_row_that_gives_them() {
    use coldsteel::game::{casualty_row_for, gdb_melee_result};
    use coldsteel::model::{Engagement, GdbMeleeAction};
    let mut g = storage::default_game().unwrap();
    let id = |name: &str| g.battle().units.iter().find(|u| u.name == name).unwrap().id;
    let (cavalry, infantry) = (id("Grenadiers à cheval"), id("Ladoga Infantry"));
    g.perform(&Action::AddPendingMelee(Engagement::contact(cavalry, infantry).charged(Some(10)))).unwrap();
    let m = GdbMeleeAction {
        attacker: cavalry,
        defender: infantry,
        table: Default::default(),
        dice: crate::common::melee_dice(([6, 6], [1, 1])),
        losses: None,
        test: None,
        overridden: None,
        rng_after: None,
    };
    let result = gdb_melee_result(g.battle(), &m).unwrap();
    assert_eq!(result.winner, Some(Role::Attacker));
    // The cavalry winner typed 1 (infantry's damage halved), the infantry loser 4.
    let row = casualty_row_for(g.battle(), &m, (1, 4).into()).unwrap();
    assert_eq!(row.outcome, result.outcome.casualty_key());
    assert_eq!((row.loser_loses, row.winner_loses, row.winner_arm), (4, 2, None));
    let mut battle = g.battle().clone();
    battle.options.gdb.casualties.push(row);
    let again = gdb_melee_result(&battle, &m).unwrap();
    let figures = |effects: &[coldsteel::rules::gdb::Effect]| {
        effects.iter().find_map(|e| match e {
            coldsteel::rules::gdb::Effect::Casualties { figures, .. } => Some(*figures),
            _ => None,
        })
    };
    assert_eq!((figures(&again.attacker_effects), figures(&again.defender_effects)), (Some(1), Some(4)));
}
