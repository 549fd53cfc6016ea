//! The battle file is a verifiable journal: `replay` re-applies every recorded action
//! through the current rules and must reproduce the battle; a tampered die is caught and
//! the entry named. Scenarios (a battle and actions without results) play through it.

use std::path::Path;
use std::process::Command;

use coldsteel::game::{Action, ChargeAction, ChargeMeasures, Game, GdbMeleeAction, ReplayError, replay};
use coldsteel::rules::gdb::charge::{Input, Reaction, TestResult};
use coldsteel::rules::{BySide, Order, Side};
use coldsteel::storage::{self, LoadError};
use proptest::prelude::*;

fn saves(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("saves").join(name)
}

fn example(i: u8) -> Game {
    let name = ["krasnoi-1812.coldsteel.json", "krasnoi-1812-turn3.coldsteel.json"][usize::from(i % 2)];
    storage::read_battle_file(&saves(name)).unwrap()
}

/// An action the property test may take; refused ones are skipped, as in the app.
fn pick(g: &Game, kind: u8, a: usize, b: usize, d: [u8; 4], cm: u32) -> Action {
    let units = &g.battle().units;
    let (ua, ub) = (&units[a % units.len()], &units[b % units.len()]);
    match kind % 7 {
        0 | 1 => Action::AdvancePhase,
        2 => Action::Initiative {
            dice: BySide { first: crate::common::d6([d[0], d[1]]), second: crate::common::d6([d[2], d[3]]) },
            phasing: if d[0].is_multiple_of(2) { Side::First } else { Side::Second },
            rng_after: None,
        },
        3 => Action::Charge(Box::new(ChargeAction {
            charger: ua.id,
            target: ub.id,
            measured: ChargeMeasures {
                distance_cm: cm,
                commander_within_15cm: true,
                target_visible: true,
                ..Default::default()
            },
            rates: Default::default(),
            inputs: vec![
                Input::Reaction(if d[1].is_multiple_of(2) { Reaction::Stand } else { Reaction::CounterCharge }),
                Input::ChargerTest(TestResult::Pass.into()),
                Input::CounterTest(TestResult::Pass.into()),
                Input::CounterMeet { counter_cm: cm / 3 },
                Input::StandTest(TestResult::Pass.into()),
            ]
            .into_iter()
            .filter(|i| d[1] % 2 == 1 || !matches!(i, Input::CounterTest(_) | Input::CounterMeet { .. }))
            .filter(|i| d[1].is_multiple_of(2) || !matches!(i, Input::StandTest(_)))
            .collect(),
            crew_ran_into: None,
            ordering_general: None,
            rng_after: None,
            overrule: None,
            screen: Vec::new(),
        })),
        4 => match g.battle().pending_melees().next() {
            Some((_, e)) => Action::GdbMelee(Box::new(GdbMeleeAction {
                attacker: e.attacker,
                defender: e.defender,
                table: Default::default(),
                dice: crate::common::melee_dice(([d[0], d[1]], [d[2], d[3]])),
                losses: Some((u32::from(d[0] % 3), u32::from(d[2] % 3)).into()),
                test: None,
                overridden: None,
                rng_after: None,
            })),
            None => Action::AdvancePhase,
        },
        5 => Action::EditUnit(coldsteel::model::Unit { order: Order::ALL[usize::from(d[3]) % 4], ..ua.clone() }),
        _ => Action::Note(format!("note {cm}")),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Random sequences of legal actions on the example battles: the saved file replays
    /// to the same battle, every journaled entry identical.
    #[test]
    fn a_saved_game_replays_exactly(
        which in any::<u8>(),
        steps in prop::collection::vec((any::<u8>(), any::<usize>(), any::<usize>(), [1u8..=6, 1u8..=6, 1u8..=6, 1u8..=6], 1u32..30), 1..30),
    ) {
        let mut g = example(which);
        for (kind, a, b, d, cm) in steps {
            let action = pick(&g, kind, a, b, d, cm);
            let _ = g.perform(&action);
        }
        let text = storage::to_json(&g);
        let back = storage::from_json(&text).unwrap();
        prop_assert_eq!(&back, &g);
        let journaled = back.battle().log.len() - back.journal_start().log.len();
        prop_assert_eq!(replay(&back).unwrap(), journaled);
    }
}

/// Changes the first die of the first melee recorded in a battle file; returns the new
/// text and the entry's sequence number.
fn tamper_with_a_die(text: &str) -> (String, u64) {
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
    let log = v["log"].as_array_mut().unwrap();
    let entry = log.iter_mut().find(|e| e["action"]["action"] == "gdb_melee").unwrap();
    let seq = entry["seq"].as_u64().unwrap();
    let die = &mut entry["action"]["with"]["dice"][0][0];
    let was = die.as_u64().unwrap();
    *die = serde_json::Value::from(if was == 6 { 1 } else { was + 1 });
    (serde_json::to_string_pretty(&v).unwrap(), seq)
}

#[test]
fn a_tampered_die_is_caught_and_its_entry_named() {
    let text = std::fs::read_to_string(saves("krasnoi-1812-turn3.coldsteel.json")).unwrap();
    let (tampered, seq) = tamper_with_a_die(&text);
    // Reading the file performs its journal again (issue 46): the entry is caught there.
    match storage::from_json(&tampered) {
        Err(LoadError::Journal(ReplayError::Differs { seq: at, .. } | ReplayError::Refused { seq: at, .. })) => {
            assert_eq!(at, seq)
        }
        other => panic!("{:?}", other.map(|g| g.battle().log.len())),
    }
    // The command says so too, with exit code 2.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tampered.coldsteel.json");
    std::fs::write(&path, &tampered).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_coldsteel")).arg("replay").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("log entry {seq}")), "{err}");
}

#[test]
fn every_example_battle_replays_as_many_actions_as_it_has_log_entries() {
    for name in
        ["krasnoi-1812.coldsteel.json", "krasnoi-1812-turn3.coldsteel.json", "krasnoi-1812-ruleset-b.coldsteel.json"]
    {
        let out = Command::new(env!("CARGO_BIN_EXE_coldsteel")).arg("replay").arg(saves(name)).output().unwrap();
        let g = storage::read_battle_file(&saves(name)).unwrap();
        let said = String::from_utf8_lossy(&out.stdout);
        assert_eq!(said.trim(), format!("replayed {} actions: identical", g.battle().log.len()), "{name}");
        assert!(out.status.success());
    }
}

#[test]
fn a_scenario_plays_through_the_command_and_its_result_replays() {
    let dir = tempfile::tempdir().unwrap();
    let out_file = dir.path().join("ex4.coldsteel.json");
    let scenario = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/scenarios/ex4.json");
    let out = Command::new(env!("CARGO_BIN_EXE_coldsteel"))
        .arg("replay")
        .arg(&scenario)
        .arg("--write")
        .arg(&out_file)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("played 18 actions"));
    let g = storage::read_battle_file(&out_file).unwrap();
    assert_eq!(replay(&g).unwrap(), 18);
    // A refused action names its place in the scenario.
    let text =
        std::fs::read_to_string(&scenario).unwrap().replacen("\"counter_cm\": 4", "\"counter_cm\": 4, \"x\": 1", 0);
    let broken = text.replacen("\"distance_cm\": 18", "\"distance_cm\": 99", 1);
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, broken).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_coldsteel")).arg("replay").arg(&bad).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("action 11 of the scenario") && err.contains("99 cm"), "{err}");
}

