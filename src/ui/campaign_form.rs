//! The Campaign window (issue 52): begin a campaign (from the open battle or a
//! spreadsheet), make a battle from it (the units chosen from its lists), close the open
//! battle into it (shown and explained first: losses, states, the result by the rule
//! chosen, the lost generals' fates to say), write its report. Files are typed (or
//! browsed); the handler reads and writes them.

use std::collections::{BTreeMap, BTreeSet};

use egui::{RichText, Ui};

use super::command::AppCommand;
use crate::game::campaign::{self, CampaignError, Closing};
use crate::i18n::{Label, Lang, T};
use crate::model::{Battle, Campaign, Fate, GeneralId, ResultRule, UnitId};
use crate::rules::Side;

/// What the window is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CampaignTask {
    /// Begin a campaign.
    Begin,
    /// Make a battle from one.
    MakeBattle,
    /// Close the open battle into one.
    Close,
    /// Return a closed battle's wounded (issue 53).
    Recover,
    /// Begin a battle's second day (issue 53).
    SecondDay,
    /// Write one's report.
    Report,
}

impl CampaignTask {
    const ALL: [CampaignTask; 6] = [
        CampaignTask::Begin,
        CampaignTask::MakeBattle,
        CampaignTask::Close,
        CampaignTask::Recover,
        CampaignTask::SecondDay,
        CampaignTask::Report,
    ];
    /// As the File menu lists them (the wounded and the second day are tabs of the window).
    pub const MENU: [CampaignTask; 4] =
        [CampaignTask::Begin, CampaignTask::MakeBattle, CampaignTask::Close, CampaignTask::Report];

    /// Its File menu item.
    pub fn menu_key(self) -> T {
        match self {
            CampaignTask::Begin => T::CampMenuBegin,
            CampaignTask::MakeBattle => T::CampMenuBattle,
            CampaignTask::Close => T::CampMenuClose,
            // The wounded and the second day are tabs of the window the report's item opens.
            CampaignTask::Recover | CampaignTask::SecondDay | CampaignTask::Report => T::CampMenuReport,
        }
    }

    fn title(self, lang: Lang) -> &'static str {
        lang.t(match self {
            CampaignTask::Begin => T::CampTaskBegin,
            CampaignTask::MakeBattle => T::CampTaskBattle,
            CampaignTask::Close => T::CampTaskClose,
            CampaignTask::Recover => T::CampTaskRecover,
            CampaignTask::SecondDay => T::CampTaskSecondDay,
            CampaignTask::Report => T::CampTaskReport,
        })
    }
}

/// What the window asks the handler to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CampaignDo {
    /// Read the campaign file typed.
    Read,
    /// Begin the campaign and write it.
    Begin,
    /// Make the battle, write it and the campaign, and open it.
    MakeBattle,
    /// Close the open battle into the campaign and write it.
    Close,
    /// Return the last closed battle's wounded with the dice typed.
    Recover,
    /// Begin the second day.
    SecondDay,
    /// A campaign step of its own: Undo, Redo (not the battle's), a battle taken back.
    Step(campaign::StepAsk),
    /// Save the recovery table typed to the campaign's rules.
    SaveTable,
    /// Write the report: PDF (else Markdown).
    Report {
        /// As PDF.
        pdf: bool,
    },
}

/// The Campaign window's fields.
#[derive(Clone, Debug, PartialEq)]
pub struct CampaignForm {
    /// What it is doing.
    pub task: CampaignTask,
    /// Begin: from a spreadsheet (else the open battle).
    pub from_oob: bool,
    /// Begin: the spreadsheet's path.
    pub oob_path: String,
    /// Begin: the campaign's name; a battle: its name.
    pub name: String,
    /// The campaign file.
    pub campaign_path: String,
    /// The campaign read, or why not (shared, not copied, by the frames that draw it).
    pub campaign: Option<Result<std::sync::Arc<Campaign>, String>>,
    /// A battle: the units chosen.
    pub chosen: BTreeSet<UnitId>,
    /// A battle: the battle file to write.
    pub battle_path: String,
    /// Closing: the rule of the result.
    pub rule: ResultRule,
    /// Closing: the side that held the ground.
    pub held: Side,
    /// Closing: the lost generals' fates said.
    pub fates: BTreeMap<GeneralId, Fate>,
    /// The report's file.
    pub report_path: String,
    /// Recovery: each unit's die as typed.
    pub dice: BTreeMap<UnitId, String>,
    /// Recovery: the club's table as typed.
    pub table: TableDraft,
    /// What the frames show, worked out once for what they were worked out from: the
    /// closing (for the rule, the side, the battle's state and the language), the
    /// recovery (for the dice), the report's text (for the language).
    cache: Cache,
}

