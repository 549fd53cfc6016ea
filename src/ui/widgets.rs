//! Small widgets shared by the panels: badges, translated combo boxes, text fields
//! that commit on Enter or when focus leaves.

use egui::{Color32, RichText, Ui};

use super::theme;
use crate::i18n::{Label, Lang, T};

/// A coloured, rounded label.
pub fn badge_ui(ui: &mut Ui, text: &str, (fill, fg): (Color32, Color32)) -> egui::Response {
    egui::Frame::new()
        .fill(fill)
        .corner_radius(theme::BADGE_RADIUS)
        .inner_margin(egui::Margin::symmetric(6, 1))
        .show(ui, |ui| ui.label(RichText::new(text).color(fg).small()))
        .response
}

/// A combo box over a vocabulary enum with translated labels; returns the new value
/// when the user picks a different one.
pub fn enum_combo_ui<E: Label + PartialEq>(ui: &mut Ui, label: &str, lang: Lang, current: E, all: &[E]) -> Option<E> {
    let mut picked = None;
    let combo = egui::ComboBox::from_id_salt(label).selected_text(current.label(lang)).width(190.0).wrap();
    let inner = combo.show_ui(ui, |ui| {
        for value in all {
            if ui.selectable_label(*value == current, value.label(lang)).clicked() && *value != current {
                picked = Some(*value);
            }
        }
    });
    inner.response.accessible_name(label);
    picked
}

/// A combo box over optional choices given as (value, label) pairs.
pub fn option_combo_ui<V: Copy + PartialEq>(
    ui: &mut Ui,
    label: &str,
    current: Option<V>,
    none_label: &str,
    choices: &[(V, String)],
) -> Option<Option<V>> {
    let shown =
        current.and_then(|c| choices.iter().find(|(v, _)| *v == c).map(|(_, l)| l.as_str())).unwrap_or(none_label);
    let mut picked = None;
    let combo = egui::ComboBox::from_id_salt(label).selected_text(shown).width(190.0).wrap();
    let inner = combo.show_ui(ui, |ui| {
        if ui.selectable_label(current.is_none(), none_label).clicked() && current.is_some() {
            picked = Some(None);
        }
        for (v, label) in choices {
            if ui.selectable_label(current == Some(*v), label).clicked() && current != Some(*v) {
                picked = Some(Some(*v));
            }
        }
    });
    inner.response.accessible_name(label);
    picked
}

/// A single-line text field that reports its text when the user presses Enter or
/// leaves it.
pub fn committing_text_ui(ui: &mut Ui, buffer: &mut String, width: f32, label: &str) -> bool {
    let response = ui.add(egui::TextEdit::singleline(buffer).desired_width(width));
    response.accessible_name(label).lost_focus()
}

/// An editor's edit as the game judges it, before it is sent: its refusal is shown under
/// the fields it is about. A full journal is left to the handler, which offers to go on in
/// a new file; an edit that changes nothing to the handler too, which says nothing of it
/// (issue 45: a red "Not changed: nothing to change" for a value typed again).
pub fn judged_edit(
    action: crate::game::Action,
    battle: &crate::model::Battle,
) -> Result<crate::game::Action, crate::game::ActionError> {
    use crate::game::ActionError;
    use crate::model::Problem;
    match crate::game::check(&action, battle) {
        Ok(_) | Err(ActionError::NoChange | ActionError::Invalid(Problem::OutOfRange { field: "log", .. })) => {
            Ok(action)
        }
        Err(e) => Err(e),
    }
}

/// How long after a step or a dialog changes a click is not taken as an answer (issue 30:
/// a double click answers one question, not two).
pub const CLICK_GUARD_S: f64 = 0.3;

