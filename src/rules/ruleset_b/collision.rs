//! The collision test (B-COL-01..21, B-FLE-01..02): before a frontal attack, each side
//! rolls the average die with its modifiers, and the margin says whether they collide.

use serde::{Deserialize, Serialize};

use super::{BSide, flight_cm};
use crate::rules::dice::AVERAGE_DIE_FACES;
use crate::rules::explain::{Modifier, Rule, mark_pivotal, sum};
use crate::rules::gdb::Role;
use crate::rules::house::Step;
use crate::rules::options::{BOptions, CavalrySlopeBonus};
use crate::rules::situation::ByRole;
use crate::rules::vocab::{Arm, Formation, Order, Slope, Status};

/// Both sides of a collision test and the options.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CollisionInput {
    /// The side that attacks (B-COL-01).
    pub attacker: BSide,
    /// The side attacked; it may be attacking too (B-COL-19..21).
    pub defender: BSide,
    /// Ruleset options.
    pub options: BOptions,
}

/// What the collision test decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CollisionOutcome {
    /// The units collide and fight a melee (B-COL-17, 20), or the target was unopposed (B-COL-02).
    Melee,
    /// The attacker halts, wavering, in a numbered fire zone (B-COL-16).
    AttackerHalts,
    /// The defender flees its distance; the attacker advances its full charge move (B-COL-18, 21, B-FLE-02).
    DefenderFlees,
    /// Both attacking, equal totals: both halt 3 cm apart, wavering (B-COL-19).
    BothHalt,
    /// Both attacking, the attacker lower by 3 or more: it flees (B-COL-21).
    AttackerFlees,
}

impl CollisionOutcome {
    /// The stable name used in output.
    pub const fn key(self) -> &'static str {
        match self {
            CollisionOutcome::Melee => "melee",
            CollisionOutcome::AttackerHalts => "attacker_halts",
            CollisionOutcome::DefenderFlees => "defender_flees",
            CollisionOutcome::BothHalt => "both_halt",
            CollisionOutcome::AttackerFlees => "attacker_flees",
        }
    }
}

/// A decided collision test.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CollisionResult {
    /// Attacker total (die plus modifiers), `None` when unopposed.
    pub attacker_total: Option<i32>,
    /// Defender total.
    pub defender_total: Option<i32>,
    /// The target was unopposed: no test (B-COL-02, AMB-38).
    pub unopposed: bool,
    /// The result.
    pub outcome: CollisionOutcome,
    /// The side that comes off better, if any.
    pub winner: Option<Role>,
    /// The fire zone the attacker halts in (B-COL-16, AMB-31).
    pub zone: Option<u32>,
    /// How far the fleeing side flees, in cm (B-FLE-01).
    pub flee_cm: Option<u32>,
    /// Sides that become wavering (B-COL-16, 19).
    pub wavering: Vec<Role>,
}

/// The probability of one collision result over the 36 pairs of average-die faces.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct CollisionOdds {
    /// The side that comes off better.
    pub winner: Option<Role>,
    /// The result.
    pub outcome: CollisionOutcome,
    /// The zone, for a halt.
    pub zone: Option<u32>,
    /// Ways out of 36.
    pub ways: u32,
    /// Probability.
    pub p: f64,
}

impl CollisionInput {
    /// One side's input.
    pub fn side(&self, role: Role) -> &BSide {
        match role {
            Role::Attacker => &self.attacker,
            Role::Defender => &self.defender,
        }
    }

    /// Both sides attack each other (B-COL-19..21).
    pub fn both_attacking(&self) -> bool {
        self.defender.situation.charging
    }

    /// The target goes unopposed, without a test (B-COL-02): a march column attacked
    /// frontally, routing (or fleeing) units, limbered artillery, any unit struck in flank or rear, and
    /// a unit changing formation.
    pub fn unopposed(&self) -> bool {
        let d = &self.defender;
        d.formation == Formation::MarchColumn
            || d.order == Order::Routing
            || d.situation.caught_evading
            || d.formation == Formation::Limbered
            || d.situation.struck_face.flank_or_rear()
            || d.situation.changing_formation
    }

