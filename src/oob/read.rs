//! Reading an order-of-battle file: the encoding and the separator found, the header
//! matched to the columns, each row checked, and the rows made into brigades, units and
//! generals with the battle's next ids.

use std::collections::{BTreeMap, HashMap, HashSet};

use super::columns::{Col, fold, is_word, vocab, yes_no};
use super::{MAX_BYTES, MAX_ROWS, Reason, RowError};
use crate::i18n::{Lang, T};
use crate::model::limits::MAX_FIGURES;
use crate::model::{Battle, Brigade, BrigadeId, General, OrderOfBattle, SideInfo, Unit, UnitId};
use crate::rules::{
    Arm, Class, Formation, Horses, Marker, Nation, Order, Quality, Rank, Ruleset, Side, Status, Terrain,
};

/// How the file's bytes were read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decoded {
    /// UTF-8.
    Utf8,
    /// UTF-8 after a byte-order mark.
    Utf8Bom,
    /// Windows-1251 (not UTF-8).
    Windows1251,
}

/// The file's text: UTF-8 with or without its byte-order mark, else Windows-1251.
pub fn decode(bytes: &[u8]) -> (String, Decoded) {
    if let Some(rest) = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]) {
        return (String::from_utf8_lossy(rest).into_owned(), Decoded::Utf8Bom);
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => (text.to_owned(), Decoded::Utf8),
        Err(_) => {
            let (text, _, _) = encoding_rs::WINDOWS_1251.decode(bytes);
            (text.into_owned(), Decoded::Windows1251)
        }
    }
}

/// `;` when the header row has more of them than commas (Russian Excel), else `,`.
fn separator(text: &str) -> u8 {
    let header = text.split(['\n', '\r']).find(|l| !l.trim().is_empty()).unwrap_or_default();
    let count = |c: char| header.chars().filter(|x| *x == c).count();
    if count(';') > count(',') { b';' } else { b',' }
}

/// One row of the file, its cells by column.
struct Row {
    line: u64,
    cells: BTreeMap<Col, String>,
}

impl Row {
    fn get(&self, col: Col) -> &str {
        let cell = self.cells.get(&col).map_or("", |s| s.trim());
        // The export's escape of a would-be formula, taken off (issue 29).
        cell.strip_prefix('\'').filter(|rest| rest.starts_with(super::FORMULA_STARTS)).unwrap_or(cell)
    }

    fn err(&self, col: Option<Col>, reason: Reason) -> RowError {
        RowError { row: self.line, column: col, reason }
    }
}

/// Where each row of the text starts as a spreadsheet counts them (a line break inside
/// quotes stays in its cell, a blank line is a row), and the cell whose quote is never
/// closed, if one is.
struct Layout {
    starts: Vec<usize>,
    unclosed: Option<(u64, usize)>,
}

impl Layout {
    fn of(text: &str, delimiter: u8) -> Self {
        let bytes = text.as_bytes();
        let mut layout = Layout { starts: vec![0], unclosed: None };
        let (mut quoted, mut at_cell_start, mut cell) = (false, true, 0usize);
        let mut opened = (1, 0);
        let mut i = 0;
        while let Some(&b) = bytes.get(i) {
            i += 1;
            if quoted {
                // `""` inside quotes is a quote; a single one closes them.
                if b == b'"' && bytes.get(i) == Some(&b'"') {
                    i += 1;
                } else if b == b'"' {
                    quoted = false;
                }
                continue;
            }
            let row_ends = b == b'\n' || (b == b'\r' && bytes.get(i) != Some(&b'\n'));
            if row_ends {
                layout.starts.push(i);
            }
            if row_ends || b == b'\r' {
                (at_cell_start, cell) = (true, 0);
            } else if b == delimiter {
                (at_cell_start, cell) = (true, cell + 1);
            } else {
                quoted = b == b'"' && at_cell_start;
                opened = if quoted { (layout.starts.len() as u64, cell) } else { opened };
                at_cell_start = false;
            }
        }
        layout.unclosed = quoted.then_some(opened);
        layout
    }

    /// The row (from 1) of a record that the reader places at byte `at`: the reader
    /// counts the blank lines before a record into it, a spreadsheet does not.
    fn row(&self, text: &str, at: usize) -> u64 {
        let blank = text.get(at..).map_or(0, |rest| rest.len() - rest.trim_start_matches(['\r', '\n']).len());
        self.starts.partition_point(|s| *s <= at + blank) as u64
    }
}