/// What a closing was worked out from: the rule, the side that held and the battle's
/// state (its game's stamp).
type ClosingKey = (ResultRule, Side, u64);

/// A recovery worked out, or why not.
type Recovered = Result<campaign::Recovery, campaign::RecoveryError>;

/// The Campaign window's derived views, each with what it was derived from.
#[derive(Clone, Debug, Default, PartialEq)]
struct Cache {
    closing: Option<(ClosingKey, Result<Closing, CampaignError>)>,
    /// The open battle's number when it is closed into the campaign already (as it is or
    /// changed since): the one a take-back would reopen.
    closed: Option<u32>,
    recovery: Option<(Vec<(UnitId, u8)>, Recovered)>,
    report: Option<(Lang, String)>,
    /// What the campaign read says (its battles closed, its strengths), by language.
    header: Option<(Lang, String)>,
}

impl CampaignForm {
    /// The window on a task, with the campaign file last used.
    pub fn new(task: CampaignTask, battle: &Battle, last: Option<&std::path::Path>) -> Self {
        let campaign_path = last.map(|p| p.display().to_string()).unwrap_or_default();
        CampaignForm {
            task,
            from_oob: false,
            oob_path: String::new(),
            name: battle.name.clone(),
            campaign_path,
            campaign: None,
            chosen: BTreeSet::new(),
            battle_path: String::new(),
            rule: ResultRule::Losses,
            held: Side::First,
            fates: BTreeMap::new(),
            report_path: String::new(),
            dice: BTreeMap::new(),
            table: TableDraft::default(),
            cache: Cache::default(),
        }
    }

    /// The campaign read, if it read.
    pub fn read(&self) -> Option<&Campaign> {
        self.campaign.as_ref().and_then(|c| c.as_ref().ok()).map(|c| &**c)
    }

    /// The campaign read, shared.
    pub fn shared(&self) -> Option<std::sync::Arc<Campaign>> {
        self.campaign.as_ref().and_then(|c| c.as_ref().ok()).cloned()
    }

    /// Takes a campaign read: every unit that can fight chosen.
    pub fn took(&mut self, read: Result<Campaign, String>) {
        if let Ok(c) = &read {
            let open: BTreeSet<UnitId> = campaign::open_battles(c).into_iter().flat_map(|(_, units)| units).collect();
            let free = |u: &&crate::model::CampaignUnit| u.state.can_fight() && !open.contains(&u.unit.id);
            self.chosen = c.units.iter().filter(free).map(|u| u.unit.id).collect();
            if self.task == CampaignTask::MakeBattle {
                self.name = format!("{} — {}", c.name, c.next_battle());
            }
        }
        if let Ok(c) = &read {
            self.table = TableDraft::of(&c.pack.options.recovery);
        }
        self.campaign = Some(read.map(std::sync::Arc::new));
        self.cache = Cache::default();
    }

    /// The closing of the open battle as the form says, or why not: worked out again only
    /// when the rule, the side or the battle changed (it hashes the battle).
    pub fn closing(&mut self, game: &crate::game::Game) -> Option<Result<Closing, CampaignError>> {
        let key = (self.rule, self.held, game.stamp());
        if let Some((k, closing)) = &self.cache.closing
            && *k == key
        {
            return Some(closing.clone());
        }
        let c = self.read()?;
        let held = (self.rule == ResultRule::HeldGround).then_some(self.held);
        let closing = campaign::closing(c, game, self.rule, held);
        let closed = |e: &CampaignError| {
            if let CampaignError::AlreadyClosed(n) | CampaignError::ChangedSinceClosed { number: n, .. } = e {
                Some(*n)
            } else {
                None
            }
        };
        self.cache.closed = closing.as_ref().err().and_then(closed);
        self.cache.closing = Some((key, closing.clone()));
        Some(closing)
    }

