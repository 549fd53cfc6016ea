//! Issue 51: a club's house rules. Its own modifiers and its changes to the rulebook's
//! move a GdB melee, a Ruleset B collision and a test as written, every breakdown line
//! saying where it comes from (the wizards' drafts, the log, the report, `resolve
//! --json`) in both languages; the modifiers that decided a result are marked; a
//! condition naming what there is not is refused with its path.

use coldsteel::game::{Action, Game, gdb_melee_input};
use coldsteel::i18n::Lang;
use coldsteel::i18n::log_text::entry_lines;
use coldsteel::model::{LogDetail, PackId, RulesPack};
use coldsteel::report::{markdown, summary};
use coldsteel::rules::house::{Condition, HouseModifier, HouseRules, RulebookChange, Step, Whose};
use coldsteel::rules::{Modifier, Phase, Role, Rule, Words};

use crate::common::{do_charge, melee, to};
use crate::engagements::{b_game, collide, gdb_game, stood_charge};

fn words(en: &str, ru: &str) -> Words {
    Words { en: en.into(), ru: ru.into() }
}

fn test(side: Whose, field: &str, is: &[&str]) -> Condition {
    Condition { side, field: field.into(), is: is.iter().map(|s| (*s).to_owned()).collect() }
}

/// The club's defenders' +1 against infantry that charges them, and its charge bonus of
/// +1 where the rulebook gives +2 (GDB-MOD-21).
fn krasnoi_house() -> HouseRules {
    HouseRules {
        modifiers: vec![HouseModifier {
            id: "STEADY-DEFENDERS".into(),
            label: words("Formed defenders against charging infantry", "Строй обороняющихся против атакующей пехоты"),
            step: Step::GdbMelee,
            when: vec![
                test(Whose::Own, "charging", &["false"]),
                test(Whose::Own, "order", &["formed"]),
                test(Whose::Enemy, "arm", &["infantry"]),
                test(Whose::Enemy, "charging", &["true"]),
            ],
            value: 1,
        }],
        changes: vec![RulebookChange {
            id: "CHARGE-ONE".into(),
            label: words("The club's charge bonus is +1", "Бонус атаки в клубе +1"),
            rule: Rule::GdbMod21Charging,
            value: Some(1),
            off: false,
        }],
    }
}

fn adopt(g: &mut Game, house: HouseRules) {
    let mut options = g.battle().options.clone();
    options.gdb.house = house;
    let id = PackId { name: "Krasnoi club".into(), version: 3 };
    let pack = RulesPack { id, ruleset: g.battle().ruleset, options };
    g.perform(&Action::AdoptPack(Box::new(pack))).unwrap();
}

/// A breakdown as (clause or club ID, value, source, decided it).
fn lines(mods: &[Modifier]) -> Vec<(String, i32, &'static str, bool)> {
    mods.iter()
        .map(|m| (coldsteel::i18n::names::modifier_clause(m).to_owned(), m.value, m.source_key(), m.pivotal))
        .collect()
}

/// Both languages' log lines and report of the battle's last entry and whole battle.
fn said(g: &Game, lang: Lang) -> (String, String) {
    let entry = g.battle().log.last().unwrap();
    let log = entry_lines(lang, g.battle(), entry).join("\n");
    let report = markdown::to_markdown(&summary::battle_report(g.battle(), lang));
    (log, report)
}

