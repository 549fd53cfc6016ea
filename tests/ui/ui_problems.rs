//! Never locked out (issue 26): a battle file that breaks an invariant opens in the window
//! with its problems listed, is fixed in the editor, saved, and opens clean.

use coldsteel::i18n::{Label, Lang, T};
use coldsteel::model::{General, GeneralId};
use coldsteel::rules::{Quality, Rank, Side};
use coldsteel::storage;
use coldsteel::ui::CsApp;
use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// The default battle with a second commander-in-chief on the first side, written as a
/// hand edit would leave it.
fn two_commanders_file(dir: &std::path::Path) -> std::path::PathBuf {
    let mut battle = storage::default_game().unwrap().battle().clone();
    battle.generals.push(General {
        id: GeneralId(10),
        name: "Marshal Ney".into(),
        name_ru: Some("Маршал Ней".into()),
        side: Side::First,
        rank: Rank::CommanderInChief,
        quality: Quality::Good,
        brigade: None,
        attached_to: None,
        lost: false,
        orders_used: 0,
        place: None,
    });
    let path = dir.join("two-marshals.coldsteel.json");
    std::fs::write(&path, storage::to_json(&coldsteel::game::Game::new(battle))).unwrap();
    path
}

#[test]
fn a_file_with_two_commanders_opens_is_fixed_and_saved_clean() {
    for lang in [Lang::En, Lang::Ru] {
        let dir = tempfile::tempdir().unwrap();
        let path = two_commanders_file(dir.path());
        assert!(storage::read_battle_file(&path).is_err(), "the strict reader still refuses it");
        let app = CsApp::new(storage::default_game().unwrap(), lang);
        let mut h = Harness::builder()
            .with_size(egui::vec2(1280.0, 1800.0))
            .build_ui_state(|ui, app: &mut CsApp| app.ui_root(ui), app);
        h.run();
        h.key_press_modifiers(Modifiers::COMMAND, Key::O);
        h.run();
        h.key_press_modifiers(Modifiers::COMMAND, Key::A);
        h.get_by_role_and_label(Role::TextInput, lang.t(T::FilePath)).type_text(path.to_str().unwrap());
        h.run();
        h.get_by_label(lang.t(T::Open)).click();
        h.run();
        assert_eq!(h.state().path.as_deref(), Some(path.as_path()), "{lang:?}: it opened");
        assert_eq!(h.state().problems.len(), 1, "{lang:?}");
        h.get_by_label_contains(lang.t(T::ProblemTwoCommanders));
        // Show takes the editor to the second marshal; his rank is changed there.
        h.get_by_label(lang.t(T::ProblemShowTip)).click();
        h.run();
        assert_eq!(h.state().selection, coldsteel::ui::Selection::General(GeneralId(10)), "{lang:?}");
        h.get_by_role_and_label(Role::ComboBox, lang.t(T::Rank)).click();
        h.run();
        h.get_by_label(Rank::Brigade.label(lang)).click();
        h.run();
        assert!(h.state().problems.is_empty(), "{lang:?}: fixed");
        h.key_press_modifiers(Modifiers::COMMAND, Key::S);
        h.run();
        let saved = storage::read_battle_file(&path).unwrap();
        assert_eq!(saved.battle().general(GeneralId(10)).unwrap().rank, Rank::Brigade);
    }
}

/// The journal at its limit (issue 26): the next action offers to go on in a new battle
/// file from the current state; the new file's journal starts there.
#[test]
fn a_full_journal_goes_on_in_a_new_file() {
    let dir = tempfile::tempdir().unwrap();
    let mut battle = storage::default_game().unwrap().battle().clone();
    let note = coldsteel::model::LogEntry {
        seq: 1,
        turn: 1,
        phase: coldsteel::rules::Phase::Initiative,
        units: Vec::new(),
        detail: coldsteel::model::LogDetail::Note { text: "x".into(), hidden: false },
        action: None,
        revealed: Vec::new(),
    };
    battle.log = (1..=coldsteel::model::limits::MAX_LOG_ENTRIES as u64)
        .map(|seq| coldsteel::model::LogEntry { seq, ..note.clone() })
        .collect();
    let app = CsApp::new(coldsteel::game::Game::new(battle), Lang::En);
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 1800.0))
        .build_ui_state(|ui, app: &mut CsApp| app.ui_root(ui), app);
    h.run();
    h.get_by_label("Kiev Dragoons").click();
    h.run();
    h.get_by_label("Wavering").click();
    h.run();
    assert!(matches!(h.state().modal, coldsteel::ui::Modal::JournalFull));
    h.get_by_label(Lang::En.t(T::ContinueInNewFile)).click();
    h.run();
    let path = dir.path().join("krasnoi-continued.coldsteel.json");
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_role_and_label(Role::TextInput, "File path").type_text(path.to_str().unwrap());
    h.run();
    h.get_by_label("Save").click();
    h.run();
    let saved = storage::read_battle_file(&path).unwrap();
    assert!(saved.battle().log.is_empty(), "the new journal starts here");
    assert!(saved.battle().name.ends_with("(continued)"), "{}", saved.battle().name);
    // The same action now goes through.
    h.get_by_label("Kiev Dragoons").click();
    h.run();
    h.get_by_label("Wavering").click();
    h.run();
    assert_eq!(h.state().game.battle().log.len(), 1);
}

/// Issue 30: F1 opens a short guide, in both languages: a turn's flow, the keys, where
/// the rules come from (sources and clause IDs); Escape closes it.
#[test]
fn f1_opens_the_guide() {
    use coldsteel::i18n::{Lang, T};
    for lang in [Lang::En, Lang::Ru] {
        let app = coldsteel::ui::CsApp::new(coldsteel::storage::default_game().unwrap(), lang);
        let mut h = egui_kittest::Harness::builder()
            .with_size(egui::vec2(1280.0, 800.0))
            .build_ui_state(|ui, app: &mut coldsteel::ui::CsApp| app.ui_root(ui), app);
        h.run();
        h.key_press(egui::Key::F1);
        h.run();
        for title in [T::GuideTitle, T::GuideTurnTitle, T::GuideKeysTitle, T::GuideSourcesTitle] {
            h.get_by_label(lang.t(title));
        }
        h.get_by_label_contains("GDB-MOD-21");
        h.key_press(egui::Key::Escape);
        h.run();
        assert!(h.query_by_label(lang.t(T::GuideTitle)).is_none(), "{lang:?}: closed");
    }
}
