//! Pieces every wizard step uses: the one-sentence prompt, modifier lists, the odds
//! bar chart, typed-or-rolled dice, and the footer buttons.

use crate::rules::dice::D6;
use egui::{RichText, Ui};

use crate::i18n::{Label, Lang, T};
use crate::model::RngState;
use crate::rules::{DieKind, Modifier};
use crate::ui::{roller, theme};

/// The one sentence saying what the rules ask now.
pub fn prompt_ui(ui: &mut Ui, text: &str) {
    ui.label(RichText::new(text).strong().size(PROMPT_SIZE));
    ui.add_space(4.0);
}

/// The size of a step's question.
const PROMPT_SIZE: f32 = 15.0;

/// A wizard's first question, in `lines` lines' room however many it takes (up to that
/// many), so that the fields and boxes under it keep their places from one wizard to the
/// next (issue 44: a heading that wrapped moved every box below it under the pointer).
/// Each wizard reserves what its longest prompt takes, in Russian, with the longest names.
pub fn opening_prompt_ui(ui: &mut Ui, text: &str, lines: u8) {
    let top = ui.cursor().top();
    ui.label(RichText::new(text).strong().size(PROMPT_SIZE));
    let line = ui.ctx().fonts_mut(|f| f.row_height(&egui::FontId::proportional(PROMPT_SIZE)));
    let used = ui.cursor().top() - top;
    let reserved = line * f32::from(lines) + ui.spacing().item_spacing.y;
    if used < reserved {
        ui.add_space(reserved - used);
    }
    ui.add_space(4.0);
}

/// A breakdown: clause, value, label; then the total. The clause and value take fixed
/// widths and the label wraps in what is left, so that two breakdowns side by side never
/// run into each other (Russian labels are long).
pub fn modifiers_ui(ui: &mut Ui, lang: Lang, title: &str, mods: &[Modifier]) {
    modifiers_marked_ui(ui, lang, title, mods, &[]);
}

/// [`modifiers_ui`] with each modifier that decided the result (`marks`, in order;
/// issue 51) said so beside it.
pub fn modifiers_marked_ui(ui: &mut Ui, lang: Lang, title: &str, mods: &[Modifier], marks: &[bool]) {
    const CLAUSE_W: f32 = 84.0;
    const VALUE_W: f32 = 28.0;
    ui.label(RichText::new(title).strong());
    for (i, m) in mods.iter().enumerate() {
        ui.horizontal_top(|ui| {
            let id = crate::i18n::names::modifier_clause(m);
            let clause = egui::Label::new(RichText::new(id).monospace().weak()).truncate();
            let label = crate::i18n::names::modifier_label(lang, m);
            ui.add_sized([CLAUSE_W, 14.0], clause).on_hover_text(format!("{id} {label}"));
            let value = egui::Label::new(RichText::new(format!("{:+}", m.value)).monospace());
            ui.add_sized([VALUE_W, 14.0], value);
            ui.add(egui::Label::new(label).wrap());
            if m.pivotal || marks.get(i).copied().unwrap_or(false) {
                ui.label(RichText::new(lang.t(T::DecidedIt)).strong().color(super::super::theme::WARN))
                    .on_hover_text(lang.t(T::DecidedItTip));
            }
        });
    }
    if mods.is_empty() {
        // Said in words rather than an empty block and a total of +0.
        ui.label(RichText::new(lang.t(T::NoModifiers)).weak());
        return;
    }
    let total: i32 = mods.iter().map(|m| m.value).sum();
    ui.label(lang.fmt(T::ModifierTotal, &[&format!("{total:+}")]));
}

/// A horizontal bar per outcome with its exact probability.
pub fn odds_ui(ui: &mut Ui, lang: Lang, rows: &[(String, f64)]) {
    ui.label(RichText::new(lang.t(T::ResOdds)).strong());
    for (label, p) in rows {
        ui.horizontal(|ui| {
            let width = 220.0;
            let (rect, _) = ui.allocate_exact_size(egui::vec2(width, 14.0), egui::Sense::hover());
            ui.painter().rect_filled(rect, 2.0, ui.visuals().extreme_bg_color);
            let filled = egui::Rect::from_min_size(rect.min, egui::vec2(width * (*p as f32), 14.0));
            ui.painter().rect_filled(filled, 2.0, theme::ODDS_BAR);
            ui.label(RichText::new(format!("{:>6}%", lang.decimal(p * 100.0, 2))).monospace());
            ui.add(egui::Label::new(label.as_str()).wrap());
        });
    }
}