    /// The recovery of the last closed battle with the dice typed, worked out again only
    /// when they change.
    fn recovery(&mut self) -> Option<Recovered> {
        let dice = self.typed_dice();
        let key: Vec<(UnitId, u8)> = dice.iter().map(|(u, d)| (*u, d.get())).collect();
        if let Some((k, r)) = &self.cache.recovery
            && *k == key
        {
            return Some(r.clone());
        }
        let r = campaign::recovery(self.read()?, None, &dice);
        self.cache.recovery = Some((key, r.clone()));
        Some(r)
    }

    /// The campaign's report as text, made again only when the language changed.
    fn report_text(&mut self, lang: Lang) -> Option<String> {
        if let Some((l, text)) = &self.cache.report
            && *l == lang
        {
            return Some(text.clone());
        }
        let text = super::report_view::campaign_report_text(self.read()?, lang);
        self.cache.report = Some((lang, text.clone()));
        Some(text)
    }
}

/// A labelled one-line field, as wide as given.
fn field_ui(ui: &mut Ui, label: &str, text: &mut String, width: f32) {
    ui.horizontal(|ui| {
        let l = ui.label(label);
        ui.add(egui::TextEdit::singleline(text).desired_width(width)).labelled_by(l.id);
    });
}

/// The window; its choice becomes a command.
pub fn campaign_ui(
    ui: &mut Ui,
    lang: Lang,
    form: &mut CampaignForm,
    game: &crate::game::Game,
    unsaved: bool,
) -> Option<AppCommand> {
    let mut asked = None;
    let mut close = false;
    egui::Modal::new(egui::Id::unique("coldsteel-campaign")).show(ui.ctx(), |ui| {
        ui.set_width(720.0);
        ui.heading(lang.t(T::CampWindowTitle));
        ui.horizontal_wrapped(|ui| {
            for t in CampaignTask::ALL {
                ui.selectable_value(&mut form.task, t, t.title(lang));
            }
        });
        ui.separator();
        // A fixed size from the first frame: a modal sized to its first content stops
        // taking clicks below it as the content grows (egui 0.37).
        let height = (ui.ctx().content_rect().height() - 220.0).clamp(240.0, 520.0);
        let body = egui::ScrollArea::vertical().id_salt("coldsteel-campaign-body").auto_shrink([false, false]);
        body.max_height(height).min_scrolled_height(height).show(ui, |ui| {
            asked = match form.task {
                CampaignTask::Begin => begin_ui(ui, lang, form, game),
                CampaignTask::MakeBattle => battle_ui(ui, lang, form),
                CampaignTask::Close => close_ui(ui, lang, form, game, unsaved),
                CampaignTask::Recover => recover_ui(ui, lang, form),
                CampaignTask::SecondDay => second_day_ui(ui, lang, form),
                CampaignTask::Report => report_ui(ui, lang, form),
            };
        });
        ui.separator();
        close = ui.button(lang.t(T::Close)).clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape));
        super::modals::guard(ui);
    });
    if close {
        return Some(AppCommand::CloseModal);
    }
    asked.map(AppCommand::Campaign)
}

