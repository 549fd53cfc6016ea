//! The rules settings of a battle: every open rules question (digest section 4, AMB-xx)
//! as a visible, editable setting with its default and what it changes; the casualty
//! table; and profiles to load and save.

use egui::{RichText, Ui};

use super::app::{CsApp, Modal};
use super::command::{AppCommand, PathPurpose};
use crate::i18n::{Label, Lang, T};
use crate::model::{PackId, PackRef, RulesOptions, RulesPack};
use crate::rules::options::GdbOptions;
use crate::rules::options::{CavalrySlopeBonus, FirstMove};
use crate::rules::{Arm, Ruleset};

/// The topics the settings are grouped by, one tab each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Topic {
    /// The club's rules pack: which the battle plays, its name, import and export.
    ClubRules,
    /// The melee table, its blank cells, squares and casualties.
    Melee,
    /// Charges, evading, counter-charges, formation changes, limbering.
    Charges,
    /// Movement, charge, retreat and rout distances.
    Movement,
    /// The test tables.
    Tests,
    /// Ruleset B.
    RulesetB,
    /// The basing table of the table view.
    Basing,
}

impl Topic {
    const ALL: [Topic; 7] =
        [Topic::ClubRules, Topic::Melee, Topic::Charges, Topic::Movement, Topic::Tests, Topic::RulesetB, Topic::Basing];

    fn title(self, lang: Lang) -> &'static str {
        match self {
            Topic::ClubRules => lang.t(T::TopicClubRules),
            Topic::Melee => lang.t(T::TopicMelee),
            Topic::Charges => lang.t(T::TopicCharges),
            Topic::Movement => lang.t(T::TopicMovement),
            Topic::Tests => lang.t(T::TopicTests),
            Topic::RulesetB => Ruleset::RulesetB.label(lang),
            Topic::Basing => lang.t(T::TopicBasing),
        }
    }
}

/// The settings being edited: nothing changes until Apply.
#[derive(Debug, Clone, PartialEq)]
pub struct SettingsDraft {
    ruleset: Ruleset,
    options: RulesOptions,
    zones: String,
    topic: Topic,
    /// The name and version the rules are given (issue 50): a named pack once applied.
    pack: PackId,
    /// The pack the battle plays as it stands, and the club's in the data folder.
    packs: Packs,
    /// The club's house rules, edited for its pack (issue 51).
    house: super::settings_house::ClubHouse,
}

/// Which packs are in play, as the settings window opened.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Packs {
    /// The pack the battle names, and whether its rules are still that pack's.
    pub battle: Option<(PackRef, bool)>,
    /// The club's pack in the data folder, and whether the battle plays its rules.
    pub club: Option<(PackId, bool)>,
}

impl SettingsDraft {
    /// A draft of the battle's current settings, open on the topic of its ruleset.
    pub fn of(ruleset: Ruleset, options: &RulesOptions) -> Self {
        let zones = options.ruleset_b.zone_widths_cm.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
        let topic = if ruleset == Ruleset::RulesetB { Topic::RulesetB } else { Topic::Melee };
        SettingsDraft {
            ruleset,
            options: options.clone(),
            zones,
            topic,
            pack: PackId::default(),
            packs: Packs::default(),
            house: super::settings_house::ClubHouse::default(),
        }
    }

    /// A draft of a battle's settings, with the pack it plays and the club's (issue 50).
    pub fn of_battle(battle: &crate::model::Battle, club: Option<&RulesPack>) -> Self {
        let own = battle.rules_pack();
        let battle_pack = battle.pack.clone().map(|p| (p, battle.plays_its_pack()));
        // The club's house rules as its pack has them; without a pack, the battle's.
        let source = club.map_or(&battle.options, |c| &c.options);
        let house = super::settings_house::ClubHouse {
            gdb: source.gdb.house.clone(),
            ruleset_b: source.ruleset_b.house.clone(),
            club_exists: club.is_some(),
        };
        let club = club.map(|c| (c.id.clone(), c.hash() == own.hash()));
        SettingsDraft {
            pack: own.id,
            packs: Packs { battle: battle_pack, club },
            house,
            ..Self::of(battle.ruleset, &battle.options)
        }
    }

