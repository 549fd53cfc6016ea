//! The whole game through its one writer: two turns of the default battle with their
//! checklists and markers, and undo/redo of any sequence of actions.

use crate::common;

use coldsteel::game::{Action, Game, Todo, checklist};
use coldsteel::i18n::Lang;
use coldsteel::model::{Engagement, LogDetail, Unit, UnitId};
use coldsteel::rules::gdb::charge::{Input, Reaction, TestResult};
use coldsteel::rules::{BySide, Marker, Order, Phase, Side};
use coldsteel::storage;
use proptest::prelude::*;

fn game() -> Game {
    storage::default_game().unwrap()
}

fn id(game: &Game, name: &str) -> UnitId {
    game.battle().units.iter().find(|u| u.name == name).unwrap().id
}

fn unit<'a>(game: &'a Game, name: &str) -> &'a Unit {
    game.battle().units.iter().find(|u| u.name == name).unwrap()
}

fn melee(game: &Game, attacker: &str, defender: &str, dice: ([u8; 2], [u8; 2]), losses: (u32, u32)) -> Action {
    Action::GdbMelee(Box::new(common::melee(game, attacker, defender, dice, losses)))
}

fn stand(game: &mut Game, charger: &str, target: &str, distance: u32) {
    let inputs = vec![
        Input::Reaction(Reaction::Stand),
        Input::ChargerTest(TestResult::Pass.into()),
        Input::StandTest(TestResult::Pass.into()),
    ];
    let a = common::charge(game, charger, target, distance, inputs);
    common::do_charge(game, a);
}

