//! Fields the wizards share that carry the game's verdict: a number with the game's bound
//! (Confirm disabled with the reason), and a test rolled on the players' table.

use egui::{RichText, Ui};

use crate::i18n::{Lang, T};
use crate::model::Battle;
use crate::rules::options::TestKind;

/// The players' modifier of a test as typed: blank is none; at most 100 either way.
pub fn typed_modifier(text: &str) -> Option<i32> {
    let typed = text.trim();
    if typed.is_empty() { Some(0) } else { modifier_value(typed) }
}

/// A modifier typed, at most 100 either way.
pub fn modifier_value(text: &str) -> Option<i32> {
    text.parse::<i32>().ok().filter(|m| m.unsigned_abs() <= 100)
}

/// The row of the players' table a typed 2D6 and modifier fall in, shown; the dice, the
/// modifier and the row's result when there is one.
pub fn test_roll_ui(
    ui: &mut Ui,
    lang: Lang,
    battle: &Battle,
    (kind, unit): (TestKind, Option<crate::model::UnitId>),
    dice: &super::common::DiceField,
    modifier: &str,
) -> Option<(Vec<crate::rules::dice::D6>, i32, String)> {
    let Some(modifier) = typed_modifier(modifier) else {
        ui.colored_label(crate::ui::theme::ERROR, lang.t(T::ModifierNotNumber));
        return None;
    };
    // Ruleset B's tests roll one D6 (B-MEL-17).
    let count = crate::game::procedure::test_dice_count(battle);
    let d = super::common::parse_d6(&dice.text, count).ok()?;
    match crate::game::procedure::test_reading(battle, kind, unit, &d, modifier) {
        Ok(reading) => {
            // The club's modifiers for this unit's test, each with its source (issue 51).
            if !reading.house.is_empty() {
                super::common::modifiers_ui(ui, lang, lang.t(T::ClubModifiersTitle), &reading.house);
            }
            let row = reading.row;
            ui.label(lang.fmt(T::TableRow, &[&reading.total, &row.from, &row.to, &row.result]));
            Some((d, modifier, row.result.clone()))
        }
        Err(no_row) => {
            ui.colored_label(crate::ui::theme::ERROR, lang.fmt(T::NoTableRow, &[&no_row.0]));
            None
        }
    }
}

/// A field's label and whether it takes the focus as its step arrives.
pub struct Field<'a> {
    pub label: &'a str,
    pub focus: bool,
}

/// A number the players type and confirm, with the game's bound: Confirm stays disabled
/// and the reason shows while `over` refuses the number.
pub fn bounded_number_ui(
    ui: &mut Ui,
    lang: Lang,
    field: Field<'_>,
    text: &mut String,
    over: impl Fn(u32) -> Option<String>,
) -> Option<u32> {
    let mut out = None;
    ui.horizontal(|ui| {
        let n = super::common::number_focus_ui(ui, field.label, text, 50.0, field.focus);
        let why = n.and_then(&over);
        let ok = n.is_some() && why.is_none();
        // Enter confirms a complete step, as the button does (issue 44).
        let enter = ui.input(|i| i.key_pressed(egui::Key::Enter) && i.modifiers.is_none());
        if ui.add_enabled(ok, egui::Button::new(lang.t(T::Confirm))).clicked() || (ok && enter) {
            out = n;
        }
        // The reason keeps its place, so Confirm does not move as it comes and goes.
        ui.label(RichText::new(why.unwrap_or_default()).color(crate::ui::theme::ERROR));
    });
    out
}
