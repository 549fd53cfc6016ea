//! The turn: the phase strip with "Next phase", the checklist of the current phase, and
//! the initiative roll (typed or rolled by the app).

use crate::rules::dice::D6;
use egui::{RichText, Ui};

use super::command::AppCommand;
use super::{roller, theme};
use crate::game::procedure::InitiativeDraft;
use crate::game::{Action, ActionError, Todo, checklist};
use crate::i18n::log_text::todo_text;
use crate::i18n::names::side_name;
use crate::i18n::{Label, Lang, T};
use crate::model::{Battle, RngState, UnitId};
use crate::rules::Side;
use crate::rules::dice::D6_FACES;

/// The initiative dice as typed, and the generator state if the app rolled them.
#[derive(Debug, Default)]
pub struct InitiativeForm {
    first: [String; 2],
    second: [String; 2],
    rng_after: Option<RngState>,
}

/// A typed die that is not a face of a D6.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct NotAFace;

impl InitiativeForm {
    /// Fills both sides' dice from the battle's generator.
    pub fn roll(&mut self, battle: &Battle) {
        let (dice, after) = roller::roll(&battle.rng, D6_FACES, 4);
        let text = |i: usize| dice.get(i).map(u8::to_string).unwrap_or_default();
        self.first = [text(0), text(1)];
        self.second = [text(2), text(3)];
        self.rng_after = Some(after);
    }

    /// The roll as the game drafts it; `Err` while a typed die is not a face of a D6
    /// (blank is not yet thrown).
    fn draft(&self) -> Result<InitiativeDraft, NotAFace> {
        let face = |s: &String| -> Result<Option<D6>, NotAFace> {
            let s = s.trim();
            if s.is_empty() {
                return Ok(None);
            }
            s.parse::<u8>().ok().and_then(|d| D6::new(d).ok()).map(Some).ok_or(NotAFace)
        };
        let pair = |p: &[String; 2]| -> Result<[Option<D6>; 2], NotAFace> { Ok([face(&p[0])?, face(&p[1])?]) };
        let dice = crate::rules::BySide { first: pair(&self.first)?, second: pair(&self.second)? };
        let mut draft = InitiativeDraft::new(dice);
        draft.rng_after = self.rng_after.clone();
        Ok(draft)
    }
}

/// The phase strip and the Next-phase button.
pub fn phase_bar_ui(ui: &mut Ui, lang: Lang, battle: &Battle, cmds: &mut Vec<AppCommand>) {
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(lang.fmt(T::TurnN, &[&battle.turn])).strong());
        for phase in battle.ruleset.phases() {
            let current = *phase == battle.phase;
            let text = RichText::new(phase.label(lang));
            let text = if current { text.strong().color(theme::CURRENT_PHASE) } else { text.weak() };
            ui.label(text);
            ui.label(RichText::new("›").weak());
        }
        let next = ui.button(lang.t(T::NextPhase)).on_hover_text(lang.t(T::NextPhaseTip));
        if next.clicked() {
            cmds.push(AppCommand::NextPhase);
        }
        ui.separator();
        match (battle.phasing, battle.ruleset) {
            (Some(side), _) => {
                ui.label(lang.fmt(T::PhasingIs, &[&side_name(battle, side, lang)]));
            }
            (None, crate::rules::Ruleset::Gdb) => {
                ui.label(RichText::new(lang.t(T::NoPhasingYet)).weak());
            }
            (None, crate::rules::Ruleset::RulesetB) => {}
        }
    });
}

