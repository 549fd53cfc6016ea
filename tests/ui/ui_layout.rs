//! The laptop layout in both languages (issue 16): at 1280×800 no two text labels overlap
//! and none is cut off at the edge of what holds it, on the roster, the editor, the rules
//! settings (every topic) and both rulesets' wizards at every step. Names shortened with
//! an ellipsis (shown whole on hover) keep inside their cells and so pass.

use crate::common;

use coldsteel::game::Game;
use coldsteel::i18n::{Label, Lang, T};
use coldsteel::rules::{Phase, Ruleset};
use coldsteel::storage;
use coldsteel::ui::CsApp;
use common::layout::problems;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

const LANGS: [Lang; 2] = [Lang::En, Lang::Ru];

fn laptop(game: Game, lang: Lang) -> Harness<'static, CsApp> {
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut CsApp| app.ui_root(ui), common::app_without_rates_form(game, lang));
    h.run();
    h
}

/// The default battle in `phase` of turn 1, under `ruleset`.
fn game_at(ruleset: Ruleset, phase: Phase) -> Game {
    let mut battle = storage::default_game().unwrap().battle().clone();
    battle.ruleset = ruleset;
    common::game_at(battle, phase)
}

/// A unit's name as the roster shows it in `lang`.
fn name(h: &Harness<'static, CsApp>, english: &str, lang: Lang) -> String {
    let u = h.state().game.battle().units.iter().find(|u| u.name == english).unwrap();
    u.display_name(lang == Lang::Ru).to_owned()
}

fn click(h: &mut Harness<'static, CsApp>, label: &str) {
    h.get_by_label(label).click();
    h.run();
}

fn click_button(h: &mut Harness<'static, CsApp>, label: &str) {
    h.get_by_role_and_label(Role::Button, label).click();
    h.run();
}

fn type_into(h: &mut Harness<'static, CsApp>, label: &str, text: &str) {
    h.get_by_role_and_label(Role::TextInput, label).click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, label).type_text(text);
    h.run();
}

fn scroll_to(h: &mut Harness<'static, CsApp>, label: &str) {
    common::layout::scroll_roster_to(h, label);
}

/// Selects the charger, starts a charge (C) and picks the target, scrolled into view.
fn pick_charge(h: &mut Harness<'static, CsApp>, charger: &str, target: &str) {
    scroll_to(h, charger);
    click(h, charger);
    h.key_press(egui::Key::C);
    h.run();
    scroll_to(h, target);
    click(h, target);
}

fn assert_fits(found: &[String]) {
    assert!(found.is_empty(), "{} layout problems:\n{}", found.len(), found.join("\n"));
}

