//! What may be done next is the game's to judge (issue 25): each forbidden charge or step
//! is refused with its clause and leaves the battle as it was; the allowed one goes
//! through. Every scenario drives the game through its actions, as the wizards do.

use crate::common;

use coldsteel::game::{Action, ActionError, ChargeAction, Game};
use coldsteel::model::{GeneralId, LogDetail};
use coldsteel::rules::gdb::charge::{ChargeError, FollowUp, Happening, Input, Reaction};
use coldsteel::rules::options::TestResult;
use coldsteel::rules::{BySide, Marker, Phase, Side};
use common::{charge, default_at, do_charge, id, unit};

fn pass() -> Input {
    Input::ChargerTest(TestResult::Pass.into())
}

fn stand(result: TestResult) -> Input {
    Input::StandTest(result.into())
}

/// The charge with the charger's full charge move and the target's compulsory move typed.
fn with_rates(mut a: ChargeAction, charge_cm: u32, compulsory_cm: u32) -> ChargeAction {
    a.rates.charger_charge_cm = Some(charge_cm);
    a.rates.target_compulsory_cm = Some(compulsory_cm);
    a
}

/// Performs the charge and expects the game to refuse it with `want`, the battle unchanged.
fn refused(g: &mut Game, a: ChargeAction, want: ChargeError) {
    let before = g.battle().clone();
    let e = common::charge_in_order(g, a).unwrap_err();
    assert_eq!(e, ActionError::Charge(want));
    assert_eq!(*g.battle(), before, "a refused action changes nothing");
}

/// GDB-SEQ-02, GDB-CHG-03: charges are declared in the Charges phase, not in Movement or
/// Melee; the same charge goes through in the Charges phase.
#[test]
fn gdb_seq_02_charges_only_in_the_charges_phase() {
    for phase in [Phase::CompulsoryMoves, Phase::Movement, Phase::Melee] {
        let mut g = default_at(phase);
        let a = charge(&g, "Grenadiers à cheval", "Kiev Dragoons", 12, vec![]);
        refused(&mut g, a, ChargeError::NotChargesPhase);
    }
    let mut g = default_at(Phase::Charges);
    let inputs = vec![Input::Reaction(Reaction::Stand), pass(), stand(TestResult::Pass)];
    let a = charge(&g, "Grenadiers à cheval", "Kiev Dragoons", 12, inputs);
    do_charge(&mut g, a);
    assert_eq!(g.battle().pending_melees().count(), 1);
}

/// GDB-MEL-02: units in base contact stay where they are until the Melee phase: the
/// charger in contact declares no new charge; a unit already in melee, charged by a
/// third, only stands (no counter-charge, evade or fire) and takes no test for it.
#[test]
fn gdb_mel_02_units_in_contact_stay_put() {
    let mut g = default_at(Phase::Charges);
    let inputs = vec![Input::Reaction(Reaction::Stand), pass(), stand(TestResult::Pass)];
    let a = charge(&g, "Grenadiers à cheval", "Kiev Dragoons", 12, inputs);
    do_charge(&mut g, a);
    let again = charge(&g, "Grenadiers à cheval", "Sumy Hussars", 10, vec![]);
    refused(&mut g, again, ChargeError::ChargerInContact);
    for reaction in [Reaction::CounterCharge, Reaction::Evade, Reaction::StandAndFire] {
        let third = charge(&g, "Empress Dragoons", "Kiev Dragoons", 10, vec![Input::Reaction(reaction)]);
        refused(&mut g, third, ChargeError::TargetInMeleeStands);
    }
    // No test to stand is asked of it.
    let third = charge(
        &g,
        "Empress Dragoons",
        "Kiev Dragoons",
        10,
        vec![Input::Reaction(Reaction::Stand), pass(), stand(TestResult::Pass)],
    );
    refused(&mut g, third, ChargeError::WrongStep);
    assert!(!unit(&g, "Empress Dragoons").markers.contains(&Marker::ChargedThisTurn));
}

/// AMB-15: a unit that charges into a melee joins it on the side against its target.
/// Each side fights with its principal unit's total; the joined unit counts for its
/// side's numerical superiority (GDB-MOD-28, 29, AMB-16: whole units): the Ladoga
/// Infantry's 24 figures against the Grenadiers à cheval's 12 are 2:1 (+2), against the
/// grenadiers and the Empress Dragoons' 24 they are none. Decided, the melee's aftermath
/// is the principals'; the joined unit leaves contact.
#[test]
fn amb_15_a_unit_charging_into_a_melee_joins_it() {
    use coldsteel::rules::explain::Rule;
    let mut g = default_at(Phase::Charges);
    let inputs = vec![Input::Reaction(Reaction::Stand), pass(), stand(TestResult::Pass)];
    let a = charge(&g, "Grenadiers à cheval", "Ladoga Infantry", 12, inputs);
    do_charge(&mut g, a);
    common::to(&mut g, Phase::Melee);
    let alone = common::melee(&g, "Grenadiers à cheval", "Ladoga Infantry", ([3, 3], [3, 3]), (1, 1));
    let (input, _) = coldsteel::game::gdb_melee_input(g.battle(), &alone).unwrap();
    let superiority = |i: &coldsteel::rules::gdb::MeleeInput| {
        i.modifiers(coldsteel::rules::gdb::Role::Defender)
            .iter()
            .any(|m| m.rule() == Some(Rule::GdbMod29Superiority2to1))
    };
    assert!(superiority(&input), "24 against 12: 2:1");

    let mut g = default_at(Phase::Charges);
    let inputs = vec![Input::Reaction(Reaction::Stand), pass(), stand(TestResult::Pass)];
    let a = charge(&g, "Grenadiers à cheval", "Ladoga Infantry", 12, inputs);
    let joins = charge(&g, "Empress Dragoons", "Ladoga Infantry", 10, vec![Input::Reaction(Reaction::Stand), pass()]);
    common::charge_phase(&mut g, vec![a, joins]);
    let empress = id(&g, "Empress Dragoons");
    let (_, e) = g.battle().pending_melees().next().unwrap();
    assert_eq!(e.joined.attacker, vec![empress]);
    assert_eq!(g.battle().pending_melees().count(), 1, "one melee, three units");
    assert!(unit(&g, "Empress Dragoons").markers.contains(&Marker::InMelee));
    let said =
        coldsteel::i18n::log_text::entry_lines(coldsteel::i18n::Lang::En, g.battle(), g.battle().log.last().unwrap());
    assert!(said.iter().any(|l| l.contains("joins the melee against Ladoga Infantry")), "{said:?}");
    // In contact now: it does not move (GDB-MEL-02).
    common::to(&mut g, Phase::Melee);
    let m = common::melee(&g, "Grenadiers à cheval", "Ladoga Infantry", ([3, 3], [3, 3]), (1, 1));
    let (input, _) = coldsteel::game::gdb_melee_input(g.battle(), &m).unwrap();
    assert!(!superiority(&input), "24 against 24: no superiority");
    g.perform(&Action::GdbMelee(Box::new(m))).unwrap();
    assert!(!unit(&g, "Empress Dragoons").markers.contains(&Marker::InMelee), "decided: out of contact");
    assert!(g.battle().engagements.iter().all(|e| e.joined.attacker.is_empty() && e.joined.defender.is_empty()));
    // The file keeps it and replays it.
    let back = coldsteel::storage::from_json(&coldsteel::storage::to_json(&g)).unwrap();
    assert_eq!(back.battle(), g.battle());
}

