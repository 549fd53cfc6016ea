//! `coldsteel resolve`: one engagement file in (design.md section 4), the explained
//! result out as JSON or as readable text in the chosen language.

use serde::Deserialize;
use serde_json::{Value, json};
use thiserror::Error;

pub mod ruleset_b;

use crate::i18n::log_text::effect_text;
use crate::i18n::{Label, Lang, T};
use crate::rules::dice::{DiceError, DieKind, check_rolls};
use crate::rules::explain::{Modifier, sum};
use crate::rules::gdb::{MeleeInput, MeleeResult, MeleeSide, Role};
use crate::rules::geometry::{self, Footprint};
use crate::rules::ruleset_b::{BMeleeInput, BSide, CollisionInput, TestResult};
use crate::rules::{BOptions, GdbOptions, Ruleset};

/// Why an engagement file was refused: one line naming the field and the problem.
#[derive(Debug, Error)]
pub enum EngagementError {
    /// Not JSON, or a field of the wrong kind (the reader's message).
    #[error("{}{message}", if path.is_empty() { String::new() } else { format!("{path}: ") })]
    Field {
        /// Where in the file, e.g. `attacker.arm`.
        path: String,
        /// What is wrong.
        message: String,
    },
    /// Dice that are not faces of their die, or too many or too few.
    #[error("{path}: {error}")]
    Dice {
        /// `dice.attacker` or `dice.defender`.
        path: String,
        /// What is wrong with them.
        error: DiceError,
    },
    /// A count beyond what any real battle reaches.
    #[error("{path}: {value} is more than {limit}")]
    TooLarge {
        /// The field.
        path: String,
        /// The value read.
        value: u32,
        /// The most accepted.
        limit: u32,
    },
    /// A place on the table beyond its limits (or not a number).
    #[error("{path}: {value} is not between {low} and {high}")]
    OutOfRange {
        /// The field.
        path: String,
        /// The value read.
        value: f64,
        /// The least accepted.
        low: f64,
        /// The most accepted.
        high: f64,
    },
    /// A players' modifier without a reason, or with one past the limit (issue 51).
    #[error("{path}: a players' modifier needs a reason of 1 to 2000 characters")]
    NoReason {
        /// The field.
        path: String,
    },
    /// The file is JSON but not an object.
    #[error("the file must hold one JSON object (`{{ \"ruleset\": ..., \"step\": ... }}`)")]
    NotAnObject,
    /// A step the ruleset does not have.
    #[error("step: `{step}` is not a step of {ruleset:?} (steps: {steps})")]
    WrongStep {
        /// The ruleset of the file.
        ruleset: Ruleset,
        /// The step asked for.
        step: String,
        /// The steps it has.
        steps: &'static str,
    },
}

impl EngagementError {
    /// The reason in the user's language.
    pub fn text(&self, lang: Lang) -> String {
        use crate::i18n::errors::{dice_error_text, serde_message};
        match self {
            EngagementError::Field { path, message } if path.is_empty() => serde_message(lang, message),
            EngagementError::Field { path, message } => format!("{path}: {}", serde_message(lang, message)),
            EngagementError::Dice { path, error } => format!("{path}: {}", dice_error_text(lang, error)),
            EngagementError::TooLarge { path, value, limit } => {
                format!("{path}: {}", lang.fmt(T::EngTooLarge, &[value, limit]))
            }
            EngagementError::OutOfRange { path, value, low, high } => {
                format!("{path}: {}", lang.fmt(T::EngOutOfRange, &[value, low, high]))
            }
            EngagementError::NoReason { path } => format!("{path}: {}", lang.t(T::EngNoReason)),
            EngagementError::NotAnObject => lang.t(T::EngNotAnObject).to_owned(),
            EngagementError::WrongStep { ruleset, step, steps } => {
                lang.fmt(T::EngWrongStep, &[step, &ruleset.label(lang), steps])
            }
        }
    }
}

