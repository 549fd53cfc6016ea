//! The battle log, grouped by turn and phase and filterable by turn and unit, with each
//! entry's full breakdown on click; and the undo history.

use egui::{RichText, Ui};

use super::command::AppCommand;
use crate::game::{Action, History};
use crate::i18n::log_text::{entry_lines, entry_summary};
use crate::i18n::{Label, Lang, T};
use crate::model::{Battle, LogDetail, UnitId};

/// What the log view shows.
#[derive(Debug, Default)]
pub struct LogView {
    /// Only this turn.
    pub turn: Option<u32>,
    /// Only entries about this unit.
    pub unit: Option<UnitId>,
    /// Show roster edits too.
    pub show_edits: bool,
    /// The entry opened for its breakdown.
    pub open: Option<u64>,
    /// Show the undo history instead of the log.
    pub history: bool,
    /// A note being written.
    pub note: String,
    /// The note is the umpire's, hidden from the players (issue 32).
    pub note_hidden: bool,
    /// The entry to scroll to at the next frame (hidden edits just shown).
    pub scroll_to: Option<u64>,
}

/// The log (or the undo history).
pub fn log_ui(
    ui: &mut Ui,
    lang: Lang,
    battle: &Battle,
    history: &History,
    view: &mut LogView,
    cmds: &mut Vec<AppCommand>,
) {
    // Wrapped: in Russian the filters need more than the panel's width (issue 45).
    ui.horizontal_wrapped(|ui| {
        ui.selectable_value(&mut view.history, false, RichText::new(lang.t(T::Log)).strong());
        ui.selectable_value(&mut view.history, true, RichText::new(lang.t(T::History)).strong());
        if !view.history {
            filters_ui(ui, lang, battle, view);
        }
    });
    if !view.history {
        note_ui(ui, lang, view, cmds);
    }
    ui.separator();
    if view.history {
        history_ui(ui, lang, battle, history, cmds);
    } else {
        entries_ui(ui, lang, battle, view, cmds);
    }
}

/// A note for the log: the players', or the umpire's hidden from the players' view.
fn note_ui(ui: &mut Ui, lang: Lang, view: &mut LogView, cmds: &mut Vec<AppCommand>) {
    ui.horizontal(|ui| {
        let field =
            ui.add(egui::TextEdit::singleline(&mut view.note).hint_text(lang.t(T::NoteHint)).desired_width(220.0));
        let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        ui.checkbox(&mut view.note_hidden, lang.t(T::NoteUmpires)).on_hover_text(lang.t(T::NoteHiddenFromPlayers));
        let add = ui.add_enabled(!view.note.trim().is_empty(), egui::Button::new(lang.t(T::AddNote))).clicked();
        if (add || entered) && !view.note.trim().is_empty() {
            let text = view.note.trim().to_owned();
            let action = if view.note_hidden { Action::HiddenNote(text) } else { Action::Note(text) };
            cmds.push(AppCommand::Perform(action));
            view.note.clear();
        }
    });
}

fn filters_ui(ui: &mut Ui, lang: Lang, battle: &Battle, view: &mut LogView) {
    let turn_text = view.turn.map_or_else(|| lang.t(T::AllTurns).to_owned(), |t| lang.fmt(T::TurnN, &[&t]));
    let turns = egui::ComboBox::from_id_salt("log_turn").selected_text(turn_text).width(90.0).show_ui(ui, |ui| {
        ui.selectable_value(&mut view.turn, None, lang.t(T::AllTurns));
        for t in 1..=battle.turn {
            ui.selectable_value(&mut view.turn, Some(t), lang.fmt(T::TurnN, &[&t]));
        }
    });
    turns.response.accessible_name(lang.t(T::FilterTurn));
    let unit_text = view
        .unit
        .and_then(|id| battle.unit(id))
        .map_or_else(|| lang.t(T::AllUnits).to_owned(), |u| u.display_name(lang == Lang::Ru).to_owned());
    let units =
        egui::ComboBox::from_id_salt("log_unit").selected_text(unit_text).width(180.0).wrap().show_ui(ui, |ui| {
            ui.selectable_value(&mut view.unit, None, lang.t(T::AllUnits));
            for u in &battle.units {
                ui.selectable_value(&mut view.unit, Some(u.id), u.display_name(lang == Lang::Ru));
            }
        });
    units.response.accessible_name(lang.t(T::FilterUnit));
    ui.checkbox(&mut view.show_edits, lang.t(T::ShowEdits));
}