    /// One side's modifiers on its average die (B-COL-04..15, all that apply).
    pub fn modifiers(&self, role: Role) -> Vec<Modifier> {
        let me = self.side(role);
        let attacking = role == Role::Attacker || me.situation.charging;
        let mut out = Vec::new();
        let mut add = |on: bool, rule: Rule, value: i32| {
            if on {
                out.push(Modifier::new(rule, value));
            }
        };
        add(me.status == Status::A, Rule::BCol04StatusA, 1);
        add(matches!(me.status, Status::E | Status::F), Rule::BCol05StatusEf, -1);
        add(attacking && !me.situation.started_close, Rule::BCol06Attacker, 1);
        add(attacking && favoured_slope(me, &self.options), Rule::BCol07Slope, 1);
        add(attacking && me.arm == Arm::Cuirassiers, Rule::BCol08Cuirassiers, 1);
        let light = matches!(me.arm, Arm::LightCavalry | Arm::Cossacks);
        add(attacking && light && !me.lance_armed(), Rule::BCol09LightCavalry, -1);
        // B-COL-10: a side that attacks has moved: never stationary.
        add(!attacking && me.arm.is_cavalry() && me.situation.stationary, Rule::BCol10StationaryCavalry, -2);
        add(me.situation.under_fire, Rule::BCol11UnderFire, -1);
        add(me.situation.withdrawing, Rule::BCol12Withdrawing, -1);
        add(me.order == Order::Disordered, Rule::BCol13Disordered, -1);
        add(me.order == Order::Wavering, Rule::BCol14Wavering, -2);
        add(me.dispersed(), Rule::BCol15Dispersed, -3);
        // Issue 51: then as the club's house rules amend them.
        let enemy = self.side(role.other());
        let mut out = self.options.house.amend(Step::BCollision, out, &me.facts(), &enemy.facts());
        // The players' overrules last, each with its reason.
        out.extend(me.situation.overrules.iter().map(crate::rules::situation::PlayersModifier::modifier));
        out
    }

    /// Decides the test with both sides' average-die rolls (B-COL-03, 16..21).
    pub fn resolve(&self, attacker_die: u8, defender_die: u8) -> CollisionResult {
        if self.unopposed() {
            return CollisionResult {
                attacker_total: None,
                defender_total: None,
                unopposed: true,
                outcome: CollisionOutcome::Melee,
                winner: None,
                zone: None,
                flee_cm: None,
                wavering: Vec::new(),
            };
        }
        let a = i32::from(attacker_die) + sum(&self.modifiers(Role::Attacker));
        let d = i32::from(defender_die) + sum(&self.modifiers(Role::Defender));
        let mut r = self.decide(a - d);
        r.attacker_total = Some(a);
        r.defender_total = Some(d);
        r
    }

    /// Which of each side's modifiers (in the order of [`CollisionInput::modifiers`])
    /// decided the test with these dice (issue 51): removed alone, the same dice would
    /// have given another result, winner or zone (B-COL-03, 16..21). An unopposed target
    /// rolls nothing, so nothing decided it.
    pub fn pivotal(&self, attacker_die: u8, defender_die: u8) -> ByRole<Vec<bool>> {
        let decided = self.resolve(attacker_die, defender_die);
        let (Some(a), Some(d)) = (decided.attacker_total, decided.defender_total) else {
            let none = |role: Role| vec![false; self.modifiers(role).len()];
            return ByRole::new(none(Role::Attacker), none(Role::Defender));
        };
        let seen = |r: &CollisionResult| (r.outcome, r.winner, r.zone);
        let marks = |role: Role| {
            // The attacker's modifiers add to the margin, the defender's take from it.
            let sign = if role == Role::Attacker { 1 } else { -1 };
            let margin = a - d;
            self.modifiers(role).iter().map(|m| seen(&self.decide(margin - sign * m.value)) != seen(&decided)).collect()
        };
        ByRole::new(marks(Role::Attacker), marks(Role::Defender))
    }

