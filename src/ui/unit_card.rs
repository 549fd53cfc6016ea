//! The unit editor: every field of the selected unit. Choices apply at once; typed
//! fields apply on Enter or when focus leaves, and nonsense is refused inline.

use egui::{RichText, Ui};

use super::command::AppCommand;
use super::roster::brigade_choices;
use super::widgets::{committing_text_ui, enum_combo_ui, option_combo_ui};
use super::{theme, widgets::badge_ui};
use crate::game::Action;
use crate::i18n::errors::{action_error_text, problem_text};
use crate::i18n::{Label, Lang, T};
use crate::model::{Battle, Unit, UnitId};
use crate::rules::{Arm, Class, Formation, Horses, Marker, Nation, Order, Side, Status, Terrain};

/// Text buffers of the unit being edited, reloaded whenever the unit changes.
#[derive(Debug, Default)]
pub struct UnitCard {
    loaded: Option<Unit>,
    name: String,
    name_ru: String,
    figures: String,
    figures_start: String,
    error: Option<String>,
    /// The Movement phase's formation change being set up: the formation, and whether
    /// the change is finished this turn.
    change: Option<(crate::rules::Formation, bool)>,
    /// The Movement phase's move being set up: the unit, how far, the ground it ends on.
    moving: Option<(crate::model::UnitId, u32, crate::rules::Terrain)>,
}

impl UnitCard {
    fn load(&mut self, unit: &Unit) {
        if self.loaded.as_ref() == Some(unit) {
            return;
        }
        let same_unit = self.loaded.as_ref().map(|u| u.id) == Some(unit.id);
        self.loaded = Some(unit.clone());
        self.restore(unit);
        if !same_unit {
            self.error = None;
        }
    }

    /// The text fields back to the unit's values (after a refusal, or a new unit).
    fn restore(&mut self, unit: &Unit) {
        self.name = unit.name.clone();
        self.name_ru = unit.name_ru.clone().unwrap_or_default();
        self.figures = unit.figures.to_string();
        self.figures_start = unit.figures_start.to_string();
    }

