//! Battle reports: a Markdown snapshot of the mid-game example, the contents of the
//! text and PDF reports, roster sheets, and single-entry reports.

use crate::common;

use std::path::Path;

use coldsteel::i18n::Lang;
use coldsteel::model::LogDetail;
use coldsteel::report::{markdown, pdf, summary};
use coldsteel::storage;

fn mid_game() -> coldsteel::game::Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/krasnoi-1812-turn3.coldsteel.json");
    storage::read_battle_file(&path).unwrap()
}

/// `COLDSTEEL_WRITE_SNAPSHOTS=1 cargo test --test reports` rewrites the snapshot.
#[test]
fn markdown_report_of_the_mid_game_example_matches_its_snapshot() {
    let g = mid_game();
    let md = markdown::to_markdown(&summary::battle_report(g.battle(), Lang::En));
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/mid_game_report.en.md");
    if std::env::var_os("COLDSTEEL_WRITE_SNAPSHOTS").is_some() {
        std::fs::write(&path, &md).unwrap();
    }
    let expected = std::fs::read_to_string(&path).unwrap();
    assert_eq!(md, expected, "the report changed: review it and rerun with COLDSTEEL_WRITE_SNAPSHOTS=1");
}

/// What every report must carry: both languages' unit names, every result, the losses.
fn assert_contents(text: &str, battle: &coldsteel::model::Battle, lang: Lang) {
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("Ladoga Infantry") && flat.contains("Ладожский пехотный полк"), "both names");
    for e in &battle.log {
        if let LogDetail::GdbMelee { result, .. } = &e.detail {
            let outcome = coldsteel::i18n::Label::label(result.outcome, lang);
            assert!(flat.contains(outcome), "result {outcome} missing");
        }
    }
    let [first, second] = strengths(battle);
    assert!(flat.contains(&format!("{} {}", first.0, second.0)), "figures at the start");
    assert!(flat.contains(&format!("{} {}", first.1, second.1)), "figures now");
}

/// Each side's figures at the start and now.
fn strengths(battle: &coldsteel::model::Battle) -> [(u32, u32); 2] {
    [coldsteel::rules::Side::First, coldsteel::rules::Side::Second].map(|side| {
        battle.units.iter().filter(|u| u.side == side).fold((0, 0), |(s, n), u| (s + u.figures_start, n + u.figures))
    })
}

#[test]
fn text_reports_in_both_languages_carry_names_results_and_losses() {
    let g = mid_game();
    for lang in [Lang::En, Lang::Ru] {
        let text = markdown::to_text(&summary::battle_report(g.battle(), lang));
        assert_contents(&text, g.battle(), lang);
    }
}

#[test]
fn pdf_report_and_roster_sheets_are_made() {
    let g = mid_game();
    let bytes = pdf::to_pdf(&summary::battle_report(g.battle(), Lang::Ru)).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    assert!(bytes.len() > 10_000);
    let sheets = summary::roster_sheets(g.battle(), Lang::En);
    let kept = sheets.blocks.iter().filter(|b| matches!(b, summary::Block::KeepTogether(_))).count();
    assert_eq!(kept, g.battle().brigades.len(), "one sheet per brigade, each kept together");
}

#[test]
fn a_single_entry_has_its_own_report() {
    let g = mid_game();
    let entry = g.battle().log.iter().find(|e| matches!(e.detail, LogDetail::GdbMelee { .. })).unwrap();
    let text = markdown::to_text(&summary::entry_report(g.battle(), Lang::En, entry));
    assert!(text.contains("GDB-MOD-01") && text.contains("Loser retreats"), "{text}");
}

/// Roster sheets: brigades share a page where they fit, and none is split across pages.
#[test]
fn roster_sheets_put_brigades_together_where_they_fit() {
    let g = storage::default_game().unwrap();
    let sheets = summary::roster_sheets(g.battle(), Lang::En);
    let brigades = g.battle().brigades.len();
    let pages = pdf::page_count(&sheets).unwrap();
    assert!(pages < brigades, "{pages} pages for {brigades} brigades");
    assert!(pdf::to_pdf(&sheets).unwrap().starts_with(b"%PDF-"));
}

