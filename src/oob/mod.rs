//! Orders of battle as the club's spreadsheet (CSV): one row per side, brigade, unit and
//! general, told apart by a `kind` column (side rows are optional: they name a new
//! battle's sides in both languages, with their nations). Column names in English or Russian, in any
//! order; `,` or `;` between fields; UTF-8 with or without a byte-order mark, or
//! Windows-1251 (what Russian Excel saves), detected. Values are the file keys
//! (`heavy_cavalry`) or the names the app shows, in either language ("Heavy cavalry",
//! "Тяжёлая кавалерия"). Nothing is imported until every row is good: the bad ones come
//! back as a list, each with its row, its column and the reason.

mod columns;
mod export;
mod read;

pub use columns::Col;
pub use export::export;
pub use read::{Decoded, decode, import, import_naming_sides, new_battle};

use crate::i18n::{Label, Lang, T};
use crate::rules::Side;

/// Why a spreadsheet gave no battle: its refused rows, or what the battle refuses of it.
#[derive(Debug)]
pub enum OobGameError {
    /// Rows refused, each with its reason.
    Rows(Vec<RowError>),
    /// What the battle refuses of the order of battle.
    Refused(crate::game::ActionError),
}

/// A game whose battle begins with a spreadsheet's order of battle (its sides named by
/// the file, under `ruleset`): what a campaign begins from (issue 52).
pub fn game_of(
    bytes: &[u8],
    name: &str,
    ruleset: crate::rules::Ruleset,
    lang: Lang,
) -> Result<crate::game::Game, OobGameError> {
    let (battle, oob) = new_battle(bytes, name, ruleset, lang).map_err(OobGameError::Rows)?;
    let mut game = crate::game::Game::new(battle);
    game.perform(&crate::game::Action::ImportOrderOfBattle(Box::new(oob))).map_err(OobGameError::Refused)?;
    // The lists as the spreadsheet gives them: a battle that begins with them.
    Ok(crate::game::Game::new(game.battle().clone()))
}

/// The most bytes an order-of-battle file may have.
pub const MAX_BYTES: usize = 16 * 1024 * 1024;
/// The most rows an order-of-battle file may have (a corps is a few hundred).
pub const MAX_ROWS: usize = 10_000;

/// Why a row (or the file) was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The file is larger than any order of battle.
    TooLarge,
    /// The file has no header row.
    NoHeader,
    /// A column the format does not have.
    UnknownColumn(String),
    /// A column named twice.
    RepeatedColumn,
    /// A column every file needs.
    MissingColumn,
    /// The fields could not be read (a quote left open).
    Unreadable(String),
    /// A `kind` that is not unit, general or brigade.
    UnknownKind(String),
    /// A value that is not one of the column's.
    UnknownValue(String),
    /// A value the row needs is empty.
    Empty,
    /// Not a whole number, or beyond the limits.
    NotANumber(String),
    /// More figures now than at the start.
    FiguresAboveStart {
        /// Figures now.
        figures: u32,
        /// Figures at the start.
        start: u32,
    },
    /// A side that is neither of the battle's.
    UnknownSide(String),
    /// A third side in a new battle.
    ThirdSide(String),
    /// A brigade that no row and no brigade of the battle names.
    UnknownBrigade(String),
    /// A brigade of the other side.
    BrigadeOfOtherSide(String),
    /// A unit name that no unit of the general's side has.
    UnknownUnit(String),
    /// A unit of that name already stands in the brigade (or a brigade of that name on the side).
    Duplicate(String),
    /// What the battle refuses of the row (a formation the arm cannot take, two
    /// commanders-in-chief).
    Refused(crate::model::Problem),
    /// More rows than any battle has.
    TooManyRows,
    /// A header and no rows under it.
    NoRows,
    /// Two brigades of one name on a side (units could not tell them apart).
    BrigadeTwice(String),
    /// A quote opened in this cell is never closed.
    UnclosedQuote,
    /// A file marked as UTF-8 (a byte-order mark) with a byte that is not UTF-8: the
    /// byte's offset in the file.
    NotUtf8(usize),
    /// A control character in a cell (Windows-1251 has no letter for byte 0x98).
    ControlCharacter(char),
    /// A `ref` given to two units, or two brigades, of the file.
    RefTwice(String),
    /// A side row whose side cell is neither first nor second.
    SideSlot,
    /// A `with_ref` or `brigade_ref` that nothing of the row's side has in the file.
    UnknownRef(String),
}