    /// The club's pack as it was just saved: the packs in play and the house rules the
    /// form shows are its.
    pub fn note_club(&mut self, club: &RulesPack, battle: &crate::model::Battle) {
        self.packs.club = Some((club.id.clone(), club.hash() == battle.rules_pack().hash()));
        self.house.club_exists = true;
    }

    /// The same draft open on the club's rules.
    pub fn on_club_rules(self) -> Self {
        SettingsDraft { topic: Topic::ClubRules, ..self }
    }
}

impl SettingsDraft {
    /// The same draft, open on the basing table (a unit could not be placed without it).
    pub fn on_basing(self) -> Self {
        SettingsDraft { topic: Topic::Basing, ..self }
    }

    /// The same draft on the basing table with a row for `arm` where it has none, its
    /// sizes copied from the last row (or empty, for the players to fill): the row the
    /// unit dropped on the table needs (issue 44).
    pub fn on_basing_for(mut self, arm: crate::rules::Arm) -> Self {
        let rows = &mut self.options.basing;
        if !rows.iter().any(|r| r.arm == arm) {
            let row = super::settings_tables::new_basing_row(rows, Some(arm));
            rows.push(row);
        }
        self.on_basing()
    }
}

/// What the settings window asks for.
pub enum SettingsChoice {
    /// Keep editing.
    None,
    /// Close, changing nothing.
    Cancel,
    /// Apply the draft: its rules, under the name given them.
    Apply(Box<RulesPack>),
    /// Load a profile.
    LoadProfile,
    /// Save the battle's settings as a profile.
    SaveProfile,
    /// Save the battle's settings as the club's profile, which new battles start from.
    SaveClubProfile,
    /// Save the club's house rules to its pack (issue 51).
    SaveClubHouse(Box<super::settings_house::ClubHouse>),
    /// Switch the battle to the club's pack, with its preview.
    PlayClubRules,
}

/// What an option changes, under its title.
pub(super) fn explain(ui: &mut Ui, text: &str) {
    ui.add(egui::Label::new(RichText::new(text).weak().size(12.0)).wrap());
}

/// An option's or table's title in plain words, its rules code small and secondary.
pub(super) fn title_ui(ui: &mut Ui, title: &str, code: &str) {
    ui.add_space(6.0);
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(title).strong());
        ui.label(RichText::new(code).small().weak());
    });
}

/// A yes/no option: a checkbox with its title, the code, and what it changes.
fn switch_ui(ui: &mut Ui, lang: Lang, value: &mut bool, (title, code, effect): (T, &str, T)) {
    ui.add_space(6.0);
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(value, RichText::new(lang.t(title)).strong());
        ui.label(RichText::new(code).small().weak());
    });
    explain(ui, lang.t(effect));
}

/// A number option: its title and code, the field, and what it changes.
fn count_ui<N: egui::emath::Numeric>(
    ui: &mut Ui,
    value: &mut N,
    range: std::ops::RangeInclusive<N>,
    (title, code, effect): (&str, &str, &str),
    lang: Lang,
) {
    title_ui(ui, title, code);
    let _ = crate::ui::widgets::bounded_ui(ui, value, range, title, lang);
    explain(ui, effect);
}

/// The `i`-th label and field of a grid of two pairs a row (a wrapping row cannot keep
/// a label with its field).
fn labelled_ui(ui: &mut Ui, i: usize, label: &str, field: impl FnOnce(&mut Ui)) {
    ui.label(label);
    field(ui);
    if i % 2 == 1 {
        ui.end_row();
    }
}

/// A grid of labelled fields, two a row.
fn pairs_grid(id: &str) -> egui::Grid {
    egui::Grid::new(id).num_columns(4).spacing([8.0, 4.0])
}