/// Over `rect`, takes every click for [`CLICK_GUARD_S`] after `key` changes (a wizard's
/// step, a dialog opened): drawn after the step's widgets, it is the one on top. `id`
/// keeps what the guard last saw.
pub fn click_guard(ui: &mut Ui, id: egui::Id, key: u64, rect: egui::Rect) {
    let now = ui.input(|i| i.time);
    let seen = ui.ctx().data(|d| d.get_temp::<(u64, f64)>(id));
    let since = match seen {
        Some((k, at)) if k == key => at,
        Some(_) | None => {
            ui.ctx().data_mut(|d| d.insert_temp(id, (key, now)));
            now
        }
    };
    let left = CLICK_GUARD_S - (now - since);
    if left > 0.0 {
        let _ = ui.interact(rect, id.with("guard"), egui::Sense::click());
        ui.ctx().request_repaint_after(std::time::Duration::from_secs_f64(left));
    }
}

/// A whole number in `range`, dragged or typed. A typed value outside the range, or not
/// whole, is refused: the field keeps its value and says the range beside it, never
/// clamping silently (issue 30: the rules settings turned "−3" into 1).
pub fn bounded_ui<N: egui::emath::Numeric>(
    ui: &mut Ui,
    value: &mut N,
    range: std::ops::RangeInclusive<N>,
    name: &str,
    lang: Lang,
) -> egui::Response {
    let (lo, hi) = (range.start().to_f64(), range.end().to_f64());
    let mut typed = value.to_f64();
    let r = ui.add(egui::DragValue::new(&mut typed).speed(0.1).max_decimals(0)).accessible_name(name);
    let refused_id = r.id.with("refused");
    if r.changed() {
        let whole = typed.fract() == 0.0 && (lo..=hi).contains(&typed);
        if whole || r.dragged() {
            // A drag stays in the range as it goes.
            *value = N::from_f64(typed.clamp(lo, hi).round());
            ui.ctx().data_mut(|d| d.remove::<f64>(refused_id));
        } else {
            ui.ctx().data_mut(|d| d.insert_temp(refused_id, typed));
        }
    }
    if let Some(bad) = ui.ctx().data(|d| d.get_temp::<f64>(refused_id)) {
        let text = lang.fmt(T::OutOfRangeKept, &[&bad, &lo, &hi, &value.to_f64()]);
        ui.colored_label(theme::ERROR, text);
    }
    r
}

/// The input events of a frame that came after a Tab, held for the next frame (issue 44):
/// egui moves the keyboard focus between frames, so "10", Tab, "0" typed faster than one
/// frame would otherwise put "100" in the first field. A Tab among held events moves the
/// focus itself, as egui saw it only in the frame it was typed.
#[derive(Debug, Default)]
pub struct AfterTab {
    held: Vec<egui::Event>,
}

/// A Tab pressed, and whether backwards (Shift+Tab).
fn tab_press(e: &egui::Event) -> Option<bool> {
    if let egui::Event::Key { key: egui::Key::Tab, pressed: true, modifiers, .. } = e {
        Some(modifiers.shift)
    } else {
        None
    }
}

impl AfterTab {
    /// Puts the held events before this frame's, and holds what comes after this frame's
    /// first Tab.
    pub fn hold_keys_after_tab(&mut self, ctx: &egui::Context) {
        let held = std::mem::take(&mut self.held);
        // A Tab held from the last frame was not seen by egui's focus this frame.
        let held_tab = held.iter().find_map(tab_press);
        let mut rest = Vec::new();
        ctx.input_mut(|i| {
            let mut events = held;
            events.append(&mut i.events);
            if let Some(cut) = events.iter().position(|e| tab_press(e).is_some()) {
                rest = events.split_off(cut + 1);
            }
            i.events = events;
        });
        if let Some(back) = held_tab {
            let direction = if back { egui::FocusDirection::Previous } else { egui::FocusDirection::Next };
            ctx.memory_mut(|m| m.move_focus(direction));
        }
        if !rest.is_empty() {
            self.held = rest;
            ctx.request_repaint();
        }
    }
}