fn field(path: &str, message: impl Into<String>) -> EngagementError {
    EngagementError::Field { path: path.to_owned(), message: message.into() }
}

fn dice(path: &str) -> impl Fn(DiceError) -> EngagementError + '_ {
    move |error| EngagementError::Dice { path: path.to_owned(), error }
}

/// A number checked against the limit no real battle reaches.
fn bound(path: &str, value: u32, limit: u32) -> Result<(), EngagementError> {
    if value > limit { Err(EngagementError::TooLarge { path: path.to_owned(), value, limit }) } else { Ok(()) }
}

fn check_gdb_side(role: &str, s: &MeleeSide) -> Result<(), EngagementError> {
    bound(&format!("{role}.figures"), s.figures, crate::model::MAX_FIGURES)?;
    bound(&format!("{role}.moved_cm"), s.situation.moved_cm.unwrap_or(0), crate::model::MAX_DISTANCE_CM)?;
    check_overrules(role, &s.situation.overrules)
}

/// The players' modifiers of a side (issue 51): a few, each within ±20 with a reason.
fn check_overrules(role: &str, mods: &[crate::rules::PlayersModifier]) -> Result<(), EngagementError> {
    let most = u32::try_from(crate::rules::PlayersModifier::MOST).unwrap_or(u32::MAX);
    bound(&format!("{role}.overrules"), u32::try_from(mods.len()).unwrap_or(u32::MAX), most)?;
    for (i, m) in mods.iter().enumerate() {
        let high = crate::rules::house::MAX_HOUSE_VALUE;
        if !(-high..=high).contains(&m.value) {
            let (value, low, high) = (f64::from(m.value), f64::from(-high), f64::from(high));
            return Err(EngagementError::OutOfRange { path: format!("{role}.overrules[{i}].value"), value, low, high });
        }
        let chars = m.reason.trim().chars().count();
        if chars == 0 || chars > crate::model::limits::MAX_REASON_CHARS {
            return Err(EngagementError::NoReason { path: format!("{role}.overrules[{i}].reason") });
        }
    }
    Ok(())
}

fn check_b_side(role: &str, s: &BSide) -> Result<(), EngagementError> {
    bound(&format!("{role}.figures"), s.figures, crate::model::MAX_FIGURES)?;
    check_overrules(role, &s.situation.overrules)?;
    bound(&format!("{role}.figures_in_contact"), s.figures_in_contact, crate::game::MAX_FIGURES_IN_CONTACT)?;
    bound(&format!("{role}.overlaps"), s.overlaps, 2)?;
    bound(&format!("{role}.melee_turn"), s.melee_turn, crate::model::MAX_MELEE_TURN)
}

fn check_b_file(f: &BFile) -> Result<(), EngagementError> {
    check_b_side("attacker", &f.attacker)?;
    check_b_side("defender", &f.defender)?;
    bound("distance_cm", f.distance_cm.unwrap_or(0), crate::model::MAX_DISTANCE_CM)?;
    let earlier = [
        ("earlier_losses.attacker", f.earlier_losses.attacker),
        ("earlier_losses.defender", f.earlier_losses.defender),
    ];
    for (path, v) in earlier {
        bound(path, v.unwrap_or(0), crate::model::MAX_FIGURES)?;
    }
    Ok(())
}