/// The losses a report charts by turn add up to each side's `figures_start − figures`
/// over its units, and the summary's table says the same (issue 27: every loss the
/// journal holds, overruns and caught evaders included).
fn losses_agree(b: &coldsteel::model::Battle, what: &str) {
    let charted = summary::losses_by_turn(b).iter().fold((0, 0), |(f, s), (_, a, d)| (f + a, s + d));
    let lost = |side| b.units.iter().filter(|u| u.side == side).map(|u| u.casualties()).sum::<u32>();
    let table = (lost(coldsteel::rules::Side::First), lost(coldsteel::rules::Side::Second));
    assert_eq!(charted, table, "{what}");
    let text = markdown::to_markdown(&summary::battle_report(b, Lang::En));
    let row = text.lines().find(|l| l.starts_with("| Lost |")).unwrap_or_default().to_owned();
    for n in [table.0, table.1] {
        assert!(row.contains(&format!("| {n} (")), "{what}: {row}");
    }
}

/// Every example battle.
#[test]
fn the_losses_chart_agrees_with_the_losses_table() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if !path.to_string_lossy().ends_with(".coldsteel.json") {
            continue;
        }
        let game = storage::read_battle_file(&path).unwrap();
        losses_agree(game.battle(), &path.display().to_string());
    }
}

/// Every worked example of seed 001, played from its scenario.
#[test]
fn the_worked_examples_reports_agree_with_their_journals() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/scenarios");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let (battle, actions) = storage::scenario_from_json(&text).unwrap();
        let game = coldsteel::game::play(battle, &actions).unwrap();
        losses_agree(game.battle(), &path.display().to_string());
    }
}

/// Skirmishers overrun by close-order troops lose their contacted bases (GDB-EVD-12):
/// the figures reach the chart and the table.
#[test]
fn an_overrun_reaches_the_losses() {
    use coldsteel::rules::gdb::charge::{Input, Reaction, TestResult};
    let mut g = common::default_at(coldsteel::rules::Phase::Charges);
    let inputs = vec![
        Input::Reaction(Reaction::Evade),
        Input::Caught(true),
        Input::ChargerTest(TestResult::Pass.into()),
        Input::BasesLost { figures: 2 },
    ];
    let mut a = common::charge(&g, "Ladoga Infantry", "Guard tirailleur screen", 8, inputs);
    a.rates.target_compulsory_cm = Some(20);
    common::do_charge(&mut g, a);
    assert_eq!(common::unit(&g, "Guard tirailleur screen").casualties(), 2);
    losses_agree(g.battle(), "overrun");
}

/// The mid-game example's report in `lang` as PDF, through pdftotext -layout with `pages`
/// (e.g. `["-f", "1", "-l", "1"]`).
fn report_text(lang: Lang, pages: &[&str]) -> String {
    pdf_text(mid_game().battle(), lang, &[&["-layout"], pages].concat())
}

