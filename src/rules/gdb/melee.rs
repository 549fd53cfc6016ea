//! GdB melee (seed 000): the modifier table with its footnotes, the results table with
//! its exceptions, casualties from the player-filled table, and exact odds over all
//! 36 x 36 dice (GDB-MEL-03..05, GDB-MOD-01..29, GDB-MOD-FN1..FN8, GDB-RES-01..17).
//!
//! GDB-MOD-10 ("infantry against cavalry: ½") is not a die modifier: it is the halving
//! of GDB-MOD-FN2 / GDB-RES-16, applied to casualties. GDB-MOD-FN9 (North America only)
//! marks no row of the seed's table, so nothing reads it (AMB-07).

use serde::{Deserialize, Serialize};

use crate::rules::dice::two_d6_sums;
use crate::rules::explain::{Modifier, Rule, mark_pivotal, sum};
use crate::rules::house::{SideFacts, Step};
use crate::rules::options::GdbOptions;
use crate::rules::situation::{ByRole, Situation};
use crate::rules::vocab::{
    Arm, Class, Face, Formation, Horses, Nation, Order, Quality, Rank, Slope, Terrain, face_or_flag,
};

pub use crate::rules::situation::Role;

/// One unit in a melee: the unit's own facts and its situation. In files and in
/// `coldsteel resolve` it is one flat object with design.md section 4's field names
/// ([`MeleeSideFile`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "MeleeSideFile", into = "MeleeSideFile")]
pub struct MeleeSide {
    /// Troop type (GDB-MOD-01..09).
    pub arm: Arm,
    /// Troop class (GDB-MOD-11..14).
    pub class: Class,
    /// Nation (GDB-MOD-16, GDB-MOD-FN5).
    pub nation: Nation,
    /// Formation.
    pub formation: Formation,
    /// Order (GDB-MOD-19).
    pub order: Order,
    /// Where it fights from (GDB-MOD-25..27).
    pub terrain: Terrain,
    /// Horses (GDB-MOD-17, 18).
    pub horses: Horses,
    /// Figures counted for superiority (GDB-MOD-28, 29; AMB-16: whole unit).
    pub figures: u32,
    /// Regular lancers (GDB-MOD-FN1).
    pub regular: bool,
    /// Lance-armed (GDB-MOD-24 for any lance-armed cavalry, AMB-40).
    pub lances: bool,
    /// The leading general's rank (regimental commanders may not lead, GDB-MOD-FN4).
    pub general_rank: Option<Rank>,
    /// The leading general's quality (inept generals may not lead, GDB-MOD-FN4).
    pub general_quality: Option<Quality>,
    /// Its situation: charging, pursuing, the face struck, a general leading, a breach,
    /// the slope, changing formation, push-backs, caught evading (GDB-MOD-15, 20, 21,
    /// FN6, FN7, GDB-CHG-12, 18, GDB-RES-08, GDB-EVD-11).
    pub situation: Situation,
}

/// A melee side as files and `coldsteel resolve` write it: flat, with design.md section
/// 4's field names and order (a log entry's check hashes these bytes).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct MeleeSideFile {
    arm: Arm,
    #[serde(default, skip_serializing_if = "is_default")]
    class: Class,
    #[serde(default, skip_serializing_if = "is_default")]
    nation: Nation,
    #[serde(default, skip_serializing_if = "is_default")]
    formation: Formation,
    #[serde(default, skip_serializing_if = "is_default")]
    order: Order,
    #[serde(default, skip_serializing_if = "is_default")]
    terrain: Terrain,
    #[serde(default, skip_serializing_if = "is_default")]
    horses: Horses,
    #[serde(default)]
    figures: u32,
    #[serde(default, skip_serializing_if = "is_false")]
    regular: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    lances: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    charging: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    moved_cm: Option<u32>,
    #[serde(default, skip_serializing_if = "is_false")]
    pursuing: bool,
    #[serde(default, skip_serializing_if = "is_default", alias = "flank_or_rear", deserialize_with = "face_or_flag")]
    struck_face: Face,
    #[serde(default, skip_serializing_if = "is_false")]
    general_leads: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    general_rank: Option<Rank>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    general_quality: Option<Quality>,
    #[serde(default, skip_serializing_if = "is_false")]
    breach: bool,
    #[serde(default, skip_serializing_if = "is_default")]
    slope: Slope,
    #[serde(default, skip_serializing_if = "is_false")]
    changing_formation: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pushed_back_before: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pushback_leaves_area: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    caught_evading: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    overrules: Vec<crate::rules::situation::PlayersModifier>,
}

