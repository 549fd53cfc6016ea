//! The charge wizard draws what the game allows (issue 25), in English and in Russian: a
//! charge declared only and carried out from the checklist once both sides are done
//! (GDB-CHG-03, 04); a follow-up out of reach shown disabled with its clause (GDB-CHG-19);
//! a halted charger offered no new charge, with the overrule (GDB-CHG-13).

use crate::common;

use coldsteel::game::Game;
use coldsteel::i18n::{Lang, Noun, T};
use coldsteel::model::LogDetail;
use coldsteel::rules::Phase;
use coldsteel::rules::gdb::charge::{Input, Reaction};
use coldsteel::rules::options::TestResult;
use coldsteel::ui::CsApp;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

fn harness(game: Game, lang: Lang) -> Harness<'static, CsApp> {
    let app = common::app_without_rates_form(game, lang);
    Harness::builder().with_size(egui::vec2(1280.0, 2200.0)).build_ui_state(|ui, app: &mut CsApp| app.ui_root(ui), app)
}

fn name(h: &Harness<'static, CsApp>, english: &str, lang: Lang) -> String {
    let u = h.state().game.battle().units.iter().find(|u| u.name == english).unwrap();
    u.display_name(lang == Lang::Ru).to_owned()
}

fn type_into(h: &mut Harness<'static, CsApp>, label: &str, text: &str) {
    h.get_by_role_and_label(Role::TextInput, label).click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, label).type_text(text);
    h.run();
}

fn click(h: &mut Harness<'static, CsApp>, label: &str) {
    h.get_by_label(label).click();
    h.run();
}

/// Opens the charge of `charger` on `target` from the roster and types the distance,
/// the charger's full charge move and the target's compulsory move.
fn open_charge(h: &mut Harness<'static, CsApp>, lang: Lang, (charger, target): (&str, &str), cm: [&str; 3]) {
    let (c, t) = (name(h, charger, lang), name(h, target, lang));
    click(h, &c);
    h.key_press(egui::Key::C);
    h.run();
    click(h, &t);
    assert!(h.state().wizard.is_some());
    type_into(h, lang.t(T::DistanceCm), cm[0]);
    type_into(h, &lang.fmt(T::ChargeMoveOf, &[&c]), cm[1]);
    if !cm[2].is_empty() {
        type_into(h, &lang.fmt(T::CompulsoryOf, &[&t]), cm[2]);
    }
    click(h, lang.t(T::CommanderWithin15));
}

/// GDB-CHG-03, 04: while the other side may still declare, the target's reactions are
/// greyed out and why is said under them, not only on hover (a new user took the greyed
/// buttons for live ones).
#[test]
fn reactions_not_yet_open_say_why_in_plain_sight() {
    for lang in [Lang::En, Lang::Ru] {
        let mut h = harness(common::default_at(Phase::Charges), lang);
        h.run();
        open_charge(&mut h, lang, ("Grenadiers à cheval", "Kiev Dragoons"), ["12", "36", ""]);
        assert!(h.get_by_label(lang.t(T::ReactStand)).accesskit_node().is_disabled(), "{lang:?}");
        h.get_by_label(lang.t(T::ErrNonPhasingStillDeclares));
    }
}

/// GDB-CHG-03, 04: Declare only records the declaration and closes the wizard; the
/// checklist then asks each side for Declarations done and lists the charge, whose
/// Carry out… opens the wizard at the reaction; Apply carries it out.
#[test]
fn declare_only_then_carry_out_from_the_checklist() {
    for lang in [Lang::En, Lang::Ru] {
        let mut h = harness(common::default_at(Phase::Charges), lang);
        h.run();
        open_charge(&mut h, lang, ("Grenadiers à cheval", "Kiev Dragoons"), ["12", "36", ""]);
        click(&mut h, lang.t(T::DeclareOnly));
        assert!(h.state().wizard.is_none(), "{lang:?}: declared, the wizard closes");
        let last = &h.state().game.battle().log.last().unwrap().detail;
        assert!(matches!(last, LogDetail::ChargeDeclared { .. }), "{last:?}");
        for _ in 0..2 {
            click(&mut h, lang.t(T::DeclarationsDone));
        }
        click(&mut h, lang.t(T::CarryOut));
        assert!(h.state().wizard.is_some(), "{lang:?}: Carry out… opens the wizard");
        click(&mut h, lang.t(T::ReactStand));
        for _ in 0..2 {
            click(&mut h, coldsteel::i18n::Label::label(TestResult::Pass, lang));
        }
        click(&mut h, lang.t(T::Apply));
        assert!(h.state().wizard.is_none());
        assert_eq!(h.state().game.battle().pending_melees().count(), 1, "{lang:?}");
    }
}