/// Dice typed as digits (spaces optional) or rolled by the app.
#[derive(Debug, Default, Clone)]
pub struct DiceField {
    /// What was typed.
    pub text: String,
    /// The generator's state after the app rolled these dice.
    pub rolled: Option<RngState>,
}

/// Why typed dice are not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiceTyping {
    /// A character that is not a digit.
    NotADigit(char),
    /// Not a face of the die, or too many or too few dice.
    Dice(crate::rules::dice::DiceError),
}

impl DiceTyping {
    /// The reason in words.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            DiceTyping::NotADigit(c) => lang.fmt(T::DiceNotADigit, &[c]),
            DiceTyping::Dice(e) => crate::i18n::errors::dice_error_text(lang, e),
        }
    }
}

/// Parses typed dice: only digits and spaces, each a face of the die, exactly `count`.
pub fn parse_dice(text: &str, kind: DieKind, count: usize) -> Result<Vec<u8>, DiceTyping> {
    use crate::rules::dice::DiceError;
    let mut out = Vec::new();
    for ch in text.chars().filter(|c| !c.is_whitespace() && *c != ',') {
        let Some(d) = ch.to_digit(10).and_then(|d| u8::try_from(d).ok()) else {
            return Err(DiceTyping::NotADigit(ch));
        };
        if !kind.has_face(d) {
            return Err(DiceTyping::Dice(DiceError::NotAFace { value: i64::from(d), kind }));
        }
        out.push(d);
    }
    if out.len() != count {
        return Err(DiceTyping::Dice(DiceError::WrongCount { expected: count, got: out.len() }));
    }
    Ok(out)
}

/// Typed D6: exactly `count` faces, each made a face as it is read (the drafts hold faces).
pub fn parse_d6(text: &str, count: usize) -> Result<Vec<D6>, DiceTyping> {
    let numbers = parse_dice(text, DieKind::D6, count)?;
    numbers.into_iter().map(|d| D6::new(d).map_err(DiceTyping::Dice)).collect()
}

/// Typed 2D6 as a pair of faces.
pub fn parse_2d6(text: &str) -> Option<[D6; 2]> {
    let dice = parse_d6(text, 2).ok()?;
    Some([*dice.first()?, *dice.get(1)?])
}

/// A typed average die (B-COL-03).
pub fn parse_average(text: &str) -> Option<crate::rules::dice::AverageDie> {
    let dice = parse_dice(text, DieKind::Average, 1).ok()?;
    crate::rules::dice::AverageDie::new(*dice.first()?).ok()
}

/// Whether a wizard's step `step` is drawn for the first time (`seen` keeps the last
/// step drawn): its first field then takes the keyboard focus, so that the players type
/// the step's number or dice without clicking into it.
pub fn arriving(seen: &mut Option<u32>, step: u32) -> bool {
    let first = *seen != Some(step);
    *seen = Some(step);
    first
}

/// One side's dice field, taking the keyboard focus when `focus`; returns whether Enter
/// was pressed in it.
pub fn dice_field_ui(
    ui: &mut Ui,
    lang: Lang,
    label: &str,
    field: &mut DiceField,
    dice: (DieKind, usize),
    focus: bool,
) -> bool {
    dice_field_typed_ui(ui, lang, label, field, dice, focus).enter
}

/// What typing did to a dice field this frame.
#[derive(Debug, Clone, Copy, Default)]
pub struct DiceTyped {
    /// Enter was pressed in it.
    pub enter: bool,
    /// The last die was just typed: the field holds all its dice, so the next field may
    /// take the focus (the players type 2D6 as two digits and go on, issue 30).
    pub completed: bool,
}

