//! File flows in the window, driven by labels: save through the in-app prompt, the
//! unsaved-changes question, recovery of an autosave, and a bad file that leaves the
//! battle untouched.

use crate::common;

use coldsteel::i18n::Lang;
use coldsteel::rules::Order;
use coldsteel::storage;
use coldsteel::ui::{CsApp, Modal};
use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

fn harness(app: CsApp) -> Harness<'static, CsApp> {
    Harness::builder().with_size(egui::vec2(1280.0, 1800.0)).build_ui_state(|ui, app: &mut CsApp| app.ui_root(ui), app)
}

fn app() -> CsApp {
    CsApp::new(storage::default_game().unwrap(), Lang::En)
}

/// Ctrl+O, the path typed into the in-app prompt, Open: `labels` are the prompt's field
/// and button in the window's language.
fn open_through_prompt(h: &mut Harness<'static, CsApp>, path: &std::path::Path, labels: (&str, &str)) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_role_and_label(Role::TextInput, labels.0).type_text(path.to_str().unwrap());
    h.run();
    h.get_by_label(labels.1).click();
    h.run();
}

fn make_a_change(h: &mut Harness<'static, CsApp>) {
    h.get_by_label("Kiev Dragoons").click();
    h.run();
    h.get_by_label("Wavering").click();
    h.run();
}

#[test]
fn save_as_through_the_prompt_clears_the_unsaved_mark() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("krasnoi.coldsteel.json");
    let mut h = harness(app());
    h.run();
    make_a_change(&mut h);
    assert!(h.state().is_dirty());
    assert!(h.state().window_title().ends_with('•'));
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    assert!(matches!(h.state().modal, Modal::PathPrompt { purpose: coldsteel::ui::PathPurpose::Save, .. }));
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_role_and_label(Role::TextInput, "File path").type_text(path.to_str().unwrap());
    h.run();
    h.get_by_label("Save").click();
    h.run();
    assert!(!h.state().is_dirty());
    assert_eq!(h.state().path.as_deref(), Some(path.as_path()));
    assert_eq!(h.state().window_title(), "coldsteel — krasnoi.coldsteel.json");
    let saved = storage::read_battle_file(&path).unwrap();
    assert_eq!(saved.battle(), h.state().game.battle());
    // A second save goes straight to the same file, keeping the first as .bak.
    h.get_by_label("Routing").click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    assert!(matches!(h.state().modal, Modal::None));
    assert!(storage::backup_path(&path).exists());
}

#[test]
fn a_new_battle_over_unsaved_changes_asks_first() {
    let mut h = harness(app());
    h.run();
    make_a_change(&mut h);
    let changed = h.state().game.battle().clone();
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    h.get_by_label("Two empty armies").click();
    h.run();
    h.get_by_label("Create").click();
    h.run();
    h.get_by_label("Unsaved changes");
    h.get_by_label("Cancel").click();
    h.run();
    assert_eq!(h.state().game.battle(), &changed, "cancel keeps the battle");
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    h.get_by_label("Two empty armies").click();
    h.run();
    h.get_by_label("Create").click();
    h.run();
    h.get_by_label("Discard changes").click();
    h.run();
    assert!(h.state().game.battle().units.is_empty());
    assert_eq!(h.state().game.battle().name, "Untitled battle");
    assert!(!h.state().is_dirty());
}

#[test]
fn an_unreadable_file_names_the_problem_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.coldsteel.json");
    std::fs::write(&bad, "{\"format\": \"coldsteel.battle\", \"version\": 1,\n \"name\": 7}").unwrap();
    let mut h = harness(app());
    h.run();
    let before = h.state().game.battle().clone();
    open_through_prompt(&mut h, &bad, ("File path", "Open"));
    assert_eq!(h.state().game.battle(), &before);
    let Modal::OpenFailed { detail, backup, .. } = &h.state().modal else {
        panic!("no message: {:?}", h.state().modal)
    };
    assert!(detail.contains("line 2") && detail.contains("bad.coldsteel.json") && detail.contains("name"), "{detail}");
    assert!(backup.is_none(), "no .bak beside it");
    h.get_by_label("OK").click();
    h.run();
    assert!(matches!(h.state().modal, Modal::None));
}

#[test]
fn a_newer_autosave_is_offered_and_recovered() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let game = storage::default_game().unwrap();
    let mut routed = game.battle().units[0].clone();
    routed.order = Order::Routing;
    let saver = storage::Autosaver::start(data.clone());
    saver.begin(storage::Base::Unsaved(Box::new(game), None), None, false);
    saver.record(storage::Op::Did(Box::new(coldsteel::game::Action::EditUnit(routed))));
    saver.sync();
    // That run ends without saving: its journal is no longer live.
    drop(saver);

    let mut declined = app();
    declined.offer_recovery_from(&data);
    let mut h = harness(declined);
    h.run();
    h.get_by_label("Recover unsaved work?");
    h.get_by_label("Not now").click();
    h.run();
    assert_eq!(h.state().game.battle().units[0].order, Order::Formed);
    assert!(storage::find_recovery(&data).is_some(), "declining keeps the autosave");

    let mut accepted = app();
    accepted.offer_recovery_from(&data);
    let mut h = harness(accepted);
    h.run();
    h.get_by_label("Recover it").click();
    h.run();
    assert_eq!(h.state().game.battle().units[0].order, Order::Routing);
    assert!(h.state().is_dirty(), "recovered work still needs saving");
}

#[test]
fn the_report_window_saves_a_pdf_through_the_prompt() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("report.pdf");
    let mut h = harness(app());
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::P);
    h.run();
    h.get_by_label("Battle report");
    h.get_by_label("Save PDF…").click();
    h.run();
    // The prompt says what it saves (issue 16, bug 4).
    h.get_by_label("Save the report as PDF");
    h.get_by_label("PDF file path (*.pdf):");
    assert!(h.query_by_label("Save the battle as").is_none());
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_role_and_label(Role::TextInput, "File path").type_text(path.to_str().unwrap());
    h.run();
    h.get_by_label("Save").click();
    h.run();
    let bytes = std::fs::read(&path).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
}

#[test]
fn rules_settings_change_an_option_as_one_undo_step() {
    let mut h = harness(app());
    h.run();
    // The toolbar's rules button says what it is and is enabled (issue 16, bug 9).
    let button = h.get_by_label("Rules: General de Brigade…");
    assert!(!button.accesskit_node().is_disabled());
    button.click();
    h.run();
    h.get_by_label("Rules settings");
    // Grouped by topic: the counter-charge option sits with the charges.
    assert!(h.query_by_label("Infantry may counter-charge").is_none());
    h.get_by_role_and_label(Role::Button, "Charges").click();
    h.run();
    h.get_by_label("Infantry may counter-charge").click();
    h.run();
    h.get_by_label("Apply").click();
    h.run();
    assert!(h.state().game.battle().options.gdb.infantry_may_counter_charge);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(!h.state().game.battle().options.gdb.infantry_may_counter_charge);
}

#[test]
fn an_unreadable_file_is_explained_in_russian() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("list.coldsteel.json");
    std::fs::write(&bad, "[1, 2, 3]").unwrap();
    let mut h = harness(CsApp::new(storage::default_game().unwrap(), Lang::Ru));
    h.run();
    open_through_prompt(&mut h, &bad, ("Путь к файлу", "Открыть"));
    let Modal::OpenFailed { detail: text, .. } = &h.state().modal else { panic!("no message: {:?}", h.state().modal) };
    assert!(text.contains("один объект JSON") && text.contains("list.coldsteel.json"), "{text}");
    assert!(!text.contains("must hold"), "no English inside the Russian sentence: {text}");
}

