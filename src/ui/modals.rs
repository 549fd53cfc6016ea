//! Modal dialogs: unsaved changes, recovery, the in-app path prompt, new battle, and
//! messages that must be acknowledged.

use egui::{Key, RichText, Ui};

use super::app::{CsApp, Modal};
use super::command::{AppCommand, FileOp, PathPurpose, Template};
use super::handler::Recovery;
use super::theme;
use crate::i18n::{Label, T};
use crate::rules::Ruleset;

/// What the user chose in a modal; carried out after drawing.
pub(super) enum Choice {
    None,
    Close,
    SaveThen(FileOp),
    Discard(FileOp),
    Recover,
    Path(PathPurpose, String),
    /// A command of its own (the report window's).
    Command(AppCommand),
    New(Template, Ruleset),
}

impl CsApp {
    /// Draws the open modal, if any; its choice becomes a command for the handler.
    pub(super) fn modal_ui(&mut self, ui: &mut Ui, cmds: &mut Vec<AppCommand>) {
        self.refresh_browse();
        let unsaved = self.is_dirty();
        let choice = match &mut self.modal {
            Modal::None => {
                // The next dialog opened starts its own guard.
                ui.ctx().data_mut(|d| d.remove::<(u64, f64)>(guard_id()));
                return;
            }
            Modal::Unsaved(op) => unsaved_ui(ui, self.lang, op),
            Modal::Recovery(rec, when) => recovery_ui(ui, self.lang, rec, when),
            Modal::Kept(list) => kept_ui(ui, self.lang, list),
            Modal::PathPrompt { purpose, text, error } => {
                let listing = self.browse.as_ref().and_then(|b| b.listing.as_ref());
                path_ui(ui, self.lang, (*purpose, listing), text, error.as_deref())
            }
            Modal::Report(text) => {
                super::report_view::report_ui(ui, self.lang, text).map_or(Choice::None, Choice::Command)
            }
            Modal::Settings(_) => return,
            Modal::FirstRates(form) => {
                cmds.extend(form.ui(ui, self.lang, self.game.battle()));
                return;
            }
            Modal::NewBattle { template, ruleset } => new_ui(ui, self.lang, template, ruleset),
            Modal::Message(text) => message_ui(ui, self.lang, text),
            Modal::OtherSideDeclares { charge, side } => {
                other_side_ui(ui, self.lang, self.game.battle(), *charge, *side)
            }
            Modal::JournalFull(full) => journal_full_ui(ui, self.lang, *full),
            Modal::TestsOwed { reason } => {
                let owed = crate::game::morale_tests::owed_tests(self.game.battle()).len();
                tests_owed_ui(ui, self.lang, owed, reason)
            }
            Modal::Unfinished(undone) => {
                let choice = unfinished_ui(ui, self.lang, *undone, self.game.battle());
                // The dialog goes before the wizard it opens.
                if matches!(choice, Choice::Command(_)) {
                    cmds.push(AppCommand::CloseModal);
                }
                choice
            }
            Modal::About => about_ui(ui, self.lang, self.data_dir.as_deref()),
            Modal::Guide => guide_ui(ui, self.lang),
            Modal::SwitchPack(switch) => switch_pack_ui(ui, self.lang, &switch.0, &switch.1),
            Modal::Campaign(form) => {
                cmds.extend(super::campaign_form::campaign_ui(ui, self.lang, form, &self.game, unsaved));
                return;
            }
            Modal::OpenFailed { text, detail, backup, recovery } => {
                open_failed_ui(ui, self.lang, text, detail, backup.as_deref(), recovery.is_some())
            }
        };
        cmds.extend(match choice {
            Choice::None => None,
            Choice::Close => Some(AppCommand::CloseModal),
            Choice::SaveThen(op) => Some(AppCommand::SaveThen(op)),
            Choice::Discard(op) => Some(AppCommand::Discard(op)),
            Choice::Recover => Some(AppCommand::Recover),
            Choice::Path(purpose, text) => Some(AppCommand::PathChosen(purpose, text)),
            Choice::Command(cmd) => Some(cmd),
            Choice::New(template, ruleset) => Some(AppCommand::NewBattle(template, ruleset)),
        });
    }
}

/// What keeps the open dialog's first 300 ms from taking a click (issue 30).
fn guard_id() -> egui::Id {
    egui::Id::unique("coldsteel-modal-guard")
}