fn begin_ui(ui: &mut Ui, lang: Lang, form: &mut CampaignForm, game: &crate::game::Game) -> Option<CampaignDo> {
    super::settings::explain(ui, lang.t(T::CampBeginExplain));
    let link = game.battle().campaign.as_ref();
    let named = |l: &crate::model::CampaignLink| l.standing.as_ref().map_or_else(|| l.id.clone(), |s| s.name.clone());
    if let Some((name, n)) = link.map(|l| (named(l), l.battle)) {
        ui.colored_label(super::theme::WARN, lang.fmt(T::CampBelongs, &[&name, &n]));
    }
    ui.radio_value(&mut form.from_oob, false, lang.t(T::CampFromBattle));
    ui.radio_value(&mut form.from_oob, true, lang.t(T::CampFromOob));
    if form.from_oob {
        field_ui(ui, lang.t(T::CampOobPath), &mut form.oob_path, 460.0);
    }
    field_ui(ui, lang.t(T::CampName), &mut form.name, 360.0);
    field_ui(ui, lang.t(T::CampPath), &mut form.campaign_path, 460.0);
    let ready = !form.name.trim().is_empty()
        && !form.campaign_path.trim().is_empty()
        && (!form.from_oob || !form.oob_path.trim().is_empty());
    let begin = ui.add_enabled(ready, egui::Button::new(RichText::new(lang.t(T::CampBeginDo)).strong()));
    begin.clicked().then_some(CampaignDo::Begin)
}

/// The campaign file's field and Read; what it says once read.
fn campaign_file_ui(ui: &mut Ui, lang: Lang, form: &mut CampaignForm) -> Option<CampaignDo> {
    let mut asked = None;
    ui.horizontal(|ui| {
        let l = ui.label(lang.t(T::CampPath));
        ui.add(egui::TextEdit::singleline(&mut form.campaign_path).desired_width(420.0)).labelled_by(l.id);
        if ui.button(lang.t(T::CampRead)).clicked() {
            asked = Some(CampaignDo::Read);
        }
    });
    match &form.campaign {
        Some(Ok(c)) => {
            let c = c.clone();
            let said = match &form.cache.header {
                Some((l, said)) if *l == lang => said.clone(),
                Some(_) | None => {
                    let (first, second) = (c.strength(Side::First), c.strength(Side::Second));
                    let said = lang.fmt(T::CampReadSays, &[&c.name, &c.closed().len(), &first.1, &second.1]);
                    form.cache.header = Some((lang, said.clone()));
                    said
                }
            };
            ui.label(RichText::new(said).strong());
            if let Some(step) = undo_redo_ui(ui, lang, &c) {
                asked = Some(step);
            }
        }
        Some(Err(reason)) => {
            ui.colored_label(super::theme::ERROR, reason);
        }
        None => super::settings::explain(ui, lang.t(T::CampReadFirst)),
    }
    asked
}

/// The campaign's own Undo and Redo, each naming its step.
fn undo_redo_ui(ui: &mut Ui, lang: Lang, c: &Campaign) -> Option<CampaignDo> {
    let mut asked = None;
    ui.horizontal_wrapped(|ui| {
        let buttons = [
            (campaign::undoable(c), T::CampUndo, campaign::StepAsk::Undo),
            (campaign::redoable(c), T::CampRedo, campaign::StepAsk::Redo),
        ];
        for (step, label, ask) in buttons {
            let said = step.as_ref().map_or_else(|| "—".to_owned(), |d| crate::i18n::errors::step_text(lang, d));
            let button = egui::Button::new(lang.fmt(label, &[&said]));
            if ui.add_enabled(step.is_some(), button).on_hover_text(lang.t(T::CampUndoExplain)).clicked() {
                asked = Some(CampaignDo::Step(ask));
            }
        }
    });
    asked
}

