//! The whole game through its one writer: two turns of the default battle with their
//! checklists and markers, and undo/redo of any sequence of actions.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::side_of;

use coldsteel::game::{Action, Game, GdbMeleeAction, Todo, checklist};
use coldsteel::model::{LogDetail, PendingMelee, Unit, UnitId};
use coldsteel::rules::{BySide, Marker, Order, Phase, Side};
use coldsteel::storage;
use proptest::prelude::*;

fn game() -> Game {
    storage::default_game().unwrap()
}

fn id(game: &Game, name: &str) -> UnitId {
    game.battle.units.iter().find(|u| u.name == name).unwrap().id
}

fn unit<'a>(game: &'a Game, name: &str) -> &'a Unit {
    game.battle.units.iter().find(|u| u.name == name).unwrap()
}

fn melee(game: &Game, attacker: &str, defender: &str, dice: ([u8; 2], [u8; 2]), losses: (u32, u32)) -> Action {
    let (a, d) = (unit(game, attacker), unit(game, defender));
    Action::GdbMelee(Box::new(GdbMeleeAction {
        attacker: a.id,
        defender: d.id,
        attacker_side: side_of(a, true, Some(12)),
        defender_side: side_of(d, false, None),
        dice,
        losses,
        overridden: None,
        rng_after: None,
        tests: Vec::new(),
    }))
}

fn advance_to(game: &mut Game, phase: Phase) {
    while game.battle.phase != phase {
        game.perform(&Action::AdvancePhase).unwrap();
    }
}