impl From<MeleeSideFile> for MeleeSide {
    fn from(f: MeleeSideFile) -> Self {
        MeleeSide {
            arm: f.arm,
            class: f.class,
            nation: f.nation,
            formation: f.formation,
            order: f.order,
            terrain: f.terrain,
            horses: f.horses,
            figures: f.figures,
            regular: f.regular,
            lances: f.lances,
            general_rank: f.general_rank,
            general_quality: f.general_quality,
            situation: Situation {
                charging: f.charging,
                moved_cm: f.moved_cm,
                pursuing: f.pursuing,
                struck_face: f.struck_face,
                general_leads: f.general_leads,
                breach: f.breach,
                slope: f.slope,
                changing_formation: f.changing_formation,
                pushed_back_before: f.pushed_back_before,
                leaves_area: f.pushback_leaves_area,
                caught_evading: f.caught_evading,
                overrules: f.overrules,
                ..Situation::default()
            },
        }
    }
}

impl From<MeleeSide> for MeleeSideFile {
    fn from(m: MeleeSide) -> Self {
        let s = m.situation;
        MeleeSideFile {
            arm: m.arm,
            class: m.class,
            nation: m.nation,
            formation: m.formation,
            order: m.order,
            terrain: m.terrain,
            horses: m.horses,
            figures: m.figures,
            regular: m.regular,
            lances: m.lances,
            charging: s.charging,
            moved_cm: s.moved_cm,
            pursuing: s.pursuing,
            struck_face: s.struck_face,
            general_leads: s.general_leads,
            general_rank: m.general_rank,
            general_quality: m.general_quality,
            breach: s.breach,
            slope: s.slope,
            changing_formation: s.changing_formation,
            pushed_back_before: s.pushed_back_before,
            pushback_leaves_area: s.leaves_area,
            caught_evading: s.caught_evading,
            overrules: s.overrules,
        }
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_default<T: Default + PartialEq>(t: &T) -> bool {
    *t == T::default()
}

/// A melee: both sides, the options and, optionally, the dice.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MeleeInput {
    /// The charging side.
    pub attacker: MeleeSide,
    /// The side charged.
    pub defender: MeleeSide,
    /// Ruleset options.
    pub options: GdbOptions,
}

/// The result band of the results table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Difference 7 or more: the loser routs (GDB-RES-01).
    Rout,
    /// Difference 3 to 6: the loser retreats (GDB-RES-03).
    Retreat,
    /// Difference 1 or 2: the loser is pushed back (GDB-RES-05).
    PushedBack,
    /// Difference 0: "Steady lads!" (GDB-RES-11).
    Draw,
    /// Cavalry failed to break a square (GDB-RES-13).
    SquareHolds,
    /// Cavalry broke a square (GDB-RES-13).
    SquareBroken,
}

impl Outcome {
    /// The casualty-table row a result reads: a broken square as a rout, a square that
    /// held as a push-back of the cavalry.
    pub const fn casualty_key(self) -> &'static str {
        match self {
            Outcome::SquareBroken => "rout",
            Outcome::SquareHolds => "pushed_back",
            other @ Outcome::Rout | other @ Outcome::Retreat | other @ Outcome::PushedBack | other @ Outcome::Draw => {
                other.key()
            }
        }
    }

    /// The stable name used in files and output.
    pub const fn key(self) -> &'static str {
        match self {
            Outcome::Rout => "rout",
            Outcome::Retreat => "retreat",
            Outcome::PushedBack => "pushed_back",
            Outcome::Draw => "draw",
            Outcome::SquareHolds => "square_holds",
            Outcome::SquareBroken => "square_broken",
        }
    }
}

/// A test a unit owes after the melee.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Test {
    /// Winning cavalry (GDB-RES-02, GDB-RES-04, GDB-RES-09).
    Pursuit,
    /// Winning infantry or artillery (GDB-RES-02, GDB-RES-04, GDB-RES-09, GDB-RES-10).
    Formation,
}