#[test]
fn the_first_save_proposes_a_folder_that_exists_and_creates_a_missing_one() {
    let mut h = harness(app());
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    let Modal::PathPrompt { text, .. } = &h.state().modal else { panic!("no prompt") };
    let proposed = std::path::PathBuf::from(text);
    assert!(proposed.is_absolute() || proposed.parent().is_some_and(|p| p.is_dir()), "{text}");
    assert!(!text.starts_with("saves/"), "not a folder relative to wherever the app started: {text}");
    // A folder typed that does not exist yet is created by the save.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club").join("autumn").join("krasnoi.coldsteel.json");
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_role_and_label(Role::TextInput, "File path").type_text(path.to_str().unwrap());
    h.run();
    h.get_by_label("Save").click();
    h.run();
    assert!(path.is_file(), "saved into the new folder: {:?}", h.state().message);
    // With a battle open, new files are proposed beside it.
    h.key_press_modifiers(Modifiers::COMMAND, Key::P);
    h.run();
    h.get_by_label("Roster sheets PDF…").click();
    h.run();
    h.get_by_label("Save the roster sheets as PDF");
    let Modal::PathPrompt { text, .. } = &h.state().modal else { panic!("no prompt") };
    assert_eq!(std::path::Path::new(text).parent(), path.parent(), "{text}");
}

#[test]
fn the_casualty_table_names_its_results_in_words() {
    let mut battle = storage::default_game().unwrap().battle().clone();
    battle.options.gdb.casualties.push(coldsteel::rules::options::CasualtyRow {
        outcome: "pushed_back".into(),
        winner_arm: None,
        loser_loses: 2,
        winner_loses: 1,
    });
    // Every table with a row, so that the harness checks each cell has a name.
    battle.options.gdb.distances.push(coldsteel::rules::options::DistanceRow {
        arm: coldsteel::rules::Arm::Dragoons,
        formation: None,
        move_cm: Some(30),
        charge_cm: Some(36),
        retreat_cm: None,
        rout_cm: None,
    });
    let mut h = harness(CsApp::new(coldsteel::game::Game::new(battle), Lang::Ru));
    h.run();
    h.get_by_label("Правила: «Генерал де Бригад»…").click();
    h.run();
    let band = h.get_by_label("Результат 1");
    let shown = band.accesskit_node().value().map(|v| v.to_string());
    assert_eq!(shown.as_deref(), Some("Проигравший оттеснён"), "no raw key in the Result column");
    for topic in ["Атаки", "Движение", "Тесты", "Правила B (средний кубик)", "Рукопашная"]
    {
        h.get_by_role_and_label(Role::Button, topic).click();
        h.run();
    }
    h.get_by_label("Результат 1");
}

/// The battle's tables saved as the club's: a new battle starts from them.
#[test]
fn the_club_tables_are_where_a_new_battle_starts() {
    let dir = tempfile::tempdir().unwrap();
    let mut battle = storage::default_game().unwrap().battle().clone();
    battle.options.gdb.infantry_may_counter_charge = true;
    battle.options.gdb.distances.push(coldsteel::rules::options::DistanceRow {
        arm: coldsteel::rules::Arm::Dragoons,
        formation: Some(coldsteel::rules::Formation::Line),
        move_cm: Some(30),
        charge_cm: Some(36),
        retreat_cm: Some(12),
        rout_cm: Some(24),
    });
    let mut app = CsApp::new(coldsteel::game::Game::new(battle.clone()), Lang::En);
    app.data_dir = Some(dir.path().join("data"));
    let mut h = harness(app);
    h.run();
    h.get_by_label("Rules: General de Brigade…").click();
    h.run();
    h.get_by_label("Club rules").click();
    h.run();
    h.get_by_label("Save as the club's rules").click();
    h.run();
    assert!(storage::club_pack_file(&dir.path().join("data")).is_file(), "{:?}", h.state().message);
    h.key_press(Key::Escape);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    h.get_by_label("Create").click();
    h.run();
    if h.query_by_label("Discard changes").is_some() {
        h.get_by_label("Discard changes").click();
        h.run();
    }
    let now = h.state().game.battle();
    assert_eq!(now.options, battle.options, "the new battle has the club's tables");
    assert!(h.state().game.history().done.is_empty(), "a new battle, not an undoable change");
}

#[test]
fn a_file_cut_short_is_said_in_plain_words_and_its_backup_offered() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("krasnoi.coldsteel.json");
    let good = storage::default_game().unwrap();
    storage::save_battle(&path, &good).unwrap();
    storage::save_battle(&path, &good).unwrap();
    assert!(storage::backup_path(&path).is_file());
    // A save cut short: the file ends in the middle of the battle.
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, &text[..text.len() / 2]).unwrap();
    let mut h = harness(CsApp::new(coldsteel::game::Game::default(), Lang::En));
    h.run();
    open_through_prompt(&mut h, &path, ("File path", "Open"));
    h.get_by_label_contains("The file is cut short");
    assert!(h.query_all_by_label_contains("EOF while parsing").count() >= 1, "the detail is kept");
    h.get_by_label("Open the previous version (.bak)").click();
    h.run();
    assert!(matches!(h.state().modal, Modal::None), "{:?}", h.state().modal);
    assert_eq!(h.state().game.battle(), good.battle(), "the previous version is open");
}

/// File → Import order of battle…: the rows become one undo step; a file with bad rows
/// lists them, each with its row and column, and changes nothing.
#[test]
fn an_order_of_battle_is_imported_from_the_file_menu() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("reserve.csv");
    std::fs::write(
        &good,
        "вид;название;сторона;бригада;род войск;фигур в начале\n\
         бригада;Резерв;Французская императорская гвардия;;;\n\
         подразделение;Фузилёры;Французская императорская гвардия;Резерв;Пехота;24\n",
    )
    .unwrap();
    let bad = dir.path().join("bad.csv");
    std::fs::write(&bad, "kind,name,side,arm,figures_start\nunit,Hussars,French Imperial Guard,hussars,12\n").unwrap();
    let mut h = harness(app());
    h.run();
    let units = h.state().game.battle().units.len();
    let import = |h: &mut Harness<'static, CsApp>, path: &std::path::Path| {
        h.get_by_label("File").click();
        h.run();
        h.get_by_label("Import order of battle…").click();
        h.run();
        h.get_by_label("Import an order of battle (*.csv)");
        h.key_press_modifiers(Modifiers::COMMAND, Key::A);
        h.get_by_role_and_label(Role::TextInput, "File path").type_text(path.to_str().unwrap());
        h.run();
        h.get_by_role_and_label(Role::Button, "Open").click();
        h.run();
    };
    import(&mut h, &bad);
    let Modal::Message(text) = &h.state().modal else { panic!("no list: {:?}", h.state().modal) };
    assert!(text.contains("row 2, column «arm»: unknown value «hussars»"), "{text}");
    assert_eq!(h.state().game.battle().units.len(), units, "nothing imported");
    h.key_press(Key::Escape);
    h.run();
    import(&mut h, &good);
    assert_eq!(h.state().game.battle().units.len(), units + 1, "{:?}", h.state().message);
    assert!(h.state().game.battle().brigades.iter().any(|b| b.name == "Резерв"));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(h.state().game.battle().units.len(), units, "one step undoes the import");
    assert!(!h.state().game.battle().brigades.iter().any(|b| b.name == "Резерв"));
}