/// GDB-CHG-19 b: a follow-up charge at a new target reaches only what is left of the charge
/// move: 36 cm less the 30 cm covered leaves 6 cm, so a target 30 cm off is out of reach
/// and one 5 cm off is charged.
#[test]
fn gdb_chg_19_a_new_target_within_what_is_left() {
    let mut g = default_at(Phase::Charges);
    let inputs =
        vec![Input::Reaction(Reaction::Stand), pass(), stand(TestResult::Rout), Input::FollowUp(FollowUp::NewTarget)];
    let a = with_rates(charge(&g, "1st Polish Guard Lancers", "Poltava Infantry", 30, inputs), 36, 16);
    do_charge(&mut g, a);
    let far = with_rates(charge(&g, "1st Polish Guard Lancers", "Ladoga Infantry", 30, vec![]), 36, 16);
    refused(&mut g, far, ChargeError::OutOfReach { distance: 30, reach: 6 });
    let near = vec![Input::Reaction(Reaction::Stand), pass(), stand(TestResult::Pass)];
    let a = with_rates(charge(&g, "1st Polish Guard Lancers", "Ladoga Infantry", 5, near), 36, 16);
    do_charge(&mut g, a);
    assert!(g.battle().engagement(id(&g, "1st Polish Guard Lancers"), id(&g, "Ladoga Infantry")).is_some());
}

/// GDB-CHG-19 b, worked example 6 (issue 42): after its target evades, the charger
/// charges on from where its move halted: lancers with a 24 cm charge, 16 cm from the
/// evading skirmishers, move 8 cm and may then reach a unit 12 cm off (16 cm of the move
/// are left), not one 17 cm off.
#[test]
fn gdb_chg_19_b_after_an_evade_the_move_left_counts_from_the_halt() {
    let mut g = default_at(Phase::Charges);
    let inputs = vec![Input::Reaction(Reaction::Evade), Input::Caught(false), Input::FollowUp(FollowUp::NewTarget)];
    let a = with_rates(charge(&g, "1st Polish Guard Lancers", "Jäger skirmish screen", 16, inputs), 24, 16);
    do_charge(&mut g, a);
    let far = with_rates(charge(&g, "1st Polish Guard Lancers", "Ladoga Infantry", 17, vec![]), 24, 16);
    refused(&mut g, far, ChargeError::OutOfReach { distance: 17, reach: 16 });
    let near = vec![Input::Reaction(Reaction::Stand), pass(), stand(TestResult::Pass)];
    let a = with_rates(charge(&g, "1st Polish Guard Lancers", "Ladoga Infantry", 12, near), 24, 16);
    do_charge(&mut g, a);
    assert!(g.battle().engagement(id(&g, "1st Polish Guard Lancers"), id(&g, "Ladoga Infantry")).is_some());
}

/// GDB-CHG-13, 19: a charger halted by its charge test is done for the turn, and a unit
/// whose charge ended otherwise (it stopped on the ground the enemy left) charges no more.
#[test]
fn gdb_chg_19_a_halted_or_stopped_charger_is_done() {
    let mut g = default_at(Phase::Charges);
    let halted = vec![Input::Reaction(Reaction::Stand), Input::ChargerTest(TestResult::Halt.into())];
    let a = charge(&g, "Empress Dragoons", "Kiev Dragoons", 12, halted);
    do_charge(&mut g, a);
    let again = charge(&g, "Empress Dragoons", "Sumy Hussars", 8, vec![]);
    refused(&mut g, again, ChargeError::ChargerHalted);
    let mut g = default_at(Phase::Charges);
    let stopped =
        vec![Input::Reaction(Reaction::Stand), pass(), stand(TestResult::Retreat), Input::FollowUp(FollowUp::Stop)];
    let a = with_rates(charge(&g, "Guard Chasseurs à cheval", "Poltava Infantry", 10, stopped), 36, 16);
    do_charge(&mut g, a);
    let again = charge(&g, "Guard Chasseurs à cheval", "Ladoga Infantry", 6, vec![]);
    refused(&mut g, again, ChargeError::ChargedThisTurn);
}

/// GDB-CHG-19 a: carrying on at the same target reaches it when it stands within what is
/// left of the move (the retreat of 8 cm against 16 cm left): the charge comes to contact.
#[test]
fn gdb_chg_19_carrying_on_reaches_the_target() {
    let mut g = default_at(Phase::Charges);
    let inputs =
        vec![Input::Reaction(Reaction::Stand), pass(), stand(TestResult::Retreat), Input::FollowUp(FollowUp::CarryOn)];
    let a = with_rates(charge(&g, "Guard Chasseurs à cheval", "Poltava Infantry", 20, inputs), 36, 16);
    do_charge(&mut g, a);
    let (_, e) = g.battle().engagement(id(&g, "Guard Chasseurs à cheval"), id(&g, "Poltava Infantry")).unwrap();
    assert_eq!(e.contact.attacker.moved_cm, Some(28), "the 20 cm to its ground and the 8 cm it retreated");
    // Out of reach: 12 cm left of a 24 cm move, the target 8 cm further on.
    let mut g = default_at(Phase::Charges);
    let inputs = vec![Input::Reaction(Reaction::Stand), pass(), stand(TestResult::Retreat)];
    let mut a = with_rates(charge(&g, "Guard Chasseurs à cheval", "Poltava Infantry", 20, inputs), 24, 16);
    a.inputs.push(Input::FollowUp(FollowUp::CarryOn));
    refused(&mut g, a, ChargeError::CarryOnOutOfReach { needed: 8, left: 4 });
}

/// GDB-CHG-18: the counter-charger meets the charger inside the gap left after its first
/// move: 10 cm apart, the charger moves 5, so a meet of 7 cm is refused and 5 taken.
#[test]
fn gdb_chg_18_the_meet_is_at_most_the_gap_left() {
    let mut g = default_at(Phase::Charges);
    let mut inputs = vec![
        Input::Reaction(Reaction::CounterCharge),
        pass(),
        Input::CounterTest(TestResult::Pass.into()),
        Input::CounterMeet { counter_cm: 7 },
    ];
    let a = charge(&g, "Empress Dragoons", "Kiev Dragoons", 10, inputs.clone());
    refused(&mut g, a, ChargeError::MeetBeyondGap { counter: 7, gap: 5 });
    inputs.pop();
    inputs.push(Input::CounterMeet { counter_cm: 5 });
    let a = charge(&g, "Empress Dragoons", "Kiev Dragoons", 10, inputs);
    do_charge(&mut g, a);
    let (_, e) = g.battle().engagement(id(&g, "Empress Dragoons"), id(&g, "Kiev Dragoons")).unwrap();
    assert_eq!((e.contact.attacker.moved_cm, e.counter_cm()), (Some(5), Some(5)));
}

