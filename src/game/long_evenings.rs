//! Long battles for benchmarks and the limit tests (issue 29): a battle played through
//! its turns by the game's own actions, as an evening of phase changes records them.

use super::{Action, ActionError, Game};
use crate::model::{Battle, UnitId};
use crate::rules::dice::{D6, MeleeDice};
use crate::rules::{ByRole, BySide, Phase, Ruleset, Side};

/// The actions of `turns` turns from the start of one: under General de Brigade the
/// initiative (typed dice, the first side phasing) and then each phase change to the next
/// turn; under Ruleset B, which rolls no initiative, the phase changes alone.
pub fn turns_of_phases(ruleset: Ruleset, turns: u32) -> Vec<Action> {
    let initiative = Action::Initiative {
        dice: BySide { first: [D6::FIVE, D6::FOUR], second: [D6::TWO, D6::FOUR] },
        phasing: Side::First,
        rng_after: None,
    };
    let mut turn = Vec::new();
    if ruleset.phases().contains(&Phase::Initiative) {
        turn.push(initiative);
    }
    turn.extend(ruleset.phases().iter().map(|_| Action::AdvancePhase));
    let count = turn.len().saturating_mul(usize::try_from(turns).unwrap_or(usize::MAX));
    turn.iter().cloned().cycle().take(count).collect()
}

/// `battle`, standing at the start of a turn, played `turns` turns on through the game.
pub fn played_turns(battle: Battle, turns: u32) -> Result<Game, (usize, ActionError)> {
    let actions = turns_of_phases(battle.ruleset, turns);
    super::play(battle, &actions)
}

/// Issue 31: an evening of charges and melees between fresh pairs of units, played
/// through the game's own actions as the wizards send them, until it holds `actions`
/// actions (or the turn limit). Each turn: the initiative, `pairs` charges declared and
/// carried out (a cavalry unit of the first side at an infantry line of the second that
/// stands, both tests passed), their melees fought, every morale test owed taken, and
/// the phases between. The battle holds a fresh pair for every charge of the evening.
pub fn charges_evening(actions: usize, pairs: u32) -> Result<Game, (usize, ActionError)> {
    let (mut game, mut evening) = Evening::new(actions, pairs);
    for done in 0..actions {
        let Some(action) = evening.next_action(&game) else { break };
        game.perform(&action).map_err(|e| (done, e))?;
    }
    Ok(game)
}

/// The actions of [`charges_evening`], one at a time, each made for the game as it
/// stands (so that a driver may undo and redo between them, as players do).
pub struct Evening {
    pairs: u32,
    next_pair: u32,
    steps: std::collections::VecDeque<EveningStep>,
}

impl Evening {
    /// The game an evening of about `actions` actions starts from (its battle holding
    /// every pair it will need), and the evening.
    pub fn new(actions: usize, pairs: u32) -> (Game, Evening) {
        // A turn's actions: its pairs' declarations, charges, melees and two tests, and
        // ten more (the initiative, the phases, the two sides' declarations closed).
        let per_turn = usize::try_from(pairs).unwrap_or(usize::MAX).saturating_mul(5).saturating_add(10);
        let turns = u32::try_from(actions.div_ceil(per_turn.max(1))).unwrap_or(u32::MAX).clamp(1, 999);
        let game = Game::new(evening_battle(turns.saturating_mul(pairs)));
        (game, Evening { pairs, next_pair: 0, steps: Default::default() })
    }

    /// The next action for the game as it stands; `None` once its pairs are used up.
    pub fn next_action(&mut self, game: &Game) -> Option<Action> {
        if self.steps.is_empty() {
            let last = self.next_pair.checked_add(self.pairs)?;
            game.battle.unit(UnitId(last.checked_mul(2)?))?;
            self.steps = evening_turn(game, self.next_pair, self.pairs).into();
            self.next_pair = last;
        }
        self.steps.pop_front().map(|step| step(game))
    }
}

