//! Settings › Club rules: the form of the club's house rules (issue 51). Modifiers of
//! the club's own, each with its ID, its label in both languages, the step it applies
//! to, its value and its condition built from lists (whose field, which field, the values
//! that satisfy it); and rulebook modifiers changed or switched off, by clause. What the
//! form holds goes to the club's rules pack; the battle takes it only through the switch.

use egui::{RichText, Ui};

use super::settings::{explain, title_ui};
use crate::i18n::names::{cond_field_label, cond_value_label};
use crate::i18n::{Label, Lang, T};
use crate::rules::house::{
    CondField, Condition, HouseModifier, HouseRules, MAX_HOUSE_ID_CHARS, MAX_HOUSE_LABEL_CHARS, MAX_HOUSE_VALUE,
    RulebookChange, Step, Whose,
};
use crate::rules::{Rule, Ruleset, Words};

/// The club's house rules being edited, for both rulesets.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ClubHouse {
    /// General de Brigade's.
    pub gdb: HouseRules,
    /// Ruleset B's.
    pub ruleset_b: HouseRules,
    /// Whether the data folder holds the club's rules pack.
    pub club_exists: bool,
}

impl ClubHouse {
    /// The house rules of a ruleset.
    pub fn of_mut(&mut self, ruleset: Ruleset) -> &mut HouseRules {
        match ruleset {
            Ruleset::Gdb => &mut self.gdb,
            Ruleset::RulesetB => &mut self.ruleset_b,
        }
    }

    /// The first thing wrong (the checks a pack must pass), said where the form shows
    /// it: the modifier or change by its ID, the test by its number.
    pub fn problem(&self, lang: Lang) -> Option<String> {
        let mut options = crate::model::RulesOptions::default();
        options.gdb.house = self.gdb.clone();
        options.ruleset_b.house = self.ruleset_b.clone();
        let e = options.house_problem()?;
        let words = crate::i18n::errors::house_error_words(lang, &e);
        Some(format!("{}: {words}", self.place(lang, e.path())))
    }

    /// A path in the options (`gdb.house.modifiers[0].when[1].is[0]`) as the form names
    /// it: "GUARD-SQUARE, test 2".
    fn place(&self, lang: Lang, path: &str) -> String {
        let rules = if path.starts_with("gdb.") { &self.gdb } else { &self.ruleset_b };
        let index = |key: &str| -> Option<usize> {
            let rest = path.split(&format!("{key}[")).nth(1)?;
            rest.split(']').next()?.parse().ok()
        };
        let mut place = match (index("modifiers"), index("changes")) {
            (Some(i), _) => rules.modifiers.get(i).map(|m| m.id.clone()),
            (None, Some(i)) => rules.changes.get(i).map(|c| c.id.clone()),
            (None, None) => None,
        }
        .map(|id| if id.trim().is_empty() { lang.t(T::HouseId).to_owned() } else { id })
        .unwrap_or_default();
        if let Some(j) = index("when") {
            place = lang.fmt(T::HouseTestNumber, &[&place, &j.saturating_add(1)]);
        }
        place
    }
}

/// What the form asks for.
pub enum HouseChoice {
    /// Keep editing.
    None,
    /// Save the house rules to the club's pack.
    Save,
    /// Switch the battle to the club's pack, with its preview.
    PlayClub,
}

/// The steps a ruleset's house modifier may apply to, and the prefix of its clauses.
fn steps_of(ruleset: Ruleset) -> (&'static [Step], &'static str) {
    match ruleset {
        Ruleset::Gdb => (&Step::GDB, "GDB-"),
        Ruleset::RulesetB => (&Step::RULESET_B, "B-"),
    }
}

/// The house rules section of the club's tab.
pub fn house_ui(ui: &mut Ui, lang: Lang, ruleset: Ruleset, house: &mut ClubHouse) -> HouseChoice {
    title_ui(ui, lang.t(T::HouseTitle), "");
    explain(ui, lang.t(T::HouseExplain));
    explain(ui, &lang.fmt(T::HouseOfRuleset, &[&ruleset.label(lang)]));
    if !house.club_exists {
        explain(ui, lang.t(T::HouseNoClub));
    }
    let (steps, prefix) = steps_of(ruleset);
    let rules = house.of_mut(ruleset);
    modifiers_ui(ui, lang, steps, &mut rules.modifiers);
    changes_ui(ui, lang, prefix, &mut rules.changes);
    let problem = house.problem(lang);
    if let Some(p) = &problem {
        ui.colored_label(super::theme::ERROR, p);
    }
    let mut choice = HouseChoice::None;
    ui.horizontal_wrapped(|ui| {
        let save = egui::Button::new(RichText::new(lang.t(T::HouseSave)).strong());
        if ui.add_enabled(problem.is_none(), save).clicked() {
            choice = HouseChoice::Save;
        }
        let play = ui.add_enabled(house.club_exists, egui::Button::new(lang.t(T::HousePlayClub)));
        if play.on_hover_text(lang.t(T::HousePlayClubTip)).clicked() {
            choice = HouseChoice::PlayClub;
        }
    });
    choice
}

