//! Issue 50: `coldsteel rules export` then `rules check` round-trips every example
//! battle's rules; a refused pack exits 2 with its reason and path.

use std::path::Path;
use std::process::Command;

fn coldsteel() -> Command {
    Command::new(env!("CARGO_BIN_EXE_coldsteel"))
}

#[test]
fn every_example_battles_rules_export_and_check() {
    let dir = tempfile::tempdir().unwrap();
    let saves = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves");
    let mut exported = 0;
    for entry in std::fs::read_dir(&saves).unwrap() {
        let battle = entry.unwrap().path();
        if !battle.to_string_lossy().ends_with(".coldsteel.json") {
            continue;
        }
        let pack = dir.path().join(format!("{}.coldsteel-rules.json", battle.file_stem().unwrap().to_string_lossy()));
        let out = coldsteel().args(["rules", "export"]).arg(&battle).arg("--out").arg(&pack).output().unwrap();
        assert!(out.status.success(), "{}: {}", battle.display(), String::from_utf8_lossy(&out.stderr));
        let out = coldsteel().args(["rules", "check"]).arg(&pack).output().unwrap();
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success() && said.starts_with("ok: "), "{}: {said}", pack.display());
        // The pack holds the battle's rules exactly.
        let game = coldsteel::storage::read_battle_file(&battle).unwrap();
        let read = coldsteel::storage::read_pack_file(&pack).unwrap();
        assert_eq!((read.ruleset, &read.options), (game.battle().ruleset, &game.battle().options));
        assert!(said.contains(&read.hash()), "{said}");
        exported += 1;
    }
    assert!(exported >= 4, "{exported} example battles");
}

#[test]
fn a_refused_pack_exits_2_with_its_reason_and_path() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("club.coldsteel-rules.json");
    std::fs::write(&pack, coldsteel::storage::DEFAULT_BATTLE_JSON).unwrap();
    for (lang, words) in [("en", "not a coldsteel rules pack"), ("ru", "это не файл правил клуба")]
    {
        let out = coldsteel().args(["--lang", lang, "rules", "check"]).arg(&pack).output().unwrap();
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{said}");
        assert!(said.contains(words) && said.contains("club.coldsteel-rules.json"), "{said}");
    }
}

/// Issue 50: a battle playing a club's pack exports it under its name and version; once
/// its rules are changed by hand, as an unnamed pack.
#[test]
fn a_battle_exports_the_pack_it_plays_by_its_name() {
    use coldsteel::game::Action;
    use coldsteel::storage;
    let dir = tempfile::tempdir().unwrap();
    let mut g = storage::default_game().unwrap();
    let mut pack = g.battle().rules_pack();
    pack.id = coldsteel::model::PackId { name: "Krasnoi club".into(), version: 2 };
    pack.options.gdb.square_break_margin = 8;
    g.perform(&Action::AdoptPack(Box::new(pack.clone()))).unwrap();
    let battle = dir.path().join("b.coldsteel.json");
    storage::save_battle(&battle, &g).unwrap();
    let out = dir.path().join("b.coldsteel-rules.json");
    assert!(
        coldsteel().args(["rules", "export"]).arg(&battle).arg("--out").arg(&out).output().unwrap().status.success()
    );
    assert_eq!(storage::read_pack_file(&out).unwrap(), pack);
    let said = coldsteel().args(["rules", "check"]).arg(&out).output().unwrap();
    assert!(String::from_utf8_lossy(&said.stdout).contains("Krasnoi club, version 2"));
    let mut options = pack.options.clone();
    options.gdb.square_break_margin = 9;
    g.perform(&Action::SetOptions(Box::new((pack.ruleset, options)))).unwrap();
    storage::save_battle(&battle, &g).unwrap();
    assert!(
        coldsteel().args(["rules", "export"]).arg(&battle).arg("--out").arg(&out).output().unwrap().status.success()
    );
    assert_eq!(storage::read_pack_file(&out).unwrap().id, coldsteel::model::PackId::default());
}

/// Issue 50: `resolve FILE --rules PACK` resolves under the pack's choices and tables and
/// says which pack, in text and JSON; a pack of the other ruleset is refused.
#[test]
fn resolve_under_a_pack_gives_the_packs_result() {
    use coldsteel::storage;
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let square = root.join("assets/engagements/cuirassiers-vs-square.json");
    let mut pack =
        storage::read_battle_file(&root.join("saves/krasnoi-1812.coldsteel.json")).unwrap().battle().rules_pack();
    pack.id = coldsteel::model::PackId { name: "Test club".into(), version: 2 };
    pack.options.gdb.square_break_margin = 1;
    let path = dir.path().join("test.coldsteel-rules.json");
    storage::save_pack(&path, &pack).unwrap();
    let run = |args: &[&str]| {
        let out = coldsteel().args(args).output().unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let square = square.to_str().unwrap();
    let (_, plain, _) = run(&["resolve", square]);
    let (code, under, _) = run(&["resolve", square, "--rules", path.to_str().unwrap()]);
    assert_eq!(code, Some(0));
    assert!(under.starts_with(&format!("Rules: Test club, version 2 (rules hash {})", pack.hash())), "{under}");
    assert!(plain.contains("2.70%") && under.contains("44.37%"), "the pack's margin decides:\n{plain}\n{under}");
    let (_, json, _) = run(&["resolve", square, "--json", "--rules", path.to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["rules"]["hash"], pack.hash());
    let b = root.join("assets/engagements/b-melee-turn1.json");
    let (code, _, err) = run(&["resolve", b.to_str().unwrap(), "--rules", path.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("the rules pack amends General de Brigade"), "{err}");
}

/// Issue 50: the example packs say what they are where the rules show: `resolve`'s text
/// under one, `rules check`.
#[test]
fn the_example_packs_say_what_they_are() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let pack = root.join("assets/rules/example-club-gdb.coldsteel-rules.json");
    let square = root.join("assets/engagements/cuirassiers-vs-square.json");
    let out = coldsteel().arg("resolve").arg(&square).arg("--rules").arg(&pack).output().unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.starts_with("Rules: Example club tables, not the rulebook's"), "{said}");
    let out = coldsteel().args(["--lang", "ru", "rules", "check"]).arg(&pack).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("Пример таблиц клуба, не из книги правил"));
}