    /// Each side's modifiers with those that decided the test marked (issue 51), as the
    /// log keeps them.
    pub fn decided_modifiers(&self, attacker_die: u8, defender_die: u8) -> ByRole<Vec<Modifier>> {
        let marks = self.pivotal(attacker_die, defender_die);
        ByRole::new(self.modifiers(Role::Attacker), self.modifiers(Role::Defender)).map(|role, mut mods| {
            mark_pivotal(&mut mods, marks.get(role));
            mods
        })
    }

    fn decide(&self, margin: i32) -> CollisionResult {
        let mut r = CollisionResult {
            attacker_total: None,
            defender_total: None,
            unopposed: false,
            outcome: CollisionOutcome::Melee,
            winner: None,
            zone: None,
            flee_cm: None,
            wavering: Vec::new(),
        };
        if self.both_attacking() {
            // B-COL-19 equal: both halt; B-COL-20 within 2: melee; B-COL-21 3+: the lower flees.
            match margin {
                0 => {
                    r.outcome = CollisionOutcome::BothHalt;
                    r.wavering = vec![Role::Attacker, Role::Defender];
                }
                -2..=2 => {}
                m if m > 0 => self.flees(&mut r, Role::Defender),
                _ => self.flees(&mut r, Role::Attacker),
            }
            return r;
        }
        match margin {
            1 => {}
            m if m >= 2 => self.flees(&mut r, Role::Defender),
            m => {
                r.outcome = CollisionOutcome::AttackerHalts;
                r.winner = Some(Role::Defender);
                r.zone = Some(self.zone(m.unsigned_abs().max(1)));
                r.wavering = vec![Role::Attacker];
            }
        }
        r
    }

    fn flees(&self, r: &mut CollisionResult, who: Role) {
        r.outcome =
            if who == Role::Defender { CollisionOutcome::DefenderFlees } else { CollisionOutcome::AttackerFlees };
        r.winner = Some(who.other());
        r.flee_cm = Some(flight_cm(self.side(who).arm, &self.options));
    }

    /// The zone number; with zone widths filled in, never past the farthest (AMB-31).
    fn zone(&self, n: u32) -> u32 {
        let defined = u32::try_from(self.options.zone_widths_cm.len()).unwrap_or(u32::MAX);
        if defined > 0 { n.min(defined) } else { n }
    }

    /// The exact probability of every result over the 36 pairs of average-die faces.
    pub fn odds(&self) -> Vec<CollisionOdds> {
        let mut tally: Vec<CollisionOdds> = Vec::new();
        for a in AVERAGE_DIE_FACES {
            for d in AVERAGE_DIE_FACES {
                let r = self.resolve(a, d);
                match tally.iter_mut().find(|t| t.outcome == r.outcome && t.zone == r.zone && t.winner == r.winner) {
                    Some(t) => t.ways += 1,
                    None => tally.push(CollisionOdds {
                        winner: r.winner,
                        outcome: r.outcome,
                        zone: r.zone,
                        ways: 1,
                        p: 0.0,
                    }),
                }
            }
        }
        tally.sort_by_key(|t| (t.outcome, t.zone));
        for t in &mut tally {
            t.p = f64::from(t.ways) / 36.0;
        }
        tally
    }
}

/// B-COL-07 with AMB-30: infantry attacking downhill; cavalry attacking uphill as
/// printed, or downhill when the option says so.
fn favoured_slope(me: &BSide, options: &BOptions) -> bool {
    if me.arm.is_cavalry() {
        match options.cavalry_slope_bonus {
            CavalrySlopeBonus::Uphill => me.situation.slope == Slope::Uphill,
            CavalrySlopeBonus::Downhill => me.situation.slope == Slope::Downhill,
        }
    } else {
        me.arm.is_infantry() && me.situation.slope == Slope::Downhill
    }
}