fn battle_ui(ui: &mut Ui, lang: Lang, form: &mut CampaignForm) -> Option<CampaignDo> {
    let mut asked = campaign_file_ui(ui, lang, form);
    let Some(c) = form.shared() else { return asked };
    ui.label(RichText::new(lang.t(T::CampChooseUnits)).strong());
    let open = campaign::open_battles(&c);
    let in_battle: BTreeMap<UnitId, u32> =
        open.iter().flat_map(|(n, units)| units.iter().map(move |u| (*u, *n))).collect();
    let in_battle = |id: UnitId| in_battle.get(&id).copied();
    ui.columns(2, |cols| {
        for (col, side) in cols.iter_mut().zip(Side::ALL) {
            let info = c.sides.get(*side);
            col.label(RichText::new(crate::i18n::names::shown(&info.name, info.name_ru.as_deref(), lang)).strong());
            for u in c.units.iter().filter(|u| u.unit.side == *side) {
                let name = u.unit.display_name(lang == Lang::Ru);
                let mut text = format!("{name} ({}/{}; {})", u.unit.figures, u.unit.figures_start, u.state.label(lang));
                let busy = in_battle(u.unit.id);
                if let Some(n) = busy {
                    text = format!("{text} — {}", lang.fmt(T::CampInBattle, &[&n]));
                }
                let mut on = form.chosen.contains(&u.unit.id);
                let r = col.add_enabled(u.state.can_fight() && busy.is_none(), egui::Checkbox::new(&mut on, text));
                if r.changed() {
                    if on {
                        form.chosen.insert(u.unit.id);
                    } else {
                        form.chosen.remove(&u.unit.id);
                    }
                }
            }
        }
    });
    field_ui(ui, lang.t(T::CampBattleName), &mut form.name, 360.0);
    field_ui(ui, lang.t(T::CampBattlePath), &mut form.battle_path, 460.0);
    let chosen: Vec<UnitId> = form.chosen.iter().copied().collect();
    let made = campaign::battle_from(&c, &chosen, &form.name);
    if let Err(e) = &made {
        ui.colored_label(super::theme::ERROR, crate::i18n::errors::campaign_error_text(lang, e));
    }
    let ready = made.is_ok() && !form.battle_path.trim().is_empty() && !form.name.trim().is_empty();
    if ui.add_enabled(ready, egui::Button::new(RichText::new(lang.t(T::CampBattleDo)).strong())).clicked() {
        asked = Some(CampaignDo::MakeBattle);
    }
    if form.battle_path.trim().is_empty() {
        super::settings::explain(ui, lang.t(T::CampBattlePathFirst));
    }
    asked
}

fn close_ui(
    ui: &mut Ui,
    lang: Lang,
    form: &mut CampaignForm,
    game: &crate::game::Game,
    unsaved: bool,
) -> Option<CampaignDo> {
    let mut asked = campaign_file_ui(ui, lang, form);
    let Some(c) = form.shared() else { return asked };
    ui.label(RichText::new(lang.t(T::CampResultBy)).strong());
    ui.horizontal_wrapped(|ui| {
        for r in ResultRule::ALL {
            ui.radio_value(&mut form.rule, r, r.label(lang));
        }
    });
    if form.rule == ResultRule::HeldGround {
        ui.horizontal(|ui| {
            ui.label(lang.t(T::CampHeldBy));
            for side in Side::ALL {
                let info = &game.battle().sides.get(*side);
                ui.radio_value(
                    &mut form.held,
                    *side,
                    crate::i18n::names::shown(&info.name, info.name_ru.as_deref(), lang),
                );
            }
        });
    }
    let closing = match form.closing(game) {
        Some(Ok(closing)) => closing,
        Some(Err(e)) => {
            ui.colored_label(super::theme::ERROR, crate::i18n::errors::campaign_error_text(lang, &e));
            // A battle closed already (as it is, or changed since) can be taken back.
            if let Some(n) = form.cache.closed {
                super::settings::explain(ui, lang.t(T::CampTakeBackExplain));
                if ui.button(RichText::new(lang.fmt(T::CampTakeBackDo, &[&n])).strong()).clicked() {
                    asked = Some(CampaignDo::Step(campaign::StepAsk::TakeBack(Some(n))));
                }
            }
            return asked;
        }
        None => return asked,
    };
    let lines = super::report_view::closing_lines(lang, &c, &closing);
    // The heading, each side, the rule and the result first; each unit's line below.
    let units = closing.units.len();
    let summary = lines.iter().take(1).chain(lines.iter().skip(1 + units).take(Side::ALL.len() + 2));
    egui::Frame::group(ui.style()).show(ui, |ui| {
        for line in summary {
            ui.label(RichText::new(line).strong());
        }
    });
    for (id, name) in &closing.lost_generals {
        ui.horizontal_wrapped(|ui| {
            let name = super::report_view::campaign_general_name(&c, *id, name, lang);
            ui.label(lang.fmt(T::CampFateOf, &[&name]));
            for f in Fate::ALL {
                if ui.radio(form.fates.get(id) == Some(&f), f.label(lang)).clicked() {
                    form.fates.insert(*id, f);
                }
            }
        });
    }
    let all_said = closing.lost_generals.iter().all(|(id, _)| form.fates.contains_key(id));
    if !all_said {
        ui.colored_label(super::theme::WARN, lang.t(T::CampSayFates));
    }
    // The campaign records the battle file: a battle with unsaved changes is saved first.
    if unsaved {
        ui.colored_label(super::theme::WARN, lang.t(T::CampUnsavedClose));
    }
    let label = lang.t(if unsaved { T::CampSaveAndClose } else { T::CampCloseDo });
    let close = egui::Button::new(RichText::new(label).strong());
    if ui.add_enabled(all_said, close).clicked() {
        asked = Some(CampaignDo::Close);
    }
    ui.label(RichText::new(lang.t(T::CampEachUnit)).strong());
    egui::ScrollArea::vertical().id_salt("coldsteel-campaign-units").max_height(220.0).show(ui, |ui| {
        for line in lines.iter().skip(1).take(units) {
            ui.label(RichText::new(line).monospace().size(12.0));
        }
    });
    asked
}