/// A dice field as `dice_field_ui` draws it, telling also when its dice were completed.
pub fn dice_field_typed_ui(
    ui: &mut Ui,
    lang: Lang,
    label: &str,
    field: &mut DiceField,
    (kind, count): (DieKind, usize),
    focus: bool,
) -> DiceTyped {
    let mut typed = DiceTyped::default();
    ui.horizontal(|ui| {
        ui.label(label);
        let hint = lang.fmt(if kind == DieKind::D6 { T::DiceHintD6 } else { T::DiceHintAverage }, &[&count]);
        let edit = egui::TextEdit::singleline(&mut field.text).desired_width(140.0).hint_text(hint);
        let response = ui.add(edit).accessible_name(label);
        if focus {
            response.request_focus();
        }
        if response.changed() {
            field.rolled = None;
            typed.completed = parse_dice(&field.text, kind, count).is_ok();
        }
        typed.enter = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if !field.text.trim().is_empty() {
            match parse_dice(&field.text, kind, count) {
                Ok(_) => {
                    ui.colored_label(crate::ui::theme::ACCEPTED, lang.t(T::DiceOk));
                }
                Err(why) => {
                    ui.colored_label(theme::ERROR, lang.fmt(T::DiceRefused, &[&why.text(lang)]));
                }
            }
        }
    });
    typed
}

/// Dice typed past a field's count go on into the next field (issue 44: a melee's dice
/// typed in one go fill the fields in turn). Only digits move; what is left in the
/// field is its first `count` dice.
pub fn spill_dice(first: &mut DiceField, count: usize, next: &mut DiceField) {
    let digits: Vec<char> = first.text.chars().filter(char::is_ascii_digit).collect();
    let only_dice = first.text.chars().all(|c| c.is_ascii_digit() || c.is_whitespace() || c == ',');
    if !only_dice || digits.len() <= count {
        return;
    }
    let (kept, over) = digits.split_at(count);
    first.text = kept.iter().map(char::to_string).collect::<Vec<_>>().join(" ");
    let spilled: String = over.iter().collect();
    next.text = format!("{}{spilled}", next.text.trim_end());
    next.rolled = None;
}

/// Rolls dice for several fields in turn from `rng`; returns the state after.
pub fn roll_into(rng: &RngState, fields: &mut [(&mut DiceField, usize)], kind: DieKind) -> RngState {
    let mut state = rng.clone();
    for (field, count) in fields.iter_mut() {
        let (dice, after) = roller::roll(&state, kind.faces(), *count);
        field.text = dice.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
        state = after;
        field.rolled = Some(state.clone());
    }
    state
}

/// Back / Cancel / Next-or-Apply buttons; returns which was pressed.
pub enum Nav {
    /// Nothing pressed.
    None,
    /// Back a step.
    Back,
    /// Close without changing anything.
    Cancel,
    /// Forward (or apply on the last step).
    Next,
}

/// The footer of a step.
pub fn nav_ui(
    ui: &mut Ui,
    lang: Lang,
    can_back: bool,
    next_label: T,
    next_enabled: bool,
    why_not: Option<&str>,
) -> Nav {
    footer_row_ui(ui, lang, can_back, |ui, nav| {
        let next = ui.add_enabled(next_enabled, egui::Button::new(RichText::new(lang.t(next_label)).strong()));
        let next = match why_not {
            Some(why) if !next_enabled => next.on_disabled_hover_text(why),
            _ => next,
        };
        // Enter advances as the button would (Ctrl+Enter stays the next phase's).
        let enter = ui.input(|i| i.key_pressed(egui::Key::Enter) && i.modifiers.is_none());
        if next.clicked() || (next_enabled && enter) {
            *nav = Nav::Next;
        }
    })
}

/// The footer of a question step: the answers above move the wizard on, so there is no
/// Next to grey out, only a word on how to go on.
pub fn question_nav_ui(ui: &mut Ui, lang: Lang, can_back: bool) -> Nav {
    footer_row_ui(ui, lang, can_back, |ui, _| {
        ui.label(RichText::new(lang.t(T::AnswerToGoOn)).weak());
    })
}

/// A footer row, in the wizard's pinned footer when there is one: Cancel, Back (enabled
/// where there is a step to go back to), then `rest`.
fn footer_row_ui(ui: &mut Ui, lang: Lang, can_back: bool, rest: impl FnOnce(&mut Ui, &mut Nav)) -> Nav {
    let mut nav = Nav::None;
    let mut footer = super::footer_ui(ui);
    let ui: &mut Ui = match footer.as_mut() {
        Some(f) => f,
        None => ui,
    };
    ui.separator();
    ui.horizontal(|ui| {
        if ui.button(lang.t(T::Cancel)).on_hover_text(lang.t(T::CancelTip)).clicked() {
            nav = Nav::Cancel;
        }
        // Always there, greyed out on the first step, so that Next never moves under the
        // pointer when Back comes (issue 30: a double click answered two steps).
        if ui.add_enabled(can_back, egui::Button::new(lang.t(T::Back))).clicked() {
            nav = Nav::Back;
        }
        rest(ui, &mut nav);
    });
    nav
}

