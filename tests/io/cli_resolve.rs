//! `coldsteel resolve` end to end: the real binary, files and standard input.

use std::io::Write;
use std::process::{Command, Stdio};

fn run(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_coldsteel"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if let Some(text) = stdin {
        child.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
    }
    drop(child.stdin.take());
    let out = child.wait_with_output().unwrap();
    (out.status.code().unwrap(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

const EXAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/engagements/cuirassiers-vs-square.json");

#[test]
fn json_output_has_the_design_keys() {
    let (code, out, err) = run(&["resolve", EXAMPLE, "--json"], None);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["attacker"]["modifiers"][0]["rule"], "GDB-MOD-01");
    assert_eq!(v["attacker"]["modifiers"][0]["value"], 5);
    assert_eq!(v["attacker"]["modifiers"][0]["label"], "Cuirassiers");
    assert_eq!(v["attacker"]["total"], 14);
    assert_eq!(v["defender"]["total"], 14);
    assert_eq!(v["difference"], 0);
    assert_eq!(v["winner"], "defender");
    assert_eq!(v["outcome"], "square_holds");
    assert_eq!(v["effects"]["defender"][0]["effect"], "stays_formed");
    let p: f64 = v["odds"].as_array().unwrap().iter().map(|o| o["p"].as_f64().unwrap()).sum();
    assert!((p - 1.0).abs() < 1e-9);
}

#[test]
fn without_dice_only_breakdown_and_odds() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/engagements/ex2-dragoons-vs-square.json");
    let (code, out, _) = run(&["resolve", file, "--json"], None);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v.get("winner").is_none());
    assert_eq!(v["attacker"]["modifier_total"], 6);
    assert!(!v["odds"].as_array().unwrap().is_empty());
}

#[test]
fn text_output_in_russian() {
    let (code, out, _) = run(&["resolve", EXAMPLE, "--lang", "ru"], None);
    assert_eq!(code, 0);
    assert!(out.contains("Кирасиры"), "{out}");
    assert!(out.contains("Каре устояло"), "{out}");
    assert!(out.contains("GDB-MOD-23"), "{out}");
}

#[test]
fn standard_input_is_read() {
    let text = std::fs::read_to_string(EXAMPLE).unwrap();
    let (code, out, _) = run(&["resolve", "-"], Some(&text));
    assert_eq!(code, 0);
    assert!(out.contains("Square holds"), "{out}");
}

fn refused(input: &str) -> String {
    let (code, out, err) = run(&["resolve", "-"], Some(input));
    assert_eq!(code, 2, "stdout: {out}");
    assert!(out.is_empty());
    assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
    err
}

#[test]
fn bad_input_exits_2_naming_the_field() {
    let e = refused(r#"{"ruleset":"gdb","step":"melee","attacker":{"arm":"hussars"},"defender":{"arm":"infantry"}}"#);
    assert!(e.contains("attacker.arm") && e.contains("hussars"), "{e}");
    let e = refused(
        r#"{"ruleset":"gdb","step":"melee","attacker":{"arm":"dragoons"},"defender":{"arm":"infantry"},"dice":{"attacker":[7,1],"defender":[1,1]}}"#,
    );
    assert!(e.contains("dice.attacker") && e.contains('7'), "{e}");
    let e = refused(
        r#"{"ruleset":"gdb","step":"melee","attacker":{"arm":"dragoons"},"defender":{"arm":"infantry"},"dice":{"attacker":[3],"defender":[1,1]}}"#,
    );
    assert!(e.contains("dice.attacker") && e.contains("expected 2 dice"), "{e}");
    let e = refused(
        r#"{"ruleset":"gdb","step":"melee","attacker":{"arm":"dragoons","colour":"red"},"defender":{"arm":"infantry"}}"#,
    );
    assert!(e.contains("colour"), "{e}");
    let e = refused(r#"{"ruleset":"gdb","#);
    assert!(e.contains("line"), "{e}");
    let e = refused(r#"{"ruleset":"chess","step":"melee"}"#);
    assert!(e.contains("ruleset"), "{e}");
    let e = refused(r#"{"ruleset":"gdb","step":"melee","defender":{"arm":"infantry"}}"#);
    assert!(e.contains("attacker"), "{e}");
    refused("");
}

#[test]
fn a_missing_file_exits_2() {
    let (code, _, err) = run(&["resolve", "/nonexistent/engagement.json"], None);
    assert_eq!(code, 2);
    assert!(err.contains("/nonexistent/engagement.json"));
}

#[test]
fn ruleset_b_collision_that_ends_in_flight() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/engagements/b-collision-flight.json");
    let (code, out, err) = run(&["resolve", file, "--json"], None);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["outcome"], "defender_flees");
    assert_eq!(v["flee_cm"], 7);
    assert_eq!(v["winner"], "attacker");
    assert_eq!(v["attacker"]["total"], 7);
    assert_eq!(v["attacker"]["modifiers"][0]["rule"], "B-COL-04");
    let p: f64 = v["odds"].as_array().unwrap().iter().map(|o| o["p"].as_f64().unwrap()).sum();
    assert!((p - 1.0).abs() < 1e-9);
}

#[test]
fn ruleset_b_melee_turn() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/engagements/b-melee-turn1.json");
    let (code, out, err) = run(&["resolve", file, "--json"], None);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["attacker"]["dice_count"], 3);
    assert_eq!(v["defender"]["figures_fighting"], 10);
    assert_eq!(v["attacker"]["hits"], 1);
    assert_eq!(v["defender"]["hits"], 2);
    assert_eq!(v["state"]["state"], "continues");
    assert_eq!(v["state"]["next_turn"], 2);
}