/// The checklist of the current phase, with the initiative form when it is due.
pub fn checklist_ui(ui: &mut Ui, lang: Lang, battle: &Battle, form: &mut InitiativeForm, cmds: &mut Vec<AppCommand>) {
    ui.label(RichText::new(lang.fmt(T::ThisPhase, &[&battle.phase.label(lang)])).strong());
    let todos = checklist(battle);
    if todos.is_empty() {
        ui.label(RichText::new(lang.t(T::NothingOwed)).weak());
    }
    if battle.phase == crate::rules::Phase::Movement {
        ui.label(RichText::new(lang.t(T::MovementHint)).weak());
    }
    for todo in &todos {
        if let Todo::Declarations { declaring } = todo {
            declarations_ui(ui, lang, battle, *declaring, cmds);
            continue;
        }
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("• {}", todo_text(lang, battle, todo)));
            let action = match todo {
                Todo::Melee { index, .. } => Some((T::Fight, AppCommand::OpenMelee(*index))),
                Todo::Rout(id) | Todo::Retreat(id) | Todo::PushBackThenRally(id) | Todo::Pursue(id) => {
                    Some((T::ShowUnit, AppCommand::Reveal(*id)))
                }
                Todo::Test { unit, test, .. } => Some((T::TakeTest, AppCommand::OpenTest(Some((*unit, *test))))),
                Todo::RecordFire => Some((T::RecordFire, AppCommand::OpenFire)),
                // Issue 27: the players' named answer, journaled like any other action.
                Todo::AtTheEdge(unit) => {
                    if ui.small_button(lang.t(T::StaysAtEdge)).clicked() {
                        cmds.push(AppCommand::Perform(Action::AtTheEdge { unit: *unit, leaves: false }));
                    }
                    Some((T::LeavesBattle, AppCommand::Perform(Action::AtTheEdge { unit: *unit, leaves: true })))
                }
                Todo::CarryOutCharge { charger, target } => {
                    Some((T::CarryOut, AppCommand::CarryOutCharge(*charger, *target)))
                }
                Todo::Declarations { .. } | Todo::Attacks | Todo::RollInitiative => None,
            };
            // A charge carried out out of its turn is offered disabled, with the game's reason
            // (GDB-CHG-03, 04, GDB-OPP-02).
            let refused = if let Todo::CarryOutCharge { charger, target } = todo {
                carry_out_refused(lang, battle, *charger, *target)
            } else {
                None
            };
            if let Some((label, cmd)) = action {
                let button = ui.add_enabled(refused.is_none(), egui::Button::new(lang.t(label)).small());
                if let Some(why) = &refused {
                    button.clone().on_disabled_hover_text(why);
                }
                if button.clicked() {
                    cmds.push(cmd);
                }
            }
            // A test's unit can be found in the roster too.
            if let Todo::Test { unit, .. } = todo
                && ui.small_button(lang.t(T::ShowUnit)).clicked()
            {
                cmds.push(AppCommand::Reveal(*unit));
            }
        });
        if *todo == Todo::RollInitiative {
            initiative_ui(ui, lang, battle, form, cmds);
        }
    }
    // A test the app did not list, called by the players (their rulebook).
    if matches!(battle.phase, crate::rules::Phase::Firing | crate::rules::Phase::Morale) {
        ui.horizontal(|ui| {
            if ui.small_button(lang.t(T::CallTest)).on_hover_text(lang.t(T::CallTestTip)).clicked() {
                cmds.push(AppCommand::OpenTest(None));
            }
        });
    }
}

/// The GdB Charges phase's first row (GDB-CHG-03, 04): each side's declarations on a line
/// of its own, one line whatever it says, then "Declarations done" for the side declaring
/// (disabled once both are done), so that the rows below never move.
fn declarations_ui(ui: &mut Ui, lang: Lang, battle: &Battle, declaring: Option<Side>, cmds: &mut Vec<AppCommand>) {
    ui.label(format!("• {}", lang.t(T::DeclarationsHeading)));
    let phasing = crate::game::declarations::phasing_side(battle);
    // The phase read once for both sides' lines (the checklist is drawn every frame).
    let phase = crate::game::declarations::charges_phase(battle);
    ui.indent("declarations", |ui| {
        for side in [phasing, phasing.other()] {
            let words = crate::i18n::log_text::declaring_side_words(lang, battle, &phase, declaring, side);
            ui.add(egui::Label::new(words).truncate());
        }
        ui.horizontal(|ui| {
            let done = ui.add_enabled(declaring.is_some(), egui::Button::new(lang.t(T::DeclarationsDone)).small());
            if let Some(side) = declaring
                && done.clicked()
            {
                cmds.push(AppCommand::Perform(Action::DeclarationsDone { side }));
            }
        });
    });
}