/// Help → About: the version, the licence, the data folder, and the rules credits.
#[test]
fn about_names_the_version_licence_data_folder_and_rules_credits() {
    for (lang, help, about, credit) in [
        (Lang::En, "Help", "About coldsteel…", "General de Brigade by David C. R. Brown, published by Partizan Press."),
        (Lang::Ru, "Справка", "О программе coldsteel…", "название и авторы которых нам неизвестны"),
    ] {
        let mut app = CsApp::new(storage::default_game().unwrap(), lang);
        app.data_dir = Some(std::path::PathBuf::from("/tmp/coldsteel-data"));
        let mut h = harness(app);
        h.run();
        h.get_by_label(help).click();
        h.run();
        h.get_by_label(about).click();
        h.run();
        h.get_by_label(&format!("coldsteel {}", env!("CARGO_PKG_VERSION")));
        h.get_by_label_contains("MIT OR Apache-2.0");
        h.get_by_label_contains("/tmp/coldsteel-data");
        h.get_by_label_contains(credit);
        h.key_press(Key::Escape);
        h.run();
        assert!(matches!(h.state().modal, Modal::None));
    }
}

/// File → New → Two empty armies, under General de Brigade.
fn new_empty_battle(h: &mut Harness<'static, CsApp>) {
    h.state_mut()
        .run_cmd(coldsteel::ui::AppCommand::NewBattle(coldsteel::ui::Template::Empty, coldsteel::rules::Ruleset::Gdb));
    h.run();
}

/// An empty new battle is named in both languages: switching to Russian afterwards shows
/// its title and armies in Russian.
#[test]
fn an_empty_battle_is_named_in_both_languages() {
    let mut h = harness(app());
    new_empty_battle(&mut h);
    let b = h.state().game.battle().clone();
    assert_eq!((b.name.as_str(), b.name_ru.as_deref()), ("Untitled battle", Some("Битва без названия")));
    assert_eq!(b.sides.first.name_ru.as_deref(), Some("Первая армия"));
    h.state_mut().run_cmd(coldsteel::ui::AppCommand::SetLang(coldsteel::i18n::Lang::Ru));
    h.run();
    assert!(h.query_all_by_label_contains("Битва без названия").next().is_some(), "the title in Russian");
}

/// Issue 30, finding 1: a battle made in the window. File → New → Two empty armies, the
/// title and a side renamed in the battle's own editor, then a spreadsheet whose sides
/// have their own names imported: the sides take the file's names (as `oob import --new`
/// does) and every row comes in; undo takes the steps back one by one.
#[test]
fn a_new_battle_is_made_in_the_window() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("armies.csv");
    std::fs::write(
        &csv,
        "вид;название;сторона;бригада;род войск;фигур в начале\n\
         бригада;Авангард;Русские;;;\n\
         подразделение;Егеря;Русские;Авангард;Пехота;24\n\
         бригада;Гвардия;Французы;;;\n\
         подразделение;Гренадеры;Французы;Гвардия;Пехота;24\n",
    )
    .unwrap();
    let mut h = harness(app());
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    h.get_by_label("Two empty armies").click();
    h.run();
    h.get_by_label("Create").click();
    h.run();
    assert!(h.state().game.battle().units.is_empty());
    // The title, typed in the battle's editor (nothing selected).
    let title = h.get_by_role_and_label(Role::TextInput, "Battle");
    title.click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_role_and_label(Role::TextInput, "Battle").type_text("Maloyaroslavets");
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(h.state().game.battle().name, "Maloyaroslavets");
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Import order of battle…").click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_role_and_label(Role::TextInput, "File path").type_text(csv.to_str().unwrap());
    h.run();
    h.get_by_role_and_label(Role::Button, "Open").click();
    h.run();
    let b = h.state().game.battle();
    assert_eq!(b.units.len(), 2, "{:?} {:?}", h.state().message, h.state().modal);
    assert_eq!((b.sides.first.name.as_str(), b.sides.second.name.as_str()), ("Русские", "Французы"));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(h.state().game.battle().units.is_empty(), "undo takes the import back");
}

/// Issue 30, finding 5: files opened for what they are. A spreadsheet goes to Import, a
/// scenario is played into a new battle, an engagement file points to `resolve`, a picture
/// says it is no text; none is called "damaged", and a stale message does not outlive a
/// new battle.
#[test]
fn files_open_for_what_they_are() {
    let dir = tempfile::tempdir().unwrap();
    let open = |h: &mut Harness<'static, CsApp>, path: &std::path::Path| {
        h.key_press_modifiers(Modifiers::COMMAND, Key::O);
        h.run();
        if h.query_by_label("Discard changes").is_some() {
            h.get_by_label("Discard changes").click();
            h.run();
        }
        assert!(matches!(h.state().modal, Modal::PathPrompt { .. }), "{path:?}: {:?}", h.state().modal);
        h.key_press_modifiers(Modifiers::COMMAND, Key::A);
        h.get_by_role_and_label(Role::TextInput, "File path").type_text(path.to_str().unwrap());
        h.run();
        h.get_by_role_and_label(Role::Button, "Open").click();
        h.run();
    };
    let mut h = harness(app());
    h.run();
    let units = h.state().game.battle().units.len();
    let csv = dir.path().join("reserve.csv");
    std::fs::write(
        &csv,
        "kind,name,side,brigade,arm,figures_start\nunit,Fusiliers,French Imperial Guard,,infantry,24\n",
    )
    .unwrap();
    open(&mut h, &csv);
    assert_eq!(h.state().game.battle().units.len(), units + 1, "{:?}", h.state().modal);
    let png = dir.path().join("table.png");
    std::fs::write(&png, [0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe]).unwrap();
    open(&mut h, &png);
    let Modal::Message(text) = &h.state().modal else { panic!("{:?}", h.state().modal) };
    assert!(text.contains("not a battle file") && !text.contains("damaged"), "{text}");
    h.key_press(Key::Enter);
    h.run();
    let engagement = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/engagements");
    let first = std::fs::read_dir(engagement)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "json"));
    if let Some(path) = first {
        open(&mut h, &path);
        let Modal::Message(text) = &h.state().modal else { panic!("{:?}", h.state().modal) };
        assert!(text.contains("resolve"), "{text}");
        h.key_press(Key::Enter);
        h.run();
    }
    let scenario = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/scenarios/ex4.json");
    open(&mut h, std::path::Path::new(scenario));
    assert!(h.state().path.is_none(), "a new battle, not yet saved");
    let said = h.state().message.clone().unwrap().text(Lang::En).to_owned();
    assert!(said.contains("scenario"), "{said}");
    // A new battle starts with nothing said of the last one.
    h.state_mut().message = Some(coldsteel::ui::Said::new(true, |_| "stale".into()));
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    h.get_by_label("Create").click();
    h.run();
    if h.query_by_label("Discard changes").is_some() {
        h.get_by_label("Discard changes").click();
        h.run();
    }
    assert!(h.state().message.as_ref().is_none_or(|m| m.text(Lang::En) != "stale"));
}

/// A battle file of the default battle in `dir`.
fn default_battle_file(dir: &std::path::Path, name: &str) -> std::path::PathBuf {
    let file = dir.join(name);
    storage::save_battle(&file, &storage::default_game().unwrap()).unwrap();
    file
}

/// The window as it starts on `file` (or the default battle), with the data folder
/// `data`: its autosaves offered, its journal begun there.
fn started(file: Option<&std::path::Path>, data: &std::path::Path) -> Harness<'static, CsApp> {
    let game = match file {
        Some(f) => storage::read_battle_file(f).unwrap(),
        None => storage::default_game().unwrap(),
    };
    let mut app = CsApp::start(game, file.map(std::path::Path::to_path_buf), Lang::En, Some(data.to_path_buf()));
    // The kept autosaves are listed off the interface's thread: their offer comes a
    // moment after the first frame (issue 41).
    app.await_kept_offer();
    let mut h = harness(app);
    h.run();
    h
}