/// A yes/no choice as two buttons; returns the answer when clicked.
pub fn yes_no_ui(ui: &mut Ui, yes: &str, no: &str) -> Option<bool> {
    let mut answer = None;
    ui.horizontal(|ui| {
        if ui.button(yes).clicked() {
            answer = Some(true);
        }
        if ui.button(no).clicked() {
            answer = Some(false);
        }
    });
    answer
}

/// A number typed in a field: `None` while empty or not a whole number.
pub fn number_ui(ui: &mut Ui, label: &str, text: &mut String, width: f32) -> Option<u32> {
    number_focus_ui(ui, label, text, width, false)
}

/// A number field that takes the keyboard focus when `focus`.
pub fn number_focus_ui(ui: &mut Ui, label: &str, text: &mut String, width: f32, focus: bool) -> Option<u32> {
    ui.label(label);
    let response = ui.add(egui::TextEdit::singleline(text).desired_width(width)).accessible_name(label);
    if focus {
        response.request_focus();
    }
    text.trim().parse::<u32>().ok()
}

/// A field for a number a draft keeps (issue 48: drafts hold values, the interface
/// turns text into them at its edge): the text the players type lives in the interface's
/// memory under `salt` (one for each field of each wizard opened, whatever its label's
/// language), the draft holds the value (blank is none). A value
/// the draft changes itself (pre-filled from the table) shows as typed; text `parse`
/// does not take leaves the value blank and comes back, for the wizard to refuse.
pub fn typed_value_ui<T>(
    ui: &mut Ui,
    (label, salt): (&str, u64),
    value: &mut Option<T>,
    parse: fn(&str) -> Option<T>,
    width_focus: (f32, bool),
) -> Result<(), String>
where
    T: Copy + PartialEq + std::fmt::Display,
{
    ui.label(label);
    typed_value_field(ui, (label, salt), value, parse, width_focus)
}

/// [`typed_value_ui`] without the label shown (`label` is the field's accessible name).
pub fn typed_value_field<T>(
    ui: &mut Ui,
    (label, salt): (&str, u64),
    value: &mut Option<T>,
    parse: fn(&str) -> Option<T>,
    (width, focus): (f32, bool),
) -> Result<(), String>
where
    T: Copy + PartialEq + std::fmt::Display,
{
    // Keyed by the salt alone, not the label: a language switch keeps what is typed.
    let id = egui::Id::unique(("typed value", salt));
    let read = |text: &str| if text.trim().is_empty() { Some(None) } else { parse(text.trim()).map(Some) };
    let shown = |v: Option<T>| v.map(|v| v.to_string()).unwrap_or_default();
    let mut text = ui.data(|d| d.get_temp::<String>(id)).unwrap_or_else(|| shown(*value));
    // The draft changed the value itself: show its value, unless the text is the
    // players' own that is no number yet (the value then blank).
    let kept = match read(&text) {
        Some(v) => v == *value,
        None => value.is_none(),
    };
    if !kept {
        text = shown(*value);
    }
    let response = ui.add(egui::TextEdit::singleline(&mut text).desired_width(width)).accessible_name(label);
    if focus {
        response.request_focus();
    }
    let read_now = read(&text);
    ui.data_mut(|d| d.insert_temp(id, text.clone()));
    match read_now {
        Some(v) => {
            *value = v;
            Ok(())
        }
        None => {
            *value = None;
            Err(text.trim().to_owned())
        }
    }
}

/// A salt of its own for each wizard opened: the text typed in one wizard's number
/// fields never shows in the next (a refused text left in a cancelled one among them).
pub fn fresh_salt() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed).wrapping_mul(64)
}

/// A whole number of 0 or more, as typed.
pub fn whole_number(text: &str) -> Option<u32> {
    text.parse().ok()
}