#[test]
fn the_roster_and_the_editor_fit_a_laptop() {
    let mut found = Vec::new();
    for lang in LANGS {
        // The mid-game example: markers, losses, a title with its turn.
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/krasnoi-1812-turn3.coldsteel.json");
        let mut h = laptop(storage::read_battle_file(&path).unwrap(), lang);
        found.extend(problems(&h, &format!("{lang:?} roster")));
        // An entry of the log opened: its breakdown wraps at the log's width (issue 45).
        h.get_all_by_label_contains("  80  ").next().unwrap().click();
        h.run();
        assert!(h.state().log_view.open.is_some(), "{lang:?}: the entry opened");
        found.extend(problems(&h, &format!("{lang:?} log entry opened")));
        h.get_all_by_label_contains("  80  ").next().unwrap().click();
        h.run();
        h.get_all_by_label_contains("  80  ").next().unwrap().hover();
        // The toolbar keeps to one row: the language switch beside the app's name, also
        // after the window grew from narrower (as a window manager first maps it).
        for size in [egui::vec2(1024.0, 768.0), egui::vec2(1280.0, 800.0)] {
            h.set_size(size);
            h.run();
            h.run();
        }
        let (app, switch) = (h.get_by_label("coldsteel").rect(), h.get_by_label("Русский").rect());
        if switch.top() > app.bottom() {
            found.push(format!("{lang:?} toolbar wraps: {switch:?} under {app:?}"));
        }
        // The roster's rows end before the editor panel (370 points at the right).
        let roster = egui::Rect::from_min_max(egui::pos2(0.0, 60.0), egui::pos2(1280.0 - 370.0, 530.0));
        let rows: Vec<_> = common::layout::labels(&h)
            .into_iter()
            .filter(|(_, r)| r.left() < roster.right() && r.top() > 60.0)
            .collect();
        let rows: Vec<_> = rows.into_iter().filter(|(_, r)| r.bottom() < roster.bottom()).collect();
        found.extend(common::layout::cut_off(&rows, roster).into_iter().map(|p| format!("{lang:?} roster row: {p}")));
        let unit = name(&h, "1st Voltigeurs of the Guard", lang);
        // The roster's row (the log's filter lists the unit too, once opened).
        h.get_all_by_label(&unit).next().unwrap().click();
        h.run();
        found.extend(problems(&h, &format!("{lang:?} unit editor")));
        let general = h.state().game.battle().generals.iter().find(|g| g.name.contains("Roguet")).unwrap().id;
        h.state_mut().selection = coldsteel::ui::Selection::General(general);
        h.run();
        found.extend(problems(&h, &format!("{lang:?} general editor")));
        let brigade = h.state().game.battle().brigades[0].id;
        h.state_mut().selection = coldsteel::ui::Selection::Brigade(brigade);
        h.run();
        found.extend(problems(&h, &format!("{lang:?} brigade editor")));
        // Issue 45: in the Charges phase the unit's card lists the enemy units it may
        // charge; the longest names (the Russian ones) wrap in the card.
        let mut h = laptop(common::russians_declared_none(), lang);
        let lancers = name(&h, "1st Polish Guard Lancers", lang);
        scroll_to(&mut h, &lancers);
        click(&mut h, &lancers);
        h.run();
        let target = lang.fmt(T::ChargeTargetButton, &[&name(&h, "Ilovaisky's Don Cossacks", lang)]);
        let in_card = h.query_all_by_label(&target).any(|n| n.rect().left() > 1280.0 - 370.0);
        assert!(in_card, "{lang:?}: the card lists the targets");
        found.extend(problems(&h, &format!("{lang:?} unit card, charge targets")));
    }
    assert_fits(&found);
}

#[test]
fn the_rules_settings_fit_a_laptop_on_every_topic() {
    let mut found = Vec::new();
    for lang in LANGS {
        let mut battle = storage::default_game().unwrap().battle().clone();
        // A row in every table, so that the tables' columns are drawn.
        let o = &mut battle.options.gdb;
        o.tests.push(common::charge_test_always_passes());
        o.casualties.push(coldsteel::rules::options::CasualtyRow {
            outcome: "pushed_back".into(),
            winner_arm: None,
            loser_loses: 2,
            winner_loses: 1,
        });
        o.distances.push(coldsteel::rules::options::DistanceRow {
            move_cm: Some(30),
            ..coldsteel::rules::options::DistanceRow::empty(coldsteel::rules::Arm::Dragoons)
        });
        let mut h = laptop(Game::new(battle), lang);
        click(&mut h, &lang.fmt(T::RulesButton, &[&lang.t(T::RulesetGdbShort)]));
        for topic in [T::TopicMelee, T::TopicCharges, T::TopicMovement, T::TopicTests] {
            click_button(&mut h, lang.t(topic));
            found.extend(problems(&h, &format!("{lang:?} settings, {}", lang.t(topic))));
        }
        let b = Ruleset::RulesetB.label(lang);
        click_button(&mut h, b);
        found.extend(problems(&h, &format!("{lang:?} settings, {b}")));
    }
    assert_fits(&found);
}