/// The journal files kept in `data`, each with its bytes.
fn kept_bytes(data: &std::path::Path) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    storage::kept_journals(data).into_iter().map(|k| (k.path.clone(), std::fs::read(&k.path).unwrap())).collect()
}

/// Issue 41, row 1: a change, the window gone without saving (a crash); the next run
/// offers it, Not now, one change, gone again; the third run lists both, the first whole.
#[test]
fn not_now_and_one_action_keep_the_first_autosave_whole() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let file = default_battle_file(dir.path(), "b.coldsteel.json");
    let mut h = started(Some(&file), &data);
    make_a_change(&mut h);
    drop(h);
    let first = kept_bytes(&data);
    assert_eq!(first.len(), 1);

    let mut h = started(Some(&file), &data);
    h.get_by_label("Recover unsaved work?");
    h.get_by_label("Not now").click();
    h.run();
    assert!(matches!(h.state().modal, Modal::None));
    assert!(!h.state().is_dirty(), "the file as saved");
    h.get_by_label("Kiev Dragoons").click();
    h.run();
    h.get_by_label("Routing").click();
    h.run();
    drop(h);

    let h = started(Some(&file), &data);
    h.get_by_label("Unsaved work kept from earlier sessions");
    let kept = kept_bytes(&data);
    assert_eq!(kept.len(), 2, "each run's journal is kept");
    assert!(kept.contains(&first[0]), "the first journal, byte for byte");
    let recovered = storage::read_recovery(&first[0].0, Some(&file)).unwrap();
    assert_eq!(recovered.played, 1);
    assert_eq!(
        recovered.game.battle().units.iter().find(|u| u.name == "Kiev Dragoons").unwrap().order,
        Order::Wavering
    );
    // Each is listed with its battle, time and number of actions, to recover or discard.
    assert_eq!(h.query_all_by_label("Recover it").count(), 2);
    assert_eq!(h.query_all_by_label("Discard").count(), 2);
}

/// Issue 41 (start-up): the kept autosaves are listed off the interface's thread, so the
/// first frame never waits on the data folder; their offer comes on a later frame by
/// itself, and not after another battle has replaced the one it was of.
#[test]
fn the_start_up_offer_comes_on_a_later_frame_by_itself() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    for i in 0..3 {
        let saver = storage::Autosaver::start(data.clone());
        saver.begin(storage::Base::Unsaved(Box::new(storage::default_game().unwrap()), None), None, false);
        saver.record(storage::Op::Did(Box::new(coldsteel::game::Action::Note(format!("run {i}")))));
        saver.sync();
    }
    let offered = |h: &Harness<'static, CsApp>| matches!(h.state().modal, Modal::Kept(_));
    let app = CsApp::start(storage::default_game().unwrap(), None, Lang::En, Some(data.clone()));
    let mut h = harness(app);
    let mut frames = 0;
    while !offered(&h) {
        assert!(frames < 500, "the offer came within 500 frames");
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(5));
        frames += 1;
    }
    h.get_by_label("Unsaved work kept from earlier sessions");
    h.get_by_label_contains("3 autosaves");

    // Replaced before its listing is in (a file opened at once): no offer of the battle
    // that went.
    let file = default_battle_file(dir.path(), "b.coldsteel.json");
    let mut app = CsApp::start(storage::default_game().unwrap(), None, Lang::En, Some(data.clone()));
    app.run_cmd(coldsteel::ui::AppCommand::File(coldsteel::ui::FileOp::Open(Some(file))));
    app.await_kept_offer();
    let mut h = harness(app);
    h.run();
    assert!(!offered(&h), "{:?}", h.state().modal);
}

/// Issue 41, row 2: another battle's newer journal neither hides this battle's nor is
/// overwritten by work on this one; opening a battle offers its own.
#[test]
fn each_battle_keeps_its_autosave_and_opening_it_offers_it() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let a = default_battle_file(dir.path(), "a.coldsteel.json");
    let b = default_battle_file(dir.path(), "b.coldsteel.json");
    let mut h = started(Some(&a), &data);
    make_a_change(&mut h);
    drop(h);
    std::thread::sleep(std::time::Duration::from_millis(20));
    let mut h = started(Some(&b), &data);
    make_a_change(&mut h);
    drop(h);
    let b_journal = storage::recoveries_of(&data, &b).pop().unwrap().unwrap().file;
    let b_bytes = std::fs::read(&b_journal).unwrap();

    // The first battle, opened again: its own autosave is offered, not the newer one.
    let mut h = started(Some(&a), &data);
    match &h.state().modal {
        Modal::Recovery(rec, _) => assert_eq!(rec.info.source, Some(storage::canonical(&a))),
        other => panic!("{other:?}"),
    }
    h.get_by_label("Not now").click();
    h.run();
    // Opening the other battle from the window offers its autosave.
    open_through_prompt(&mut h, &b, ("File path", "Open"));
    match &h.state().modal {
        Modal::Recovery(rec, _) => assert_eq!(rec.file, b_journal),
        other => panic!("{other:?}"),
    }
    h.get_by_label("Not now").click();
    h.run();
    make_a_change(&mut h);
    drop(h);
    assert_eq!(std::fs::read(&b_journal).unwrap(), b_bytes, "the other journal is untouched");
    assert_eq!(storage::recoveries_of(&data, &a).len(), 1);
    assert_eq!(storage::recoveries_of(&data, &b).len(), 2);
}

/// Issue 41, row 5: a battle open in a window is shown in a second window as a copy,
/// saying why; the first window's live journal is never offered there, and goes on
/// whole.
#[test]
fn a_second_window_shows_a_copy_and_leaves_the_first_ones_journal_alone() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let file = default_battle_file(dir.path(), "b.coldsteel.json");
    let mut first = started(Some(&file), &data);
    make_a_change(&mut first);

    let mut second = started(Some(&file), &data);
    assert!(second.query_by_label("Recover unsaved work?").is_none(), "the live journal is not offered");
    assert_eq!(second.state().path, None, "a copy, on no disk");
    assert!(second.state().is_dirty(), "quitting asks to save the copy");
    match &second.state().modal {
        Modal::Message(text) => assert!(text.contains("is open in another coldsteel window"), "{text}"),
        other => panic!("{other:?}"),
    }
    second.get_by_label("OK").click();
    second.run();
    make_a_change(&mut second);
    // Saving the copy over the file the first window has is refused, with the reason.
    let before = std::fs::read(&file).unwrap();
    second.key_press_modifiers(Modifiers::COMMAND, Key::S);
    second.run();
    second.key_press_modifiers(Modifiers::COMMAND, Key::A);
    second.get_by_role_and_label(Role::TextInput, "File path").type_text(file.to_str().unwrap());
    second.run();
    second.get_by_label("Save").click();
    second.run();
    assert_eq!(std::fs::read(&file).unwrap(), before, "nothing written");
    assert!(matches!(&second.state().modal, Modal::Message(t) if t.contains("open in another coldsteel window")));

    // Kiev Dragoons, still selected there.
    first.get_by_label("Routing").click();
    first.run();
    first.state_mut().autosaver.as_ref().unwrap().sync();
    let live = storage::journal::live_journal_of(&data, &file).expect("the first window's journal");
    assert_eq!(storage::journal::read_journal(&live, Some(&file)).unwrap().played, 2);
    drop(first);
    drop(second);
    assert_eq!(storage::recoveries_of(&data, &file).pop().unwrap().unwrap().played, 2);
}

