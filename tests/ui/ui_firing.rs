//! The Firing and Morale phases in the window (issue 28): a fire recorded from the
//! checklist through its wizard, a test taken where it is listed, in both languages.

use crate::common;

use coldsteel::game::{Action, Game};
use coldsteel::i18n::{Lang, T};
use coldsteel::model::LogDetail;
use coldsteel::rules::options::{FireRow, TestKind, TestResult};
use coldsteel::rules::{Order, Phase};
use coldsteel::ui::CsApp;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

fn harness(game: Game, lang: Lang) -> Harness<'static, CsApp> {
    let app = common::app_without_rates_form(game, lang);
    Harness::builder().with_size(egui::vec2(1280.0, 2000.0)).build_ui_state(|ui, app: &mut CsApp| app.ui_root(ui), app)
}

fn name(g: &Game, english: &str, lang: Lang) -> String {
    common::unit(g, english).display_name(lang == Lang::Ru).to_owned()
}

fn pick(h: &mut Harness<'static, CsApp>, combo: &str, item: &str) {
    h.get_by_role_and_label(Role::ComboBox, combo).click();
    h.run();
    // The popup's item, drawn after the roster's row of the same name.
    h.get_all_by_label(item).last().unwrap().click();
    h.run();
}

/// The Firing phase with a firing table whose one row gives 2 figures for 2 to `to`, the
/// fire wizard opened from the checklist, the 4th bn, 33e Léger firing at the Poltava
/// Infantry with 3 and 4 typed; the target's name.
fn fire_typed(lang: Lang, to: i32) -> (Harness<'static, CsApp>, String) {
    let mut g = common::default_at(Phase::Firing);
    let mut options = g.battle().options.clone();
    options.gdb.firing = vec![FireRow { from: 2, to, result: "volley".into(), figures: 2 }];
    g.perform(&Action::SetOptions(Box::new((g.battle().ruleset, options)))).unwrap();
    let (firer, target) = (name(&g, "4th bn, 33e Léger", lang), name(&g, "Poltava Infantry", lang));
    let mut h = harness(g, lang);
    h.run();
    h.get_by_label(lang.t(T::RecordFire)).click();
    h.run();
    pick(&mut h, lang.t(T::FireFirer), &firer);
    pick(&mut h, lang.t(T::FireTarget), &target);
    h.get_by_role_and_label(Role::TextInput, lang.t(T::FireDice)).click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, lang.t(T::FireDice)).type_text("34");
    h.run();
    (h, target)
}

#[test]
fn a_fire_is_recorded_from_the_checklist() {
    for lang in [Lang::En, Lang::Ru] {
        let (mut h, target) = fire_typed(lang, 12);
        let before = common::unit(&common::default_at(Phase::Firing), "Poltava Infantry").figures;
        h.get_by_label_contains(&lang.fmt(T::FireLoses, &[&target, &lang.count(2u32, coldsteel::i18n::Noun::Figure)]));
        h.get_by_label(lang.t(T::Apply)).click();
        h.run();
        let g = &h.state().game;
        assert!(matches!(g.battle().log.last().unwrap().detail, LogDetail::Fire { figures: 2, .. }), "{lang:?}");
        assert_eq!(common::unit(g, "Poltava Infantry").figures, before - 2);
    }
}

/// The game with the Ladoga Infantry wavering: it owes a morale test.
fn ladoga_wavering(mut g: Game) -> Game {
    let mut ladoga = common::unit(&g, "Ladoga Infantry").clone();
    ladoga.order = Order::Wavering;
    g.perform(&Action::EditUnit(ladoga)).unwrap();
    g
}

/// The Ladoga Infantry wavering in the Morale phase, its listed test opened.
fn wavering_ladoga_tests(g: Game, lang: Lang) -> Harness<'static, CsApp> {
    let mut h = harness(ladoga_wavering(g), lang);
    h.run();
    h.get_by_label(lang.t(T::TakeTest)).click();
    h.run();
    h
}

