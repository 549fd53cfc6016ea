//! One side's situation at one moment of an engagement, and the per-role map that carries
//! both sides (issue 48): the facts the rules read beside the unit itself (its arm,
//! class, formation, figures), in one type for both rulesets. The rules' inputs
//! (`MeleeSide`, `BSide`), the actions' "what the table shows" and the wizards all carry
//! a `Situation`; a new side fact is a field and a [`Fact`] here, the rule that reads it,
//! and its label.

use serde::{Deserialize, Serialize};

use crate::rules::vocab::{Face, Slope, Terrain, face_or_flag};

/// Which side of an engagement: the one that charged in, or the one it struck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// The charging (attacking) side.
    Attacker,
    /// The side charged.
    Defender,
}

impl Role {
    /// Both roles, the attacker first.
    pub const BOTH: [Role; 2] = [Role::Attacker, Role::Defender];

    /// Its place among the two (the attacker 0, the defender 1), as an engagement's and
    /// a log entry's units are listed.
    pub const fn index(self) -> usize {
        match self {
            Role::Attacker => 0,
            Role::Defender => 1,
        }
    }

    /// The other side.
    pub const fn other(self) -> Role {
        match self {
            Role::Attacker => Role::Defender,
            Role::Defender => Role::Attacker,
        }
    }
}

/// A value for each role, the attacker's and the defender's. In files it is the pair
/// `[attacker, defender]`, as the actions and log entries wrote their tuples.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "(T, T)", into = "(T, T)")]
#[serde(bound(serialize = "T: Clone + Serialize", deserialize = "T: Deserialize<'de>"))]
pub struct ByRole<T> {
    /// The attacker's value.
    pub attacker: T,
    /// The defender's value.
    pub defender: T,
}

impl<T> ByRole<T> {
    /// The attacker's and the defender's values.
    pub const fn new(attacker: T, defender: T) -> Self {
        ByRole { attacker, defender }
    }

    /// The value of one role.
    pub fn get(&self, role: Role) -> &T {
        match role {
            Role::Attacker => &self.attacker,
            Role::Defender => &self.defender,
        }
    }

    /// The value of one role, mutably.
    pub fn get_mut(&mut self, role: Role) -> &mut T {
        match role {
            Role::Attacker => &mut self.attacker,
            Role::Defender => &mut self.defender,
        }
    }

    /// Each value changed by `f`, given its role.
    pub fn map<U>(self, mut f: impl FnMut(Role, T) -> U) -> ByRole<U> {
        ByRole { attacker: f(Role::Attacker, self.attacker), defender: f(Role::Defender, self.defender) }
    }

    /// Both values by reference.
    pub fn as_ref(&self) -> ByRole<&T> {
        ByRole { attacker: &self.attacker, defender: &self.defender }
    }

    /// Both values with their roles, the attacker first.
    pub fn iter(&self) -> impl Iterator<Item = (Role, &T)> {
        [(Role::Attacker, &self.attacker), (Role::Defender, &self.defender)].into_iter()
    }

    /// Both values mutably with their roles, the attacker first.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (Role, &mut T)> {
        [(Role::Attacker, &mut self.attacker), (Role::Defender, &mut self.defender)].into_iter()
    }

    /// The pair, the attacker first.
    pub fn into_pair(self) -> (T, T) {
        (self.attacker, self.defender)
    }
}

impl<T> From<(T, T)> for ByRole<T> {
    fn from((attacker, defender): (T, T)) -> Self {
        ByRole { attacker, defender }
    }
}

impl<T> From<ByRole<T>> for (T, T) {
    fn from(pair: ByRole<T>) -> Self {
        (pair.attacker, pair.defender)
    }
}

vocab! {
    /// A yes-or-no fact of one side's situation: each is a field of [`Situation`], read
    /// through [`Situation::fact`] by the wizards, which list them by ruleset.
    Fact {
        /// Charging this turn (GDB-MOD-21, GDB-CHG-18; B-COL-06..09).
        Charging = "charging",
        /// Pursuing: +2 in its next melee (GDB-RES-02, GDB-MOD-21).
        Pursuing = "pursuing",
        /// A general leads it (GDB-MOD-15; FN4 decides whether he may).
        GeneralLeads = "general_leads",
        /// A breach or gate in the enemy's position (GDB-MOD-FN7).
        Breach = "breach",
        /// Changing formation (GDB-CHG-12, AMB-09; B-COL-02).
        ChangingFormation = "changing_formation",
        /// It was pushed back in the previous melee as well (GDB-RES-08).
        PushedBackBefore = "pushed_back_before",
        /// A push-back would take it out of its built-up area (GDB-RES-08).
        LeavesArea = "leaves_area",
        /// Caught while evading or fleeing: it does not fight back (GDB-EVD-11, AMB-47;
        /// B-MEL-12).
        CaughtEvading = "caught_evading",
        /// Began its attack inside the attack-proper distance (B-COL-06, AMB-37).
        StartedClose = "started_close",
        /// Cavalry standing still (B-COL-10).
        Stationary = "stationary",
        /// Under fire (B-COL-11).
        UnderFire = "under_fire",
        /// Withdrawing (B-COL-12).
        Withdrawing = "withdrawing",
    }
}