/// Issue 41, row 9: the window started on a damaged file opens, says what is wrong, and
/// offers the file's `.bak` and its autosave.
#[test]
fn a_damaged_file_opens_the_window_with_its_backup_and_autosave() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let file = default_battle_file(dir.path(), "b.coldsteel.json");
    // Saved twice: the second save leaves the first as the .bak.
    storage::save_battle(&file, &storage::default_game().unwrap()).unwrap();
    let mut h = started(Some(&file), &data);
    make_a_change(&mut h);
    drop(h);
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, &text[..text.len() / 2]).unwrap();
    let e = storage::read_battle_file(&file).unwrap_err();
    let mut app = CsApp::start(storage::default_game().unwrap(), None, Lang::En, Some(data.clone()));
    app.show_open_failure(&file, &e);
    let mut h = harness(app);
    h.run();
    h.get_by_label_contains("The file is cut short");
    h.get_by_label("Open the previous version (.bak)");
    h.get_by_label("Recover the autosave").click();
    h.run();
    let units = &h.state().game.battle().units;
    assert_eq!(units.iter().find(|u| u.name == "Kiev Dragoons").unwrap().order, Order::Wavering);
}

/// Issue 44: a new battle and its sides renamed in English show those names in Russian
/// until they are given there (no «Битва без названия» left behind); a name given in
/// Russian first is used in English likewise; a name given in both keeps each.
#[test]
fn a_name_given_in_one_language_is_used_in_the_other_until_given_there() {
    use coldsteel::i18n::names::{battle_title, side_name};
    use coldsteel::i18n::{Lang, T};
    use coldsteel::rules::Side;
    let mut h = harness(app());
    new_empty_battle(&mut h);
    common::layout::retype(&mut h, Lang::En.t(T::BattleTitle), "Borodino");
    common::layout::retype(&mut h, &Lang::En.fmt(T::SideNameOf, &[&1]), "French");
    let b = h.state().game.battle().clone();
    assert_eq!((battle_title(&b, Lang::Ru), side_name(&b, Side::First, Lang::Ru)), ("Borodino", "French"));
    assert_eq!(side_name(&b, Side::Second, Lang::Ru), "Вторая армия", "the side not renamed keeps its Russian name");
    h.state_mut().run_cmd(coldsteel::ui::AppCommand::SetLang(Lang::Ru));
    h.run();
    assert!(h.query_all_by_label_contains("Битва без названия").next().is_none());
    h.get_all_by_label("Borodino").next().expect("the title in the Russian window");
    // Given in Russian, each language keeps its own; the second side, named first in
    // Russian, is used in English.
    common::layout::retype(&mut h, Lang::Ru.t(T::BattleTitle), "Бородино");
    common::layout::retype(&mut h, &Lang::Ru.fmt(T::SideNameOf, &[&2]), "Русские");
    let b = h.state().game.battle().clone();
    assert_eq!((battle_title(&b, Lang::En), battle_title(&b, Lang::Ru)), ("Borodino", "Бородино"));
    assert_eq!((side_name(&b, Side::Second, Lang::En), side_name(&b, Side::Second, Lang::Ru)), ("Русские", "Русские"));
}

/// Issue 44: the embedded battle, which has no tables of its own, takes a copy of the
/// club's tables as it opens: one logged, undoable step; the first evening's rates form
/// does not come back empty; later changes to the club's tables leave the battle as it is.
#[test]
fn the_club_tables_are_copied_into_a_battle_without_tables_as_one_step() {
    use coldsteel::rules::Arm;
    use coldsteel::rules::options::DistanceRow;
    let dir = tempfile::tempdir().unwrap();
    let mut club = storage::default_game().unwrap().battle().options.clone();
    club.gdb.distances.push(DistanceRow {
        arm: Arm::HeavyCavalry,
        formation: None,
        move_cm: Some(24),
        charge_cm: Some(36),
        retreat_cm: Some(12),
        rout_cm: None,
    });
    let profile = storage::Profile::new(coldsteel::rules::Ruleset::Gdb, club.clone());
    let path = storage::club_profile_file(dir.path());
    storage::save_atomic(&path, &storage::profile_to_json(&profile)).unwrap();
    let mut app =
        CsApp::start(storage::default_game().unwrap(), None, coldsteel::i18n::Lang::En, Some(dir.path().into()));
    app.await_kept_offer();
    let mut h = harness(app);
    h.run();
    let battle = h.state().game.battle().clone();
    assert_eq!(battle.options.gdb.distances, club.gdb.distances, "the club's rates");
    let last = battle.log.last().unwrap();
    assert!(matches!(
        last.detail,
        coldsteel::model::LogDetail::Edit { action: coldsteel::game::ActionKind::AdoptPack, .. }
    ));
    // The club's tables change later: the battle keeps its copy.
    let mut changed = club.clone();
    changed.gdb.distances.clear();
    let later = storage::Profile::new(coldsteel::rules::Ruleset::Gdb, changed);
    storage::save_atomic(&path, &storage::profile_to_json(&later)).unwrap();
    h.run();
    assert_eq!(h.state().game.battle().options.gdb.distances, club.gdb.distances);
    // One undo step takes the copy back.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(h.state().game.battle().options.gdb.distances.is_empty());
}

/// Issue 45: where no file dialog opens, the path prompt browses: it lists the typed
/// folder's subfolders and the battles in it (other files left out), a click on a folder
/// goes into it, and a click on a battle takes it for Open (a double click opens it at
/// once). In both languages.
#[test]
fn the_path_prompt_lists_folders_and_battles_to_pick_from() {
    for lang in [Lang::En, Lang::Ru] {
        let dir = tempfile::tempdir().unwrap();
        let campaign = dir.path().join("campaign");
        std::fs::create_dir(&campaign).unwrap();
        std::fs::write(dir.path().join("notes.txt"), "not a battle").unwrap();
        let mut g = storage::default_game().unwrap();
        let mut info = coldsteel::model::BattleInfo::of(g.battle());
        info.name = "Borodino, day two".into();
        g.perform(&coldsteel::game::Action::EditBattle(Box::new(info))).unwrap();
        storage::save_battle(&campaign.join("day-two.coldsteel.json"), &g).unwrap();
        let mut h = harness(CsApp::new(storage::default_game().unwrap(), lang));
        h.run();
        h.key_press_modifiers(Modifiers::COMMAND, Key::O);
        h.run();
        assert!(matches!(h.state().modal, Modal::PathPrompt { .. }), "{lang:?}: the prompt");
        h.key_press_modifiers(Modifiers::COMMAND, Key::A);
        let field = lang.t(coldsteel::i18n::T::FilePath);
        let typed = format!("{}{}", dir.path().display(), std::path::MAIN_SEPARATOR);
        h.get_by_role_and_label(Role::TextInput, field).type_text(&typed);
        h.run();
        let folder = format!("campaign{}", std::path::MAIN_SEPARATOR);
        assert!(h.query_by_label("notes.txt").is_none(), "{lang:?}: only battles are listed");
        h.get_by_label(&folder).click();
        h.run();
        h.get_by_label("day-two.coldsteel.json").click();
        h.run();
        h.get_by_role_and_label(Role::Button, lang.t(coldsteel::i18n::T::Open)).click();
        h.run();
        assert!(matches!(h.state().modal, Modal::None), "{lang:?}: {:?} {:?}", h.state().message, h.state().modal);
        assert_eq!(h.state().game.battle().name, "Borodino, day two", "{lang:?}: the battle picked is open");
    }
}