/// A text field with a label.
pub fn text_ui(ui: &mut Ui, label: &str, text: &mut String, width: f32) {
    ui.label(label);
    ui.add(egui::TextEdit::singleline(text).desired_width(width)).accessible_name(label);
}

/// Which face of the unit is struck: front, flank or rear (GDB-MOD-20, GDB-CHG-16;
/// B-MEL-11, 14).
pub fn face_ui(ui: &mut Ui, lang: Lang, i: usize, face: &mut crate::rules::Face) {
    ui.horizontal(|ui| {
        ui.label(lang.t(T::StruckFace));
        let label = format!("{} {}", lang.t(T::StruckFace), i + 1);
        if let Some(f) = crate::ui::widgets::enum_combo_ui(ui, &label, lang, *face, crate::rules::Face::ALL) {
            *face = f;
        }
    });
}

/// What the table view measured, above the declaration's fields: every value it
/// pre-filled, marked "from the table", and the 22° sector's verdict.
pub fn table_facts_ui(
    ui: &mut Ui,
    lang: Lang,
    battle: &crate::model::Battle,
    ids: (crate::model::UnitId, crate::model::UnitId),
    (f, friends_in_path): (&crate::game::table::TableFacts, &[crate::model::UnitId]),
) {
    // Inside the sentence: «да», «нет» in lower case in Russian.
    let yes_no = |b: bool| {
        let word = lang.t(if b { T::Yes } else { T::No });
        if lang == Lang::Ru { word.to_lowercase() } else { word.to_owned() }
    };
    let mut parts = vec![
        lang.fmt(
            T::FromTableDistance,
            &[
                &crate::ui::table_view::distance_text(lang, crate::game::table::scale_of(battle), f.table_cm),
                &lang.decimal(f.distance_cm, 1),
                &lang.decimal(f.angle_deg, 1),
            ],
        ),
        lang.fmt(T::FromTableFace, &[&f.struck_face.label(lang).to_lowercase()]),
    ];
    if let Some(c) = f.commander_within {
        parts.push(lang.fmt(T::FromTableCommander, &[&yes_no(c)]));
    }
    if let Some(v) = f.target_visible {
        parts.push(lang.fmt(T::FromTableVisible, &[&yes_no(v)]));
    }
    if let Some(s) = f.slope {
        parts.push(lang.fmt(T::FromTableSlope, &[&s.label(lang).to_lowercase()]));
    }
    let terrain = |id| battle.unit(id).map_or_else(String::new, |u| u.terrain.label(lang).to_lowercase());
    parts.push(lang.fmt(T::FromTableTerrain, &[&terrain(ids.0), &terrain(ids.1)]));
    ui.label(format!("{} {}", lang.t(T::FromTable), parts.join("; ")));
    if !f.in_sector {
        ui.colored_label(crate::ui::theme::ERROR, lang.t(T::OutsideSector));
    }
    if !friends_in_path.is_empty() {
        let names: Vec<String> = friends_in_path.iter().map(|id| unit_name(battle, *id, lang)).collect();
        ui.colored_label(crate::ui::theme::ERROR, lang.fmt(T::FriendsInPath, &[&names.join(", ")]));
    }
}

/// Both sides' modifiers side by side, then the exact odds of every result as bars, as
/// the game previews the melee.
pub fn breakdown_and_odds_ui(ui: &mut Ui, lang: Lang, names: &[String; 2], input: &crate::rules::gdb::MeleeInput) {
    let preview = crate::game::procedure::melee::melee_odds(input);
    modifier_columns_ui(ui, lang, names, &preview.modifiers);
    let rows: Vec<(String, f64)> =
        preview.odds.iter().map(|o| (odds_label(lang, names, o.winner, o.outcome), o.p)).collect();
    odds_ui(ui, lang, &rows);
}

/// Both sides' modifiers in two columns, those that decided the result marked (issue 51).
pub fn breakdown_marked_ui(
    ui: &mut Ui,
    lang: Lang,
    names: &[String; 2],
    input: &crate::rules::gdb::MeleeInput,
    marks: &crate::rules::ByRole<Vec<bool>>,
) {
    let preview = crate::game::procedure::melee::melee_odds(input);
    ui.columns(2, |cols| {
        modifiers_marked_ui(&mut cols[0], lang, &names[0], &preview.modifiers[0], &marks.attacker);
        modifiers_marked_ui(&mut cols[1], lang, &names[1], &preview.modifiers[1], &marks.defender);
    });
}