    /// Draws the editor for `unit`.
    pub fn ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle, unit: &Unit, cmds: &mut Vec<AppCommand>) {
        self.load(unit);
        ui.heading(unit.display_name(lang == Lang::Ru));
        ui.label(RichText::new(format!("{} · {}", unit.arm.label(lang), unit.class.label(lang))).weak());
        actions_ui(ui, lang, unit.id, cmds);
        if let Some(p) = unit.place.filter(|_| battle.table.is_some()) {
            // Where the table view has it, and a way off the table (wrapping, so that the
            // editor keeps its width).
            ui.horizontal_wrapped(|ui| {
                let (x, y) = (f64::from(p.x_mm) / 10.0, f64::from(p.y_mm) / 10.0);
                let at = lang.fmt(T::OnTableAt, &[&format!("{x:.1}"), &format!("{y:.1}"), &p.facing_deg]);
                ui.label(RichText::new(at).weak());
                if ui.small_button(lang.t(T::TakeOffTable)).clicked() {
                    cmds.push(AppCommand::Perform(Action::PlaceUnit { unit: unit.id, place: None }));
                }
            });
        }
        if battle.phase == crate::rules::Phase::Movement {
            // The phase's own actions first, where the eye lands after selecting the unit.
            ui.group(|ui| {
                ui.label(RichText::new(lang.t(T::MovementOfUnit)).strong());
                self.move_ui(ui, lang, battle, unit, cmds);
                self.formation_change_ui(ui, lang, battle, unit, cmds);
            });
        }
        let targets = crate::game::procedure::charge::charge_targets(battle, unit.id);
        if !targets.is_empty() {
            ui.group(|ui| charge_targets_ui(ui, lang, unit.id, &targets, cmds));
        }
        ui.add_space(6.0);
        let mut edited: Option<Unit> = None;
        egui::Grid::new("unit_fields").num_columns(2).spacing([8.0, 6.0]).show(ui, |ui| {
            self.text_fields_ui(ui, lang, unit, &mut edited);
        });
        // Right under the fields it is about, never below the fold.
        if let Some(err) = self.error.clone().or_else(|| self.live_problem(lang, battle, unit)) {
            ui.colored_label(theme::ERROR, err);
        }
        egui::Grid::new("unit_choices").num_columns(2).spacing([8.0, 6.0]).show(ui, |ui| {
            choice_fields_ui(ui, lang, battle, unit, &mut edited);
        });
        ui.add_space(6.0);
        order_ui(ui, lang, unit, &mut edited);
        ui.add_space(6.0);
        markers_ui(ui, lang, unit, &mut edited);
        ui.add_space(6.0);
        let mut hidden = unit.hidden;
        let mark = ui.checkbox(&mut hidden, lang.t(T::UnitHiddenFromPlayers)).on_hover_text(lang.t(T::UnitHiddenTip));
        if mark.changed() {
            cmds.push(AppCommand::Perform(Action::SetHidden { unit: unit.id, hidden }));
        }
        if let Some(new) = edited {
            // The game judges the edit as it judges every action (the loader's checks).
            let action = Action::EditUnit(new);
            match super::widgets::judged_edit(action, battle) {
                Ok(action) => {
                    self.error = None;
                    cmds.push(AppCommand::Perform(action));
                }
                Err(problem) => {
                    // The field shows the value kept, the message says why.
                    self.error = Some(lang.fmt(T::Refused, &[&action_error_text(lang, &problem)]));
                    self.restore(unit);
                }
            }
        }
    }

    /// The Movement phase's formation change (issue 28): the game's action, so that a
    /// change not finished this turn is carried into the melee (GDB-CHG-12, AMB-09).
    fn formation_change_ui(
        &mut self,
        ui: &mut Ui,
        lang: Lang,
        battle: &Battle,
        unit: &Unit,
        cmds: &mut Vec<AppCommand>,
    ) {
        let choices: Vec<crate::rules::Formation> =
            crate::rules::Formation::ALL.iter().copied().filter(|f| f.fits(unit.arm) && *f != unit.formation).collect();
        let Some(first) = choices.first().copied() else { return };
        let (mut to, mut finished) = self.change.filter(|(f, _)| choices.contains(f)).unwrap_or((first, true));
        ui.horizontal_wrapped(|ui| {
            let label = lang.t(T::ChangeFormationNow);
            ui.label(lang.t(T::FormationTo));
            if let Some(f) = enum_combo_ui(ui, label, lang, to, &choices) {
                to = f;
            }
            ui.checkbox(&mut finished, lang.t(T::FinishedThisTurn));
            let action = Action::ChangeFormation { unit: unit.id, to, finished };
            judged_button_ui(ui, lang, label, action, battle, cmds);
        });
        self.change = Some((to, finished));
    }

    /// The Movement phase's move (issue 28) as the players measured it by hand: how far,
    /// and the ground it ends on (pre-filled with where it stands). On the table view,
    /// dragging the unit is the move, and the table's areas give the ground.
    fn move_ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle, unit: &Unit, cmds: &mut Vec<AppCommand>) {
        let kept = self.moving.filter(|(id, ..)| *id == unit.id);
        let (mut cm, mut ground) = kept.map_or((0, unit.terrain), |(_, cm, g)| (cm, g));
        ui.horizontal_wrapped(|ui| {
            ui.label(lang.t(T::MoveDistance));
            let max = crate::model::limits::MAX_DISTANCE_CM;
            ui.add(egui::DragValue::new(&mut cm).range(0..=max)).accessible_name(lang.t(T::MoveDistance));
            ui.label(lang.t(T::MoveEndsOn));
            if let Some(t) = enum_combo_ui(ui, lang.t(T::MoveGround), lang, ground, crate::rules::Terrain::ALL) {
                ground = t;
            }
            let action = Action::Move(Box::new(crate::model::MoveAction {
                unit: unit.id,
                cm,
                place: None,
                ground: Some(ground),
            }));
            if judged_button_ui(ui, lang, lang.t(T::MoveNow), action, battle, cmds) {
                cm = 0;
            }
        });
        self.moving = Some((unit.id, cm, ground));
    }

    fn text_fields_ui(&mut self, ui: &mut Ui, lang: Lang, unit: &Unit, edited: &mut Option<Unit>) {
        ui.label(lang.t(T::Name));
        if committing_text_ui(ui, &mut self.name, 190.0, lang.t(T::Name)) && self.name != unit.name {
            *edited = Some(Unit { name: self.name.trim().to_owned(), ..unit.clone() });
        }
        ui.end_row();
        ui.label(lang.t(T::NameRu));
        let ru = unit.name_ru.clone().unwrap_or_default();
        if committing_text_ui(ui, &mut self.name_ru, 190.0, lang.t(T::NameRu)) && self.name_ru != ru {
            let name_ru = Some(self.name_ru.trim().to_owned()).filter(|s| !s.is_empty());
            *edited = Some(Unit { name_ru, ..unit.clone() });
        }
        ui.end_row();
        ui.label(lang.t(T::FiguresNow));
        if committing_text_ui(ui, &mut self.figures, 80.0, lang.t(T::FiguresNow))
            && self.figures != unit.figures.to_string()
        {
            match parse_count(&self.figures) {
                Some(n) => *edited = Some(Unit { figures: n, ..unit.clone() }),
                None => self.refuse(lang, T::FiguresNotANumber, unit),
            }
        }
        ui.end_row();
        ui.label(lang.t(T::FiguresStart));
        if committing_text_ui(ui, &mut self.figures_start, 80.0, lang.t(T::FiguresStart))
            && self.figures_start != unit.figures_start.to_string()
        {
            match parse_count(&self.figures_start) {
                Some(n) => *edited = Some(Unit { figures_start: n, ..unit.clone() }),
                None => self.refuse(lang, T::FiguresNotANumber, unit),
            }
        }
        ui.end_row();
    }

    /// What is wrong with the typed numbers, shown as they are typed (applied only on
    /// Enter or when the field is left); the figures now are not compared with the start
    /// where they follow it.
    fn live_problem(&self, lang: Lang, battle: &Battle, unit: &Unit) -> Option<String> {
        // Before the battle begins, equal counts move together (issue 44): a start typed
        // alone is no problem, the figures now follow it. Asked only of numbers that would
        // be refused, not every frame.
        let now_follows_start =
            || self.figures == unit.figures.to_string() && crate::game::counts_move_together(battle, unit);
        let now = parse_count(&self.figures);
        let start = parse_count(&self.figures_start);
        match (now, start) {
            (None, _) | (_, None) => Some(lang.fmt(T::Refused, &[&lang.t(T::FiguresNotANumber)])),
            (Some(n), Some(s)) if n > s && !now_follows_start() => {
                let p = crate::model::Problem::FiguresAboveStart { figures: n, start: s };
                Some(lang.fmt(T::Refused, &[&problem_text(lang, &p)]))
            }
            _ => None,
        }
    }

    fn refuse(&mut self, lang: Lang, why: T, unit: &Unit) {
        self.error = Some(lang.fmt(T::Refused, &[&lang.t(why)]));
        self.restore(unit);
    }
}