/// Issue 51, GDB-MEL-03, GDB-MOD-21: the club's +1 for steady defenders and its charge
/// bonus of +1 move a GdB melee as written: the draft's breakdown, the log and the report
/// name each with its ID and label in both languages, and mark what decided it.
#[test]
fn a_house_modifier_and_a_changed_clause_move_a_gdb_melee() {
    let mut g = gdb_game();
    adopt(&mut g, krasnoi_house());
    let a = stood_charge(&g, "Ladoga Infantry", "1st Vistula Legion", 8);
    do_charge(&mut g, a);
    to(&mut g, Phase::Melee);
    // Ladoga: 6+5, +2 infantry, +1 the club's charge bonus = 14; the Legion in its
    // building: 4+4, +2 infantry, +2 building, +1 steady = 13.
    let m = melee(&g, "Ladoga Infantry", "1st Vistula Legion", ([6, 5], [4, 4]), (1, 1));
    let (input, _) = gdb_melee_input(g.battle(), &m).unwrap();
    assert_eq!(
        lines(&input.modifiers(Role::Attacker)),
        vec![
            ("GDB-MOD-05".into(), 2, "rulebook", false),
            ("GDB-MOD-13".into(), 0, "rulebook", false),
            ("GDB-MOD-21".into(), 1, "house", false)
        ]
    );
    assert_eq!(
        lines(&input.modifiers(Role::Defender)).last(),
        Some(&("STEADY-DEFENDERS".into(), 1, "house", false)),
        "the club's own after the rulebook's"
    );
    // The players' page shows the open melee's breakdown with the same sources.
    let open = coldsteel::game::procedure::OpenEngagement {
        kind: coldsteel::game::procedure::OpenKind::Melee,
        units: [m.attacker, m.defender],
        step: 1,
        declared: false,
        distance_cm: None,
        melee: Some(input.clone()),
        dice: None,
    };
    for (lang, want) in [
        (Lang::En, "Formed defenders against charging infantry (club rule STEADY-DEFENDERS)"),
        (Lang::Ru, "Строй обороняющихся против атакующей пехоты (правило клуба STEADY-DEFENDERS)"),
    ] {
        let page = String::from_utf8(
            coldsteel::share::wire_json(&coldsteel::players::build(g.battle(), Some(&open), lang), 1).to_vec(),
        )
        .unwrap();
        assert!(page.contains(want) && page.contains("CHARGE-ONE"), "{lang:?}: {page}");
    }
    g.perform(&Action::GdbMelee(Box::new(m))).unwrap();
    let LogDetail::GdbMelee { attacker_modifiers, defender_modifiers, result, .. } =
        &g.battle().log.last().unwrap().detail
    else {
        panic!("a melee entry")
    };
    assert_eq!((result.attacker_total, result.defender_total), (14, 13));
    // Removed alone: the infantry's +2 hands the defender the melee, the club's +1 a
    // draw; the defender's +2 for its building a retreat; its steady +1 leaves the
    // push-back a push-back.
    assert_eq!(
        lines(attacker_modifiers),
        vec![
            ("GDB-MOD-05".into(), 2, "rulebook", true),
            ("GDB-MOD-13".into(), 0, "rulebook", false),
            ("GDB-MOD-21".into(), 1, "house", true)
        ]
    );
    assert_eq!(
        lines(defender_modifiers),
        vec![
            ("GDB-MOD-05".into(), 2, "rulebook", true),
            ("GDB-MOD-13".into(), 0, "rulebook", false),
            ("GDB-MOD-26".into(), 2, "rulebook", true),
            ("STEADY-DEFENDERS".into(), 1, "house", false),
        ]
    );
    let (log, report) = said(&g, Lang::En);
    for text in [&log, &report] {
        assert!(text.contains("GDB-MOD-21 Charging or pursuing (changed by club rule CHARGE-ONE: The club's charge bonus is +1) +1  * decided it"), "{text}");
        assert!(
            text.contains(
                "STEADY-DEFENDERS Formed defenders against charging infantry (club rule STEADY-DEFENDERS) +1"
            ),
            "{text}"
        );
    }
    let (log, report) = said(&g, Lang::Ru);
    for text in [&log, &report] {
        assert!(
            text.contains("(изменено правилом клуба CHARGE-ONE: Бонус атаки в клубе +1) +1  * решил исход"),
            "{text}"
        );
        assert!(
            text.contains(
                "STEADY-DEFENDERS Строй обороняющихся против атакующей пехоты (правило клуба STEADY-DEFENDERS) +1"
            ),
            "{text}"
        );
    }
}