/// GDB-CHG-20: only charging infantry occupies buildings, and only buildings the enemy
/// defended; GDB-ART-04: only a crew that fled runs into a friend.
#[test]
fn gdb_chg_20_and_art_04_refused_by_the_game() {
    let mut g = default_at(Phase::Charges);
    let mut a = with_rates(
        charge(&g, "Guard Chasseurs à cheval", "Poltava Infantry", 10, vec![Input::Reaction(Reaction::Stand), pass()]),
        36,
        16,
    );
    a.inputs.extend([stand(TestResult::Retreat), Input::Occupy { needed_cm: 4, left_cm: 20 }]);
    refused(&mut g, a, ChargeError::OnlyInfantryOccupies);
    let mut a = with_rates(
        charge(&g, "1st Tirailleurs of the Guard", "Poltava Infantry", 8, vec![Input::Reaction(Reaction::Stand)]),
        20,
        16,
    );
    a.inputs.extend([pass(), stand(TestResult::Retreat), Input::Occupy { needed_cm: 4, left_cm: 8 }]);
    refused(&mut g, a, ChargeError::NoBuildingsToOccupy);
    let mut a = charge(&g, "Empress Dragoons", "Light Company No. 47", 10, vec![Input::Reaction(Reaction::Stand)]);
    a.inputs.extend([
        pass(),
        stand(TestResult::Retreat),
        Input::EmergencyLimber { die: crate::common::face(4), named: Some("x".into()) },
    ]);
    a.inputs.push(Input::CrewRanIntoFriend);
    a.crew_ran_into = Some(id(&g, "Poltava Infantry"));
    refused(&mut g, a, ChargeError::CrewDidNotFlee);
}

/// GDB-CHG-20 allowed: infantry charging a defender of a built-up area occupies it.
#[test]
fn gdb_chg_20_infantry_occupies_the_built_up_area() {
    let mut g = default_at(Phase::Charges);
    let g2 = common::edited(&g, |b| {
        if let Some(u) = b.units.iter_mut().find(|u| u.name == "Poltava Infantry") {
            u.terrain = coldsteel::rules::Terrain::BuiltUp;
        }
    });
    g = g2;
    let inputs = vec![
        Input::Reaction(Reaction::Stand),
        pass(),
        stand(TestResult::Retreat),
        Input::Occupy { needed_cm: 4, left_cm: 8 },
    ];
    let a = with_rates(charge(&g, "1st Tirailleurs of the Guard", "Poltava Infantry", 8, inputs), 20, 16);
    do_charge(&mut g, a);
    let LogDetail::Charge { happened, .. } = &g.battle().log.last().unwrap().detail else { panic!() };
    assert!(happened.contains(&Happening::OccupiesBuildings { disordered: false }));
}

/// GDB-CHG-13: closing fire cannot take more figures than the charger has: 13 from the
/// 12 of the Empress Dragoons is refused; 12 goes through.
#[test]
fn closing_fire_is_bounded_by_the_chargers_figures() {
    let mut g = default_at(Phase::Charges);
    let fire = |n| vec![Input::Reaction(Reaction::StandAndFire), Input::ClosingFire { casualties: n }];
    let a = charge(&g, "Empress Dragoons", "Poltava Infantry", 10, fire(13));
    refused(&mut g, a, ChargeError::TooManyLost { lost: 13, has: 12 });
    let a = charge(&g, "Empress Dragoons", "Poltava Infantry", 10, fire(12));
    let m = coldsteel::game::run_charge(g.battle(), &a).unwrap();
    assert!(m.happened.contains(&Happening::ChargerLoses { figures: 12 }));
}

/// GDB-OPP-05, 06: the opportunity order is the named general's: the C-in-C may give his
/// own (counted on him), a brigade general of another brigade is refused under GDB-OPP-06,
/// and one who has given his order this turn under GDB-OPP-05.
#[test]
fn gdb_opp_05_06_the_ordering_general() {
    let mut g = default_at(Phase::Charges);
    let opportunity = |g: &Game, general: u32| {
        let inputs = vec![Input::Reaction(Reaction::Stand), pass(), stand(TestResult::Pass)];
        let mut a = charge(g, "Guard Chasseurs à cheval", "Sumy Hussars", 12, inputs);
        a.measured.opportunity =
            Some(coldsteel::game::OpportunityFacts { in_reach_at_phase_start: true, enemy_charge_begun: false });
        a.ordering_general = Some(GeneralId(general));
        a
    };
    // Gén. Roguet commands the Young Guard brigade, not the Guard cavalry.
    let a = opportunity(&g, 2);
    refused(&mut g, a, ChargeError::NotOwnBrigade);
    let names: Vec<_> = {
        let charger = unit(&g, "Guard Chasseurs à cheval");
        coldsteel::game::ordering_generals(g.battle(), charger)
            .into_iter()
            .map(|(general, ok)| (general.id.0, ok.is_ok()))
            .collect()
    };
    assert_eq!(names.first(), Some(&(4, true)), "Walther, the brigade's own general, first");
    assert!(names.contains(&(1, true)), "the C-in-C may order it");
    assert!(names.contains(&(2, false)) && names.contains(&(3, false)));
    // The Sumy Hussars declare their charge at the chasseurs, who intercept it.
    g.perform(&Action::DeclarationsDone { side: Side::First }).unwrap();
    common::declare(&mut g, "Sumy Hussars", "Guard Chasseurs à cheval", 12);
    let a = opportunity(&g, 1);
    do_charge(&mut g, a);
    assert_eq!(g.battle().general(GeneralId(1)).unwrap().orders_used, 1, "counted on the C-in-C");
    assert_eq!(g.battle().general(GeneralId(4)).unwrap().orders_used, 0);
}

/// GDB-SEQ-01: a tie is an action of the journal with its dice, and the generator moves on,
/// so that the app's next roll is a new one.
#[test]
fn gdb_seq_01_a_tie_is_journaled() {
    let mut g = coldsteel::storage::default_game().unwrap();
    let before = g.battle().rng.clone();
    let after = coldsteel::model::RngState { rolls: before.rolls + 4, ..before };
    let tie = BySide { first: [3, 4], second: [4, 3] };
    g.perform(&Action::Initiative {
        dice: crate::common::d6_sides(tie),
        phasing: Side::First,
        rng_after: Some(after.clone()),
    })
    .unwrap();
    let LogDetail::Initiative { phasing, result } = &g.battle().log.last().unwrap().detail else { panic!() };
    assert_eq!((*phasing, result.winner), (None, None), "recorded as a tie");
    assert_eq!(g.battle().rng, after, "the generator moved on");
    assert_eq!(g.battle().phasing, None, "still to be rolled again");
}

/// Declares a charge as the wizard's Declare does (no inputs yet).
fn declare(g: &mut Game, a: &ChargeAction) -> Result<(), ActionError> {
    let declared = ChargeAction { inputs: Vec::new(), ..a.clone() };
    g.perform(&Action::DeclareCharge(Box::new(declared)))
}

fn stood(g: &Game, charger: &str, target: &str, distance: u32) -> ChargeAction {
    charge(g, charger, target, distance, vec![Input::Reaction(Reaction::Stand), pass(), stand(TestResult::Pass)])
}