/// What happens to one unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Routs: full retreat move in the next Compulsory Move phase (GDB-RES-01, AMB-43).
    Routs,
    /// Retreats its full retreat distance next Compulsory Move phase (GDB-RES-03).
    Retreats,
    /// Pushed back: unformed, full retreat move next Compulsory Move phase, then rallies
    /// automatically (GDB-RES-05); only `cm` when defending a built-up area (GDB-RES-07).
    PushedBack {
        /// Fixed distance, when one applies.
        cm: Option<u32>,
    },
    /// Becomes unformed (GDB-RES-05, 11).
    Unformed,
    /// Stays formed, no formation test (GDB-RES-13, 14).
    StaysFormed,
    /// Owes a test.
    Tests {
        /// Which test.
        test: Test,
    },
    /// Stays unformed whatever its formation test says (GDB-RES-02).
    StaysUnformed,
    /// Follows the enemy, staying in base contact (GDB-RES-10).
    FollowsInContact,
    /// The melee goes on next turn (GDB-RES-11).
    MeleeContinues,
    /// Artillery dispersed (GDB-RES-15); `removed` when its guns are lost (AMB-12).
    Dispersed {
        /// Removed from play with its guns.
        removed: bool,
    },
    /// May take the loser's ground or wheel up to 45° as a bonus move (GDB-RES-17).
    BonusMove,
    /// Loses figures, from the casualty table (GDB-MEL-05); `halved` by GDB-MOD-FN2.
    Casualties {
        /// Figures lost.
        figures: u32,
        /// Halved (infantry against cavalry, outside rough terrain).
        halved: bool,
    },
    /// The casualty table has no row for this: the players enter the figures (AMB-13).
    CasualtiesToEnter,
}

/// The probability of one result over all dice.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Odds {
    /// The winning side, or `None` for a draw.
    pub winner: Option<Role>,
    /// The result band.
    pub outcome: Outcome,
    /// Ways out of 1296.
    pub ways: u32,
    /// Probability.
    pub p: f64,
}

/// A resolved melee.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MeleeResult {
    /// Attacker's 2D6.
    pub attacker_dice: [u8; 2],
    /// Defender's 2D6.
    pub defender_dice: [u8; 2],
    /// Attacker's total (dice plus modifiers).
    pub attacker_total: i32,
    /// Defender's total.
    pub defender_total: i32,
    /// The winner, `None` for a draw (GDB-MEL-04).
    pub winner: Option<Role>,
    /// The result band.
    pub outcome: Outcome,
    /// Effects on the attacker.
    pub attacker_effects: Vec<Effect>,
    /// Effects on the defender.
    pub defender_effects: Vec<Effect>,
}

impl MeleeResult {
    /// Attacker total minus defender total.
    pub fn difference(&self) -> i32 {
        self.attacker_total - self.defender_total
    }
}

impl MeleeInput {
    /// One side's input.
    pub fn side(&self, role: Role) -> &MeleeSide {
        match role {
            Role::Attacker => &self.attacker,
            Role::Defender => &self.defender,
        }
    }

    /// The modifiers of one side (GDB-MEL-03), each with its clause.
    pub fn modifiers(&self, role: Role) -> Vec<Modifier> {
        modifiers(self.side(role), self.side(role.other()), &self.options)
    }

    /// The side caught evading, if one is (GDB-EVD-11): it rolls no dice.
    pub fn evader(&self) -> Option<Role> {
        [Role::Attacker, Role::Defender].into_iter().find(|r| self.side(*r).situation.caught_evading)
    }

    /// Resolves the melee with both sides' 2D6 (GDB-MEL-03, 04). Caught evaders roll
    /// nothing and cannot win: the chargers win by at least 1 (GDB-EVD-11, AMB-47).
    pub fn resolve(&self, attacker_dice: [u8; 2], defender_dice: [u8; 2]) -> MeleeResult {
        let (attacker_dice, defender_dice) = match self.evader() {
            Some(Role::Attacker) => ([0, 0], defender_dice),
            Some(Role::Defender) => (attacker_dice, [0, 0]),
            None => (attacker_dice, defender_dice),
        };
        let a = i32::from(attacker_dice[0]) + i32::from(attacker_dice[1]) + sum(&self.modifiers(Role::Attacker));
        let d = i32::from(defender_dice[0]) + i32::from(defender_dice[1]) + sum(&self.modifiers(Role::Defender));
        let (winner, band) = self.band(self.evaders_lose(a - d));
        let outcome = self.applied(winner, band);
        let (attacker_effects, defender_effects) = self.effects_in_band(winner, outcome, band);
        MeleeResult {
            attacker_dice,
            defender_dice,
            attacker_total: a,
            defender_total: d,
            winner,
            outcome,
            attacker_effects,
            defender_effects,
        }
    }