impl CampaignForm {
    /// Each unit's die as typed, where it reads as a face.
    pub fn typed_dice(&self) -> Vec<(UnitId, crate::rules::dice::D6)> {
        let face = |t: &String| t.trim().parse::<u8>().ok().and_then(|f| crate::rules::dice::D6::new(f).ok());
        self.dice.iter().filter_map(|(u, t)| Some((*u, face(t)?))).collect()
    }
}

/// The club's recovery table as typed: by result (won, drawn, lost) or by a die's faces,
/// each a share in per cent; open for editing while the rules have none.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableDraft {
    /// By a die per unit (else by the result).
    pub by_die: bool,
    /// Won, drawn, lost, as typed.
    pub result: [String; 3],
    /// Faces 1 to 6, as typed.
    pub die: [String; 6],
    /// Being edited.
    pub open: bool,
}

impl TableDraft {
    /// The draft of a table (open when the table is empty).
    pub fn of(t: &crate::rules::options::RecoveryTable) -> Self {
        use crate::rules::options::BattleEnd;
        let mut d = TableDraft { by_die: !t.by_die.is_empty(), open: t.is_empty(), ..TableDraft::default() };
        for (cell, end) in d.result.iter_mut().zip(BattleEnd::ALL) {
            *cell = t.by_result.iter().find(|r| r.end == end).map(|r| r.percent.to_string()).unwrap_or_default();
        }
        for (cell, face) in d.die.iter_mut().zip(1u8..) {
            *cell = t.by_die.iter().find(|r| r.die == face).map(|r| r.percent.to_string()).unwrap_or_default();
        }
        d
    }

    /// The table typed, or the first cell that is no share from 0 to 100 (its label).
    pub fn table(&self, lang: Lang) -> Result<crate::rules::options::RecoveryTable, String> {
        use crate::rules::options::{BattleEnd, DieRecovery, RecoveryTable, ResultRecovery};
        let share = |text: &str, label: String| -> Result<u32, String> {
            let text = text.trim();
            match text.parse::<u32>() {
                Ok(p) if p <= 100 => Ok(p),
                Ok(p) => Err(lang.fmt(T::CampTableOver, &[&label, &p])),
                Err(_) if text.is_empty() => Err(lang.fmt(T::CampTableEmpty, &[&label])),
                Err(_) => Err(lang.fmt(T::CampTableBad, &[&label])),
            }
        };
        if self.by_die {
            let mut by_die = Vec::new();
            for (text, die) in self.die.iter().zip(1u8..) {
                by_die.push(DieRecovery { die, percent: share(text, lang.fmt(T::CampTableFace, &[&die]))? });
            }
            Ok(RecoveryTable { by_result: Vec::new(), by_die })
        } else {
            let mut by_result = Vec::new();
            for (text, end) in self.result.iter().zip(BattleEnd::ALL) {
                by_result.push(ResultRecovery { end, percent: share(text, end.label(lang).to_owned())? });
            }
            Ok(RecoveryTable { by_result, by_die: Vec::new() })
        }
    }
}

