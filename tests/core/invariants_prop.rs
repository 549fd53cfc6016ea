//! One set of invariants, as a property (issue 26): random action sequences on the example
//! battles, with edits of every field to its limit, one past it and to nonsense, never
//! reach a battle the loader refuses; every refused action leaves the battle
//! byte-identical.

use coldsteel::game::{Action, Game};
use coldsteel::model::limits::{MAX_FIGURES, MAX_NAME_CHARS, MAX_TEXT_CHARS};
use coldsteel::model::{BrigadeId, Engagement, Placement, TableSetup, UnitId};
use coldsteel::rules::{Arm, Formation, Order, Rank, Side, Terrain};
use coldsteel::storage;
use proptest::prelude::*;

/// A length at, past, well within or well past a limit.
fn length(limit: usize) -> impl Strategy<Value = usize> {
    prop_oneof![Just(0), Just(limit), Just(limit + 1), 1..40usize, Just(limit * 3)]
}

/// A count at the edges of its limit, or anything.
fn number(limit: u32) -> impl Strategy<Value = u32> {
    prop_oneof![Just(0), Just(1), Just(limit), Just(limit + 1), Just(u32::MAX), 0..200u32]
}

fn id() -> impl Strategy<Value = u32> {
    prop_oneof![1..30u32, Just(0), Just(999), Just(u32::MAX)]
}

/// One field of a unit changed.
#[derive(Clone, Debug)]
enum UnitEdit {
    Name(usize),
    NameRu(usize),
    Figures(u32),
    FiguresStart(u32),
    Brigade(Option<u32>),
    Side(bool),
    Arm(usize),
    Formation(usize),
    Order(usize),
    Terrain(usize),
    Place(i32, i32, i32),
}

fn unit_edit() -> impl Strategy<Value = UnitEdit> {
    prop_oneof![
        length(MAX_NAME_CHARS).prop_map(UnitEdit::Name),
        length(MAX_NAME_CHARS).prop_map(UnitEdit::NameRu),
        number(MAX_FIGURES).prop_map(UnitEdit::Figures),
        number(MAX_FIGURES).prop_map(UnitEdit::FiguresStart),
        proptest::option::of(id()).prop_map(UnitEdit::Brigade),
        any::<bool>().prop_map(UnitEdit::Side),
        (0..20usize).prop_map(UnitEdit::Arm),
        (0..20usize).prop_map(UnitEdit::Formation),
        (0..10usize).prop_map(UnitEdit::Order),
        (0..12usize).prop_map(UnitEdit::Terrain),
        (any::<i32>(), -5000..5000i32, -400..400i32).prop_map(|(x, y, f)| UnitEdit::Place(x, y, f)),
    ]
}

/// One field of a general changed.
#[derive(Clone, Debug)]
enum GeneralEdit {
    Name(usize),
    Rank(usize),
    Brigade(Option<u32>),
    Attached(Option<u32>),
    Orders(u32),
    Side(bool),
}

fn general_edit() -> impl Strategy<Value = GeneralEdit> {
    prop_oneof![
        length(MAX_NAME_CHARS).prop_map(GeneralEdit::Name),
        (0..4usize).prop_map(GeneralEdit::Rank),
        proptest::option::of(id()).prop_map(GeneralEdit::Brigade),
        proptest::option::of(id()).prop_map(GeneralEdit::Attached),
        number(100).prop_map(GeneralEdit::Orders),
        any::<bool>().prop_map(GeneralEdit::Side),
    ]
}

/// What a player (or a careless one) might do next.
#[derive(Clone, Debug)]
enum Step {
    EditUnit(u32, UnitEdit),
    AddUnit(u32, UnitEdit),
    DeleteUnit(u32),
    EditGeneral(u32, GeneralEdit),
    AddGeneral(u32, GeneralEdit),
    DeleteGeneral(u32),
    EditBrigade(u32, usize, bool),
    DeleteBrigade(u32),
    Note(usize),
    AdvancePhase,
    Melee(u32, u32),
    Table(u32, u32),
    Undo,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        (id(), unit_edit()).prop_map(|(i, e)| Step::EditUnit(i, e)),
        (id(), unit_edit()).prop_map(|(i, e)| Step::AddUnit(i, e)),
        id().prop_map(Step::DeleteUnit),
        (id(), general_edit()).prop_map(|(i, e)| Step::EditGeneral(i, e)),
        (id(), general_edit()).prop_map(|(i, e)| Step::AddGeneral(i, e)),
        id().prop_map(Step::DeleteGeneral),
        (id(), length(MAX_NAME_CHARS), any::<bool>()).prop_map(|(i, n, s)| Step::EditBrigade(i, n, s)),
        id().prop_map(Step::DeleteBrigade),
        length(MAX_TEXT_CHARS).prop_map(Step::Note),
        Just(Step::AdvancePhase),
        (id(), id()).prop_map(|(a, d)| Step::Melee(a, d)),
        (number(20_000), number(20_000)).prop_map(|(w, d)| Step::Table(w, d)),
        Just(Step::Undo),
    ]
}

