//! One set of invariants (issue 26): for every problem the loader refuses, the action that
//! would make it is refused with the same problem before anything is written, and the
//! battle stays byte-identical. Battles at each count limit are built directly.

use crate::common;

use coldsteel::game::{Action, ActionError, Game};
use coldsteel::model::limits::{MAX_ITEMS, MAX_LOG_ENTRIES, MAX_NAME_CHARS, MAX_TEXT_CHARS, MAX_TURN};
use coldsteel::model::{
    Battle, BrigadeId, Engagement, General, GeneralId, LogDetail, LogEntry, OrderOfBattle, Placement, Problem,
    TableSetup, UnitId,
};
use coldsteel::rules::{Formation, Phase, Rank, Side};
use coldsteel::storage::{self, LoadError};

fn battle() -> Battle {
    storage::default_game().unwrap().battle().clone()
}

/// The loader refuses a battle with this problem.
fn loader_refuses(b: Battle, want: &Problem) {
    let text = storage::to_json(&Game::new(b));
    match storage::from_json(&text) {
        Err(LoadError::Invalid(list)) => {
            assert!(list.iter().any(|e| e.problem() == want), "{want:?} not in {list:?}")
        }
        Err(other) => panic!("{want:?}: refused for {other:?}"),
        Ok(_) => panic!("{want:?}: the loader took it"),
    }
}

/// The action is refused with the problem, and the battle stays byte-identical.
fn action_refused(g: &mut Game, action: Action, want: Problem) {
    let before = storage::to_json(g);
    assert_eq!(g.perform(&action), Err(ActionError::Invalid(want)));
    assert_eq!(storage::to_json(g), before, "a refused action writes nothing");
}

fn game() -> Game {
    storage::default_game().unwrap()
}

fn unit_edit(g: &Game, id: u32, f: impl FnOnce(&mut coldsteel::model::Unit)) -> Action {
    let mut u = g.battle().unit(UnitId(id)).unwrap().clone();
    f(&mut u);
    Action::EditUnit(u)
}

fn general_edit(g: &Game, id: u32, f: impl FnOnce(&mut General)) -> Action {
    let mut x = g.battle().general(GeneralId(id)).unwrap().clone();
    f(&mut x);
    Action::EditGeneral(x)
}

/// A problem of a unit: in a file, and made by editing unit 1 (the Tirailleurs).
fn unit_problem(want: Problem, f: impl Fn(&mut coldsteel::model::Unit)) {
    let mut b = battle();
    f(&mut b.units[0]);
    loader_refuses(b, &want);
    let mut g = game();
    let edit = unit_edit(&g, 1, f);
    action_refused(&mut g, edit, want);
}

/// A problem of a general: in a file, and made by editing general 2 (Gén. Roguet).
fn general_problem(want: Problem, f: impl Fn(&mut General)) {
    let mut b = battle();
    f(b.generals.iter_mut().find(|g| g.id == GeneralId(2)).unwrap());
    loader_refuses(b, &want);
    let mut g = game();
    let edit = general_edit(&g, 2, f);
    action_refused(&mut g, edit, want);
}

#[test]
fn empty_name() {
    unit_problem(Problem::EmptyName, |u| u.name = "  ".into());
}

#[test]
fn no_starting_figures() {
    unit_problem(Problem::NoStartingFigures, |u| (u.figures, u.figures_start) = (0, 0));
}

#[test]
fn figures_above_start() {
    unit_problem(Problem::FiguresAboveStart { figures: 37, start: 36 }, |u| (u.figures, u.figures_start) = (37, 36));
}

#[test]
fn missing_brigade() {
    unit_problem(Problem::MissingBrigade(BrigadeId(99)), |u| u.brigade = Some(BrigadeId(99)));
}

#[test]
fn brigade_of_other_side() {
    unit_problem(Problem::BrigadeOfOtherSide(BrigadeId(4)), |u| u.brigade = Some(BrigadeId(4)));
}