/// GDB-CHG-19 a: the routers stand 16 cm on and 6 cm are left of the lancers' 36 cm move:
/// carrying on is shown disabled with the clause; Stop is taken.
#[test]
fn a_follow_up_out_of_reach_is_shown_disabled() {
    for lang in [Lang::En, Lang::Ru] {
        let mut h = harness(common::russians_declared_none(), lang);
        h.run();
        open_charge(&mut h, lang, ("1st Polish Guard Lancers", "Poltava Infantry"), ["30", "36", "16"]);
        click(&mut h, lang.t(T::Declare));
        click(&mut h, lang.t(T::ReactStand));
        click(&mut h, coldsteel::i18n::Label::label(TestResult::Pass, lang));
        click(&mut h, coldsteel::i18n::Label::label(TestResult::Rout, lang));
        let carry_on =
            coldsteel::i18n::log_text::follow_up_label(lang, coldsteel::rules::gdb::charge::FollowUp::CarryOn);
        assert!(h.get_by_label(carry_on).accesskit_node().is_disabled(), "{lang:?}");
        let why = coldsteel::rules::gdb::charge::ChargeError::CarryOnOutOfReach { needed: 16, left: 6 };
        h.get_by_label(&coldsteel::i18n::errors::charge_error_text(lang, &why));
        let stop = coldsteel::i18n::log_text::follow_up_label(lang, coldsteel::rules::gdb::charge::FollowUp::Stop);
        assert!(!h.get_by_label(stop).accesskit_node().is_disabled());
    }
}

/// GDB-CHG-13, 19: a charger halted by its test is offered no new charge: Declare is
/// disabled and the reason names the clause; ticking the overrule and typing a reason
/// lets the players go on, and the journal keeps it.
#[test]
fn a_halted_charger_is_offered_no_new_charge() {
    for lang in [Lang::En, Lang::Ru] {
        let mut g = common::default_at(Phase::Charges);
        let halted = vec![Input::Reaction(Reaction::Stand), Input::ChargerTest(TestResult::Halt.into())];
        let a = common::charge(&g, "Empress Dragoons", "Kiev Dragoons", 12, halted);
        common::do_charge(&mut g, a);
        let mut h = harness(g, lang);
        h.run();
        open_charge(&mut h, lang, ("Empress Dragoons", "Sumy Hussars"), ["8", "30", ""]);
        assert!(h.get_by_label(lang.t(T::Declare)).accesskit_node().is_disabled(), "{lang:?}");
        h.get_by_label_contains("GDB-CHG-13");
        click(&mut h, lang.t(T::OverruleRefusal));
        type_into(&mut h, lang.t(T::OverruleReason), "the umpire allows it");
        assert!(!h.get_by_label(lang.t(T::Declare)).accesskit_node().is_disabled(), "{lang:?}: overruled");
        click(&mut h, lang.t(T::Declare));
        click(&mut h, lang.t(T::ReactStand));
        for _ in 0..2 {
            click(&mut h, coldsteel::i18n::Label::label(TestResult::Pass, lang));
        }
        click(&mut h, lang.t(T::Apply));
        let detail = &h.state().game.battle().log.last().unwrap().detail;
        let LogDetail::Charge { overruled: Some(o), .. } = detail else { panic!("{detail:?}") };
        assert_eq!(o.reason, "the umpire allows it");
    }
}

/// The Grenadiers à cheval's charge at the Kiev Dragoons carried out, its melee's wizard
/// opened in the Melee phase and the dice typed (6+6 against 1+1): at the losses; the two
/// names.
fn melee_at_losses(lang: Lang) -> (Harness<'static, CsApp>, String, String) {
    let mut g = common::default_at(Phase::Charges);
    let inputs = vec![
        Input::Reaction(Reaction::Stand),
        Input::ChargerTest(TestResult::Pass.into()),
        Input::StandTest(TestResult::Pass.into()),
    ];
    let a = common::charge(&g, "Grenadiers à cheval", "Kiev Dragoons", 12, inputs);
    common::do_charge(&mut g, a);
    common::to(&mut g, Phase::Melee);
    let mut h = harness(g, lang);
    h.run();
    click(&mut h, lang.t(T::Fight));
    click(&mut h, lang.t(T::Next));
    let (c, t) = (name(&h, "Grenadiers à cheval", lang), name(&h, "Kiev Dragoons", lang));
    type_into(&mut h, &c, "66");
    type_into(&mut h, &t, "11");
    click(&mut h, lang.t(T::Next));
    (h, c, t)
}