/// Issue 50: Settings → Club rules: the rules named and applied (the battle then plays
/// that pack, one undo step), exported through the prompt as a pack that reads back with
/// its name, and saved as the club's.
#[test]
fn the_club_rules_are_named_exported_and_saved_from_the_settings() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let mut app = app();
    app.data_dir = Some(data.clone());
    let mut h = harness(app);
    h.run();
    h.get_by_label("Rules: General de Brigade…").click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Club rules").click();
    h.run();
    h.get_by_label("The battle's own settings and tables, under no name.");
    h.get_by_role_and_label(Role::TextInput, "Name").click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "Name").type_text("Krasnoi club");
    h.run();
    h.get_by_label("Apply").click();
    h.run();
    let pack = h.state().game.battle().pack.clone().expect("the battle names its pack");
    assert_eq!(pack.name, "Krasnoi club");
    // The battle's card names it (nothing selected).
    h.get_by_label("Club rules: «Krasnoi club», version 0");
    // Exported through the prompt (no native dialog here).
    h.get_by_label("Rules: General de Brigade…").click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Club rules").click();
    h.run();
    h.get_by_label_contains("The club's rules «Krasnoi club», version 0");
    h.get_by_label("Export these rules…").click();
    h.run();
    let out = dir.path().join("ours.coldsteel-rules.json");
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_role_and_label(Role::TextInput, "File path").type_text(out.to_str().unwrap());
    h.run();
    h.get_by_label("Save").click();
    h.run();
    let written = storage::read_pack_file(&out).unwrap();
    assert_eq!(written.id.name, "Krasnoi club");
    assert_eq!(written, h.state().game.battle().rules_pack());
    // Saved as the club's: new battles take them.
    h.get_by_label("Rules: General de Brigade…").click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Club rules").click();
    h.run();
    h.get_by_label("Save as the club's rules").click();
    h.run();
    assert_eq!(storage::read_club_pack(&data).unwrap().id.name, "Krasnoi club");
}

/// Issue 50: opening a battle whose rules are not the club's says so (never switched
/// silently), naming both; one playing the club's rules says nothing of them.
#[test]
fn opening_a_battle_under_other_rules_than_the_clubs_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let mut game = storage::default_game().unwrap();
    let mut ours = game.battle().rules_pack();
    ours.id = coldsteel::model::PackId { name: "Krasnoi club".into(), version: 2 };
    ours.options.gdb.square_break_margin = 8;
    game.perform(&coldsteel::game::Action::AdoptPack(Box::new(ours.clone()))).unwrap();
    let file = dir.path().join("b.coldsteel.json");
    storage::save_battle(&file, &game).unwrap();
    let mut club = ours.clone();
    club.id.version = 3;
    club.options.gdb.square_break_margin = 9;
    std::fs::create_dir_all(&data).unwrap();
    storage::save_pack(&storage::club_pack_file(&data), &club).unwrap();
    let mut app = app();
    app.data_dir = Some(data.clone());
    let mut h = harness(app);
    h.run();
    h.state_mut().run_cmd(coldsteel::ui::AppCommand::File(coldsteel::ui::FileOp::Open(Some(file.clone()))));
    h.run();
    let said = h.state().message.clone().unwrap().text(Lang::En).to_owned();
    assert!(said.contains("«Krasnoi club», version 2") && said.contains("«Krasnoi club», version 3"), "{said}");
    // How much the club's rules would have changed, from the battle's start.
    let diff = coldsteel::game::difference_under(&h.state().game, &club);
    assert!(
        said.contains(&format!(
            "with a different result — {}, refused — {} (of {} entries)",
            diff.results, diff.refusals, diff.entries
        )),
        "{said}"
    );
    assert_eq!(h.state().game.battle().pack.as_ref().unwrap().version, 2, "nothing switched");
    // The club's rules now the battle's: nothing said of them.
    storage::save_pack(&storage::club_pack_file(&data), &ours).unwrap();
    h.state_mut().run_cmd(coldsteel::ui::AppCommand::File(coldsteel::ui::FileOp::Open(Some(file))));
    h.run();
    let said = h.state().message.clone().unwrap().text(Lang::En).to_owned();
    assert!(!said.contains("not the club's"), "{said}");
}

/// Issue 51: Settings → Club rules: a house modifier added, its condition built from
/// lists and refused while a test lists no value, saved to the club's pack (the battle
/// keeps its rules), and taken by the battle only through the switch; in both languages.
#[test]
fn the_club_house_rules_form_saves_to_the_clubs_pack_and_the_battle_takes_them_by_switching() {
    use coldsteel::i18n::{Label, T};
    use coldsteel::rules::house::{Step, Whose};
    for lang in [Lang::En, Lang::Ru] {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        let mut app = CsApp::new(storage::default_game().unwrap(), lang);
        app.data_dir = Some(data.clone());
        let mut h = harness(app);
        h.run();
        let short = lang.t(T::RulesetGdbShort);
        h.get_by_label(&lang.fmt(T::RulesButton, &[&short])).click();
        h.run();
        h.get_by_role_and_label(Role::Button, lang.t(T::TopicClubRules)).click();
        h.run();
        h.get_by_label(lang.t(T::HouseAddModifier)).click();
        h.run();
        for (label, text) in
            [(T::HouseId, "GUARD-SQUARE"), (T::HouseLabelEn, "Guard square"), (T::HouseLabelRu, "Гвардейское каре")]
        {
            h.get_by_role_and_label(Role::TextInput, lang.t(label)).click();
            h.run();
            h.key_press_modifiers(Modifiers::COMMAND, Key::A);
            h.get_by_role_and_label(Role::TextInput, lang.t(label)).type_text(text);
            h.run();
        }
        h.get_by_label(lang.t(T::HouseAddCondition)).click();
        h.run();
        // A test that lists no value is refused, and Save waits.
        h.get_by_label_contains(lang.t(T::HouseNoValues));
        assert!(h.get_by_label(lang.t(T::HouseSave)).accesskit_node().is_disabled(), "{lang:?}");
        let infantry = coldsteel::rules::Arm::Infantry.label(lang);
        h.get_by_role_and_label(Role::CheckBox, infantry).click();
        h.run();
        // A second test: the enemy's arm is cuirassiers.
        h.get_by_label(lang.t(T::HouseAddCondition)).click();
        h.run();
        let whose = h.get_all_by_role_and_label(Role::ComboBox, lang.t(T::HouseWhose)).nth(1).unwrap();
        whose.click();
        h.run();
        h.get_by_label(Whose::Enemy.label(lang)).click();
        h.run();
        let cuirassiers = coldsteel::rules::Arm::Cuirassiers.label(lang);
        h.get_all_by_role_and_label(Role::CheckBox, cuirassiers).nth(1).unwrap().click();
        h.run();
        h.get_by_label(lang.t(T::HouseSave)).click();
        h.run();
        let club = storage::read_club_pack(&data).expect("the club's pack is written");
        let m = &club.options.gdb.house.modifiers[0];
        assert_eq!(
            (m.id.as_str(), m.label.en.as_str(), m.label.ru.as_str()),
            ("GUARD-SQUARE", "Guard square", "Гвардейское каре")
        );
        assert_eq!((m.step, m.value), (Step::GdbMelee, 1));
        let tests: Vec<_> = m.when.iter().map(|c| (c.side, c.field.as_str(), c.is.clone())).collect();
        assert_eq!(
            tests,
            vec![
                (Whose::Own, "arm", vec!["infantry".to_owned()]),
                (Whose::Enemy, "arm", vec!["cuirassiers".to_owned()])
            ],
            "{lang:?}"
        );
        assert!(h.state().game.battle().options.gdb.house.is_empty(), "{lang:?}: the battle keeps its rules");
        // The battle takes them through the switch.
        h.get_by_label(lang.t(T::HousePlayClub)).click();
        h.run();
        if let Ok(switch) = h.query_by_label(lang.t(T::SwitchPackDo)).ok_or(()) {
            switch.click();
            h.run();
        }
        assert_eq!(h.state().game.battle().options.gdb.house, club.options.gdb.house, "{lang:?}");
    }
}