#[derive(Deserialize)]
struct Header {
    ruleset: Ruleset,
    step: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Dice {
    attacker: Vec<i64>,
    defender: Vec<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GdbMeleeFile {
    #[allow(dead_code)]
    ruleset: Ruleset,
    #[allow(dead_code)]
    step: String,
    attacker: MeleeSide,
    defender: MeleeSide,
    #[serde(default)]
    dice: Option<Dice>,
    #[serde(default)]
    options: Option<GdbOptions>,
}

impl Engagement {
    /// The ruleset it is resolved under.
    pub fn ruleset(&self) -> Ruleset {
        match self {
            Engagement::GdbMelee { .. } => Ruleset::Gdb,
            Engagement::BCollision { .. } | Engagement::BMelee { .. } => Ruleset::RulesetB,
        }
    }
}

/// A parsed engagement, ready to resolve.
#[derive(Debug)]
pub enum Engagement {
    /// A General de Brigade melee.
    GdbMelee {
        /// Both sides and the options.
        input: MeleeInput,
        /// Both sides' 2D6, if given.
        dice: Option<([u8; 2], [u8; 2])>,
        /// What the table shows, when both sides are placed.
        derived: Option<Derived>,
    },
    /// A Ruleset B collision test.
    BCollision {
        /// Both sides and the options.
        input: CollisionInput,
        /// Both sides' average die, if given.
        dice: Option<(u8, u8)>,
        /// What the table shows, when both sides are placed.
        derived: Option<Derived>,
    },
    /// A turn of Ruleset B melee.
    BMelee {
        /// Both sides, the turn and the options.
        input: BMeleeInput,
        /// Both sides' D6s, if given.
        dice: Option<(Vec<u8>, Vec<u8>)>,
        /// Both sides' morale tests after the turn, if taken.
        tests: (Option<TestResult>, Option<TestResult>),
        /// Figures lost in earlier turns of this melee.
        earlier_losses: (u32, u32),
        /// A fresh enemy unit charged this side this turn (B-MEL-05).
        fresh_charge: (bool, bool),
        /// What the table shows, when both sides are placed.
        derived: Option<Derived>,
    },
}

/// What the table shows when both sides' bases are placed: the attacker is the charger.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Derived {
    /// Edge to edge, between the nearest points of the two bases, cm (unrounded).
    pub distance_cm: f64,
    /// From the middle of the attacker's front edge, between its straight ahead and the
    /// nearest point of the defender, degrees.
    pub angle_deg: f64,
    /// Within 22° of straight ahead (AMB-21).
    pub in_sector: bool,
    /// The defender's face the attacker strikes (sets the defender's `struck_face`).
    pub struck_face: crate::rules::Face,
}

/// What the table contradicts in the file: the target outside the sector, or a charge
/// distance (`moved_cm`) other than the table's, as (stable key, words).
fn warnings(lang: Lang, d: &Derived, moved_cm: Option<u32>) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    if !d.in_sector {
        out.push(("outside_sector", lang.fmt(T::DerivedOutsideWarning, &[&format!("{:.1}", d.angle_deg)])));
    }
    if let Some(m) = moved_cm.filter(|m| (f64::from(*m) - d.distance_cm).abs() > 0.5) {
        out.push(("moved_differs", lang.fmt(T::DerivedMovedWarning, &[&m, &format!("{:.1}", d.distance_cm)])));
    }
    out
}

/// The attacker's charge distance a file gives (GdB only).
fn moved_of(engagement: &Engagement) -> Option<u32> {
    match engagement {
        Engagement::GdbMelee { input, .. } => input.attacker.situation.moved_cm,
        Engagement::BCollision { .. } | Engagement::BMelee { .. } => None,
    }
}

impl Derived {
    /// What the two bases show.
    pub fn of(attacker: &Footprint, defender: &Footprint) -> Self {
        let angle_deg = geometry::angle_deg(attacker, defender);
        Derived {
            distance_cm: geometry::distance_cm(attacker, defender),
            angle_deg,
            in_sector: geometry::in_sector(angle_deg),
            struck_face: geometry::struck_face(attacker, defender),
        }
    }
}