fn modifiers_ui(ui: &mut Ui, lang: Lang, steps: &[Step], modifiers: &mut Vec<HouseModifier>) {
    title_ui(ui, lang.t(T::HouseModifiersTitle), "");
    if modifiers.is_empty() {
        explain(ui, lang.t(T::HouseNone));
    }
    let mut removed = None;
    for (i, m) in modifiers.iter_mut().enumerate() {
        ui.push_id(("house-modifier", i), |ui| {
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.set_width(ui.available_width());
                if modifier_ui(ui, lang, steps, m) {
                    removed = Some(i);
                }
            });
        });
    }
    if let Some(i) = removed {
        modifiers.remove(i);
    }
    if ui.button(lang.t(T::HouseAddModifier)).clicked() {
        modifiers.push(new_modifier(steps, modifiers));
    }
}

/// A new modifier: an ID not taken yet, its label to type, the ruleset's first step, +1,
/// always.
fn new_modifier(steps: &[Step], modifiers: &[HouseModifier]) -> HouseModifier {
    let id = (1..).map(|n| format!("HOUSE-{n}")).find(|id| !modifiers.iter().any(|m| m.id == *id)).unwrap_or_default();
    let words = Words { en: Lang::En.t(T::HouseNew).into(), ru: Lang::Ru.t(T::HouseNew).into() };
    HouseModifier {
        id,
        label: words,
        step: steps.first().copied().unwrap_or(Step::GdbMelee),
        when: Vec::new(),
        value: 1,
    }
}

/// One modifier's fields; whether Remove was clicked.
fn modifier_ui(ui: &mut Ui, lang: Lang, steps: &[Step], m: &mut HouseModifier) -> bool {
    let mut remove = false;
    egui::Grid::new("house-modifier-fields").num_columns(2).spacing([8.0, 4.0]).show(ui, |ui| {
        words_rows(ui, lang, (&mut m.id, &mut m.label));
        let label = ui.label(lang.t(T::HouseStep));
        let combo = egui::ComboBox::from_id_salt("step").selected_text(m.step.label(lang)).width(280.0);
        combo
            .show_ui(ui, |ui| {
                for s in steps {
                    ui.selectable_value(&mut m.step, *s, s.label(lang));
                }
            })
            .response
            .labelled_by(label.id);
        ui.end_row();
        let label = ui.label(lang.t(T::HouseValue));
        ui.add(egui::DragValue::new(&mut m.value).range(-MAX_HOUSE_VALUE..=MAX_HOUSE_VALUE)).labelled_by(label.id);
        ui.end_row();
    });
    ui.label(RichText::new(lang.t(T::HouseWhen)).strong());
    if m.when.is_empty() {
        explain(ui, lang.t(T::HouseAlways));
    }
    let mut gone = None;
    for (j, c) in m.when.iter_mut().enumerate() {
        ui.push_id(("condition", j), |ui| {
            if condition_ui(ui, lang, m.step, c) {
                gone = Some(j);
            }
        });
    }
    if let Some(j) = gone {
        m.when.remove(j);
    }
    ui.horizontal(|ui| {
        if ui.button(lang.t(T::HouseAddCondition)).clicked() {
            let field = CondField::all().into_iter().find(|f| m.step.reads(*f)).unwrap_or(CondField::Arm);
            m.when.push(Condition { side: Whose::Own, field: field.key().to_owned(), is: Vec::new() });
        }
        remove = ui.button(lang.t(T::HouseRemoveModifier)).clicked();
    });
    remove
}

/// The ID and the label in both languages, as grid rows.
fn words_rows(ui: &mut Ui, lang: Lang, (id, words): (&mut String, &mut Words)) {
    for (key, text, limit, width) in [
        (T::HouseId, id, MAX_HOUSE_ID_CHARS, 200.0),
        (T::HouseLabelEn, &mut words.en, MAX_HOUSE_LABEL_CHARS, 420.0),
        (T::HouseLabelRu, &mut words.ru, MAX_HOUSE_LABEL_CHARS, 420.0),
    ] {
        let label = ui.label(lang.t(key));
        ui.add(egui::TextEdit::singleline(text).char_limit(limit).desired_width(width)).labelled_by(label.id);
        ui.end_row();
    }
}