impl std::fmt::Debug for Evening {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Evening").field("pairs", &self.pairs).field("next_pair", &self.next_pair).finish()
    }
}

/// One step of an evening's turn: the action to send, given the game as it stands.
type EveningStep = Box<dyn Fn(&Game) -> Action>;

/// The steps of one turn, using the pairs from `first` on.
fn evening_turn(game: &Game, first: u32, pairs: u32) -> Vec<EveningStep> {
    use crate::model::{ChargeAction, GdbMeleeAction};
    let ids: Vec<(UnitId, UnitId)> =
        (first..first.saturating_add(pairs)).map(|p| (UnitId(2 * p + 1), UnitId(2 * p + 2))).collect();
    let mut steps: Vec<EveningStep> = vec![Box::new(|_| Action::Initiative {
        dice: BySide { first: [D6::FIVE, D6::FOUR], second: [D6::TWO, D6::FOUR] },
        phasing: Side::First,
        rng_after: None,
    })];
    let phases = game.battle.ruleset.phases();
    let at = |phase: Phase| phases.iter().position(|p| *p == phase).unwrap_or(0);
    for _ in at(Phase::Initiative)..at(Phase::Charges) {
        steps.push(Box::new(|_| Action::AdvancePhase));
    }
    for &(charger, target) in &ids {
        steps.push(Box::new(move |_| Action::DeclareCharge(Box::new(evening_charge(charger, target, Vec::new())))));
    }
    for side in [Side::First, Side::Second] {
        steps.push(Box::new(move |_| Action::DeclarationsDone { side }));
    }
    for &(charger, target) in &ids {
        steps.push(Box::new(move |g| {
            let mut a: ChargeAction = evening_charge(charger, target, Vec::new());
            a.inputs = evening_inputs(g, &a);
            Action::Charge(Box::new(a))
        }));
    }
    for _ in at(Phase::Charges)..at(Phase::Melee) {
        steps.push(Box::new(|_| Action::AdvancePhase));
    }
    for &(attacker, defender) in &ids {
        steps.push(Box::new(move |g| {
            let mut m = GdbMeleeAction {
                attacker,
                defender,
                table: Default::default(),
                dice: ByRole::new(MeleeDice::thrown([D6::FIVE, D6::FOUR]), MeleeDice::thrown([D6::TWO, D6::THREE])),
                losses: Some((1, 2).into()),
                test: None,
                overridden: None,
                rng_after: None,
            };
            if let Ok(r) = super::gdb_melee_result(&g.battle, &m)
                && super::owed_melee_test(&r, &m).is_some()
            {
                m.test = Some(crate::rules::options::TestResult::Pass.into());
            }
            Action::GdbMelee(Box::new(m))
        }));
    }
    for _ in at(Phase::Melee)..at(Phase::Morale) {
        steps.push(Box::new(|_| Action::AdvancePhase));
    }
    // Every test owed in the Morale phase, taken one by one: each unit's test, passed.
    for k in 0..2 * ids.len() {
        steps.push(Box::new(move |g| evening_test(g, k)));
    }
    steps.push(Box::new(|_| Action::AdvancePhase));
    steps
}

/// The first morale test still owed, passed (a rally test rallies); a note when none is
/// owed any more (the `k`th step of the phase).
fn evening_test(game: &Game, k: usize) -> Action {
    use crate::rules::gdb::charge::TestAnswer;
    use crate::rules::options::{TestKind, TestResult};
    match super::morale_tests::owed_tests(&game.battle).first() {
        Some(o) => {
            let result = if o.test == TestKind::Rally { TestResult::Rally } else { TestResult::Pass };
            Action::TakeTest(Box::new(crate::model::TestAction {
                unit: o.unit,
                test: o.test,
                answer: TestAnswer::Result(result),
                rng_after: None,
            }))
        }
        None => Action::Note(format!("No more tests owed ({k}).")),
    }
}