/// The recovery table's form: by the result or by a die, a share per cent a row, Save.
fn table_ui(ui: &mut Ui, lang: Lang, form: &mut CampaignForm) -> Option<CampaignDo> {
    let t = &mut form.table;
    ui.label(RichText::new(lang.t(T::CampTableTitle)).strong());
    ui.horizontal_wrapped(|ui| {
        ui.radio_value(&mut t.by_die, false, lang.t(T::CampTableByResult));
        ui.radio_value(&mut t.by_die, true, lang.t(T::CampTableByDie));
    });
    let cell = |ui: &mut Ui, label: String, text: &mut String| {
        ui.horizontal(|ui| {
            let l = ui.label(label);
            ui.add(egui::TextEdit::singleline(text).desired_width(40.0)).labelled_by(l.id);
            ui.label("%");
        });
    };
    ui.horizontal_wrapped(|ui| {
        if t.by_die {
            for (text, face) in t.die.iter_mut().zip(1u8..) {
                cell(ui, lang.fmt(T::CampTableFace, &[&face]), text);
            }
        } else {
            for (text, end) in t.result.iter_mut().zip(crate::rules::options::BattleEnd::ALL) {
                cell(ui, end.label(lang).to_owned(), text);
            }
        }
    });
    let typed = t.table(lang);
    let saved = form.read().map(|c| c.pack.options.recovery.clone()).unwrap_or_default();
    let mut asked = None;
    ui.horizontal(|ui| {
        let save = egui::Button::new(RichText::new(lang.t(T::CampTableSave)).strong());
        if ui.add_enabled(typed.is_ok(), save).clicked() {
            asked = Some(CampaignDo::SaveTable);
        }
        // A table saved before is kept as it was.
        if !saved.is_empty() && ui.button(lang.t(T::CampTableCancel)).clicked() {
            form.table = TableDraft::of(&saved);
        }
    });
    // Under the button, so that the button stays where it is as the reason comes and goes.
    if let Err(reason) = &typed {
        ui.colored_label(super::theme::WARN, reason);
    }
    asked
}