/// A whole number of figures typed by the player; anything else is `None`.
fn parse_count(text: &str) -> Option<u32> {
    text.trim().parse::<u32>().ok()
}

fn choice_fields_ui(ui: &mut Ui, lang: Lang, battle: &Battle, unit: &Unit, edited: &mut Option<Unit>) {
    let u = unit.clone();
    row(ui, lang.t(T::Side), |ui| {
        let choices: Vec<(Side, String)> =
            Side::ALL.iter().map(|s| (*s, super::roster::side_name(battle, *s, lang).to_owned())).collect();
        if let Some(Some(side)) = option_combo_ui(ui, lang.t(T::Side), Some(u.side), "", &choices) {
            // A brigade belongs to one side: moving the unit detaches it.
            *edited = Some(Unit { side, brigade: None, ..u.clone() });
        }
    });
    row(ui, lang.t(T::Brigade), |ui| {
        let choices = brigade_choices(battle, u.side, lang);
        if let Some(brigade) = option_combo_ui(ui, lang.t(T::Brigade), u.brigade, lang.t(T::NoneChoice), &choices) {
            *edited = Some(Unit { brigade, ..u.clone() });
        }
    });
    macro_rules! field {
        ($label:expr, $field:ident, $ty:ident) => {
            row(ui, lang.t($label), |ui| {
                if let Some(v) = enum_combo_ui(ui, lang.t($label), lang, u.$field, $ty::ALL) {
                    *edited = Some(Unit { $field: v, ..u.clone() });
                }
            });
        };
    }
    row(ui, lang.t(T::Arm), |ui| {
        if let Some(arm) = enum_combo_ui(ui, lang.t(T::Arm), lang, u.arm, Arm::ALL) {
            // A formation the new arm cannot take falls back to its usual one.
            let formation = if u.formation.fits(arm) { u.formation } else { crate::model::default_formation(arm) };
            *edited = Some(Unit { arm, formation, ..u.clone() });
        }
    });
    field!(T::Class, class, Class);
    field!(T::Nation, nation, Nation);
    let fitting: Vec<Formation> = Formation::ALL.iter().copied().filter(|f| f.fits(u.arm)).collect();
    row(ui, lang.t(T::Formation), |ui| {
        if let Some(formation) = enum_combo_ui(ui, lang.t(T::Formation), lang, u.formation, &fitting) {
            *edited = Some(Unit { formation, ..u.clone() });
        }
    });
    field!(T::Terrain, terrain, Terrain);
    if u.arm.is_cavalry() || u.arm.is_artillery() {
        field!(T::Horses, horses, Horses);
    }
    // The status letter is Ruleset B's (AMB-39); General de Brigade reads the class.
    if battle.ruleset == crate::rules::Ruleset::RulesetB {
        field!(T::StatusLetter, status, Status);
    }
    if !u.arm.is_cavalry() {
        return;
    }
    row(ui, lang.t(T::Lances), |ui| {
        ui.vertical(|ui| {
            let (mut regular, mut lances) = (u.regular, u.lances);
            let r = ui.checkbox(&mut regular, lang.t(T::RegularLancers)).on_hover_text(lang.t(T::RegularLancersTip));
            let l = ui.checkbox(&mut lances, lang.t(T::LanceArmed)).on_hover_text(lang.t(T::LanceArmedTip));
            if r.changed() || l.changed() {
                *edited = Some(Unit { regular, lances, ..u.clone() });
            }
        });
    });
}