impl Fact {
    /// What the table shows of a side of a GdB melee, as the players tick it: the rest
    /// the game derives from the engagement and the units (GDB-MOD-15, FN7, GDB-RES-08).
    pub const GDB_MELEE_TABLE: [Fact; 3] = [Fact::GeneralLeads, Fact::Breach, Fact::LeavesArea];

    /// What the table shows of a side of a Ruleset B collision (B-COL-02, 06, 10..12).
    pub const B_COLLISION_TABLE: [Fact; 5] =
        [Fact::StartedClose, Fact::Stationary, Fact::UnderFire, Fact::Withdrawing, Fact::ChangingFormation];
}

/// A field of [`Situation`] beyond the slope and the face: a yes-or-no fact, the
/// distance moved or the ground told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// A yes-or-no fact.
    Fact(Fact),
    /// The distance moved in the charge.
    MovedCm,
    /// The ground the players tell.
    Ground,
}

/// The facts of one side at one moment of an engagement: what the rules read beside the
/// unit itself. In a rules input every field counts; in an action's "what the table
/// shows" only the table's facts do (the game derives the rest and refuses a file that
/// carries them).
#[derive(Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Situation {
    /// Charging this turn (GDB-MOD-21; B-COL-06..09: both sides may).
    #[serde(skip_serializing_if = "is_false")]
    pub charging: bool,
    /// Distance moved towards the enemy in the charge (a wheel does not count, AMB-19);
    /// under 5 cm it does not count as charging (GDB-CHG-18).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moved_cm: Option<u32>,
    /// Pursuing (GDB-MOD-21).
    #[serde(skip_serializing_if = "is_false")]
    pub pursuing: bool,
    /// The way it moved over the ground (GDB-MOD-FN6: no bonus for infantry uphill;
    /// B-COL-07, AMB-30).
    pub slope: Slope,
    /// Where it is struck: flank and rear alike give −4 (GDB-MOD-20; B-COL-02, B-MEL-11,
    /// 14); the older `flank_or_rear: true` reads as a flank.
    #[serde(alias = "flank_or_rear", deserialize_with = "face_or_flag")]
    pub struck_face: Face,
    /// A general leads it (GDB-MOD-15).
    #[serde(skip_serializing_if = "is_false")]
    pub general_leads: bool,
    /// A breach or gate in the enemy's position (GDB-MOD-FN7).
    #[serde(skip_serializing_if = "is_false")]
    pub breach: bool,
    /// Still changing formation: tests as disordered, no formation bonus (GDB-CHG-12,
    /// AMB-09; B-COL-02).
    #[serde(skip_serializing_if = "is_false")]
    pub changing_formation: bool,
    /// It was pushed back in the previous melee as well (GDB-RES-08).
    #[serde(skip_serializing_if = "is_false")]
    pub pushed_back_before: bool,
    /// A push-back would take it out of its built-up area (GDB-RES-08).
    #[serde(skip_serializing_if = "is_false")]
    pub leaves_area: bool,
    /// Caught while evading (GDB-EVD-11, AMB-47) or fleeing (B-FLE-02, B-MEL-12): it rolls
    /// no dice, cannot win and inflicts nothing.
    #[serde(skip_serializing_if = "is_false")]
    pub caught_evading: bool,
    /// Began its attack inside the attack-proper distance: no +1 (B-COL-06, AMB-37).
    #[serde(skip_serializing_if = "is_false")]
    pub started_close: bool,
    /// Cavalry standing still (B-COL-10).
    #[serde(skip_serializing_if = "is_false")]
    pub stationary: bool,
    /// Under fire (B-COL-11).
    #[serde(skip_serializing_if = "is_false")]
    pub under_fire: bool,
    /// Withdrawing (B-COL-12).
    #[serde(skip_serializing_if = "is_false")]
    pub withdrawing: bool,
    /// The ground it fights on, as the players say: off the table view a charger's
    /// ground at contact is theirs to tell (GDB-MOD-25..27, FN8, issue 27).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ground: Option<Terrain>,
    /// Modifiers the players add to the side, overruling the rules, each with their
    /// reason (issue 51): after the rulebook's and the club's, in the order given.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub overrules: Vec<PlayersModifier>,
}

