//! The players' window (issue 32) follows a charge from its declaration to its result,
//! and a unit the umpire hides appears in neither the window nor the shared page.

use crate::common;

use std::io::{Read, Write};

use coldsteel::game::Game;
use coldsteel::i18n::{Lang, T};
use coldsteel::ui::CsApp;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

type H = Harness<'static, CsApp>;

/// The default battle in its Charges phase, the Russians phasing and declaring none, the
/// charge tests passing on the players' table and the rates of the arms that charge filled.
fn charges_phase() -> Game {
    let mut g = common::russians_declared_none();
    common::first_evening_charge_tables(&mut g);
    g
}

fn harness(lang: Lang) -> H {
    let app = common::app_without_rates_form(charges_phase(), lang);
    let mut h = Harness::builder()
        // The players' window, embedded in tests, along the bottom below the roster.
        .with_size(egui::vec2(1280.0, 2900.0))
        .build_ui_state(|ui, app: &mut CsApp| app.ui_root(ui), app);
    h.run();
    h
}

/// Clicks the first widget of the label: the main window's (the players' window,
/// embedded in tests, comes after it).
fn click(h: &mut H, label: &str) {
    h.get_all_by_label(label).next().unwrap_or_else(|| panic!("{label}")).click();
    h.run();
}

fn button(h: &mut H, label: &str) {
    h.get_by_role_and_label(Role::Button, label).click();
    h.run();
}

fn type_into(h: &mut H, label: &str, text: &str) {
    h.get_by_role_and_label(Role::TextInput, label).click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, label).type_text(text);
    h.run();
}

fn shows(h: &H, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

fn count(h: &H, text: &str) -> usize {
    h.query_all_by_label(text).count()
}

fn name(h: &H, english: &str, lang: Lang) -> String {
    common::unit(&h.state().game, english).display_name(lang == Lang::Ru).to_owned()
}

fn open_players_window(h: &mut H) {
    h.key_press(egui::Key::F7);
    h.run();
    h.run();
    assert!(h.state().players.window_open);
}

#[test]
fn the_players_window_follows_a_charge_from_declaration_to_result() {
    for lang in [Lang::En, Lang::Ru] {
        let mut h = harness(lang);
        open_players_window(&mut h);
        assert!(shows(&h, lang.t(T::PvNothingInProgress)), "{lang:?}");
        let (charger, target) = (name(&h, "Grenadiers à cheval", lang), name(&h, "Ladoga Infantry", lang));
        click(&mut h, &charger);
        button(&mut h, lang.t(T::ChargeButton));
        click(&mut h, &target);
        let heading = lang.fmt(T::PvCharge, &[&charger, &target]);
        assert!(shows(&h, &heading), "{lang:?}: the charge is in the players' window");
        type_into(&mut h, lang.t(T::DistanceCm), "20");
        h.run();
        assert!(shows(&h, &lang.fmt(T::PvDistance, &[&20])), "{lang:?}: the distance typed");
        let odds = &h.state().players.view.as_ref().unwrap().engagement.as_ref().unwrap().odds;
        assert!(!odds.is_empty(), "{lang:?}: the odds before the dice");
        assert!(shows(&h, &odds[0].result), "{lang:?}: shown");
        click(&mut h, lang.t(T::CommanderWithin15));
        button(&mut h, lang.t(T::Declare));
        button(&mut h, lang.t(T::ReactStand));
        assert!(shows(&h, lang.t(T::PvDeclared)), "{lang:?}: declared");
        for dice in ["34", "25"] {
            type_into(&mut h, lang.t(T::TestDice), dice);
            h.key_press(egui::Key::Enter);
            h.run();
        }
        button(&mut h, lang.t(T::Apply));
        assert!(h.state().wizard.is_none(), "{lang:?}: {:?}", h.state().message);
        h.run();
        assert!(h.state().players.view.as_ref().unwrap().engagement.is_none(), "{lang:?}: nothing open now");
        assert!(shows(&h, lang.t(T::PvNothingInProgress)), "{lang:?}: the window says so");
        assert!(shows(&h, lang.t(T::PvLastResult)), "{lang:?}: the result");
        let view = h.state().players.view.as_ref().unwrap();
        let result = view.last_result.as_ref().unwrap().join("\n");
        assert!(result.contains(&charger) && result.contains(&target), "{lang:?}: {result}");
    }
}

/// GETs the shared page's state.
fn state_of(url: &str) -> String {
    let rest = url.trim_start_matches("http://");
    let (host, token) = rest.split_once("/?t=").unwrap();
    let mut s = std::net::TcpStream::connect(host).unwrap();
    write!(s, "GET /state?t={token} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    out
}

/// Waits until the page's state holds `name` or not (the app writes it off its thread).
fn page_shows(url: &str, name: &str, shown: bool) -> bool {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while state_of(url).contains(name) != shown {
        if std::time::Instant::now() > deadline {
            return false;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    true
}

#[test]
fn a_hidden_unit_appears_in_neither_the_window_nor_the_page() {
    let lang = Lang::En;
    let mut h = harness(lang);
    let cossacks = name(&h, "Ilovaisky's Don Cossacks", lang);
    click(&mut h, &cossacks);
    let closed = count(&h, &cossacks);
    open_players_window(&mut h);
    assert_eq!(count(&h, &cossacks), closed + 1, "the window lists it");
    // Shared on loopback from the Share dialog.
    h.key_press(egui::Key::F8);
    h.run();
    button(&mut h, lang.t(T::ShareStart));
    let url = h.state().players.share.url.clone().expect("sharing");
    assert!(url.starts_with("http://127.0.0.1:"), "loopback by default: {url}");
    assert!(page_shows(&url, &cossacks, true));
    click(&mut h, lang.t(T::UnitHiddenFromPlayers));
    h.run();
    let id = common::id(&h.state().game, "Ilovaisky's Don Cossacks");
    assert!(h.state().game.battle().unit(id).unwrap().hidden);
    assert_eq!(count(&h, &cossacks), closed, "not in the window");
    assert!(page_shows(&url, &cossacks, false), "not in the page's data");
    // Undone, it is back in both.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    h.run();
    assert_eq!(count(&h, &cossacks), closed + 1);
    assert!(page_shows(&url, &cossacks, true));
    button(&mut h, lang.t(T::ShareStop));
    assert!(h.state().players.share.url.is_none());
    assert!(std::net::TcpStream::connect(url.trim_start_matches("http://").split_once('/').unwrap().0).is_err());
}