/// One test of a condition: whose field, which field (those the step reads), and the
/// values that satisfy it, each a box to tick; whether Remove was clicked.
fn condition_ui(ui: &mut Ui, lang: Lang, step: Step, c: &mut Condition) -> bool {
    let mut remove = false;
    let field = CondField::parse(&c.field).filter(|f| step.reads(*f));
    ui.horizontal_wrapped(|ui| {
        let whose: &[Whose] = if step.is_test() { &[Whose::Own] } else { Whose::ALL };
        let label = ui.label(lang.t(T::HouseWhose));
        egui::ComboBox::from_id_salt("whose")
            .selected_text(c.side.label(lang))
            .show_ui(ui, |ui| {
                for w in whose {
                    ui.selectable_value(&mut c.side, *w, w.label(lang));
                }
            })
            .response
            .labelled_by(label.id);
        let label = ui.label(lang.t(T::HouseField));
        let shown = field.map_or(c.field.as_str(), |f| cond_field_label(lang, f));
        egui::ComboBox::from_id_salt("field")
            .selected_text(shown)
            .width(220.0)
            .show_ui(ui, |ui| {
                for f in CondField::all().into_iter().filter(|f| step.reads(*f)) {
                    if ui.selectable_label(field == Some(f), cond_field_label(lang, f)).clicked() && field != Some(f) {
                        c.field = f.key().to_owned();
                        c.is.clear();
                    }
                }
            })
            .response
            .labelled_by(label.id);
        ui.label(lang.t(T::HouseIs));
        remove = ui.button(lang.t(T::HouseRemove)).clicked();
    });
    if let Some(f) = field {
        ui.horizontal_wrapped(|ui| {
            for value in f.values() {
                let mut on = c.is.iter().any(|v| v == value);
                if ui.checkbox(&mut on, cond_value_label(lang, f, value)).changed() {
                    c.is.retain(|v| v != value);
                    if on {
                        c.is.push(value.to_owned());
                    }
                }
            }
        });
    }
    remove
}

fn changes_ui(ui: &mut Ui, lang: Lang, prefix: &str, changes: &mut Vec<RulebookChange>) {
    title_ui(ui, lang.t(T::HouseChangesTitle), "");
    if changes.is_empty() {
        explain(ui, lang.t(T::HouseChangesNone));
    }
    let clauses: Vec<Rule> = Rule::ALL.iter().copied().filter(|r| r.id().starts_with(prefix)).collect();
    let mut removed = None;
    for (i, c) in changes.iter_mut().enumerate() {
        ui.push_id(("house-change", i), |ui| {
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.set_width(ui.available_width());
                if change_ui(ui, lang, &clauses, c) {
                    removed = Some(i);
                }
            });
        });
    }
    if let Some(i) = removed {
        changes.remove(i);
    }
    if ui.button(lang.t(T::HouseAddChange)).clicked() {
        let taken = |r: &Rule| changes.iter().any(|c| c.rule == *r);
        if let Some(rule) = clauses.iter().copied().find(|r| !taken(r)) {
            let id = (1..).map(|n| format!("CHANGE-{n}")).find(|id| !changes.iter().any(|c| c.id == *id));
            let label = Words { en: rule.label(Lang::En).into(), ru: rule.label(Lang::Ru).into() };
            changes.push(RulebookChange { id: id.unwrap_or_default(), label, rule, value: None, off: true });
        }
    }
}

/// One changed clause: its ID and why, the clause, and its value or switched off;
/// whether Remove was clicked.
fn change_ui(ui: &mut Ui, lang: Lang, clauses: &[Rule], c: &mut RulebookChange) -> bool {
    egui::Grid::new("house-change-fields").num_columns(2).spacing([8.0, 4.0]).show(ui, |ui| {
        words_rows(ui, lang, (&mut c.id, &mut c.label));
        let label = ui.label(lang.t(T::HouseClause));
        let named = |r: Rule| format!("{} {}", r.id(), r.label(lang));
        egui::ComboBox::from_id_salt("clause")
            .selected_text(named(c.rule))
            .width(420.0)
            .show_ui(ui, |ui| {
                for r in clauses {
                    ui.selectable_value(&mut c.rule, *r, named(*r));
                }
            })
            .response
            .labelled_by(label.id);
        ui.end_row();
        let label = ui.label(lang.t(T::HouseValue));
        ui.horizontal(|ui| {
            if ui.checkbox(&mut c.off, lang.t(T::HouseOff)).changed() {
                c.value = if c.off { None } else { Some(0) };
            }
            if let Some(v) = c.value.as_mut() {
                ui.add(egui::DragValue::new(v).range(-MAX_HOUSE_VALUE..=MAX_HOUSE_VALUE)).labelled_by(label.id);
            }
        });
        ui.end_row();
    });
    ui.button(lang.t(T::HouseRemoveChange)).clicked()
}