/// A battle's report in `lang` as PDF, through pdftotext with `args`.
fn pdf_text(battle: &coldsteel::model::Battle, lang: Lang, args: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("report.pdf");
    std::fs::write(&path, pdf::to_pdf(&summary::battle_report(battle, lang)).unwrap()).unwrap();
    let out =
        std::process::Command::new("pdftotext").args(args).arg(&path).arg("-").output().expect("pdftotext installed");
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

/// pdftotext of the report of the mid-game example (needs poppler-utils).
#[test]
#[ignore = "needs pdftotext (poppler-utils); .ci/run runs it with --ignored"]
fn pdftotext_finds_names_results_and_losses() {
    let g = mid_game();
    for lang in [Lang::En, Lang::Ru] {
        assert_contents(&report_text(lang, &[]), g.battle(), lang);
    }
}

/// The PDF report's first page starts with the summary, and the losses-by-turn chart's
/// numbers (each turn's and the total) equal the losses in the summary table
/// (needs poppler-utils).
#[test]
#[ignore = "needs pdftotext (poppler-utils); .ci/run runs it with --ignored"]
fn pdf_page_one_is_the_summary_and_its_chart_agrees_with_the_table() {
    let g = mid_game();
    for lang in [Lang::En, Lang::Ru] {
        let page = report_text(lang, &["-f", "1", "-l", "1"]);
        let lines: Vec<&str> = page.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        let summary = lang.t(coldsteel::i18n::T::RepSummary);
        assert_eq!(lines.get(2), Some(&summary), "page 1 opens with the summary:\n{page}");
        let lost = lang.t(coldsteel::i18n::T::RepLost);
        let row = lines.iter().find(|l| l.starts_with(lost)).unwrap();
        let table: Vec<u32> = row[lost.len()..].split_whitespace().filter_map(|w| w.parse().ok()).collect();
        let [first, second] = strengths(g.battle());
        assert_eq!(table, vec![first.0 - first.1, second.0 - second.1], "{row}");
        let by_turn = lang.t(coldsteel::i18n::T::RepByTurn);
        let chart_at = lines.iter().position(|l| *l == by_turn).unwrap();
        let numbers = |l: &str| l.split_whitespace().map(|w| w.parse::<u32>().ok()).collect::<Option<Vec<u32>>>();
        let turns: Vec<Vec<u32>> = lines[chart_at + 2..].iter().map_while(|l| numbers(l)).collect();
        assert_eq!(turns.len(), g.battle().turn as usize, "a row a turn:\n{page}");
        let charted = turns.iter().fold((0, 0), |(a, b), r| (a + r[1], b + r[2]));
        assert_eq!(charted, (table[0], table[1]), "the chart's turns add up to the table");
        let total = lines[chart_at + 2 + turns.len()];
        let total_label = lang.t(coldsteel::i18n::T::RepTotal);
        assert!(total.starts_with(total_label), "{total}");
        assert_eq!(numbers(&total[total_label.len()..]), Some(table.clone()), "the chart's total is the table's");
    }
}

/// The table view in the report (issue 19): the situation map at the end of each turn
/// of the example on the table, and now; drawn in the PDF with the units' labels, noted
/// in the text formats, in both languages.
#[test]
fn the_report_draws_the_table_at_the_end_of_each_turn() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/krasnoi-1812-on-the-table.coldsteel.json");
    let g = storage::read_battle_file(&path).unwrap();
    let ends = coldsteel::game::turn_ends(&g).unwrap();
    assert_eq!(ends.iter().map(|(t, _)| *t).collect::<Vec<_>>(), [1, 2], "turn 1's end, then now");
    let legion = |b: &coldsteel::model::Battle| {
        b.units.iter().find(|u| u.name == "1st Vistula Legion").and_then(|u| u.place).map(|p| p.y_mm)
    };
    assert_eq!((legion(&ends[0].1), legion(&ends[1].1)), (Some(350), Some(200)), "it fell back in turn 2");
    for (lang, end_of_turn, now) in
        [(Lang::En, "At the end of turn 1", "Now: turn 2"), (Lang::Ru, "В конце хода 1", "Сейчас: ход 2")]
    {
        let report = summary::game_report(&g, lang);
        let maps = report.flat().into_iter().filter(|b| matches!(b, summary::Block::Map(_))).count();
        assert_eq!(maps, 2, "{lang:?}");
        let text = markdown::to_text(&report);
        assert!(text.contains(end_of_turn) && text.contains(now), "{lang:?}");
        assert!(text.contains("[180 × 120 cm"), "the text says where the map is");
        let bytes = pdf::to_pdf(&report).unwrap();
        assert!(bytes.starts_with(b"%PDF"));
    }
    // The report of the battle alone has the present's map.
    let alone = summary::battle_report(g.battle(), Lang::En);
    assert_eq!(alone.flat().into_iter().filter(|b| matches!(b, summary::Block::Map(_))).count(), 1);
}