/// A modifier the players add to a side, overruling the rules, with their reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayersModifier {
    /// The value added (to the roll, or to each die).
    pub value: i32,
    /// Why the players add it.
    pub reason: String,
}

impl PlayersModifier {
    /// The most players' modifiers one side may carry.
    pub const MOST: usize = 8;

    /// As a breakdown line.
    pub fn modifier(&self) -> crate::rules::Modifier {
        crate::rules::Modifier::overrule(self.value, &self.reason)
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// The slope, the face and only the facts set: a debug print (the events' snapshot
/// among them) that a new fact leaves as it was.
impl std::fmt::Debug for Situation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut d = f.debug_struct("Situation");
        d.field("slope", &self.slope).field("struck_face", &self.struck_face);
        if let Some(cm) = self.moved_cm {
            d.field("moved_cm", &cm);
        }
        for fact in Fact::ALL.iter().filter(|fact| self.fact(**fact)) {
            d.field(fact.key(), &true);
        }
        if let Some(ground) = self.ground {
            d.field("ground", &ground);
        }
        if !self.overrules.is_empty() {
            d.field("overrules", &self.overrules);
        }
        d.finish()
    }
}

impl Situation {
    /// The field of a yes-or-no fact.
    pub fn fact(&self, fact: Fact) -> bool {
        match fact {
            Fact::Charging => self.charging,
            Fact::Pursuing => self.pursuing,
            Fact::GeneralLeads => self.general_leads,
            Fact::Breach => self.breach,
            Fact::ChangingFormation => self.changing_formation,
            Fact::PushedBackBefore => self.pushed_back_before,
            Fact::LeavesArea => self.leaves_area,
            Fact::CaughtEvading => self.caught_evading,
            Fact::StartedClose => self.started_close,
            Fact::Stationary => self.stationary,
            Fact::UnderFire => self.under_fire,
            Fact::Withdrawing => self.withdrawing,
        }
    }

    /// The field of a yes-or-no fact, to tick.
    pub fn fact_mut(&mut self, fact: Fact) -> &mut bool {
        match fact {
            Fact::Charging => &mut self.charging,
            Fact::Pursuing => &mut self.pursuing,
            Fact::GeneralLeads => &mut self.general_leads,
            Fact::Breach => &mut self.breach,
            Fact::ChangingFormation => &mut self.changing_formation,
            Fact::PushedBackBefore => &mut self.pushed_back_before,
            Fact::LeavesArea => &mut self.leaves_area,
            Fact::CaughtEvading => &mut self.caught_evading,
            Fact::StartedClose => &mut self.started_close,
            Fact::Stationary => &mut self.stationary,
            Fact::UnderFire => &mut self.under_fire,
            Fact::Withdrawing => &mut self.withdrawing,
        }
    }

    /// The facts a contact leaves on a side, taken by its melee (an engagement keeps
    /// them): charging and how far (GDB-MOD-21, GDB-CHG-18), the face struck
    /// (GDB-CHG-16), caught evading or fleeing (GDB-EVD-11, B-MEL-12).
    pub fn take_contact(&mut self, contact: &Situation) {
        self.charging = contact.charging;
        self.moved_cm = contact.moved_cm.filter(|_| contact.charging);
        self.struck_face = contact.struck_face;
        self.caught_evading = contact.caught_evading;
    }

    /// What a side of a contact the players tell by hand may bring (the rest is derived):
    /// the attacker whether it charged and how far (GDB-MOD-21, GDB-CHG-18), the defender
    /// the face it is struck in (GDB-CHG-16).
    pub fn told_contact(&self, role: Role) -> Situation {
        match role {
            Role::Attacker => Situation { charging: self.charging, moved_cm: self.moved_cm, ..Situation::default() },
            Role::Defender => Situation { struck_face: self.struck_face, ..Situation::default() },
        }
    }

    /// What the table shows laid over a side: the slope, a face it shows beyond the
    /// contact's (GDB-MOD-20), each of `facts` as shown, and the players' modifiers.
    pub fn show(&mut self, shown: &Situation, facts: &[Fact]) {
        self.slope = shown.slope;
        self.overrules.clone_from(&shown.overrules);
        if shown.struck_face != Face::Front {
            self.struck_face = shown.struck_face;
        }
        for fact in facts {
            *self.fact_mut(*fact) = shown.fact(*fact);
        }
    }