/// The GdB charge wizard at every step (declaration, reaction, the charger's test, the
/// target's test, contact), then the melee wizard at every step (situation, dice, result).
#[test]
fn the_gdb_wizards_fit_a_laptop_at_every_step() {
    let mut found = Vec::new();
    for lang in LANGS {
        let mut h = laptop(common::russians_declared_none(), lang);
        let (charger, target) = (name(&h, "Grenadiers à cheval", lang), name(&h, "Ladoga Infantry", lang));
        pick_charge(&mut h, &charger, &target);
        type_into(&mut h, lang.t(T::DistanceCm), "20");
        type_into(&mut h, &lang.fmt(T::ChargeMoveOf, &[&charger]), "36");
        click(&mut h, lang.t(T::CommanderWithin15));
        found.extend(problems(&h, &format!("{lang:?} charge: declaration")));
        click(&mut h, lang.t(T::Declare));
        found.extend(problems(&h, &format!("{lang:?} charge: reaction")));
        click_button(&mut h, lang.t(T::ReactStand));
        found.extend(problems(&h, &format!("{lang:?} charge: charger's test")));
        click_button(&mut h, coldsteel::rules::options::TestResult::Pass.label(lang));
        found.extend(problems(&h, &format!("{lang:?} charge: target's test")));
        click_button(&mut h, coldsteel::rules::options::TestResult::Pass.label(lang));
        found.extend(problems(&h, &format!("{lang:?} charge: contact")));
        click(&mut h, lang.t(T::Apply));
        assert!(h.state().wizard.is_none(), "{lang:?}: the charge applied");
        for _ in 0..3 {
            click(&mut h, lang.t(T::NextPhase));
        }
        click(&mut h, lang.t(T::Fight));
        found.extend(problems(&h, &format!("{lang:?} melee: situation")));
        click(&mut h, lang.t(T::Next));
        type_into(&mut h, &charger, "66");
        type_into(&mut h, &target, "11");
        found.extend(problems(&h, &format!("{lang:?} melee: dice")));
        click(&mut h, lang.t(T::Next));
        found.extend(problems(&h, &format!("{lang:?} melee: result")));
    }
    assert_fits(&found);
}

/// The Ruleset B collision wizard (dice, result) and the Ruleset B melee wizard.
#[test]
fn the_ruleset_b_wizards_fit_a_laptop_at_every_step() {
    let mut found = Vec::new();
    for lang in LANGS {
        let mut h = laptop(game_at(Ruleset::RulesetB, Phase::Charges), lang);
        let (charger, target) =
            (name(&h, "Ekaterinoslav Cuirassiers", lang), name(&h, "Guard Chasseurs à cheval", lang));
        pick_charge(&mut h, &charger, &target);
        found.extend(problems(&h, &format!("{lang:?} collision: dice")));
        // The chasseurs stood this turn: B-COL-10 pre-sets them stationary; the players say
        // they moved, for an equal collision.
        click(&mut h, coldsteel::rules::Fact::Stationary.label(lang));
        type_into(&mut h, &charger, "3");
        type_into(&mut h, &target, "3");
        click(&mut h, lang.t(T::Next));
        found.extend(problems(&h, &format!("{lang:?} collision: result")));
        click(&mut h, lang.t(T::Apply));
        assert!(h.state().wizard.is_none(), "{lang:?}: the collision applied");
        if h.query_by_label(lang.t(T::Fight)).is_none() {
            while h.state().game.battle().phase != Phase::Melee {
                click(&mut h, lang.t(T::NextPhase));
            }
        }
        match h.query_by_label(lang.t(T::Fight)) {
            Some(fight) => fight.click(),
            None => panic!("{lang:?}: no melee after an equal collision"),
        }
        h.run();
        found.extend(problems(&h, &format!("{lang:?} Ruleset B melee")));
        // Issue 44: the window keeps its width as the turn fills in: dice refused, then
        // the whole turn with its morale tests.
        type_into(&mut h, &charger, "1");
        found.extend(problems(&h, &format!("{lang:?} Ruleset B melee, dice refused")));
        let width = |h: &Harness<'static, CsApp>| h.get_by_role(Role::Window).rect().width();
        let before = width(&h);
        click_button(&mut h, lang.t(T::RollForMe));
        assert_eq!(h.query_all_by_label(lang.t(T::NotTaken)).count(), 2, "{lang:?}: the turn's tests asked");
        found.extend(problems(&h, &format!("{lang:?} Ruleset B melee, the turn")));
        assert_eq!(width(&h), before, "{lang:?}: the window keeps one width");
    }
    assert_fits(&found);
}