/// GDB-SEQ-01, GDB-SEQ-02, GDB-SEQ-03: initiative, phasing side, retreats moved next
/// turn in compulsory moves; GDB-MEL-01, GDB-MEL-02: melees come from contact and wait
/// for the Melee phase.
#[test]
fn two_turns_of_the_default_battle() {
    let mut g = game();
    // Turn 1, initiative: the checklist asks for it and the turn cannot go on without it.
    assert_eq!(checklist(&g.battle), vec![Todo::RollInitiative]);
    assert!(g.perform(&Action::AdvancePhase).is_err());
    let tie =
        Action::Initiative { dice: BySide { first: [3, 3], second: [2, 4] }, phasing: Side::First, rng_after: None };
    assert!(g.perform(&tie).is_err(), "a tie is rolled again");
    let init =
        Action::Initiative { dice: BySide { first: [5, 4], second: [2, 4] }, phasing: Side::Second, rng_after: None };
    g.perform(&init).unwrap();
    assert_eq!(g.battle.phasing, Some(Side::Second));
    assert!(checklist(&g.battle).is_empty());

    // Charges: the phasing side declares first; the cuirassiers reach the 33e Léger.
    advance_to(&mut g, Phase::Charges);
    assert_eq!(checklist(&g.battle), vec![Todo::DeclareCharges { first: Side::Second }]);
    let (cuir, leger) = (id(&g, "Ekaterinoslav Cuirassiers"), id(&g, "4th bn, 33e Léger"));
    let contact = PendingMelee {
        attacker: cuir,
        defender: leger,
        charging: true,
        moved_cm: Some(14),
        flank_or_rear: false,
        melee_turn: 1,
    };
    g.perform(&Action::AddPendingMelee(contact)).unwrap();
    let mut charged = unit(&g, "Ekaterinoslav Cuirassiers").clone();
    charged.markers.insert(Marker::ChargedThisTurn);
    g.perform(&Action::EditUnit(charged)).unwrap();

    // Melee: the cuirassiers (+5 +2 charging +1 good horses) beat conscripts in line by 4.
    advance_to(&mut g, Phase::Melee);
    assert!(matches!(checklist(&g.battle)[..], [Todo::Melee { index: 0, .. }]));
    g.perform(&melee(&g, "Ekaterinoslav Cuirassiers", "4th bn, 33e Léger", ([2, 3], [4, 4]), (0, 3))).unwrap();
    let leger_now = unit(&g, "4th bn, 33e Léger");
    assert!(leger_now.markers.contains(&Marker::Retreating));
    assert!(!leger_now.markers.contains(&Marker::InMelee));
    assert_eq!(leger_now.figures, 17);
    assert!(g.battle.pending_melees.is_empty());

    // Morale: the unit that lost figures tests.
    advance_to(&mut g, Phase::Morale);
    assert_eq!(checklist(&g.battle), vec![Todo::MoraleTest(leger)]);

    // Turn 2: the charge marker expires; the retreat is owed in compulsory moves.
    g.perform(&Action::AdvancePhase).unwrap();
    assert_eq!((g.battle.turn, g.battle.phase), (2, Phase::Initiative));
    assert_eq!(g.battle.phasing, None);
    assert!(!unit(&g, "Ekaterinoslav Cuirassiers").markers.contains(&Marker::ChargedThisTurn));
    let init2 =
        Action::Initiative { dice: BySide { first: [6, 6], second: [1, 2] }, phasing: Side::First, rng_after: None };
    g.perform(&init2).unwrap();
    g.perform(&Action::AdvancePhase).unwrap();
    assert_eq!(g.battle.phase, Phase::CompulsoryMoves);
    assert_eq!(checklist(&g.battle), vec![Todo::Retreat(leger)]);
    g.perform(&Action::AdvancePhase).unwrap();
    assert!(!unit(&g, "4th bn, 33e Léger").markers.contains(&Marker::Retreating), "retreat done");

    // A second melee that is drawn stays pending for next turn.
    let (dragoons, lancers) = (id(&g, "Kiev Dragoons"), id(&g, "1st Polish Guard Lancers"));
    g.perform(&Action::AddPendingMelee(PendingMelee {
        attacker: dragoons,
        defender: lancers,
        charging: true,
        moved_cm: Some(10),
        flank_or_rear: false,
        melee_turn: 1,
    }))
    .unwrap();
    advance_to(&mut g, Phase::Melee);
    // Dragoons +3 +2 = +5; Guard lancers not charging count as light: +2 +2 = +4. 9 + 5 = 10 + 4.
    g.perform(&melee(&g, "Kiev Dragoons", "1st Polish Guard Lancers", ([4, 5], [5, 5]), (1, 1))).unwrap();
    assert_eq!(g.battle.pending_melees.len(), 1);
    assert_eq!(g.battle.pending_melees[0].melee_turn, 2);
    assert_eq!(unit(&g, "Kiev Dragoons").order, Order::Disordered);
    assert!(unit(&g, "Kiev Dragoons").markers.contains(&Marker::InMelee));

    let melees = g.battle.log.iter().filter(|e| matches!(e.detail, LogDetail::GdbMelee { .. })).count();
    assert_eq!(melees, 2);
    assert!(g.battle.log.iter().all(|e| e.turn <= 2));
}