/// Every kind of charge input survives the file: a journal that cannot be written would
/// lose the game (a newtype of a plain value inside an internally tagged enum cannot).
#[test]
fn every_charge_input_round_trips() {
    use coldsteel::rules::gdb::charge::{FollowUp, TestAnswer};
    let inputs = vec![
        Input::Reaction(Reaction::Evade),
        Input::ClosingFire { casualties: 2 },
        Input::ChargerTest(TestAnswer::Rolled { dice: crate::common::d6([3, 4]), modifier: -1 }),
        Input::CounterTest(TestResult::Halt.into()),
        Input::StandTest(TestResult::Rout.into()),
        Input::BasesLost { figures: 2 },
        Input::EmergencyLimber { die: crate::common::face(3), named: Some("x".into()) },
        Input::Caught(true),
        Input::FacedInTime(false),
        Input::FollowUp(FollowUp::StraightOn),
        Input::CounterMeet { counter_cm: 4 },
        Input::Occupy { needed_cm: 3, left_cm: 4 },
        Input::CrewRanIntoFriend,
    ];
    let text = serde_json::to_string(&inputs).unwrap();
    let back: Vec<Input> = serde_json::from_str(&text).unwrap();
    assert_eq!(back, inputs);
}

/// A version-2 file, recorded before the game judged the charge procedure, still opens;
/// its replay names the entry today's rules refuse and the clause (GDB-CHG-03), as a
/// rules change and not as damage: `coldsteel replay` exits 0 saying so. A tampered file
/// of today's version is still refused (exit 2).
#[test]
fn a_version_2_journal_reports_rules_changes() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/battle-v2.coldsteel.json");
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(coldsteel::storage::file_version(&text), Some(2));
    let game = coldsteel::storage::from_json(&text).unwrap();
    let e = coldsteel::game::replay_recorded(&game, 2).unwrap_err();
    let coldsteel::game::ReplayError::RulesChanged { seq, reason, replayed } = e else { panic!("{e:?}") };
    assert_eq!((seq, replayed), (46, 45));
    assert_eq!(reason, coldsteel::rules::gdb::charge::ChargeError::DeclarationsClosed);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_coldsteel")).arg("replay").arg(&path).output().unwrap();
    assert!(out.status.success());
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("earlier rules") && said.contains("GDB-CHG-03"), "{said}");
    // The same journal claimed as version 3 is refused.
    let claimed = text.replacen("\"version\": 2", "\"version\": 3", 1);
    let game = coldsteel::storage::from_json(&claimed).unwrap();
    let replayed = coldsteel::game::replay_recorded(&game, 3);
    assert!(matches!(replayed, Err(coldsteel::game::ReplayError::Refused { seq: 46, .. })), "{replayed:?}");
}