/// Height of the pinned row of buttons.
const BUTTONS_H: f32 = 64.0;

/// The settings window: the ruleset, a tab per topic, and Apply and Cancel pinned under
/// the scrolling options.
pub fn settings_ui(ui: &mut Ui, lang: Lang, draft: &mut SettingsDraft) -> SettingsChoice {
    let mut choice = SettingsChoice::None;
    let screen = ui.ctx().content_rect();
    egui::Window::new(lang.t(T::RulesSettings))
        .id(egui::Id::unique("coldsteel-settings"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 40.0))
        .fixed_size(egui::vec2(680.0, (screen.height() - 150.0).max(300.0)))
        .show(ui.ctx(), |ui| {
            ui.horizontal(|ui| {
                ui.label(RichText::new(lang.t(T::RulesetHeading)).strong());
                for r in Ruleset::ALL {
                    ui.radio_value(&mut draft.ruleset, *r, r.label(lang));
                }
            });
            // The tabs wrap rather than widen the window (seven of them in Russian).
            ui.horizontal_wrapped(|ui| {
                for t in Topic::ALL {
                    ui.selectable_value(&mut draft.topic, t, t.title(lang));
                }
            });
            ui.separator();
            let height = (ui.available_height() - BUTTONS_H).max(80.0);
            egui::ScrollArea::vertical()
                .id_salt(("coldsteel-settings-topic", draft.topic as u8))
                .max_height(height)
                .auto_shrink([false, false])
                .show(ui, |ui| choice = topic_ui(ui, lang, draft));
            ui.separator();
            let buttons = buttons_ui(ui, lang, draft);
            if !matches!(buttons, SettingsChoice::None) {
                choice = buttons;
            }
        });
    if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
        choice = SettingsChoice::Cancel;
    }
    choice
}

fn topic_ui(ui: &mut Ui, lang: Lang, draft: &mut SettingsDraft) -> SettingsChoice {
    if draft.topic == Topic::ClubRules {
        return club_rules_ui(ui, lang, draft);
    }
    let o = &mut draft.options.gdb;
    match draft.topic {
        // Drawn above, with the choices its buttons make.
        Topic::ClubRules => {}
        Topic::Melee => {
            melee_ui(ui, lang, o);
            super::settings_tables::casualties_ui(ui, lang, &mut o.casualties);
        }
        Topic::Charges => {
            charges_ui(ui, lang, o);
            super::settings_tables::durations_ui(ui, lang, &mut o.durations);
            super::settings_tables::limber_ui(ui, lang, &mut o.emergency_limber);
        }
        Topic::Movement => super::settings_tables::distances_ui(ui, lang, &mut o.distances),
        Topic::Tests => {
            super::settings_tables::tests_ui(ui, lang, &mut o.tests);
            super::settings_tables::firing_ui(ui, lang, &mut o.firing);
            switch_ui(ui, lang, &mut o.test_after_fire, (T::OptTestAfterFire, "", T::ExplainTestAfterFire));
            switch_ui(ui, lang, &mut o.rally_at_once, (T::OptRallyAtOnce, "GDB-SEQ-03", T::ExplainRallyAtOnce));
        }
        Topic::RulesetB => b_ui(ui, lang, draft),
        Topic::Basing => super::settings_tables::basing_ui(ui, lang, &mut draft.options.basing),
    }
    SettingsChoice::None
}

