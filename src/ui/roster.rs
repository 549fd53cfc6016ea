//! The roster: both armies, side = brigade = unit, with generals and status badges.

use egui::{RichText, Ui};

use super::app::{AppCommand, Selection};
use super::{theme, widgets::badge_ui};
use crate::game::Step;
use crate::i18n::{Label, Lang, T};
use crate::model::{Battle, Brigade, BrigadeId, General, Unit};
use crate::rules::{Side, Terrain};

pub use crate::i18n::names::{battle_title, general_line, shown, side_name};

/// The label of an undo step, e.g. "Edit unit «1st Tirailleurs»".
pub fn step_label(lang: Lang, step: &Step) -> String {
    crate::report::log_text::action_label(lang, step.kind, &step.subject)
}

/// The whole roster.
pub fn roster_ui(
    ui: &mut Ui,
    lang: Lang,
    battle: &Battle,
    selection: Selection,
    picking: Option<crate::model::UnitId>,
    cmds: &mut Vec<AppCommand>,
) {
    if picking.is_some() {
        ui.label(RichText::new(lang.t(T::PickTarget)).strong().color(theme::CURRENT_PHASE));
    }
    let mut local = Vec::new();
    egui::ScrollArea::both().auto_shrink([false, false]).show(ui, |ui| {
        for side in Side::ALL {
            side_ui(ui, lang, battle, *side, selection, &mut local);
            ui.add_space(12.0);
        }
    });
    // While a target is being picked, a click on a unit picks it.
    for cmd in local {
        match (picking, cmd) {
            (Some(_), AppCommand::Select(Selection::Unit(id))) => cmds.push(AppCommand::PickTarget(id)),
            (_, cmd) => cmds.push(cmd),
        }
    }
}

fn side_ui(ui: &mut Ui, lang: Lang, battle: &Battle, side: Side, selection: Selection, cmds: &mut Vec<AppCommand>) {
    ui.horizontal(|ui| {
        ui.heading(RichText::new(side_name(battle, side, lang)).color(theme::side_color(side)).strong());
        let units: Vec<&Unit> = battle.units.iter().filter(|u| u.side == side).collect();
        let lost: u32 = units.iter().map(|u| u.casualties()).sum();
        let start: u32 = units.iter().map(|u| u.figures_start).sum();
        ui.label(RichText::new(lang.fmt(T::SideSummary, &[&units.len(), &lost, &start])).weak());
    });
    match battle.commander_in_chief(side) {
        Some(c) => general_button_ui(ui, lang, c, selection, cmds, T::CommanderPrefix),
        None => {
            ui.label(RichText::new(lang.t(T::NoCommander)).italics().weak());
        }
    }
    for brigade in battle.brigades_of(side) {
        brigade_ui(ui, lang, battle, brigade, selection, cmds);
    }
    out_of_play_ui(ui, lang, battle, side, selection, cmds);
    let loose: Vec<&Unit> = battle.units_of(side, None).filter(|u| u.order.in_play()).collect();
    let loose_generals: Vec<&General> = battle
        .generals
        .iter()
        .filter(|g| g.side == side && g.brigade.is_none() && g.rank != crate::rules::Rank::CommanderInChief)
        .collect();
    if !loose.is_empty() || !loose_generals.is_empty() {
        let id = ui.make_persistent_id(("unattached", side));
        egui::CollapsingHeader::new(RichText::new(lang.t(T::Unattached)).italics())
            .id_salt(id)
            .default_open(true)
            .show(ui, |ui| {
                for g in loose_generals {
                    general_button_ui(ui, lang, g, selection, cmds, T::GeneralPrefix);
                }
                units_grid_ui(ui, lang, &loose, selection, cmds);
            });
    }
}

/// Dispersed and destroyed units leave the active roster but stay in the record.
fn out_of_play_ui(
    ui: &mut Ui,
    lang: Lang,
    battle: &Battle,
    side: Side,
    selection: Selection,
    cmds: &mut Vec<AppCommand>,
) {
    let gone: Vec<&Unit> = battle.units.iter().filter(|u| u.side == side && !u.order.in_play()).collect();
    if gone.is_empty() {
        return;
    }
    egui::CollapsingHeader::new(RichText::new(lang.fmt(T::OutOfPlay, &[&gone.len()])).italics())
        .id_salt(("out_of_play", side))
        .default_open(false)
        .show(ui, |ui| units_grid_ui(ui, lang, &gone, selection, cmds));
}

fn brigade_ui(
    ui: &mut Ui,
    lang: Lang,
    battle: &Battle,
    brigade: &Brigade,
    selection: Selection,
    cmds: &mut Vec<AppCommand>,
) {
    let name = shown(&brigade.name, brigade.name_ru.as_deref(), lang);
    let selected = selection == Selection::Brigade(brigade.id);
    let header = RichText::new(name).strong().color(theme::side_color(brigade.side));
    let response =
        egui::CollapsingHeader::new(header).id_salt(("brigade", brigade.id.0)).default_open(true).show(ui, |ui| {
            ui.horizontal(|ui| {
                let generals: Vec<&General> = battle.generals_of(brigade.id).collect();
                if generals.is_empty() {
                    ui.label(RichText::new(lang.t(T::NoGeneral)).italics().weak());
                }
                for g in generals {
                    general_button_ui(ui, lang, g, selection, cmds, T::GeneralPrefix);
                }
                if ui.selectable_label(selected, RichText::new(lang.t(T::EditBrigade)).weak()).clicked() {
                    cmds.push(AppCommand::Select(Selection::Brigade(brigade.id)));
                }
            });
            let units: Vec<&Unit> =
                battle.units_of(brigade.side, Some(brigade.id)).filter(|u| u.order.in_play()).collect();
            units_grid_ui(ui, lang, &units, selection, cmds);
        });
    let header = response.header_response.on_hover_text(lang.t(T::BrigadeHeaderTip));
    header.context_menu(|ui| {
        if ui.button(lang.t(T::EditBrigade)).clicked() {
            cmds.push(AppCommand::Select(Selection::Brigade(brigade.id)));
            ui.close();
        }
    });
}