/// Drawn last in a dialog, over all of it: a click in its first 300 ms is not an answer.
pub(super) fn guard(ui: &mut Ui) {
    let rect = ui.min_rect();
    super::widgets::click_guard(ui, guard_id(), 1, rect);
}

fn window(title: &str) -> egui::Modal {
    egui::Modal::new(egui::Id::unique(("coldsteel-modal", title)))
}

fn unsaved_ui(ui: &mut Ui, lang: crate::i18n::Lang, op: &FileOp) -> Choice {
    let mut choice = Choice::None;
    window("unsaved").show(ui.ctx(), |ui| {
        ui.heading(lang.t(T::UnsavedTitle));
        ui.label(lang.t(T::UnsavedText));
        ui.horizontal(|ui| {
            if ui.button(lang.t(T::SaveFirst)).clicked() {
                choice = Choice::SaveThen(op.clone());
            }
            if ui.button(lang.t(T::Discard)).clicked() {
                choice = Choice::Discard(op.clone());
            }
            if ui.button(lang.t(T::Cancel)).clicked() || ui.input(|i| i.key_pressed(Key::Escape)) {
                choice = Choice::Close;
            }
        });
        guard(ui);
    });
    choice
}

fn recovery_ui(ui: &mut Ui, lang: crate::i18n::Lang, rec: &Recovery, when: &str) -> Choice {
    let mut choice = Choice::None;
    let of = match &rec.info.source {
        Some(p) => p.display().to_string(),
        None => lang.t(T::UnsavedBattle).to_owned(),
    };
    window("recovery").show(ui.ctx(), |ui| {
        ui.set_max_width(640.0);
        ui.heading(lang.t(T::RecoveryTitle));
        let title = crate::i18n::names::battle_title(rec.game.battle(), lang);
        ui.label(lang.fmt(T::RecoveryText, &[&when, &of, &title]));
        let actions = lang.count(rec.played, crate::i18n::Noun::Action);
        if rec.unread > 0 {
            ui.label(RichText::new(lang.fmt(T::RecoveryUnread, &[&actions, &rec.unread])).color(theme::WARN));
        } else {
            ui.label(lang.fmt(T::RecoveryActions, &[&actions]));
        }
        if let Some(note) = source_note(lang, rec) {
            ui.label(RichText::new(note).color(theme::WARN));
        }
        ui.horizontal(|ui| {
            if ui.button(lang.t(T::Recover)).clicked() {
                choice = Choice::Recover;
            }
            if ui.button(lang.t(T::NotNow)).on_hover_text(lang.t(T::NotNowTip)).clicked() {
                choice = Choice::Close;
            }
            if ui.button(lang.t(T::DiscardAutosave)).on_hover_text(lang.t(T::DiscardAutosaveTip)).clicked() {
                choice = Choice::Command(AppCommand::DiscardKept(rec.file.clone()));
            }
        });
        guard(ui);
    });
    choice
}

/// What recovery says of the battle file against the autosave (issue 41): changed since,
/// and which is newer; or gone.
fn source_note(lang: crate::i18n::Lang, rec: &Recovery) -> Option<String> {
    use super::handler::SourceState;
    match &rec.source_state {
        SourceState::NoFile | SourceState::AsBegun => None,
        SourceState::Missing => {
            let file = rec.info.source.as_ref().map(|p| p.display().to_string()).unwrap_or_default();
            Some(lang.fmt(T::RecoveryFileMissing, &[&file]))
        }
        SourceState::Differs { modified_ms } => {
            let saved = modified_ms.unwrap_or(0);
            let when = super::handler::when_text(saved);
            Some(if saved > rec.info.written_at_ms {
                lang.fmt(T::RecoveryFileNewer, &[&when])
            } else {
                lang.fmt(T::RecoveryFileOlder, &[&when])
            })
        }
    }
}