fn charges_ui(ui: &mut Ui, lang: Lang, o: &mut GdbOptions) {
    title_ui(ui, lang.t(T::OptFirstMove), "AMB-01");
    ui.horizontal(|ui| {
        ui.radio_value(&mut o.first_move, FirstMove::HalfDistance, lang.t(T::OptHalfDistance));
        ui.radio_value(&mut o.first_move, FirstMove::HalfMove, lang.t(T::OptHalfMove));
    });
    explain(ui, lang.t(T::ExplainFirstMove));
    title_ui(ui, lang.t(T::OptMayEvade), "AMB-04");
    ui.horizontal_wrapped(|ui| {
        for arm in Arm::ALL {
            let mut on = o.may_evade.contains(arm);
            if ui.checkbox(&mut on, arm.label(lang)).changed() {
                if on {
                    o.may_evade.push(*arm);
                } else {
                    o.may_evade.retain(|a| a != arm);
                }
            }
        }
    });
    explain(ui, lang.t(T::ExplainMayEvade));
    let counter = (T::OptInfantryCounter, "AMB-41", T::ExplainInfantryCounter);
    switch_ui(ui, lang, &mut o.infantry_may_counter_charge, counter);
    let orders = lang.t(T::OptOrders);
    count_ui(ui, &mut o.opportunity_orders_per_general, 0..=5, (orders, "AMB-44", lang.t(T::ExplainOrders)), lang);
    let without = (T::OptMinusOneWithout, "AMB-50", T::ExplainMinusOneWithout);
    switch_ui(ui, lang, &mut o.minus_one_without_commander, without);
}

fn melee_ui(ui: &mut Ui, lang: Lang, o: &mut GdbOptions) {
    title_ui(ui, lang.t(T::OptBlankCells), "AMB-05");
    pairs_grid("blank-cells").show(ui, |ui| {
        let b = &mut o.blank_cells;
        for (i, (v, arm)) in [
            (&mut b.open_order_infantry, Arm::OpenOrderInfantry),
            (&mut b.artillery, Arm::Artillery),
            (&mut b.cossacks, Arm::Cossacks),
            (&mut b.skirmishers, Arm::Skirmishers),
        ]
        .into_iter()
        .enumerate()
        {
            labelled_ui(ui, i, arm.label(lang), |ui| {
                let _ = crate::ui::widgets::bounded_ui(ui, v, -5..=5, arm.label(lang), lang);
            });
        }
        let classes = lang.t(T::OrdinaryClasses);
        labelled_ui(ui, 4, classes, |ui| {
            let _ = crate::ui::widgets::bounded_ui(ui, &mut b.ordinary_classes, -5..=5, classes, lang);
        });
    });
    explain(ui, lang.t(T::ExplainBlankCells));
    switch_ui(ui, lang, &mut o.british_guard_cap, (T::OptGuardCap, "AMB-06", T::ExplainGuardCap));
    switch_ui(ui, lang, &mut o.column_square_bonus_needs_formed, (T::OptNeedsFormed, "AMB-09", T::ExplainNeedsFormed));
    let margin = lang.t(T::OptSquareMargin);
    count_ui(ui, &mut o.square_break_margin, 1..=20, (margin, "AMB-10", lang.t(T::ExplainSquareHolds)), lang);
    switch_ui(ui, lang, &mut o.square_win_reads_table, (T::OptSquareWinTable, "AMB-10", T::ExplainSquareWinTable));
    let removed = (T::OptDispersedRemoved, "AMB-12", T::ExplainDispersedRemoved);
    switch_ui(ui, lang, &mut o.dispersed_artillery_removed, removed);
}