fn pick<T: Copy>(all: &[T], i: usize) -> T {
    all[i % all.len()]
}

fn apply_unit_edit(u: &mut coldsteel::model::Unit, e: &UnitEdit) {
    match e {
        UnitEdit::Name(n) => u.name = "n".repeat(*n),
        UnitEdit::NameRu(n) => u.name_ru = Some("и".repeat(*n)),
        UnitEdit::Figures(n) => u.figures = *n,
        UnitEdit::FiguresStart(n) => u.figures_start = *n,
        UnitEdit::Brigade(b) => u.brigade = b.map(BrigadeId),
        UnitEdit::Side(first) => u.side = if *first { Side::First } else { Side::Second },
        UnitEdit::Arm(i) => u.arm = pick(Arm::ALL, *i),
        UnitEdit::Formation(i) => u.formation = pick(Formation::ALL, *i),
        UnitEdit::Order(i) => u.order = pick(Order::ALL, *i),
        UnitEdit::Terrain(i) => u.terrain = pick(Terrain::ALL, *i),
        UnitEdit::Place(x, y, f) => u.place = Some(Placement { x_mm: *x, y_mm: *y, facing_deg: *f }),
    }
}

fn apply_general_edit(g: &mut coldsteel::model::General, e: &GeneralEdit) {
    match e {
        GeneralEdit::Name(n) => g.name = "g".repeat(*n),
        GeneralEdit::Rank(i) => g.rank = pick(Rank::ALL, *i),
        GeneralEdit::Brigade(b) => g.brigade = b.map(BrigadeId),
        GeneralEdit::Attached(u) => g.attached_to = u.map(UnitId),
        GeneralEdit::Orders(n) => g.orders_used = *n,
        GeneralEdit::Side(first) => g.side = if *first { Side::First } else { Side::Second },
    }
}

/// The action a step stands for in this battle (`None` where it names nothing there).
fn action_of(g: &Game, s: &Step) -> Option<Action> {
    let b = g.battle();
    let unit = |i: u32| b.units.get(i as usize % b.units.len().max(1)).cloned();
    let general = |i: u32| b.generals.get(i as usize % b.generals.len().max(1)).cloned();
    Some(match s {
        Step::EditUnit(i, e) | Step::AddUnit(i, e) => {
            let mut u = unit(*i)?;
            apply_unit_edit(&mut u, e);
            if matches!(s, Step::AddUnit(..)) { Action::AddUnit(u) } else { Action::EditUnit(u) }
        }
        Step::DeleteUnit(i) => Action::DeleteUnit(unit(*i)?.id),
        Step::EditGeneral(i, e) | Step::AddGeneral(i, e) => {
            let mut x = general(*i)?;
            apply_general_edit(&mut x, e);
            if matches!(s, Step::AddGeneral(..)) { Action::AddGeneral(x) } else { Action::EditGeneral(x) }
        }
        Step::DeleteGeneral(i) => Action::DeleteGeneral(general(*i)?.id),
        Step::EditBrigade(i, n, first) => {
            let mut x = b.brigades.get(*i as usize % b.brigades.len().max(1))?.clone();
            x.name = "b".repeat(*n);
            x.side = if *first { Side::First } else { Side::Second };
            Action::EditBrigade(x)
        }
        Step::DeleteBrigade(i) => Action::DeleteBrigade(BrigadeId(*i)),
        Step::Note(n) => Action::Note("w".repeat(*n)),
        Step::AdvancePhase => Action::AdvancePhase,
        Step::Melee(a, d) => Action::AddPendingMelee(Engagement::contact(UnitId(*a), UnitId(*d))),
        Step::Table(w, d) => Action::SetTable(Some(Box::new(TableSetup::new(*w, *d)))),
        Step::Undo => return None,
    })
}

fn example(i: usize) -> Game {
    let saves = ["krasnoi-1812", "krasnoi-1812-turn3", "krasnoi-1812-ruleset-b", "krasnoi-1812-on-the-table"];
    let name = saves[i % saves.len()];
    let path = format!("{}/saves/{name}.coldsteel.json", env!("CARGO_MANIFEST_DIR"));
    storage::read_battle_file(std::path::Path::new(&path)).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn no_action_makes_a_battle_the_loader_refuses(which in 0..4usize, steps in proptest::collection::vec(step(), 1..24)) {
        let mut g = example(which);
        for s in &steps {
            let Some(action) = action_of(&g, s) else {
                let _ = g.undo();
                continue;
            };
            let before = storage::to_json(&g);
            if g.perform(&action).is_err() {
                prop_assert_eq!(&storage::to_json(&g), &before, "refused, yet changed: {:?}", s);
            }
        }
        let text = storage::to_json(&g);
        let back = storage::from_json(&text);
        prop_assert!(back.is_ok(), "{:?} after {:?}", back.err(), steps);
        let back = back.unwrap();
        prop_assert_eq!(back.battle(), g.battle());
    }
}