/// The file's text, refused when it is marked as UTF-8 and is not.
fn text_of(bytes: &[u8]) -> Result<String, Vec<RowError>> {
    if let Some(rest) = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]) {
        return match std::str::from_utf8(rest) {
            Ok(text) => Ok(text.to_owned()),
            Err(e) => {
                let good = rest.get(..e.valid_up_to()).unwrap_or_default();
                let row = 1 + good.iter().filter(|b| **b == b'\n').count() as u64;
                let byte = e.valid_up_to().saturating_add(3);
                Err(vec![RowError { row, column: None, reason: Reason::NotUtf8(byte) }])
            }
        };
    }
    Ok(decode(bytes).0)
}

/// The first control character of a cell (no name or value holds one).
fn control_character(cell: &str) -> Option<char> {
    cell.chars().find(|c| crate::model::breaks_line(*c))
}

/// The rows of the file, or why it cannot be read at all.
fn rows(bytes: &[u8]) -> Result<Vec<Row>, Vec<RowError>> {
    let file = |reason| vec![RowError { row: 1, column: None, reason }];
    if bytes.len() > MAX_BYTES {
        return Err(file(Reason::TooLarge));
    }
    let text = text_of(bytes)?;
    let delimiter = separator(&text);
    let layout = Layout::of(&text, delimiter);
    let mut reader =
        csv::ReaderBuilder::new().delimiter(delimiter).flexible(true).has_headers(false).from_reader(text.as_bytes());
    let mut records = reader.records();
    let header = match records.next() {
        Some(Ok(h)) if h.iter().any(|c| !c.trim().is_empty()) => h,
        Some(Err(e)) => return Err(file(Reason::Unreadable(e.to_string()))),
        _ => return Err(file(Reason::NoHeader)),
    };
    let columns = header_columns(&header)?;
    if let Some((row, cell)) = layout.unclosed {
        let column = columns.get(cell).copied().flatten();
        return Err(vec![RowError { row, column, reason: Reason::UnclosedQuote }]);
    }
    let (mut out, mut controls) = (Vec::new(), Vec::new());
    for record in records {
        let record = record.map_err(|e| {
            let row = e.position().map_or(0, |p| layout.row(&text, p.byte() as usize));
            vec![RowError { row, column: None, reason: Reason::Unreadable(e.to_string()) }]
        })?;
        if out.len() >= MAX_ROWS {
            return Err(file(Reason::TooManyRows));
        }
        if record.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        let line = record.position().map_or(0, |p| layout.row(&text, p.byte() as usize));
        let mut cells = BTreeMap::new();
        for (column, value) in columns.iter().zip(record.iter()).filter_map(|(c, v)| c.map(|c| (c, v))) {
            if let Some(c) = control_character(value) {
                controls.push(RowError { row: line, column: Some(column), reason: Reason::ControlCharacter(c) });
            }
            cells.insert(column, value.to_owned());
        }
        out.push(Row { line, cells });
    }
    if !controls.is_empty() {
        return Err(controls);
    }
    if out.is_empty() {
        return Err(file(Reason::NoRows));
    }
    Ok(out)
}

/// The header's columns in order (`None` for a blank header cell), or what is wrong with it.
fn header_columns(header: &csv::StringRecord) -> Result<Vec<Option<Col>>, Vec<RowError>> {
    let mut errors = Vec::new();
    let mut columns = Vec::new();
    for cell in header.iter() {
        if cell.trim().is_empty() {
            columns.push(None);
            continue;
        }
        match Col::named(cell.trim_start_matches('\u{feff}')) {
            Some(c) if columns.contains(&Some(c)) => {
                errors.push(RowError { row: 1, column: Some(c), reason: Reason::RepeatedColumn })
            }
            Some(c) => columns.push(Some(c)),
            None => errors.push(RowError { row: 1, column: None, reason: Reason::UnknownColumn(cell.to_owned()) }),
        }
    }
    for needed in [Col::Kind, Col::Name, Col::Side] {
        if !columns.contains(&Some(needed)) {
            errors.push(RowError { row: 1, column: Some(needed), reason: Reason::MissingColumn });
        }
    }
    if errors.is_empty() { Ok(columns) } else { Err(errors) }
}

/// What a row adds.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Kind {
    Side,
    Brigade,
    Unit,
    General,
}