#[test]
fn a_listed_test_is_taken_where_it_is_listed() {
    for lang in [Lang::En, Lang::Ru] {
        let g = common::default_at(Phase::Morale);
        let mut h = wavering_ladoga_tests(g, lang);
        let routs = coldsteel::i18n::log_text::result_words(lang, TestKind::Morale, TestResult::Rout);
        h.get_by_label(&routs).click();
        h.run();
        let g = &h.state().game;
        assert_eq!(common::unit(g, "Ladoga Infantry").order, Order::Routing, "{lang:?}");
        let LogDetail::TestTaken { called: false, .. } = g.battle().log.last().unwrap().detail else { panic!() };
        // Routed at its test, it owes nothing more this phase (it tests to rally next turn).
        let ladoga = common::id(g, "Ladoga Infantry");
        let owed = coldsteel::game::morale_tests::owed_tests(g.battle());
        assert!(!owed.iter().any(|o| o.unit == ladoga), "{lang:?}: {owed:?}");
        assert!(!h.get_by_label(lang.t(T::CallTest)).accesskit_node().is_disabled());
    }
}

/// Closing fire in a charge is read on the players' firing table as a fire is
/// (issue 28): 4 and 3 on the table's 7–9 row take two figures off the charger.
#[test]
fn closing_fire_is_read_on_the_firing_table() {
    for lang in [Lang::En, Lang::Ru] {
        let mut g = common::default_at(Phase::Charges);
        let mut options = g.battle().options.clone();
        options.gdb.firing = vec![
            FireRow { from: 2, to: 6, result: "light".into(), figures: 1 },
            FireRow { from: 7, to: 9, result: "telling".into(), figures: 2 },
        ];
        g.perform(&Action::SetOptions(Box::new((g.battle().ruleset, options)))).unwrap();
        let (charger, target) = (name(&g, "Grenadiers à cheval", lang), name(&g, "Ladoga Infantry", lang));
        let mut h = harness(g, lang);
        h.run();
        h.get_by_label(&charger).click();
        h.run();
        h.get_by_role_and_label(Role::Button, lang.t(T::ChargeButton)).click();
        h.run();
        h.get_by_label(&target).click();
        h.run();
        for (field, text) in [(lang.t(T::DistanceCm).to_owned(), "20"), (lang.fmt(T::ChargeMoveOf, &[&charger]), "36")]
        {
            h.get_by_role_and_label(Role::TextInput, &field).click();
            h.run();
            h.get_by_role_and_label(Role::TextInput, &field).type_text(text);
            h.run();
        }
        h.get_by_label(lang.t(T::CommanderWithin15)).click();
        h.run();
        h.get_by_role_and_label(Role::Button, lang.t(T::Declare)).click();
        h.run();
        common::layout::none_declared(&mut h);
        h.get_by_role_and_label(Role::Button, lang.t(T::ReactStandFire)).click();
        h.run();
        h.get_by_role_and_label(Role::TextInput, lang.t(T::FireDice)).click();
        h.run();
        h.get_by_role_and_label(Role::TextInput, lang.t(T::FireDice)).type_text("43");
        h.run();
        h.get_by_label_contains("telling");
        let field = h.get_by_role_and_label(Role::TextInput, lang.t(T::FiguresLost));
        assert_eq!(field.accesskit_node().value().as_deref(), Some("2"), "{lang:?}");
        h.get_by_role_and_label(Role::Button, lang.t(T::Confirm)).click();
        h.run();
        assert!(h.state().wizard.is_some(), "the charge goes on to the charger's test");
        h.get_by_label_contains(
            &lang.fmt(T::HapRemoveFigures, &[&lang.count(2u32, coldsteel::i18n::Noun::FigureAcc), &charger]),
        );
        if let Some(next) = h.query_by_role_and_label(Role::TextInput, lang.t(T::TestDice)) {
            assert_eq!(next.accesskit_node().value().as_deref(), Some(""), "the next test starts with its own dice");
        }
    }
}

/// B-MEL-17 in the window: under Ruleset B a test on the players' table takes one D6,
/// typed as one digit, and the log keeps that one die; in both languages.
#[test]
fn a_ruleset_b_test_is_rolled_on_one_d6() {
    for lang in [Lang::En, Lang::Ru] {
        let mut g = coldsteel::storage::default_game().unwrap();
        let options = g.battle().options.clone();
        g.perform(&Action::SetOptions(Box::new((coldsteel::rules::Ruleset::RulesetB, options)))).unwrap();
        common::whole_turn_tables(&mut g);
        common::to(&mut g, Phase::Morale);
        let mut h = wavering_ladoga_tests(g, lang);
        h.get_by_role_and_label(Role::TextInput, lang.t(T::TestDie)).click();
        h.run();
        h.get_by_role_and_label(Role::TextInput, lang.t(T::TestDie)).type_text("4");
        h.run();
        h.get_by_label(&lang.fmt(T::UseResult, &[&"steady"])).click();
        h.run();
        let g = &h.state().game;
        let LogDetail::TestTaken { roll: Some(roll), result, .. } = &g.battle().log.last().unwrap().detail else {
            panic!("{lang:?}: {:?}", g.battle().log.last())
        };
        assert_eq!((roll.dice, *result), ([4, 0], TestResult::Pass), "{lang:?}: one D6, steady");
    }
}