/// GDB-RES-02, AMB-23: the winner's Pursuit Test offers every result the test may have,
/// a halt among them (the melee wizard draws the game's list, not its own).
#[test]
fn the_pursuit_test_offers_halt() {
    for lang in [Lang::En, Lang::Ru] {
        let (mut h, c, t) = melee_at_losses(lang);
        type_into(&mut h, &lang.fmt(T::LossesOf, &[&c]), "0");
        type_into(&mut h, &lang.fmt(T::LossesOf, &[&t]), "3");
        click(&mut h, coldsteel::i18n::Label::label(TestResult::Halt, lang));
        click(&mut h, lang.t(T::Apply));
        let detail = &h.state().game.battle().log.last().unwrap().detail;
        let LogDetail::GdbMelee { .. } = detail else { panic!("{lang:?}: {detail:?}") };
        let grenadiers = h.state().game.battle().units.iter().find(|u| u.name == "Grenadiers à cheval").unwrap();
        assert!(!grenadiers.markers.contains(&coldsteel::rules::Marker::Pursuing), "{lang:?}: it halted");
    }
}

/// Losses typed past a unit's figures are refused at the field, naming the regiment, and
/// Apply waits (the game refuses them too); within them, the melee applies.
#[test]
fn melee_losses_past_a_units_figures_are_refused_at_the_field() {
    for lang in [Lang::En, Lang::Ru] {
        let (mut h, c, t) = melee_at_losses(lang);
        let has = h.state().game.battle().units.iter().find(|u| u.name == "Kiev Dragoons").unwrap().figures;
        type_into(&mut h, &lang.fmt(T::LossesOf, &[&c]), "0");
        type_into(&mut h, &lang.fmt(T::LossesOf, &[&t]), &(has + 8).to_string());
        let (figures, lost) = (lang.count(has, Noun::Figure), lang.count(has + 8, Noun::FigureAcc));
        h.get_by_label(&lang.fmt(T::TooManyOf, &[&t, &figures, &lost]));
        assert!(h.get_by_label(lang.t(T::Apply)).accesskit_node().is_disabled(), "{lang:?}: Apply waits");
        // Put right: the typed number rubbed out, 3 typed.
        for _ in 0..(has + 8).to_string().len() {
            h.key_press(egui::Key::Backspace);
            h.run();
        }
        type_into(&mut h, &lang.fmt(T::LossesOf, &[&t]), "3");
        assert_eq!(h.query_all_by_label_contains(&lang.count(has + 8, Noun::FigureAcc)).count(), 0, "{lang:?}");
        click(&mut h, coldsteel::i18n::Label::label(TestResult::Halt, lang));
        click(&mut h, lang.t(T::Apply));
        let detail = &h.state().game.battle().log.last().unwrap().detail;
        assert!(matches!(detail, LogDetail::GdbMelee { .. }), "{lang:?}: {detail:?}");
    }
}

/// Next phase past a declared charge not carried out asks; "Carry them out now" opens
/// the charge's wizard (it only closed the dialog before), in both languages.
#[test]
fn carry_them_out_now_opens_the_declared_charge() {
    for lang in [Lang::En, Lang::Ru] {
        let mut g = common::default_at(Phase::Charges);
        g.perform(&coldsteel::game::Action::DeclarationsDone { side: coldsteel::rules::Side::First }).unwrap();
        common::declare(&mut g, "Sumy Hussars", "Guard Chasseurs à cheval", 12);
        g.perform(&coldsteel::game::Action::DeclarationsDone { side: coldsteel::rules::Side::Second }).unwrap();
        let mut h = harness(g, lang);
        h.run();
        h.get_by_role_and_label(Role::Button, lang.t(T::NextPhase)).click();
        h.run();
        let asked =
            matches!(h.state().modal, coldsteel::ui::Modal::Unfinished(coldsteel::game::Unfinished::Charges(1)));
        assert!(asked, "{lang:?}");
        click(&mut h, lang.t(T::CarryThemOutNow));
        assert!(matches!(h.state().modal, coldsteel::ui::Modal::None), "{lang:?}: the dialog went");
        assert!(h.state().wizard.is_some(), "{lang:?}: the charge's wizard opened");
        assert_eq!(h.state().game.battle().phase, Phase::Charges, "{lang:?}");
    }
}