/// Issue 51, B-COL-04, B-COL-06: the club's Guard élan and its attacker's +2 move a
/// Ruleset B collision as written, with their sources and marks in the log.
#[test]
fn a_house_modifier_and_a_changed_clause_move_a_ruleset_b_collision() {
    let mut g = b_game();
    let mut options = g.battle().options.clone();
    options.ruleset_b.house = HouseRules {
        modifiers: vec![HouseModifier {
            id: "GUARD-ELAN".into(),
            label: words("Status A stands to the attack", "Статус A встречает атаку"),
            step: Step::BCollision,
            when: vec![test(Whose::Own, "status", &["a"]), test(Whose::Own, "charging", &["false"])],
            value: 1,
        }],
        changes: vec![RulebookChange {
            id: "DASH".into(),
            label: words("The attacker's dash is +2", "Порыв атакующего +2"),
            rule: Rule::BCol06Attacker,
            value: Some(2),
            off: false,
        }],
    };
    let pack =
        RulesPack { id: PackId { name: "Krasnoi club".into(), version: 4 }, ruleset: g.battle().ruleset, options };
    g.perform(&Action::AdoptPack(Box::new(pack))).unwrap();
    // Ladoga 4 +2 (the club's dash) = 6 against the Voltigeurs' 3 +1 (status A) +1
    // (élan) = 5: the margin of 1 is a melee (B-COL-17).
    g.perform(&Action::Collision(Box::new(collide(&g, "Ladoga Infantry", "1st Voltigeurs of the Guard", (4, 3)))))
        .unwrap();
    let LogDetail::BCollision { attacker_modifiers, defender_modifiers, result, .. } =
        &g.battle().log.last().unwrap().detail
    else {
        panic!("a collision entry")
    };
    assert_eq!((result.attacker_total, result.defender_total), (Some(6), Some(5)));
    assert_eq!(result.outcome, coldsteel::rules::ruleset_b::CollisionOutcome::Melee);
    // Each removed alone: the dash gone, the attacker halts; the status or the élan
    // gone, the defender flees.
    assert_eq!(lines(attacker_modifiers), vec![("B-COL-06".into(), 2, "house", true)]);
    assert_eq!(
        lines(defender_modifiers),
        vec![("B-COL-04".into(), 1, "rulebook", true), ("GUARD-ELAN".into(), 1, "house", true)]
    );
    let (log, report) = said(&g, Lang::En);
    for text in [&log, &report] {
        assert!(
            text.contains("GUARD-ELAN Status A stands to the attack (club rule GUARD-ELAN) +1  * decided it"),
            "{text}"
        );
        assert!(
            text.contains("B-COL-06 Attacking (changed by club rule DASH: The attacker's dash is +2) +2"),
            "{text}"
        );
    }
    let (log, _) = said(&g, Lang::Ru);
    assert!(log.contains("GUARD-ELAN Статус A встречает атаку (правило клуба GUARD-ELAN) +1  * решил исход"), "{log}");
}

/// Issue 51, AMB-23: a house modifier for the morale test adds to the players' modifier
/// on their table; the log names it and marks it when it decided the row.
#[test]
fn a_house_modifier_for_a_test_moves_its_row() {
    use coldsteel::game::TestAction;
    use coldsteel::rules::gdb::charge::TestAnswer;
    use coldsteel::rules::options::{TestKind, TestResult};
    let mut g = crate::common::default_at(Phase::Morale);
    crate::common::whole_turn_tables(&mut g);
    let mut options = g.battle().options.clone();
    options.gdb.house.modifiers.push(HouseModifier {
        id: "LINE-STEADY".into(),
        label: words("Formed infantry holds", "Пехота в порядке держится"),
        step: Step::MoraleTest,
        when: vec![test(Whose::Own, "arm", &["infantry"]), test(Whose::Own, "order", &["formed"])],
        value: 1,
    });
    let ruleset = g.battle().ruleset;
    g.perform(&Action::SetOptions(Box::new((ruleset, options)))).unwrap();
    let ladoga = crate::common::id(&g, "Ladoga Infantry");
    // 3+4 +0 is 7 (falls back on the players' table); the club's +1 makes it 8: passes.
    let answer = TestAnswer::Rolled { dice: crate::common::d6([3, 4]), modifier: 0 };
    let test = TestAction { unit: ladoga, test: TestKind::Morale, answer, rng_after: None };
    g.perform(&Action::TakeTest(Box::new(test))).unwrap();
    let LogDetail::TestTaken { result, roll, .. } = &g.battle().log.last().unwrap().detail else { panic!() };
    assert_eq!(*result, TestResult::Pass);
    assert_eq!(lines(&roll.as_ref().unwrap().house), vec![("LINE-STEADY".into(), 1, "house", true)]);
    let (log, _) = said(&g, Lang::En);
    assert!(log.contains("rolled 3+4 +0 +1 Formed infantry holds (club rule LINE-STEADY) (decided it) = 8"), "{log}");
    let (log, _) = said(&g, Lang::Ru);
    assert!(log.contains("+1 Пехота в порядке держится (правило клуба LINE-STEADY) (решил исход) = 8"), "{log}");
}

/// A GdB melee file for `coldsteel resolve`, with the club's rules in its options.
fn melee_file(house: &str, dice: &str) -> String {
    format!(
        r#"{{"ruleset": "gdb", "step": "melee",
            "attacker": {{"arm": "infantry", "class": "guard", "formation": "column", "charging": true, "figures": 24}},
            "defender": {{"arm": "infantry", "class": "line", "formation": "line", "figures": 12}},
            {dice}
            "options": {{"house": {house}}}}}"#
    )
}

fn resolved(text: &str, lang: Lang) -> serde_json::Value {
    coldsteel::resolve::to_json(&coldsteel::resolve::parse(text).unwrap(), lang)
}