    /// Which of each side's modifiers (in the order of [`MeleeInput::modifiers`]) decided
    /// the melee with these dice (issue 51): removed alone, the same dice would have given
    /// another winner or another result (GDB-MEL-03, 04). One subtraction and one reading
    /// of the table a modifier.
    pub fn pivotal(&self, attacker_dice: [u8; 2], defender_dice: [u8; 2]) -> ByRole<Vec<bool>> {
        let decided = self.resolve(attacker_dice, defender_dice);
        let diff = decided.difference();
        let outcome_with = |d: i32| {
            let (winner, band) = self.band(self.evaders_lose(d));
            (winner, self.applied(winner, band))
        };
        let as_decided = (decided.winner, decided.outcome);
        let marks = |role: Role| {
            // The attacker's modifiers add to the difference, the defender's take from it.
            let sign = if role == Role::Attacker { 1 } else { -1 };
            self.modifiers(role).iter().map(|m| outcome_with(diff - sign * m.value) != as_decided).collect()
        };
        ByRole::new(marks(Role::Attacker), marks(Role::Defender))
    }

    /// Each side's modifiers with those that decided the melee with these dice marked
    /// (issue 51), as the log keeps them.
    pub fn decided_modifiers(&self, attacker_dice: [u8; 2], defender_dice: [u8; 2]) -> ByRole<Vec<Modifier>> {
        let marks = self.pivotal(attacker_dice, defender_dice);
        ByRole::new(self.modifiers(Role::Attacker), self.modifiers(Role::Defender)).map(|role, mut mods| {
            mark_pivotal(&mut mods, marks.get(role));
            mods
        })
    }

    /// The difference with caught evaders always losing by at least 1 (GDB-EVD-11).
    fn evaders_lose(&self, diff: i32) -> i32 {
        match self.evader() {
            Some(Role::Defender) => diff.max(1),
            Some(Role::Attacker) => diff.min(-1),
            None => diff,
        }
    }

    /// The exact probability of every result over all 36 x 36 dice, before anyone rolls
    /// (caught evaders roll none: their 2D6 count as 0 in every case).
    pub fn odds(&self) -> Vec<Odds> {
        let base = sum(&self.modifiers(Role::Attacker)) - sum(&self.modifiers(Role::Defender));
        let mut tally: Vec<(Option<Role>, Outcome, u32)> = Vec::new();
        let evader = self.evader();
        let no_dice = |role: Role, (sum, ways): (i32, u32)| if evader == Some(role) { (0, ways) } else { (sum, ways) };
        for (a, wa) in two_d6_sums().into_iter().map(|x| no_dice(Role::Attacker, x)) {
            for (d, wd) in two_d6_sums().into_iter().map(|x| no_dice(Role::Defender, x)) {
                let (winner, band) = self.band(self.evaders_lose(base + a - d));
                let outcome = self.applied(winner, band);
                match tally.iter_mut().find(|t| t.0 == winner && t.1 == outcome) {
                    Some(t) => t.2 += wa * wd,
                    None => tally.push((winner, outcome, wa * wd)),
                }
            }
        }
        tally.sort_by_key(|t| (t.0, t.1));
        tally
            .into_iter()
            .map(|(winner, outcome, ways)| Odds { winner, outcome, ways, p: f64::from(ways) / 1296.0 })
            .collect()
    }

    /// The infantry side in a cavalry-against-square melee, if this is one (GDB-RES-13).
    fn square_side(&self) -> Option<Role> {
        [Role::Attacker, Role::Defender].into_iter().find(|r| {
            let (me, enemy) = (self.side(*r), self.side(r.other()));
            // A square still forming is no square yet (GDB-CHG-12, AMB-09).
            me.arm.is_infantry()
                && me.formation == Formation::Square
                && !me.situation.changing_formation
                && enemy.arm.is_cavalry()
        })
    }