#[test]
fn formation_not_for_arm() {
    unit_problem(Problem::FormationNotForArm, |u| u.formation = Formation::Limbered);
}

#[test]
fn off_the_table() {
    let insane = Placement { x_mm: i32::MAX, y_mm: 0, facing_deg: 0 };
    let mut b = battle();
    b.units[0].place = Some(insane);
    loader_refuses(b, &Problem::OffTheTable);
    let mut g = game();
    action_refused(&mut g, Action::PlaceUnit { unit: UnitId(1), place: Some(insane) }, Problem::OffTheTable);
    let table = TableSetup { width_cm: 0, ..TableSetup::new(180, 120) };
    let mut b = battle();
    b.table = Some(table.clone());
    loader_refuses(b, &Problem::OffTheTable);
    action_refused(&mut g, Action::SetTable(Some(Box::new(table))), Problem::OffTheTable);
}

/// Issue 51: house rules naming a field or a value there is not are refused with their
/// path, by the loader and by the action that sets the options.
#[test]
fn house_rules_naming_what_there_is_not() {
    use coldsteel::rules::house::{Condition, HouseError, HouseModifier, Step, Whose};
    let modifier = |field: &str, value: &str| HouseModifier {
        id: "GUARD-SQUARE".into(),
        label: coldsteel::rules::Words { en: "Guard in square".into(), ru: "Гвардия в каре".into() },
        step: Step::GdbMelee,
        when: vec![Condition { side: Whose::Own, field: field.into(), is: vec![value.into()] }],
        value: 1,
    };
    let unknown_field = Problem::House(HouseError::UnknownField {
        path: "gdb.house.modifiers[0].when[0].field".into(),
        field: "formaton".into(),
    });
    let mut b = battle();
    b.options.gdb.house.modifiers.push(modifier("formaton", "square"));
    loader_refuses(b, &unknown_field);
    let mut g = game();
    let mut options = g.battle().options.clone();
    options.gdb.house.modifiers.push(modifier("formation", "squarre"));
    let unknown_value = Problem::House(HouseError::UnknownValue {
        path: "gdb.house.modifiers[0].when[0].is[0]".into(),
        field: "formation".into(),
        value: "squarre".into(),
    });
    let ruleset = g.battle().ruleset;
    action_refused(&mut g, Action::SetOptions(Box::new((ruleset, options))), unknown_value);
}

#[test]
fn missing_unit() {
    general_problem(Problem::MissingUnit(UnitId(999)), |g| g.attached_to = Some(UnitId(999)));
}

#[test]
fn unit_of_other_side() {
    general_problem(Problem::UnitOfOtherSide(UnitId(15)), |g| g.attached_to = Some(UnitId(15)));
}

#[test]
fn commander_with_brigade() {
    let mut b = battle();
    b.generals[0].brigade = Some(BrigadeId(1));
    loader_refuses(b, &Problem::CommanderWithBrigade);
    let mut g = game();
    let edit = general_edit(&g, 1, |x| x.brigade = Some(BrigadeId(1)));
    action_refused(&mut g, edit, Problem::CommanderWithBrigade);
}

#[test]
fn orders_used_out_of_range() {
    let want = Problem::OutOfRange { field: "orders_used", value: 101, limit: 100 };
    general_problem(want, |g| g.orders_used = 101);
}

fn ney(id: u32) -> General {
    General {
        id: GeneralId(id),
        name: "Marshal Ney".into(),
        name_ru: None,
        side: Side::First,
        rank: Rank::CommanderInChief,
        quality: coldsteel::rules::Quality::Good,
        brigade: None,
        attached_to: None,
        lost: false,
        orders_used: 0,
        place: None,
    }
}

#[test]
fn two_commanders() {
    let mut b = battle();
    b.generals.push(ney(10));
    loader_refuses(b, &Problem::TwoCommanders(Side::First));
    let mut g = game();
    action_refused(&mut g, Action::AddGeneral(ney(0)), Problem::TwoCommanders(Side::First));
    let promote = general_edit(&g, 2, |x| (x.rank, x.brigade) = (Rank::CommanderInChief, None));
    action_refused(&mut g, promote, Problem::TwoCommanders(Side::First));
}

