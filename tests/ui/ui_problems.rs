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
    let mut h = tall_harness(CsApp::new(coldsteel::game::Game::new(battle), Lang::En));
    mark_kiev_dragoons_wavering(&mut h);
    assert!(matches!(h.state().modal, coldsteel::ui::Modal::JournalFull(coldsteel::ui::Full::Entries)));
    let saved = continue_in_new_file(&mut h, &dir.path().join("krasnoi-continued.coldsteel.json"));
    assert!(saved.battle().log.is_empty(), "the new journal starts here");
    assert!(saved.battle().name.ends_with("(continued)"), "{}", saved.battle().name);
    // The same action now goes through.
    mark_kiev_dragoons_wavering(&mut h);
    assert_eq!(h.state().game.battle().log.len(), 1);
}

fn tall_harness(app: CsApp) -> Harness<'static, CsApp> {
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 1800.0))
        .build_ui_state(|ui, app: &mut CsApp| app.ui_root(ui), app);
    h.run();
    h
}

/// The action the full-journal and full-file tests try: a marker on a unit.
fn mark_kiev_dragoons_wavering(h: &mut Harness<'_, CsApp>) {
    h.get_by_label("Kiev Dragoons").click();
    h.run();
    h.get_by_label("Wavering").click();
    h.run();
}

/// Clicks "Continue in a new file" and saves it at `path`; the file as read back.
fn continue_in_new_file(h: &mut Harness<'_, CsApp>, path: &std::path::Path) -> coldsteel::game::Game {
    h.get_by_label(Lang::En.t(T::ContinueInNewFile)).click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_role_and_label(Role::TextInput, "File path").type_text(path.to_str().unwrap());
    h.run();
    h.get_by_label("Save").click();
    h.run();
    storage::read_battle_file(path).unwrap()
}

/// Issue 41, row 8: an action after which the battle file would pass its size limit is
/// refused with the file's size, the battle unchanged, and the window offers to go on in
/// a new file from the current state, where the same action goes through; in Russian too.
#[test]
fn a_full_file_refuses_the_action_and_goes_on_in_a_new_file() {
    use coldsteel::ui::{Full, Modal};
    let dir = tempfile::tempdir().unwrap();
    let mut game = storage::default_game().unwrap();
    // Room for the battle as it stands, not for one more entry.
    let limit = storage::file_bytes(&game) + 100;
    let before = game.clone();
    game.watch_file(storage::file_bytes, limit);
    let mut h = tall_harness(CsApp::new(game, Lang::En));
    mark_kiev_dragoons_wavering(&mut h);
    let Modal::JournalFull(Full::Bytes { bytes, room_to_go_on: true }) = h.state().modal else {
        panic!("{:?}", h.state().modal)
    };
    assert!(bytes > limit, "{bytes} bytes");
    assert!(h.state().game == before, "the battle unchanged");
    h.get_by_label(Lang::En.t(T::FileFullTitle));
    let said = Lang::En.fmt(T::FileFullText, &[&bytes, &64]);
    h.get_by_label_contains(&said);
    continue_in_new_file(&mut h, &dir.path().join("continued.coldsteel.json"));
    mark_kiev_dragoons_wavering(&mut h);
    assert_eq!(h.state().game.battle().log.len(), 1, "the new file has the 64 MiB a file may have");
    let mut ru = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut CsApp| app.ui_root(ui), CsApp::new(storage::default_game().unwrap(), Lang::Ru));
    ru.state_mut().modal = Modal::JournalFull(Full::Bytes { bytes: 70_000_000, room_to_go_on: false });
    ru.run();
    ru.get_by_label(Lang::Ru.t(T::FileFullTitle));
    ru.get_by_label_contains(Lang::Ru.t(T::FileFullNoRoom));
    assert!(ru.query_by_label(Lang::Ru.t(T::ContinueInNewFile)).is_none(), "no new file where it would not help");
    ru.get_by_label(Lang::Ru.t(T::Close)).click();
    ru.run();
    assert!(matches!(ru.state().modal, Modal::None));
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
