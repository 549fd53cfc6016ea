//! Units, generals, brigades and the battle, built from the rules vocabulary.

mod action;
mod battle;
mod campaign;
mod engagement;
mod fnv;
pub mod large_battles;
pub mod limits;
mod log;
mod pack;
pub mod table;
mod unit;
mod validate;

pub use action::{
    Action, ActionKind, BContact, BMeleeAction, BattleInfo, ChargeAction, ChargeMeasures, ChargeRates, ChargesStep,
    CollisionAction, ExactMeasures, FireAction, FireRoll, GdbMeleeAction, ItemKind, Judged, MoveAction,
    OpportunityFacts, OrderOfBattle, RosterOp, TestAction,
};
pub use battle::{Battle, Brigade, General, RngState, RulesOptions, SideInfo};
pub use campaign::{
    Campaign, CampaignGeneral, CampaignLink, CampaignUnit, ClosedBattle, Fate, LedgerEntry, LedgerEvent, Lists,
    LostGeneral, MadeBattle, ResultRule, SideStanding, Standing, UnitState, battle_hash,
};
pub use engagement::{Aftermath, ContactRules, Engagement, ImpossibleEngagement, Stage, TestTaken};
pub use fnv::Fnv1a;
pub use limits::{MAX_DISTANCE_CM, MAX_FIGURES, MAX_ITEMS, MAX_MELEE_TURN, MAX_TURN, is_json_but_not_an_object};
pub use log::{LogDetail, LogEntry, Override, Overrule, PhaseBegun, TableRoll, TestFact, TestRoll, TurnState};
pub use pack::{DuplicateRow, EXAMPLE_PACK_NAME, PackId, PackRef, RulesPack, content_hash};
pub use table::{AreaShape, Placement, TableSetup, TerrainArea};
pub use unit::{Unit, changed_fields, default_formation};
pub use validate::{ModelError, Problem, Refs, breaks_line, check_length, check_pack_ref, sides_apart};

use serde::{Deserialize, Serialize};

macro_rules! id_type {
    ($(#[$m:meta])* $name:ident) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub u32);

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{}", self.0)
            }
        }
    };
}

id_type!(
    /// Stable id of a unit within its battle.
    UnitId
);
id_type!(
    /// Stable id of a general within its battle.
    GeneralId
);
id_type!(
    /// Stable id of a brigade within its battle.
    BrigadeId
);
