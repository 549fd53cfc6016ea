//! The first evening's rates (issue 30): at the first charge of a battle with an empty
//! players' table, one form for every arm and formation in play: move, charge, retreat
//! and rout, in cm, pre-filled from the battle's table. Kept as the battle's table (one
//! undo step) and, when asked, as the club's; empty cells are asked at the charge.

use egui::{RichText, Ui};

use super::command::AppCommand;
use crate::game::procedure::RatesDraft;
use crate::i18n::{Label, Lang, T};
use crate::model::{Battle, RulesOptions, UnitId};

/// What the players chose in the form.
#[derive(Clone, Debug, PartialEq)]
pub struct RatesChoice {
    /// The options with the rates kept, or `None`: not now.
    pub options: Option<RulesOptions>,
    /// Keep them as the club's tables too.
    pub club: bool,
    /// The charge the form came before: its charger and target.
    pub charge: (UnitId, UnitId),
}

/// The form being filled.
#[derive(Debug)]
pub struct RatesForm {
    draft: RatesDraft,
    /// Each row's move, charge, retreat and rout, as typed.
    typed: Vec<[String; 4]>,
    club: bool,
    charge: (UnitId, UnitId),
    error: Option<String>,
}

const COLUMNS: [T; 4] = [T::RatesMove, T::RatesCharge, T::RatesRetreat, T::RatesRout];

impl RatesForm {
    /// The form for the battle, before the charge of `charge.0` on `charge.1`.
    pub fn new(battle: &Battle, charge: (UnitId, UnitId)) -> Self {
        let draft = RatesDraft::open(battle);
        let shown = |v: Option<u32>| v.map(|n| n.to_string()).unwrap_or_default();
        let typed = draft
            .rows
            .iter()
            .map(|r| [shown(r.move_cm), shown(r.charge_cm), shown(r.retreat_cm), shown(r.rout_cm)])
            .collect();
        RatesForm { draft, typed, club: true, charge, error: None }
    }

    /// A row's name: its arm and formation.
    fn row_name(&self, lang: Lang, i: usize) -> String {
        let Some(r) = self.draft.rows.get(i) else { return String::new() };
        let formation = r.formation.map(|f| f.label(lang).to_lowercase()).unwrap_or_default();
        format!("{} · {formation}", r.arm.label(lang))
    }

    /// The typed cells into the draft, or the first that is not a distance.
    fn read(&mut self, lang: Lang) -> Result<(), String> {
        for (i, cells) in self.typed.iter().enumerate() {
            let mut values = [None; 4];
            for (k, text) in cells.iter().enumerate() {
                let text = text.trim();
                if text.is_empty() {
                    continue;
                }
                let n = text.parse::<u32>().ok().filter(|n| (1..=crate::model::MAX_DISTANCE_CM).contains(n));
                let column = lang.t(COLUMNS[k]);
                values[k] =
                    Some(n.ok_or_else(|| lang.fmt(T::RatesNotADistance, &[&self.row_name(lang, i), &column, &text]))?);
            }
            if let Some(row) = self.draft.rows.get_mut(i) {
                [row.move_cm, row.charge_cm, row.retreat_cm, row.rout_cm] = values;
            }
        }
        Ok(())
    }

    /// Draws the form; a choice made becomes the command.
    pub fn ui(&mut self, ui: &mut Ui, lang: Lang, battle: &Battle) -> Option<AppCommand> {
        let mut out = None;
        let mut imported = false;
        egui::Modal::new(egui::Id::unique("coldsteel-first-rates")).show(ui.ctx(), |ui| {
            ui.set_max_width(720.0);
            ui.heading(lang.t(T::RatesTitle));
            ui.label(lang.t(T::RatesText));
            egui::ScrollArea::vertical().id_salt("coldsteel-first-rates-rows").max_height(380.0).show(ui, |ui| {
                egui::Grid::new("coldsteel-first-rates-grid").striped(true).show(ui, |ui| {
                    ui.label("");
                    for c in COLUMNS {
                        ui.label(RichText::new(lang.t(c)).strong());
                    }
                    ui.end_row();
                    for i in 0..self.typed.len() {
                        let name = self.row_name(lang, i);
                        ui.label(&name);
                        for (k, c) in COLUMNS.iter().enumerate() {
                            if let Some(cell) = self.typed.get_mut(i).and_then(|r| r.get_mut(k)) {
                                let field = egui::TextEdit::singleline(cell).desired_width(56.0);
                                ui.add(field).accessible_name(format!("{name}: {}", lang.t(*c)));
                            }
                        }
                        ui.end_row();
                    }
                });
            });
            ui.checkbox(&mut self.club, lang.t(T::RatesClub));
            if let Some(e) = &self.error {
                ui.colored_label(super::theme::ERROR, e);
            }
            ui.horizontal(|ui| {
                if ui.button(RichText::new(lang.t(T::RatesKeep)).strong()).clicked() {
                    match self.read(lang) {
                        Ok(()) => {
                            let options = Some(self.draft.options(battle));
                            out = Some(RatesChoice { options, club: self.club, charge: self.charge });
                        }
                        Err(e) => self.error = Some(e),
                    }
                }
                if ui.button(lang.t(T::RatesNotNow)).clicked() {
                    out = Some(RatesChoice { options: None, club: false, charge: self.charge });
                }
                ui.separator();
                if ui.button(lang.t(T::RatesImportClub)).on_hover_text(lang.t(T::ImportRulesTip)).clicked() {
                    imported = true;
                }
            });
            super::modals::guard(ui);
        });
        if imported {
            return Some(AppCommand::ImportRulesForCharge(self.charge.0, self.charge.1));
        }
        out.map(|c| AppCommand::FirstRates(Box::new(c)))
    }
}