/// Issue 51: `resolve --json` gives each modifier its source (`rulebook`, `house`), a
/// house one its `house_id`, and its label in the language asked; a clause the club
/// switched off is gone, one it changed carries its new value under its clause.
#[test]
fn resolve_json_says_each_modifiers_source() {
    let house = r#"{"modifiers": [{"id": "GUARD-COLUMN", "label": {"en": "Guard column", "ru": "Гвардейская колонна"},
                    "step": "gdb_melee", "when": [{"field": "class", "is": ["guard"]}, {"field": "formation", "is": ["column"]}],
                    "value": 1}],
                    "changes": [{"id": "NO-MASS", "label": {"en": "Numbers count for nothing", "ru": "Численность не в счёт"}, "rule": "GDB-MOD-29", "off": true},
                                {"id": "GUARD-TWO", "label": {"en": "The Guard is +3", "ru": "Гвардия +3"}, "rule": "GDB-MOD-11", "value": 3}]}"#;
    let text = melee_file(house, "");
    let en = resolved(&text, Lang::En);
    let mods = |v: &serde_json::Value| v["attacker"]["modifiers"].as_array().unwrap().clone();
    let seen: Vec<(String, i64, String)> = mods(&en)
        .iter()
        .map(|m| {
            (
                m["rule"].as_str().unwrap_or("-").to_owned(),
                m["value"].as_i64().unwrap(),
                m["source"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        seen,
        vec![
            ("GDB-MOD-05".into(), 2, "rulebook".into()),
            ("GDB-MOD-11".into(), 3, "house".into()),
            ("GDB-MOD-21".into(), 2, "rulebook".into()),
            ("GDB-MOD-22".into(), 1, "rulebook".into()),
            ("-".into(), 1, "house".into()),
        ],
        "GDB-MOD-29 (2:1) switched off"
    );
    let club = mods(&en)[4].clone();
    assert_eq!(club["house_id"], "GUARD-COLUMN");
    assert_eq!(club["label"], "Guard column (club rule GUARD-COLUMN)");
    assert_eq!(mods(&en)[1]["house_id"], "GUARD-TWO");
    assert!(mods(&en)[0].get("house_id").is_none());
    let ru = resolved(&text, Lang::Ru);
    assert_eq!(mods(&ru)[4]["label"], "Гвардейская колонна (правило клуба GUARD-COLUMN)");
    assert_eq!(mods(&ru)[1]["label"], "Гвардия (изменено правилом клуба GUARD-TWO: Гвардия +3)");
}

/// The dice of a melee, and the marks expected on the attacker's and the defender's
/// modifiers.
type PivotalRow = (([u8; 2], [u8; 2]), [bool; 6], [bool; 2]);

/// Issue 51, GDB-MEL-03, 04: a table of melees whose outcome turns on one modifier, the
/// club's among them: `pivotal` marks exactly the modifiers that, removed alone with the
/// same dice, change the winner or the result.
#[test]
fn pivotal_marks_on_a_table_of_melees() {
    let house = r#"{"modifiers": [{"id": "GUARD-COLUMN", "label": {"en": "Guard column", "ru": "Гвардейская колонна"},
                    "step": "gdb_melee", "when": [{"field": "class", "is": ["guard"]}], "value": 1}]}"#;
    // The attacker: +2 infantry, +2 Guard, +2 charging, +1 column charge, +2 at 2:1, +1
    // the club's = +10; the defender +2 infantry, +0 line.
    let t = true;
    let rows: [PivotalRow; 6] = [
        // 13 against 14, pushed back by 1: each +2 gone makes it a retreat, each +1 gone
        // leaves it a push-back; the defender's +2 gone, the attacker wins.
        (([1, 2], [6, 6]), [t, t, t, false, t, false], [t, false]),
        // 14 against 14, a draw: every modifier that is not 0 decides it.
        (([2, 2], [6, 6]), [t; 6], [t, false]),
        // 17 against 10, a rout by 7: anything of the attacker's gone makes it a retreat;
        // the defender's +2 gone, a rout still.
        (([3, 4], [4, 4]), [t; 6], [false, false]),
        // 22 against 4, a rout by 18: nothing decided it.
        (([6, 6], [1, 1]), [false; 6], [false, false]),
        // 14 against 10, a retreat by 4: a +2 gone, a push-back; a +1 gone, a retreat.
        (([3, 1], [4, 4]), [t, t, t, false, t, false], [false, false]),
        // 12 against 11, pushed back by 1: anything gone, a draw or the defender's win.
        (([1, 1], [5, 4]), [t; 6], [t, false]),
    ];
    for ((a, d), attacker, defender) in rows {
        let dice = format!(r#""dice": {{"attacker": [{}, {}], "defender": [{}, {}]}},"#, a[0], a[1], d[0], d[1]);
        let v = resolved(&melee_file(house, &dice), Lang::En);
        let marks = |role: &str| -> Vec<bool> {
            let mods = v[role]["modifiers"].as_array().unwrap();
            mods.iter().map(|m| m.get("pivotal") == Some(&serde_json::json!(true))).collect()
        };
        assert_eq!(marks("attacker"), attacker.to_vec(), "{a:?} {d:?}: {v}");
        assert_eq!(marks("defender"), defender.to_vec(), "{a:?} {d:?}: {v}");
    }
}

