//! Names of things in the battle, in the interface language: a Russian name when one is
//! set and Russian is wanted, else the name.

use super::{Label, Lang, T};
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

/// A unit's arm and its class (General de Brigade) or status letter (Ruleset B):
/// "Infantry · Guard", "Infantry · status B"; with `class_named`, "Infantry · class:
/// Line", where a class could be read as a formation of the same name.
pub fn unit_type(lang: Lang, battle: &Battle, unit: &crate::model::Unit, class_named: bool) -> String {
    let grade = match battle.ruleset {
        crate::rules::Ruleset::Gdb if class_named => lang.fmt(T::PvClassIs, &[&unit.class.label(lang)]),
        crate::rules::Ruleset::Gdb => unit.class.label(lang).to_owned(),
        crate::rules::Ruleset::RulesetB => lang.fmt(T::StatusShort, &[&unit.status.label(lang)]),
    };
    format!("{} · {grade}", unit.arm.label(lang))
}

/// A general's name with rank and quality, e.g. "Mortier (Commander-in-chief, Good)".
pub fn general_line(g: &General, lang: Lang) -> String {
    // Russian writes a rank and a quality inside a phrase in lower case.
    let (rank, quality) = match lang {
        Lang::En => (g.rank.label(lang).to_owned(), g.quality.label(lang).to_owned()),
        Lang::Ru => (g.rank.label(lang).to_lowercase(), g.quality.label(lang).to_lowercase()),
    };
    format!("{} ({rank}, {quality})", shown(&g.name, g.name_ru.as_deref(), lang))
}

/// The casualty table's result bands (AMB-13): the key the file keeps, and its name.
pub const CASUALTY_BANDS: [(&str, T); 4] =
    [("rout", T::BandRout), ("retreat", T::BandRetreat), ("pushed_back", T::BandPushedBack), ("draw", T::BandDraw)];

/// A casualty band named in words ("Loser retreats"); an unknown key as it stands.
pub fn casualty_band(lang: Lang, key: &str) -> String {
    CASUALTY_BANDS.iter().find(|(k, _)| *k == key).map_or_else(|| key.to_owned(), |(_, t)| lang.t(*t).to_owned())
}

/// A rules pack's name, or that it has none (issue 50: a battle's own rules, or a
/// profile of before).
pub fn pack_name(lang: Lang, name: &str) -> &str {
    if name.is_empty() { lang.t(T::PackUnnamed) } else { name }
}

/// Text in both languages, in the interface language.
pub fn words(lang: Lang, w: &crate::rules::Words) -> &str {
    match lang {
        Lang::En => &w.en,
        Lang::Ru => &w.ru,
    }
}

/// What a breakdown's first column names a modifier by (issue 51): its clause, the
/// clause a club changed, the club's own ID, or nothing for the players' own.
pub fn modifier_clause(m: &crate::rules::Modifier) -> &str {
    match m.rule() {
        Some(rule) => rule.id(),
        None => m.clause(),
    }
}

/// A breakdown line's words, saying where it comes from (issue 51): the rulebook
/// clause's label; a club's modifier with its label and ID; a clause the club changed
/// with its label, the club's ID and why; the players' overrule with their reason.
pub fn modifier_label(lang: Lang, m: &crate::rules::Modifier) -> String {
    use crate::rules::Source;
    match &m.source {
        Source::Rulebook(rule) => rule.label(lang).to_owned(),
        Source::House { rule: None, tag } => lang.fmt(T::HouseModifierLabel, &[&words(lang, &tag.label), &tag.id]),
        Source::House { rule: Some(rule), tag } => {
            lang.fmt(T::HouseChangedLabel, &[&rule.label(lang), &tag.id, &words(lang, &tag.label)])
        }
        Source::Overrule { reason } => lang.fmt(T::OverruleModifierLabel, &[reason]),
    }
}

/// A field a house rule's condition tests, in words (issue 51).
pub fn cond_field_label(lang: Lang, field: crate::rules::house::CondField) -> &'static str {
    use crate::rules::house::CondField as F;
    match field {
        F::Arm => lang.t(T::FieldArm),
        F::Class => lang.t(T::FieldClass),
        F::Status => lang.t(T::FieldStatus),
        F::Formation => lang.t(T::FieldFormation),
        F::Order => lang.t(T::FieldOrder),
        F::Terrain => lang.t(T::FieldTerrain),
        F::Horses => lang.t(T::FieldHorses),
        F::Slope => lang.t(T::FieldSlope),
        F::StruckFace => lang.t(T::FieldStruckFace),
        F::Ground => lang.t(T::FieldGround),
        F::Fact(fact) => fact.label(lang),
    }
}

/// A value a condition lists, in words: the vocabulary's label, yes or no for a fact, or
/// the key itself when it names nothing.
pub fn cond_value_label(lang: Lang, field: crate::rules::house::CondField, key: &str) -> &str {
    use crate::rules::house::CondField as F;
    use crate::rules::{Arm, Class, Face, Formation, Horses, Order, Slope, Status, Terrain};
    fn of<V: Copy + Label>(lang: Lang, all: &[V], key_of: fn(V) -> &'static str, key: &str) -> Option<&'static str> {
        all.iter().find(|v| key_of(**v) == key).map(|v| v.label(lang))
    }
    let label = match field {
        F::Arm => of(lang, Arm::ALL, Arm::key, key),
        F::Class => of(lang, Class::ALL, Class::key, key),
        F::Status => of(lang, Status::ALL, Status::key, key),
        F::Formation => of(lang, Formation::ALL, Formation::key, key),
        F::Order => of(lang, Order::ALL, Order::key, key),
        F::Terrain | F::Ground => of(lang, Terrain::ALL, Terrain::key, key),
        F::Horses => of(lang, Horses::ALL, Horses::key, key),
        F::Slope => of(lang, Slope::ALL, Slope::key, key),
        F::StruckFace => of(lang, Face::ALL, Face::key, key),
        F::Fact(_) if key == crate::rules::house::YES_NO[0] => Some(lang.t(T::Yes)),
        F::Fact(_) => Some(lang.t(T::No)),
    };
    label.unwrap_or(key)
}
