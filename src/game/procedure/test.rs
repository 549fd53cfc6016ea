//! A test as a draft (issue 28): one the game lists as owed, or one the players call
//! (the unit and their test, each with the game's verdict); the result chosen as a kind,
//! or the dice read on the players' test table (AMB-23). It finishes into
//! `Action::TakeTest`.

use crate::game::morale_tests::{TestError, test_result};
use crate::game::{Action, ActionError, TestAction};
use crate::model::{Battle, RngState, TableRoll, Unit, UnitId};
use crate::rules::Order;
use crate::rules::gdb::charge::TestAnswer;
use crate::rules::options::{TestKind, TestResult};

/// The tests the players take outside a charge or a melee.
pub const FREE_TESTS: [TestKind; 2] = [TestKind::Morale, TestKind::Rally];

/// A test being drafted.
#[derive(Debug, Clone, PartialEq)]
pub struct TestDraft {
    pub unit: Option<UnitId>,
    pub test: TestKind,
    /// The players call it: the unit and the test are theirs to pick.
    pub called: bool,
    pub rng_after: Option<RngState>,
}

impl TestDraft {
    /// Opens a test the game lists as owed.
    pub fn owed(unit: UnitId, test: TestKind) -> Self {
        TestDraft { unit: Some(unit), test, called: false, rng_after: None }
    }

    /// Opens a test the players call, for the unit selected if any.
    pub fn called(battle: &Battle, unit: Option<UnitId>) -> Self {
        let unit = unit.filter(|id| battle.unit(*id).is_some_and(|u| u.order.in_play()));
        // A routing unit's test is a rally; any other's, or one for no unit yet, morale.
        let routing = unit.and_then(|id| battle.unit(id)).is_some_and(|u| u.order == Order::Routing);
        let test = if routing { TestKind::Rally } else { TestKind::Morale };
        TestDraft { unit, test, called: true, rng_after: None }
    }

    /// The units in play, for a called test.
    pub fn units<'a>(&self, battle: &'a Battle) -> Vec<&'a Unit> {
        battle.units.iter().filter(|u| u.order.in_play()).collect()
    }

    /// The tests the unit may take, each with the game's verdict (only a routing or
    /// wavering unit tests to rally).
    pub fn tests(&self, battle: &Battle) -> Vec<(TestKind, Result<(), ActionError>)> {
        let order = self.unit.and_then(|id| battle.unit(id)).map(|u| u.order);
        FREE_TESTS
            .iter()
            .map(|t| {
                let ok = match t {
                    TestKind::Rally if !matches!(order, Some(Order::Routing | Order::Wavering)) => {
                        Err(TestError::NothingToRally.into())
                    }
                    TestKind::Charge
                    | TestKind::Stand
                    | TestKind::CounterCharge
                    | TestKind::Formation
                    | TestKind::Pursuit
                    | TestKind::Morale
                    | TestKind::Rally => Ok(()),
                };
                (*t, ok)
            })
            .collect()
    }

    /// The results this test may have, in the order they are offered.
    pub fn results(&self) -> Vec<TestResult> {
        self.test.results().collect()
    }

    /// Whether the players' table for this test is filled.
    pub fn has_table(&self, battle: &Battle) -> bool {
        battle.options.gdb.has_table(self.test)
    }

    /// What an answer comes to, with the row of the players' table.
    pub fn preview(
        &self,
        battle: &Battle,
        answer: &TestAnswer,
    ) -> Result<(TestResult, Option<TableRoll>), ActionError> {
        test_result(battle, self.test, self.unit.and_then(|id| battle.unit(id)), answer)
    }

    /// The test to apply, judged by the game.
    pub fn finish(&self, battle: &Battle, answer: TestAnswer) -> Result<Action, ActionError> {
        let unit = self.unit.ok_or(ActionError::NoChange)?;
        let action =
            Action::TakeTest(Box::new(TestAction { unit, test: self.test, answer, rng_after: self.rng_after.clone() }));
        crate::game::check(&action, battle)?;
        Ok(action)
    }
}