/// Actions the property test picks from, valid or not (refused ones change nothing).
fn arb_action(g: &Game, pick: u8, a: usize, b: usize, d: [u8; 4]) -> Action {
    let units = &g.battle.units;
    let ua = &units[a % units.len()];
    let ub = &units[b % units.len()];
    match pick % 8 {
        0 => Action::AdvancePhase,
        1 => Action::Initiative {
            dice: BySide { first: [d[0], d[1]], second: [d[2], d[3]] },
            phasing: if d[0] % 2 == 0 { Side::First } else { Side::Second },
            rng_after: None,
        },
        2 => Action::EditUnit(Unit { order: Order::ALL[usize::from(d[0]) % 4], ..ua.clone() }),
        3 => Action::DuplicateUnit(ua.id),
        4 => Action::DeleteUnit(ua.id),
        5 => Action::AddPendingMelee(PendingMelee {
            attacker: ua.id,
            defender: ub.id,
            charging: true,
            moved_cm: None,
            flank_or_rear: false,
            melee_turn: 1,
        }),
        6 => melee(g, &ua.name.clone(), &ub.name.clone(), ([d[0], d[1]], [d[2], d[3]]), (u32::from(d[0]), 1)),
        _ => Action::Note(format!("note {a}")),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Any sequence of actions, undone completely, gives back the initial battle
    /// exactly; redone completely, the final one.
    #[test]
    fn undo_all_restores_and_redo_all_replays(steps in prop::collection::vec((any::<u8>(), any::<usize>(), any::<usize>(), [1u8..=6, 1u8..=6, 1u8..=6, 1u8..=6]), 1..40)) {
        let mut g = game();
        let initial = g.battle.clone();
        for (pick, a, b, d) in steps {
            let action = arb_action(&g, pick, a, b, d);
            let before = g.battle.clone();
            if g.perform(&action).is_err() {
                prop_assert_eq!(&g.battle, &before, "a refused action changes nothing");
            }
        }
        let last = g.battle.clone();
        let done = g.history.done.len();
        while g.undo().unwrap().is_some() {}
        prop_assert_eq!(&g.battle, &initial);
        for _ in 0..done {
            g.redo().unwrap();
        }
        prop_assert_eq!(&g.battle, &last);
    }
}

/// GDB-OPP-05: an applied opportunity charge uses the general's order for the turn; a
/// second one from him is refused; the next turn resets it.
#[test]
fn opportunity_orders_are_counted_and_reset() {
    use coldsteel::game::ChargeAction;
    use coldsteel::rules::GdbOptions;
    use coldsteel::rules::gdb::charge::{
        Charge, ChargeError, ChargeUnit, Declaration, Input, Opportunity, Reaction, TestResult,
    };
    let mut g = game();
    let init =
        Action::Initiative { dice: BySide { first: [6, 6], second: [1, 1] }, phasing: Side::First, rng_after: None };
    g.perform(&init).unwrap();
    advance_to(&mut g, Phase::Charges);
    let (hussars, chasseurs) = (id(&g, "Sumy Hussars"), id(&g, "Guard Chasseurs à cheval"));
    let general = g.battle.generals.iter().find(|x| x.name == "Maj.-Gen. Vasilchikov").unwrap().id;
    let decl = |used: u32| Declaration {
        charger: ChargeUnit {
            arm: coldsteel::rules::Arm::LightCavalry,
            charge_move_cm: Some(36),
            ..Default::default()
        },
        target: ChargeUnit { arm: coldsteel::rules::Arm::LightCavalry, ..Default::default() },
        distance_cm: 20,
        commander_within_15cm: true,
        commander_is_own: true,
        target_visible: true,
        target_was_charging: true,
        opportunity: Some(Opportunity { orders_used: used, in_reach_at_phase_start: true, ..Default::default() }),
        ..Default::default()
    };
    let c = Charge::declare(decl(0), GdbOptions::default(), false).unwrap();
    let c = c.step(Input::Reaction(Reaction::Stand)).unwrap();
    let c = c.step(Input::ChargerTest(TestResult::Pass)).unwrap();
    let c = c.step(Input::StandTest(TestResult::Pass)).unwrap();
    let action = Action::Charge(Box::new(ChargeAction {
        charger: hussars,
        target: chasseurs,
        charge: c,
        crew_ran_into: None,
        ordering_general: Some(general),
        rng_after: None,
    }));
    g.perform(&action).unwrap();
    let used = g.battle.general(general).unwrap().orders_used;
    assert_eq!(used, 1);
    assert_eq!(g.battle.pending_melees.len(), 1);
    assert_eq!(Charge::declare(decl(used), GdbOptions::default(), false).unwrap_err(), ChargeError::NoOrdersLeft);
    advance_to(&mut g, Phase::Morale);
    g.perform(&Action::AdvancePhase).unwrap();
    assert_eq!(g.battle.general(general).unwrap().orders_used, 0, "reset every turn");
}