/// The Table tab fits too: its tools, the size row, the list of pieces off the table, and
/// a unit's card with where it stands, in both languages (the canvas's own labels are
/// painted, not widgets, and keep to their bases by construction).
#[test]
fn the_table_tab_fits_a_laptop() {
    let mut found = Vec::new();
    for lang in LANGS {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/krasnoi-1812-on-the-table.coldsteel.json");
        let mut game = storage::read_battle_file(&path).unwrap();
        // One unit off the table, so that the list shows.
        let off = coldsteel::game::Action::PlaceUnit { unit: coldsteel::model::UnitId(3), place: None };
        game.perform(&off).unwrap();
        let mut app = common::app_without_rates_form(game, lang);
        app.tab = coldsteel::ui::CentralTab::Table;
        // The longest "on the table at …" line of the example: three-digit places, 180°.
        app.selection = coldsteel::ui::Selection::Unit(coldsteel::model::UnitId(18));
        let mut h = Harness::builder()
            .with_size(egui::vec2(1280.0, 800.0))
            .build_ui_state(|ui, app: &mut CsApp| app.ui_root(ui), app);
        h.run();
        found.extend(problems(&h, &format!("{lang:?} table")));
        // The unit card keeps to the editor panel's 370 points at the right.
        let editor = egui::Rect::from_min_max(egui::pos2(1280.0 - 372.0, 0.0), egui::pos2(1280.0, 800.0));
        let at = lang.t(T::OnTableAt).split('{').next().unwrap_or_default().trim().to_owned();
        let card = [
            (lang.t(T::TakeOffTable).to_owned(), h.get_by_label(lang.t(T::TakeOffTable)).rect()),
            (at.clone(), h.get_by_label_contains(&at).rect()),
            (lang.t(T::Name).to_owned(), h.get_by_role_and_label(Role::TextInput, lang.t(T::Name)).rect()),
        ];
        found.extend(common::layout::cut_off(&card, editor).into_iter().map(|p| format!("{lang:?} unit card: {p}")));
        let size = h.state().game.battle().table.clone().unwrap();
        click(&mut h, &lang.fmt(T::TableSizeIs, &[&size.width_cm, &size.depth_cm]));
        found.extend(problems(&h, &format!("{lang:?} table, resizing")));
        // Issue 45: the charge wizard docked beside the table, its measures and what the
        // table measured within its panel, in both languages.
        let mut game = storage::read_battle_file(&path).unwrap();
        common::to(&mut game, Phase::Charges);
        let mut app = common::app_without_rates_form(game, lang);
        app.tab = coldsteel::ui::CentralTab::Table;
        let grenadiers = common::id(&app.game, "Grenadiers à cheval");
        app.selection = coldsteel::ui::Selection::Unit(grenadiers);
        let mut h = Harness::builder()
            .with_size(egui::vec2(1280.0, 800.0))
            .build_ui_state(|ui, app: &mut CsApp| app.ui_root(ui), app);
        h.run();
        let kiev = name(&h, "Kiev Dragoons", lang);
        click_button(&mut h, &lang.fmt(T::ChargeTargetButton, &[&kiev]));
        assert!(h.state().wizard.is_some(), "{lang:?}: the wizard docked");
        found.extend(problems(&h, &format!("{lang:?} table, docked wizard")));
        // The melee docked too, the longest names of the example in it: its odds, its
        // dice and its result wrap at the panel's width.
        let mut game = storage::read_battle_file(&path).unwrap();
        common::to(&mut game, Phase::Charges);
        let (a, d) = (common::id(&game, "Empress Dragoons"), common::id(&game, "Ilovaisky's Don Cossacks"));
        let contact = coldsteel::model::Engagement::contact(a, d).charged(Some(10));
        game.perform(&coldsteel::game::Action::AddPendingMelee(contact)).unwrap();
        common::to(&mut game, Phase::Melee);
        let mut app = common::app_without_rates_form(game, lang);
        app.tab = coldsteel::ui::CentralTab::Table;
        let mut h = Harness::builder()
            .with_size(egui::vec2(1280.0, 800.0))
            .build_ui_state(|ui, app: &mut CsApp| app.ui_root(ui), app);
        h.run();
        let fight = h.query_all_by_label(lang.t(T::Fight)).count();
        h.get_all_by_label(lang.t(T::Fight)).nth(fight - 1).unwrap().click();
        h.run();
        assert!(h.state().wizard.is_some(), "{lang:?}: the melee docked");
        found.extend(problems(&h, &format!("{lang:?} table, docked melee")));
        click_button(&mut h, lang.t(T::Next));
        let (empress, cossacks) = (name(&h, "Empress Dragoons", lang), name(&h, "Ilovaisky's Don Cossacks", lang));
        type_into(&mut h, &empress, "66");
        type_into(&mut h, &cossacks, "11");
        found.extend(problems(&h, &format!("{lang:?} table, docked melee dice")));
        click_button(&mut h, lang.t(T::Next));
        found.extend(problems(&h, &format!("{lang:?} table, docked melee result")));
    }
    assert_fits(&found);
}

