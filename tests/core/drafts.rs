//! Procedures are the game's (issue 25, design.md section 2): each draft opens from the
//! battle, says what may be given now with the game's verdict, takes an input or steps
//! back, and finishes into the action the game then accepts. The wizards only draw them.

use crate::common;

use coldsteel::game::procedure::{
    BMeleeDraft, ChargeDraft, CollisionDraft, DraftRefusal, InitiativeDraft, Measured, MeleeDraft, MeleeDraftStep,
};
use coldsteel::game::{Action, ActionError, Game};
use coldsteel::rules::dice::{D6, DiceError};
use coldsteel::rules::gdb::charge::{Ask, ChargeError, FollowUp, Input, Reaction};
use coldsteel::rules::options::TestResult;
use coldsteel::rules::{BySide, Phase, Ruleset, Side};
use common::{default_at, id};

fn draft(g: &Game, charger: &str, target: &str, cm: u32) -> ChargeDraft {
    let mut d = ChargeDraft::open(g.battle(), id(g, charger), id(g, target), &mut Measured::default()).unwrap();
    d.typed.distance = Some(cm);
    d.typed.bearing = Some(0);
    // The brigadier stands within 15 cm (GDB-CHG-01), as the players tick it.
    d.measured.commander_within_15cm = true;
    d
}

/// GDB-CHG-03..15: the draft declares, takes each step the game asks for and finishes
/// into the charge the game accepts; a step the game refuses is not taken.
#[test]
fn gdb_chg_a_charge_drafted_step_by_step() {
    let mut g = common::russians_declared_none();
    let mut d = draft(&g, "Grenadiers à cheval", "Kiev Dragoons", 12);
    let view = d.declaration_view(g.battle());
    assert_eq!(view.refused, None);
    assert_eq!(view.carry_out_now, Ok(()));
    assert_eq!(d.step_number(), 0);
    d.declare(g.battle()).unwrap();
    // Back from the reaction returns to the declaration (issue 30), then on again.
    assert!(d.may_step_back());
    d.back();
    assert!(!d.is_declared());
    d.declare(g.battle()).unwrap();
    let step = d.current(g.battle()).unwrap();
    assert_eq!(step.ask(), Ask::Reaction);
    // A step out of turn is refused and not taken.
    assert!(d.take(g.battle(), Input::ClosingFire { casualties: 1 }).is_err());
    assert_eq!(d.step_number(), 1);
    d.take(g.battle(), Input::Reaction(Reaction::Stand)).unwrap();
    d.take(g.battle(), Input::ChargerTest(TestResult::Pass.into())).unwrap();
    // Stepping back takes the last input back.
    d.back();
    assert_eq!(d.current(g.battle()).unwrap().ask(), Ask::ChargerTest);
    d.take(g.battle(), Input::ChargerTest(TestResult::Pass.into())).unwrap();
    d.take(g.battle(), Input::StandTest(TestResult::Pass.into())).unwrap();
    assert_eq!(d.current(g.battle()).unwrap().ask(), Ask::Done);
    let Action::Charge(action) = d.finish(g.battle()).unwrap() else { panic!("a charge") };
    common::do_charge(&mut g, *action);
    assert_eq!(g.battle().pending_melees().count(), 1);
}

/// GDB-SEQ-02: out of the Charges phase the draft says why and names the clause; the
/// players may overrule it with a reason, and then it may go on.
#[test]
fn gdb_seq_02_the_draft_refuses_out_of_phase_unless_overruled() {
    let g = default_at(Phase::Movement);
    let mut d = draft(&g, "Grenadiers à cheval", "Kiev Dragoons", 12);
    let refusal = DraftRefusal::Game(ActionError::Charge(ChargeError::NotChargesPhase));
    assert_eq!(d.declaration_view(g.battle()).refused, Some(refusal.clone()));
    assert_eq!(d.declare(g.battle()), Err(refusal));
    assert_eq!(d.overrulable_refusals(g.battle()), vec![ChargeError::NotChargesPhase]);
    d.overrule_mut(g.battle(), true).unwrap().reason = "we forgot to charge last phase".into();
    assert_eq!(d.declaration_view(g.battle()).carry_out_now, Ok(()));
    d.declare(g.battle()).unwrap();
    assert_eq!(d.current(g.battle()).unwrap().ask(), Ask::Reaction);
}

