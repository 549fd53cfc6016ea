//! The ground floor: the rules vocabulary, ruleset options, dice and the pure rule
//! functions (inputs and dice values in, explained outcomes out).
//!
//! Nothing here touches the UI, files, clocks or random generators; dice come in as
//! values. `tests/core/layering.rs` guards that boundary. The vocabulary is typed so that
//! what is wrong cannot be made (issue 48): a side's facts are one `Situation` carried
//! `ByRole`, a die's face is a `D6` or an `AverageDie`, made only from a face.

/// Declares a small `Copy` vocabulary enum with a stable serde name per variant, an
/// `ALL` array in display order and `key()` returning the serde name.
macro_rules! vocab {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $var:ident = $s:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord,
                 serde::Serialize, serde::Deserialize)]
        pub enum $name {
            $($(#[$vm])* #[serde(rename = $s)] $var),+
        }
        impl $name {
            /// Every value, in display order.
            pub const ALL: &'static [$name] = &[$($name::$var),+];
            /// The stable snake_case name used in files and on the command line.
            pub const fn key(self) -> &'static str {
                match self { $($name::$var => $s),+ }
            }
        }
    };
}

pub mod dice;
pub mod explain;
pub mod geometry;
pub mod house;
pub mod options;
pub mod situation;
pub mod vocab;

pub use dice::DieKind;
pub use explain::{Modifier, Rule, Source, Words};
pub use options::{BOptions, GdbOptions};
pub use situation::{ByRole, Fact, Field, PlayersModifier, Role, Situation};
pub use vocab::*;
pub mod gdb;
pub mod ruleset_b;