fn advance_to(game: &mut Game, phase: Phase) {
    while game.battle().phase != phase {
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
    assert_eq!(checklist(g.battle()), vec![Todo::RollInitiative]);
    assert!(g.perform(&Action::AdvancePhase).is_err());
    let tie = Action::Initiative {
        dice: BySide { first: crate::common::d6([3, 3]), second: crate::common::d6([2, 4]) },
        phasing: Side::First,
        rng_after: None,
    };
    g.perform(&tie).unwrap();
    assert_eq!(g.battle().phasing, None, "a tie is recorded and rolled again");
    assert!(matches!(g.battle().log.last().unwrap().detail, LogDetail::Initiative { phasing: None, .. }));
    let init = Action::Initiative {
        dice: BySide { first: crate::common::d6([5, 4]), second: crate::common::d6([2, 4]) },
        phasing: Side::Second,
        rng_after: None,
    };
    g.perform(&init).unwrap();
    assert_eq!(g.battle().phasing, Some(Side::Second));
    assert!(checklist(g.battle()).is_empty());
    // The log says who won and who moves first; the undo step names the side.
    let b = g.battle();
    let (first, second) = (b.sides.first.name.clone(), b.sides.second.name.clone());
    let line = coldsteel::i18n::log_text::entry_summary(Lang::En, b, b.log.last().unwrap());
    assert_eq!(line, format!("Initiative 9 against 6: won by {first}; first to move: {second}"));
    let step = g.history().done.last().unwrap();
    let label = coldsteel::i18n::log_text::action_label(Lang::En, b, step.kind, &step.subject);
    assert_eq!(label, format!("Initiative: first to move: {second}"));

    // Charges: the phasing side declares first; the cuirassiers reach the 33e Léger.
    advance_to(&mut g, Phase::Charges);
    assert_eq!(checklist(g.battle()), vec![Todo::Declarations { declaring: Some(Side::Second) }]);
    let leger = id(&g, "4th bn, 33e Léger");
    stand(&mut g, "Ekaterinoslav Cuirassiers", "4th bn, 33e Léger", 14);
    assert!(unit(&g, "Ekaterinoslav Cuirassiers").markers.contains(&Marker::ChargedThisTurn));
    assert!(unit(&g, "4th bn, 33e Léger").markers.contains(&Marker::WasCharged), "GDB-CHG-05");

    // Melee: the cuirassiers (+5 +2 charging +1 good horses) beat conscripts in line by 4.
    advance_to(&mut g, Phase::Melee);
    assert!(matches!(checklist(g.battle())[..], [Todo::Melee { index: 0, .. }]));
    g.perform(&melee(&g, "Ekaterinoslav Cuirassiers", "4th bn, 33e Léger", ([2, 3], [4, 4]), (0, 3))).unwrap();
    let leger_now = unit(&g, "4th bn, 33e Léger");
    assert!(leger_now.markers.contains(&Marker::Retreating));
    assert!(!leger_now.markers.contains(&Marker::InMelee));
    assert_eq!(leger_now.figures, 17);
    assert_eq!(g.battle().pending_melees().count(), 0);

    // Morale: the unit that lost figures tests.
    advance_to(&mut g, Phase::Morale);
    let morale = coldsteel::rules::options::TestKind::Morale;
    let cause = coldsteel::game::morale_tests::Cause::Melee;
    assert_eq!(checklist(g.battle()), vec![Todo::Test { unit: leger, test: morale, cause }]);

    // Turn 2: the charge marker expires; the retreat is owed in compulsory moves.
    g.perform(&Action::AdvancePhase).unwrap();
    assert_eq!((g.battle().turn, g.battle().phase), (2, Phase::Initiative));
    assert_eq!(g.battle().phasing, None);
    assert!(!unit(&g, "Ekaterinoslav Cuirassiers").markers.contains(&Marker::ChargedThisTurn));
    let init2 = Action::Initiative {
        dice: BySide { first: crate::common::d6([6, 6]), second: crate::common::d6([1, 2]) },
        phasing: Side::First,
        rng_after: None,
    };
    g.perform(&init2).unwrap();
    g.perform(&Action::AdvancePhase).unwrap();
    assert_eq!(g.battle().phase, Phase::CompulsoryMoves);
    assert_eq!(checklist(g.battle()), vec![Todo::Retreat(leger)]);
    g.perform(&Action::AdvancePhase).unwrap();
    assert!(!unit(&g, "4th bn, 33e Léger").markers.contains(&Marker::Retreating), "retreat done");

    // A second melee that is drawn stays pending for next turn.
    let (dragoons, lancers) = (id(&g, "Kiev Dragoons"), id(&g, "1st Polish Guard Lancers"));
    let contact = Engagement::contact(dragoons, lancers).charged(Some(10));
    g.perform(&Action::AddPendingMelee(contact)).unwrap();
    advance_to(&mut g, Phase::Melee);
    // Dragoons +3 +2 = +5; Guard lancers not charging count as light: +2 +2 = +4. 9 + 5 = 10 + 4.
    g.perform(&melee(&g, "Kiev Dragoons", "1st Polish Guard Lancers", ([4, 5], [5, 5]), (1, 1))).unwrap();
    let pending: Vec<_> = g.battle().pending_melees().collect();
    assert_eq!(pending.len(), 1);
    assert_eq!(pending[0].1.melee_turn, 2);
    assert_eq!(unit(&g, "Kiev Dragoons").order, Order::Disordered);
    assert!(unit(&g, "Kiev Dragoons").markers.contains(&Marker::InMelee));

    let melees = g.battle().log.iter().filter(|e| matches!(e.detail, LogDetail::GdbMelee { .. })).count();
    assert_eq!(melees, 2);
    assert!(g.battle().log.iter().all(|e| e.turn <= 2));
}

/// Actions the property test picks from, valid or not (refused ones change nothing).
fn arb_action(g: &Game, pick: u8, a: usize, b: usize, d: [u8; 4]) -> Action {
    let units = &g.battle().units;
    let ua = &units[a % units.len()];
    let ub = &units[b % units.len()];
    match pick % 8 {
        0 => Action::AdvancePhase,
        1 => Action::Initiative {
            dice: BySide { first: crate::common::d6([d[0], d[1]]), second: crate::common::d6([d[2], d[3]]) },
            phasing: if d[0].is_multiple_of(2) { Side::First } else { Side::Second },
            rng_after: None,
        },
        2 => Action::EditUnit(Unit { order: Order::ALL[usize::from(d[0]) % 4], ..ua.clone() }),
        3 => Action::DuplicateUnit(ua.id),
        4 => Action::DeleteUnit(ua.id),
        5 => Action::AddPendingMelee(Engagement::contact(ua.id, ub.id).charged(None)),
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
        let initial = g.battle().clone();
        let base = g.history().done.len();
        for (pick, a, b, d) in steps {
            let action = arb_action(&g, pick, a, b, d);
            let before = g.battle().clone();
            if g.perform(&action).is_err() {
                prop_assert_eq!(g.battle(), &before, "a refused action changes nothing");
            }
        }
        let last = g.battle().clone();
        let done = g.history().done.len() - base;
        while g.history().done.len() > base {
            g.undo().unwrap();
        }
        prop_assert_eq!(g.battle(), &initial);
        for _ in 0..done {
            g.redo().unwrap();
        }
        prop_assert_eq!(g.battle(), &last);
    }
}

/// GDB-OPP-05: an applied opportunity charge uses the general's order for the turn; a
/// second one from him is refused; the next turn resets it.
#[test]
fn opportunity_orders_are_counted_and_reset() {
    use coldsteel::game::OpportunityFacts;
    use coldsteel::rules::gdb::charge::ChargeError;
    let mut g = game();
    let init = Action::Initiative {
        dice: BySide { first: crate::common::d6([6, 6]), second: crate::common::d6([1, 1]) },
        phasing: Side::First,
        rng_after: None,
    };
    g.perform(&init).unwrap();
    advance_to(&mut g, Phase::Charges);
    let general = g.battle().generals.iter().find(|x| x.name == "Maj.-Gen. Vasilchikov").unwrap().id;
    let inputs = vec![
        Input::Reaction(Reaction::Stand),
        Input::ChargerTest(TestResult::Pass.into()),
        Input::StandTest(TestResult::Pass.into()),
    ];
    common::declare(&mut g, "Guard Chasseurs à cheval", "Kiev Dragoons", 20);
    let mut a = common::charge(&g, "Sumy Hussars", "Guard Chasseurs à cheval", 20, inputs);
    a.measured.opportunity = Some(OpportunityFacts { in_reach_at_phase_start: true, enemy_charge_begun: false });
    a.ordering_general = Some(general);
    common::do_charge(&mut g, a.clone());
    assert_eq!(g.battle().general(general).unwrap().orders_used, 1);
    assert_eq!(g.battle().pending_melees().count(), 1);
    let mut second = a.clone();
    second.charger = id(&g, "Chuguev Uhlans");
    second.target = id(&g, "Empress Dragoons");
    let refused = common::charge_in_order(&mut g, second).unwrap_err();
    assert_eq!(refused, coldsteel::game::ActionError::Charge(ChargeError::NoOrdersLeft));
    advance_to(&mut g, Phase::Morale);
    g.perform(&Action::AdvancePhase).unwrap();
    assert_eq!(g.battle().general(general).unwrap().orders_used, 0, "reset every turn");
}