/// A charge without its distance is refused, never read as 0 (a typed measure that is
/// not a number is refused at the interface's edge: `tests/ui`).
#[test]
fn a_charge_without_its_distance_is_refused() {
    let g = default_at(Phase::Charges);
    let mut d = draft(&g, "Grenadiers à cheval", "Kiev Dragoons", 12);
    assert_eq!(d.measures_refused(), None);
    d.typed.distance = None;
    assert_eq!(d.measures_refused(), Some(DraftRefusal::DistanceNeeded));
    assert!(d.declare(g.battle()).is_err());
}

/// GDB-CHG-03, 04: in the Charges phase the draft may be declared only; the declared
/// charge reopens as a draft at the reaction, and the follow-up offers each choice with
/// the game's verdict.
#[test]
fn gdb_chg_04_declare_only_then_carry_out_the_draft() {
    let mut g = default_at(Phase::Charges);
    let d = draft(&g, "Grenadiers à cheval", "Kiev Dragoons", 12);
    g.perform(&d.declare_only(g.battle()).unwrap()).unwrap();
    for side in [Side::First, Side::Second] {
        g.perform(&Action::DeclarationsDone { side }).unwrap();
    }
    let (c, t) = (id(&g, "Grenadiers à cheval"), id(&g, "Kiev Dragoons"));
    let declared = coldsteel::game::declared_charge(g.battle(), c, t).unwrap();
    let mut d = ChargeDraft::carry_out(g.battle(), &declared, &mut Measured::default()).unwrap();
    assert!(d.is_declared());
    let step = d.current(g.battle()).unwrap();
    assert_eq!(step.ask(), Ask::Reaction);
    // Each reaction with the game's verdict: dragoons may not evade (GDB-EVD-01).
    assert_eq!(step.reaction(&Reaction::Stand), Ok(()));
    assert_eq!(step.reaction(&Reaction::Evade), Err(ChargeError::MayNotEvade));
    assert!(d.take(g.battle(), Input::Reaction(Reaction::Evade)).is_err());
    d.take(g.battle(), Input::Reaction(Reaction::Stand)).unwrap();
    d.take(g.battle(), Input::ChargerTest(TestResult::Pass.into())).unwrap();
    d.take(g.battle(), Input::StandTest(TestResult::Rout.into())).unwrap();
    // GDB-CHG-19: the target fled; every follow-up with the game's verdict.
    let step = d.current(g.battle()).unwrap();
    assert_eq!(step.ask(), Ask::FollowUp);
    let allowed: Vec<FollowUp> = step.follow_ups().iter().filter(|(_, ok)| ok.is_ok()).map(|(f, _)| *f).collect();
    assert!(allowed.contains(&FollowUp::Stop), "{allowed:?}");
    d.take(g.battle(), Input::FollowUp(FollowUp::Stop)).unwrap();
    g.perform(&d.finish(g.battle()).unwrap()).unwrap();
}

/// GDB-MEL, GDB-RES-02: the melee draft goes from the situation to the dice and the
/// result; Apply waits for the losses and the owed test, and the game takes it.
#[test]
fn gdb_mel_a_melee_drafted_to_the_end() {
    let mut g = common::russians_declared_none();
    let mut d = draft(&g, "Grenadiers à cheval", "Kiev Dragoons", 12);
    d.declare(g.battle()).unwrap();
    for input in [
        Input::Reaction(Reaction::Stand),
        Input::ChargerTest(TestResult::Pass.into()),
        Input::StandTest(TestResult::Pass.into()),
    ] {
        d.take(g.battle(), input).unwrap();
    }
    let Action::Charge(action) = d.finish(g.battle()).unwrap() else { panic!("a charge") };
    common::do_charge(&mut g, *action);
    common::to(&mut g, Phase::Melee);
    let pending = g.battle().pending_melees().next().unwrap().1.clone();
    let mut m = MeleeDraft::open(g.battle(), &pending).unwrap();
    assert_eq!(m.step_now(), MeleeDraftStep::Situation);
    assert!(m.situation(g.battle()).is_some());
    assert!(!m.to_result(g.battle()), "no dice, no result");
    m.dice = [Some(crate::common::d6([6, 6])), Some(crate::common::d6([1, 1]))];
    assert!(m.to_result(g.battle()));
    m.losses = [Some(0), Some(2)];
    let view = m.view(g.battle()).unwrap();
    if let Some((_, kind)) = view.owed_test {
        assert!(!m.ready(g.battle()), "the owed test holds Apply back");
        m.test = Some(coldsteel::rules::gdb::charge::TestAnswer::Result(kind.results().next().unwrap()));
    }
    assert!(m.ready(g.battle()));
    g.perform(&m.finish(g.battle()).unwrap()).unwrap();
    assert_eq!(g.battle().pending_melees().count(), 0);
}