/// GDB-CHG-03: the phasing side declares first; the other side declares once the phasing
/// side's declarations are done, and neither declares after its own are done.
#[test]
fn gdb_chg_03_the_phasing_side_declares_first() {
    let mut g = default_at(Phase::Charges);
    let theirs = stood(&g, "Sumy Hussars", "Empress Dragoons", 10);
    let before = g.battle().clone();
    assert_eq!(declare(&mut g, &theirs), Err(ActionError::Charge(ChargeError::PhasingDeclaresFirst)));
    assert_eq!(
        g.perform(&Action::DeclarationsDone { side: Side::Second }),
        Err(ActionError::Charge(ChargeError::PhasingDeclaresFirst))
    );
    assert_eq!(*g.battle(), before);
    let mine = stood(&g, "Grenadiers à cheval", "Kiev Dragoons", 12);
    declare(&mut g, &mine).unwrap();
    assert_eq!(declare(&mut g, &mine), Err(ActionError::Charge(ChargeError::AlreadyDeclared)));
    g.perform(&Action::DeclarationsDone { side: Side::First }).unwrap();
    let late = stood(&g, "Empress Dragoons", "Ladoga Infantry", 10);
    assert_eq!(declare(&mut g, &late), Err(ActionError::Charge(ChargeError::DeclarationsClosed)));
    declare(&mut g, &theirs).unwrap();
    // Nothing is carried out before both sides are done.
    let e = common::charge_in_order(&mut g, mine.clone()).unwrap_err();
    assert_eq!(e, ActionError::Charge(ChargeError::DeclarationsOpen));
    g.perform(&Action::DeclarationsDone { side: Side::Second }).unwrap();
    let LogDetail::DeclarationsDone { side } = g.battle().log.last().unwrap().detail else { panic!() };
    assert_eq!(side, Side::Second);
}

/// GDB-CHG-04: the non-phasing side's charges are carried out only after all the phasing
/// side's; in that order both go through.
#[test]
fn gdb_chg_04_the_phasing_side_carries_out_first() {
    let mut g = default_at(Phase::Charges);
    let mine = stood(&g, "Grenadiers à cheval", "Kiev Dragoons", 12);
    let theirs = stood(&g, "Sumy Hussars", "Empress Dragoons", 10);
    declare(&mut g, &mine).unwrap();
    g.perform(&Action::DeclarationsDone { side: Side::First }).unwrap();
    declare(&mut g, &theirs).unwrap();
    g.perform(&Action::DeclarationsDone { side: Side::Second }).unwrap();
    refused(&mut g, theirs.clone(), ChargeError::PhasingChargesFirst);
    do_charge(&mut g, mine);
    do_charge(&mut g, theirs);
    assert_eq!(g.battle().pending_melees().count(), 2);
    let phase = coldsteel::game::declarations::charges_phase(g.battle());
    assert!(phase.declared.iter().all(|d| d.carried_out));
}

/// GDB-OPP-01, 02, 08: an opportunity charge answers the enemy declaration just made, at
/// its charger; it is carried out before the charges of either side; once the enemy has
/// carried a charge out, it is too late. The intercepted charger's own charge lapses
/// (GDB-CHG-05).
#[test]
fn gdb_opp_01_02_08_the_opportunity_charge_in_its_place() {
    let mut g = default_at(Phase::Charges);
    let mine = stood(&g, "Grenadiers à cheval", "Poltava Infantry", 12);
    declare(&mut g, &mine).unwrap();
    let opportunity = |g: &Game, charger: &str, target: &str| {
        let mut a = stood(g, charger, target, 12);
        a.measured.opportunity =
            Some(coldsteel::game::OpportunityFacts { in_reach_at_phase_start: true, enemy_charge_begun: false });
        a
    };
    let wrong = opportunity(&g, "Sumy Hussars", "Empress Dragoons");
    assert_eq!(declare(&mut g, &wrong), Err(ActionError::Charge(ChargeError::NotAnAnswer)));
    let answer = opportunity(&g, "Sumy Hussars", "Grenadiers à cheval");
    declare(&mut g, &answer).unwrap();
    g.perform(&Action::DeclarationsDone { side: Side::First }).unwrap();
    g.perform(&Action::DeclarationsDone { side: Side::Second }).unwrap();
    refused(&mut g, mine.clone(), ChargeError::OpportunityFirst);
    do_charge(&mut g, answer);
    assert!(g.battle().engagement(id(&g, "Sumy Hussars"), id(&g, "Grenadiers à cheval")).is_some());
    let phase = coldsteel::game::declarations::charges_phase(g.battle());
    assert!(phase.to_carry_out(g.battle()).is_empty(), "the grenadiers' charge lapsed: they were charged");
    // Too late: the enemy has carried out a charge.
    let mut g = default_at(Phase::Charges);
    let halted = vec![Input::Reaction(Reaction::Stand), Input::ChargerTest(TestResult::Halt.into())];
    let first = charge(&g, "Grenadiers à cheval", "Poltava Infantry", 12, halted);
    do_charge(&mut g, first);
    let late = opportunity(&g, "Kiev Dragoons", "Grenadiers à cheval");
    refused(&mut g, late, ChargeError::TooLate);
}

/// Overrule (design: the table agrees otherwise): a refusal of a rules clause goes through
/// with the players' reason, which the journal keeps with the clause; `replay` reproduces
/// it. No reason, or a refusal that is no clause's (AMB-15's unsupported melee), is refused.
#[test]
fn a_clause_refusal_is_overruled_with_a_reason() {
    let mut g = default_at(Phase::Movement);
    let inputs = vec![Input::Reaction(Reaction::Stand), pass(), stand(TestResult::Pass)];
    let mut a = charge(&g, "Grenadiers à cheval", "Kiev Dragoons", 12, inputs);
    a.overrule = Some(coldsteel::model::Overrule { refusals: vec![ChargeError::NotChargesPhase], reason: "  ".into() });
    let e = common::charge_in_order(&mut g, a.clone()).unwrap_err();
    assert_eq!(e, ActionError::OverruleNeedsReason);
    a.overrule = Some(coldsteel::model::Overrule {
        refusals: vec![ChargeError::NotChargesPhase],
        reason: "we forgot it in the Charges phase".into(),
    });
    do_charge(&mut g, a);
    let entry = g.battle().log.last().unwrap();
    let LogDetail::Charge { overruled: Some(o), .. } = &entry.detail else { panic!("{:?}", entry.detail) };
    assert_eq!(
        (o.refusals.clone(), o.reason.as_str()),
        (vec![ChargeError::NotChargesPhase], "we forgot it in the Charges phase")
    );
    let lines = coldsteel::i18n::log_text::entry_lines(coldsteel::i18n::Lang::En, g.battle(), entry).join("\n");
    assert!(lines.contains("Overruled by the players") && lines.contains("GDB-CHG-03"), "{lines}");
    assert_eq!(coldsteel::game::replay(&g).unwrap(), g.battle().log.len() - g.journal_start().log.len());
    // The refusal older journals hold for a charge at a unit in melee (before AMB-15's
    // melees of more than one unit a side) is not the players' to overrule.
    let mut third = charge(&g, "Empress Dragoons", "Kiev Dragoons", 10, vec![]);
    third.overrule = Some(coldsteel::model::Overrule {
        refusals: vec![ChargeError::TargetInMelee],
        reason: "join the melee".into(),
    });
    let e = common::charge_in_order(&mut g, third).unwrap_err();
    assert_eq!(e, ActionError::NotOverrulable(ChargeError::TargetInMelee));
}

