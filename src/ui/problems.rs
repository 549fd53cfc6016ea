//! A battle opened with problems (issue 26: never locked out): the list stands above the
//! roster until the players fix each in the editor, every item with the part in question
//! one click away. It updates after each action; saving is allowed, with a warning.

use egui::{RichText, Ui};

use super::command::{AppCommand, Selection};
use crate::i18n::errors::model_error_text;
use crate::i18n::{Lang, T};
use crate::model::{Battle, ModelError, Problem};
use crate::rules::Rank;

/// The problems' strip; nothing when the battle is sound.
pub fn problems_ui(ui: &mut Ui, lang: Lang, battle: &Battle, problems: &[ModelError], cmds: &mut Vec<AppCommand>) {
    ui.label(
        RichText::new(lang.fmt(T::ProblemsHeading, &[&lang.count(problems.len(), crate::i18n::Noun::Problem)]))
            .strong()
            .color(super::theme::ERROR),
    );
    ui.label(RichText::new(lang.t(T::ProblemsHint)).weak());
    egui::ScrollArea::vertical().id_salt("problems").max_height(120.0).show(ui, |ui| {
        for p in problems {
            ui.horizontal(|ui| {
                ui.label(format!("• {}", model_error_text(lang, p)));
                if let Some(selection) = part_of(battle, p)
                    && ui.button(lang.t(T::ProblemShowTip)).clicked()
                {
                    cmds.push(AppCommand::Select(selection));
                }
            });
        }
    });
}

/// The part of the battle a problem is in, for the editor to show: for two
/// commanders-in-chief, the second of them.
fn part_of(battle: &Battle, p: &ModelError) -> Option<Selection> {
    match p {
        ModelError::Unit { id, .. } => Some(Selection::Unit(*id)),
        ModelError::General { id, .. } => Some(Selection::General(*id)),
        ModelError::Brigade { id, .. } => Some(Selection::Brigade(*id)),
        ModelError::Battle(Problem::TwoCommanders(side)) => battle
            .generals
            .iter()
            .filter(|g| g.side == *side && g.rank == Rank::CommanderInChief)
            .nth(1)
            .map(|g| Selection::General(g.id)),
        ModelError::Battle(_) => None,
    }
}