/// A charge as the roster's wizard sends it: 20 cm straight ahead, the commander near,
/// the rates typed.
fn evening_charge(
    charger: UnitId,
    target: UnitId,
    inputs: Vec<crate::rules::gdb::charge::Input>,
) -> crate::model::ChargeAction {
    crate::model::ChargeAction {
        charger,
        target,
        measured: crate::model::ChargeMeasures {
            distance_cm: 20,
            bearing_deg: 0,
            commander_within_15cm: true,
            target_visible: true,
            ..Default::default()
        },
        rates: crate::model::ChargeRates {
            charger_charge_cm: Some(30),
            target_move_cm: Some(10),
            target_charge_cm: Some(20),
            target_compulsory_cm: Some(15),
        },
        inputs,
        crew_ran_into: None,
        ordering_general: None,
        rng_after: None,
        overrule: None,
        screen: Vec::new(),
    }
}

/// The answers a charge asks, in order: the target stands, every test passes.
fn evening_inputs(game: &Game, a: &crate::model::ChargeAction) -> Vec<crate::rules::gdb::charge::Input> {
    use crate::rules::gdb::charge::{Ask, Input, Reaction};
    use crate::rules::options::TestResult;
    let mut a = a.clone();
    for _ in 0..16 {
        let Ok(m) = super::run_charge(&game.battle, &a) else { break };
        let input = match m.ask {
            Ask::Reaction => Input::Reaction(Reaction::Stand),
            Ask::StandTest => Input::StandTest(TestResult::Pass.into()),
            Ask::ChargerTest => Input::ChargerTest(TestResult::Pass.into()),
            Ask::FacedInTime => Input::FacedInTime(false),
            Ask::Done
            | Ask::ClosingFire
            | Ask::CounterTest
            | Ask::CounterMeet
            | Ask::EmergencyLimber
            | Ask::Caught
            | Ask::BasesLost
            | Ask::FollowUp => break,
        };
        a.inputs.push(input);
    }
    a.inputs
}

/// The battle of an evening: `pairs` pairs, each a dragoon regiment of the first side
/// (odd ids) and an infantry battalion in line of the second (even ids), in brigades of
/// ten with a general each, at the start of turn 1.
pub fn evening_battle(pairs: u32) -> Battle {
    use crate::model::{Brigade, BrigadeId, General, GeneralId, Unit};
    use crate::rules::{Arm, Formation, Quality, Rank};
    let mut b = Battle {
        name: format!("An evening of {pairs} charges"),
        sides: crate::model::large_battles::two_armies(),
        turn: 1,
        phase: Phase::Initiative,
        ..Battle::default()
    };
    let units = pairs.saturating_mul(2);
    let brigades = units.div_ceil(10).max(2);
    for i in 1..=brigades {
        let side = if i % 2 == 1 { Side::First } else { Side::Second };
        b.brigades.push(Brigade { id: BrigadeId(i), name: format!("Brigade {i}"), name_ru: None, side });
        b.generals.push(General {
            id: GeneralId(i),
            name: format!("General {i}"),
            name_ru: None,
            side,
            rank: Rank::Brigade,
            quality: Quality::Average,
            brigade: Some(BrigadeId(i)),
            attached_to: None,
            lost: false,
            orders_used: 0,
            place: None,
        });
    }
    for i in 1..=units {
        let first = i % 2 == 1;
        let (side, arm) = if first { (Side::First, Arm::Dragoons) } else { (Side::Second, Arm::Infantry) };
        let mut u = Unit::new(UnitId(i), &format!("Unit {i}"), side, arm, if first { 12 } else { 24 });
        // Ten units of a side to a brigade: odd brigades are the first side's.
        let rank = (i - 1) / 2 / 10;
        u.brigade = Some(BrigadeId(2 * rank + if first { 1 } else { 2 }));
        if !first {
            u.formation = Formation::Line;
        }
        b.units.push(u);
    }
    b
}