/// The last closed battle's wounded: each unit's losses and, where a die decides, the
/// exact odds of each number returning, then its die typed or rolled.
fn recover_ui(ui: &mut Ui, lang: Lang, form: &mut CampaignForm) -> Option<CampaignDo> {
    let mut asked = campaign_file_ui(ui, lang, form);
    let Some(c) = form.shared() else { return asked };
    if c.pack.options.recovery.is_empty() {
        // The first time it is needed, the players fill it in here.
        super::settings::explain(ui, lang.t(T::CampTableNone));
        return table_ui(ui, lang, form).or(asked);
    }
    if form.table.open {
        if let Some(save) = table_ui(ui, lang, form) {
            asked = Some(save);
        }
        ui.separator();
    } else if ui.button(lang.t(T::CampTableEdit)).clicked() {
        form.table.open = true;
    }
    let recovery = match form.recovery() {
        Some(Ok(r)) => r,
        None => return asked,
        Some(Err(e)) => {
            ui.colored_label(super::theme::ERROR, crate::i18n::errors::recovery_error_text(lang, &e));
            return asked;
        }
    };
    let by_die = recovery.by == crate::rules::options::RecoveryBy::Die;
    if by_die && ui.button(lang.t(T::RollForMe)).clicked() {
        // One die a unit, from the campaign's own count: a roll is the same when retried.
        let mut hash = crate::model::Fnv1a::default();
        hash.add(c.id.as_bytes());
        hash.add(&c.ledger.len().to_le_bytes());
        let seed = hash.0;
        let mut state = crate::model::RngState { seed, rolls: 0 };
        for u in &recovery.units {
            let (faces, after) = super::roller::roll(&state, crate::rules::dice::D6_FACES, 1);
            state = after;
            form.dice.insert(u.unit, faces.first().map(u8::to_string).unwrap_or_default());
        }
    }
    for u in &recovery.units {
        let name = c.unit(u.unit).map_or(u.name.as_str(), |l| l.unit.display_name(lang == Lang::Ru)).to_owned();
        let back = u.returning.map(|n| lang.count(n, crate::i18n::Noun::Figure));
        if by_die {
            let odds: Vec<String> =
                u.odds.iter().map(|(n, p)| format!("{n}: {} %", lang.decimal(p * 100.0, 1))).collect();
            ui.label(lang.fmt(T::CampRecoveryOdds, &[&name, &u.losses, &odds.join(", ")]));
            ui.horizontal(|ui| {
                let label = ui.label(lang.fmt(T::CampDieOf, &[&name]));
                let text = form.dice.entry(u.unit).or_default();
                ui.add(egui::TextEdit::singleline(text).desired_width(30.0)).labelled_by(label.id);
                if let (Some(d), Some(back)) = (u.die, &back) {
                    ui.label(lang.fmt(T::CampRecoveryRolled, &[&name, &d, back]));
                }
            });
        } else {
            let back = back.unwrap_or_default();
            ui.label(lang.fmt(T::CampRecoveryUnit, &[&name, &u.losses, &u.end.label(lang), &back]));
        }
    }
    let ready = recovery.units.iter().all(|u| u.returning.is_some());
    if ui.add_enabled(ready, egui::Button::new(RichText::new(lang.t(T::CampRecoverDo)).strong())).clicked() {
        asked = Some(CampaignDo::Recover);
    }
    asked
}

/// The second day: what it does, and the button.
fn second_day_ui(ui: &mut Ui, lang: Lang, form: &mut CampaignForm) -> Option<CampaignDo> {
    let mut asked = campaign_file_ui(ui, lang, form);
    if form.read().is_none() {
        return asked;
    }
    super::settings::explain(ui, lang.t(T::CampSecondDayExplain));
    if let Some(c) = form.read() {
        let routed: Vec<&str> = c
            .units
            .iter()
            .filter(|u| u.state == crate::model::UnitState::Routed)
            .map(|u| u.unit.display_name(lang == Lang::Ru))
            .collect();
        let said = if routed.is_empty() {
            lang.t(T::CampNoneRouted).to_owned()
        } else {
            lang.fmt(T::CampWillRally, &[&routed.join(", ")])
        };
        ui.label(said);
    }
    if ui.button(RichText::new(lang.t(T::CampSecondDayDo)).strong()).clicked() {
        asked = Some(CampaignDo::SecondDay);
    }
    asked
}

fn report_ui(ui: &mut Ui, lang: Lang, form: &mut CampaignForm) -> Option<CampaignDo> {
    let mut asked = campaign_file_ui(ui, lang, form);
    let Some(text) = form.report_text(lang) else { return asked };
    // As tall as the window allows, and as wide as its tables: a long line scrolls rather
    // than wrapping a table's columns apart.
    let height = (ui.available_height() - 80.0).max(160.0);
    let area = egui::ScrollArea::both().id_salt("coldsteel-campaign-report").max_height(height);
    area.auto_shrink([false, true]).show(ui, |ui| {
        ui.add(egui::Label::new(RichText::new(text).monospace().size(11.0)).wrap_mode(egui::TextWrapMode::Extend));
    });
    field_ui(ui, lang.t(T::CampReportPath), &mut form.report_path, 460.0);
    ui.horizontal(|ui| {
        let ready = !form.report_path.trim().is_empty();
        if ui.add_enabled(ready, egui::Button::new(lang.t(T::CampReportPdf))).clicked() {
            asked = Some(CampaignDo::Report { pdf: true });
        }
        if ui.add_enabled(ready, egui::Button::new(lang.t(T::CampReportMd))).clicked() {
            asked = Some(CampaignDo::Report { pdf: false });
        }
    });
    asked
}