    /// The result as it applies after the exceptions, under the name of what it does
    /// (GDB-RES-06: infantry pushed back by cavalry retreats; GDB-RES-08: a built-up-area
    /// defender's push-back that is its second in a row, or takes it out of the area,
    /// retreats). The casualties stay those of the band (1–2) the difference fell in.
    fn applied(&self, winner: Option<Role>, band: Outcome) -> Outcome {
        let Some(w) = winner.filter(|_| band == Outcome::PushedBack) else { return band };
        let (loser, enemy) = (self.side(w.other()), self.side(w));
        if loser.arm.is_artillery() {
            return band;
        }
        let beaten_by_cavalry = loser.arm.is_infantry() && enemy.arm.is_cavalry();
        if beaten_by_cavalry || (loser.terrain.in_buildings() && !bua_pushback(loser, enemy)) {
            Outcome::Retreat
        } else {
            band
        }
    }

    /// Winner and result band for a difference (attacker minus defender).
    fn band(&self, diff: i32) -> (Option<Role>, Outcome) {
        let winner = match diff {
            0 => None,
            d if d > 0 => Some(Role::Attacker),
            _ => Some(Role::Defender),
        };
        let margin = diff.abs();
        if let Some(square) = self.square_side() {
            // GDB-RES-13 with AMB-10: the cavalry's margin decides.
            let cavalry_margin = if winner == Some(square) { -margin } else { margin };
            if cavalry_margin >= self.options.square_break_margin {
                return (Some(square.other()), Outcome::SquareBroken);
            }
            // AMB-10 corrected: every other result holds the square and pushes the
            // cavalry back; the older reading applies the normal table to a square that
            // wins by 3 or more.
            if cavalry_margin > -3 || !self.options.square_win_reads_table {
                return (Some(square), Outcome::SquareHolds);
            }
        }
        let outcome = match margin {
            0 => Outcome::Draw,
            1..=2 => Outcome::PushedBack,
            3..=6 => Outcome::Retreat,
            _ => Outcome::Rout,
        };
        (winner, outcome)
    }
}

impl MeleeInput {
    /// Effects on (attacker, defender) of a result, casualties last: what the players
    /// impose when they overrule the dice (its casualties read by its own row).
    pub fn effects(&self, winner: Option<Role>, outcome: Outcome) -> (Vec<Effect>, Vec<Effect>) {
        self.effects_in_band(winner, outcome, outcome)
    }

    /// Effects of a result whose casualties are read by the band of the difference.
    fn effects_in_band(&self, winner: Option<Role>, outcome: Outcome, band: Outcome) -> (Vec<Effect>, Vec<Effect>) {
        let (mut att, mut def) = match winner {
            None => self.draw_effects(),
            Some(w) => {
                let won = self.winner_effects(w, outcome);
                let lost = self.loser_effects(w.other(), outcome);
                if w == Role::Attacker { (won, lost) } else { (lost, won) }
            }
        };
        let (ca, cd) = self.casualties(winner, band);
        att.push(ca);
        def.push(cd);
        (att, def)
    }

    /// GDB-RES-11, 12 (AMB-11).
    fn draw_effects(&self) -> (Vec<Effect>, Vec<Effect>) {
        let (a, d) = (&self.attacker, &self.defender);
        let cav_vs_inf = |x: &MeleeSide, y: &MeleeSide| x.arm.is_cavalry() && y.arm.is_infantry();
        // GDB-RES-12: cavalry drawn with infantry is pushed back; the melee ends.
        if cav_vs_inf(a, d) {
            (vec![Effect::PushedBack { cm: None }, Effect::Unformed], vec![Effect::Unformed])
        } else if cav_vs_inf(d, a) {
            (vec![Effect::Unformed], vec![Effect::PushedBack { cm: None }, Effect::Unformed])
        } else {
            (vec![Effect::Unformed, Effect::MeleeContinues], vec![Effect::Unformed, Effect::MeleeContinues])
        }
    }

    /// GDB-RES-01, 03, 05..08, 13, 15.
    fn loser_effects(&self, loser: Role, outcome: Outcome) -> Vec<Effect> {
        let (me, enemy) = (self.side(loser), self.side(loser.other()));
        if me.arm.is_artillery() {
            return vec![Effect::Dispersed { removed: self.options.dispersed_artillery_removed }];
        }
        match outcome {
            Outcome::Rout | Outcome::SquareBroken => vec![Effect::Routs],
            Outcome::Retreat => vec![Effect::Retreats],
            Outcome::SquareHolds => vec![Effect::PushedBack { cm: None }, Effect::Unformed],
            // GDB-RES-06: infantry pushed back by cavalry retreats instead.
            Outcome::PushedBack if me.arm.is_infantry() && enemy.arm.is_cavalry() => vec![Effect::Retreats],
            Outcome::PushedBack if me.terrain.in_buildings() => {
                if bua_pushback(me, enemy) {
                    vec![Effect::PushedBack { cm: Some(10) }, Effect::Unformed]
                } else {
                    vec![Effect::Retreats]
                }
            }
            Outcome::PushedBack | Outcome::Draw => vec![Effect::PushedBack { cm: None }, Effect::Unformed],
        }
    }