/// GDB-OPP-05, 06: the opportunity order's general is the players' pick among those the
/// game lists: the brigade's own general pre-filled, the C-in-C pickable, another
/// brigade's general shown disabled with GDB-OPP-06; the declaration keeps the pick.
#[test]
fn the_c_in_c_can_order_an_opportunity_charge() {
    for lang in [Lang::En, Lang::Ru] {
        let mut g = common::default_at(Phase::Charges);
        g.perform(&coldsteel::game::Action::DeclarationsDone { side: coldsteel::rules::Side::First }).unwrap();
        common::declare(&mut g, "Sumy Hussars", "Guard Chasseurs à cheval", 12);
        let mut h = harness(g, lang);
        h.run();
        open_charge(&mut h, lang, ("Guard Chasseurs à cheval", "Sumy Hussars"), ["12", "30", ""]);
        click(&mut h, lang.t(T::OpportunityCharge));
        let line = |h: &Harness<'static, CsApp>, id: u32| {
            let g = h.state().game.battle().general(coldsteel::model::GeneralId(id)).unwrap().clone();
            lang.fmt(T::OppOrdersOf, &[&coldsteel::i18n::names::general_line(&g, lang), &g.orders_used])
        };
        let (walther, mortier, roguet) = (line(&h, 4), line(&h, 1), line(&h, 2));
        h.get_by_role_and_label(Role::ComboBox, lang.t(T::OrderingGeneral)).click();
        h.run();
        assert!(!h.get_by_label(&walther).accesskit_node().is_disabled(), "{lang:?}: the brigade's own");
        assert!(h.get_by_label(&roguet).accesskit_node().is_disabled(), "{lang:?}: another brigade's general");
        assert!(!h.get_by_label(&mortier).accesskit_node().is_disabled(), "{lang:?}: the C-in-C");
        click(&mut h, &mortier);
        click(&mut h, lang.t(T::DeclareOnly));
        let detail = &h.state().game.battle().log.last().unwrap().detail;
        assert!(matches!(detail, LogDetail::ChargeDeclared { opportunity: true, .. }), "{lang:?}: {detail:?}");
        let action = h.state().game.battle().log.last().unwrap().action.clone().unwrap();
        let coldsteel::model::Action::DeclareCharge(a) = *action else { panic!("{action:?}") };
        assert_eq!(a.ordering_general, Some(coldsteel::model::GeneralId(1)), "{lang:?}");
    }
}

/// The Empress Dragoons charge the Kiev Dragoons 10 cm away, who counter-charge; both
/// tests pass: the wizard asks where they met (GDB-CHG-18).
fn to_the_meet(lang: Lang) -> Harness<'static, CsApp> {
    let mut h = harness(common::russians_declared_none(), lang);
    h.run();
    open_charge(&mut h, lang, ("Empress Dragoons", "Kiev Dragoons"), ["10", "30", ""]);
    click(&mut h, lang.t(T::Declare));
    click(&mut h, lang.t(T::ReactCounter));
    for _ in 0..2 {
        click(&mut h, coldsteel::i18n::Label::label(TestResult::Pass, lang));
    }
    h
}

/// GDB-CHG-18: at the counter-charge's meet, more than the gap left keeps Confirm disabled
/// with the clause; the players may overrule it with their reason, and the journal keeps it.
#[test]
fn a_meet_beyond_the_gap_is_refused_unless_overruled() {
    for lang in [Lang::En, Lang::Ru] {
        let mut h = to_the_meet(lang);
        type_into(&mut h, lang.t(T::DistanceCm), "7");
        assert!(h.get_by_label(lang.t(T::Confirm)).accesskit_node().is_disabled(), "{lang:?}");
        h.get_by_label_contains("GDB-CHG-18");
        click(&mut h, lang.t(T::OverruleRefusal));
        type_into(&mut h, lang.t(T::OverruleReason), "measured on the table");
        click(&mut h, lang.t(T::Confirm));
        click(&mut h, lang.t(T::Apply));
        let detail = &h.state().game.battle().log.last().unwrap().detail;
        let LogDetail::Charge { overruled: Some(o), .. } = detail else { panic!("{lang:?}: {detail:?}") };
        assert_eq!(o.reason, "measured on the table");
    }
}