fn overrule(a: &mut ChargeAction, refusal: ChargeError) {
    let mut refusals = a.overrule.take().map(|o| o.refusals).unwrap_or_default();
    refusals.push(refusal);
    a.overrule = Some(coldsteel::model::Overrule { refusals, reason: "the table agreed".into() });
}

/// Each procedure row overruled: a halted charger charging again (GDB-CHG-13, 19), a
/// follow-up beyond what is left (GDB-CHG-19 b), the other side declaring first
/// (GDB-CHG-03) and carrying out first (GDB-CHG-04): accepted, each logged with its reason.
#[test]
fn procedure_rows_overruled() {
    let mut g = default_at(Phase::Charges);
    let halted = vec![Input::Reaction(Reaction::Stand), Input::ChargerTest(TestResult::Halt.into())];
    let a = charge(&g, "Empress Dragoons", "Kiev Dragoons", 12, halted);
    do_charge(&mut g, a);
    let mut again = stood(&g, "Empress Dragoons", "Sumy Hussars", 8);
    overrule(&mut again, ChargeError::ChargerHalted);
    overrule(&mut again, ChargeError::DeclarationsClosed);
    do_charge(&mut g, again);

    let mut g = default_at(Phase::Charges);
    let inputs =
        vec![Input::Reaction(Reaction::Stand), pass(), stand(TestResult::Rout), Input::FollowUp(FollowUp::NewTarget)];
    let a = with_rates(charge(&g, "1st Polish Guard Lancers", "Poltava Infantry", 30, inputs), 36, 16);
    do_charge(&mut g, a);
    let mut far = with_rates(stood(&g, "1st Polish Guard Lancers", "Ladoga Infantry", 30), 36, 16);
    overrule(&mut far, ChargeError::OutOfReach { distance: 30, reach: 6 });
    do_charge(&mut g, far);

    let mut g = default_at(Phase::Charges);
    let mine = stood(&g, "Grenadiers à cheval", "Kiev Dragoons", 12);
    let mut theirs = stood(&g, "Sumy Hussars", "Empress Dragoons", 10);
    declare(&mut g, &mine).unwrap();
    let mut early = theirs.clone();
    overrule(&mut early, ChargeError::PhasingDeclaresFirst);
    declare(&mut g, &early).unwrap();
    let LogDetail::ChargeDeclared { overruled: Some(_), .. } = &g.battle().log.last().unwrap().detail else { panic!() };
    g.perform(&Action::DeclarationsDone { side: Side::First }).unwrap();
    g.perform(&Action::DeclarationsDone { side: Side::Second }).unwrap();
    overrule(&mut theirs, ChargeError::PhasingChargesFirst);
    do_charge(&mut g, theirs);
    do_charge(&mut g, mine);
    assert_eq!(g.battle().pending_melees().count(), 2);
    assert!(coldsteel::game::replay(&g).is_ok());
}

/// The overrule the last charge of the journal kept, with its refusals.
fn last_overrule(g: &Game) -> coldsteel::model::Overrule {
    let LogDetail::Charge { overruled: Some(o), .. } = &g.battle().log.last().unwrap().detail else {
        panic!("{:?}", g.battle().log.last().unwrap().detail)
    };
    o.clone()
}

/// The step rows overruled: a meet beyond the gap (GDB-CHG-18), carrying on out of reach
/// (GDB-CHG-19 a), cavalry occupying buildings (GDB-CHG-20), a crew that did not flee
/// running into a friend (GDB-ART-04), a unit in contact charging (GDB-MEL-02) and another
/// brigade's general ordering (GDB-OPP-06): accepted as the players say, each logged with
/// its clause and reason, and replayed.
#[test]
fn step_rows_overruled() {
    let mut g = default_at(Phase::Charges);
    let inputs = vec![
        Input::Reaction(Reaction::CounterCharge),
        pass(),
        Input::CounterTest(TestResult::Pass.into()),
        Input::CounterMeet { counter_cm: 7 },
    ];
    let mut a = charge(&g, "Empress Dragoons", "Kiev Dragoons", 10, inputs);
    overrule(&mut a, ChargeError::MeetBeyondGap { counter: 7, gap: 5 });
    do_charge(&mut g, a);
    let (_, e) = g.battle().engagement(id(&g, "Empress Dragoons"), id(&g, "Kiev Dragoons")).unwrap();
    assert_eq!((e.contact.attacker.moved_cm, e.counter_cm()), (Some(3), Some(7)), "as the players measured it");
    assert_eq!(last_overrule(&g).refusals, vec![ChargeError::MeetBeyondGap { counter: 7, gap: 5 }]);

    // The first charge carried out undeclared closed the declarations (GDB-CHG-03).
    let mut again = stood(&g, "Empress Dragoons", "Chuguev Uhlans", 8);
    for refusal in [ChargeError::ChargerInContact, ChargeError::ChargedThisTurn, ChargeError::DeclarationsClosed] {
        overrule(&mut again, refusal);
    }
    do_charge(&mut g, again);
    assert!(last_overrule(&g).refusals.contains(&ChargeError::ChargerInContact));
    assert!(coldsteel::game::replay(&g).is_ok());

    let mut g = default_at(Phase::Charges);
    let inputs = vec![Input::Reaction(Reaction::Stand), pass(), stand(TestResult::Retreat)];
    let mut a = with_rates(charge(&g, "Guard Chasseurs à cheval", "Poltava Infantry", 20, inputs), 24, 16);
    a.inputs.push(Input::FollowUp(FollowUp::CarryOn));
    overrule(&mut a, ChargeError::CarryOnOutOfReach { needed: 8, left: 4 });
    do_charge(&mut g, a);
    assert!(g.battle().engagement(id(&g, "Guard Chasseurs à cheval"), id(&g, "Poltava Infantry")).is_some());

    let mut g = default_at(Phase::Charges);
    let mut a = with_rates(
        charge(&g, "Grenadiers à cheval", "Ladoga Infantry", 10, vec![Input::Reaction(Reaction::Stand), pass()]),
        36,
        16,
    );
    a.inputs.extend([stand(TestResult::Retreat), Input::Occupy { needed_cm: 4, left_cm: 20 }]);
    overrule(&mut a, ChargeError::OnlyInfantryOccupies);
    overrule(&mut a, ChargeError::NoBuildingsToOccupy);
    do_charge(&mut g, a);
    let LogDetail::Charge { happened, .. } = &g.battle().log.last().unwrap().detail else { panic!() };
    assert!(happened.contains(&Happening::OccupiesBuildings { disordered: false }));

    let mut g = default_at(Phase::Charges);
    let mut a = charge(&g, "1st Vistula Legion", "Light Company No. 47", 10, vec![Input::Reaction(Reaction::Stand)]);
    a.inputs.extend([
        pass(),
        stand(TestResult::Retreat),
        Input::EmergencyLimber { die: crate::common::face(4), named: Some("x".into()) },
    ]);
    a.inputs.extend([Input::CrewRanIntoFriend, Input::FollowUp(FollowUp::Stop)]);
    a.crew_ran_into = Some(id(&g, "Tula Opolchenie, 2nd druzhina"));
    overrule(&mut a, ChargeError::CrewDidNotFlee);
    do_charge(&mut g, a);
    assert_eq!(last_overrule(&g).refusals, vec![ChargeError::CrewDidNotFlee]);
    let friend = unit(&g, "Tula Opolchenie, 2nd druzhina");
    assert_eq!(friend.order, coldsteel::rules::Order::Disordered, "the players said the crew ran into it");
    assert!(coldsteel::game::replay(&g).is_ok());
}