#[test]
fn ruleset_b_bad_dice_are_refused() {
    let e = refused(
        r#"{"ruleset":"ruleset_b","step":"collision","attacker":{"arm":"dragoons"},"defender":{"arm":"infantry"},"dice":{"attacker":[1],"defender":[3]}}"#,
    );
    assert!(e.contains("dice.attacker") && e.contains("average die"), "{e}");
    let e = refused(
        r#"{"ruleset":"ruleset_b","step":"melee","attacker":{"arm":"infantry","figures_in_contact":6},"defender":{"arm":"infantry","figures_in_contact":6},"dice":{"attacker":[1,2,3],"defender":[1,2]}}"#,
    );
    assert!(e.contains("dice.attacker") && e.contains("expected 2 dice"), "{e}");
    let e = refused(
        r#"{"ruleset":"ruleset_b","step":"charge","attacker":{"arm":"infantry"},"defender":{"arm":"infantry"}}"#,
    );
    assert!(e.contains("step"), "{e}");
}

/// AMB-37, B-COL-06: with the players' attack-proper table, `resolve` derives "began too
/// close" from the attack's distance: no attacker +1 inside it, the +1 beyond.
#[test]
fn amb_37_began_too_close_is_derived_from_the_distance() {
    let file = |cm: u32| {
        format!(
            r#"{{"ruleset":"ruleset_b","step":"collision","distance_cm":{cm},
            "options":{{"attack_distances":[["infantry",12]]}},
            "attacker":{{"arm":"infantry","charging":true}},"defender":{{"arm":"infantry"}},
            "dice":{{"attacker":[3],"defender":[3]}}}}"#
        )
    };
    let rules = |cm: u32| {
        let (code, out, err) = run(&["resolve", "-", "--json"], Some(&file(cm)));
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        v["attacker"]["modifiers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["rule"].as_str().unwrap().to_owned())
            .collect::<Vec<_>>()
    };
    assert!(!rules(8).contains(&"B-COL-06".to_owned()));
    assert!(rules(15).contains(&"B-COL-06".to_owned()));
}

/// GDB-RES-06: infantry beaten by cavalry by 1 or 2 retreats, and the result is named so
/// everywhere: the outcome, the odds (no "pushed back" for the infantry at all) and the
/// text. The casualty row stays the 1–2 band's.
#[test]
fn gdb_res_06_infantry_beaten_by_cavalry_by_one_retreats_by_name() {
    let file = r#"{"ruleset":"gdb","step":"melee",
        "options":{"casualties":[{"outcome":"pushed_back","loser_loses":2,"winner_loses":1},
                                 {"outcome":"retreat","loser_loses":4,"winner_loses":1}]},
        "attacker":{"arm":"light_cavalry","charging":true},
        "defender":{"arm":"infantry","formation":"line"},
        "dice":{"attacker":[3,4],"defender":[4,4]}}"#;
    let (code, out, err) = run(&["resolve", "-", "--json"], Some(file));
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["difference"], 1);
    assert_eq!(v["outcome"], "retreat");
    let defender = v["effects"]["defender"].as_array().unwrap();
    assert_eq!(defender[0]["effect"], "retreats");
    assert_eq!(defender[1]["figures"], 2, "the casualties of the 1-2 band");
    for o in v["odds"].as_array().unwrap() {
        assert!(!(o["winner"] == "attacker" && o["outcome"] == "pushed_back"), "{o}");
    }
    let (_, text, _) = run(&["resolve", "-"], Some(file));
    assert!(text.contains("Result: Loser retreats") && !text.contains("Attacker wins — Loser pushed back"), "{text}");
}

#[test]
fn refusals_are_said_in_the_chosen_language() {
    let input = r#"{"ruleset":"gdb","step":"melee","attacker":{"arm":"hussars"},"defender":{"arm":"infantry"}}"#;
    let (code, _, err) = run(&["--lang", "ru", "resolve", "-"], Some(input));
    assert_eq!(code, 2);
    assert!(err.contains("attacker.arm") && err.contains("hussars"), "{err}");
    assert!(err.contains("неизвестное значение"), "{err}");
    let (code, _, err) = run(&["--lang", "ru", "resolve", "/nonexistent/engagement.json"], None);
    assert_eq!(code, 2);
    assert!(err.contains("не удалось прочитать файл"), "{err}");
    let dice = r#"{"ruleset":"gdb","step":"melee","attacker":{"arm":"dragoons"},"defender":{"arm":"infantry"},"dice":{"attacker":[3],"defender":[1,1]}}"#;
    let (_, _, err) = run(&["--lang", "ru", "resolve", "-"], Some(dice));
    assert!(err.contains("dice.attacker") && !err.contains("expected"), "{err}");
}

