//! What makes a battle, a unit or a general valid. The editor refuses anything that
//! fails here, and a loaded file must pass it whole.

use thiserror::Error;

use super::{Battle, Brigade, BrigadeId, General, GeneralId, Unit, UnitId};
use crate::rules::{Rank, Side};

/// One thing wrong with a unit, general, brigade or battle.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum Problem {
    /// A name is empty or blank.
    #[error("the name is empty")]
    EmptyName,
    /// A name that begins or ends with a space (a non-breaking one included): a
    /// spreadsheet of the battle would give it back trimmed (issue 29).
    #[error("the name begins or ends with a space")]
    UntrimmedName,
    /// A name holding a control character (a line break, a tab): names are one line.
    #[error("the name holds a control character")]
    ControlInName,
    /// A unit starts with no figures.
    #[error("a unit needs at least one figure at the start")]
    NoStartingFigures,
    /// More figures now than at the start.
    #[error("{figures} figures now is more than the {start} at the start")]
    FiguresAboveStart {
        /// Figures now.
        figures: u32,
        /// Figures at the start.
        start: u32,
    },
    /// A reference to a brigade that does not exist.
    #[error("brigade {0} does not exist")]
    MissingBrigade(BrigadeId),
    /// A reference to a brigade of the other side.
    #[error("brigade {0} belongs to the other side")]
    BrigadeOfOtherSide(BrigadeId),
    /// A reference to a unit that does not exist.
    #[error("unit {0} does not exist")]
    MissingUnit(UnitId),
    /// A general attached to a unit of the other side.
    #[error("unit {0} belongs to the other side")]
    UnitOfOtherSide(UnitId),
    /// Ids out of order or repeated.
    #[error("ids are repeated or out of order")]
    BadIds,
    /// A commander-in-chief given a brigade.
    #[error("a commander-in-chief commands the whole side, not one brigade")]
    CommanderWithBrigade,
    /// A formation the unit's arm cannot take (infantry limbered, guns in square).
    #[error("this troop type cannot be in that formation")]
    FormationNotForArm,
    /// Two commanders-in-chief on one side.
    #[error("{0:?} has more than one commander-in-chief")]
    TwoCommanders(Side),
    /// A number beyond what any real battle reaches (the limits of the file format).
    #[error("{field} is {value}, more than the {limit} a battle may have")]
    OutOfRange {
        /// The field.
        field: &'static str,
        /// Its value.
        value: u64,
        /// The most it may be.
        limit: u64,
    },
    /// An engagement between a unit and itself, or two units of one side.
    #[error("engagement {0}: a unit cannot fight itself or a friend")]
    EngagementOfFriends(usize),
    /// A place off any table, or a table or drawn area that cannot be laid out.
    #[error("a place, the table's size or a drawn area is beyond the table's limits")]
    OffTheTable,
    /// The club's house rules name a field, value, step or clause they cannot (issue 51),
    /// with its path in the options.
    #[error("options.{0}")]
    House(crate::rules::house::HouseError),
    /// The two sides share a name (a spreadsheet of the battle could not tell them apart).
    #[error("the two sides have the same name")]
    SameSideNames,
    /// A name or a text longer than the file format allows.
    #[error("{field} is {chars} characters long, more than the {limit} it may have")]
    TooLong {
        /// The field.
        field: &'static str,
        /// Its length in characters.
        chars: usize,
        /// The most it may have.
        limit: usize,
    },
    /// An engagement naming a unit that does not exist.
    #[error("engagement {index}: unit {unit} does not exist")]
    EngagementWithoutUnit {
        /// Its position.
        index: usize,
        /// The missing unit.
        unit: UnitId,
    },
}

/// A value checked against its limit.
fn within(field: &'static str, value: u64, limit: u64) -> Result<(), Problem> {
    if value > limit { Err(Problem::OutOfRange { field, value, limit }) } else { Ok(()) }
}