#[test]
fn bad_ids() {
    let mut b = battle();
    b.units[1].id = b.units[0].id;
    loader_refuses(b, &Problem::BadIds);
    let mut g = game();
    let mut unit = g.battle().units[0].clone();
    unit.id = UnitId(3);
    let oob = OrderOfBattle { brigades: Vec::new(), units: vec![unit], generals: Vec::new() };
    action_refused(&mut g, Action::ImportOrderOfBattle(Box::new(oob)), Problem::BadIds);
}

#[test]
fn turn_out_of_range() {
    let mut b = battle();
    b.turn = MAX_TURN + 1;
    loader_refuses(b, &Problem::OutOfRange { field: "turn", value: 1001, limit: 1000 });
    let mut b = battle();
    b.turn = MAX_TURN;
    let mut g = Game::new(b);
    common::initiative(&mut g, [6, 5], [1, 1], Side::First);
    common::to(&mut g, Phase::Morale);
    let want = Problem::OutOfRange { field: "turn", value: 1001, limit: 1000 };
    action_refused(&mut g, Action::AdvancePhase, want);
}

#[test]
fn names_and_texts_too_long() {
    let long = |n: usize| "x".repeat(n);
    let want = Problem::TooLong { field: "name", chars: MAX_NAME_CHARS + 1, limit: MAX_NAME_CHARS };
    unit_problem(want, |u| u.name = long(MAX_NAME_CHARS + 1));
    let want = Problem::TooLong { field: "name_ru", chars: MAX_NAME_CHARS + 1, limit: MAX_NAME_CHARS };
    general_problem(want, |g| g.name_ru = Some(long(MAX_NAME_CHARS + 1)));
    // A name at its limit is a name.
    let mut g = game();
    let edit = unit_edit(&g, 1, |u| u.name = long(MAX_NAME_CHARS));
    g.perform(&edit).unwrap();
    let want = Problem::TooLong { field: "note", chars: MAX_TEXT_CHARS + 1, limit: MAX_TEXT_CHARS };
    action_refused(&mut g, Action::Note(long(MAX_TEXT_CHARS + 1)), want.clone());
    let mut b = battle();
    b.log.push(LogEntry {
        seq: 1,
        turn: 1,
        phase: Phase::Initiative,
        units: Vec::new(),
        detail: LogDetail::Note { text: long(MAX_TEXT_CHARS + 1), hidden: false },
        action: None,
        revealed: Vec::new(),
    });
    loader_refuses(b, &want);
    g.perform(&Action::Note(long(MAX_TEXT_CHARS))).unwrap();
}

#[test]
fn engagement_of_friends_and_without_unit() {
    let mut g = game();
    let friends = Engagement::contact(UnitId(9), UnitId(10));
    action_refused(&mut g, Action::AddPendingMelee(friends.clone()), Problem::EngagementOfFriends(0));
    let mut b = battle();
    b.engagements.push(friends);
    loader_refuses(b, &Problem::EngagementOfFriends(0));
    let missing = Engagement::contact(UnitId(999), UnitId(15));
    let want = Problem::EngagementWithoutUnit { index: 0, unit: UnitId(999) };
    action_refused(&mut g, Action::AddPendingMelee(missing.clone()), want.clone());
    let mut b = battle();
    b.engagements.push(missing);
    loader_refuses(b, &want);
}

/// Counts at their limit, built directly: one unit (general, brigade) more is refused.
#[test]
fn counts_at_their_limit() {
    let mut b = battle();
    let template = b.units[0].clone();
    b.units = (1..=MAX_ITEMS as u32).map(|id| coldsteel::model::Unit { id: UnitId(id), ..template.clone() }).collect();
    b.generals.iter_mut().for_each(|g| g.attached_to = None);
    b.engagements.clear();
    let mut over = b.clone();
    over.units.push(coldsteel::model::Unit { id: UnitId(MAX_ITEMS as u32 + 1), ..template.clone() });
    let want = Problem::OutOfRange { field: "units", value: MAX_ITEMS as u64 + 1, limit: MAX_ITEMS as u64 };
    assert!(over.problems().iter().any(|e| *e.problem() == want), "the loader's check");
    let mut g = Game::new(b);
    action_refused(&mut g, Action::AddUnit(template), want);
}