/// Issue 30, finding 3: the reaction step has its Back, to the declaration just made.
#[test]
fn the_reaction_step_goes_back_to_the_declaration() {
    for lang in [Lang::En, Lang::Ru] {
        let mut h = harness(common::russians_declared_none(), lang);
        h.run();
        open_charge(&mut h, lang, ("Empress Dragoons", "Kiev Dragoons"), ["10", "30", ""]);
        click(&mut h, lang.t(T::Declare));
        h.get_by_label(lang.t(T::ReactStand));
        click(&mut h, lang.t(T::Back));
        // Back on the declaration, which offers the reactions with Declare (issue 30).
        h.get_by_label(lang.t(T::Declare));
        h.get_by_label(&lang.fmt(T::DeclareAndReact, &[&name(&h, "Kiev Dragoons", lang)]));
    }
}

/// Issue 43, GDB-CHG-03, 04: the phasing side's one-click Declare declares its charge and
/// closes its declarations, and the other side is asked; it can still declare (here a
/// charge of its own, Declare only). The checklist's first row says each side's state and
/// stays where it is; a Carry out… out of its turn is disabled, with the game's reason.
#[test]
fn the_one_click_declare_asks_the_other_side_which_may_still_declare() {
    for lang in [Lang::En, Lang::Ru] {
        let mut h = harness(common::default_at(Phase::Charges), lang);
        h.run();
        open_charge(&mut h, lang, ("Grenadiers à cheval", "Kiev Dragoons"), ["12", "36", ""]);
        let (french, russians) = {
            let b = h.state().game.battle();
            let side = |s| coldsteel::i18n::names::side_name(b, s, lang).to_owned();
            (side(coldsteel::rules::Side::First), side(coldsteel::rules::Side::Second))
        };
        h.get_by_label(&lang.fmt(T::QuickThenOther, &[&french, &russians]));
        click(&mut h, lang.t(T::Declare));
        assert!(h.state().wizard.is_none(), "{lang:?}");
        assert!(matches!(h.state().modal, coldsteel::ui::Modal::OtherSideDeclares { .. }), "{lang:?}");
        h.get_by_label(&lang.fmt(T::OtherDeclaresTitle, &[&russians]));
        click(&mut h, &lang.fmt(T::OtherDeclaresSome, &[&russians]));
        assert!(matches!(h.state().modal, coldsteel::ui::Modal::None), "{lang:?}");
        h.get_by_label_contains(&lang.fmt(T::DeclSideDone, &[&french, &1]));
        h.get_by_label_contains(&lang.fmt(T::DeclSideDeclaring, &[&russians, &0]));
        // The Russians declare a charge of their own.
        open_charge(&mut h, lang, ("Sumy Hussars", "Guard Chasseurs à cheval"), ["10", "30", ""]);
        click(&mut h, lang.t(T::DeclareOnly));
        let carry_outs = |h: &Harness<'static, CsApp>| {
            h.get_all_by_label(lang.t(T::CarryOut))
                .map(|n| (n.rect(), n.accesskit_node().is_disabled()))
                .collect::<Vec<_>>()
        };
        let before = carry_outs(&h);
        assert_eq!(before.len(), 2, "{lang:?}");
        assert!(before.iter().all(|(_, disabled)| *disabled), "{lang:?}: both wait for the declarations");
        click(&mut h, lang.t(T::DeclarationsDone));
        let after = carry_outs(&h);
        assert_eq!(
            after.iter().map(|(r, _)| *r).collect::<Vec<_>>(),
            before.iter().map(|(r, _)| *r).collect::<Vec<_>>(),
            "{lang:?}: the rows keep their places"
        );
        // GDB-CHG-04: the French (phasing) charge first; the Russian one waits, disabled,
        // its reason shown where it is offered.
        assert_eq!(after.iter().map(|(_, d)| *d).collect::<Vec<_>>(), vec![false, true], "{lang:?}");
        h.get_all_by_label(lang.t(T::CarryOut)).nth(1).unwrap().hover();
        h.run();
        h.get_by_label(lang.t(T::ErrPhasingChargesFirst));
        h.get_by_label_contains(&lang.fmt(T::DeclSideDone, &[&russians, &1]));
    }
}

