//! Issue 50: a club's rules as one pack file, read strictly (an unknown key, a wrong
//! type, a missing table, a duplicate row, each refused with its path); a club profile
//! of before reads as an unnamed pack; the rules hash follows the rules alone.

use coldsteel::i18n::Lang;
use coldsteel::i18n::errors::pack_error_text;
use coldsteel::model::{PackId, RulesOptions, RulesPack};
use coldsteel::rules::options::{DistanceRow, TestRow, TestTable};
use coldsteel::rules::options::{TestKind, TestResult};
use coldsteel::rules::{Arm, Formation, Ruleset};
use coldsteel::storage::{self, PackError};
use serde_json::{Value, json};

fn club_pack() -> RulesPack {
    let mut options = RulesOptions::default();
    options.gdb.distances = vec![DistanceRow {
        arm: Arm::Infantry,
        formation: Some(Formation::Column),
        move_cm: Some(20),
        charge_cm: Some(25),
        retreat_cm: Some(15),
        rout_cm: Some(30),
    }];
    options.gdb.tests = vec![TestTable {
        test: TestKind::Morale,
        rows: vec![
            TestRow { from: 2, to: 6, result: "Rout".into(), kind: TestResult::Rout },
            TestRow { from: 7, to: 12, result: "Pass".into(), kind: TestResult::Pass },
        ],
    }];
    RulesPack { id: PackId { name: "Krasnoi club".into(), version: 3 }, ruleset: Ruleset::Gdb, options }
}

/// The pack's text with `change` made to it as JSON.
fn changed(change: impl FnOnce(&mut Value)) -> String {
    let mut v: Value = serde_json::from_str(&storage::pack_to_json(&club_pack())).unwrap();
    change(&mut v);
    v.to_string()
}

fn refusal(text: &str) -> (PackError, String) {
    let e = storage::pack_from_json(text).unwrap_err();
    let said = pack_error_text(Lang::En, &e);
    (e, said)
}

#[test]
fn a_pack_round_trips_and_its_hash_follows_the_rules_alone() {
    let pack = club_pack();
    let text = storage::pack_to_json(&pack);
    assert_eq!(storage::pack_from_json(&text).unwrap(), pack);
    let renamed = RulesPack { id: PackId { name: "Another name".into(), version: 4 }, ..pack.clone() };
    assert_eq!(renamed.hash(), pack.hash(), "name and version are not the rules");
    let mut other = pack.clone();
    other.options.gdb.distances[0].charge_cm = Some(30);
    assert_ne!(other.hash(), pack.hash(), "a rate changed");
    assert_eq!(pack.hash().len(), 16);
}

#[test]
fn an_unknown_key_is_refused_with_its_path() {
    let (e, said) = refusal(&changed(|v| v["options"]["gdb"]["house_rule"] = json!(1)));
    assert!(
        matches!(e, PackError::Load(storage::LoadError::UnknownKey(ref p)) if p == "options.gdb.house_rule"),
        "{e:?}"
    );
    assert!(said.contains("options.gdb.house_rule"), "{said}");
}

#[test]
fn a_wrong_type_is_refused_with_its_path() {
    let (_, said) = refusal(&changed(|v| v["options"]["gdb"]["distances"][0]["arm"] = json!("dragons")));
    assert!(said.contains("options.gdb.distances[0].arm"), "{said}");
    let (_, said) = refusal(&changed(|v| v["pack"]["version"] = json!("three")));
    assert!(said.contains("pack.version"), "{said}");
}

#[test]
fn a_missing_table_or_choice_is_refused_with_its_path() {
    let (e, said) = refusal(&changed(|v| {
        v["options"]["gdb"].as_object_mut().unwrap().remove("firing");
    }));
    assert!(matches!(e, PackError::Missing(ref p) if p == "options.gdb.firing"), "{e:?}");
    assert!(said.contains("options.gdb.firing: missing"), "{said}");
    let (e, _) = refusal(&changed(|v| {
        v["options"]["ruleset_b"].as_object_mut().unwrap().remove("zone_widths_cm");
    }));
    assert!(matches!(e, PackError::Missing(ref p) if p == "options.ruleset_b.zone_widths_cm"), "{e:?}");
}