/// Issue 41, row 8: the three evenings that fill a battle file to its size limit, each
/// within every other limit, played through the game's own actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Filler {
    /// Notes of 20,000 characters each (Russian, quotes and line breaks, which the file
    /// writes longer than they are), up to 3,400 of them.
    Notes,
    /// Orders of battle imported in batches of units with 158-character names, up to the
    /// 100,000 units a battle may have.
    Names,
    /// The evening of charges and melees between fresh pairs, declarations included, then
    /// short notes, up to the 60,000 entries a journal may hold.
    Actions,
}

/// A filling evening: its actions one at a time, each made for the game as it stands.
#[derive(Debug)]
pub struct FillEvening {
    filler: Filler,
    done: usize,
    /// Units imported at a time (names).
    batch: u32,
    charges: Option<Evening>,
}

impl FillEvening {
    /// The game the evening starts from and the evening; `scale` is the number of actions
    /// of the charges evening and the units of a names batch are a thousandth of it, so
    /// that a debug test may fill a small file the same way (60,000 fills 64 MiB).
    pub fn new(filler: Filler, scale: usize) -> (Game, FillEvening) {
        let batch = u32::try_from(scale / 60).unwrap_or(1_000).clamp(1, 1_000);
        let mut evening = FillEvening { filler, done: 0, batch, charges: None };
        let game = match filler {
            Filler::Notes | Filler::Names => Game::new(evening_battle(10)),
            Filler::Actions => {
                let (game, charges) = Evening::new(scale, 10);
                evening.charges = Some(charges);
                game
            }
        };
        (game, evening)
    }

    /// The next action; `None` once the evening is over.
    pub fn next_action(&mut self, game: &Game) -> Option<Action> {
        let action = match self.filler {
            Filler::Notes => (self.done < 3_400).then(|| long_note(self.done)),
            Filler::Names => self.next_import(game),
            Filler::Actions => {
                let charge = self.charges.as_mut().and_then(|e| e.next_action(game));
                Some(charge.unwrap_or_else(|| Action::Note(format!("Note {}", self.done))))
            }
        };
        self.done = self.done.saturating_add(1);
        action
    }

    /// A batch of units with long names, for the ids the battle gives next.
    fn next_import(&self, game: &Game) -> Option<Action> {
        use crate::model::{OrderOfBattle, Unit, limits::MAX_ITEMS};
        let first = game.battle.next_unit_id().0;
        let room = u32::try_from(MAX_ITEMS.saturating_sub(game.battle.units.len())).ok()?;
        let count = self.batch.min(room);
        if count == 0 {
            return None;
        }
        let units = (first..first.saturating_add(count))
            .map(|id| {
                let side = if id % 2 == 1 { Side::First } else { Side::Second };
                Unit::new(UnitId(id), &long_name(id), side, crate::rules::Arm::Infantry, 24)
            })
            .collect();
        Some(Action::ImportOrderOfBattle(Box::new(OrderOfBattle { units, ..OrderOfBattle::default() })))
    }
}

/// A note of 20,000 characters: Russian words, quotes and line breaks, numbered.
fn long_note(n: usize) -> Action {
    const PIECE: &str = "«Каре» держится: \"огонь!\"\n";
    let mut text = format!("{n} ");
    while text.chars().count() < crate::model::limits::MAX_TEXT_CHARS {
        text.push_str(PIECE);
    }
    let text: String = text.chars().take(crate::model::limits::MAX_TEXT_CHARS).collect();
    if n.is_multiple_of(2) { Action::Note(text) } else { Action::HiddenNote(text) }
}

/// A unit's name of 158 characters, Russian, numbered.
fn long_name(id: u32) -> String {
    let mut name = format!("{id} ");
    while name.chars().count() < 158 {
        name.push_str("Егерский полк ");
    }
    let mut name: String = name.chars().take(157).collect();
    name.push('ъ');
    name
}