fn general_button_ui(
    ui: &mut Ui,
    lang: Lang,
    g: &General,
    selection: Selection,
    cmds: &mut Vec<AppCommand>,
    prefix: T,
) {
    let text = format!("{} {}", lang.t(prefix), general_line(g, lang));
    if ui.selectable_label(selection == Selection::General(g.id), text).clicked() {
        cmds.push(AppCommand::Select(Selection::General(g.id)));
    }
}

/// Column widths of a unit row, so that every brigade's rows line up.
const COLUMNS: [f32; 6] = [230.0, 185.0, 96.0, 124.0, 140.0, 90.0];
const ROW_HEIGHT: f32 = 22.0;

fn cell_ui(ui: &mut Ui, width: f32, add: impl FnOnce(&mut Ui)) {
    let layout = egui::Layout::left_to_right(egui::Align::Center);
    ui.allocate_ui_with_layout(egui::vec2(width, ROW_HEIGHT), layout, |ui| {
        ui.set_width(width);
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
        add(ui);
    });
}

fn units_grid_ui(ui: &mut Ui, lang: Lang, units: &[&Unit], selection: Selection, cmds: &mut Vec<AppCommand>) {
    if units.is_empty() {
        ui.label(RichText::new(lang.t(T::NoUnits)).italics().weak());
        return;
    }
    for unit in units {
        ui.horizontal(|ui| unit_row_ui(ui, lang, unit, selection, cmds));
    }
}

fn unit_row_ui(ui: &mut Ui, lang: Lang, unit: &Unit, selection: Selection, cmds: &mut Vec<AppCommand>) {
    let selected = selection == Selection::Unit(unit.id);
    cell_ui(ui, COLUMNS[0], |ui| {
        theme::arm_icon_ui(ui, unit.arm);
        let name = RichText::new(unit.display_name(lang == Lang::Ru)).strong();
        if ui.selectable_label(selected, name).on_hover_text(unit.arm.label(lang)).clicked() {
            cmds.push(AppCommand::Select(Selection::Unit(unit.id)));
        }
    });
    cell_ui(ui, COLUMNS[1], |ui| {
        ui.label(format!("{} · {}", unit.arm.label(lang), unit.class.label(lang)));
    });
    cell_ui(ui, COLUMNS[2], |ui| {
        badge_ui(ui, unit.order.label(lang), theme::order_colors(unit.order));
    });
    cell_ui(ui, COLUMNS[3], |ui| {
        badge_ui(ui, unit.formation.label(lang), theme::NEUTRAL_BADGE);
    });
    cell_ui(ui, COLUMNS[4], |ui| {
        if unit.terrain == Terrain::Open {
            ui.label(RichText::new(unit.terrain.label(lang)).weak().small());
        } else {
            badge_ui(ui, unit.terrain.label(lang), theme::TERRAIN_BADGE);
        }
    });
    cell_ui(ui, COLUMNS[5], |ui| casualties_ui(ui, lang, unit));
    for marker in &unit.markers {
        badge_ui(ui, marker.label(lang), theme::MARKER_BADGE);
    }
}

fn casualties_ui(ui: &mut Ui, lang: Lang, unit: &Unit) {
    let text = lang.fmt(T::FiguresOf, &[&unit.figures, &unit.figures_start]);
    let lost = unit.casualties();
    ui.label(text);
    if lost > 0 {
        ui.label(RichText::new(lang.fmt(T::Lost, &[&lost])).color(theme::LOSSES).small());
    }
}

/// The editor panel when nothing is selected: the battle at a glance.
pub fn overview_ui(ui: &mut Ui, lang: Lang, battle: &Battle) {
    ui.heading(battle_title(battle, lang));
    let description = shown(&battle.description, battle.description_ru.as_deref(), lang);
    if !description.is_empty() {
        ui.label(description);
    }
    ui.add_space(8.0);
    ui.label(lang.fmt(T::RulesetIs, &[&battle.ruleset.label(lang)]));
    for side in Side::ALL {
        let units = battle.units.iter().filter(|u| u.side == *side).count();
        let brigades = battle.brigades_of(*side).count();
        ui.label(lang.fmt(T::SideOverview, &[&side_name(battle, *side, lang), &brigades, &units]));
    }
    ui.add_space(8.0);
    ui.label(RichText::new(lang.t(T::SelectHint)).weak());
}

/// The brigade's name for a combo box.
pub fn brigade_choices(battle: &Battle, side: Side, lang: Lang) -> Vec<(BrigadeId, String)> {
    battle.brigades_of(side).map(|b| (b.id, shown(&b.name, b.name_ru.as_deref(), lang).to_owned())).collect()
}