fn kind_of(row: &Row) -> Result<Kind, RowError> {
    let text = row.get(Col::Kind);
    [
        (T::CsvKindSide, Kind::Side),
        (T::CsvKindBrigade, Kind::Brigade),
        (T::CsvKindUnit, Kind::Unit),
        (T::CsvKindGeneral, Kind::General),
    ]
    .into_iter()
    .find(|(key, _)| is_word(text, *key))
    .map(|(_, k)| k)
    .ok_or_else(|| row.err(Some(Col::Kind), Reason::UnknownKind(text.to_owned())))
}

/// The two sides: the battle's names, or (a new battle) the first two names the file
/// gives, in the order of its rows (a side named `first` or `second` takes its own slot).
struct Sides {
    names: [Vec<String>; 2],
    claimed: [bool; 2],
    open: bool,
}

impl Sides {
    fn of(battle: &Battle, open: bool) -> Self {
        let names = |s: &SideInfo| {
            let mut n = vec![fold(&s.name)];
            n.extend(s.name_ru.as_deref().map(fold));
            n.retain(|x| !x.is_empty());
            n
        };
        let names =
            if open { [Vec::new(), Vec::new()] } else { [names(&battle.sides.first), names(&battle.sides.second)] };
        Sides { names, claimed: [!open; 2], open }
    }

    fn side(&mut self, row: &Row) -> Result<Side, RowError> {
        let text = row.get(Col::Side);
        if text.is_empty() {
            return Err(row.err(Some(Col::Side), Reason::Empty));
        }
        if let Some(s) = vocab(Side::ALL, Side::key, text) {
            self.claimed[usize::from(s == Side::Second)] = true;
            return Ok(s);
        }
        let wanted = fold(text);
        if let Some(i) = self.names.iter().position(|n| n.contains(&wanted)) {
            return Ok(Side::ALL[i]);
        }
        if self.open {
            if let Some(i) = self.claimed.iter().position(|c| !c) {
                self.claimed[i] = true;
                self.names[i].push(wanted);
                return Ok(Side::ALL[i]);
            }
            return Err(row.err(Some(Col::Side), Reason::ThirdSide(text.to_owned())));
        }
        Err(row.err(Some(Col::Side), Reason::UnknownSide(text.to_owned())))
    }

    /// A new battle's sides, named by the file: its side rows first, then `first` and
    /// `second` take their places, then the names take what is left in the order the
    /// rows come.
    fn named_by(battle: &Battle, rows: &[Row]) -> Self {
        let mut sides = Sides::of(battle, true);
        for (side, info) in rows.iter().filter_map(|r| side_row(r).ok().flatten()) {
            let i = usize::from(side == Side::Second);
            sides.claimed[i] = true;
            sides.names[i].push(fold(&info.name));
            sides.names[i].extend(info.name_ru.as_deref().map(fold));
        }
        let is_key = |r: &&Row| vocab(Side::ALL, Side::key, r.get(Col::Side)).is_some();
        for row in rows.iter().filter(is_key).chain(rows.iter().filter(|r| !is_key(r))) {
            let _ = sides.side(row);
        }
        sides
    }

    /// The names the file gave a new battle's sides.
    fn given(&self, side: Side) -> Option<&str> {
        self.names[if side == Side::First { 0 } else { 1 }].first().map(String::as_str)
    }
}

/// A side row's slot and names (`None` for a row of another kind): the slot from the side
/// cell (`first` or `second`, in either language).
fn side_row(row: &Row) -> Result<Option<(Side, SideInfo)>, RowError> {
    if kind_of(row).ok() != Some(Kind::Side) {
        return Ok(None);
    }
    let side =
        vocab(Side::ALL, Side::key, row.get(Col::Side)).ok_or_else(|| row.err(Some(Col::Side), Reason::SideSlot))?;
    let (name, name_ru) = name_of(row)?;
    let nation = cell(row, Col::Nation, (Nation::ALL, Nation::key), Nation::default())?;
    Ok(Some((side, SideInfo { name, name_ru, nation })))
}

/// A new battle's sides as its side rows give them, refused when the two share a name.
fn sides_from_rows(sides: &mut crate::rules::BySide<SideInfo>, rows: &[Row]) -> Result<(), Vec<RowError>> {
    let mut last = None;
    for row in rows {
        if let Ok(Some((side, info))) = side_row(row) {
            *sides.get_mut(side) = info;
            last = Some(row);
        }
    }
    match (last, crate::model::sides_apart(sides)) {
        (Some(row), Err(p)) => Err(vec![row.err(Some(Col::Name), Reason::Refused(p))]),
        (Some(_) | None, Ok(()) | Err(_)) => Ok(()),
    }
}

