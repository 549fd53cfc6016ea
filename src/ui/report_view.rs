//! The report window: a preview of the battle report, and Save PDF, Save Markdown,
//! roster sheets, Copy as text and Print.

use egui::{RichText, Ui};

use super::app::{CsApp, Modal, PathPurpose};
use super::modals::Choice;
use crate::i18n::{Lang, T};
use crate::report::{markdown, pdf, summary};

/// What was chosen in the report window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportChoice {
    /// Close the window.
    Close,
    /// Save the report as PDF.
    SavePdf,
    /// Save the report as Markdown.
    SaveMarkdown,
    /// Save the roster sheets as PDF.
    RosterPdf,
    /// Copy the report as text.
    Copy,
    /// Write the PDF and open it in the system viewer.
    Print,
}

/// The report window.
pub fn report_ui(ui: &mut Ui, lang: Lang, text: &str) -> Choice {
    let mut choice = None;
    egui::Modal::new(egui::Id::unique("coldsteel-report")).show(ui.ctx(), |ui| {
        ui.set_width(760.0);
        ui.heading(lang.t(T::ReportTitle));
        ui.horizontal_wrapped(|ui| {
            for (label, c) in [
                (T::SavePdf, ReportChoice::SavePdf),
                (T::SaveMarkdown, ReportChoice::SaveMarkdown),
                (T::RosterSheets, ReportChoice::RosterPdf),
                (T::CopyText, ReportChoice::Copy),
                (T::Print, ReportChoice::Print),
                (T::Close, ReportChoice::Close),
            ] {
                if ui.button(lang.t(label)).clicked() {
                    choice = Some(c);
                }
            }
        });
        ui.separator();
        let height = (ui.ctx().content_rect().height() - 220.0).max(200.0);
        egui::ScrollArea::both().max_height(height).show(ui, |ui| {
            ui.add(egui::Label::new(RichText::new(text).monospace().size(11.0)).wrap_mode(egui::TextWrapMode::Extend));
        });
        if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
            choice = Some(ReportChoice::Close);
        }
    });
    choice.map_or(Choice::None, Choice::from)
}

impl CsApp {
    /// Carries out a report-window choice.
    pub(super) fn report_choice(&mut self, choice: ReportChoice) {
        let stem =
            self.path.as_ref().and_then(|p| p.file_stem()).map(|s| s.to_string_lossy().replace(".coldsteel", ""));
        let stem = stem.unwrap_or_else(|| "battle".into());
        let (purpose, name) = match choice {
            ReportChoice::SavePdf => (PathPurpose::ReportPdf, format!("{stem}-report.pdf")),
            ReportChoice::SaveMarkdown => (PathPurpose::ReportMarkdown, format!("{stem}-report.md")),
            ReportChoice::RosterPdf => (PathPurpose::RosterPdf, format!("{stem}-roster.pdf")),
            ReportChoice::Copy => {
                if let Modal::Report(text) = &self.modal {
                    self.copy_request = Some(text.clone());
                }
                self.message = Some((self.lang.t(T::Copied).to_owned(), false));
                return;
            }
            ReportChoice::Print => return self.print(),
            ReportChoice::Close => {
                self.modal = Modal::None;
                return;
            }
        };
        self.modal = Modal::None;
        match self.pick_save_path(&name) {
            Some(Some(path)) => self.write_report(purpose, &path),
            Some(None) => {}
            None => self.modal = Modal::PathPrompt { purpose, text: name, error: None },
        }
    }

    /// Writes a report file (atomically) and says where.
    pub(super) fn write_report(&mut self, purpose: PathPurpose, path: &std::path::Path) {
        let battle = &self.game.battle;
        let bytes = match purpose {
            PathPurpose::ReportPdf => {
                pdf::to_pdf(&summary::battle_report(battle, self.lang)).map_err(|e| e.to_string())
            }
            PathPurpose::RosterPdf => {
                pdf::to_pdf(&summary::roster_sheets(battle, self.lang)).map_err(|e| e.to_string())
            }
            _ => Ok(markdown::to_markdown(&summary::battle_report(battle, self.lang)).into_bytes()),
        };
        // A report never replaces the open battle file, and keeps no .bak (it can be made again).
        let open_battle = self.path.as_deref().is_some_and(|open| crate::storage::same_file(open, path));
        let result = if open_battle {
            Err(self.lang.t(T::ReportOverBattle).to_owned())
        } else {
            bytes.and_then(|b| crate::storage::save_output(path, &b).map_err(|e| e.to_string()))
        };
        self.message = Some(match result {
            Ok(()) => (self.lang.fmt(T::Saved, &[&path.display()]), false),
            Err(e) => (self.lang.fmt(T::CannotSave, &[&e, &path.display()]), true),
        });
    }

    /// Writes the report PDF to the temporary folder and opens it in the system viewer.
    fn print(&mut self) {
        let path = std::env::temp_dir().join("coldsteel-report.pdf");
        self.write_report(PathPurpose::ReportPdf, &path);
        let opener = if cfg!(target_os = "macos") {
            "open"
        } else if cfg!(windows) {
            "explorer"
        } else {
            "xdg-open"
        };
        if let Err(e) = std::process::Command::new(opener).arg(&path).spawn() {
            self.message = Some((self.lang.fmt(T::CannotOpenViewer, &[&e, &path.display()]), true));
        }
    }
}