/// Issue 29: a scenario's unknown keys are refused with their path at every depth, as
/// battle files' are: `actionz` would otherwise play nothing and pass.
#[test]
fn a_scenarios_unknown_keys_are_refused_with_their_path() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/scenarios/ex1.json");
    let good = std::fs::read_to_string(path).unwrap();
    assert!(coldsteel::storage::scenario_from_json(&good).is_ok());
    let renamed = good.replacen("\"actions\"", "\"actionz\"", 1);
    let e = coldsteel::storage::scenario_from_json(&renamed).unwrap_err();
    assert!(matches!(&e, coldsteel::storage::LoadError::UnknownKey(p) if p == "actionz"), "{e:?}");
    let misspelt = good.replacen("\"figures\":", "\"figurs\": 3, \"figures\":", 1);
    let e = coldsteel::storage::scenario_from_json(&misspelt).unwrap_err();
    assert!(matches!(&e, coldsteel::storage::LoadError::UnknownKey(p) if p.ends_with("figurs")), "{e:?}");
}

/// Issue 28 moved the battle file to version 4 (fires and tests in the journal): a
/// version-3 file still opens as it is and replays to the same battle.
#[test]
fn a_version_3_file_opens_and_replays() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/battle-v3.coldsteel.json");
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(coldsteel::storage::file_version(&text), Some(3));
    let game = coldsteel::storage::from_json(&text).unwrap();
    assert!(coldsteel::game::replay_recorded(&game, 3).is_ok());
    let written = coldsteel::storage::to_json(&game);
    assert_eq!(coldsteel::storage::file_version(&written), Some(coldsteel::storage::VERSION));
    assert_eq!(coldsteel::storage::from_json(&written).unwrap().battle(), game.battle());
}

