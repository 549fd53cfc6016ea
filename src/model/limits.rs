//! Limits no real battle reaches: every file, pipe and typed value is checked against
//! them on the way in, so that everything downstream may rely on them (no overflow, no
//! unbounded allocation, no hang).

/// The highest turn number.
pub const MAX_TURN: u32 = 1_000;
/// The most figures a unit may have (at the start or now).
pub const MAX_FIGURES: u32 = 10_000;
/// The longest distance, cm (100 m: no table is larger).
pub const MAX_DISTANCE_CM: u32 = 10_000;
/// The highest melee turn of an engagement.
pub const MAX_MELEE_TURN: u32 = 1_000;
/// The most units, generals or brigades in a battle.
pub const MAX_ITEMS: usize = 100_000;
/// The longest reason the players give for overruling the rules, in characters.
pub const MAX_REASON_CHARS: usize = 2_000;
/// The most opportunity orders a general may have given in a turn.
pub const MAX_ORDERS_USED: u32 = 100;
/// The most refusals one overrule may set aside.
pub const MAX_OVERRULED: usize = 16;
/// Units that may join one melee beside its two principals (AMB-15).
pub const MAX_JOINED: usize = 16;
/// The longest name of a battle, side, brigade, general or unit, in characters.
pub const MAX_NAME_CHARS: usize = 200;
/// The longest free text (a battle's description, a note, an imposed result, a named
/// Emergency Limber result), in characters.
pub const MAX_TEXT_CHARS: usize = 20_000;
/// The most entries a battle's log (its journal) may hold: with the compact undo steps a
/// file keeps (issue 31: under 1 KB an action with its entry), a journal this long stays
/// inside the 64 MiB a battle file may have. An evening that reaches it goes on in a new
/// battle file from the current state.
pub const MAX_LOG_ENTRIES: usize = 60_000;

/// The largest battle file, in bytes: larger files are refused before reading, writers
/// refuse to write them, and the game refuses the action after which its file would be
/// larger (issue 41, row 8).
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// Whether `text` is valid JSON but not an object: an array or a number would otherwise be
/// read as a struct by position, with a baffling message. Text that is not JSON at all is
/// left to the reader, which locates its error.
pub fn is_json_but_not_an_object(text: &str) -> bool {
    let starts_as_object = text.trim_start_matches(['\u{feff}', ' ', '\t', '\r', '\n']).starts_with('{');
    !starts_as_object && serde_json::from_str::<serde::de::IgnoredAny>(text).is_ok()
}