/// GDB-OPP-06 overruled: another brigade's general orders the opportunity charge.
#[test]
fn another_brigades_order_overruled() {
    let mut g = default_at(Phase::Charges);
    g.perform(&Action::DeclarationsDone { side: Side::First }).unwrap();
    common::declare(&mut g, "Sumy Hussars", "Guard Chasseurs à cheval", 12);
    let inputs = vec![Input::Reaction(Reaction::Stand), pass(), stand(TestResult::Pass)];
    let mut a = charge(&g, "Guard Chasseurs à cheval", "Sumy Hussars", 12, inputs);
    a.measured.opportunity =
        Some(coldsteel::game::OpportunityFacts { in_reach_at_phase_start: true, enemy_charge_begun: false });
    a.ordering_general = Some(GeneralId(2));
    refused(&mut g, a.clone(), ChargeError::NotOwnBrigade);
    overrule(&mut a, ChargeError::NotOwnBrigade);
    do_charge(&mut g, a);
    assert_eq!(last_overrule(&g).refusals, vec![ChargeError::NotOwnBrigade]);
}

/// GDB-CHG-22: skirmishers screening the charged battalion evade (they may not fire and
/// take no part in the melee) and the log says so, naming them; a unit that is no
/// skirmisher of the target's side cannot be named as the screen.
#[test]
fn gdb_chg_22_the_screen_in_the_path_evades() {
    let mut g = default_at(Phase::Charges);
    let mut a = stood(&g, "Grenadiers à cheval", "Poltava Infantry", 12);
    a.screen = vec![id(&g, "Sumy Hussars")];
    let before = g.battle().clone();
    let e = common::charge_in_order(&mut g, a.clone()).unwrap_err();
    assert_eq!(e, ActionError::NotAScreen(id(&g, "Sumy Hussars")));
    assert_eq!(*g.battle(), before);
    a.screen = vec![id(&g, "Jäger skirmish screen")];
    do_charge(&mut g, a);
    assert!(unit(&g, "Jäger skirmish screen").markers.contains(&Marker::Evaded));
    let entry = g.battle().log.last().unwrap();
    let lines = coldsteel::i18n::log_text::entry_lines(coldsteel::i18n::Lang::En, g.battle(), entry).join("\n");
    assert!(lines.contains("Jäger skirmish screen: skirmishers in the charge's path evade"), "{lines}");
    assert!(lines.contains("GDB-CHG-22"));
}

/// AMB-43, GDB-CHG-14: a target that routs at its test to stand moves at once its rout
/// distance where the players' table sets one (20 cm), not its retreat distance (12 cm).
#[test]
fn amb_43_a_rout_at_the_test_to_stand_moves_the_rout_distance() {
    let mut g = default_at(Phase::Charges);
    let mut options = g.battle().options.clone();
    options.gdb.distances.push(coldsteel::rules::options::DistanceRow {
        formation: Some(coldsteel::rules::Formation::Line),
        retreat_cm: Some(12),
        rout_cm: Some(20),
        ..coldsteel::rules::options::DistanceRow::empty(coldsteel::rules::Arm::Infantry)
    });
    g.perform(&Action::SetOptions(Box::new((coldsteel::rules::Ruleset::Gdb, options)))).unwrap();
    let inputs =
        vec![Input::Reaction(Reaction::Stand), pass(), stand(TestResult::Rout), Input::FollowUp(FollowUp::Stop)];
    let a = charge(&g, "Grenadiers à cheval", "Poltava Infantry", 12, inputs);
    do_charge(&mut g, a);
    let LogDetail::Charge { happened, .. } = &g.battle().log.last().unwrap().detail else { panic!() };
    assert!(happened.contains(&Happening::TargetRouts { cm: Some(20) }), "{happened:?}");
    assert_eq!(unit(&g, "Poltava Infantry").order, coldsteel::rules::Order::Routing);
}

fn modifiers_of(g: &Game, attacker: &str, defender: &str, role: coldsteel::rules::gdb::Role) -> Vec<&'static str> {
    let m = common::melee(g, attacker, defender, ([3, 3], [3, 3]), (0, 0));
    let (input, _) = coldsteel::game::gdb_melee_input(g.battle(), &m).unwrap();
    input.modifiers(role).iter().filter(|x| x.value != 0).map(|x| x.rule_id()).collect()
}

/// GDB-MOD-23, GDB-CHG-12, AMB-09: a square still changing formation at the melee gets
/// no +4 (the option "only when formed and complete" on) and fights unformed; a square
/// formed as the reaction to the charge that reached it was complete at contact and gets
/// the +4 (EX-2).
#[test]
fn gdb_mod_23_a_square_still_forming_gets_no_bonus() {
    let g = default_at(Phase::Charges);
    let mut g = common::edited(&g, |b| {
        let u = b.units.iter_mut().find(|u| u.name == "Ladoga Infantry").unwrap();
        u.formation = coldsteel::rules::Formation::Square;
        u.markers.insert(Marker::ChangingFormation);
    });
    let a = stood(&g, "Grenadiers à cheval", "Ladoga Infantry", 12);
    do_charge(&mut g, a);
    let defender = modifiers_of(&g, "Grenadiers à cheval", "Ladoga Infantry", coldsteel::rules::gdb::Role::Defender);
    assert!(!defender.contains(&"GDB-MOD-23"), "{defender:?}");
    assert!(defender.contains(&"GDB-MOD-19"), "still changing: unformed, {defender:?}");

    let mut g = default_at(Phase::Charges);
    let square = vec![
        Input::Reaction(Reaction::ChangeFormation { to: coldsteel::rules::Formation::Square, duration: None }),
        pass(),
        stand(TestResult::Pass),
    ];
    let mut a = charge(&g, "Grenadiers à cheval", "Ladoga Infantry", 20, square);
    a.rates.charger_charge_cm = Some(36);
    do_charge(&mut g, a);
    let defender = modifiers_of(&g, "Grenadiers à cheval", "Ladoga Infantry", coldsteel::rules::gdb::Role::Defender);
    assert!(defender.contains(&"GDB-MOD-23"), "complete at contact: {defender:?}");
}