/// The `place` of each side, taken out of the file's text: inside each side
/// (`attacker.place`) or beside them (`place.attacker`). Returns the text without them
/// (unchanged when there is none) and the two places when both are given.
fn take_places(text: &str) -> Result<(String, Option<(Footprint, Footprint)>), EngagementError> {
    if !text.contains("\"place\"") {
        return Ok((text.to_owned(), None));
    }
    let mut value: Value = serde_json::from_str(text).map_err(|e| field("", e.to_string()))?;
    if let Some(p) = value.get("place").filter(|p| !p.is_object()) {
        return Err(field("place", format!("invalid type: {}, expected a map", kind_of_value(p))));
    }
    let mut found: [Option<Footprint>; 2] = [None, None];
    for (i, role) in ["attacker", "defender"].into_iter().enumerate() {
        let inside = value.get_mut(role).and_then(Value::as_object_mut).and_then(|s| s.remove("place"));
        let beside = value.get_mut("place").and_then(Value::as_object_mut).and_then(|p| p.remove(role));
        for (path, v) in [(format!("{role}.place"), inside), (format!("place.{role}"), beside)] {
            if let Some(v) = v {
                if found[i].is_some() {
                    return Err(field(&path, format!("duplicate field `place` (also {role}.place)")));
                }
                found[i] = Some(footprint(&path, v)?);
            }
        }
    }
    if let Some(map) = value.as_object_mut() {
        match map.get("place").and_then(Value::as_object) {
            Some(rest) if !rest.is_empty() => {
                let key = rest.keys().next().cloned().unwrap_or_default();
                let message = format!("unknown field `{key}`, expected `attacker` or `defender`");
                return Err(field(&format!("place.{key}"), message));
            }
            _ => {
                map.remove("place");
            }
        }
    }
    let places = match found {
        [Some(a), Some(d)] => Some((a, d)),
        _ => None,
    };
    Ok((value.to_string(), places))
}

/// "a sequence", "a string", ...: what a JSON value is, as the reader says it.
fn kind_of_value(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a sequence",
        Value::Object(_) => "a map",
    }
}

/// A base's place, checked: finite, on a table no larger than the limits, with a size.
fn footprint(path: &str, v: Value) -> Result<Footprint, EngagementError> {
    if !v.is_object() {
        return Err(field(path, format!("invalid type: {}, expected a map", kind_of_value(&v))));
    }
    let f: Footprint = serde_path_to_error::deserialize(v).map_err(|e| {
        let inner = e.path().to_string();
        let at = if inner == "." || inner == "?" { path.to_owned() } else { format!("{path}.{inner}") };
        field(&at, e.into_inner().to_string())
    })?;
    let limit = f64::from(crate::model::MAX_DISTANCE_CM);
    // No base is narrower than a millimetre.
    let checks = [
        ("x_cm", f.x_cm, -limit, limit),
        ("y_cm", f.y_cm, -limit, limit),
        ("facing_deg", f.facing_deg, -36_000.0, 36_000.0),
        ("frontage_cm", f.frontage_cm, 0.1, limit),
        ("depth_cm", f.depth_cm, 0.1, limit),
    ];
    for (name, value, low, high) in checks {
        if !value.is_finite() || value < low || value > high {
            return Err(EngagementError::OutOfRange { path: format!("{path}.{name}"), value, low, high });
        }
    }
    Ok(f)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PerSide<T> {
    attacker: Option<T>,
    defender: Option<T>,
}

fn none_per_side<T>() -> PerSide<T> {
    PerSide { attacker: None, defender: None }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BFile {
    #[allow(dead_code)]
    ruleset: Ruleset,
    #[allow(dead_code)]
    step: String,
    attacker: BSide,
    defender: BSide,
    #[serde(default)]
    dice: Option<Dice>,
    #[serde(default)]
    options: Option<BOptions>,
    #[serde(default = "none_per_side")]
    tests: PerSide<TestResult>,
    #[serde(default = "none_per_side")]
    earlier_losses: PerSide<u32>,
    /// Sides charged by a fresh enemy unit this turn (B-MEL-05).
    #[serde(default = "none_per_side")]
    fresh_charge: PerSide<bool>,
    /// The distance the attack began at: with the attack-proper table in `options` it
    /// decides "began too close" (B-COL-06, AMB-37).
    #[serde(default)]
    distance_cm: Option<u32>,
}

fn parse_typed<T: for<'de> Deserialize<'de>>(text: &str) -> Result<T, EngagementError> {
    let de = &mut serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        // The reader's message names the line and column; a path adds nothing at the top.
        let path = if path == "." || path == "?" { String::new() } else { path };
        field(&path, inner.to_string())
    })
}