/// Issue 45: Next phase with a test still owed asks; "Take the first now" opens that
/// test's wizard (it had only closed the question), and the question agrees with one test.
#[test]
fn take_the_first_now_opens_the_first_owed_test() {
    for lang in [Lang::En, Lang::Ru] {
        let mut h = harness(ladoga_wavering(common::default_at(Phase::Morale)), lang);
        h.run();
        h.get_by_label(lang.t(T::NextPhase)).click();
        h.run();
        let one = lang.fmt(T::TestsOwedText, &[&lang.count(1, coldsteel::i18n::Noun::Test)]);
        h.get_by_label(&one);
        assert!(!one.contains("them"), "{lang:?}: {one}");
        h.get_by_label(lang.t(T::TakeThemNow)).click();
        h.run();
        assert!(matches!(h.state().modal, coldsteel::ui::Modal::None), "{lang:?}");
        assert!(matches!(h.state().wizard, Some(coldsteel::ui::wizard::Wizard::Test(_))), "{lang:?}: the test opened");
        let ladoga = name(&h.state().game, "Ladoga Infantry", lang);
        let morale = coldsteel::i18n::Label::label(TestKind::Morale, lang);
        h.get_by_label(&lang.fmt(T::TestResultIs, &[&ladoga, &morale]));
        assert_eq!(h.state().game.battle().phase, Phase::Morale, "{lang:?}: still the Morale phase");
    }
}

/// Issue 48's review: a modifier typed that is no number is refused in the wizard and
/// holds Apply back; cancelled, the next fire opens with the field blank.
#[test]
fn a_modifier_that_is_no_number_holds_the_fire_back_and_is_forgotten_on_cancel() {
    for lang in [Lang::En, Lang::Ru] {
        let (mut h, _) = fire_typed(lang, 14);
        h.get_by_role_and_label(Role::TextInput, lang.t(T::TestModifier)).click();
        h.run();
        h.get_by_role_and_label(Role::TextInput, lang.t(T::TestModifier)).type_text("2x");
        h.run();
        assert!(!h.get_all_by_label(lang.t(T::ModifierNotNumber)).collect::<Vec<_>>().is_empty(), "{lang:?}");
        assert!(h.get_by_label(lang.t(T::Apply)).accesskit_node().is_disabled(), "{lang:?}: Apply waits");
        h.get_by_label(lang.t(T::Cancel)).click();
        h.run();
        assert!(h.state().wizard.is_none());
        h.get_by_label(lang.t(T::RecordFire)).click();
        h.run();
        let field = h.get_by_role_and_label(Role::TextInput, lang.t(T::TestModifier));
        assert_eq!(field.value().as_deref(), Some(""), "{lang:?}: the next fire opens blank");
    }
}

/// GDB-CHG-11: the fire wizard opened on a selected unit that may not fire says so, with
/// the game's reason, rather than opening with no firer and no word (a new user's trial).
#[test]
fn a_selected_unit_that_may_not_fire_is_told_so() {
    for lang in [Lang::En, Lang::Ru] {
        let mut g = common::default_at(Phase::Firing);
        let mut changing = common::unit(&g, "4th bn, 33e Léger").clone();
        changing.markers.insert(coldsteel::rules::Marker::ChangingFormation);
        let id = changing.id;
        g.perform(&Action::EditUnit(changing)).unwrap();
        let firer = name(&g, "4th bn, 33e Léger", lang);
        let mut app = common::app_without_rates_form(g, lang);
        app.selection = coldsteel::ui::Selection::Unit(id);
        let mut h = Harness::builder()
            .with_size(egui::vec2(1280.0, 2000.0))
            .build_ui_state(|ui, app: &mut CsApp| app.ui_root(ui), app);
        h.run();
        h.get_by_label(lang.t(T::RecordFire)).click();
        h.run();
        let why = coldsteel::i18n::errors::action_error_text(
            lang,
            &coldsteel::game::fire::FireError::ChangingFormation.into(),
        );
        h.get_by_label(&lang.fmt(T::FireSelectedRefused, &[&firer, &why]));
    }
}