/// A problem with the place it was found.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ModelError {
    /// Something wrong with a unit.
    #[error("unit {id} ({name}): {problem}")]
    Unit {
        /// The unit's id.
        id: UnitId,
        /// The unit's name.
        name: String,
        /// What is wrong.
        problem: Problem,
    },
    /// Something wrong with a general.
    #[error("general {id} ({name}): {problem}")]
    General {
        /// The general's id.
        id: GeneralId,
        /// The general's name.
        name: String,
        /// What is wrong.
        problem: Problem,
    },
    /// Something wrong with a brigade.
    #[error("brigade {id} ({name}): {problem}")]
    Brigade {
        /// The brigade's id.
        id: BrigadeId,
        /// The brigade's name.
        name: String,
        /// What is wrong.
        problem: Problem,
    },
    /// Something wrong with the battle as a whole.
    #[error("battle: {0}")]
    Battle(Problem),
}

impl ModelError {
    /// What is wrong, whatever it is wrong with.
    pub fn problem(&self) -> &Problem {
        match self {
            ModelError::Unit { problem, .. }
            | ModelError::General { problem, .. }
            | ModelError::Brigade { problem, .. }
            | ModelError::Battle(problem) => problem,
        }
    }
}

/// What a check looks up of the rest of the battle: the battle itself, or the battle as
/// an action will leave it (the game checks an action before anything is written).
pub trait Refs {
    /// The side of the brigade with this id, if there is one.
    fn brigade_side(&self, id: BrigadeId) -> Option<Side>;
    /// The side of the unit with this id, if there is one.
    fn unit_side(&self, id: UnitId) -> Option<Side>;
}

impl Refs for Battle {
    fn brigade_side(&self, id: BrigadeId) -> Option<Side> {
        self.brigade(id).map(|b| b.side)
    }

    fn unit_side(&self, id: UnitId) -> Option<Side> {
        self.unit(id).map(|u| u.side)
    }
}

/// A text checked against its limit in characters.
pub fn check_length(field: &'static str, text: &str, limit: usize) -> Result<(), Problem> {
    let chars = text.chars().count();
    if chars > limit { Err(Problem::TooLong { field, chars, limit }) } else { Ok(()) }
}

/// The first name of a campaign's standing beyond its limits, or more generals lost than
/// a list holds.
fn standing_problem(s: &super::Standing) -> Option<Problem> {
    check_length("campaign name", &s.name, super::limits::MAX_NAME_CHARS)
        .err()
        .or_else(|| within("generals lost", s.generals_lost.len() as u64, super::limits::MAX_ITEMS as u64).err())
        .or_else(|| s.generals_lost.iter().find_map(|g| check_names(&g.name, g.name_ru.as_deref()).err()))
}

/// Whether `c` breaks a line or controls the terminal: C0 and C1 controls (U+0085 among
/// them) and the line and paragraph separators. No name, cell or one-line reason holds one.
pub fn breaks_line(c: char) -> bool {
    c.is_control() || matches!(c, '\u{2028}' | '\u{2029}')
}

/// A name as one line with no spaces at its ends (the editors and the spreadsheet trim
/// what is typed, so that an export reads back the same).
pub fn check_spacing(name: &str) -> Result<(), Problem> {
    if name.chars().any(breaks_line) {
        return Err(Problem::ControlInName);
    }
    if name.trim() != name { Err(Problem::UntrimmedName) } else { Ok(()) }
}

/// A name: not blank, and with its Russian form no longer than a name may be.
fn check_names(name: &str, name_ru: Option<&str>) -> Result<(), Problem> {
    if name.trim().is_empty() {
        return Err(Problem::EmptyName);
    }
    check_spacing(name)?;
    check_spacing(name_ru.unwrap_or_default())?;
    check_length("name", name, super::limits::MAX_NAME_CHARS)?;
    check_length("name_ru", name_ru.unwrap_or_default(), super::limits::MAX_NAME_CHARS)
}

fn check_brigade_ref(refs: &dyn Refs, side: Side, id: Option<BrigadeId>) -> Result<(), Problem> {
    match id.map(|id| (id, refs.brigade_side(id))) {
        None => Ok(()),
        Some((id, None)) => Err(Problem::MissingBrigade(id)),
        Some((id, Some(s))) if s != side => Err(Problem::BrigadeOfOtherSide(id)),
        Some(_) => Ok(()),
    }
}