fn two_dice(path: &str, rolls: &[i64]) -> Result<[u8; 2], EngagementError> {
    let v = check_rolls(DieKind::D6, 2, rolls).map_err(dice(path))?;
    match v.as_slice() {
        [a, b] => Ok([*a, *b]),
        _ => Err(dice(path)(DiceError::WrongCount { expected: 2, got: v.len() })),
    }
}

/// Parses an engagement file's text.
pub fn parse(text: &str) -> Result<Engagement, EngagementError> {
    parse_under(text, None)
}

/// Parses an engagement file's text to resolve under a club's rules pack (`coldsteel
/// resolve --rules`, issue 50): the pack's choices and tables stand for any the file
/// gives.
pub fn parse_under(text: &str, rules: Option<&crate::model::RulesOptions>) -> Result<Engagement, EngagementError> {
    // An array or a number would read as a struct by position, with a baffling message;
    // text that is not JSON at all is left to the reader, which locates the error.
    if crate::model::is_json_but_not_an_object(text) {
        return Err(EngagementError::NotAnObject);
    }
    let (text, places) = take_places(text)?;
    let text = text.as_str();
    let derived = places.map(|(a, d)| Derived::of(&a, &d));
    let header: Header = parse_typed(text)?;
    match (header.ruleset, header.step.as_str()) {
        (Ruleset::Gdb, "melee") => {
            let f: GdbMeleeFile = parse_typed(text)?;
            check_gdb_side("attacker", &f.attacker)?;
            check_gdb_side("defender", &f.defender)?;
            let dice = match &f.dice {
                Some(d) => Some((two_dice("dice.attacker", &d.attacker)?, two_dice("dice.defender", &d.defender)?)),
                None => None,
            };
            let mut input =
                MeleeInput { attacker: f.attacker, defender: f.defender, options: gdb_options(f.options, rules) };
            if let Some(d) = &derived {
                input.defender.situation.struck_face = d.struck_face;
            }
            Ok(Engagement::GdbMelee { input, dice, derived })
        }
        (Ruleset::Gdb, other) => {
            Err(EngagementError::WrongStep { ruleset: Ruleset::Gdb, step: other.to_owned(), steps: "melee" })
        }
        (Ruleset::RulesetB, "collision") => {
            let f: BFile = parse_typed(text)?;
            check_b_file(&f)?;
            let dice = match &f.dice {
                Some(d) => {
                    Some((one_average("dice.attacker", &d.attacker)?, one_average("dice.defender", &d.defender)?))
                }
                None => None,
            };
            let options = b_options(f.options.clone(), rules);
            let (mut attacker, mut defender) = (f.attacker, f.defender);
            for side in [&mut attacker, &mut defender].into_iter().filter(|s| s.situation.charging) {
                if let Some(close) = options.began_too_close(side.arm, f.distance_cm) {
                    side.situation.started_close = close;
                }
            }
            if let Some(d) = &derived {
                defender.situation.struck_face = d.struck_face;
            }
            let input = CollisionInput { attacker, defender, options };
            Ok(Engagement::BCollision { input, dice, derived })
        }
        (Ruleset::RulesetB, "melee") => {
            let f: BFile = parse_typed(text)?;
            check_b_file(&f)?;
            parse_b_melee(f, derived, rules)
        }
        (Ruleset::RulesetB, other) => Err(EngagementError::WrongStep {
            ruleset: Ruleset::RulesetB,
            step: other.to_owned(),
            steps: "collision, melee",
        }),
    }
}

fn one_average(path: &str, rolls: &[i64]) -> Result<u8, EngagementError> {
    let v = check_rolls(DieKind::Average, 1, rolls).map_err(dice(path))?;
    v.first().copied().ok_or_else(|| dice(path)(DiceError::WrongCount { expected: 1, got: 0 }))
}