/// GDB-MOD-23, AMB-09: a routing unit keeps its stored formation but no formation
/// modifier applies while it routs.
#[test]
fn gdb_mod_23_a_routing_square_fights_in_no_formation() {
    let g = default_at(Phase::Charges);
    let mut g = common::edited(&g, |b| {
        let u = b.units.iter_mut().find(|u| u.name == "Ladoga Infantry").unwrap();
        u.formation = coldsteel::rules::Formation::Square;
        u.order = coldsteel::rules::Order::Routing;
    });
    // Even with the bonus allowed to unformed columns and squares (the AMB-09 option off).
    let mut options = g.battle().options.clone();
    options.gdb.column_square_bonus_needs_formed = false;
    g.perform(&Action::SetOptions(Box::new((coldsteel::rules::Ruleset::Gdb, options)))).unwrap();
    let a = stood(&g, "Grenadiers à cheval", "Ladoga Infantry", 12);
    do_charge(&mut g, a);
    let defender = modifiers_of(&g, "Grenadiers à cheval", "Ladoga Infantry", coldsteel::rules::gdb::Role::Defender);
    assert!(!defender.contains(&"GDB-MOD-23"), "{defender:?}");
    assert_eq!(unit(&g, "Ladoga Infantry").formation, coldsteel::rules::Formation::Square, "kept");
}

/// AMB-50, GDB-SEQ-01: a side that never had a commander-in-chief rolls its initiative
/// without the −1, and the log says so under its own name; with the option on it takes
/// the −1. A side whose C-in-C is lost takes it, under its own name.
#[test]
fn amb_50_no_commander_no_minus_one() {
    let start = coldsteel::storage::default_game().unwrap();
    let mut g = common::edited(&start, |b| {
        b.generals.retain(|x| !(x.side == Side::Second && x.rank == coldsteel::rules::Rank::CommanderInChief));
        if let Some(chief) = b.generals.iter_mut().find(|x| x.rank == coldsteel::rules::Rank::CommanderInChief) {
            chief.lost = true;
        }
    });
    common::initiative(&mut g, [3, 3], [4, 4], Side::Second);
    let entry = g.battle().log.last().unwrap();
    let LogDetail::Initiative { result, .. } = &entry.detail else { panic!() };
    assert_eq!((result.totals.first, result.totals.second), (5, 8), "the French −1, the Russians none");
    let lines = coldsteel::i18n::log_text::entry_lines(coldsteel::i18n::Lang::En, g.battle(), entry);
    let french = lines.iter().position(|l| l.starts_with("French Imperial Guard")).unwrap();
    let russians = lines.iter().position(|l| l.starts_with("Russian Army")).unwrap();
    assert!(lines[french + 1].contains("GDB-SEQ-01") && french + 1 < russians, "{lines:?}");
    assert!(
        lines.iter().any(|l| l.contains("no commander-in-chief in the battle") && l.contains("AMB-50")),
        "{lines:?}"
    );
    let mut on = common::edited(&start, |b| {
        b.generals.retain(|x| !(x.side == Side::Second && x.rank == coldsteel::rules::Rank::CommanderInChief));
        b.options.gdb.minus_one_without_commander = true;
    });
    common::initiative(&mut on, [3, 3], [4, 4], Side::Second);
    let LogDetail::Initiative { result, .. } = &on.battle().log.last().unwrap().detail else { panic!() };
    assert_eq!(result.totals.second, 7, "the option applies the −1");
}

/// Markers follow the unit's state: a unit reduced to 0 figures in a melee is destroyed
/// and keeps no Retreating marker, and a routing unit is listed for no morale test.
#[test]
fn markers_and_tests_follow_the_units_state() {
    let mut g = default_at(Phase::Charges);
    let a = stood(&g, "Grenadiers à cheval", "Kiev Dragoons", 12);
    do_charge(&mut g, a);
    common::to(&mut g, Phase::Melee);
    let m = common::melee(&g, "Grenadiers à cheval", "Kiev Dragoons", ([6, 6], [1, 1]), (0, 12));
    g.perform(&Action::GdbMelee(Box::new(m))).unwrap();
    let kiev = unit(&g, "Kiev Dragoons");
    assert_eq!(kiev.order, coldsteel::rules::Order::Destroyed);
    assert!(!kiev.markers.contains(&Marker::Retreating), "{:?}", kiev.markers);
    // Routed with figures left: it moves back, and takes no morale test for its losses.
    let mut g = default_at(Phase::Charges);
    let a = stood(&g, "Grenadiers à cheval", "Kiev Dragoons", 12);
    do_charge(&mut g, a);
    common::to(&mut g, Phase::Melee);
    let m = common::melee(&g, "Grenadiers à cheval", "Kiev Dragoons", ([6, 6], [1, 1]), (0, 3));
    g.perform(&Action::GdbMelee(Box::new(m))).unwrap();
    let kiev = unit(&g, "Kiev Dragoons");
    assert_eq!(kiev.order, coldsteel::rules::Order::Routing);
    assert!(kiev.markers.contains(&Marker::Retreating));
    common::to(&mut g, Phase::Morale);
    let kiev = id(&g, "Kiev Dragoons");
    // A routing unit tests to rally only after its rout move in the next Compulsory Moves
    // (GDB-RES-01, SEQ-03), and then to rally, not its morale (issue 28).
    let (tests, todos) = tests_listed(&g, kiev);
    assert_eq!(tests, vec![], "{todos:?}");
    common::next_turn_to(&mut g, Phase::Morale);
    let (tests, todos) = tests_listed(&g, kiev);
    assert_eq!(tests, vec![coldsteel::rules::options::TestKind::Rally], "{todos:?}");
}

/// The tests the checklist lists for `unit`, and the whole checklist.
fn tests_listed(
    g: &Game,
    unit: coldsteel::model::UnitId,
) -> (Vec<coldsteel::rules::options::TestKind>, Vec<coldsteel::game::Todo>) {
    let todos = coldsteel::game::checklist(g.battle());
    let tests = todos
        .iter()
        .filter_map(|t| match t {
            coldsteel::game::Todo::Test { unit: u, test, .. } if *u == unit => Some(*test),
            _ => None,
        })
        .collect();
    (tests, todos)
}

/// The losses chart counts every figure the journal holds, the bases of overrun
/// skirmishers included (GDB-EVD-12): each side's total is the sum of figures lost.
#[test]
fn the_losses_chart_counts_overrun_bases() {
    let mut g = default_at(Phase::Charges);
    let inputs = vec![Input::Reaction(Reaction::Evade), Input::Caught(true), pass(), Input::BasesLost { figures: 2 }];
    let a = with_rates(charge(&g, "Grenadiers à cheval", "Jäger skirmish screen", 8, inputs), 36, 12);
    do_charge(&mut g, a);
    let per_turn = coldsteel::report::summary::losses_by_turn(g.battle());
    let lost_by = |side: Side| -> u32 {
        g.battle().units.iter().filter(|u| u.side == side).map(|u| u.figures_start - u.figures).sum()
    };
    assert_eq!(per_turn.first().map(|t| (t.1, t.2)), Some((lost_by(Side::First), lost_by(Side::Second))));
    assert_eq!(lost_by(Side::Second), 2);
}