/// Issue 52: File → Begin a campaign… from the open battle, then (a general lost) File →
/// Close this battle into a campaign…: the campaign file read, the closing shown, the
/// general's fate said, closed: the ledger has the battle; in both languages. Then a new
/// battle from the campaign, opened.
#[test]
fn a_campaign_is_begun_from_the_battle_and_the_battle_closed_into_it() {
    use coldsteel::i18n::{Label, T};
    use coldsteel::model::{Fate, LedgerEvent};
    for lang in [Lang::En, Lang::Ru] {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("krasnoi.coldsteel-campaign.json");
        let mut h = harness(CsApp::new(storage::default_game().unwrap(), lang));
        h.run();
        h.get_by_label(lang.t(T::FileMenu)).click();
        h.run();
        h.get_by_label(lang.t(T::CampMenuBegin)).click();
        h.run();
        h.get_by_role_and_label(Role::TextInput, lang.t(T::CampPath)).click();
        h.run();
        h.get_by_role_and_label(Role::TextInput, lang.t(T::CampPath)).type_text(file.to_str().unwrap());
        h.run();
        h.get_by_label(lang.t(T::CampBeginDo)).click();
        h.run();
        let c = storage::read_campaign_file(&file).unwrap_or_else(|e| panic!("{lang:?}: {e} {:?}", h.state().message));
        assert_eq!(c.units.len(), 25, "{lang:?}");
        assert!(matches!(h.state().modal, Modal::None), "{lang:?}");
        // A general lost in the battle.
        let walther = h.state().game.battle().generals.iter().find(|g| g.name == "Gén. Walther").unwrap().clone();
        let lost = coldsteel::game::Action::EditGeneral(coldsteel::model::General { lost: true, ..walther.clone() });
        h.state_mut().game.perform(&lost).unwrap();
        h.get_by_label(lang.t(T::FileMenu)).click();
        h.run();
        h.get_by_label(lang.t(T::CampMenuClose)).click();
        h.run();
        // The campaign file last used is there: Read.
        h.get_by_label(lang.t(T::CampRead)).click();
        h.run();
        let shown = coldsteel::i18n::names::shown(&walther.name, walther.name_ru.as_deref(), lang);
        h.get_by_label_contains(&lang.fmt(T::CampFateOf, &[&shown]));
        let close = lang.t(T::CampCloseDo);
        assert!(h.get_by_label(close).accesskit_node().is_disabled(), "{lang:?}: the fate first");
        h.get_by_label(Fate::Captured.label(lang)).click();
        h.run();
        h.get_by_label(close).click();
        h.run();
        let c = storage::read_campaign_file(&file).unwrap();
        assert_eq!(c.closed().len(), 1, "{lang:?}: {:?}", h.state().message);
        assert_eq!(c.general(walther.id).unwrap().fate, Some(Fate::Captured));
        assert!(c.ledger.iter().any(|e| matches!(e.event, LedgerEvent::GeneralLost { fate: Fate::Captured, .. })));
        if lang == Lang::Ru {
            continue;
        }
        // A new battle from the campaign: the units chosen, written, opened.
        let battle = dir.path().join("second.coldsteel.json");
        h.get_by_label(lang.t(T::FileMenu)).click();
        h.run();
        h.get_by_label(lang.t(T::CampMenuBattle)).click();
        h.run();
        h.get_by_label(lang.t(T::CampRead)).click();
        h.run();
        h.get_by_role_and_label(Role::TextInput, lang.t(T::CampBattlePath)).click();
        h.run();
        h.get_by_role_and_label(Role::TextInput, lang.t(T::CampBattlePath)).type_text(battle.to_str().unwrap());
        h.run();
        h.get_by_label(lang.t(T::CampBattleDo)).click();
        h.run();
        h.run();
        let link = h.state().game.battle().campaign.clone().expect("the battle made is open");
        assert_eq!((link.id, link.battle), (c.id.clone(), 2));
        assert!(h.state().game.battle().generals.iter().all(|g| g.id != walther.id), "Walther is captured");
        assert_eq!(storage::read_campaign_file(&file).unwrap().made().len(), 2);
        // A damaged campaign file is said so, its `.bak` offered; nothing is written.
        let text = std::fs::read_to_string(&file).unwrap();
        std::fs::write(&file, &text[..text.len() / 3]).unwrap();
        h.get_by_label(lang.t(T::FileMenu)).click();
        h.run();
        h.get_by_label(lang.t(T::CampMenuReport)).click();
        h.run();
        h.get_by_label_contains("krasnoi.coldsteel-campaign.json.bak");
    }
}

/// The mid-game example begun as a campaign under `recovery` (its battle the first) and
/// closed into it by losses, written to `file`: the battle, to open in the window.
fn turn3_closed_into(
    file: &std::path::Path,
    id: &str,
    recovery: coldsteel::rules::options::RecoveryTable,
) -> coldsteel::game::Game {
    use coldsteel::game::campaign;
    let saved = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/krasnoi-1812-turn3.coldsteel.json");
    let game = storage::read_battle_file(&saved).unwrap();
    let mut c = campaign::campaign_from(&game, id, "Krasnoi 1812", "turn3", true);
    c.pack.options.recovery = recovery;
    let closing = campaign::closing(&c, &game, coldsteel::model::ResultRule::Losses, None).unwrap();
    campaign::close(&mut c, &closing, &[], "turn3.coldsteel.json").unwrap();
    storage::save_campaign(file, &c).unwrap();
    game
}

/// Issue 53: the Campaign window returns the last closed battle's wounded (the odds of
/// each unit's die shown, the dice rolled) and begins the second day; in both languages.
#[test]
fn the_wounded_return_and_the_second_day_begins_in_the_campaign_window() {
    use coldsteel::i18n::T;
    use coldsteel::model::LedgerEvent;
    use coldsteel::rules::options::{DieRecovery, RecoveryTable};
    for lang in [Lang::En, Lang::Ru] {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("krasnoi.coldsteel-campaign.json");
        let percent = [0, 0, 50, 50, 100, 100];
        let table = RecoveryTable {
            by_result: Vec::new(),
            by_die: (1..=6u8).map(|die| DieRecovery { die, percent: percent[usize::from(die - 1)] }).collect(),
        };
        let game = turn3_closed_into(&file, "campaign-ui-53", table);
        let mut app = CsApp::new(game, lang);
        app.last_campaign = Some(file.clone());
        let mut h = harness(app);
        h.run();
        h.get_by_label(lang.t(T::FileMenu)).click();
        h.run();
        h.get_by_label(lang.t(T::CampMenuReport)).click();
        h.run();
        h.get_by_label(lang.t(T::CampTaskRecover)).click();
        h.run();
        // The odds of each unit's die, before any die.
        h.get_all_by_label_contains("33").next().expect("the odds shown");
        let recover = lang.t(T::CampRecoverDo);
        assert!(h.get_by_label(recover).accesskit_node().is_disabled(), "{lang:?}: the dice first");
        h.get_by_label(lang.t(T::RollForMe)).click();
        h.run();
        h.get_by_label(recover).click();
        h.run();
        let c = storage::read_campaign_file(&file).unwrap();
        let returned =
            c.ledger.iter().filter(|e| matches!(e.event, LedgerEvent::Recovered { die: Some(_), .. })).count();
        assert_eq!(returned, 7, "{lang:?}: a die for each of the seven units with losses");
        h.get_by_label(lang.t(T::FileMenu)).click();
        h.run();
        h.get_by_label(lang.t(T::CampMenuReport)).click();
        h.run();
        h.get_by_label(lang.t(T::CampTaskSecondDay)).click();
        h.run();
        h.get_by_label(lang.t(T::CampSecondDayDo)).click();
        h.run();
        let c = storage::read_campaign_file(&file).unwrap();
        assert!(matches!(c.ledger.last().unwrap().event, LedgerEvent::SecondDay), "{lang:?}");
        assert!(c.units.iter().all(|u| u.state != coldsteel::model::UnitState::Routed), "{lang:?}: the routed rallied");
    }
}