/// The autosaves kept from earlier runs: how many (at start-up), or each with its battle,
/// file, time and actions, to recover or discard.
fn kept_ui(ui: &mut Ui, lang: crate::i18n::Lang, list: &super::app::KeptList) -> Choice {
    use super::app::KeptList;
    let mut choice = Choice::None;
    window("kept").show(ui.ctx(), |ui| {
        ui.set_max_width(760.0);
        ui.heading(lang.t(T::KeptTitle));
        match list {
            KeptList::Unlisted => {}
            KeptList::Count(n) => {
                ui.label(lang.fmt(T::KeptCount, &[n]));
            }
            KeptList::Rows(rows) if rows.is_empty() => {
                ui.label(lang.t(T::KeptEmpty));
            }
            KeptList::Rows(rows) => {
                egui::ScrollArea::vertical().id_salt("kept-autosaves").max_height(420.0).show(ui, |ui| {
                    for row in rows {
                        if let Some(c) = kept_row_ui(ui, lang, row) {
                            choice = c;
                        }
                    }
                });
            }
        }
        ui.horizontal(|ui| {
            if matches!(list, KeptList::Count(_)) && ui.button(lang.t(T::KeptShow)).clicked() {
                choice = Choice::Command(AppCommand::ShowKept);
            }
            let at_start = matches!(list, KeptList::Count(_));
            let button = ui.button(lang.t(if at_start { T::NotNow } else { T::Close }));
            let button = if at_start { button.on_hover_text(lang.t(T::NotNowTip)) } else { button };
            if button.clicked() || ui.input(|i| i.key_pressed(Key::Escape)) {
                choice = Choice::Close;
            }
        });
        guard(ui);
    });
    choice
}

fn kept_row_ui(ui: &mut Ui, lang: crate::i18n::Lang, row: &super::app::KeptRow) -> Option<Choice> {
    let mut choice = None;
    ui.horizontal_wrapped(|ui| {
        let file = row.file.as_ref().map_or_else(|| lang.t(T::KeptNeverSaved).to_owned(), |p| p.display().to_string());
        let actions = match &row.actions {
            Ok(n) => lang.count(usize::try_from(*n).unwrap_or(usize::MAX), crate::i18n::Noun::Action),
            Err(reason) => lang.fmt(T::KeptUnreadable, &[reason]),
        };
        ui.label(lang.fmt(T::KeptRow, &[&row.title, &file, &row.when, &actions]));
        if row.actions.is_ok() && ui.button(lang.t(T::Recover)).clicked() {
            choice = Some(Choice::Command(AppCommand::File(FileOp::Recover(row.journal.clone()))));
        }
        if ui.button(lang.t(T::DiscardAutosave)).on_hover_text(lang.t(T::DiscardAutosaveTip)).clicked() {
            choice = Some(Choice::Command(AppCommand::DiscardKept(row.journal.clone())));
        }
    });
    ui.separator();
    choice
}

fn path_ui(
    ui: &mut Ui,
    lang: crate::i18n::Lang,
    (purpose, listing): (PathPurpose, Option<&super::handler::Listing>),
    text: &mut String,
    error: Option<&str>,
) -> Choice {
    let mut choice = Choice::None;
    window("path").show(ui.ctx(), |ui| {
        let (title, hint) = prompt_words(purpose);
        ui.heading(lang.t(title));
        ui.label(lang.t(hint));
        let edit = ui.add(egui::TextEdit::singleline(text).desired_width(460.0)).accessible_name(lang.t(T::FilePath));
        edit.request_focus();
        if let Some(e) = error {
            ui.colored_label(theme::ERROR, e);
        }
        if let Some(listing) = listing
            && browse_ui(ui, lang, listing, purpose, text)
        {
            choice = Choice::Path(purpose, text.clone());
        }
        ui.horizontal(|ui| {
            let ok = lang.t(if purpose.writes() { T::Save } else { T::Open });
            if ui.button(ok).clicked() || ui.input(|i| i.key_pressed(Key::Enter)) {
                choice = Choice::Path(purpose, text.clone());
            }
            if ui.button(lang.t(T::Cancel)).clicked() || ui.input(|i| i.key_pressed(Key::Escape)) {
                choice = Choice::Close;
            }
        });
        guard(ui);
    });
    choice
}