/// pdftotext finds the units' labels on the situation maps of the example on the table
/// (needs poppler-utils).
#[test]
#[ignore = "needs pdftotext (poppler-utils); .ci/run runs it with --ignored"]
fn pdftotext_reads_the_labels_of_the_situation_maps() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/krasnoi-1812-on-the-table.coldsteel.json");
    let g = storage::read_battle_file(&path).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("table.pdf");
    std::fs::write(&out, pdf::to_pdf(&summary::game_report(&g, Lang::Ru)).unwrap()).unwrap();
    let text = std::process::Command::new("pdftotext").arg(&out).arg("-").output().expect("pdftotext installed");
    let text = String::from_utf8(text.stdout).unwrap();
    for label in ["В конце хода 1", "Сейчас: ход 2", "Киевский драгунский"] {
        assert!(text.contains(label), "{label} in:\n{text}");
    }
}

/// Issue 28: pdftotext of the whole-turn example's report, in English and in Russian:
/// every event of the turn is told with its unit and its result, and no failed or
/// pursuing test reads as passed (needs poppler-utils).
#[test]
#[ignore = "needs pdftotext (poppler-utils); .ci/run runs it with --ignored"]
fn pdftotext_tells_every_event_of_the_whole_turn() {
    use coldsteel::i18n::T;
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/krasnoi-1812-whole-turn.coldsteel.json");
    let g = storage::read_battle_file(&path).unwrap();
    let dir = tempfile::tempdir().unwrap();
    for (lang, told) in [(Lang::En, common::TOLD_EN), (Lang::Ru, common::TOLD_RU)] {
        let out = dir.path().join(format!("{lang:?}.pdf"));
        std::fs::write(&out, pdf::to_pdf(&summary::game_report(&g, lang)).unwrap()).unwrap();
        let text = std::process::Command::new("pdftotext").arg(&out).arg("-").output().expect("pdftotext installed");
        let text = String::from_utf8(text.stdout).unwrap();
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        for line in told {
            assert!(flat.contains(line), "{lang:?}: {line}\n\n{flat}");
        }
        // The account's sentences, and the appendix's lines, each alone.
        let account = &flat[flat.find(lang.t(T::RepAccount)).unwrap()..flat.find(lang.t(T::RepUnits)).unwrap()];
        let appendix = &text[text.find(lang.t(T::RepAppendix)).unwrap()..];
        for said in account.split(". ").chain(appendix.lines()) {
            let failed = common::NOT_PASSED.iter().any(|w| said.contains(w));
            assert!(!(failed && common::PASSED.iter().any(|w| said.contains(w))), "{lang:?}: {said}");
        }
    }
}

/// Issue 29: a long battle's report draws at most 24 maps (the end of every n-th turn
/// and now) and says so; the maps are drawn as the replay reaches them.
#[test]
fn a_long_battle_draws_a_bounded_number_of_maps() {
    use coldsteel::game::Action;
    let mut g = coldsteel::game::Game::new(common::ex4_on_a_table());
    let options = g.battle().options.clone();
    g.perform(&Action::SetOptions(Box::new((coldsteel::rules::Ruleset::RulesetB, options)))).unwrap();
    let place = Some(coldsteel::model::Placement { x_mm: 500, y_mm: 400, facing_deg: 0 });
    g.perform(&Action::PlaceUnit { unit: coldsteel::model::UnitId(1), place }).unwrap();
    while g.battle().turn < 60 {
        g.perform(&Action::AdvancePhase).unwrap();
    }
    for lang in [Lang::En, Lang::Ru] {
        let report = summary::game_report(&g, lang);
        let maps = report.flat().into_iter().filter(|b| matches!(b, summary::Block::Map(_))).count();
        assert!((2..=summary::MAX_REPORT_MAPS as usize + 1).contains(&maps), "{lang:?}: {maps} maps");
        // Markdown keeps a paragraph on one line.
        let text = markdown::to_markdown(&report);
        let maps = lang.count(summary::MAX_REPORT_MAPS, coldsteel::i18n::Noun::Map);
        let rule = lang.fmt(coldsteel::i18n::T::RepMapsRule, &[&3, &maps]);
        assert!(text.contains(&rule), "{lang:?}: the rule is printed");
    }
}