#[test]
fn a_table_with_two_rows_for_one_case_is_refused() {
    let mut pack = club_pack();
    let again = pack.options.gdb.distances[0].clone();
    pack.options.gdb.distances.push(again);
    let (_, said) = refusal(&storage::pack_to_json(&pack));
    assert!(said.contains("options.gdb.distances: rows 1 and 2"), "{said}");
    // Two results for one roll: ranges that overlap.
    let mut pack = club_pack();
    pack.options.gdb.tests[0].rows[1].from = 6;
    let (_, said) = refusal(&storage::pack_to_json(&pack));
    assert!(said.contains("options.gdb.tests[0].rows: rows 1 and 2"), "{said}");
    let (_, ru) = {
        let e = storage::pack_from_json(&storage::pack_to_json(&pack)).unwrap_err();
        ((), pack_error_text(Lang::Ru, &e))
    };
    assert!(ru.contains("строки 1 и 2"), "{ru}");
}

#[test]
fn other_files_newer_packs_and_old_profiles() {
    let (e, _) = refusal(storage::DEFAULT_BATTLE_JSON);
    assert!(matches!(e, PackError::NotAPack(ref f) if f == "coldsteel.battle"), "{e:?}");
    let (e, said) = refusal(&changed(|v| v["version"] = json!(3)));
    assert!(matches!(e, PackError::Newer(3)), "{e:?}");
    assert!(said.contains("newer coldsteel"), "{said}");
    // Today's club profile (coldsteel.profile, version 1) reads as an unnamed pack.
    let profile = storage::pack_from_json(storage::DEFAULT_PROFILE_JSON).unwrap();
    assert_eq!(profile, RulesPack { id: PackId::default(), ruleset: Ruleset::Gdb, options: RulesOptions::default() });
}

#[test]
fn the_club_pack_is_read_from_the_data_folder_and_an_old_profile_migrates() {
    let dir = tempfile::tempdir().unwrap();
    assert!(storage::read_club_pack(dir.path()).is_none());
    let mut options = RulesOptions::default();
    options.gdb.square_break_margin = 8;
    let profile = storage::Profile::new(Ruleset::Gdb, options.clone());
    storage::save_atomic(&storage::club_profile_file(dir.path()), &storage::profile_to_json(&profile)).unwrap();
    let read = storage::read_club_pack(dir.path()).unwrap();
    assert_eq!((read.id, read.options), (PackId::default(), options));
    // Once the club has a pack, the pack is what it plays.
    storage::save_pack(&storage::club_pack_file(dir.path()), &club_pack()).unwrap();
    assert_eq!(storage::read_club_pack(dir.path()).unwrap(), club_pack());
    // Saved again: the file before is kept as .bak.
    storage::save_pack(&storage::club_pack_file(dir.path()), &club_pack()).unwrap();
    assert!(storage::backup_path(&storage::club_pack_file(dir.path())).is_file());
}

/// Issue 50: taking a club's pack is one logged, undoable step that sets the battle's
/// rules and names the pack; taking it again changes nothing; options changed by hand
/// afterwards keep the name, and the hash tells they are no longer the pack's.
#[test]
fn taking_a_pack_is_one_undoable_step_that_names_it() {
    use coldsteel::game::Action;
    let mut g = storage::default_game().unwrap();
    let before = g.battle().clone();
    let pack = club_pack();
    g.perform(&Action::AdoptPack(Box::new(pack.clone()))).unwrap();
    let b = g.battle();
    assert_eq!((b.ruleset, &b.options), (pack.ruleset, &pack.options));
    assert_eq!(b.pack, Some(coldsteel::model::PackRef::of(&pack)));
    let label = coldsteel::i18n::log_text::entry_summary(Lang::En, b, b.log.last().unwrap());
    assert!(label.contains("Krasnoi club"), "{label}");
    assert!(matches!(
        g.perform(&Action::AdoptPack(Box::new(pack.clone()))),
        Err(coldsteel::game::ActionError::NoChange)
    ));
    // Changed by hand: still named, no longer the pack's rules.
    let mut options = g.battle().options.clone();
    options.gdb.square_break_margin = 9;
    g.perform(&Action::SetOptions(Box::new((Ruleset::Gdb, options)))).unwrap();
    let b = g.battle();
    assert_eq!(b.pack.as_ref().map(|p| p.name.as_str()), Some("Krasnoi club"));
    assert_ne!(coldsteel::model::content_hash(b.ruleset, &b.options), b.pack.as_ref().unwrap().hash);
    g.undo().unwrap();
    g.undo().unwrap();
    assert_eq!(g.battle(), &before, "both steps undone");
    g.redo().unwrap();
    assert_eq!(g.battle().pack, Some(coldsteel::model::PackRef::of(&pack)));
}