/// The folder's subfolders and files under the path: a click on a folder goes into it
/// (keeping the file name typed, to save there), on a file takes it; a double click on a
/// file chooses it at once (given back as `true`).
fn browse_ui(
    ui: &mut Ui,
    lang: crate::i18n::Lang,
    listing: &super::handler::Listing,
    purpose: PathPurpose,
    text: &mut String,
) -> bool {
    // The name typed stays when saving into another folder; the typed path is the
    // listed folder itself when it names no file.
    let typed = std::path::Path::new(text.trim());
    let names_file = typed != listing.dir && !text.ends_with(std::path::MAIN_SEPARATOR);
    let kept = match typed.file_name() {
        Some(name) if purpose.writes() && names_file => name.to_string_lossy().into_owned(),
        Some(_) | None => String::new(),
    };
    ui.label(RichText::new(lang.fmt(T::BrowseIn, &[&listing.dir.display()])).weak());
    let mut picked = None;
    egui::ScrollArea::vertical()
        .id_salt("coldsteel-path-browse")
        .max_height(BROWSE_H)
        .auto_shrink([false, true])
        .show(ui, |ui| picked = listing_rows_ui(ui, lang, listing, (typed, &kept)));
    match picked {
        Some((path, chosen)) => {
            *text = path;
            chosen
        }
        None => false,
    }
}

/// The rows of a folder's listing: up, its folders, its files. Gives the path clicked and
/// whether it was chosen at once (a double click on a file).
fn listing_rows_ui(
    ui: &mut Ui,
    lang: crate::i18n::Lang,
    listing: &super::handler::Listing,
    (typed, kept): (&std::path::Path, &str),
) -> Option<(String, bool)> {
    let mut picked = None;
    if let Some(parent) = listing.dir.parent().filter(|p| !p.as_os_str().is_empty())
        && ui.selectable_label(false, lang.t(T::BrowseUp)).clicked()
    {
        picked = Some((in_folder(parent, kept), false));
    }
    for folder in &listing.folders {
        if ui.selectable_label(false, format!("{folder}{}", std::path::MAIN_SEPARATOR)).clicked() {
            picked = Some((in_folder(&listing.dir.join(folder), kept), false));
        }
    }
    for file in &listing.files {
        let response = ui.selectable_label(typed == listing.dir.join(file), file);
        if response.clicked() || response.double_clicked() {
            picked = Some((in_folder(&listing.dir, file), response.double_clicked()));
        }
    }
    if listing.folders.is_empty() && listing.files.is_empty() {
        ui.label(RichText::new(lang.t(T::BrowseEmpty)).weak());
    }
    if listing.more {
        ui.label(RichText::new(lang.fmt(T::BrowseMore, &[&super::handler::MAX_LISTED])).weak());
    }
    picked
}

/// `name` in the folder `dir`, as the prompt shows a path.
fn in_folder(dir: &std::path::Path, name: &str) -> String {
    let mut path = dir.to_string_lossy().into_owned();
    if !path.ends_with(std::path::MAIN_SEPARATOR) {
        path.push(std::path::MAIN_SEPARATOR);
    }
    path + name
}

/// The browsed folder's list: this high at most, then it scrolls.
const BROWSE_H: f32 = 220.0;

/// The prompt's title and the kind of file it asks for.
fn prompt_words(purpose: PathPurpose) -> (T, T) {
    match purpose {
        PathPurpose::Open => (T::OpenTitle, T::PathHint),
        PathPurpose::Save => (T::SaveAsTitle, T::PathHint),
        PathPurpose::ReportPdf => (T::SaveReportPdfTitle, T::PdfPathHint),
        PathPurpose::RosterPdf => (T::SaveRosterPdfTitle, T::PdfPathHint),
        PathPurpose::ReportMarkdown => (T::SaveReportMdTitle, T::MdPathHint),
        PathPurpose::LoadProfile => (T::LoadProfileTitle, T::ProfilePathHint),
        PathPurpose::SaveProfile => (T::SaveProfileTitle, T::ProfilePathHint),
        PathPurpose::ImportOob => (T::OobImportTitle, T::CsvPathHint),
        PathPurpose::ExportOob => (T::OobExportTitle, T::CsvPathHint),
        PathPurpose::TableSvg => (T::ExportSvgTitle, T::SvgPathHint),
    }
}

fn new_ui(ui: &mut Ui, lang: crate::i18n::Lang, template: &mut Template, ruleset: &mut Ruleset) -> Choice {
    let mut choice = Choice::None;
    window("new").show(ui.ctx(), |ui| {
        ui.heading(lang.t(T::NewBattleTitle));
        ui.label(RichText::new(lang.t(T::StartFrom)).strong());
        ui.radio_value(template, Template::Default, lang.t(T::TemplateDefault));
        ui.radio_value(template, Template::Empty, lang.t(T::TemplateEmpty));
        ui.label(RichText::new(lang.t(T::RulesetHeading)).strong());
        for r in Ruleset::ALL {
            ui.radio_value(ruleset, *r, r.label(lang));
        }
        ui.horizontal(|ui| {
            if ui.button(lang.t(T::Create)).clicked() {
                choice = Choice::New(*template, *ruleset);
            }
            if ui.button(lang.t(T::Cancel)).clicked() || ui.input(|i| i.key_pressed(Key::Escape)) {
                choice = Choice::Close;
            }
        });
        guard(ui);
    });
    choice
}