/// GDB-SEQ-01: the initiative draft refuses a die that is not a D6's face; a tie is
/// recorded to roll again, a winner picks who moves first, and never the other way.
#[test]
fn gdb_seq_01_the_initiative_drafted() {
    let mut g = coldsteel::storage::default_game().unwrap();
    let face = |d: u8| Some(D6::new(d).unwrap());
    let typed = |a: [u8; 2], b: [u8; 2]| -> Result<InitiativeDraft, DiceError> {
        let pair = |p: [u8; 2]| -> Result<[Option<D6>; 2], DiceError> {
            let face = |d: u8| if d == 0 { Ok(None) } else { D6::new(d).map(Some) };
            Ok([face(p[0])?, face(p[1])?])
        };
        Ok(InitiativeDraft::new(BySide { first: pair(a)?, second: pair(b)? }))
    };
    assert!(typed([7, 1], [1, 1]).is_err(), "7 is no face of a D6");
    assert_eq!(typed([0, 1], [1, 1]).unwrap().dice(), None, "a die not yet thrown");
    assert_eq!(
        InitiativeDraft::new(BySide { first: [face(3); 2], second: [face(4); 2] }).dice().map(|d| d.first),
        Some(crate::common::d6([3, 3]))
    );
    let tie = typed([3, 3], [3, 3]).unwrap();
    assert!(tie.moves_first(g.battle(), Side::First).is_none());
    g.perform(&tie.record_tie(g.battle()).unwrap()).unwrap();
    let won = typed([6, 5], [1, 2]).unwrap();
    assert_eq!(won.view(g.battle()).unwrap().winner, Some(Side::First));
    assert!(won.record_tie(g.battle()).is_none());
    g.perform(&won.moves_first(g.battle(), Side::Second).unwrap()).unwrap();
    assert_eq!(g.battle().phasing, Some(Side::Second));
}

fn b_game() -> Game {
    let mut g = coldsteel::storage::default_game().unwrap();
    let mut options = coldsteel::model::RulesOptions::default();
    options.ruleset_b.attack_distances = vec![(coldsteel::rules::Arm::Infantry, 12)];
    g.perform(&Action::SetOptions(Box::new((Ruleset::RulesetB, options)))).unwrap();
    g.perform(&Action::AdvancePhase).unwrap();
    g
}

/// B-COL-01..21, B-MEL-01..17: the collision draft previews the odds, waits for the
/// dice, and finishes into the collision; the melee turn it leads to is drafted in turn.
#[test]
fn b_col_a_collision_and_a_melee_turn_drafted() {
    let mut g = b_game();
    let (a, d) = (id(&g, "1st Tirailleurs of the Guard"), id(&g, "Ladoga Infantry"));
    let mut c = CollisionDraft::open(g.battle(), a, d).unwrap();
    c.start_cm = Some(20);
    let preview = c.preview(g.battle()).unwrap();
    assert!(!preview.unopposed);
    assert_eq!(preview.attack_distance_cm, Some(12));
    let total: f64 = preview.odds.iter().map(|o| o.p).sum();
    assert!((total - 1.0).abs() < 1e-9, "{total}");
    assert!(!c.ready(g.battle()));
    c.dice = Some((crate::common::avg(5), crate::common::avg(2)));
    c.to_result(g.battle());
    assert!(c.at_result());
    let result = c.result(g.battle()).unwrap();
    g.perform(&c.finish(g.battle()).unwrap()).unwrap();
    let Some(pending) = g.battle().pending_melees().next().map(|(_, e)| e.clone()) else {
        assert!(result.flee_cm.is_some() || result.zone.is_some(), "{result:?}");
        return;
    };
    let mut m = BMeleeDraft::open(g.battle(), &pending).unwrap();
    let preview = m.preview(g.battle()).unwrap();
    assert_eq!(preview.turn, 1);
    assert!(m.finish(g.battle()).is_none(), "no dice, nothing to apply");
    let dice = |n: u32| vec![3; usize::try_from(n).unwrap()];
    m.dice =
        Some((crate::common::d6_vec(dice(preview.sides[0].dice)), crate::common::d6_vec(dice(preview.sides[1].dice))));
    assert!(m.outcome(g.battle()).is_some());
}