    /// Only what the table shows of a side of a GdB melee: the slope, the face struck,
    /// the ground the players tell and [`Fact::GDB_MELEE_TABLE`].
    pub fn gdb_melee_table(&self) -> Situation {
        self.only(&Fact::GDB_MELEE_TABLE, self.ground)
    }

    /// Only what the table shows of a side of a Ruleset B collision: the slope, the face
    /// struck and [`Fact::B_COLLISION_TABLE`].
    pub fn b_collision_table(&self) -> Situation {
        self.only(&Fact::B_COLLISION_TABLE, None)
    }

    fn only(&self, facts: &[Fact], ground: Option<Terrain>) -> Situation {
        let mut kept = Situation {
            slope: self.slope,
            struck_face: self.struck_face,
            ground,
            overrules: self.overrules.clone(),
            ..Situation::default()
        };
        for fact in facts {
            *kept.fact_mut(*fact) = self.fact(*fact);
        }
        kept
    }

    /// The first field set here that `shown` (what the table may show) leaves out: a
    /// fact the game derives, carried by an action or a file.
    pub fn carried_beyond(&self, shown: &Situation) -> Option<Field> {
        let fact = Fact::ALL.iter().find(|f| self.fact(**f) != shown.fact(**f)).map(|f| Field::Fact(*f));
        let moved = (self.moved_cm != shown.moved_cm).then_some(Field::MovedCm);
        let ground = (self.ground != shown.ground).then_some(Field::Ground);
        fact.or(moved).or(ground)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_fact_reads_and_ticks_its_own_field() {
        for fact in Fact::ALL {
            let mut s = Situation::default();
            *s.fact_mut(*fact) = true;
            assert!(s.fact(*fact), "{fact:?}");
            let others = Fact::ALL.iter().filter(|f| *f != fact);
            assert!(others.clone().all(|f| !s.fact(*f)), "{fact:?} ticks only itself");
        }
    }

    #[test]
    fn gdb_mod_15_fn7_res_08_a_melee_table_keeps_only_what_the_table_shows() {
        let s =
            Situation { charging: true, general_leads: true, breach: true, stationary: true, ..Situation::default() };
        let shown = s.gdb_melee_table();
        assert!(shown.general_leads && shown.breach);
        assert_eq!(s.carried_beyond(&shown), Some(Field::Fact(Fact::Charging)));
        let moved = Situation { moved_cm: Some(6), ..Situation::default() };
        assert_eq!(moved.carried_beyond(&moved.b_collision_table()), Some(Field::MovedCm));
        assert_eq!(shown.carried_beyond(&shown.gdb_melee_table()), None);
    }

    #[test]
    fn gdb_chg_16_mod_20_a_melee_takes_the_contact_and_what_the_table_shows_over_it() {
        let contact =
            Situation { struck_face: Face::Flank, caught_evading: true, general_leads: true, ..Situation::default() };
        let mut side = Situation { pursuing: true, ..Situation::default() };
        side.take_contact(&contact);
        assert!(side.caught_evading && side.pursuing && !side.general_leads, "only the contact's own facts");
        assert_eq!(side.struck_face, Face::Flank);
        let shown = Situation { struck_face: Face::Front, breach: true, slope: Slope::Uphill, ..Situation::default() };
        side.show(&shown, &Fact::GDB_MELEE_TABLE);
        assert_eq!(
            (side.struck_face, side.slope, side.breach),
            (Face::Flank, Slope::Uphill, true),
            "front adds nothing"
        );
        side.show(&Situation { struck_face: Face::Rear, ..Situation::default() }, &[]);
        assert_eq!(side.struck_face, Face::Rear, "the table shows more than the charge established");
        let told = Situation {
            charging: true,
            moved_cm: Some(9),
            struck_face: Face::Rear,
            pursuing: true,
            ..Situation::default()
        };
        assert_eq!(
            told.told_contact(Role::Attacker),
            Situation { charging: true, moved_cm: Some(9), ..Situation::default() }
        );
        assert_eq!(told.told_contact(Role::Defender), Situation { struck_face: Face::Rear, ..Situation::default() });
    }

    #[test]
    fn by_role_is_the_pair_in_files() {
        let pair = ByRole::new(3u32, 4u32);
        assert_eq!(serde_json::to_string(&pair).unwrap_or_default(), "[3,4]");
        let back: ByRole<u32> = serde_json::from_str("[3,4]").unwrap_or_default();
        assert_eq!(back, pair);
        assert_eq!(*pair.get(Role::Defender), 4);
    }
}