/// A file that did not open: plain words, the detail, and what can be opened instead.
fn open_failed_ui(
    ui: &mut Ui,
    lang: crate::i18n::Lang,
    text: &str,
    detail: &str,
    backup: Option<&std::path::Path>,
    autosave: bool,
) -> Choice {
    let mut choice = Choice::None;
    window("open-failed").show(ui.ctx(), |ui| {
        ui.set_max_width(560.0);
        ui.heading(lang.t(T::CannotOpenTitle));
        ui.label(RichText::new(text).strong());
        ui.label(RichText::new(detail).weak());
        ui.horizontal(|ui| {
            if let Some(bak) = backup
                && ui.button(lang.t(T::OpenBackup)).on_hover_text(bak.display().to_string()).clicked()
            {
                choice = Choice::Command(AppCommand::File(FileOp::Open(Some(bak.to_path_buf()))));
            }
            if autosave && ui.button(lang.t(T::OpenAutosave)).clicked() {
                choice = Choice::Recover;
            }
            let keys = ui.input(|i| i.key_pressed(Key::Escape) || i.key_pressed(Key::Enter));
            if ui.button(lang.t(T::Ok)).clicked() || keys {
                choice = Choice::Close;
            }
        });
        guard(ui);
    });
    choice
}

/// Help → About: what coldsteel is, its version and licence, where it keeps its data,
/// and whose rules it helps to play (it contains no rules text).
fn about_ui(ui: &mut Ui, lang: crate::i18n::Lang, data_dir: Option<&std::path::Path>) -> Choice {
    let mut choice = Choice::None;
    window("about").show(ui.ctx(), |ui| {
        ui.set_max_width(560.0);
        ui.heading(format!("coldsteel {}", env!("CARGO_PKG_VERSION")));
        ui.label(lang.t(T::AboutWhat));
        ui.add_space(6.0);
        ui.label(lang.fmt(T::AboutLicence, &[&env!("CARGO_PKG_LICENSE")]));
        let folder = data_dir.map_or_else(|| lang.t(T::AboutNoDataFolder).to_owned(), |d| d.display().to_string());
        ui.label(lang.fmt(T::AboutDataFolder, &[&folder]));
        ui.add_space(6.0);
        ui.label(RichText::new(lang.t(T::AboutCreditsTitle)).strong());
        ui.label(lang.t(T::AboutCreditsGdb));
        ui.label(lang.t(T::AboutCreditsB));
        ui.label(lang.t(T::AboutNoRulesText));
        ui.add_space(6.0);
        if ui.button(lang.t(T::Ok)).clicked() || ui.input(|i| i.key_pressed(Key::Enter) || i.key_pressed(Key::Escape)) {
            choice = Choice::Close;
        }
        guard(ui);
    });
    choice
}

/// The short guide (F1, issue 30): a turn's flow, the keys, and where each rule comes from
/// (sources and clause IDs, never the rules' text).
fn guide_ui(ui: &mut Ui, lang: crate::i18n::Lang) -> Choice {
    let mut choice = Choice::None;
    window("guide").show(ui.ctx(), |ui| {
        ui.set_max_width(640.0);
        ui.heading(lang.t(T::GuideTitle));
        let height = (ui.ctx().content_rect().height() - 200.0).max(200.0);
        egui::ScrollArea::vertical().id_salt("guide").max_height(height).show(ui, |ui| {
            for (title, body) in [
                (T::GuideTurnTitle, T::GuideTurn),
                (T::GuideKeysTitle, T::GuideKeys),
                (T::GuideSourcesTitle, T::GuideSources),
            ] {
                ui.add_space(6.0);
                ui.label(RichText::new(lang.t(title)).strong());
                for line in lang.t(body).lines() {
                    ui.label(line);
                }
            }
        });
        ui.add_space(6.0);
        if ui.button(lang.t(T::Ok)).clicked() || ui.input(|i| i.key_pressed(Key::Enter) || i.key_pressed(Key::Escape)) {
            choice = Choice::Close;
        }
        guard(ui);
    });
    choice
}