    /// GDB-RES-02, 04, 09, 10, 13, 14, 17.
    fn winner_effects(&self, winner: Role, outcome: Outcome) -> Vec<Effect> {
        let (me, enemy) = (self.side(winner), self.side(winner.other()));
        // GDB-RES-13: a square that beats cavalry stays formed, without a formation test.
        if outcome == Outcome::SquareHolds || self.square_side() == Some(winner) {
            return vec![Effect::StaysFormed];
        }
        let mut out = Vec::new();
        // GDB-RES-02, 04, 09: cavalry pursues, infantry and artillery test formation,
        // except defenders of fortified positions, who stay formed (GDB-RES-14).
        if me.arm.is_cavalry() {
            out.push(Effect::Tests { test: Test::Pursuit });
        } else if me.terrain.fortified()
            && winner == Role::Defender
            && matches!(outcome, Outcome::Retreat | Outcome::PushedBack)
        {
            // GDB-RES-14: defenders of castles, churches and fortified positions, on the
            // 3–6 and 1–2 rows only.
            out.push(Effect::StaysFormed);
        } else {
            out.push(Effect::Tests { test: Test::Formation });
            if unformed(me) {
                out.push(Effect::StaysUnformed);
            }
            if outcome == Outcome::PushedBack && me.arm.is_infantry() && bua_pushback(enemy, me) {
                out.push(Effect::FollowsInContact);
            }
        }
        out.push(Effect::BonusMove);
        out
    }

    /// GDB-MEL-05 with the player-filled table (AMB-13); GDB-MOD-FN2 / GDB-RES-16 halve
    /// what infantry inflicts on cavalry, rounded down, except in rough terrain.
    fn casualties(&self, winner: Option<Role>, outcome: Outcome) -> (Effect, Effect) {
        let winner_arm = winner.map(|w| self.side(w).arm);
        let rows = self.options.casualties.iter().filter(|r| r.outcome == outcome.casualty_key());
        let row = rows.clone().find(|r| r.winner_arm.is_some() && r.winner_arm == winner_arm).or_else(|| {
            let mut generic = rows.filter(|r| r.winner_arm.is_none());
            generic.next()
        });
        let Some(row) = row else { return (Effect::CasualtiesToEnter, Effect::CasualtiesToEnter) };
        let lost = |role: Role| match winner {
            Some(w) if w == role => row.winner_loses,
            _ => row.loser_loses,
        };
        (self.casualty(Role::Attacker, lost(Role::Attacker)), self.casualty(Role::Defender, lost(Role::Defender)))
    }

    fn casualty(&self, role: Role, figures: u32) -> Effect {
        let (me, enemy) = (self.side(role), self.side(role.other()));
        // GDB-EVD-11: caught evaders do not hit back.
        if enemy.situation.caught_evading {
            return Effect::Casualties { figures: 0, halved: false };
        }
        // GDB-MOD-FN2, GDB-RES-16: rough terrain includes built-up areas, buildings (castles
        // and churches among them) and woods; a redoubt is no rough ground (AMB-48).
        let rough = me.terrain.rough() || enemy.terrain.rough();
        let halved = me.arm.is_cavalry() && enemy.arm.is_infantry() && !rough;
        Effect::Casualties { figures: if halved { figures / 2 } else { figures }, halved }
    }
}

/// Per-side modifiers: unit type, class, situation, terrain, superiority; then as the
/// club's house rules amend them (issue 51: a changed or switched-off clause in its
/// place, the club's own after).
fn modifiers(me: &MeleeSide, enemy: &MeleeSide, opt: &GdbOptions) -> Vec<Modifier> {
    let mut out = vec![unit_type(me, enemy, opt)];
    out.extend(class(me, opt));
    out.extend(situation(me, enemy, opt));
    out.extend(terrain(me, enemy));
    out.extend(superiority(me, enemy));
    let mut out = opt.house.amend(Step::GdbMelee, out, &me.facts(), &enemy.facts());
    // The players' overrules last, each with its reason.
    out.extend(me.situation.overrules.iter().map(crate::rules::situation::PlayersModifier::modifier));
    out
}

