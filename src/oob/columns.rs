//! The columns of an order-of-battle file, their names in both languages, and the
//! values a cell may hold: a file key or a name the app shows, in either language.

use crate::i18n::{Label, Lang, T};

/// A column of an order-of-battle file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Col {
    /// unit, general or brigade.
    Kind,
    /// A unit's or a brigade's reference within the file, for `with_ref` and
    /// `brigade_ref` (two units, or two brigades, may share a name).
    Ref,
    /// The name.
    Name,
    /// The Russian name.
    NameRu,
    /// The side: its name, or first / second.
    Side,
    /// The brigade of a unit or general, by name.
    Brigade,
    /// The brigade of a unit or general, by its `ref` (wins over the name: two brigades
    /// of a side may share a name).
    BrigadeRef,
    /// A unit's arm.
    Arm,
    /// A unit's class.
    Class,
    /// A unit's nation.
    Nation,
    /// A unit's formation.
    Formation,
    /// A unit's order.
    Order,
    /// A unit's ground.
    Terrain,
    /// A cavalry unit's horses.
    Horses,
    /// Figures at the start.
    FiguresStart,
    /// Figures now.
    Figures,
    /// A unit's status letter (Ruleset B).
    Status,
    /// Regular lancers.
    Regular,
    /// Armed with lances.
    Lances,
    /// A unit's markers.
    Markers,
    /// A general's rank.
    Rank,
    /// A general's quality.
    Quality,
    /// The unit a general is with, by name.
    With,
    /// The unit a general is with, by its `ref` (wins over the name).
    WithRef,
    /// A general out of the battle.
    Lost,
}

impl Col {
    /// Every column, in the order an export writes them.
    pub const ALL: [Col; 25] = [
        Col::Kind,
        Col::Ref,
        Col::Name,
        Col::NameRu,
        Col::Side,
        Col::Brigade,
        Col::BrigadeRef,
        Col::Arm,
        Col::Class,
        Col::Nation,
        Col::Formation,
        Col::Order,
        Col::Terrain,
        Col::Horses,
        Col::FiguresStart,
        Col::Figures,
        Col::Status,
        Col::Regular,
        Col::Lances,
        Col::Markers,
        Col::Rank,
        Col::Quality,
        Col::With,
        Col::WithRef,
        Col::Lost,
    ];

    const fn key(self) -> T {
        match self {
            Col::Kind => T::CsvKind,
            Col::Ref => T::CsvRef,
            Col::Name => T::CsvName,
            Col::NameRu => T::CsvNameRu,
            Col::Side => T::CsvSide,
            Col::Brigade => T::CsvBrigade,
            Col::BrigadeRef => T::CsvBrigadeRef,
            Col::Arm => T::CsvArm,
            Col::Class => T::CsvClass,
            Col::Nation => T::CsvNation,
            Col::Formation => T::CsvFormation,
            Col::Order => T::CsvOrder,
            Col::Terrain => T::CsvTerrain,
            Col::Horses => T::CsvHorses,
            Col::FiguresStart => T::CsvFiguresStart,
            Col::Figures => T::CsvFigures,
            Col::Status => T::CsvStatus,
            Col::Regular => T::CsvRegular,
            Col::Lances => T::CsvLances,
            Col::Markers => T::CsvMarkers,
            Col::Rank => T::CsvRank,
            Col::Quality => T::CsvQuality,
            Col::With => T::CsvWith,
            Col::WithRef => T::CsvWithRef,
            Col::Lost => T::CsvLost,
        }
    }

    /// The column's name in a header written in `lang`.
    pub fn header(self, lang: Lang) -> &'static str {
        lang.t(self.key())
    }

    /// The column a header names, in either language (case and spaces aside).
    pub fn named(header: &str) -> Option<Col> {
        let wanted = fold(header);
        Col::ALL.into_iter().find(|c| Lang::ALL.iter().any(|l| fold(c.header(*l)) == wanted))
    }
}

/// Text compared without case, surrounding spaces, or the difference between `_` and a
/// space.
pub(super) fn fold(text: &str) -> String {
    text.trim().to_lowercase().replace('_', " ")
}

/// Whether `text` is `key`'s word in either language.
pub(super) fn is_word(text: &str, key: T) -> bool {
    let text = fold(text);
    Lang::ALL.iter().any(|l| fold(l.t(key)) == text)
}

/// Words earlier versions showed, which spreadsheets made then still hold: the file key
/// each stands for (the states were worded to agree with plural names; now they agree
/// with nothing).
const EARLIER_WORDS: [(&str, &str); 6] = [
    ("построены", "formed"),
    ("расстроены", "disordered"),
    ("колеблются", "wavering"),
    ("бегут", "routing"),
    ("рассеяны", "dispersed"),
    ("уничтожены", "destroyed"),
];

/// The value of a vocabulary `text` names: its file key, or its name in either language
/// (or an earlier version's).
pub(super) fn vocab<V: Label>(all: &[V], key: impl Fn(V) -> &'static str, text: &str) -> Option<V> {
    let text = fold(text);
    let text = EARLIER_WORDS.iter().find(|(word, _)| *word == text).map_or(text, |(_, k)| (*k).to_owned());
    all.iter().copied().find(|v| fold(key(*v)) == text || Lang::ALL.iter().any(|l| fold(v.label(*l)) == text))
}

/// A yes or no: yes / no in either language, true / false, 1 / 0.
pub(super) fn yes_no(text: &str) -> Option<bool> {
    match fold(text).as_str() {
        "true" | "1" | "+" => Some(true),
        "false" | "0" | "-" | "" => Some(false),
        _ if is_word(text, T::CsvYes) => Some(true),
        _ if is_word(text, T::CsvNo) => Some(false),
        _ => None,
    }
}