/// Issue 51: a pack whose condition names a field or a value there is not is refused
/// with its path, in both languages.
#[test]
fn a_pack_naming_an_unknown_field_or_value_is_refused_with_its_path() {
    let mut pack = RulesPack::default();
    pack.options.gdb.house = krasnoi_house();
    let good = coldsteel::storage::pack_to_json(&pack);
    assert!(coldsteel::storage::pack_from_json(&good).is_ok());
    for (from, to, path) in [
        (r#""field": "order""#, r#""field": "ordre""#, "options.gdb.house.modifiers[0].when[1].field"),
        (r#""formed""#, r#""in_good_order""#, "options.gdb.house.modifiers[0].when[1].is[0]"),
    ] {
        let bad = good.replacen(from, to, 1);
        assert_ne!(bad, good);
        let e = coldsteel::storage::pack_from_json(&bad).unwrap_err();
        for lang in [Lang::En, Lang::Ru] {
            let said = coldsteel::i18n::errors::pack_error_text(lang, &e);
            assert!(said.starts_with(&format!("{path}: ")), "{said}");
        }
    }
}

/// Issue 51: the players overrule the rules with a modifier of their own, with their
/// reason: it counts after the rulebook's and the club's, the log names it with the
/// reason, `resolve --json` gives it `"source": "overrule"`; without a reason it is
/// refused.
#[test]
fn the_players_modifier_counts_with_its_reason_and_needs_one() {
    use coldsteel::game::ActionError;
    use coldsteel::rules::PlayersModifier;
    let mut g = gdb_game();
    let a = stood_charge(&g, "Ladoga Infantry", "1st Vistula Legion", 8);
    do_charge(&mut g, a);
    to(&mut g, Phase::Melee);
    let mut m = melee(&g, "Ladoga Infantry", "1st Vistula Legion", ([6, 5], [4, 4]), (1, 1));
    m.table.defender.overrules = vec![PlayersModifier { value: 2, reason: String::new() }];
    assert_eq!(g.perform(&Action::GdbMelee(Box::new(m.clone()))), Err(ActionError::OverruleNeedsReason));
    let eagle = "the eagle is with the Legion";
    m.table.defender.overrules = vec![PlayersModifier { value: 2, reason: eagle.into() }];
    crate::common::answer_owed(&g, &mut m);
    g.perform(&Action::GdbMelee(Box::new(m))).unwrap();
    let LogDetail::GdbMelee { defender_modifiers, result, .. } = &g.battle().log.last().unwrap().detail else {
        panic!()
    };
    let last = defender_modifiers.last().unwrap();
    assert_eq!((last.value, last.source_key(), last.reason()), (2, "overrule", Some(eagle)));
    // 15 against 12 and the eagle's 2: pushed back by 1, where without it, a retreat.
    assert_eq!((result.attacker_total, result.defender_total), (15, 14));
    let (log, _) = said(&g, Lang::En);
    assert!(log.contains("the players overrule: the eagle is with the Legion +2  * decided it"), "{log}");
    let (log, _) = said(&g, Lang::Ru);
    assert!(log.contains("решение игроков: the eagle is with the Legion +2  * решил исход"), "{log}");
    let text = r#"{"ruleset": "gdb", "step": "melee",
        "attacker": {"arm": "infantry", "overrules": [{"value": -1, "reason": "crossing the stream"}]},
        "defender": {"arm": "infantry"}}"#;
    let v = resolved(text, Lang::En);
    let m = &v["attacker"]["modifiers"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(
        (m["source"].as_str(), m["reason"].as_str(), m["value"].as_i64()),
        (Some("overrule"), Some("crossing the stream"), Some(-1))
    );
    assert!(m["rule"].is_null() && m.get("house_id").is_none());
    let blank = text.replace("crossing the stream", " ");
    let e = coldsteel::resolve::parse(&blank).unwrap_err();
    assert!(e.text(Lang::En).starts_with("attacker.overrules[0].reason: "), "{}", e.text(Lang::En));
}