/// Issue 43, GDB-CHG-03: where the other side has no unit that may declare a charge (every
/// Russian unit routing), the one-click Declare carries the charge out at once and says so.
#[test]
fn with_no_unit_able_to_declare_the_charge_goes_at_once_and_says_so() {
    for lang in [Lang::En, Lang::Ru] {
        let g = common::edited(&common::default_at(Phase::Charges), |b| {
            for u in b.units.iter_mut().filter(|u| u.side == coldsteel::rules::Side::Second) {
                u.order = coldsteel::rules::Order::Routing;
            }
        });
        let mut h = harness(g, lang);
        h.run();
        open_charge(&mut h, lang, ("Grenadiers à cheval", "Kiev Dragoons"), ["12", "36", ""]);
        let russians =
            coldsteel::i18n::names::side_name(h.state().game.battle(), coldsteel::rules::Side::Second, lang).to_owned();
        h.get_by_label(&lang.fmt(T::QuickUnasked, &[&russians]));
        click(&mut h, lang.t(T::Declare));
        assert!(matches!(h.state().modal, coldsteel::ui::Modal::None), "{lang:?}: no one to ask");
        h.get_by_label(lang.t(T::ReactStand));
    }
}

/// Issue 44: Enter confirms a step whose inputs are complete, the counter-charge's meet
/// among them (GDB-CHG-18); with the distance beyond the gap, Enter does nothing.
#[test]
fn enter_confirms_the_counter_charges_meet() {
    for lang in [Lang::En, Lang::Ru] {
        let mut h = to_the_meet(lang);
        type_into(&mut h, lang.t(T::DistanceCm), "7");
        h.key_press(egui::Key::Enter);
        h.run();
        h.get_by_label_contains("GDB-CHG-18");
        h.get_by_role_and_label(Role::TextInput, lang.t(T::DistanceCm)).click();
        h.run();
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
        h.get_by_role_and_label(Role::TextInput, lang.t(T::DistanceCm)).type_text("3");
        h.run();
        h.key_press(egui::Key::Enter);
        h.run();
        assert!(
            h.query_by_role_and_label(Role::TextInput, lang.t(T::DistanceCm)).is_none(),
            "{lang:?}: the step is done"
        );
        h.get_by_label(lang.t(T::Apply));
    }
}

/// Issue 44: each step after the declaration shows, first, a line of what was measured
/// and answered so far: the distance, the reaction, each test and its result; Back takes
/// the last answer back, and the line with it.
#[test]
fn each_step_shows_what_was_answered_so_far() {
    for lang in [Lang::En, Lang::Ru] {
        let mut h = harness(common::russians_declared_none(), lang);
        h.run();
        open_charge(&mut h, lang, ("Grenadiers à cheval", "Kiev Dragoons"), ["12", "36", ""]);
        click(&mut h, lang.t(T::Declare));
        let so_far = |h: &Harness<'static, CsApp>| {
            let prefix = lang.fmt(T::SoFar, &[&""]);
            h.query_all_by_role(Role::Label)
                .filter_map(|n| {
                    let a = n.accesskit_node();
                    a.label().or_else(|| a.value()).map(|l| l.to_string())
                })
                .find(|l| l.starts_with(&prefix))
                .unwrap_or_else(|| panic!("{lang:?}: no line of what was answered so far"))
        };
        assert!(so_far(&h).contains("12"), "{lang:?}: the distance: {}", so_far(&h));
        click(&mut h, lang.t(T::ReactStand));
        assert!(so_far(&h).contains(lang.t(T::ReactStand)), "{lang:?}: {}", so_far(&h));
        click(&mut h, coldsteel::i18n::Label::label(TestResult::Pass, lang));
        let passed = coldsteel::i18n::log_text::result_words(
            lang,
            coldsteel::rules::options::TestKind::Charge,
            TestResult::Pass,
        );
        let charge_test = coldsteel::i18n::Label::label(coldsteel::rules::options::TestKind::Charge, lang);
        let line = so_far(&h);
        assert!(line.contains(&format!("{charge_test}: {passed}")), "{lang:?}: {line}");
        click(&mut h, lang.t(T::Back));
        assert!(!so_far(&h).contains(charge_test), "{lang:?}: taken back");
    }
}