/// Issue 50: a battle keeps its own rules: saved and read again it names its pack and
/// replays identically, whatever the club's file says now (the pack is in its journal).
#[test]
fn a_battle_replays_identically_after_the_clubs_file_changes() {
    use coldsteel::game::Action;
    let dir = tempfile::tempdir().unwrap();
    storage::save_pack(&storage::club_pack_file(dir.path()), &club_pack()).unwrap();
    let mut g = storage::default_game().unwrap();
    let club = storage::read_club_pack(dir.path()).unwrap();
    g.perform(&Action::AdoptPack(Box::new(club))).unwrap();
    g.perform(&Action::Note("The Guard holds the road.".into())).unwrap();
    let file = dir.path().join("b.coldsteel.json");
    storage::save_battle(&file, &g).unwrap();
    // The club changes its rules.
    let mut changed = club_pack();
    changed.id.version = 4;
    changed.options.gdb.distances[0].charge_cm = Some(40);
    storage::save_pack(&storage::club_pack_file(dir.path()), &changed).unwrap();
    let read = storage::read_battle_file(&file).unwrap();
    assert_eq!(read.battle(), g.battle());
    assert_eq!(read.battle().options.gdb.distances[0].charge_cm, Some(25), "the battle's own pack");
    assert!(std::fs::read_to_string(&file).unwrap().contains("\"pack\""));
    let replayed = coldsteel::game::replay_recorded(&read, storage::VERSION).unwrap();
    assert_eq!(replayed.count, g.battle().log.len(), "every entry replayed, identical");
}

/// Issue 50: a file of version 9 reads with no pack named (its options are its own).
#[test]
fn a_version_9_battle_reads_with_an_unnamed_pack() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/battle-v9.coldsteel.json");
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(storage::file_version(&text), Some(9));
    let g = storage::from_json(&text).unwrap();
    assert_eq!(g.battle().pack, None);
}

/// Issue 50: before a switch, the journal replayed from its start under the new pack
/// counts the results that come out differently and the actions it refuses: here AMB-50
/// (a side with no commander-in-chief takes the initiative −1) turns a won initiative into
/// a tie, and an options change the pack already holds is refused.
#[test]
fn a_pack_counts_the_results_and_refusals_it_would_have_changed() {
    use coldsteel::game::{Action, difference_under};
    use coldsteel::rules::{BySide, Side};
    let mut battle = storage::default_game().unwrap().battle().clone();
    let chief = battle
        .generals
        .iter()
        .position(|g| g.side == Side::First && battle.commander_in_chief(Side::First).is_some_and(|c| c.id == g.id))
        .unwrap();
    battle.generals.remove(chief);
    let mut g = coldsteel::game::Game::new(battle);
    let mut pack = g.battle().rules_pack();
    pack.options.gdb.minus_one_without_commander = true;
    assert_eq!(difference_under(&g, &pack).entries, 0);
    g.perform(&Action::Initiative {
        dice: BySide { first: crate::common::d6([4, 3]), second: crate::common::d6([4, 2]) },
        phasing: Side::First,
        rng_after: None,
    })
    .unwrap();
    g.perform(&Action::Note("A note the rules do not touch.".into())).unwrap();
    g.perform(&Action::SetOptions(Box::new((pack.ruleset, pack.options.clone())))).unwrap();
    let diff = difference_under(&g, &pack);
    assert_eq!((diff.entries, diff.results, diff.refusals), (3, 1, 1), "{diff:?}");
    // Under its own rules, nothing differs.
    let own = coldsteel::model::RulesPack { options: g.journal_start().options.clone(), ..pack.clone() };
    assert_eq!(difference_under(&g, &own), coldsteel::game::PackDifference { entries: 3, results: 0, refusals: 0 });
}

/// Issue 53: rules packs moved to version 2 with the recovery table: a version-1 pack
/// reads as having none; a version-2 pack without it is refused with its path.
#[test]
fn a_version_1_pack_reads_with_no_recovery_table() {
    let mut pack = coldsteel::model::RulesPack::default();
    pack.options.recovery.by_result.push(coldsteel::rules::options::ResultRecovery {
        end: coldsteel::rules::options::BattleEnd::Won,
        percent: 70,
    });
    let text = storage::pack_to_json(&pack);
    assert!(text.contains("\"version\": 2"));
    assert_eq!(storage::pack_from_json(&text).unwrap(), pack);
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    value["options"].as_object_mut().unwrap().remove("recovery");
    let v2 = serde_json::to_string(&value).unwrap();
    assert!(matches!(storage::pack_from_json(&v2), Err(storage::PackError::Missing(p)) if p == "options.recovery"));
    value["version"] = serde_json::json!(1);
    let v1 = storage::pack_from_json(&serde_json::to_string(&value).unwrap()).unwrap();
    assert!(v1.options.recovery.is_empty());
}