fn b_ui(ui: &mut Ui, lang: Lang, draft: &mut SettingsDraft) {
    let o = &mut draft.options.ruleset_b;
    title_ui(ui, lang.t(T::OptSlope), "AMB-30");
    ui.horizontal(|ui| {
        ui.radio_value(&mut o.cavalry_slope_bonus, CavalrySlopeBonus::Uphill, lang.t(T::OptUphill));
        ui.radio_value(&mut o.cavalry_slope_bonus, CavalrySlopeBonus::Downhill, lang.t(T::OptDownhill));
    });
    title_ui(ui, lang.t(T::OptZones), "AMB-31");
    ui.add(egui::TextEdit::singleline(&mut draft.zones).desired_width(120.0)).accessible_name(lang.t(T::OptZones));
    explain(ui, lang.t(T::ExplainZones));
    switch_ui(ui, lang, &mut o.odd_cavalry_figure_lost, (T::OptOddFigure, "AMB-32", T::ExplainOddFigure));
    title_ui(ui, lang.t(T::OptAttackDistances), "AMB-37");
    pairs_grid("attack-distances").show(ui, |ui| {
        for (i, arm) in Arm::ALL.iter().enumerate() {
            let mut v = o.attack_distance(*arm).unwrap_or(0);
            labelled_ui(ui, i, arm.label(lang), |ui| {
                let r = ui.add(
                    egui::DragValue::new(&mut v)
                        .range(0..=100)
                        .custom_formatter(|x, _| if x == 0.0 { "—".into() } else { format!("{x}") }),
                );
                if r.accessible_name(arm.label(lang)).changed() {
                    o.attack_distances.retain(|(a, _)| a != arm);
                    if v > 0 {
                        o.attack_distances.push((*arm, v));
                    }
                }
            });
        }
    });
    explain(ui, lang.t(T::ExplainAttackDistances));
    let tolerance = lang.t(T::OptTolerance);
    count_ui(
        ui,
        &mut o.equal_losses_tolerance_figures,
        0..=10,
        (tolerance, "AMB-33", lang.t(T::ExplainTolerance)),
        lang,
    );
    title_ui(ui, lang.t(T::OptWeights), "AMB-46");
    pairs_grid("cavalry-weights").show(ui, |ui| {
        for (i, arm) in Arm::ALL.iter().filter(|a| a.is_cavalry()).enumerate() {
            labelled_ui(ui, i, arm.label(lang), |ui| {
                let label = format!("{} {}", lang.t(T::OptWeights), arm.label(lang));
                if let Some(w) =
                    crate::ui::widgets::enum_combo_ui(ui, &label, lang, o.weight(*arm), crate::rules::Weight::ALL)
                {
                    o.cavalry_weights.retain(|(a, _)| a != arm);
                    o.cavalry_weights.push((*arm, w));
                }
            });
        }
    });
    explain(ui, lang.t(T::ExplainWeights));
}

/// Zone widths typed as "5, 5, 5".
fn parse_zones(text: &str) -> Option<Vec<u32>> {
    text.split([',', ' ']).filter(|s| !s.trim().is_empty()).map(|s| s.trim().parse().ok()).collect()
}

fn buttons_ui(ui: &mut Ui, lang: Lang, draft: &mut SettingsDraft) -> SettingsChoice {
    let zones = parse_zones(&draft.zones);
    if zones.is_none() {
        ui.colored_label(super::theme::ERROR, lang.t(T::ZonesRefused));
    }
    let mut choice = SettingsChoice::None;
    ui.horizontal_wrapped(|ui| {
        if ui.add_enabled(zones.is_some(), egui::Button::new(RichText::new(lang.t(T::Apply)).strong())).clicked() {
            let mut options = draft.options.clone();
            options.ruleset_b.zone_widths_cm = zones.clone().unwrap_or_default();
            choice =
                SettingsChoice::Apply(Box::new(RulesPack { id: draft.pack.clone(), ruleset: draft.ruleset, options }));
        }
        if ui.button(lang.t(T::Cancel)).clicked() {
            choice = SettingsChoice::Cancel;
        }
        ui.separator();
        if ui.button(lang.t(T::ResetDefaults)).clicked() {
            *draft = SettingsDraft { topic: draft.topic, ..SettingsDraft::of(draft.ruleset, &RulesOptions::default()) };
        }
    });
    choice
}