impl Problem {
    /// Whether the problem protects the reader (a number, a length or a count beyond the
    /// file format's limits, ids out of order, a place off any table): such a file is
    /// refused. Any other problem (two commanders-in-chief, a reference to nothing) opens
    /// in the window with the problems listed, for the players to fix.
    pub fn protects_reader(&self) -> bool {
        match self {
            Problem::OutOfRange { .. }
            | Problem::TooLong { .. }
            | Problem::BadIds
            | Problem::OffTheTable
            | Problem::House(_) => true,
            Problem::EmptyName
            | Problem::UntrimmedName
            | Problem::ControlInName
            | Problem::NoStartingFigures
            | Problem::FiguresAboveStart { .. }
            | Problem::MissingBrigade(_)
            | Problem::BrigadeOfOtherSide(_)
            | Problem::MissingUnit(_)
            | Problem::UnitOfOtherSide(_)
            | Problem::CommanderWithBrigade
            | Problem::FormationNotForArm
            | Problem::TwoCommanders(_)
            | Problem::EngagementOfFriends(_)
            | Problem::EngagementWithoutUnit { .. }
            | Problem::SameSideNames => false,
        }
    }
}

impl Unit {
    /// Checks the unit against the battle it is (or will be) part of.
    pub fn check(&self, battle: &Battle) -> Result<(), Problem> {
        self.check_in(battle)
    }

    /// Checks the unit against what `refs` finds of the rest of the battle.
    pub fn check_in(&self, refs: &dyn Refs) -> Result<(), Problem> {
        check_names(&self.name, self.name_ru.as_deref())?;
        if self.figures_start == 0 {
            return Err(Problem::NoStartingFigures);
        }
        if !self.formation.fits(self.arm) {
            return Err(Problem::FormationNotForArm);
        }
        if self.figures > self.figures_start {
            return Err(Problem::FiguresAboveStart { figures: self.figures, start: self.figures_start });
        }
        within("figures_start", u64::from(self.figures_start), u64::from(super::MAX_FIGURES))?;
        check_place(self.place)?;
        check_brigade_ref(refs, self.side, self.brigade)
    }
}

impl General {
    /// Checks the general against the battle.
    pub fn check(&self, battle: &Battle) -> Result<(), Problem> {
        self.check_in(battle)
    }

    /// Checks the general against what `refs` finds of the rest of the battle.
    pub fn check_in(&self, refs: &dyn Refs) -> Result<(), Problem> {
        check_names(&self.name, self.name_ru.as_deref())?;
        if self.rank == Rank::CommanderInChief && self.brigade.is_some() {
            return Err(Problem::CommanderWithBrigade);
        }
        within("orders_used", u64::from(self.orders_used), u64::from(super::limits::MAX_ORDERS_USED))?;
        check_brigade_ref(refs, self.side, self.brigade)?;
        check_place(self.place)?;
        match self.attached_to.map(|id| (id, refs.unit_side(id))) {
            Some((id, None)) => Err(Problem::MissingUnit(id)),
            Some((id, Some(side))) if side != self.side => Err(Problem::UnitOfOtherSide(id)),
            _ => Ok(()),
        }
    }
}

impl Brigade {
    /// Checks the brigade.
    pub fn check(&self) -> Result<(), Problem> {
        check_names(&self.name, self.name_ru.as_deref())
    }
}

fn check_place(place: Option<super::Placement>) -> Result<(), Problem> {
    if place.is_some_and(|p| !p.is_sane()) { Err(Problem::OffTheTable) } else { Ok(()) }
}

fn strictly_increasing<T, K: Ord>(items: &[T], key: impl Fn(&T) -> K) -> bool {
    items.windows(2).all(|w| key(&w[0]) < key(&w[1]))
}

