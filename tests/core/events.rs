//! The exact events of a charge and of a melee (issue 48, zemeroth's habit): what the
//! game derives from the players' inputs, change by change, kept as a snapshot so that a
//! refactor of the core shows any change of behaviour as a difference to review.
//! `COLDSTEEL_WRITE_SNAPSHOTS=1 cargo test --test core events` rewrites it.

use std::path::Path;

use crate::common;
use coldsteel::game::{Action, ChargeAction};
use coldsteel::rules::Phase;
use coldsteel::rules::gdb::charge::{Input, Reaction};
use coldsteel::rules::options::TestResult;

/// The events the game derives from an action on the game as it stands, then performs it.
fn events_of(g: &mut coldsteel::game::Game, action: Action) -> String {
    let events = coldsteel::game::check(&action, g.battle()).unwrap_or_else(|e| panic!("{e}"));
    g.perform(&action).unwrap();
    format!("{events:#?}\n")
}

#[test]
fn a_charge_and_its_melee_derive_exactly_these_events() {
    let mut g = common::default_at(Phase::Charges);
    let inputs = vec![
        Input::Reaction(Reaction::StandAndFire),
        Input::ClosingFire { casualties: 1 },
        Input::ChargerTest(TestResult::Pass.into()),
        Input::StandTest(TestResult::Pass.into()),
    ];
    let a = common::charge(&g, "Grenadiers à cheval", "Ladoga Infantry", 20, inputs);
    // Declared, and both sides' declarations closed, as the players would.
    let declared = ChargeAction { inputs: Vec::new(), rng_after: None, ..a.clone() };
    g.perform(&Action::DeclareCharge(Box::new(declared))).unwrap();
    common::close_declarations(&mut g);
    let charge = events_of(&mut g, Action::Charge(Box::new(a)));
    assert_eq!(g.battle().pending_melees().count(), 1, "the charge ends in contact");
    common::to(&mut g, Phase::Melee);
    let m = common::melee(&g, "Grenadiers à cheval", "Ladoga Infantry", ([5, 4], [2, 1]), (1, 3));
    let melee = events_of(&mut g, Action::GdbMelee(Box::new(m)));
    let got = format!("# The charge\n{charge}\n# Its melee\n{melee}");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/events.txt");
    if std::env::var_os("COLDSTEEL_WRITE_SNAPSHOTS").is_some() {
        std::fs::write(&path, &got).unwrap();
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(got == expected, "the events changed: review the difference and rerun with COLDSTEEL_WRITE_SNAPSHOTS=1");
}