/// The journal at its limit, built directly: the next action is refused, and the reason
/// says the journal is full.
#[test]
fn the_journal_at_its_limit() {
    let mut b = battle();
    b.log = (1..=MAX_LOG_ENTRIES as u64)
        .map(|seq| LogEntry {
            seq,
            turn: 1,
            phase: Phase::Initiative,
            units: Vec::new(),
            detail: LogDetail::Note { text: "x".into(), hidden: false },
            action: None,
            revealed: Vec::new(),
        })
        .collect();
    let mut over = b.clone();
    over.log.push(over.log[0].clone());
    let want = Problem::OutOfRange { field: "log", value: MAX_LOG_ENTRIES as u64 + 1, limit: MAX_LOG_ENTRIES as u64 };
    assert!(over.problems().iter().any(|e| *e.problem() == want), "the loader's check");
    let mut g = Game::new(b);
    action_refused(&mut g, Action::Note("one more".into()), want);
}

/// In a battle opened with a problem, an action is refused only if it adds or worsens
/// one: other edits go through, the broken part may be edited while it stays as broken,
/// and a third commander-in-chief is refused.
#[test]
fn a_broken_battle_refuses_only_what_adds_a_problem() {
    let mut b = battle();
    b.generals.push(ney(10));
    let mut g = Game::new(b);
    let edit = unit_edit(&g, 1, |u| u.name = "1st Tirailleurs".into());
    g.perform(&edit).unwrap();
    let rename = general_edit(&g, 10, |x| x.name = "Michel Ney".into());
    g.perform(&rename).unwrap();
    action_refused(&mut g, Action::AddGeneral(ney(0)), Problem::TwoCommanders(Side::First));
    let fix = general_edit(&g, 10, |x| x.rank = Rank::Brigade);
    g.perform(&fix).unwrap();
    assert!(g.battle().problems().is_empty());
}

/// Every problem has its test above: a new variant does not compile here until it has one.
#[test]
fn every_problem_is_tested() {
    let named = |p: &Problem| match p {
        Problem::EmptyName => "empty_name",
        Problem::NoStartingFigures => "no_starting_figures",
        Problem::FiguresAboveStart { .. } => "figures_above_start",
        Problem::MissingBrigade(_) => "missing_brigade",
        Problem::BrigadeOfOtherSide(_) => "brigade_of_other_side",
        Problem::MissingUnit(_) => "missing_unit",
        Problem::UnitOfOtherSide(_) => "unit_of_other_side",
        Problem::BadIds => "bad_ids",
        Problem::CommanderWithBrigade => "commander_with_brigade",
        Problem::FormationNotForArm => "formation_not_for_arm",
        Problem::TwoCommanders(_) => "two_commanders",
        Problem::OutOfRange { .. } => "turn_out_of_range",
        Problem::TooLong { .. } => "names_and_texts_too_long",
        Problem::EngagementOfFriends(_) | Problem::EngagementWithoutUnit { .. } => {
            "engagement_of_friends_and_without_unit"
        }
        Problem::OffTheTable => "off_the_table",
        Problem::House(_) => "house_rules_naming_what_there_is_not",
        Problem::SameSideNames => "side_names_apart",
        Problem::UntrimmedName | Problem::ControlInName => "names_trimmed_and_on_one_line",
    };
    let samples = [
        Problem::EmptyName,
        Problem::NoStartingFigures,
        Problem::FiguresAboveStart { figures: 2, start: 1 },
        Problem::MissingBrigade(BrigadeId(9)),
        Problem::BrigadeOfOtherSide(BrigadeId(9)),
        Problem::MissingUnit(UnitId(9)),
        Problem::UnitOfOtherSide(UnitId(9)),
        Problem::BadIds,
        Problem::CommanderWithBrigade,
        Problem::FormationNotForArm,
        Problem::TwoCommanders(Side::First),
        Problem::OutOfRange { field: "turn", value: 2, limit: 1 },
        Problem::TooLong { field: "name", chars: 2, limit: 1 },
        Problem::EngagementOfFriends(0),
        Problem::EngagementWithoutUnit { index: 0, unit: UnitId(9) },
        Problem::OffTheTable,
        Problem::SameSideNames,
        Problem::UntrimmedName,
        Problem::ControlInName,
        Problem::House(coldsteel::rules::house::HouseError::NoValues {
            path: "gdb.house.modifiers[0].when[0].is".into(),
        }),
    ];
    let source = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/core/invariants.rs")).unwrap();
    for p in &samples {
        assert!(source.contains(&format!("fn {}()", named(p))), "{p:?}");
    }
}