#[test]
fn check_and_replay_speak_russian() {
    let save = concat!(env!("CARGO_MANIFEST_DIR"), "/saves/krasnoi-1812.coldsteel.json");
    let (code, out, err) = run(&["--lang", "ru", "check", save], None);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("в порядке:"), "{out}");
    let (code, out, err) = run(&["--lang", "ru", "replay", save], None);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("всё совпадает"), "{out}");
    let (code, out, _) = run(&["replay", save], None);
    assert_eq!(code, 0);
    assert!(out.contains("identical"), "{out}");
}

#[test]
fn a_ruleset_b_collision_shows_each_sides_die_and_total_on_its_line() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/engagements/b-collision-flight.json");
    let (code, out, err) = run(&["resolve", file], None);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("modifiers +2; average die 5; total 7"), "{out}");
    assert!(out.contains("modifiers +0; average die 3; total 3"), "{out}");
    assert!(!out.contains(" = "), "no bare 'dice 5 = 7': {out}");
    let (_, out, _) = run(&["--lang", "ru", "resolve", file], None);
    assert!(out.contains("средний кубик 5; итог 7"), "{out}");
}

/// AMB-48, GDB-MOD-27, GDB-MOD-FN2, GDB-RES-16: `resolve` takes `redoubt`: infantry there
/// gets the fortified +3, like infantry in a castle (`fortified`, which older files keep),
/// but a castle or church is a building, so rough ground, and only the redoubt halves the
/// infantry's damage to cavalry.
#[test]
fn amb_48_redoubt_and_fortified() {
    let engagement = |terrain: &str| {
        format!(
            r#"{{"ruleset": "gdb", "step": "melee",
                "attacker": {{"arm": "dragoons", "charging": true, "moved_cm": 10}},
                "defender": {{"arm": "infantry", "terrain": "{terrain}"}},
                "dice": {{"attacker": [1, 1], "defender": [6, 6]}},
                "options": {{"casualties": [{{"outcome": "rout", "loser_loses": 4, "winner_loses": 2}}]}}}}"#
        )
    };
    let mut damage = Vec::new();
    for terrain in ["redoubt", "fortified"] {
        let (code, out, err) = run(&["resolve", "-", "--json"], Some(&engagement(terrain)));
        assert_eq!(code, 0, "{terrain}: {err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        let rules: Vec<&str> =
            v["defender"]["modifiers"].as_array().unwrap().iter().filter_map(|m| m["rule"].as_str()).collect();
        assert!(rules.contains(&"GDB-MOD-27"), "{terrain}: {rules:?}");
        damage.push(v["effects"]["attacker"].to_string());
    }
    assert!(damage[0].contains("\"halved\":true"), "a redoubt halves: {}", damage[0]);
    assert!(damage[1].contains("\"halved\":false"), "a castle does not: {}", damage[1]);
}

/// Issue 26: `check` lists every problem of a battle that breaks an invariant, a line each,
/// and exits 2; the window would open it for the players to fix.
#[test]
fn check_lists_every_problem() {
    let dir = tempfile::tempdir().unwrap();
    let mut battle = coldsteel::storage::default_game().unwrap().battle().clone();
    let mut ney = battle.generals[0].clone();
    ney.id = coldsteel::model::GeneralId(10);
    battle.generals.push(ney);
    battle.units[0].name = String::new();
    let path = dir.path().join("broken.coldsteel.json");
    std::fs::write(&path, coldsteel::storage::to_json(&coldsteel::game::Game::new(battle))).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_coldsteel")).arg("check").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 3, "{err}");
    assert!(err.contains("commander-in-chief") && err.contains("name may not be empty"), "{err}");
}

/// Issue 51: `resolve --json` marks each modifier that decided the melee
/// (`"pivotal": true`), and the text says so beside it.
#[test]
fn resolve_marks_the_modifiers_that_decided_the_melee() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/engagements/ex4-flank-on-the-table.json");
    let out =
        std::process::Command::new(env!("CARGO_BIN_EXE_coldsteel")).args(["resolve", "--json", file]).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let marks =
        |side: &str| v[side]["modifiers"].as_array().unwrap().iter().map(|m| m["pivotal"] == true).collect::<Vec<_>>();
    assert_eq!(marks("attacker"), [true, false, true]);
    assert_eq!(marks("defender"), [false, false, true]);
    for (lang, words) in [("en", "decided it"), ("ru", "решил исход")] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_coldsteel"))
            .args(["--lang", lang, "resolve", file])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(text.matches(words).count(), 3, "{text}");
    }
}