/// Issue 44: the heading of a charge's declaration takes the same room whether it wraps
/// or not, so that its first field and its boxes keep their rectangles from one wizard to
/// the next: a click where "The target is visible" stood in the last wizard finds it in
/// the next. In both languages.
#[test]
fn the_heading_and_first_field_keep_their_place_from_one_wizard_to_the_next() {
    for lang in [Lang::En, Lang::Ru] {
        let mut h = harness(common::russians_declared_none(), lang);
        h.run();
        let mut seen = Vec::new();
        for (charger, target) in
            [("Grenadiers à cheval", "Kiev Dragoons"), ("1st Polish Guard Lancers", "Tula Opolchenie, 1st druzhina")]
        {
            let (c, t) = (name(&h, charger, lang), name(&h, target, lang));
            click(&mut h, &c);
            h.key_press(egui::Key::C);
            h.run();
            click(&mut h, &t);
            assert!(h.state().wizard.is_some(), "{lang:?}");
            // The field's row (its column follows the longest label of the grid).
            let field = h.get_by_role_and_label(Role::TextInput, lang.t(T::DistanceCm)).rect();
            let visible = h.get_by_label(lang.t(T::TargetVisible)).rect();
            seen.push(((field.top(), field.bottom()), visible));
            h.key_press(egui::Key::Escape);
            h.run();
            assert!(h.state().wizard.is_none(), "{lang:?}");
        }
        assert_eq!(seen[0], seen[1], "{lang:?}: the same rectangles in both wizards");
    }
}

/// Issue 48: drafts hold numbers, the interface turns the players' text into them at its
/// edge: a bearing typed as a word is refused there naming the field, never read as 0,
/// and the declaration waits (GDB-CHG-02); the number typed in its place lets it go on.
#[test]
fn a_typed_measure_that_is_no_number_is_refused_at_the_interface() {
    for lang in [Lang::En, Lang::Ru] {
        let mut h = harness(common::default_at(Phase::Charges), lang);
        h.run();
        open_charge(&mut h, lang, ("Grenadiers à cheval", "Kiev Dragoons"), ["12", "36", ""]);
        assert!(!h.get_by_label(lang.t(T::DeclareOnly)).accesskit_node().is_disabled(), "{lang:?}");
        let word = if lang == Lang::Ru { "ноль" } else { "none" };
        type_into(&mut h, lang.t(T::BearingDeg), word);
        h.get_by_label(&lang.fmt(T::NotAWholeNumber, &[&lang.t(T::BearingDeg), &word]));
        assert!(h.get_by_label(lang.t(T::DeclareOnly)).accesskit_node().is_disabled(), "{lang:?}: waits");
        assert_eq!(h.state().game.battle().log.len(), common::default_at(Phase::Charges).battle().log.len());
        h.get_by_role_and_label(Role::TextInput, lang.t(T::BearingDeg)).click();
        h.run();
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
        h.get_by_role_and_label(Role::TextInput, lang.t(T::BearingDeg)).type_text("5");
        h.run();
        assert!(h.query_by_label(&lang.fmt(T::NotAWholeNumber, &[&lang.t(T::BearingDeg), &word])).is_none());
        click(&mut h, lang.t(T::DeclareOnly));
        let last = &h.state().game.battle().log.last().unwrap().detail;
        assert!(matches!(last, LogDetail::ChargeDeclared { .. }), "{lang:?}: {last:?}");
        let Some(coldsteel::game::Action::DeclareCharge(a)) =
            h.state().game.battle().log.last().unwrap().action.as_deref()
        else {
            panic!("{lang:?}: no declaration")
        };
        assert_eq!(a.measured.bearing_deg, 5, "{lang:?}");
    }
}

/// What the players typed stays typed when the language changes: a bearing that is no
/// number is still there, and still refused, in Russian.
#[test]
fn typed_text_stays_when_the_language_changes() {
    let mut h = harness(common::default_at(Phase::Charges), Lang::En);
    h.run();
    open_charge(&mut h, Lang::En, ("Grenadiers à cheval", "Kiev Dragoons"), ["12", "36", ""]);
    type_into(&mut h, Lang::En.t(T::BearingDeg), "ten");
    click(&mut h, "Русский");
    let field = h.get_by_role_and_label(Role::TextInput, Lang::Ru.t(T::BearingDeg));
    assert_eq!(field.value().as_deref(), Some("ten"));
    h.get_by_label(&Lang::Ru.fmt(T::NotAWholeNumber, &[&Lang::Ru.t(T::BearingDeg), &"ten"]));
}