impl MeleeSide {
    /// What a house rule's condition reads of the side (issue 51).
    pub fn facts(&self) -> SideFacts<'_> {
        SideFacts {
            arm: self.arm,
            class: Some(self.class),
            status: None,
            formation: self.formation,
            order: self.order,
            terrain: Some(self.terrain),
            horses: Some(self.horses),
            situation: Some(&self.situation),
        }
    }
}

/// Charging counts only from 5 cm of movement (GDB-CHG-18).
fn counts_as_charging(me: &MeleeSide) -> bool {
    me.situation.charging && me.situation.moved_cm.is_none_or(|cm| cm >= 5)
}

fn unformed(me: &MeleeSide) -> bool {
    matches!(me.order, Order::Disordered | Order::Wavering | Order::Routing) || me.situation.changing_formation
}

/// GDB-MOD-01..09 and GDB-MOD-FN1.
fn unit_type(me: &MeleeSide, enemy: &MeleeSide, opt: &GdbOptions) -> Modifier {
    let blank = &opt.blank_cells;
    let (rule, value) = match me.arm {
        Arm::Cuirassiers => (Rule::GdbMod01Cuirassiers, 5),
        Arm::HeavyCavalry => (Rule::GdbMod02HeavyCavalry, 4),
        Arm::Lancers if me.regular && (!counts_as_charging(me) || unformed(me) || enemy.arm == Arm::Cuirassiers) => {
            (Rule::GdbModFn1LancersAsLight, 2)
        }
        Arm::Dragoons | Arm::Lancers => (Rule::GdbMod03DragoonsLancers, 3),
        Arm::LightCavalry => (Rule::GdbMod04LightCavalry, 2),
        Arm::Infantry => (Rule::GdbMod05Infantry, 2),
        Arm::OpenOrderInfantry => (Rule::GdbMod06OpenOrder, blank.open_order_infantry),
        Arm::Artillery => (Rule::GdbMod07Artillery, blank.artillery),
        Arm::Cossacks => (Rule::GdbMod08Cossacks, blank.cossacks),
        Arm::Skirmishers => (Rule::GdbMod09Skirmishers, blank.skirmishers),
    };
    Modifier::new(rule, value)
}

/// GDB-MOD-11..18 and GDB-MOD-FN3, FN4 (AMB-06 British Guard cap).
fn class(me: &MeleeSide, opt: &GdbOptions) -> Vec<Modifier> {
    let mut out = vec![match me.class {
        Class::Guard => Modifier::new(Rule::GdbMod11Guard, 2),
        Class::Elite => Modifier::new(Rule::GdbMod12Elite, 1),
        Class::Veteran | Class::Line | Class::SecondRate => {
            Modifier::new(Rule::GdbMod13OrdinaryClass, opt.blank_cells.ordinary_classes)
        }
        Class::Conscript if me.formation == Formation::Line && !in_redoubt_or_town(me) => {
            Modifier::new(Rule::GdbModFn3ConscriptsInLine, -2)
        }
        Class::Conscript => Modifier::new(Rule::GdbMod14Conscripts, -1),
    }];
    let may_lead = me.general_quality != Some(Quality::Inept) && me.general_rank != Some(Rank::Regimental);
    if me.situation.general_leads && may_lead && counts_as_charging(me) {
        out.push(Modifier::new(Rule::GdbMod15GeneralLeads, 1));
    }
    // A routing unit fights in no formation (AMB-09): no formation modifier.
    let british_line = me.nation == Nation::British
        && me.arm == Arm::Infantry
        && me.formation == Formation::Line
        && me.order != Order::Routing;
    if british_line && !(opt.british_guard_cap && me.class == Class::Guard) {
        out.push(Modifier::new(Rule::GdbMod16BritishLine, 1));
    }
    if me.arm.is_cavalry() {
        match me.horses {
            Horses::Good => out.push(Modifier::new(Rule::GdbMod17GoodHorses, 1)),
            Horses::Poor => out.push(Modifier::new(Rule::GdbMod18PoorHorses, -1)),
            Horses::Normal => {}
        }
    }
    out
}