/// Issue 53: the first time the wounded return, the players fill in the club's recovery
/// table by result in the window (saved to the campaign's rules); the wounded return by
/// it; the campaign's own Undo and Redo take that step off and put it back; the battle,
/// closed already, is taken back from the Close tab and closed again, the ledger keeping
/// both closings. In both languages.
#[test]
fn the_recovery_table_is_filled_in_and_campaign_steps_undone_and_taken_back_in_the_window() {
    use coldsteel::game::campaign;
    use coldsteel::i18n::{Label, T};
    use coldsteel::model::LedgerEvent;
    use coldsteel::rules::options::BattleEnd;
    for lang in [Lang::En, Lang::Ru] {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("krasnoi.coldsteel-campaign.json");
        let game = turn3_closed_into(&file, "campaign-ui-53b", Default::default());
        let kiev = |file: &std::path::Path| {
            let c = storage::read_campaign_file(file).unwrap();
            c.units.iter().find(|u| u.unit.name == "Kiev Dragoons").unwrap().unit.figures
        };
        let mut app = CsApp::new(game, lang);
        app.last_campaign = Some(file.clone());
        let mut h = harness(app);
        h.run();
        let open_tab = |h: &mut egui_kittest::Harness<'_, CsApp>, tab: T| {
            h.get_by_label(lang.t(T::FileMenu)).click();
            h.run();
            h.get_by_label(lang.t(T::CampMenuReport)).click();
            h.run();
            h.get_by_label(lang.t(tab)).click();
            h.run();
        };
        open_tab(&mut h, T::CampTaskRecover);
        // No table yet: the form asks for the club's, and Save waits for every row.
        h.get_by_label(lang.t(T::CampTableNone));
        let save = lang.t(T::CampTableSave);
        assert!(h.get_by_label(save).accesskit_node().is_disabled(), "{lang:?}: every row first");
        for (end, percent) in [(BattleEnd::Won, "70"), (BattleEnd::Drawn, "60"), (BattleEnd::Lost, "50")] {
            h.get_by_role_and_label(Role::TextInput, end.label(lang)).click();
            h.run();
            h.get_by_role_and_label(Role::TextInput, end.label(lang)).type_text(percent);
            h.run();
        }
        assert!(!h.get_by_label(save).accesskit_node().is_disabled(), "{lang:?}: every row typed");
        h.get_by_label(save).click();
        h.run();
        let table = storage::read_campaign_file(&file).unwrap().pack.options.recovery;
        let rows: Vec<(BattleEnd, u32)> = table.by_result.iter().map(|r| (r.end, r.percent)).collect();
        assert_eq!(rows, [(BattleEnd::Won, 70), (BattleEnd::Drawn, 60), (BattleEnd::Lost, 50)], "{lang:?}");
        // By it, the wounded return: Kiev lost 4 on the losing side, half come back.
        h.get_by_label(lang.t(T::CampRecoverDo)).click();
        h.run();
        assert_eq!(kiev(&file), 10, "{lang:?}: 8 + 2");
        // The campaign's own Undo and Redo.
        open_tab(&mut h, T::CampTaskRecover);
        let step = coldsteel::i18n::errors::step_text(lang, &campaign::StepDone::Recovered(1));
        h.get_by_label(&lang.fmt(T::CampUndo, &[&step])).click();
        h.run();
        assert_eq!(kiev(&file), 8, "{lang:?}: the return undone");
        h.get_by_label(&lang.fmt(T::CampRedo, &[&step])).click();
        h.run();
        assert_eq!(kiev(&file), 10, "{lang:?}: and redone");
        // The battle, closed already, taken back and closed again.
        h.get_by_label(lang.t(T::CampTaskClose)).click();
        h.run();
        h.get_by_label(&lang.fmt(T::CampTakeBackDo, &[&1])).click();
        h.run();
        assert_eq!(kiev(&file), 12, "{lang:?}: the closing and its wounded no longer count");
        h.get_by_label(lang.t(T::CampCloseDo)).click();
        h.run();
        let c = storage::read_campaign_file(&file).unwrap();
        let closings = c.ledger.iter().filter(|e| matches!(e.event, LedgerEvent::BattleClosed { .. })).count();
        let taken = c.ledger.iter().filter(|e| e.event == LedgerEvent::TakenBack).count();
        assert_eq!((closings, taken, c.closed().len()), (2, 1, 1), "{lang:?}");
        assert_eq!(kiev(&file), 8, "{lang:?}: the closing again counts");
        // The file changed behind the window's back (the command line began the second
        // day): the window's Undo writes nothing over it and says why.
        open_tab(&mut h, T::CampTaskRecover);
        let mut behind = storage::read_campaign_file(&file).unwrap();
        campaign::second_day(&mut behind).unwrap();
        storage::save_campaign(&file, &behind).unwrap();
        let step = coldsteel::i18n::errors::step_text(lang, &campaign::StepDone::Closed(1));
        h.get_by_label(&lang.fmt(T::CampUndo, &[&step])).click();
        h.run();
        assert_eq!(storage::read_campaign_file(&file).unwrap(), behind, "{lang:?}: nothing written over");
        assert_eq!(h.state().message.as_ref().map(|m| m.text(lang)), Some(lang.t(T::CampReadChanged)), "{lang:?}");
    }
}

/// Issue 53's trial: a battle with unsaved changes is saved as it is closed into its
/// campaign, so that the campaign records the battle file as it is (it did not, and the
/// report then said the file had changed since).
#[test]
fn closing_a_battle_with_unsaved_changes_saves_it_first() {
    use coldsteel::game::campaign;
    use coldsteel::i18n::T;
    let dir = tempfile::tempdir().unwrap();
    let battle = dir.path().join("turn3.coldsteel.json");
    std::fs::copy(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/krasnoi-1812-turn3.coldsteel.json"),
        &battle,
    )
    .unwrap();
    let game = storage::read_battle_file(&battle).unwrap();
    let c = campaign::campaign_from(&game, "campaign-ui-save", "Krasnoi 1812", "turn3", true);
    storage::save_campaign(&dir.path().join("turn3.coldsteel-campaign.json"), &c).unwrap();
    let mut app = CsApp::new(game, Lang::En);
    app.path = Some(battle.clone());
    let mut h = harness(app);
    h.run();
    make_a_change(&mut h);
    assert!(h.state().is_dirty());
    h.get_by_label(Lang::En.t(T::FileMenu)).click();
    h.run();
    h.get_by_label(Lang::En.t(T::CampMenuClose)).click();
    h.run();
    h.get_by_label(Lang::En.t(T::CampUnsavedClose));
    h.get_by_label(Lang::En.t(T::CampSaveAndClose)).click();
    h.run();
    assert!(!h.state().is_dirty(), "saved");
    let c = storage::read_campaign_file(&dir.path().join("turn3.coldsteel-campaign.json")).unwrap();
    let on_disk = storage::read_battle_file(&battle).unwrap();
    assert_eq!(c.closed().first().map(|x| x.hash.to_owned()), Some(coldsteel::model::battle_hash(on_disk.battle())));
}