/// A line of the log view: a turn-and-phase heading, or an entry (by index).
enum Row {
    Heading(u32, crate::rules::Phase),
    Entry(usize),
    /// A run of roster edits the log does not show: their numbers and how many (issue 45:
    /// a new battle's log began at 37, its first 36 entries nowhere to be seen).
    HiddenEdits {
        first: u64,
        last: u64,
        count: usize,
    },
}

/// The roster edits hidden since the last row shown.
#[derive(Default)]
struct HiddenRun {
    first: Option<(u64, u32, crate::rules::Phase)>,
    last: u64,
    count: usize,
}

impl HiddenRun {
    /// Whether the entry goes on the run (none yet, or one of the same turn and phase).
    fn takes(&self, e: &crate::model::LogEntry) -> bool {
        self.first.is_none_or(|(_, turn, phase)| (turn, phase) == (e.turn, e.phase))
    }

    fn add(&mut self, e: &crate::model::LogEntry) {
        self.first.get_or_insert((e.seq, e.turn, e.phase));
        self.last = e.seq;
        self.count += 1;
    }

    /// The run as a row under its heading, if there was one; a new run begins.
    fn flush(&mut self, rows: &mut Vec<Row>, heading: &mut Option<(u32, crate::rules::Phase)>) {
        let run = std::mem::take(self);
        let Some((first, turn, phase)) = run.first else { return };
        if *heading != Some((turn, phase)) {
            *heading = Some((turn, phase));
            rows.push(Row::Heading(turn, phase));
        }
        rows.push(Row::HiddenEdits { first, last: run.last, count: run.count });
    }
}

const ROW_H: f32 = 20.0;

fn entries_ui(ui: &mut Ui, lang: Lang, battle: &Battle, view: &mut LogView, cmds: &mut Vec<AppCommand>) {
    let mut rows = Vec::new();
    let mut heading = None;
    let mut hidden = HiddenRun::default();
    for (i, e) in battle.log.iter().enumerate() {
        let filtered = view.turn.is_none_or(|t| e.turn == t) && view.unit.is_none_or(|u| e.units.contains(&u));
        let edit = matches!(e.detail, LogDetail::Edit { .. });
        if filtered && edit && !view.show_edits {
            // A run stays under one heading: a new turn or phase begins a new run.
            if !hidden.takes(e) {
                hidden.flush(&mut rows, &mut heading);
            }
            hidden.add(e);
            continue;
        }
        let shown = filtered
            && !matches!(&e.detail, LogDetail::Phase { expired, moved, .. } if expired.is_empty() && moved.is_empty());
        if !shown {
            continue;
        }
        hidden.flush(&mut rows, &mut heading);
        if heading != Some((e.turn, e.phase)) {
            heading = Some((e.turn, e.phase));
            rows.push(Row::Heading(e.turn, e.phase));
        }
        rows.push(Row::Entry(i));
    }
    hidden.flush(&mut rows, &mut heading);
    if rows.is_empty() {
        ui.label(RichText::new(lang.t(T::LogEmpty)).weak());
        return;
    }
    // Only the open entry is taller; every other row has one height, so only the rows
    // in view are laid out, however long the log.
    let open_height = view
        .open
        .and_then(|seq| battle.log.iter().find(|e| e.seq == seq))
        .map_or(0.0, |e| opened_height(ui, lang, battle, e));
    let opened = view.open;
    let height = |r: &Row| match r {
        Row::Entry(i) if battle.log.get(*i).map(|e| e.seq) == opened => open_height,
        Row::Heading(..) | Row::Entry(_) | Row::HiddenEdits { .. } => ROW_H,
    };
    let total: f32 = rows.iter().map(height).sum();
    let mut area = egui::ScrollArea::vertical().id_salt("log_entries").auto_shrink([false, false]);
    match view.scroll_to.take().and_then(|seq| offset_of(&rows, battle, seq, height)) {
        Some(y) => area = area.vertical_scroll_offset(y),
        None => area = area.stick_to_bottom(true),
    }
    area.show_viewport(ui, |ui, viewport| {
        ui.set_min_height(total);
        let top = ui.min_rect().top();
        let width = ui.available_width();
        let mut y = 0.0;
        for row in &rows {
            let h = height(row);
            if y + h >= viewport.min.y && y <= viewport.max.y {
                let rect = egui::Rect::from_min_size(egui::pos2(ui.min_rect().left(), top + y), egui::vec2(width, h));
                let mut child = ui
                    .new_child(egui::UiBuilder::new().max_rect(rect).layout(egui::Layout::top_down(egui::Align::Min)));
                // One line per row: long entries are cut, their breakdown shows in full.
                child.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
                row_ui(&mut child, lang, battle, row, view, cmds);
            }
            y += h;
        }
    });
}