fn modifier_columns_ui(ui: &mut Ui, lang: Lang, names: &[String; 2], modifiers: &[Vec<crate::rules::Modifier>; 2]) {
    ui.columns(2, |cols| {
        modifiers_ui(&mut cols[0], lang, &names[0], &modifiers[0]);
        modifiers_ui(&mut cols[1], lang, &names[1], &modifiers[1]);
    });
}

/// A unit's name in the interface language.
pub fn unit_name(battle: &crate::model::Battle, id: crate::model::UnitId, lang: Lang) -> String {
    battle.unit(id).map(|u| u.display_name(lang == Lang::Ru).to_owned()).unwrap_or_default()
}

/// "Attacker wins: loser retreats".
pub fn odds_label(
    lang: Lang,
    names: &[String; 2],
    winner: Option<crate::rules::gdb::Role>,
    outcome: crate::rules::gdb::Outcome,
) -> String {
    use crate::rules::gdb::Role;
    match winner {
        Some(Role::Attacker) => crate::i18n::log_text::win_with_outcome(lang, &names[0], outcome.label(lang)),
        Some(Role::Defender) => crate::i18n::log_text::win_with_outcome(lang, &names[1], outcome.label(lang)),
        None => outcome.label(lang).to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_dice_are_checked() {
        assert_eq!(parse_dice("3 4", DieKind::D6, 2), Ok(vec![3, 4]));
        assert_eq!(parse_dice("34", DieKind::D6, 2), Ok(vec![3, 4]));
        assert!(parse_dice("37", DieKind::D6, 2).is_err());
        assert!(parse_dice("3a", DieKind::D6, 2).is_err());
        assert!(parse_dice("345", DieKind::D6, 2).is_err());
        assert!(parse_dice("1", DieKind::Average, 1).is_err());
        assert_eq!(parse_dice("5", DieKind::Average, 1), Ok(vec![5]));
    }
}

/// A players' modifier being typed for one side: its value and reason.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PendingOverrule {
    pub value: i32,
    pub reason: String,
}

/// The players' modifiers of one side, overruling the rules (issue 51): each with its
/// value and reason, to remove; a new one added with its reason. Folded away until
/// opened, so that the usual melee shows only what the table shows.
pub fn players_modifiers_ui(
    ui: &mut Ui,
    lang: Lang,
    i: usize,
    list: &mut Vec<crate::rules::PlayersModifier>,
    pending: &mut PendingOverrule,
) {
    let title = lang.fmt(T::PlayersModifiersTitle, &[&list.len()]);
    let shown = egui::CollapsingHeader::new(title).id_salt(("players-modifiers", i)).show(ui, |ui| {
        let mut gone = None;
        for (j, m) in list.iter().enumerate() {
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(format!("{:+}", m.value)).monospace());
                ui.label(&m.reason);
                if ui.small_button(lang.t(T::HouseRemove)).clicked() {
                    gone = Some(j);
                }
            });
        }
        if let Some(j) = gone {
            list.remove(j);
        }
        let bound = crate::rules::house::MAX_HOUSE_VALUE;
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(lang.t(T::HouseValue));
            ui.add(egui::DragValue::new(&mut pending.value).range(-bound..=bound)).labelled_by(label.id);
            let label = ui.label(lang.t(T::OverruleReason));
            let reason = egui::TextEdit::singleline(&mut pending.reason)
                .char_limit(crate::model::limits::MAX_REASON_CHARS)
                .desired_width(180.0);
            ui.add(reason).labelled_by(label.id);
        });
        let ready =
            pending.value != 0 && !pending.reason.trim().is_empty() && list.len() < crate::rules::PlayersModifier::MOST;
        if ui.add_enabled(ready, egui::Button::new(lang.t(T::PlayersModifierAdd))).clicked() {
            let reason = pending.reason.trim().to_owned();
            list.push(crate::rules::PlayersModifier { value: pending.value, reason });
            *pending = PendingOverrule::default();
        }
    });
    shown.header_response.on_hover_text(lang.t(T::PlayersModifiersTip));
}