/// Issue 26, never locked out: an edit that would make a second commander-in-chief on a
/// side is refused (the file would not open again), as are a turn past the file's limit
/// and a charge of more than 10,000 cm; each refusal leaves the battle unchanged.
#[test]
fn no_action_makes_a_battle_the_loader_refuses() {
    let mut g = coldsteel::storage::default_game().unwrap();
    let before = g.battle().clone();
    let mut second = g.battle().generals.iter().find(|x| x.name == "Gén. Roguet").unwrap().clone();
    second.rank = coldsteel::rules::Rank::CommanderInChief;
    second.brigade = None;
    let e = g.perform(&Action::EditGeneral(second.clone())).unwrap_err();
    assert_eq!(e, ActionError::Invalid(coldsteel::model::Problem::TwoCommanders(Side::First)));
    let e = g.perform(&Action::AddGeneral(second)).unwrap_err();
    assert_eq!(e, ActionError::Invalid(coldsteel::model::Problem::TwoCommanders(Side::First)));
    assert_eq!(*g.battle(), before);
    assert!(coldsteel::storage::from_json(&coldsteel::storage::to_json(&g)).is_ok());

    let g0 = default_at(Phase::Charges);
    let mut g = common::edited(&g0, |b| b.turn = coldsteel::model::limits::MAX_TURN);
    common::to(&mut g, Phase::Morale);
    let e = g.perform(&Action::AdvancePhase).unwrap_err();
    assert!(matches!(e, ActionError::Invalid(coldsteel::model::Problem::OutOfRange { field: "turn", .. })), "{e:?}");

    let mut g = default_at(Phase::Charges);
    let far = stood(&g, "Grenadiers à cheval", "Kiev Dragoons", 10_001);
    let e = common::charge_in_order(&mut g, far).unwrap_err();
    assert!(matches!(e, ActionError::Invalid(coldsteel::model::Problem::OutOfRange { .. })), "{e:?}");
}

/// Every result in words (issue 28): the winner's pursuit test is logged as what it did
/// ("pursues"), in both languages, and the Russian never reads "проходит" (passes) beside
/// a pursuing winner.
#[test]
fn the_pursuit_is_logged_as_what_it_did() {
    let mut g = default_at(Phase::Charges);
    let a = stood(&g, "Grenadiers à cheval", "Kiev Dragoons", 12);
    do_charge(&mut g, a);
    common::to(&mut g, Phase::Melee);
    let mut m = common::melee(&g, "Grenadiers à cheval", "Kiev Dragoons", ([6, 6], [1, 1]), (0, 3));
    m.test = Some(TestResult::Pursue.into());
    g.perform(&Action::GdbMelee(Box::new(m))).unwrap();
    let entry = g.battle().log.last().unwrap();
    let en = coldsteel::i18n::log_text::entry_lines(coldsteel::i18n::Lang::En, g.battle(), entry).join("\n");
    let ru = coldsteel::i18n::log_text::entry_lines(coldsteel::i18n::Lang::Ru, g.battle(), entry).join("\n");
    assert!(en.contains("Grenadiers à cheval: Pursuit test: pursues"), "{en}");
    assert!(ru.contains("Тест на преследование: преследует"), "{ru}");
    assert!(!ru.contains("проходит"), "{ru}");
}

/// AMB-49, B-COL-09: Cossacks are light cavalry; attacking without lances they take the
/// light cavalry's −1, with the unit's lances flag on they do not.
#[test]
fn amb_49_cossacks_with_and_without_lances() {
    let mut g = coldsteel::storage::default_game().unwrap();
    let options = g.battle().options.clone();
    g.perform(&Action::SetOptions(Box::new((coldsteel::rules::Ruleset::RulesetB, options)))).unwrap();
    g.perform(&Action::AdvancePhase).unwrap();
    let attack = |g: &Game| coldsteel::game::CollisionAction {
        attacker: id(g, "Ilovaisky's Don Cossacks"),
        defender: id(g, "Flanqueurs-Chasseurs"),
        table: Default::default(),
        defender_attacking: false,
        distance_cm: Some(20),
        dice: crate::common::average_dice((3, 3)),
        caught: false,
        rng_after: None,
    };
    let rules = |g: &Game| -> Vec<(&'static str, i32)> {
        let input = coldsteel::game::collision_input(g.battle(), &attack(g)).unwrap();
        input.modifiers(coldsteel::rules::Role::Attacker).iter().map(|m| (m.rule_id(), m.value)).collect()
    };
    let mut cossacks = unit(&g, "Ilovaisky's Don Cossacks").clone();
    for lances in [false, true] {
        cossacks.lances = lances;
        let _ = g.perform(&Action::EditUnit(cossacks.clone()));
        if !lances {
            assert!(rules(&g).contains(&("B-COL-09", -1)), "lances off: {:?}", rules(&g));
        }
    }
    assert!(!rules(&g).iter().any(|(r, _)| *r == "B-COL-09"), "lances on: {:?}", rules(&g));
}

/// Issue 27, GDB-MOD-25, FN8: off the table view the melee asks where each side fights,
/// pre-filled with where it stood. A column charging out of a wood fights in the open:
/// told so, it gets no cover, and stands in the open afterwards.
#[test]
fn gdb_mod_25_off_the_table_the_melee_asks_the_chargers_ground() {
    use coldsteel::rules::Terrain;
    use coldsteel::rules::explain::Rule;
    let mut g = default_at(Phase::Charges);
    let mut ladoga = unit(&g, "Ladoga Infantry").clone();
    ladoga.terrain = Terrain::Wood;
    g.perform(&Action::EditUnit(ladoga)).unwrap();
    let inputs = vec![Input::Reaction(Reaction::Stand), pass(), stand(TestResult::Pass)];
    let a = charge(&g, "Ladoga Infantry", "1st Voltigeurs of the Guard", 8, inputs);
    do_charge(&mut g, a);
    common::to(&mut g, Phase::Melee);
    let (_, pending) = g.battle().pending_melees().next().unwrap();
    let draft = coldsteel::game::procedure::melee::MeleeDraft::open(g.battle(), pending).unwrap();
    assert_eq!(draft.table.attacker.ground, Some(Terrain::Wood), "pre-filled with where it stood");
    let mut m = common::melee(&g, "Ladoga Infantry", "1st Voltigeurs of the Guard", ([3, 3], [3, 3]), (1, 1));
    let cover = |m: &coldsteel::game::GdbMeleeAction| {
        let (input, _) = coldsteel::game::gdb_melee_input(g.battle(), m).unwrap();
        input.modifiers(coldsteel::rules::gdb::Role::Attacker).iter().any(|x| x.rule() == Some(Rule::GdbMod25CoverHill))
    };
    m.table.attacker.ground = Some(Terrain::Wood);
    assert!(cover(&m), "still in the wood: cover");
    m.table.attacker.ground = Some(Terrain::Open);
    assert!(!cover(&m), "charged out into the open: none");
    common::answer_owed(&g, &mut m);
    g.perform(&Action::GdbMelee(Box::new(m))).unwrap();
    assert_eq!(unit(&g, "Ladoga Infantry").terrain, Terrain::Open, "it stands where it fought");
}
