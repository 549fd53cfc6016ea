//! The report window: a preview of the battle report, and Save PDF, Save Markdown,
//! roster sheets, Copy as text and Print.

use egui::{RichText, Ui};

use super::command::{AppCommand, PathPurpose, ReportChoice};
use crate::i18n::{Lang, T};
use crate::report::{markdown, pdf, summary};

/// The table's drawing, shared by the Table tab, the SVG export and the PDF's maps.
pub use crate::report::map::{Focus, Ink, Mark, Scene, area_outline, scene};

/// The report window.
pub fn report_ui(ui: &mut Ui, lang: Lang, text: &str) -> Option<AppCommand> {
    let mut choice = None;
    egui::Modal::new(egui::Id::unique("coldsteel-report")).show(ui.ctx(), |ui| {
        // As wide as the screen allows: the paragraphs wrap at 100 characters, the units
        // tables are wider.
        ui.set_width((ui.ctx().content_rect().width() - 80.0).clamp(600.0, 1100.0));
        ui.heading(lang.t(T::ReportTitle));
        ui.horizontal_wrapped(|ui| {
            for (label, c) in [
                (T::SavePdf, ReportChoice::SavePdf),
                (T::SaveMarkdown, ReportChoice::SaveMarkdown),
                (T::RosterSheets, ReportChoice::RosterPdf),
                (T::CopyText, ReportChoice::Copy),
                (T::Print, ReportChoice::Print),
            ] {
                if ui.button(lang.t(label)).clicked() {
                    choice = Some(AppCommand::Report(c));
                }
            }
            if ui.button(lang.t(T::Close)).clicked() {
                choice = Some(AppCommand::CloseModal);
            }
        });
        ui.separator();
        let height = (ui.ctx().content_rect().height() - 160.0).max(200.0);
        egui::ScrollArea::both().max_height(height).show(ui, |ui| {
            ui.add(egui::Label::new(RichText::new(text).monospace().size(11.0)).wrap_mode(egui::TextWrapMode::Extend));
        });
        if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
            choice = Some(AppCommand::CloseModal);
        }
    });
    choice
}

/// Whether a text is an engagement file (`coldsteel resolve`).
pub fn is_engagement(text: &str) -> bool {
    crate::resolve::parse(text).is_ok()
}

/// The battle report as the window previews it (text).
pub fn report_text(game: &crate::game::Game, lang: Lang) -> String {
    markdown::to_text(&summary::game_report(game, lang))
}

/// One log entry's report as text, for the clipboard.
pub fn entry_report_text(battle: &crate::model::Battle, lang: Lang, seq: u64) -> Option<String> {
    let entry = battle.log.iter().find(|e| e.seq == seq)?;
    Some(markdown::to_text(&summary::entry_report(battle, lang, entry)))
}

/// The bytes of a report file: PDF, roster sheets or Markdown.
/// `focus` is what the table view's selection adds to its SVG.
pub fn report_bytes(
    purpose: PathPurpose,
    game: &crate::game::Game,
    lang: Lang,
    focus: Focus,
) -> Result<Vec<u8>, pdf::PdfError> {
    let battle = game.battle();
    match purpose {
        PathPurpose::ReportPdf => pdf::to_pdf(&summary::game_report(game, lang)),
        PathPurpose::RosterPdf => pdf::to_pdf(&summary::roster_sheets(battle, lang)),
        PathPurpose::TableSvg => Ok(crate::report::map::svg(&scene(battle, lang, focus)).into_bytes()),
        PathPurpose::Open
        | PathPurpose::Save
        | PathPurpose::ReportMarkdown
        | PathPurpose::LoadProfile
        | PathPurpose::SaveProfile
        | PathPurpose::ImportOob
        | PathPurpose::ExportOob => Ok(markdown::to_markdown(&summary::game_report(game, lang)).into_bytes()),
    }
}

/// The campaign's report as text, for the Campaign window (issue 52).
pub fn campaign_report_text(campaign: &crate::model::Campaign, lang: Lang) -> String {
    markdown::to_text(&crate::report::campaign::campaign_report(campaign, &[], lang))
}

/// The campaign's report as PDF or Markdown bytes, or why not.
pub fn campaign_report_bytes(
    campaign: &crate::model::Campaign,
    lang: Lang,
    pdf: bool,
) -> Result<Vec<u8>, crate::report::pdf::PdfError> {
    let report = crate::report::campaign::campaign_report(campaign, &[], lang);
    if pdf { crate::report::pdf::to_pdf(&report) } else { Ok(markdown::to_markdown(&report).into_bytes()) }
}

/// A battle's closing into a campaign, explained a line each.
pub fn closing_lines(
    lang: Lang,
    campaign: &crate::model::Campaign,
    closing: &crate::game::campaign::Closing,
) -> Vec<String> {
    crate::report::campaign::closing_lines(lang, campaign, closing, &[])
}

/// A general's name as the campaign's lists have it, in the interface language.
pub fn campaign_general_name(
    campaign: &crate::model::Campaign,
    id: crate::model::GeneralId,
    name: &str,
    lang: Lang,
) -> String {
    crate::report::campaign::general_name(campaign, id, name, lang)
}