/// A refused row: its number as a spreadsheet shows it (the header is row 1, a blank line
/// is a row, a cell over several lines is one), the column, the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowError {
    /// The row, counted from 1 with the header.
    pub row: u64,
    /// The column, when one is at fault.
    pub column: Option<Col>,
    /// Why.
    pub reason: Reason,
}

/// A refused row in words: "row 7, column arm: unknown value «hussars»".
pub fn row_error_text(lang: Lang, e: &RowError) -> String {
    let reason = reason_text(lang, &e.reason);
    match e.column {
        Some(c) => lang.fmt(T::OobRowColumn, &[&e.row, &c.header(lang), &reason]),
        None => lang.fmt(T::OobRow, &[&e.row, &reason]),
    }
}

fn reason_text(lang: Lang, r: &Reason) -> String {
    match r {
        Reason::TooLarge => lang.fmt(T::OobTooLarge, &[&(MAX_BYTES / (1024 * 1024))]),
        Reason::NoHeader => lang.t(T::OobNoHeader).to_owned(),
        Reason::UnknownColumn(c) => lang.fmt(T::OobUnknownColumn, &[c]),
        Reason::RepeatedColumn => lang.t(T::OobRepeatedColumn).to_owned(),
        Reason::MissingColumn => lang.t(T::OobMissingColumn).to_owned(),
        Reason::Unreadable(why) => lang.fmt(T::OobUnreadable, &[why]),
        Reason::UnknownKind(k) => lang.fmt(T::OobUnknownKind, &[k]),
        Reason::UnknownValue(v) => lang.fmt(T::OobUnknownValue, &[v]),
        Reason::Empty => lang.t(T::OobEmpty).to_owned(),
        Reason::NotANumber(v) => lang.fmt(T::OobNotANumber, &[v]),
        Reason::FiguresAboveStart { figures, start } => lang.fmt(T::ProblemFiguresAboveStart, &[figures, start]),
        Reason::UnknownSide(s) => lang.fmt(T::OobUnknownSide, &[s]),
        Reason::ThirdSide(s) => lang.fmt(T::OobThirdSide, &[s]),
        Reason::UnknownBrigade(b) => lang.fmt(T::OobUnknownBrigade, &[b]),
        Reason::BrigadeOfOtherSide(b) => lang.fmt(T::OobBrigadeOtherSide, &[b]),
        Reason::UnknownUnit(u) => lang.fmt(T::OobUnknownUnit, &[u]),
        Reason::Duplicate(n) => lang.fmt(T::OobDuplicate, &[n]),
        Reason::Refused(p) => crate::i18n::errors::problem_text(lang, p),
        Reason::TooManyRows => lang.fmt(T::OobTooManyRows, &[&lang.count(MAX_ROWS, crate::i18n::Noun::Row)]),
        Reason::NoRows => lang.t(T::OobNoRows).to_owned(),
        Reason::BrigadeTwice(n) => lang.fmt(T::OobBrigadeTwice, &[n]),
        Reason::SideSlot => lang.fmt(T::OobSideSlot, &[&Side::First.label(lang), &Side::Second.label(lang)]),
        Reason::UnclosedQuote => lang.t(T::OobUnclosedQuote).to_owned(),
        Reason::NotUtf8(byte) => lang.fmt(T::OobNotUtf8, &[byte]),
        Reason::ControlCharacter(c) => lang.fmt(T::OobControlCharacter, &[&format!("U+{:04X}", u32::from(*c))]),
        Reason::RefTwice(r) => lang.fmt(T::OobRefTwice, &[r]),
        Reason::UnknownRef(r) => lang.fmt(T::OobUnknownRef, &[r]),
    }
}

/// What an import added, counted in words: "Imported: 12 units, 3 generals, 2 brigades."
pub fn imported_text(lang: Lang, (units, generals, brigades): (usize, usize, usize)) -> String {
    use crate::i18n::Noun;
    let [u, g, b] =
        [(units, Noun::Unit), (generals, Noun::General), (brigades, Noun::Brigade)].map(|(n, w)| lang.count(n, w));
    lang.fmt(T::OobImported, &[&u, &g, &b])
}

/// What a spreadsheet reads as the start of a formula, and the escape itself: a cell
/// starting with one is written with a leading `'` (issue 29).
pub(crate) const FORMULA_STARTS: [char; 7] = ['=', '+', '-', '@', '\t', '\r', '\''];