/// The General de Brigade options to resolve under: the pack's, else the file's.
fn gdb_options(file: Option<GdbOptions>, rules: Option<&crate::model::RulesOptions>) -> GdbOptions {
    rules.map_or_else(|| file.unwrap_or_default(), |r| r.gdb.clone())
}

/// The Ruleset B options to resolve under: the pack's, else the file's.
fn b_options(file: Option<BOptions>, rules: Option<&crate::model::RulesOptions>) -> BOptions {
    rules.map_or_else(|| file.unwrap_or_default(), |r| r.ruleset_b.clone())
}

fn parse_b_melee(
    f: BFile,
    derived: Option<Derived>,
    rules: Option<&crate::model::RulesOptions>,
) -> Result<Engagement, EngagementError> {
    let turn = f.attacker.melee_turn.max(f.defender.melee_turn).max(1);
    let options = b_options(f.options, rules);
    let mut input = BMeleeInput { attacker: f.attacker, defender: f.defender, turn, options };
    if let Some(d) = &derived {
        input.defender.situation.struck_face = d.struck_face;
    }
    let dice = match &f.dice {
        Some(d) => {
            let a = check_rolls(DieKind::D6, input.dice(Role::Attacker) as usize, &d.attacker)
                .map_err(dice("dice.attacker"))?;
            let b = check_rolls(DieKind::D6, input.dice(Role::Defender) as usize, &d.defender)
                .map_err(dice("dice.defender"))?;
            Some((a, b))
        }
        None => None,
    };
    let tests = (f.tests.attacker, f.tests.defender);
    let earlier_losses = (f.earlier_losses.attacker.unwrap_or(0), f.earlier_losses.defender.unwrap_or(0));
    let fresh_charge = (f.fresh_charge.attacker.unwrap_or(false), f.fresh_charge.defender.unwrap_or(false));
    Ok(Engagement::BMelee { input, dice, tests, earlier_losses, fresh_charge, derived })
}

/// A breakdown as JSON: per modifier its `rule` (the clause, for the rulebook's and a
/// clause the club changed), `value`, `label`, `source` (`rulebook`, `house` or
/// `overrule`), a house one's `house_id`, an overrule's `reason`, and `pivotal` when it
/// decided the result (issue 51).
pub fn modifiers_json(lang: Lang, mods: &[Modifier]) -> Value {
    Value::Array(mods.iter().map(|m| modifier_json(lang, m)).collect())
}

fn modifier_json(lang: Lang, m: &Modifier) -> Value {
    let mut out = serde_json::Map::new();
    out.insert("rule".into(), m.rule().map_or(Value::Null, |r| json!(r.id())));
    out.insert("value".into(), json!(m.value));
    out.insert("label".into(), json!(crate::i18n::names::modifier_label(lang, m)));
    out.insert("source".into(), json!(m.source_key()));
    if let Some(tag) = m.house() {
        out.insert("house_id".into(), json!(tag.id));
    }
    if let Some(reason) = m.reason() {
        out.insert("reason".into(), json!(reason));
    }
    if m.pivotal {
        out.insert("pivotal".into(), Value::Bool(true));
    }
    Value::Object(out)
}

/// `attacker`, `defender` or null.
pub fn role_key(role: Option<Role>) -> Value {
    match role {
        Some(Role::Attacker) => json!("attacker"),
        Some(Role::Defender) => json!("defender"),
        None => Value::Null,
    }
}