/// The height of the open entry: its summary and its breakdown wrapped at the log's
/// width (issue 45: cut at the panel's edge), and the copy button.
fn opened_height(ui: &Ui, lang: Lang, battle: &Battle, e: &crate::model::LogEntry) -> f32 {
    let width = ui.available_width() - ui.spacing().scroll.bar_width - 4.0;
    let spacing = ui.spacing().item_spacing.y;
    let tall = |text: String, font: egui::FontId| {
        ui.ctx().fonts_mut(|f| f.layout(text, font, egui::Color32::WHITE, width).size().y) + spacing
    };
    let font = |style: egui::TextStyle| ui.style().text_styles.get(&style).cloned().unwrap_or_default();
    let (body, mono) = (font(egui::TextStyle::Body), font(egui::TextStyle::Monospace));
    let summary = tall(entry_text(lang, battle, e), body);
    let lines: f32 = entry_lines(lang, battle, e).into_iter().map(|l| tall(format!("    {l}"), mono.clone())).sum();
    summary + lines + ROW_H + ui.spacing().button_padding.y * 2.0
}

/// An entry's line: its number and what happened.
fn entry_text(lang: Lang, battle: &Battle, e: &crate::model::LogEntry) -> String {
    format!("{:>4}  {}", e.seq, entry_summary(lang, battle, e))
}

/// How far down the rows the entry `seq` stands (its heading with it).
fn offset_of(rows: &[Row], battle: &Battle, seq: u64, height: impl Fn(&Row) -> f32) -> Option<f32> {
    let at =
        rows.iter().position(|r| matches!(r, Row::Entry(i) if battle.log.get(*i).is_some_and(|e| e.seq == seq)))?;
    let above = at.saturating_sub(usize::from(at > 0 && matches!(rows[at - 1], Row::Heading(..))));
    Some(rows[..above].iter().map(height).sum())
}

fn row_ui(ui: &mut Ui, lang: Lang, battle: &Battle, row: &Row, view: &mut LogView, cmds: &mut Vec<AppCommand>) {
    match row {
        Row::HiddenEdits { first, last, count } => {
            let numbers = if first == last { format!("{first:>4}") } else { format!("{first:>4}–{last}") };
            let edits = lang.count(*count, crate::i18n::Noun::RosterEdit);
            let text = RichText::new(lang.fmt(T::LogEditsHidden, &[&numbers, &edits])).weak();
            if ui.selectable_label(false, text).on_hover_text(lang.t(T::ShowEdits)).clicked() {
                view.show_edits = true;
                view.scroll_to = Some(*first);
            }
        }
        Row::Heading(turn, phase) => {
            ui.label(RichText::new(lang.fmt(T::TurnPhase, &[turn, &phase.label(lang)])).strong());
        }
        Row::Entry(i) => {
            let Some(entry) = battle.log.get(*i) else { return };
            let open = view.open == Some(entry.seq);
            if open {
                // Open, the entry is shown whole: its summary and breakdown wrap.
                ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
            }
            let row = ui.selectable_label(open, entry_text(lang, battle, entry));
            // Closed, a long entry is cut at the log's edge: the pointer shows it whole.
            let row = if open {
                row
            } else {
                row.on_hover_ui(|ui| {
                    ui.label(entry_summary(lang, battle, entry));
                })
            };
            if row.clicked() {
                view.open = if open { None } else { Some(entry.seq) };
            }
            if open {
                for line in entry_lines(lang, battle, entry) {
                    ui.label(RichText::new(format!("    {line}")).monospace());
                }
                if ui.small_button(lang.t(T::CopyEntryReport)).clicked() {
                    cmds.push(AppCommand::CopyEntryReport(entry.seq));
                }
            }
        }
    }
}

fn history_ui(ui: &mut Ui, lang: Lang, battle: &Battle, history: &History, cmds: &mut Vec<AppCommand>) {
    egui::ScrollArea::vertical().auto_shrink([false, false]).stick_to_bottom(true).show(ui, |ui| {
        if history.done.is_empty() && history.undone.is_empty() {
            ui.label(RichText::new(lang.t(T::HistoryEmpty)).weak());
        }
        for (i, step) in history.done.iter().enumerate() {
            let label = super::roster::step_label(lang, battle, step);
            let newest = i + 1 == history.done.len();
            let text = if newest { RichText::new(label).strong() } else { RichText::new(label) };
            let response = ui.selectable_label(false, text).on_hover_text(lang.t(T::UndoToHere));
            if response.clicked() {
                for _ in i + 1..history.done.len() {
                    cmds.push(AppCommand::Undo);
                }
            }
        }
        for step in history.undone.iter().rev() {
            ui.label(RichText::new(super::roster::step_label(lang, battle, step)).weak().italics());
        }
    });
}