/// Issue 42: the whole-turn examples as saved before the game judged the turn's clauses
/// (version 5) replay with each entry those clauses now refuse reported as a rules change
/// naming its clause, replayed as it was recorded to the same battle; `coldsteel replay`
/// says so and exits 0. The same journals claimed as version 6 are refused as tampered.
#[test]
fn the_version_5_whole_turns_report_each_changed_entry_as_a_rules_change() {
    use coldsteel::game::sequence::TurnError;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    use coldsteel::model::UnitId;
    // The Ladoga Infantry's rally before its rout move; under Ruleset B two tests rolled
    // on 2D6 and the Guard Chasseurs' second test after their melee's.
    type Case<'a> = (&'a str, &'a [&'a str], Vec<(u64, TurnError)>);
    let cases: [Case; 2] = [
        ("battle-v5.coldsteel.json", &["GDB-RES-01"], vec![(60, TurnError::RoutMoveFirst(UnitId(19)))]),
        (
            "battle-v5-ruleset-b.coldsteel.json",
            &["B-MEL-02", "B-MEL-17"],
            vec![
                (54, TurnError::OneDie(UnitId(20))),
                (55, TurnError::OneDie(UnitId(15))),
                (56, TurnError::TestTakenInMelee(UnitId(12))),
            ],
        ),
    ];
    for (name, clauses, expected) in cases {
        let path = dir.join(name);
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(coldsteel::storage::file_version(&text), Some(5));
        let game = coldsteel::storage::from_json(&text).unwrap();
        let replayed = coldsteel::game::replay_recorded(&game, 5).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(replayed.count, game.battle().log.len() - game.journal_start().log.len(), "{name}");
        let got: Vec<(u64, TurnError)> = replayed.rules_changes.iter().map(|c| (c.seq, c.reason.clone())).collect();
        assert_eq!(got, expected, "{name}");
        for change in &replayed.rules_changes {
            let said = change.reason.to_string();
            assert!(clauses.iter().any(|c| said.contains(c)), "{name}: {said}");
        }
        let out =
            std::process::Command::new(env!("CARGO_BIN_EXE_coldsteel")).arg("replay").arg(&path).output().unwrap();
        assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        let said = String::from_utf8_lossy(&out.stdout);
        for change in &replayed.rules_changes {
            assert!(said.contains(&format!("log entry {} was recorded under the earlier rules", change.seq)), "{said}");
        }
        // The same journal claimed as today's version: the first such entry is refused.
        let claimed = text.replacen("\"version\": 5", "\"version\": 6", 1);
        let game = coldsteel::storage::from_json(&claimed).unwrap();
        let first = replayed.rules_changes[0].seq;
        let e = coldsteel::game::replay(&game).unwrap_err();
        assert!(matches!(e, coldsteel::game::ReplayError::Refused { seq, .. } if seq == first), "{name}: {e:?}");
    }
}

/// Issue 42, GDB-CHG-03, 04: the mid-game example as saved before the game judged the
/// order of declarations (version 6) carried a charge out at once while the other side
/// could still declare; its replay reports that entry as a rules change naming the clause
/// and replays it as recorded, to the same battle; `coldsteel replay` says so and exits 0.
/// The same journal claimed as version 7 is refused at that entry.
#[test]
fn a_version_6_charge_carried_out_before_the_other_side_declared_is_a_rules_change() {
    use coldsteel::game::sequence::TurnError;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/battle-v6.coldsteel.json");
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(coldsteel::storage::file_version(&text), Some(6));
    let game = coldsteel::storage::from_json(&text).unwrap();
    let replayed = coldsteel::game::replay_recorded(&game, 6).unwrap();
    let got: Vec<(u64, TurnError)> = replayed.rules_changes.iter().map(|c| (c.seq, c.reason.clone())).collect();
    assert_eq!(got, vec![(62, TurnError::NonPhasingStillDeclares)]);
    assert!(got[0].1.to_string().contains("GDB-CHG-03"));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_coldsteel")).arg("replay").arg(&path).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("log entry 62 was recorded under the earlier rules") && said.contains("GDB-CHG-03"),
        "{said}"
    );
    let claimed = text.replacen("\"version\": 6", "\"version\": 7", 1);
    let game = coldsteel::storage::from_json(&claimed).unwrap();
    let e = coldsteel::game::replay(&game).unwrap_err();
    assert!(matches!(e, coldsteel::game::ReplayError::Refused { seq: 62, .. }), "{e:?}");
}