/// Why this declared charge may not be carried out now, in words; `None` when it may.
/// What "Carry them out now" (or "Fight them now") opens: the first declared charge that
/// may be carried out now, or the first melee to fight, as the checklist offers them.
pub(super) fn first_unfinished(battle: &Battle) -> Option<AppCommand> {
    checklist(battle).into_iter().find_map(|todo| match todo {
        Todo::CarryOutCharge { charger, target } => {
            carry_out_verdict(battle, charger, target)?.is_ok().then_some(AppCommand::CarryOutCharge(charger, target))
        }
        Todo::Melee { index, .. } => Some(AppCommand::OpenMelee(index)),
        Todo::Declarations { .. }
        | Todo::Attacks
        | Todo::RollInitiative
        | Todo::Rout(_)
        | Todo::Retreat(_)
        | Todo::PushBackThenRally(_)
        | Todo::Pursue(_)
        | Todo::Test { .. }
        | Todo::RecordFire
        | Todo::AtTheEdge(_) => None,
    })
}

/// Whether the declared charge may be carried out now (none when it is not declared).
fn carry_out_verdict(battle: &Battle, charger: UnitId, target: UnitId) -> Option<Result<(), ActionError>> {
    let declared = crate::game::declared_charge(battle, charger, target)?;
    Some(crate::game::may_carry_out(battle, &declared))
}

fn carry_out_refused(lang: Lang, battle: &Battle, charger: UnitId, target: UnitId) -> Option<String> {
    let refused = carry_out_verdict(battle, charger, target)?.err()?;
    Some(crate::i18n::errors::action_error_text(lang, &refused))
}

fn initiative_ui(ui: &mut Ui, lang: Lang, battle: &Battle, form: &mut InitiativeForm, cmds: &mut Vec<AppCommand>) {
    egui::Grid::new("initiative").num_columns(4).spacing([6.0, 4.0]).show(ui, |ui| {
        for (side, pair) in [(Side::First, &mut form.first), (Side::Second, &mut form.second)] {
            ui.label(side_name(battle, side, lang));
            for (i, text) in pair.iter_mut().enumerate() {
                let label = lang.fmt(T::DieOf, &[&(i + 1), &side_name(battle, side, lang)]);
                let edit = egui::TextEdit::singleline(text).desired_width(28.0).char_limit(1);
                if ui.add(edit).accessible_name(label).changed() {
                    form.rng_after = None;
                }
            }
            if battle.commander_lost(side) {
                ui.label(RichText::new(lang.t(T::CommanderLostMinusOne)).color(theme::LOSSES));
            } else if battle.without_commander(side) {
                ui.label(RichText::new(lang.fmt(T::NoCommanderNoMinus, &[&side_name(battle, side, lang)])).weak());
            }
            ui.end_row();
        }
    });
    ui.horizontal(|ui| {
        if ui.button(lang.t(T::RollForMe)).clicked() {
            cmds.push(AppCommand::RollInitiative);
        }
    });
    let Ok(draft) = form.draft() else {
        ui.colored_label(theme::ERROR, lang.t(T::DiceOneToSix));
        return;
    };
    let Some(result) = draft.view(battle) else { return };
    ui.label(lang.fmt(T::InitiativeTotals, &[&result.totals.first, &result.totals.second]));
    let Some(winner) = result.winner else {
        ui.colored_label(theme::ERROR, lang.t(T::InitiativeTie));
        // GDB-SEQ-01: the tie goes into the journal with its dice, and the generator
        // moves on, so the next roll is a new one.
        if ui.button(lang.t(T::RecordTieRollAgain)).clicked()
            && let Some(action) = draft.record_tie(battle)
        {
            let rolled = form.rng_after.is_some();
            cmds.push(AppCommand::Perform(action));
            // Dice the app rolled are rolled again from the moved generator; typed dice
            // are cleared for the players' new throw.
            if rolled {
                cmds.push(AppCommand::RollInitiative);
            }
            *form = InitiativeForm::default();
        }
        return;
    };
    ui.label(lang.fmt(T::InitiativeWinner, &[&side_name(battle, winner, lang)]));
    ui.horizontal(|ui| {
        for side in Side::ALL {
            if ui.button(lang.fmt(T::MovesFirst, &[&side_name(battle, *side, lang)])).clicked()
                && let Some(action) = draft.moves_first(battle, *side)
            {
                cmds.push(AppCommand::Perform(action));
            }
        }
    });
}