/// The example battle saved under `name` in `saves/`.
fn example(name: &str) -> coldsteel::game::Game {
    storage::read_battle_file(&Path::new(env!("CARGO_MANIFEST_DIR")).join("saves").join(name)).unwrap()
}

/// The text with its whitespace runs made single spaces (the PDF wraps lines anywhere).
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Issue 43: every charge is told whole, in the account and in the appendix: the
/// measures, the target's reaction, each test with its result, and what came of them;
/// every collision test of Ruleset B with its result.
fn assert_charges_told_whole(text: &str, battle: &coldsteel::model::Battle, lang: Lang) {
    use coldsteel::i18n::log_text::{charge_account, entry_summary};
    let text = flat(text);
    let mut charges = 0;
    for e in &battle.log {
        if let LogDetail::Charge { .. } = &e.detail {
            charges += 1;
            let account = charge_account(lang, battle, e);
            assert!(account.len() >= 4, "{lang:?}: measures, reaction, tests, result: {account:?}");
            for line in account {
                // Twice: in the account of the turn and in the appendix.
                assert!(text.matches(&flat(&line)).count() >= 2, "{lang:?}: {line:?} is told twice in\n{text}");
            }
        } else if let LogDetail::BCollision { .. } = &e.detail {
            charges += 1;
            let summary = flat(&entry_summary(lang, battle, e));
            assert!(text.contains(&summary), "{lang:?}: {summary:?}");
        }
    }
    assert!(charges > 0, "the example holds a charge");
}

/// Issue 43: the Markdown report of both whole-turn examples tells each charge whole, in
/// English and in Russian; the General de Brigade one names its measures, reaction and
/// both tests in words.
#[test]
fn the_report_tells_each_charge_whole() {
    for name in ["krasnoi-1812-whole-turn.coldsteel.json", "krasnoi-1812-ruleset-b-whole-turn.coldsteel.json"] {
        let g = example(name);
        for lang in [Lang::En, Lang::Ru] {
            let md = markdown::to_markdown(&summary::battle_report(g.battle(), lang));
            assert_charges_told_whole(&md, g.battle(), lang);
        }
    }
    let g = example("krasnoi-1812-whole-turn.coldsteel.json");
    let md = flat(&markdown::to_markdown(&summary::battle_report(g.battle(), Lang::En)));
    for said in [
        "Grenadiers à cheval charges Ladoga Infantry, 20 cm away, 0° off straight ahead",
        "Ladoga Infantry reacts: Stand",
        "Grenadiers à cheval: Charge test",
        "Ladoga Infantry: Test to stand",
    ] {
        assert!(md.contains(said), "{said:?} in\n{md}");
    }
}

/// The same through the PDF, with pdftotext (needs poppler-utils).
#[test]
#[ignore = "needs pdftotext (poppler-utils); .ci/run runs it with --ignored"]
fn the_pdf_report_tells_each_charge_whole() {
    for name in ["krasnoi-1812-whole-turn.coldsteel.json", "krasnoi-1812-ruleset-b-whole-turn.coldsteel.json"] {
        let g = example(name);
        for lang in [Lang::En, Lang::Ru] {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("report.pdf");
            std::fs::write(&path, pdf::to_pdf(&summary::battle_report(g.battle(), lang)).unwrap()).unwrap();
            let out =
                std::process::Command::new("pdftotext").arg(&path).arg("-").output().expect("pdftotext installed");
            assert!(out.status.success());
            assert_charges_told_whole(&String::from_utf8(out.stdout).unwrap(), g.battle(), lang);
        }
    }
}