fn in_redoubt_or_town(me: &MeleeSide) -> bool {
    me.terrain.fortified() || me.terrain.in_buildings()
}

/// A built-up-area defender pushed back only 10 cm (GDB-RES-07): not its second
/// push-back in a row and not out of the area (GDB-RES-08), and not infantry beaten by
/// cavalry (GDB-RES-06).
fn bua_pushback(loser: &MeleeSide, winner: &MeleeSide) -> bool {
    let beaten_by_cavalry = loser.arm.is_infantry() && winner.arm.is_cavalry();
    loser.terrain.in_buildings()
        && !loser.situation.pushed_back_before
        && !loser.situation.leaves_area
        && !beaten_by_cavalry
}

/// GDB-MOD-19..24 with GDB-MOD-FN5, FN6, FN7 (AMB-09, AMB-18, AMB-40).
fn situation(me: &MeleeSide, enemy: &MeleeSide, opt: &GdbOptions) -> Vec<Modifier> {
    let mut out = Vec::new();
    if unformed(me) {
        out.push(Modifier::new(Rule::GdbMod19Unformed, -2));
    }
    let austrian_mass = me.nation == Nation::Austrian && me.formation == Formation::Mass && enemy.arm.is_cavalry();
    if me.situation.struck_face.flank_or_rear() && !austrian_mass {
        out.push(Modifier::new(Rule::GdbMod20FlankRear, -4));
    }
    let squadron_column = me.arm.is_cavalry() && matches!(me.formation, Formation::SquadronColumn | Formation::Column);
    let uphill_infantry = me.arm.is_infantry() && me.situation.slope == Slope::Uphill;
    let charging = counts_as_charging(me) && !squadron_column && !uphill_infantry;
    if charging || (me.situation.pursuing && !squadron_column) {
        out.push(Modifier::new(Rule::GdbMod21Charging, 2));
    }
    let enemy_sheltered = enemy.terrain.shelters();
    if charging
        && me.arm == Arm::Infantry
        && me.formation == Formation::Column
        && (!enemy_sheltered || me.situation.breach)
    {
        out.push(Modifier::new(Rule::GdbMod22ColumnCharge, 1));
    }
    let formed_enough = !opt.column_square_bonus_needs_formed || !unformed(me);
    let column_or_square = matches!(me.formation, Formation::Column | Formation::Square) && me.order != Order::Routing;
    if me.arm.is_infantry() && column_or_square && enemy.arm.is_cavalry() && formed_enough {
        out.push(Modifier::new(Rule::GdbMod23ColumnSquareVsCavalry, 4));
    }
    let lance_armed = me.arm == Arm::Lancers || (me.arm.is_cavalry() && me.lances);
    if lance_armed && enemy.arm.is_infantry() {
        out.push(Modifier::new(Rule::GdbMod24LancersVsInfantry, 2));
    }
    out
}

/// GDB-MOD-25..27 with GDB-MOD-FN8 (AMB-08: one terrain, the best). A built-up area
/// counts as buildings.
fn terrain(me: &MeleeSide, enemy: &MeleeSide) -> Option<Modifier> {
    if enemy.terrain.shelters() {
        return None;
    }
    match me.terrain {
        // A wood counts as cover (design.md section 3).
        Terrain::Cover | Terrain::Wood | Terrain::Hill => Some(Modifier::new(Rule::GdbMod25CoverHill, 1)),
        Terrain::Building | Terrain::BuiltUp => Some(Modifier::new(Rule::GdbMod26Building, 2)),
        Terrain::Fortified | Terrain::Redoubt => Some(Modifier::new(Rule::GdbMod27Fortified, 3)),
        Terrain::Open | Terrain::Rough => None,
    }
}

/// GDB-MOD-28, 29 (AMB-16: whole-unit strengths).
fn superiority(me: &MeleeSide, enemy: &MeleeSide) -> Option<Modifier> {
    let (mine, theirs) = (u64::from(me.figures), u64::from(enemy.figures));
    if theirs == 0 || mine == 0 {
        return None;
    }
    if mine >= 2 * theirs {
        Some(Modifier::new(Rule::GdbMod29Superiority2to1, 2))
    } else if 2 * mine >= 3 * theirs {
        Some(Modifier::new(Rule::GdbMod28Superiority3to2, 1))
    } else {
        None
    }
}
