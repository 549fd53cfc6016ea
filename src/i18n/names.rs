//! Names of things in the battle, in the interface language: a Russian name when one is
//! set and Russian is wanted, else the name.

use super::{Label, Lang};
use crate::model::{Battle, General};
use crate::rules::Side;

/// A name in the interface language.
pub fn shown<'a>(name: &'a str, name_ru: Option<&'a str>, lang: Lang) -> &'a str {
    match name_ru {
        Some(ru) if lang == Lang::Ru && !ru.trim().is_empty() => ru,
        _ => name,
    }
}

/// The battle's title.
pub fn battle_title(battle: &Battle, lang: Lang) -> &str {
    shown(&battle.name, battle.name_ru.as_deref(), lang)
}

/// A side's name.
pub fn side_name(battle: &Battle, side: Side, lang: Lang) -> &str {
    let info = battle.sides.get(side);
    shown(&info.name, info.name_ru.as_deref(), lang)
}

/// A general's name with rank and quality, e.g. "Mortier (Commander-in-chief, Good)".
pub fn general_line(g: &General, lang: Lang) -> String {
    format!("{} ({}, {})", shown(&g.name, g.name_ru.as_deref(), lang), g.rank.label(lang), g.quality.label(lang))
}