/// A number of figures: a whole number from 0 to the limit.
fn figures(row: &Row, col: Col) -> Result<Option<u32>, RowError> {
    let text = row.get(col);
    if text.is_empty() {
        return Ok(None);
    }
    text.parse::<u32>()
        .ok()
        .filter(|n| *n <= MAX_FIGURES)
        .map(Some)
        .ok_or_else(|| row.err(Some(col), Reason::NotANumber(text.to_owned())))
}

/// A vocabulary cell: `default` when empty.
fn cell<V: crate::i18n::Label>(
    row: &Row,
    col: Col,
    (all, key): (&[V], fn(V) -> &'static str),
    default: V,
) -> Result<V, RowError> {
    let text = row.get(col);
    if text.is_empty() {
        return Ok(default);
    }
    vocab(all, key, text).ok_or_else(|| row.err(Some(col), Reason::UnknownValue(text.to_owned())))
}

fn flag(row: &Row, col: Col, default: bool) -> Result<bool, RowError> {
    let text = row.get(col);
    if text.is_empty() {
        return Ok(default);
    }
    yes_no(text).ok_or_else(|| row.err(Some(col), Reason::UnknownValue(text.to_owned())))
}

fn name_of(row: &Row) -> Result<(String, Option<String>), RowError> {
    let name = row.get(Col::Name);
    if name.is_empty() {
        return Err(row.err(Some(Col::Name), Reason::Empty));
    }
    let ru = Some(row.get(Col::NameRu).to_owned()).filter(|n| !n.is_empty());
    Ok((name.to_owned(), ru))
}

/// The battle being built: what it had, plus the rows read so far, with its names
/// indexed (a file of thousands of rows reads in linear time).
struct Building {
    scratch: Battle,
    sides: Sides,
    oob: OrderOfBattle,
    /// Brigades and units by folded name (`name` and `name_ru`), in order.
    brigades: HashMap<String, Vec<usize>>,
    units: HashMap<String, Vec<usize>>,
    /// The file's units and brigades by their folded `ref`.
    refs: HashMap<String, UnitId>,
    brigade_refs: HashMap<String, BrigadeId>,
    /// What the battle had before the file: refused again as duplicates.
    had: HashSet<(Kind, Side, Option<BrigadeId>, String)>,
    next: (u32, u32, u32),
}

/// Adds `index` under the folded forms of a name and its Russian name.
fn index(map: &mut HashMap<String, Vec<usize>>, name: &str, name_ru: Option<&str>, at: usize) {
    for n in std::iter::once(name).chain(name_ru) {
        let list = map.entry(fold(n)).or_default();
        if list.last() != Some(&at) {
            list.push(at);
        }
    }
}

impl Building {
    fn new(battle: &Battle, sides: Sides) -> Self {
        let mut b = Building {
            scratch: Battle { log: Vec::new(), ..battle.clone() },
            sides,
            oob: OrderOfBattle::default(),
            brigades: HashMap::new(),
            units: HashMap::new(),
            refs: HashMap::new(),
            brigade_refs: HashMap::new(),
            had: HashSet::new(),
            next: (battle.next_brigade_id().0, battle.next_unit_id().0, battle.next_general_id().0),
        };
        for (i, x) in battle.brigades.iter().enumerate() {
            index(&mut b.brigades, &x.name, x.name_ru.as_deref(), i);
            b.had.insert((Kind::Brigade, x.side, None, x.name.clone()));
        }
        for (i, u) in battle.units.iter().enumerate() {
            index(&mut b.units, &u.name, u.name_ru.as_deref(), i);
            b.had.insert((Kind::Unit, u.side, u.brigade, u.name.clone()));
        }
        for g in &battle.generals {
            b.had.insert((Kind::General, g.side, None, g.name.clone()));
        }
        b
    }

    /// A name already in the battle before the file (the same brigade for a unit).
    fn duplicate(&self, row: &Row, key: (Kind, Side, Option<BrigadeId>, &str)) -> Result<(), RowError> {
        let (kind, side, brigade, name) = key;
        if self.had.contains(&(kind, side, brigade, name.to_owned())) {
            return Err(row.err(Some(Col::Name), Reason::Duplicate(name.to_owned())));
        }
        Ok(())
    }

    fn brigade_named(&self, name: &str, side: Side) -> Option<&Brigade> {
        let all: Vec<&Brigade> = self
            .brigades
            .get(&fold(name))
            .into_iter()
            .flatten()
            .filter_map(|i| self.scratch.brigades.get(*i))
            .collect();
        // The exact name first, then the side's.
        let exact = all.iter().find(|b| b.side == side && (b.name == name || b.name_ru.as_deref() == Some(name)));
        exact.or_else(|| all.iter().find(|b| b.side == side)).or(all.first()).copied()
    }

    fn brigade(&mut self, row: &Row) -> Result<(), RowError> {
        let (name, name_ru) = name_of(row)?;
        let side = self.sides.side(row)?;
        self.duplicate(row, (Kind::Brigade, side, None, &name))?;
        let reference = fold(row.get(Col::Ref));
        if !reference.is_empty() && self.brigade_refs.contains_key(&reference) {
            return Err(row.err(Some(Col::Ref), Reason::RefTwice(row.get(Col::Ref).to_owned())));
        }
        // Units without refs name their brigade: two of one name on a side could not be
        // told apart.
        if reference.is_empty() && self.brigade_named(&name, side).is_some_and(|b| b.side == side && b.name == name) {
            return Err(row.err(Some(Col::Name), Reason::BrigadeTwice(name)));
        }
        let b = Brigade { id: BrigadeId(self.next.0), name, name_ru, side };
        b.check().map_err(|p| row.err(None, Reason::Refused(p)))?;
        self.next.0 = self.next.0.saturating_add(1);
        if !reference.is_empty() {
            self.brigade_refs.insert(reference, b.id);
        }
        index(&mut self.brigades, &b.name, b.name_ru.as_deref(), self.scratch.brigades.len());
        self.scratch.brigades.push(b.clone());
        self.oob.brigades.push(b);
        Ok(())
    }

    /// The brigade a unit or general names, on its side: by its `ref` in the file, else
    /// by name.
    fn brigade_of(&self, row: &Row, side: Side) -> Result<Option<BrigadeId>, RowError> {
        let reference = row.get(Col::BrigadeRef);
        if !reference.is_empty() {
            let found = self.brigade_refs.get(&fold(reference)).and_then(|id| self.scratch.brigade(*id));
            return match found {
                Some(b) if b.side == side => Ok(Some(b.id)),
                Some(b) => Err(row.err(Some(Col::BrigadeRef), Reason::BrigadeOfOtherSide(b.name.clone()))),
                None => Err(row.err(Some(Col::BrigadeRef), Reason::UnknownRef(reference.to_owned()))),
            };
        }
        let name = row.get(Col::Brigade);
        if name.is_empty() {
            return Ok(None);
        }
        match self.brigade_named(name, side) {
            Some(b) if b.side == side => Ok(Some(b.id)),
            Some(_) => Err(row.err(Some(Col::Brigade), Reason::BrigadeOfOtherSide(name.to_owned()))),
            None => Err(row.err(Some(Col::Brigade), Reason::UnknownBrigade(name.to_owned()))),
        }
    }

    fn unit(&mut self, row: &Row) -> Result<(), RowError> {
        let (name, name_ru) = name_of(row)?;
        let side = self.sides.side(row)?;
        let brigade = self.brigade_of(row, side)?;
        let arm = cell(row, Col::Arm, (Arm::ALL, Arm::key), Arm::Infantry)?;
        let start = figures(row, Col::FiguresStart)?.ok_or_else(|| row.err(Some(Col::FiguresStart), Reason::Empty))?;
        let now = figures(row, Col::Figures)?.unwrap_or(start);
        if now > start {
            return Err(row.err(Some(Col::Figures), Reason::FiguresAboveStart { figures: now, start }));
        }
        self.duplicate(row, (Kind::Unit, side, brigade, &name))?;
        let reference = fold(row.get(Col::Ref));
        if !reference.is_empty() && self.refs.contains_key(&reference) {
            return Err(row.err(Some(Col::Ref), Reason::RefTwice(row.get(Col::Ref).to_owned())));
        }
        let mut u = Unit::new(UnitId(self.next.1), &name, side, arm, start);
        u.nation = self.scratch.sides.get(side).nation;
        u.name_ru = name_ru;
        u.brigade = brigade;
        u.figures = now;
        self.unit_details(row, &mut u)?;
        u.check(&self.scratch).map_err(|p| row.err(None, Reason::Refused(p)))?;
        self.next.1 = self.next.1.saturating_add(1);
        if !reference.is_empty() {
            self.refs.insert(reference, u.id);
        }
        index(&mut self.units, &u.name, u.name_ru.as_deref(), self.scratch.units.len());
        self.scratch.units.push(u.clone());
        self.oob.units.push(u);
        Ok(())
    }

    /// The cells every unit has a default for.
    fn unit_details(&self, row: &Row, u: &mut Unit) -> Result<(), RowError> {
        u.class = cell(row, Col::Class, (Class::ALL, Class::key), u.class)?;
        u.nation = cell(row, Col::Nation, (Nation::ALL, Nation::key), u.nation)?;
        u.formation = cell(row, Col::Formation, (Formation::ALL, Formation::key), u.formation)?;
        u.order = cell(row, Col::Order, (Order::ALL, Order::key), u.order)?;
        u.terrain = cell(row, Col::Terrain, (Terrain::ALL, Terrain::key), u.terrain)?;
        u.horses = cell(row, Col::Horses, (Horses::ALL, Horses::key), u.horses)?;
        u.status = cell(row, Col::Status, (Status::ALL, Status::key), u.status)?;
        u.regular = flag(row, Col::Regular, u.regular)?;
        u.lances = flag(row, Col::Lances, u.lances)?;
        for m in row.get(Col::Markers).split([',', ';', '+']).map(str::trim).filter(|m| !m.is_empty()) {
            let marker = vocab(Marker::ALL, Marker::key, m)
                .ok_or_else(|| row.err(Some(Col::Markers), Reason::UnknownValue(m.to_owned())))?;
            u.markers.insert(marker);
        }
        Ok(())
    }

    fn general(&mut self, row: &Row) -> Result<(), RowError> {
        let (name, name_ru) = name_of(row)?;
        let side = self.sides.side(row)?;
        let brigade = self.brigade_of(row, side)?;
        let rank = cell(row, Col::Rank, (Rank::ALL, Rank::key), Rank::Brigade)?;
        let quality = cell(row, Col::Quality, (Quality::ALL, Quality::key), Quality::Average)?;
        let attached_to = self.unit_named(row, side, brigade)?;
        let lost = flag(row, Col::Lost, false)?;
        self.duplicate(row, (Kind::General, side, None, &name))?;
        let commander = |g: &General| g.side == side && g.rank == Rank::CommanderInChief;
        if rank == Rank::CommanderInChief && self.scratch.generals.iter().any(commander) {
            return Err(row.err(Some(Col::Rank), Reason::Refused(crate::model::Problem::TwoCommanders(side))));
        }
        let g = General {
            id: crate::model::GeneralId(self.next.2),
            name,
            name_ru,
            side,
            rank,
            quality,
            brigade,
            attached_to,
            lost,
            orders_used: 0,
            place: None,
        };
        g.check(&self.scratch).map_err(|p| row.err(None, Reason::Refused(p)))?;
        self.next.2 = self.next.2.saturating_add(1);
        self.scratch.generals.push(g.clone());
        self.oob.generals.push(g);
        Ok(())
    }

    /// The unit a general is with: by its `ref` in the file, else by name, of his side,
    /// of his brigade first.
    fn unit_named(&self, row: &Row, side: Side, brigade: Option<BrigadeId>) -> Result<Option<UnitId>, RowError> {
        let reference = row.get(Col::WithRef);
        if !reference.is_empty() {
            let unit = self.refs.get(&fold(reference)).and_then(|id| self.scratch.unit(*id)).filter(|u| u.side == side);
            return unit
                .map(|u| Some(u.id))
                .ok_or_else(|| row.err(Some(Col::WithRef), Reason::UnknownRef(reference.to_owned())));
        }
        let name = row.get(Col::With);
        if name.is_empty() {
            return Ok(None);
        }
        let all: Vec<&Unit> = self
            .units
            .get(&fold(name))
            .into_iter()
            .flatten()
            .filter_map(|i| self.scratch.units.get(*i))
            .filter(|u| u.side == side)
            .collect();
        // The exact name in his brigade first, then the exact name, then any.
        let exact = |u: &&&Unit| u.name == name || u.name_ru.as_deref() == Some(name);
        let unit = all
            .iter()
            .find(|u| exact(u) && u.brigade == brigade)
            .or_else(|| all.iter().find(exact))
            .or_else(|| all.iter().find(|u| u.brigade == brigade))
            .or(all.first());
        unit.map(|u| Some(u.id)).ok_or_else(|| row.err(Some(Col::With), Reason::UnknownUnit(name.to_owned())))
    }
}

/// Reads `rows` into `battle`: brigades first, then units, then generals, so that each
/// may name what the file adds; every bad row is reported.
fn build(battle: &Battle, rows: &[Row], sides: Sides) -> Result<OrderOfBattle, Vec<RowError>> {
    let mut b = Building::new(battle, sides);
    let mut errors = Vec::new();
    let kinds: Vec<(Option<Kind>, &Row)> = rows
        .iter()
        .map(|r| match kind_of(r) {
            Ok(k) => (Some(k), r),
            Err(e) => {
                errors.push(e);
                (None, r)
            }
        })
        .collect();
    errors.extend(kinds.iter().filter_map(|(_, row)| side_row(row).err()));
    for pass in [Kind::Brigade, Kind::Unit, Kind::General] {
        for (_, row) in kinds.iter().filter(|(k, _)| *k == Some(pass)) {
            let done = match pass {
                Kind::Side => Ok(()),
                Kind::Brigade => b.brigade(row),
                Kind::Unit => b.unit(row),
                Kind::General => b.general(row),
            };
            errors.extend(done.err());
        }
    }
    errors.sort_by_key(|e| e.row);
    if errors.is_empty() { Ok(b.oob) } else { Err(errors) }
}

/// The order of battle a file adds to `battle` (as one action), or every bad row.
pub fn import(bytes: &[u8], battle: &Battle) -> Result<OrderOfBattle, Vec<RowError>> {
    let rows = rows(bytes)?;
    build(battle, &rows, Sides::of(battle, false))
}

/// An order of battle into this battle (issue 30): a battle with no brigades or units yet
/// (File → New → Two empty armies) takes its sides' names from the file, as `--new` does;
/// the sides to set come back when they change.
pub fn import_naming_sides(
    bytes: &[u8],
    battle: &Battle,
) -> Result<(Option<crate::rules::BySide<SideInfo>>, OrderOfBattle), Vec<RowError>> {
    if !(battle.units.is_empty() && battle.brigades.is_empty()) {
        return import(bytes, battle).map(|oob| (None, oob));
    }
    let rows = rows(bytes)?;
    let sides = Sides::named_by(battle, &rows);
    let mut named = battle.sides.clone();
    for (info, s) in [(&mut named.first, Side::First), (&mut named.second, Side::Second)] {
        if let Some(given) = sides.given(s).and_then(|g| original_case(&rows, g)) {
            info.name = given;
            info.name_ru = None;
        }
    }
    sides_from_rows(&mut named, &rows)?;
    let oob = build(battle, &rows, sides)?;
    Ok((Some(named).filter(|n| *n != battle.sides), oob))
}

/// A new battle named `name` from a file: its sides named by the file (in the order they
/// come), then the order of battle added as its first action.
pub fn new_battle(
    bytes: &[u8],
    name: &str,
    ruleset: Ruleset,
    lang: Lang,
) -> Result<(Battle, OrderOfBattle), Vec<RowError>> {
    let side = |key: T| SideInfo { name: lang.t(key).to_owned(), name_ru: None, nation: Nation::default() };
    let mut battle = Battle {
        name: name.trim().to_owned(),
        ruleset,
        sides: crate::rules::BySide { first: side(T::FirstArmy), second: side(T::SecondArmy) },
        turn: 1,
        ..Battle::default()
    };
    let rows = rows(bytes)?;
    let sides = Sides::named_by(&battle, &rows);
    for (info, s) in [(&mut battle.sides.first, Side::First), (&mut battle.sides.second, Side::Second)] {
        if let Some(given) = sides.given(s).and_then(|g| original_case(&rows, g)) {
            info.name = given;
        }
    }
    sides_from_rows(&mut battle.sides, &rows)?;
    let oob = build(&battle, &rows, sides)?;
    Ok((battle, oob))
}

/// A side's name as the file writes it (the comparisons fold its case).
fn original_case(rows: &[Row], folded: &str) -> Option<String> {
    rows.iter().map(|r| r.get(Col::Side)).find(|s| fold(s) == folded).map(str::to_owned)
}