/// The club's rules (issue 50): the pack the battle plays and the club's, the name and
/// version the rules are given, and the pack files.
fn club_rules_ui(ui: &mut Ui, lang: Lang, draft: &mut SettingsDraft) -> SettingsChoice {
    let mut choice = SettingsChoice::None;
    let name = |n| crate::i18n::names::pack_name(lang, n);
    title_ui(ui, lang.t(T::PackThisBattle), "");
    let played = match &draft.packs.battle {
        Some((p, true)) => lang.fmt(T::PackPlayed, &[&name(&p.name), &p.version, &p.hash]),
        Some((p, false)) => lang.fmt(T::PackChangedHere, &[&name(&p.name), &p.version]),
        None => lang.t(T::PackOwnRules).to_owned(),
    };
    explain(ui, &played);
    title_ui(ui, lang.t(T::PackClubs), "");
    let club = match &draft.packs.club {
        Some((id, same)) => {
            let said = lang.fmt(T::PackClubIs, &[&name(&id.name), &id.version]);
            if *same {
                format!("{said} {}", lang.t(T::PackSameRules))
            } else {
                format!("{said} {}", lang.t(T::PackOtherRules))
            }
        }
        None => lang.t(T::PackNoClub).to_owned(),
    };
    explain(ui, &club);
    title_ui(ui, lang.t(T::PackNameTitle), "");
    egui::Grid::new("pack-name").num_columns(2).show(ui, |ui| {
        let label = ui.label(lang.t(T::PackNameLabel));
        let name = egui::TextEdit::singleline(&mut draft.pack.name)
            .char_limit(crate::model::limits::MAX_NAME_CHARS)
            .desired_width(320.0);
        ui.add(name).labelled_by(label.id);
        ui.end_row();
        let label = ui.label(lang.t(T::PackVersionLabel));
        ui.add(egui::DragValue::new(&mut draft.pack.version).range(0..=9999)).labelled_by(label.id);
        ui.end_row();
    });
    explain(ui, lang.t(T::PackNameExplain));
    ui.add_space(8.0);
    ui.horizontal_wrapped(|ui| {
        if ui.button(lang.t(T::LoadProfile)).on_hover_text(lang.t(T::ImportRulesTip)).clicked() {
            choice = SettingsChoice::LoadProfile;
        }
        if ui.button(lang.t(T::SaveProfile)).on_hover_text(lang.t(T::ExportRulesTip)).clicked() {
            choice = SettingsChoice::SaveProfile;
        }
        if ui.button(lang.t(T::SaveClubProfile)).on_hover_text(lang.t(T::SaveClubProfileTip)).clicked() {
            choice = SettingsChoice::SaveClubProfile;
        }
    });
    ui.add_space(8.0);
    ui.separator();
    match super::settings_house::house_ui(ui, lang, draft.ruleset, &mut draft.house) {
        super::settings_house::HouseChoice::None => {}
        super::settings_house::HouseChoice::Save => {
            choice = SettingsChoice::SaveClubHouse(Box::new(draft.house.clone()));
        }
        super::settings_house::HouseChoice::PlayClub => choice = SettingsChoice::PlayClubRules,
    }
    choice
}

impl CsApp {
    /// Draws the settings window when open; its choice becomes a command.
    pub(super) fn settings_window_ui(&mut self, ui: &mut Ui, cmds: &mut Vec<AppCommand>) {
        let Modal::Settings(draft) = &mut self.modal else { return };
        cmds.extend(match settings_ui(ui, self.lang, draft) {
            SettingsChoice::None => None,
            SettingsChoice::Cancel => Some(AppCommand::CloseModal),
            SettingsChoice::Apply(new) => Some(AppCommand::ApplySettings(new)),
            SettingsChoice::LoadProfile => Some(AppCommand::ProfileFile(PathPurpose::LoadProfile)),
            SettingsChoice::SaveProfile => Some(AppCommand::ProfileFile(PathPurpose::SaveProfile)),
            SettingsChoice::SaveClubProfile => Some(AppCommand::SaveClubProfile),
            SettingsChoice::SaveClubHouse(house) => Some(AppCommand::SaveClubHouse(house)),
            SettingsChoice::PlayClubRules => Some(AppCommand::PlayClubRules),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zone_widths_are_parsed() {
        assert_eq!(parse_zones("5, 5,6"), Some(vec![5, 5, 6]));
        assert_eq!(parse_zones(""), Some(vec![]));
        assert_eq!(parse_zones("5, x"), None);
    }
}