/// A first evening's small battle: the default battle's first three French and first two
/// Russian units, nothing placed on the table.
fn five_units() -> coldsteel::model::Battle {
    let mut b = storage::default_game().unwrap().battle().clone();
    let keep: Vec<coldsteel::model::UnitId> = [coldsteel::rules::Side::First, coldsteel::rules::Side::Second]
        .into_iter()
        .flat_map(|side| {
            let n = if side == coldsteel::rules::Side::First { 3 } else { 2 };
            b.units.iter().filter(move |u| u.side == side).take(n).map(|u| u.id).collect::<Vec<_>>()
        })
        .collect();
    b.units.retain(|u| keep.contains(&u.id));
    b.log.clear();
    b
}

/// Issue 45: the two sides' short unit tables share a page (a 5-unit battle printed
/// four pages, two of them a 3-row table each): in the Markdown no page break falls
/// between or before them, and the PDF has two pages, summary and units, then the log.
#[test]
fn short_unit_tables_share_a_page() {
    let b = five_units();
    for lang in [Lang::En, Lang::Ru] {
        let report = summary::battle_report(&b, lang);
        let md = markdown::to_markdown(&report);
        let units = md.find(&format!("## {}", lang.t(coldsteel::i18n::T::RepUnits))).unwrap();
        let second =
            md.find(&format!("### {}", coldsteel::i18n::names::side_name(&b, coldsteel::rules::Side::Second, lang)));
        let between = &md[..second.unwrap()];
        assert_eq!(
            between.matches("\n---\n").count(),
            0,
            "{lang:?}: no page break before the second side's table\n{md}"
        );
        assert!(units < second.unwrap());
        assert_eq!(pdf::page_count(&report).unwrap(), 2, "{lang:?}");
    }
}

/// The same through pdftotext: two pages, both sides' tables on the first (needs
/// poppler-utils).
#[test]
#[ignore = "needs pdftotext (poppler-utils); .ci/run runs it with --ignored"]
fn pdftotext_reads_both_short_unit_tables_on_one_page() {
    let b = five_units();
    let text = |pages: &[&str]| pdf_text(&b, Lang::En, pages);
    let whole = text(&[]);
    assert_eq!(whole.matches('\u{c}').count(), 2, "two pages:\n{whole}");
    let first = text(&["-f", "1", "-l", "1"]);
    for u in &b.units {
        assert!(first.contains(&u.name), "{} on page 1:\n{first}", u.name);
    }
}