/// The answers of the open wizard: its buttons, radio buttons and check boxes, by label.
fn answers(h: &Harness<'static, CsApp>) -> Vec<(String, egui::Rect)> {
    let window = h.get_by_role(Role::Window);
    let mut out = Vec::new();
    for role in [Role::Button, Role::RadioButton, Role::CheckBox] {
        out.extend(
            window
                .query_all_by_role(role)
                .map(|n| (n.accesskit_node().label().map(|t| t.to_string()).unwrap_or_default(), n.rect()))
                .filter(|(text, r)| !text.is_empty() && r.area() > 0.0),
        );
    }
    out
}

/// Every answer seen `before` that is still there stands where it stood (two of one
/// label, as the two sides' flags, each at one of the places that label has now).
fn moved(before: &[(String, egui::Rect)], after: &[(String, egui::Rect)], what: &str) -> Vec<String> {
    let same = |a: &egui::Rect, b: &egui::Rect| a.min.distance(b.min) < 0.5 && a.max.distance(b.max) < 0.5;
    before
        .iter()
        .filter(|(label, was)| {
            after.iter().any(|(l, _)| l == label) && !after.iter().any(|(l, now)| l == label && same(now, was))
        })
        .map(|(label, was)| {
            let now: Vec<&egui::Rect> = after.iter().filter(|(l, _)| l == label).map(|(_, r)| r).collect();
            format!("{what}: «{label}» moved from {was:?} to {now:?}")
        })
        .collect()
}

/// No answer of this step stands where a different answer of the step before stood. The
/// footer's forward button is one answer whatever it says (Next, Declare, Apply): it is
/// where the wizard goes on, step after step.
fn took_the_place(before: &[(String, egui::Rect)], after: &[(String, egui::Rect)], what: &str) -> Vec<String> {
    let forward = |l: &str| LANGS.iter().any(|lang| [T::Next, T::Declare, T::Apply].iter().any(|t| lang.t(*t) == l));
    let same = |a: &str, b: &str| a == b || (forward(a) && forward(b));
    after
        .iter()
        .filter_map(|(label, now)| {
            let (old, _) = before.iter().find(|(l, was)| !same(l, label) && was.contains(now.center()))?;
            Some(format!("{what}: «{label}» stands where «{old}» stood"))
        })
        .collect()
}