impl Battle {
    /// The battle's numbers against the file format's limits (turn, counts).
    fn range_problems(&self) -> Vec<Problem> {
        let counts =
            [("units", self.units.len()), ("generals", self.generals.len()), ("brigades", self.brigades.len())];
        let mut out: Vec<Problem> =
            counts.iter().filter_map(|(f, n)| within(f, *n as u64, super::MAX_ITEMS as u64).err()).collect();
        out.extend(within("turn", u64::from(self.turn), u64::from(super::MAX_TURN)).err());
        if self.turn == 0 {
            out.push(Problem::OutOfRange { field: "turn", value: 0, limit: u64::from(super::MAX_TURN) });
        }
        out.extend(self.text_problems());
        if self.table.as_ref().is_some_and(|t| !t.is_sane()) {
            out.push(Problem::OffTheTable);
        }
        let basing_ok = |r: &crate::rules::options::BasingRow| r.footprint_cm(1).is_some() && r.bases_deep <= 100;
        if !self.options.basing.iter().all(basing_ok) || self.options.basing.len() > 1000 {
            out.push(Problem::OffTheTable);
        }
        out.extend(self.options.house_problem().map(Problem::House));
        let log_turns = self.log.iter().map(|e| e.turn).max().unwrap_or(1);
        out.extend(within("log turn", u64::from(log_turns), u64::from(super::MAX_TURN)).err());
        out.extend(within("log", self.log.len() as u64, super::limits::MAX_LOG_ENTRIES as u64).err());
        out
    }

    /// The battle's own names and texts, the texts its log keeps and its pack's name,
    /// against their limits.
    fn text_problems(&self) -> Vec<Problem> {
        use super::limits::{MAX_NAME_CHARS, MAX_TEXT_CHARS};
        let mut out: Vec<Problem> = Vec::new();
        out.extend(check_names(&self.name, self.name_ru.as_deref()).err().filter(|p| *p != Problem::EmptyName));
        for side in Side::ALL {
            let info = self.sides.get(*side);
            out.extend(check_length("side name", &info.name, MAX_NAME_CHARS).err());
            out.extend(check_spacing(&info.name).err());
            out.extend(check_spacing(info.name_ru.as_deref().unwrap_or_default()).err());
            out.extend(check_length("side name_ru", info.name_ru.as_deref().unwrap_or_default(), MAX_NAME_CHARS).err());
        }
        out.extend(sides_apart(&self.sides).err());
        out.extend(check_length("description", &self.description, MAX_TEXT_CHARS).err());
        let ru = self.description_ru.as_deref().unwrap_or_default();
        out.extend(check_length("description_ru", ru, MAX_TEXT_CHARS).err());
        out.extend(self.log.iter().find_map(|e| e.detail.text_problem()));
        out.extend(self.pack.as_ref().and_then(|p| check_pack_ref(p).err()));
        out.extend(self.campaign.as_ref().and_then(|c| c.standing.as_ref()).and_then(standing_problem));
        out
    }

    /// Engagements that name missing units, a unit against itself or a friend, or hold
    /// numbers beyond the limits.
    fn engagement_problems(&self) -> Vec<Problem> {
        let mut out = Vec::new();
        for (index, e) in self.engagements.iter().enumerate() {
            out.extend(e.problems(index, self));
        }
        out
    }

    /// Every problem in the battle; empty when it is valid.
    pub fn problems(&self) -> Vec<ModelError> {
        let mut out: Vec<ModelError> = self.range_problems().into_iter().map(ModelError::Battle).collect();
        out.extend(self.engagement_problems().into_iter().map(ModelError::Battle));
        if !strictly_increasing(&self.units, |u| u.id)
            || !strictly_increasing(&self.generals, |g| g.id)
            || !strictly_increasing(&self.brigades, |b| b.id)
        {
            out.push(ModelError::Battle(Problem::BadIds));
        }
        for side in Side::ALL {
            let n = self.generals.iter().filter(|g| g.side == *side && g.rank == Rank::CommanderInChief).count();
            if n > 1 {
                out.push(ModelError::Battle(Problem::TwoCommanders(*side)));
            }
        }
        for b in &self.brigades {
            if let Err(problem) = b.check() {
                out.push(ModelError::Brigade { id: b.id, name: b.name.clone(), problem });
            }
        }
        for g in &self.generals {
            if let Err(problem) = g.check(self) {
                out.push(ModelError::General { id: g.id, name: g.name.clone(), problem });
            }
        }
        for u in &self.units {
            if let Err(problem) = u.check(self) {
                out.push(ModelError::Unit { id: u.id, name: u.name.clone(), problem });
            }
        }
        out
    }
}

