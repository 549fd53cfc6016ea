//! Writing a battle's order of battle: the header and the cells in the language asked
//! for (Russian with `;` between fields, as Russian Excel reads them), UTF-8 with a
//! byte-order mark so that Excel reads the letters right.

use super::columns::Col;
use crate::i18n::{Label, Lang, T};
use crate::model::{Battle, General, Unit};
use crate::rules::Side;

/// The battle's sides, brigades, units and generals as a spreadsheet: the two sides'
/// rows, then side by side each side's brigades, units and generals.
pub fn export(battle: &Battle, lang: Lang) -> Vec<u8> {
    let mut writer = csv::WriterBuilder::new().delimiter(if lang == Lang::Ru { b';' } else { b',' }).from_writer(
        // The byte-order mark, for Excel.
        vec![0xEF, 0xBB, 0xBF],
    );
    let mut rows: Vec<Vec<String>> = vec![Col::ALL.iter().map(|c| c.header(lang).to_owned()).collect()];
    // The sides first, each in its slot: a side without units keeps its place.
    for side in Side::ALL {
        let info = battle.sides.get(*side);
        rows.push(row(&[
            (Col::Kind, lang.t(T::CsvKindSide).to_owned()),
            (Col::Name, info.name.clone()),
            (Col::NameRu, info.name_ru.clone().unwrap_or_default()),
            (Col::Side, side.label(lang).to_owned()),
            (Col::Nation, info.nation.label(lang).to_owned()),
        ]));
    }
    for side in Side::ALL {
        rows.extend(battle.brigades_of(*side).map(|b| {
            row(&[
                (Col::Kind, lang.t(T::CsvKindBrigade).to_owned()),
                (Col::Ref, format!("b{}", b.id.0)),
                (Col::Name, b.name.clone()),
                (Col::NameRu, b.name_ru.clone().unwrap_or_default()),
                (Col::Side, side_text(battle, *side, lang)),
            ])
        }));
        rows.extend(battle.units.iter().filter(|u| u.side == *side).map(|u| unit_row(battle, u, lang)));
        rows.extend(battle.generals.iter().filter(|g| g.side == *side).map(|g| general_row(battle, g, lang)));
    }
    for r in rows {
        // Writing to memory cannot fail.
        let _ = writer.write_record(r.iter().map(|c| escape_formula(c)));
    }
    writer.into_inner().unwrap_or_default()
}

/// A cell a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, a tab or a carriage
/// return first) gets a leading `'`, as does one that starts with `'` itself, so that the
/// import gives back the same text (issue 29: `=cmd|' /C calc'!A0` is never run).
pub fn escape_formula(cell: &str) -> String {
    if cell.starts_with(super::FORMULA_STARTS) { format!("'{cell}") } else { cell.to_owned() }
}

/// A row with `cells` in their columns, the others empty.
fn row(cells: &[(Col, String)]) -> Vec<String> {
    Col::ALL.iter().map(|c| cells.iter().find(|(k, _)| k == c).map(|(_, v)| v.clone()).unwrap_or_default()).collect()
}

fn side_text(battle: &Battle, side: Side, lang: Lang) -> String {
    crate::i18n::names::side_name(battle, side, lang).to_owned()
}

fn brigade_name(battle: &Battle, id: Option<crate::model::BrigadeId>) -> String {
    id.and_then(|id| battle.brigade(id)).map(|b| b.name.clone()).unwrap_or_default()
}

/// A brigade's reference in the file (its id): two brigades of a side may share a name.
fn brigade_ref(battle: &Battle, id: Option<crate::model::BrigadeId>) -> String {
    id.filter(|id| battle.brigade(*id).is_some()).map(|id| format!("b{}", id.0)).unwrap_or_default()
}

fn yes_no(lang: Lang, v: bool) -> String {
    lang.t(if v { T::CsvYes } else { T::CsvNo }).to_owned()
}

fn unit_row(battle: &Battle, u: &Unit, lang: Lang) -> Vec<String> {
    let markers: Vec<&str> = u.markers.iter().map(|m| m.label(lang)).collect();
    row(&[
        (Col::Kind, lang.t(T::CsvKindUnit).to_owned()),
        (Col::Ref, unit_ref(u.id)),
        (Col::Name, u.name.clone()),
        (Col::NameRu, u.name_ru.clone().unwrap_or_default()),
        (Col::Side, side_text(battle, u.side, lang)),
        (Col::Brigade, brigade_name(battle, u.brigade)),
        (Col::BrigadeRef, brigade_ref(battle, u.brigade)),
        (Col::Arm, u.arm.label(lang).to_owned()),
        (Col::Class, u.class.label(lang).to_owned()),
        (Col::Nation, u.nation.label(lang).to_owned()),
        (Col::Formation, u.formation.label(lang).to_owned()),
        (Col::Order, u.order.label(lang).to_owned()),
        (Col::Terrain, u.terrain.label(lang).to_owned()),
        (Col::Horses, u.horses.label(lang).to_owned()),
        (Col::FiguresStart, u.figures_start.to_string()),
        (Col::Figures, u.figures.to_string()),
        (Col::Status, u.status.label(lang).to_owned()),
        (Col::Regular, yes_no(lang, u.regular)),
        (Col::Lances, yes_no(lang, u.lances)),
        (Col::Markers, markers.join(", ")),
    ])
}

/// A unit's reference in the file: its id, so that a general is given back to the
/// second of two same-named units (issue 29).
fn unit_ref(id: crate::model::UnitId) -> String {
    format!("u{}", id.0)
}

fn general_row(battle: &Battle, g: &General, lang: Lang) -> Vec<String> {
    let with = g.attached_to.and_then(|id| battle.unit(id)).map(|u| u.name.clone()).unwrap_or_default();
    row(&[
        (Col::Kind, lang.t(T::CsvKindGeneral).to_owned()),
        (Col::Name, g.name.clone()),
        (Col::NameRu, g.name_ru.clone().unwrap_or_default()),
        (Col::Side, side_text(battle, g.side, lang)),
        (Col::Brigade, brigade_name(battle, g.brigade)),
        (Col::BrigadeRef, brigade_ref(battle, g.brigade)),
        (Col::Rank, g.rank.label(lang).to_owned()),
        (Col::Quality, g.quality.label(lang).to_owned()),
        (Col::With, with),
        (Col::WithRef, g.attached_to.filter(|id| battle.unit(*id).is_some()).map(unit_ref).unwrap_or_default()),
        (Col::Lost, yes_no(lang, g.lost)),
    ])
}