/// The result as the JSON of design.md section 4.
pub fn to_json(engagement: &Engagement, lang: Lang) -> Value {
    let (mut out, derived) = match engagement {
        Engagement::GdbMelee { input, dice, derived } => (gdb_json(input, *dice, lang), derived),
        Engagement::BCollision { input, dice, derived } => (ruleset_b::collision_json(input, *dice, lang), derived),
        Engagement::BMelee { input, dice, tests, earlier_losses, fresh_charge, derived } => {
            (ruleset_b::melee_json(input, dice.as_ref(), *tests, (*earlier_losses, *fresh_charge), lang), derived)
        }
    };
    if let (Some(d), Some(map)) = (derived, out.as_object_mut()) {
        let said: Vec<&str> = warnings(lang, d, moved_of(engagement)).into_iter().map(|(k, _)| k).collect();
        map.insert(
            "derived".into(),
            json!({
                "distance_cm": d.distance_cm,
                "angle_deg": d.angle_deg,
                "in_sector": d.in_sector,
                "struck_face": d.struck_face.key(),
                "warnings": said,
            }),
        );
    }
    out
}

/// What the table shows, said with how each was found.
fn derived_text(lang: Lang, d: &Derived, moved_cm: Option<u32>) -> String {
    let sector = lang.t(if d.in_sector { T::DerivedInSector } else { T::DerivedOutOfSector });
    let face = match d.struck_face {
        crate::rules::Face::Front => T::DerivedFront,
        crate::rules::Face::Flank => T::DerivedFlank,
        crate::rules::Face::Rear => T::DerivedRear,
    };
    let mut lines = vec![
        lang.t(T::DerivedHeading).to_owned(),
        lang.fmt(T::DerivedDistance, &[&format!("{:.1}", d.distance_cm)]),
        lang.fmt(T::DerivedAngle, &[&format!("{:.1}", d.angle_deg), &sector]),
        lang.fmt(T::DerivedFace, &[&d.struck_face.label(lang), &lang.t(face)]),
    ];
    lines.extend(warnings(lang, d, moved_cm).into_iter().map(|(_, w)| w));
    lines.join("\n  ") + "\n\n"
}

fn gdb_json(input: &MeleeInput, dice: Option<([u8; 2], [u8; 2])>, lang: Lang) -> Value {
    let mods = gdb_modifiers(input, dice);
    let side = |mods: &[Modifier]| json!({"modifiers": modifiers_json(lang, mods), "modifier_total": sum(mods)});
    let mut out = json!({
        "ruleset": "gdb",
        "step": "melee",
        "attacker": side(&mods.attacker),
        "defender": side(&mods.defender),
        "odds": input.odds().iter().map(|o| json!({
            "winner": role_key(o.winner), "outcome": o.outcome.key(), "p": o.p, "ways": o.ways,
        })).collect::<Vec<_>>(),
    });
    if let (Some((a, d)), Some(map)) = (dice, out.as_object_mut()) {
        let r = input.resolve(a, d);
        map.insert("difference".into(), json!(r.difference()));
        map.insert("winner".into(), role_key(r.winner));
        map.insert("outcome".into(), json!(r.outcome.key()));
        map.insert("effects".into(), json!({"attacker": r.attacker_effects, "defender": r.defender_effects}));
        for (key, dice, total) in [("attacker", a, r.attacker_total), ("defender", d, r.defender_total)] {
            if let Some(s) = map.get_mut(key).and_then(Value::as_object_mut) {
                s.insert("dice".into(), json!(dice));
                s.insert("total".into(), json!(total));
            }
        }
    }
    out
}

/// Each side's modifiers, those that decided the melee marked once the dice are in
/// (issue 51).
fn gdb_modifiers(input: &MeleeInput, dice: Option<([u8; 2], [u8; 2])>) -> crate::rules::ByRole<Vec<Modifier>> {
    match dice {
        Some((a, d)) => input.decided_modifiers(a, d),
        None => crate::rules::ByRole::new(input.modifiers(Role::Attacker), input.modifiers(Role::Defender)),
    }
}