fn row(ui: &mut Ui, label: &str, add: impl FnOnce(&mut Ui)) {
    ui.label(label);
    add(ui);
    ui.end_row();
}

fn order_ui(ui: &mut Ui, lang: Lang, unit: &Unit, edited: &mut Option<Unit>) {
    ui.label(RichText::new(lang.t(T::OrderHeading)).strong());
    ui.horizontal_wrapped(|ui| {
        for order in Order::ALL {
            let text = order.label(lang);
            let selected = unit.order == *order;
            let button = egui::Button::selectable(selected, text);
            let button = if selected { button.fill(theme::order_colors(*order).0) } else { button };
            if ui.add(button).clicked() && !selected {
                *edited = Some(Unit { order: *order, ..unit.clone() });
            }
        }
    });
}

fn markers_ui(ui: &mut Ui, lang: Lang, unit: &Unit, edited: &mut Option<Unit>) {
    ui.label(RichText::new(lang.t(T::Markers)).strong());
    ui.horizontal_wrapped(|ui| {
        for marker in Marker::ALL {
            let mut on = unit.markers.contains(marker);
            if ui.checkbox(&mut on, marker.label(lang)).changed() {
                let mut new = unit.clone();
                if on {
                    new.markers.insert(*marker);
                } else {
                    new.markers.remove(marker);
                }
                *edited = Some(new);
            }
        }
    });
    if !unit.markers.is_empty() {
        ui.horizontal_wrapped(|ui| {
            for marker in &unit.markers {
                badge_ui(ui, marker.label(lang), theme::MARKER_BADGE);
            }
        });
    }
}

/// The Charges phase's targets for this unit, a click each: the wizard opens on the one
/// clicked, as if C had been pressed and its row clicked (issue 30).
fn charge_targets_ui(ui: &mut Ui, lang: Lang, charger: UnitId, targets: &[&Unit], cmds: &mut Vec<AppCommand>) {
    ui.label(RichText::new(lang.t(T::ChargeTargets)).strong());
    egui::ScrollArea::vertical().id_salt("charge-targets").max_height(220.0).show(ui, |ui| {
        for target in targets {
            let text = lang.fmt(T::ChargeTargetButton, &[&target.display_name(lang == Lang::Ru)]);
            // Wrapped: a long Russian name and its state are wider than the card (issue 45).
            ui.horizontal_wrapped(|ui| {
                if ui.add(egui::Button::new(text).wrap()).clicked() {
                    cmds.push(AppCommand::StartCharge(charger));
                    cmds.push(AppCommand::PickTarget(target.id));
                }
                let state = format!(
                    "{} · {}",
                    target.formation.label(lang),
                    lang.count(target.figures, crate::i18n::Noun::Figure)
                );
                // Kept whole: on the next line where it does not fit beside the name.
                ui.add(egui::Label::new(RichText::new(state).weak()).extend());
            });
        }
    });
}

fn actions_ui(ui: &mut Ui, lang: Lang, id: UnitId, cmds: &mut Vec<AppCommand>) {
    ui.horizontal_wrapped(|ui| {
        if ui.button(RichText::new(lang.t(T::ChargeButton)).strong()).on_hover_text(lang.t(T::ChargeTip)).clicked() {
            cmds.push(AppCommand::StartCharge(id));
        }
        if ui.button(lang.t(T::Duplicate)).on_hover_text(lang.t(T::DuplicateTip)).clicked() {
            cmds.push(AppCommand::Perform(Action::DuplicateUnit(id)));
        }
        if ui.button(lang.t(T::DeleteUnit)).clicked() {
            cmds.push(AppCommand::Perform(Action::DeleteUnit(id)));
        }
    });
}

/// A button for an action the game judges now: disabled with the game's reason on hover
/// when it would be refused; true when clicked and sent.
fn judged_button_ui(
    ui: &mut Ui,
    lang: Lang,
    label: &str,
    action: Action,
    battle: &Battle,
    cmds: &mut Vec<AppCommand>,
) -> bool {
    let verdict = super::widgets::judged_edit(action, battle);
    let button = ui.add_enabled(verdict.is_ok(), egui::Button::new(label));
    if let Err(e) = &verdict {
        button.clone().on_disabled_hover_text(action_error_text(lang, e));
    }
    let clicked = button.clicked();
    if clicked && let Ok(action) = verdict {
        cmds.push(AppCommand::Perform(action));
        return true;
    }
    false
}