impl super::Engagement {
    /// What is wrong with the engagement at `index`: a unit that is not there, a unit
    /// against itself or a friend, a number beyond the limits.
    pub fn problems(&self, index: usize, refs: &dyn Refs) -> Vec<Problem> {
        let mut out = Vec::new();
        let (a, d) = (refs.unit_side(self.attacker), refs.unit_side(self.defender));
        for (id, side) in [(self.attacker, a), (self.defender, d)] {
            if side.is_none() {
                out.push(Problem::EngagementWithoutUnit { index, unit: id });
            }
        }
        if let (Some(a), Some(d)) = (a, d)
            && (self.attacker == self.defender || a == d)
        {
            out.push(Problem::EngagementOfFriends(index));
        }
        // AMB-15: a joined unit is there, fights beside its side's principal, and takes
        // part once.
        for (principal, joined) in [(a, &self.joined.attacker), (d, &self.joined.defender)] {
            for id in joined {
                match refs.unit_side(*id) {
                    None => out.push(Problem::EngagementWithoutUnit { index, unit: *id }),
                    Some(side) if Some(side) != principal => out.push(Problem::EngagementOfFriends(index)),
                    Some(_) => {}
                }
            }
        }
        let mut all: Vec<UnitId> = self.units().collect();
        all.sort();
        if all.windows(2).any(|w| w[0] == w[1]) {
            out.push(Problem::EngagementOfFriends(index));
        }
        out.extend(
            within(
                "joined",
                (self.joined.attacker.len() + self.joined.defender.len()) as u64,
                super::limits::MAX_JOINED as u64,
            )
            .err(),
        );
        let distances = [self.contact.attacker.moved_cm, self.counter_cm(), self.distance_cm].into_iter().flatten();
        out.extend(
            distances.filter_map(|cm| within("distance_cm", u64::from(cm), u64::from(super::MAX_DISTANCE_CM)).err()),
        );
        out.extend(within("melee_turn", u64::from(self.melee_turn), u64::from(super::MAX_MELEE_TURN)).err());
        let figures = [self.losses.attacker, self.losses.defender, self.pushbacks.attacker, self.pushbacks.defender]
            .into_iter()
            .chain(self.start_figures.iter().flat_map(|s| [s.attacker, s.defender]));
        out.extend(figures.filter_map(|n| within("figures", u64::from(n), u64::from(super::MAX_FIGURES)).err()));
        out
    }
}

/// The two sides' names differ, in either language, case and spaces aside.
pub fn sides_apart(sides: &crate::rules::BySide<super::SideInfo>) -> Result<(), Problem> {
    let fold = |s: &str| s.trim().to_lowercase();
    let names = |i: &super::SideInfo| {
        let mut n = vec![fold(&i.name)];
        n.extend(i.name_ru.as_deref().map(fold));
        n.retain(|x| !x.is_empty());
        n
    };
    let (a, b) = (names(&sides.first), names(&sides.second));
    if a.iter().any(|x| b.contains(x)) { Err(Problem::SameSideNames) } else { Ok(()) }
}

/// The characters of a rules hash (16 hexadecimal digits).
const PACK_HASH_CHARS: usize = 16;

/// A pack's name and hash against their limits.
pub fn check_pack_ref(pack: &super::PackRef) -> Result<(), Problem> {
    check_length("pack name", &pack.name, super::limits::MAX_NAME_CHARS)?;
    check_length("pack hash", &pack.hash, PACK_HASH_CHARS)
}