/// Tests still owed: take them now, carry them into the next phase, or drop them.
/// Issue 43: Next phase past declared charges not carried out or melees not fought: do
/// them now (the default), or go on (the declarations lapse; the units in base contact stay
/// so).
fn unfinished_ui(
    ui: &mut Ui,
    lang: crate::i18n::Lang,
    undone: crate::game::Unfinished,
    battle: &crate::model::Battle,
) -> Choice {
    use crate::game::Unfinished;
    use crate::i18n::Noun;
    let (title, text, now, on) = match undone {
        Unfinished::Charges(n) => (
            T::ChargesUndoneTitle,
            lang.fmt(T::ChargesUndoneText, &[&lang.count(n, Noun::Charge)]),
            T::CarryThemOutNow,
            T::LetThemLapse,
        ),
        Unfinished::Melees(n) => (
            T::MeleesUnfoughtTitle,
            lang.fmt(T::MeleesUnfoughtText, &[&lang.count(n, Noun::Melee)]),
            T::FightThemNow,
            T::LeaveThemUnfought,
        ),
    };
    let mut choice = Choice::None;
    window("unfinished").show(ui.ctx(), |ui| {
        ui.set_max_width(520.0);
        ui.heading(lang.t(title));
        ui.label(text);
        ui.horizontal(|ui| {
            // Now: the first of them opens (closing the dialog when none may be done yet),
            // looked for when asked, not every frame.
            if ui.button(RichText::new(lang.t(now)).strong()).clicked() {
                choice = super::turn_panel::first_unfinished(battle).map_or(Choice::Close, Choice::Command);
            } else if ui.input(|i| i.key_pressed(Key::Escape)) {
                choice = Choice::Close;
            }
            if ui.button(lang.t(on)).clicked() {
                choice = Choice::Command(AppCommand::LeaveUnfinished);
            }
        });
        guard(ui);
    });
    choice
}

fn tests_owed_ui(ui: &mut Ui, lang: crate::i18n::Lang, owed: usize, reason: &mut String) -> Choice {
    let mut choice = Choice::None;
    window("tests-owed").show(ui.ctx(), |ui| {
        ui.set_max_width(520.0);
        ui.heading(lang.t(T::TestsOwedTitle));
        ui.label(lang.fmt(T::TestsOwedText, &[&lang.count(owed, crate::i18n::Noun::Test)]));
        ui.horizontal(|ui| {
            if ui.button(RichText::new(lang.t(T::TakeThemNow)).strong()).clicked() {
                choice = Choice::Command(AppCommand::TakeOwedTests);
            } else if ui.input(|i| i.key_pressed(Key::Escape)) {
                choice = Choice::Close;
            }
            if ui.button(lang.t(T::CarryThem)).clicked() {
                choice = Choice::Command(AppCommand::CarryTestsAndAdvance);
            }
        });
        ui.horizontal(|ui| {
            ui.label(lang.t(T::DropReason));
            ui.add(egui::TextEdit::singleline(reason).desired_width(240.0)).accessible_name(lang.t(T::DropReason));
            let ok = !reason.trim().is_empty();
            if ui.add_enabled(ok, egui::Button::new(lang.t(T::DropThem))).clicked() {
                choice = Choice::Command(AppCommand::DropTestsAndAdvance(reason.clone()));
            }
        });
        guard(ui);
    });
    choice
}

