//! The file format's limits against the release binary, under an address-space limit
//! (issue 29): a battle at the limits (20,000 units, 2,000 of them placed, 999 turns)
//! replays, checks and reports in under 1 GiB, every turn in it; a scenario of a million
//! phase changes is refused at the turn limit, in bounded memory. Needs `prlimit`
//! (util-linux) and `target/release/coldsteel` (or `COLDSTEEL_RELEASE_BIN`): `.ci/run`
//! builds it and runs these with `--ignored`.

use std::path::Path;
use std::process::{Command, Output};

use coldsteel::game::long_evenings::turns_of_phases;
use coldsteel::model::Battle;
use coldsteel::model::large_battles::{near_the_size_limit, placed_battle};

/// What no report or replay of a battle within the limits may take.
const ONE_GIB: u64 = 1 << 30;

/// The release binary under an address-space limit of `bytes`.
fn limited(bytes: u64, args: &[&Path]) -> Output {
    Command::new("prlimit")
        .arg(format!("--as={bytes}"))
        .arg("--")
        .arg(crate::release_bin())
        .args(args)
        .output()
        .expect("prlimit (util-linux) runs")
}

fn ok(o: &Output, what: &str) {
    assert!(o.status.success(), "{what}: {:?}\n{}", o.status, String::from_utf8_lossy(&o.stderr));
}

/// A scenario: `battle` at the start of a turn, then `turns` turns of initiatives and
/// phase changes.
fn scenario(battle: &Battle, turns: u32) -> String {
    let actions = serde_json::to_string(&turns_of_phases(battle.ruleset, turns)).unwrap();
    let battle = serde_json::to_string(battle).unwrap();
    format!(r#"{{"format":"coldsteel.scenario","version":1,"battle":{battle},"actions":{actions}}}"#)
}

/// A battle at the limits, played to turn 999 through the binary, checks, and reports to PDF and Markdown in under
/// 1 GiB, with every turn in the report and its maps bounded by the printed rule.
#[test]
#[ignore = "needs prlimit (util-linux) and target/release/coldsteel; .ci/run runs it with --ignored"]
fn a_battle_at_the_limits_replays_checks_and_reports_under_one_gib() {
    let dir = tempfile::tempdir().unwrap();
    let s = dir.path().join("limits.scenario.json");
    std::fs::write(&s, scenario(&placed_battle(20_000, 2_000), 998)).unwrap();
    let b = dir.path().join("limits.coldsteel.json");
    let write = Path::new("--write");
    ok(&limited(ONE_GIB, &[Path::new("replay"), &s, write, &b]), "replay --write");
    let size = std::fs::metadata(&b).unwrap().len();
    if let Some(keep) = std::env::var_os("COLDSTEEL_KEEP_LIMITS_BATTLE") {
        std::fs::copy(&b, keep).unwrap();
    }
    assert!(size < 64 << 20, "the battle file is {size} bytes, over the 64 MiB a file may have");
    ok(&limited(ONE_GIB, &[Path::new("check"), &b]), "check");
    ok(&limited(ONE_GIB, &[Path::new("replay"), &b]), "replay");
    let (pdf, md) = (dir.path().join("r.pdf"), dir.path().join("r.md"));
    ok(&limited(ONE_GIB, &[Path::new("report"), &b, Path::new("--pdf"), &pdf, Path::new("--md"), &md]), "report");
    let md = std::fs::read_to_string(&md).unwrap();
    assert!(md.contains("999"), "the report reaches turn 999");
    assert!(std::fs::metadata(&pdf).unwrap().len() > 10_000);
    // Each map stands in Markdown as "[600 × 300 cm · N · PDF]".
    let maps = md.matches("600 × 300 cm").count();
    assert!((2..=25).contains(&maps), "{maps} maps");
    assert!(
        md.contains(&coldsteel::i18n::Lang::En.fmt(coldsteel::i18n::T::RepMapsRule, &[&42, &"24 maps"])),
        "the rule is printed"
    );
}

/// A million actions (initiatives and phase changes, a 37 MB scenario) are refused at the
/// first one past the turn limit, with the action's number, in bounded memory; nothing is
/// written.
#[test]
#[ignore = "needs prlimit (util-linux) and target/release/coldsteel; .ci/run runs it with --ignored"]
fn a_million_phases_are_refused_at_the_turn_limit() {
    let dir = tempfile::tempdir().unwrap();
    let s = dir.path().join("million.scenario.json");
    std::fs::write(&s, scenario(&placed_battle(20, 0), 125_000)).unwrap();
    let b = dir.path().join("million.coldsteel.json");
    let o = limited(ONE_GIB, &[Path::new("replay"), &s, Path::new("--write"), &b]);
    assert_eq!(o.status.code(), Some(2), "{}", String::from_utf8_lossy(&o.stderr));
    let reason = String::from_utf8_lossy(&o.stderr);
    assert!(reason.contains("turn") && reason.contains("1000"), "{reason}");
    assert!(!b.exists(), "a refused scenario writes no battle");
}

/// A battle file near the 64 MiB limit (80,000 units, a 20,000-entry log with long
/// notes) checks and reports in under 1 GiB.
#[test]
#[ignore = "needs prlimit (util-linux) and target/release/coldsteel; .ci/run runs it with --ignored"]
fn a_battle_near_the_size_limit_checks_and_reports_under_one_gib() {
    let dir = tempfile::tempdir().unwrap();
    let b = dir.path().join("large.coldsteel.json");
    coldsteel::storage::save_battle(&b, &coldsteel::game::Game::new(near_the_size_limit())).unwrap();
    let size = std::fs::metadata(&b).unwrap().len();
    assert!((48 << 20..64 << 20).contains(&size), "{size} bytes");
    ok(&limited(ONE_GIB, &[Path::new("check"), &b]), "check");
    let pdf = dir.path().join("r.pdf");
    ok(&limited(ONE_GIB, &[Path::new("report"), &b, Path::new("--pdf"), &pdf]), "report");
}