/// Issue 30: typing into every field of each step of the charge and the melee (the
/// distance and move of the declaration, the dice, the losses) moves no button, and no
/// answer of a step takes the place of a different answer of the step before; the test
/// results stand one a line. In both languages, at 1280×800.
#[test]
fn typing_moves_no_button_and_no_answer_takes_anothers_place() {
    let mut found = Vec::new();
    for lang in LANGS {
        let mut h = laptop(common::russians_declared_none(), lang);
        let (charger, target) = (name(&h, "Grenadiers à cheval", lang), name(&h, "Ladoga Infantry", lang));
        pick_charge(&mut h, &charger, &target);
        let declaration = answers(&h);
        type_into(&mut h, lang.t(T::DistanceCm), "20");
        type_into(&mut h, &lang.fmt(T::ChargeMoveOf, &[&charger]), "36");
        found.extend(moved(&declaration, &answers(&h), &format!("{lang:?} declaration")));
        click(&mut h, lang.t(T::CommanderWithin15));
        let declaration = answers(&h);
        click(&mut h, lang.t(T::Declare));
        let reaction = answers(&h);
        found.extend(took_the_place(&declaration, &reaction, &format!("{lang:?} reaction")));
        click_button(&mut h, lang.t(T::ReactStand));
        let charger_test = answers(&h);
        found.extend(took_the_place(&reaction, &charger_test, &format!("{lang:?} charger's test")));
        // The results stand one a line, at one left edge.
        let results: Vec<egui::Rect> = coldsteel::rules::options::TestKind::Charge
            .results()
            .filter_map(|r| charger_test.iter().find(|(l, _)| l == r.label(lang)).map(|(_, rect)| *rect))
            .collect();
        assert!(results.len() >= 2, "{lang:?}: {charger_test:?}");
        for pair in results.windows(2) {
            if (pair[0].left() - pair[1].left()).abs() > 0.5 || pair[1].top() < pair[0].bottom() - 0.5 {
                found.push(format!("{lang:?}: the test results are not one a line: {pair:?}"));
            }
        }
        click_button(&mut h, coldsteel::rules::options::TestResult::Pass.label(lang));
        let target_test = answers(&h);
        found.extend(took_the_place(&charger_test, &target_test, &format!("{lang:?} target's test")));
        click_button(&mut h, coldsteel::rules::options::TestResult::Pass.label(lang));
        click(&mut h, lang.t(T::Apply));
        for _ in 0..3 {
            click(&mut h, lang.t(T::NextPhase));
        }
        click(&mut h, lang.t(T::Fight));
        click(&mut h, lang.t(T::Next));
        let dice = answers(&h);
        type_into(&mut h, &charger, "66");
        type_into(&mut h, &target, "11");
        found.extend(moved(&dice, &answers(&h), &format!("{lang:?} melee dice")));
        let dice = answers(&h);
        click(&mut h, lang.t(T::Next));
        let result = answers(&h);
        found.extend(took_the_place(&dice, &result, &format!("{lang:?} melee result")));
        // The casualty table is empty: the losses are typed, and the line that offers
        // to remember them stands from the start.
        type_into(&mut h, &lang.fmt(T::LossesOf, &[&charger]), "1");
        type_into(&mut h, &lang.fmt(T::LossesOf, &[&target]), "3");
        found.extend(moved(&result, &answers(&h), &format!("{lang:?} melee result, losses typed")));
        // Ruleset B: the collision's dice typed, then its result.
        let mut h = laptop(game_at(Ruleset::RulesetB, Phase::Charges), lang);
        let (charger, target) =
            (name(&h, "Ekaterinoslav Cuirassiers", lang), name(&h, "Guard Chasseurs à cheval", lang));
        pick_charge(&mut h, &charger, &target);
        click(&mut h, coldsteel::rules::Fact::Stationary.label(lang));
        let dice = answers(&h);
        type_into(&mut h, &charger, "3");
        type_into(&mut h, &target, "3");
        found.extend(moved(&dice, &answers(&h), &format!("{lang:?} collision dice")));
        let dice = answers(&h);
        click(&mut h, lang.t(T::Next));
        found.extend(took_the_place(&dice, &answers(&h), &format!("{lang:?} collision result")));
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The prompt `prompt` and the first answer under it (the topmost field, box or button
/// below the prompt's top, leftmost first), inside the wizard's window.
fn prompt_and_first_answer(h: &Harness<'static, CsApp>, prompt: &str) -> (egui::Pos2, egui::Pos2) {
    let window = h.get_by_role(Role::Window);
    let heading = window.get_by_label(prompt).rect();
    let answers = [Role::TextInput, Role::Button, Role::CheckBox, Role::ComboBox, Role::RadioButton, Role::SpinButton];
    let first = answers
        .iter()
        .flat_map(|role| window.query_all_by_role(*role).map(|n| n.rect()).collect::<Vec<_>>())
        .filter(|r| r.top() > heading.top() + 1.0)
        .min_by(|a, b| (a.top(), a.left()).partial_cmp(&(b.top(), b.left())).unwrap_or(std::cmp::Ordering::Equal))
        .unwrap_or_else(|| panic!("no answer under {prompt:?}"));
    (heading.left_top(), first.left_top())
}

/// Opens a wizard in each of `pairs` (`open` opens it and gives its prompt), measures its
/// prompt and first answer, and closes it with Escape; the places found, one per pair.
fn places_in_each(
    h: &mut Harness<'static, CsApp>,
    pairs: &[(&str, &str)],
    open: impl Fn(&mut Harness<'static, CsApp>, usize, (&str, &str)) -> String,
) -> Vec<(egui::Pos2, egui::Pos2)> {
    let mut seen = Vec::new();
    for (i, pair) in pairs.iter().enumerate() {
        let prompt = open(h, i, *pair);
        assert!(h.state().wizard.is_some(), "open for {pair:?}");
        seen.push(prompt_and_first_answer(h, &prompt));
        h.key_press(egui::Key::Escape);
        h.run();
        assert!(h.state().wizard.is_none(), "closed for {pair:?}");
    }
    seen
}

/// The game in the Melee phase with a charge's contact for each pair, in order.
fn melees_pending(ruleset: Ruleset, pairs: &[(&str, &str)]) -> Game {
    let mut g = game_at(ruleset, Phase::Charges);
    for (a, d) in pairs {
        let contact = coldsteel::model::Engagement::contact(common::id(&g, a), common::id(&g, d)).charged(Some(10));
        g.perform(&coldsteel::game::Action::AddPendingMelee(contact)).unwrap();
    }
    common::to(&mut g, Phase::Melee);
    g
}

/// Issue 44 (issue 30's stability rule across wizards): every wizard's opening prompt
/// and its first answer keep their places from one wizard to the next, whether the
/// names in the prompt are short or long, in both languages: the GdB melee, the Ruleset B
/// collision and melee, and the test (the charge's own declaration has its test in
/// `ui_procedure`).
#[test]
fn every_wizards_prompt_and_first_answer_keep_their_place_from_one_wizard_to_the_next() {
    let melees = [("Grenadiers à cheval", "Sumy Hussars"), ("1st Polish Guard Lancers", "Ilovaisky's Don Cossacks")];
    let charges = [("Sumy Hussars", "Empress Dragoons"), ("Ekaterinoslav Cuirassiers", "Guard Chasseurs à cheval")];
    let tested = [("Flanqueurs-Chasseurs", ""), ("Tula Opolchenie, 1st druzhina", "")];
    let mut moved = Vec::new();
    let mut check = |what: String, seen: Vec<(egui::Pos2, egui::Pos2)>| {
        if seen.windows(2).any(|w| w[0] != w[1]) {
            moved.push(format!("{what}: {seen:?}"));
        }
    };
    for lang in LANGS {
        for ruleset in [Ruleset::Gdb, Ruleset::RulesetB] {
            let mut h = laptop(melees_pending(ruleset, &melees), lang);
            let seen = places_in_each(&mut h, &melees, |h, i, (a, d)| {
                h.get_all_by_label(lang.t(T::Fight)).nth(i).unwrap().click();
                h.run();
                let (a, d) = (name(h, a, lang), name(h, d, lang));
                match ruleset {
                    Ruleset::Gdb => lang.fmt(T::AskMeleeSituation, &[&a, &d]),
                    Ruleset::RulesetB => lang.fmt(T::AskBMelee, &[&1, &a, &d]),
                }
            });
            check(format!("{lang:?} {ruleset:?} melee"), seen);
        }
        let mut h = laptop(game_at(Ruleset::RulesetB, Phase::Charges), lang);
        let seen = places_in_each(&mut h, &charges, |h, _, (a, d)| {
            let (a, d) = (name(h, a, lang), name(h, d, lang));
            pick_charge(h, &a, &d);
            lang.fmt(T::AskCollision, &[&a, &d])
        });
        check(format!("{lang:?} collision"), seen);
        let mut h = laptop(game_at(Ruleset::Gdb, Phase::Morale), lang);
        let seen = places_in_each(&mut h, &tested, |h, _, (unit, _)| {
            let unit = name(h, unit, lang);
            scroll_to(h, &unit);
            click(h, &unit);
            click_button(h, lang.t(T::CallTest));
            let morale = coldsteel::rules::options::TestKind::Morale.label(lang);
            lang.fmt(T::TestResultIs, &[&unit, &morale])
        });
        check(format!("{lang:?} test"), seen);
    }
    assert!(moved.is_empty(), "moved:\n{}", moved.join("\n"));
}

/// Issue 45: the Share dialog stands below the menu and phase bars (it overlapped them),
/// is no taller than what it holds (it was mostly empty space over the roster), and
/// nothing in it is cut, before sharing and while sharing, in both languages.
#[test]
fn the_share_dialog_keeps_clear_of_the_bars_and_fits() {
    let mut found = Vec::new();
    for lang in LANGS {
        let mut h = laptop(common::russians_declared_none(), lang);
        h.key_press(egui::Key::F8);
        h.run();
        let bars = h.get_by_role_and_label(Role::Button, lang.t(T::NextPhase)).rect().bottom();
        let window = h.get_by_role(Role::Window).rect();
        assert!(window.top() > bars, "{lang:?}: {window:?} over the bars ending at {bars}");
        assert!(window.height() < 420.0, "{lang:?}: {window:?}");
        found.extend(problems(&h, &format!("{lang:?} share, before")));
        click_button(&mut h, lang.t(T::ShareStart));
        assert!(h.state().players.share.url.is_some(), "{lang:?}: sharing");
        // On this computer only, the address is for a browser here.
        h.get_by_label(lang.t(T::ShareOpenHere));
        let sharing = h.get_by_role(Role::Window).rect();
        assert_eq!(sharing, window, "{lang:?}: the same place and size while sharing");
        found.extend(problems(&h, &format!("{lang:?} share, sharing")));
        click_button(&mut h, lang.t(T::ShareStop));
    }
    assert_fits(&found);
}