/// The journal or the file is full: continue in a new file from the current state (where
/// that leaves room to go on), or not now.
fn journal_full_ui(ui: &mut Ui, lang: crate::i18n::Lang, full: super::app::Full) -> Choice {
    use super::app::Full;
    let mut choice = Choice::None;
    let (title, text, can_go_on) = match full {
        Full::Entries => (
            T::JournalFullTitle,
            lang.fmt(
                T::JournalFullText,
                &[&lang.count(crate::model::limits::MAX_LOG_ENTRIES, crate::i18n::Noun::Entry)],
            ),
            true,
        ),
        Full::Bytes { bytes, room_to_go_on } => {
            let limit = crate::model::limits::MAX_FILE_BYTES / (1024 * 1024);
            let said = lang.fmt(T::FileFullText, &[&bytes, &limit]);
            let then = lang.t(if room_to_go_on { T::FileFullGoOn } else { T::FileFullNoRoom });
            (T::FileFullTitle, format!("{said} {then}"), room_to_go_on)
        }
    };
    window("journal-full").show(ui.ctx(), |ui| {
        ui.set_max_width(520.0);
        ui.heading(lang.t(title));
        ui.label(text);
        ui.horizontal(|ui| {
            if can_go_on && ui.button(RichText::new(lang.t(T::ContinueInNewFile)).strong()).clicked() {
                choice = Choice::Command(AppCommand::ContinueInNewFile);
            }
            let close = if can_go_on { T::NotNow } else { T::Close };
            if ui.button(lang.t(close)).clicked() || ui.input(|i| i.key_pressed(Key::Escape)) {
                choice = Choice::Close;
            }
        });
        guard(ui);
    });
    choice
}

/// Before a club's rules pack is taken (issue 50): what it would have changed from the
/// battle's start; past entries keep their results.
fn switch_pack_ui(
    ui: &mut Ui,
    lang: crate::i18n::Lang,
    pack: &crate::model::RulesPack,
    diff: &crate::game::PackDifference,
) -> Choice {
    let mut choice = Choice::None;
    window("switch-pack").show(ui.ctx(), |ui| {
        ui.set_max_width(560.0);
        let name = crate::i18n::names::pack_name(lang, &pack.id.name);
        ui.heading(lang.fmt(T::SwitchPackTitle, &[&name, &pack.id.version]));
        ui.label(lang.fmt(T::SwitchPackText, &[&diff.results, &diff.refusals, &diff.entries]));
        ui.label(lang.t(T::SwitchPackKeeps));
        ui.horizontal(|ui| {
            if ui.button(egui::RichText::new(lang.t(T::SwitchPackDo)).strong()).clicked() {
                choice = Choice::Command(AppCommand::SwitchPack);
            }
            if ui.button(lang.t(T::Cancel)).clicked() || ui.input(|i| i.key_pressed(Key::Escape)) {
                choice = Choice::Close;
            }
        });
        guard(ui);
    });
    choice
}

fn message_ui(ui: &mut Ui, lang: crate::i18n::Lang, text: &str) -> Choice {
    let mut choice = Choice::None;
    window("message").show(ui.ctx(), |ui| {
        ui.set_max_width(520.0);
        ui.label(text);
        if ui.button(lang.t(T::Ok)).clicked() || ui.input(|i| i.key_pressed(Key::Enter) || i.key_pressed(Key::Escape)) {
            choice = Choice::Close;
        }
        guard(ui);
    });
    choice
}

/// GDB-CHG-03, 04 (issue 43): one side's one-click Declare closed its declarations; the
/// other side declares its own, an opportunity charge at the charger among them, before
/// any charge is carried out, or declares none and the charges are carried out.
fn other_side_ui(
    ui: &mut Ui,
    lang: crate::i18n::Lang,
    battle: &crate::model::Battle,
    (charger, target): (crate::model::UnitId, crate::model::UnitId),
    side: crate::rules::Side,
) -> Choice {
    let mut choice = Choice::None;
    let name = |id| super::wizard::common::unit_name(battle, id, lang);
    let side_name = |s| crate::i18n::names::side_name(battle, s, lang);
    window("other-side-declares").show(ui.ctx(), |ui| {
        ui.set_max_width(560.0);
        ui.heading(lang.fmt(T::OtherDeclaresTitle, &[&side_name(side)]));
        ui.label(
            lang.fmt(
                T::OtherDeclaresText,
                &[&side_name(side.other()), &name(charger), &name(target), &side_name(side)],
            ),
        );
        ui.label(RichText::new(lang.t(T::OtherDeclaresHow)).weak());
        ui.horizontal(|ui| {
            let none = ui.button(RichText::new(lang.fmt(T::OtherDeclaresNone, &[&side_name(side)])).strong());
            if none.clicked() {
                choice = Choice::Command(AppCommand::NoneDeclared(side));
            }
            let declare = ui.button(lang.fmt(T::OtherDeclaresSome, &[&side_name(side)]));
            if declare.clicked() || ui.input(|i| i.key_pressed(Key::Escape)) {
                choice = Choice::Close;
            }
        });
        guard(ui);
    });
    choice
}