/// Issue 51: a melee moved by the club's house modifier and by a clause it changed: the
/// PDF report names each with its source and label, and marks what decided it, in both
/// languages (needs poppler-utils).
#[test]
#[ignore = "needs pdftotext (poppler-utils); .ci/run runs it with --ignored"]
fn the_pdf_report_names_the_clubs_modifiers_and_what_decided_a_melee() {
    use coldsteel::game::Action;
    use coldsteel::rules::gdb::charge::{Input, Reaction};
    use coldsteel::rules::house::{Condition, HouseModifier, RulebookChange, Step, Whose};
    use coldsteel::rules::options::TestResult;
    use coldsteel::rules::{Phase, Rule, Side, Words};
    let mut g = storage::default_game().unwrap();
    common::initiative(&mut g, [6, 6], [1, 1], Side::First);
    common::to(&mut g, Phase::Charges);
    let mut pack = g.battle().rules_pack();
    pack.id = coldsteel::model::PackId { name: "Krasnoi club".into(), version: 3 };
    pack.options.gdb.house.modifiers.push(HouseModifier {
        id: "STEADY-DEFENDERS".into(),
        label: Words { en: "Steady defenders".into(), ru: "Стойкие защитники".into() },
        step: Step::GdbMelee,
        when: vec![Condition { side: Whose::Enemy, field: "charging".into(), is: vec!["true".into()] }],
        value: 1,
    });
    pack.options.gdb.house.changes.push(RulebookChange {
        id: "CHARGE-ONE".into(),
        label: Words {
            en: "The club's charge bonus is +1".into(), ru: "Бонус атаки в клубе +1".into()
        },
        rule: Rule::GdbMod21Charging,
        value: Some(1),
        off: false,
    });
    g.perform(&Action::AdoptPack(Box::new(pack))).unwrap();
    let inputs = vec![
        Input::Reaction(Reaction::Stand),
        Input::ChargerTest(TestResult::Pass.into()),
        Input::StandTest(TestResult::Pass.into()),
    ];
    let a = common::charge(&g, "Ladoga Infantry", "1st Vistula Legion", 8, inputs);
    common::do_charge(&mut g, a);
    common::to(&mut g, Phase::Melee);
    let m = common::melee(&g, "Ladoga Infantry", "1st Vistula Legion", ([6, 5], [4, 4]), (1, 1));
    g.perform(&Action::GdbMelee(Box::new(m))).unwrap();
    for (lang, changed, own, mark) in [
        (Lang::En, "changed by club rule CHARGE-ONE", "Steady defenders (club rule STEADY-DEFENDERS)", "decided it"),
        (
            Lang::Ru,
            "изменено правилом клуба CHARGE-ONE",
            "Стойкие защитники (правило клуба STEADY-DEFENDERS)",
            "решил исход",
        ),
    ] {
        // One line a modifier, however the page wraps the rest.
        let text = pdf_text(g.battle(), lang, &["-layout"]).split_whitespace().collect::<Vec<_>>().join(" ");
        for want in [changed, own, mark] {
            assert!(text.contains(want), "{lang:?}: {want} not in the PDF:\n{text}");
        }
    }
}

/// Issue 52: the campaign's report as PDF, through pdftotext, in both languages: the
/// battle closed with its result, each unit's strength after it, the generals' fates and
/// the ledger (needs poppler-utils).
#[test]
#[ignore = "needs pdftotext (poppler-utils); .ci/run runs it with --ignored"]
fn the_campaign_report_reads_in_the_pdf() {
    use coldsteel::game::campaign;
    use coldsteel::model::{Fate, ResultRule};
    let mut game = mid_game();
    let walther = game.battle().generals.iter().find(|g| g.name == "Gén. Walther").unwrap().clone();
    let lost = coldsteel::game::Action::EditGeneral(coldsteel::model::General { lost: true, ..walther.clone() });
    let mut c = campaign::campaign_from(&game, "campaign-pdf", "Krasnoi 1812", "turn3.coldsteel.json", true);
    game.perform(&lost).unwrap();
    let closing = campaign::closing(&c, &game, ResultRule::Losses, None).unwrap();
    campaign::close(&mut c, &closing, &[(walther.id, Fate::Killed)], "turn3.coldsteel.json").unwrap();
    for (lang, wants) in [
        (Lang::En, ["Campaign: Krasnoi 1812", "French Imperial Guard wins", "Kiev Dragoons", "killed", "Ledger"]),
        (
            Lang::Ru,
            [
                "Кампания: Krasnoi 1812",
                "Победа: Французская императорская гвардия",
                "Киевский драгунский полк",
                "убит",
                "Журнал кампании",
            ],
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("campaign.pdf");
        let report = coldsteel::report::campaign::campaign_report(&c, &[], lang);
        std::fs::write(&path, pdf::to_pdf(&report).unwrap()).unwrap();
        let out = std::process::Command::new("pdftotext").arg(&path).arg("-").output().expect("pdftotext installed");
        let text = String::from_utf8(out.stdout).unwrap().split_whitespace().collect::<Vec<_>>().join(" ");
        for want in wants {
            assert!(text.contains(want), "{lang:?}: {want} not in the PDF:\n{text}");
        }
        // Kiev Dragoons: 12 at the start, 8 after the battle, routed.
        let md = markdown::to_markdown(&report);
        assert!(
            md.lines().any(|l| l.contains("12") && l.contains(" 8 ") && (l.contains("Kiev") || l.contains("Киев"))),
            "{md}"
        );
    }
}