/// Issue 30: the battle's names are edited in the window; two sides of one name (which a
/// spreadsheet of the battle could not tell apart) are refused by the loader and the edit
/// alike; a name past its limit too.
#[test]
fn side_names_apart() {
    let mut b = battle();
    b.sides.second.name = b.sides.first.name.to_uppercase();
    loader_refuses(b, &Problem::SameSideNames);
    let mut g = game();
    let mut info = coldsteel::model::BattleInfo::of(g.battle());
    info.sides.second.name = info.sides.first.name.to_lowercase();
    action_refused(&mut g, Action::EditBattle(Box::new(info)), Problem::SameSideNames);
    let mut info = coldsteel::model::BattleInfo::of(g.battle());
    info.name = "x".repeat(MAX_NAME_CHARS + 1);
    let want = Problem::TooLong { field: "name", chars: MAX_NAME_CHARS + 1, limit: MAX_NAME_CHARS };
    action_refused(&mut g, Action::EditBattle(Box::new(info)), want);
    let mut info = coldsteel::model::BattleInfo::of(g.battle());
    info.name = "Borodino".into();
    info.sides.first.name = "Grande Armée".into();
    g.perform(&Action::EditBattle(Box::new(info))).unwrap();
    assert_eq!((g.battle().name.as_str(), g.battle().sides.first.name.as_str()), ("Borodino", "Grande Armée"));
    g.undo().unwrap();
    assert_ne!(g.battle().name, "Borodino");
}

/// Issue 29: names have no spaces at their ends (non-breaking ones included) and no
/// control characters, so that a spreadsheet of the battle gives them back whole; the
/// loader and every action that names something agree.
#[test]
fn names_trimmed_and_on_one_line() {
    let mut b = battle();
    b.units[0].name = "Jägers\u{a0}".into();
    loader_refuses(b, &Problem::UntrimmedName);
    let mut b = battle();
    b.sides.first.name = " Russians".into();
    loader_refuses(b, &Problem::UntrimmedName);
    let mut b = battle();
    b.generals[0].name_ru = Some("Ней\nМишель".into());
    loader_refuses(b, &Problem::ControlInName);
    let mut g = game();
    let edit = unit_edit(&g, 1, |u| u.name = " Jägers".into());
    action_refused(&mut g, edit, Problem::UntrimmedName);
    let edit = unit_edit(&g, 1, |u| u.name = "Jä\u{2028}gers".into());
    action_refused(&mut g, edit, Problem::ControlInName);
    let mut info = coldsteel::model::BattleInfo::of(g.battle());
    info.name = "Borodino ".into();
    action_refused(&mut g, Action::EditBattle(Box::new(info)), Problem::UntrimmedName);
    let mut info = coldsteel::model::BattleInfo::of(g.battle());
    info.sides.second.name_ru = Some("Французы\t".into());
    action_refused(&mut g, Action::EditBattle(Box::new(info)), Problem::ControlInName);
    g.perform(&unit_edit(&g, 1, |u| u.name = "Jägers\u{a0}of the Guard".into())).unwrap();
}