/// One side's modifiers (those that decided the melee marked), its dice and total.
fn side_text(
    lang: Lang,
    input: &MeleeInput,
    role: Role,
    (dice, mods): (Option<[u8; 2]>, &[Modifier]),
    out: &mut String,
) {
    let me = input.side(role);
    out.push_str(&format!("{}: {}, {}\n", role.label(lang), me.arm.label(lang), me.class.label(lang)));
    for m in mods {
        out.push_str(&modifier_line(lang, m));
    }
    let total = sum(mods);
    match dice {
        Some([a, b]) => out.push_str(&format!(
            "  {} {total:+}; {} {a}+{b}; {} {}\n",
            lang.t(T::ResModifiers),
            lang.t(T::ResDice),
            lang.t(T::ResTotal),
            total + i32::from(a) + i32::from(b)
        )),
        None => out.push_str(&format!("  {} {total:+}\n", lang.t(T::ResModifiers))),
    }
}

fn result_text(lang: Lang, r: &MeleeResult, out: &mut String) {
    out.push_str(&lang.fmt(T::ResDifference, &[&format!("{:+}", r.difference())]));
    out.push('\n');
    match r.winner {
        Some(w) => out.push_str(&lang.fmt(T::ResWinner, &[&w.label(lang)])),
        None => out.push_str(lang.t(T::ResNoWinner)),
    }
    out.push('\n');
    out.push_str(&lang.fmt(T::ResOutcome, &[&r.outcome.label(lang)]));
    out.push_str(&format!("\n{}:\n", lang.t(T::ResEffects)));
    for (role, effects) in [(Role::Attacker, &r.attacker_effects), (Role::Defender, &r.defender_effects)] {
        let list: Vec<String> = effects.iter().map(|e| effect_text(lang, e)).collect();
        out.push_str(&format!("  {}: {}\n", role.label(lang), list.join("; ")));
    }
}

/// The result as readable text.
pub fn to_text(engagement: &Engagement, lang: Lang) -> String {
    let (text, derived) = match engagement {
        Engagement::GdbMelee { input, dice, derived } => (gdb_text(input, dice, lang), derived),
        Engagement::BCollision { input, dice, derived } => (ruleset_b::collision_text(input, *dice, lang), derived),
        Engagement::BMelee { input, dice, tests, earlier_losses, fresh_charge, derived } => {
            (ruleset_b::melee_text(input, dice.as_ref(), *tests, (*earlier_losses, *fresh_charge), lang), derived)
        }
    };
    match derived {
        Some(d) => derived_text(lang, d, moved_of(engagement)) + &text,
        None => text,
    }
}

/// A modifier line of a breakdown.
/// A modifier line of a breakdown, marked when it decided the result.
pub fn modifier_line(lang: Lang, m: &Modifier) -> String {
    let (clause, label) = (crate::i18n::names::modifier_clause(m), crate::i18n::names::modifier_label(lang, m));
    let line = format!("  {clause:<12} {label:<48} {:+}", m.value);
    if m.pivotal { format!("{line}  {}\n", lang.t(T::ResPivotal)) } else { line + "\n" }
}

fn gdb_text(input: &MeleeInput, dice: &Option<([u8; 2], [u8; 2])>, lang: Lang) -> String {
    let mut out = String::new();
    let mods = gdb_modifiers(input, *dice);
    side_text(lang, input, Role::Attacker, (dice.map(|d| d.0), &mods.attacker), &mut out);
    side_text(lang, input, Role::Defender, (dice.map(|d| d.1), &mods.defender), &mut out);
    out.push('\n');
    match dice {
        Some((a, d)) => result_text(lang, &input.resolve(*a, *d), &mut out),
        None => out.push_str(&format!("{}\n", lang.t(T::ResNoDice))),
    }
    out.push_str(&format!("\n{}:\n", lang.t(T::ResOdds)));
    for o in input.odds() {
        let winner = o.winner.map(|w| w.label(lang));
        let result = crate::i18n::log_text::odds_result(lang, winner, o.outcome.label(lang));
        out.push_str(&format!("  {:>6.2}%  {result}  ({}/1296)\n", o.p * 100.0, o.ways));
    }
    out
}
