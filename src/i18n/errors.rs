//! Refusals and errors in the user's language: the core's errors carry their details as
//! data; these say them in words. (`thiserror` messages are for logs.)

use super::{Label, Lang, T};
use crate::game::procedure::DraftRefusal;
use crate::game::{ActionError, ReplayError};
use crate::i18n::Noun;
use crate::model::ModelError;
use crate::rules::gdb::charge::ChargeError;
use crate::storage::{LoadError, SaveError};

/// A model problem in the interface language.
pub fn problem_text(lang: Lang, problem: &crate::model::Problem) -> String {
    use crate::model::Problem as P;
    match problem {
        P::EmptyName => lang.t(T::ProblemEmptyName).to_owned(),
        P::NoStartingFigures => lang.t(T::ProblemNoFigures).to_owned(),
        P::FiguresAboveStart { figures, start } => lang.fmt(T::ProblemFiguresAboveStart, &[figures, start]),
        P::MissingBrigade(id) => lang.fmt(T::ProblemMissingBrigade, &[id]),
        P::BrigadeOfOtherSide(id) => lang.fmt(T::ProblemBrigadeOtherSide, &[id]),
        P::MissingUnit(id) => lang.fmt(T::ProblemMissingUnit, &[id]),
        P::UnitOfOtherSide(id) => lang.fmt(T::ProblemUnitOtherSide, &[id]),
        P::BadIds => lang.t(T::ProblemBadIds).to_owned(),
        P::CommanderWithBrigade => lang.t(T::ProblemCommanderWithBrigade).to_owned(),
        P::TwoCommanders(_) => lang.t(T::ProblemTwoCommanders).to_owned(),
        P::FormationNotForArm => lang.t(T::ProblemFormationNotForArm).to_owned(),
        P::OutOfRange { field, value, limit } => {
            lang.fmt(T::ProblemOutOfRange, &[&field_text(lang, field), value, limit])
        }
        P::TooLong { field, chars, limit } => lang.fmt(T::ProblemTooLong, &[&field_text(lang, field), chars, limit]),
        P::EngagementOfFriends(i) => lang.fmt(T::ProblemEngagementFriends, &[i]),
        P::OffTheTable => lang.t(T::ProblemOffTheTable).to_owned(),
        P::House(e) => house_error_text(lang, e),
        P::EngagementWithoutUnit { index, unit } => lang.fmt(T::ProblemEngagementMissing, &[index, unit]),
        P::SameSideNames => lang.t(T::ProblemSameSideNames).to_owned(),
        P::UntrimmedName => lang.t(T::ProblemUntrimmedName).to_owned(),
        P::ControlInName => lang.t(T::ProblemControlInName).to_owned(),
    }
}

/// A field a limit applies to, in words (the file's own name where it has none).
pub fn field_text(lang: Lang, field: &str) -> String {
    let key = match field {
        "units" => T::FieldUnits,
        "generals" => T::FieldGenerals,
        "brigades" => T::FieldBrigades,
        "items" => T::FieldItems,
        "turn" => T::FieldTurn,
        "orders_used" => T::FieldOrdersUsed,
        "log turn" => T::FieldLogTurn,
        "log" => T::FieldLog,
        "distance_cm" => T::FieldDistanceCm,
        "melee_turn" => T::FieldMeleeTurn,
        "figures" => T::FieldFigures,
        "figures_start" => T::FieldFiguresStart,
        "name" => T::FieldName,
        "name_ru" => T::FieldNameRu,
        "side name" => T::FieldSideName,
        "side name_ru" => T::FieldSideNameRu,
        "description" => T::FieldDescription,
        "description_ru" => T::FieldDescriptionRu,
        "note" => T::FieldNote,
        "result" => T::FieldResult,
        "reason" => T::FieldReason,
        "subject" => T::FieldSubject,
        "refusals" => T::FieldRefusals,
        other => return other.to_owned(),
    };
    lang.t(key).to_owned()
}

/// Events that do not fit the battle (a damaged history), in words.
pub fn apply_error_text(lang: Lang, e: &crate::game::ApplyError) -> String {
    use crate::game::{ApplyError as E, ApplyItem, Recorded};
    let item = |kind: &ApplyItem, id: &u32| {
        let key = match kind {
            ApplyItem::Unit => T::ApplyUnit,
            ApplyItem::General => T::ApplyGeneral,
            ApplyItem::Brigade => T::ApplyBrigade,
        };
        lang.fmt(key, &[id])
    };
    let what = match e {
        E::NotAsRecorded(part) => {
            let key = match part {
                Recorded::Log => T::ApplyLog,
                Recorded::Engagements => T::ApplyEngagements,
                Recorded::Dice => T::ApplyDice,
                Recorded::Names => T::ApplyNames,
                Recorded::Options => T::ApplyOptions,
                Recorded::Table => T::ApplyTable,
                Recorded::Turn => T::ApplyTurn,
            };
            lang.fmt(T::ApplyNotAsRecorded, &[&lang.t(key)])
        }
        E::Exists(kind, id) => lang.fmt(T::ApplyExists, &[&item(kind, id)]),
        E::ItemNotAsRecorded(kind, id) => lang.fmt(T::ApplyNotAsRecorded, &[&item(kind, id)]),
        E::IdChanged(kind, id) => lang.fmt(T::ApplyIdChanged, &[&item(kind, id)]),
    };
    lang.fmt(T::ErrApply, &[&what])
}

/// A charge refusal in words.
pub fn charge_error_text(lang: Lang, e: &ChargeError) -> String {
    match e {
        ChargeError::NoCommander => lang.t(T::ErrNoCommander).to_owned(),
        ChargeError::RegimentalCommander => lang.t(T::ErrRegimental).to_owned(),
        ChargeError::NotVisible => lang.t(T::ErrNotVisible).to_owned(),
        ChargeError::OutOfReach { distance, reach } => lang.fmt(T::ErrOutOfReach, &[distance, reach]),
        ChargeError::OutsideSector(deg) => lang.fmt(T::ErrOutsideSector, &[deg]),
        ChargeError::AlreadyCharged => lang.t(T::WhyOnlyStand).to_owned(),
        ChargeError::MayNotFire => lang.t(T::WhyNoFire).to_owned(),
        ChargeError::NoTableRow(total) => lang.fmt(T::NoTableRow, &[total]),
        ChargeError::TwoDiceNeeded => lang.t(T::ErrTwoDiceNeeded).to_owned(),
        ChargeError::TooManyLost { lost, has } => {
            lang.fmt(T::ErrTooManyLost, &[&lang.count(*lost, Noun::Figure), &lang.count(*has, Noun::Figure)])
        }
        ChargeError::NotAResultOf { test, result } => {
            lang.fmt(T::ErrNotAResult, &[&test.label(lang), &result.label(lang)])
        }
        ChargeError::OpportunityNotCavalry => lang.t(T::ErrOppCavalry).to_owned(),
        ChargeError::NoOrdersLeft => lang.t(T::ErrOppOrders).to_owned(),
        ChargeError::NotOwnBrigade => lang.t(T::ErrOppBrigade).to_owned(),
        ChargeError::NotInReachAtStart => lang.t(T::ErrOppReach).to_owned(),
        ChargeError::TooLate => lang.t(T::ErrOppLate).to_owned(),
        ChargeError::MayNotEvade => lang.t(T::WhyNoEvade).to_owned(),
        ChargeError::MayNotCounterCharge => lang.t(T::WhyNoCounter).to_owned(),
        ChargeError::SkirmishersMustEvade => lang.t(T::WhySkirmishersEvade).to_owned(),
        ChargeError::NoTimeToChange { needed, available } => lang.fmt(T::ErrNoTime, &[needed, available]),
        ChargeError::DurationUnknown => lang.t(T::ErrDuration).to_owned(),
        ChargeError::ChargeMoveUnknown => lang.t(T::ErrChargeMove).to_owned(),
        ChargeError::WrongStep => lang.t(T::ErrWrongStep).to_owned(),
        ChargeError::MeetBeyondGap { counter, gap } => lang.fmt(T::ErrMeetBeyondGap, &[gap, counter]),
        ChargeError::OnlyInfantryOccupies => lang.t(T::ErrOnlyInfantryOccupies).to_owned(),
        ChargeError::NoBuildingsToOccupy => lang.t(T::ErrNoBuildings).to_owned(),
        ChargeError::CrewDidNotFlee => lang.t(T::ErrCrewDidNotFlee).to_owned(),
        ChargeError::CarryOnOutOfReach { needed, left } => lang.fmt(T::ErrCarryOnReach, &[needed, left]),
        ChargeError::EvadersOutOfReach => lang.t(T::ErrEvadersOutOfReach).to_owned(),
        ChargeError::ChargerHalted => lang.t(T::ErrChargerHalted).to_owned(),
        ChargeError::NoMoveLeft => lang.t(T::ErrNoMoveLeft).to_owned(),
        ChargeError::AlreadyDeclared => lang.t(T::ErrAlreadyDeclared).to_owned(),
        ChargeError::PhasingDeclaresFirst => lang.t(T::ErrPhasingDeclaresFirst).to_owned(),
        ChargeError::DeclarationsClosed => lang.t(T::ErrDeclarationsClosed).to_owned(),
        ChargeError::DeclarationsOpen => lang.t(T::ErrDeclarationsOpen).to_owned(),
        ChargeError::NotAnAnswer => lang.t(T::ErrNotAnAnswer).to_owned(),
        ChargeError::OpportunityFirst => lang.t(T::ErrOpportunityFirst).to_owned(),
        ChargeError::PhasingChargesFirst => lang.t(T::ErrPhasingChargesFirst).to_owned(),
        ChargeError::TableDistance { typed, table } => lang.fmt(T::ErrTableDistance, &[table, typed]),
        ChargeError::TableBearing { typed, table } => lang.fmt(T::ErrTableBearing, &[table, typed]),
        ChargeError::TableCommander { table: true } => lang.t(T::ErrTableCommanderWithin).to_owned(),
        ChargeError::TableCommander { table: false } => lang.t(T::ErrTableCommanderAway).to_owned(),
        ChargeError::ChargedThisTurn => lang.t(T::ErrChargedThisTurn).to_owned(),
        ChargeError::ChargerInContact => lang.t(T::ErrChargerInContact).to_owned(),
        ChargeError::TargetInMelee => lang.t(T::ErrTargetInMelee).to_owned(),
        ChargeError::TargetInMeleeStands => lang.t(T::ErrTargetInMeleeStands).to_owned(),
        ChargeError::NotChargesPhase => lang.t(T::ErrNotChargesPhase).to_owned(),
        ChargeError::NotAnOrderingGeneral => lang.t(T::ErrNotOrderingGeneral).to_owned(),
    }
}

/// Why a charge's declaration cannot go on, in words.
pub fn draft_refusal_text(lang: Lang, r: &DraftRefusal) -> String {
    match r {
        DraftRefusal::DistanceNeeded => lang.t(T::DistanceNeeded).to_owned(),
        DraftRefusal::AskedFirst => lang.t(T::AskedBeforeReaction).to_owned(),
        DraftRefusal::Game(e) => action_error_text(lang, e),
    }
}

/// A step the turn does not allow now, in words (issue 42).
pub fn turn_error_text(lang: Lang, e: &crate::game::sequence::TurnError) -> String {
    use crate::game::sequence::TurnError as E;
    match e {
        E::TestInContact(unit) => lang.fmt(T::ErrTestInContact, &[unit]),
        E::MeleeOutsidePhase => lang.t(T::ErrMeleeOutsidePhase).to_owned(),
        E::RoutMoveFirst(unit) => lang.fmt(T::ErrRoutMoveFirst, &[unit]),
        E::TestTakenInMelee(unit) => lang.fmt(T::ErrTestTakenInMelee, &[unit]),
        E::ChangedFormation(unit) => lang.fmt(T::ErrChangedFormation, &[unit]),
        E::OneDie(unit) => lang.fmt(T::ErrOneDie, &[unit]),
        E::MeleeGoesOnNextTurn => lang.t(T::ErrMeleeGoesOnNextTurn).to_owned(),
        E::NonPhasingStillDeclares => lang.t(T::ErrNonPhasingStillDeclares).to_owned(),
        E::PhasingStillDeclares => lang.t(T::ErrPhasingStillDeclares).to_owned(),
    }
}

/// An action the game refused, in words.
pub fn action_error_text(lang: Lang, e: &ActionError) -> String {
    match e {
        ActionError::NoSuchUnit(id) => lang.fmt(T::ProblemMissingUnit, &[id]),
        ActionError::NoSuchGeneral(id) => lang.fmt(T::ErrNoSuchGeneral, &[id]),
        ActionError::NoSuchBrigade(id) => lang.fmt(T::ProblemMissingBrigade, &[id]),
        ActionError::Invalid(p) => problem_text(lang, p),
        ActionError::NoChange => lang.t(T::ErrNoChange).to_owned(),
        ActionError::Turn(e) => turn_error_text(lang, e),
        ActionError::FileFull { bytes, limit } => lang.fmt(T::ErrFileFull, &[bytes, &(limit / (1024 * 1024))]),
        ActionError::InitiativeFirst => lang.t(T::ErrInitiativeFirst).to_owned(),
        ActionError::NotInitiativePhase => lang.t(T::ErrNotInitiativePhase).to_owned(),
        ActionError::InitiativeTie => lang.t(T::ErrInitiativeTie).to_owned(),
        ActionError::InitiativeDone => lang.t(T::ErrInitiativeDone).to_owned(),
        ActionError::OutOfPlay(id) => lang.fmt(T::ErrOutOfPlay, &[id]),
        ActionError::SameSide(a, b) => lang.fmt(T::ErrSameSide, &[a, b]),
        ActionError::NoSuchMelee(i) => lang.fmt(T::ErrNoSuchMelee, &[i]),
        ActionError::Dice(e) => dice_error_text(lang, e),
        ActionError::TooManyInContact { figures, overlaps, max } => lang.fmt(
            T::ErrTooManyInContact,
            &[&lang.count(*figures, Noun::Figure), &lang.count(*overlaps, Noun::Overlap), max],
        ),
        ActionError::Charge(c) => charge_error_text(lang, c),
        ActionError::ChargeUnfinished => lang.t(T::ErrChargeUnfinished).to_owned(),
        ActionError::NotEngaged(a, b) => lang.fmt(T::ErrNotEngaged, &[a, b]),
        ActionError::TooManyLosses { unit, lost, has } => {
            let (has, lost) = (lang.count(*has, Noun::Figure), lang.count(*lost, Noun::FigureAcc));
            lang.fmt(T::ErrTooManyLosses, &[unit, &has, &lost])
        }
        ActionError::LossesNeeded => lang.t(T::ErrLossesNeeded).to_owned(),
        ActionError::TestsOwed => lang.t(T::ErrTestsOwed).to_owned(),
        ActionError::NoTestOwed => lang.t(T::ErrNoTestOwed).to_owned(),
        ActionError::DerivedFact(field) => lang.fmt(T::ErrDerivedFact, &[&super::vocab::field_label(*field, lang)]),
        ActionError::Apply(e) => apply_error_text(lang, e),
        ActionError::CrewFriendUnnamed => lang.t(T::ErrCrewFriendUnnamed).to_owned(),
        ActionError::NotOverrulable(e) => lang.fmt(T::ErrNotOverrulable, &[&charge_error_text(lang, e)]),
        ActionError::OverruleNeedsReason => lang.t(T::ErrOverruleReason).to_owned(),
        ActionError::NotAScreen(id) => lang.fmt(T::ErrNotAScreen, &[id]),
        ActionError::Fire(e) => fire_error_text(lang, e),
        ActionError::Test(e) => test_error_text(lang, e),
        ActionError::Move(e) => match e {
            crate::game::movement::MoveError::NotMovementPhase => lang.t(T::ErrNotMovementPhase).to_owned(),
            crate::game::movement::MoveError::InContact => lang.t(T::ErrMoveInContact).to_owned(),
            crate::game::movement::MoveError::TooFar { cm, max } => lang.fmt(T::ErrMoveTooFar, &[cm, max]),
        },
    }
}

/// A fire refused, in words.
pub fn fire_error_text(lang: Lang, e: &crate::game::fire::FireError) -> String {
    use crate::game::fire::FireError as E;
    match e {
        E::NotFiringPhase => lang.t(T::ErrNotFiringPhase).to_owned(),
        E::ChangingFormation => lang.t(T::ErrFireChangingFormation).to_owned(),
        E::Screen => lang.t(T::ErrFireScreen).to_owned(),
        E::TargetInContact => lang.t(T::ErrFireInContact).to_owned(),
        E::NoFiringRow(total) => lang.fmt(T::ErrNoFiringRow, &[total]),
        E::LossesNeeded => lang.t(T::ErrFireLossesNeeded).to_owned(),
    }
}

/// A test refused, in words.
pub fn test_error_text(lang: Lang, e: &crate::game::morale_tests::TestError) -> String {
    use crate::game::morale_tests::TestError as E;
    match e {
        E::NotAResult { test, result } => lang.fmt(T::ErrNotAResult, &[&test.label(lang), &result.label(lang)]),
        E::NoTableRow(total) => lang.fmt(T::NoTableRow, &[total]),
        E::NothingToRally => lang.t(T::ErrNothingToRally).to_owned(),
        E::TakenInItsProcedure => lang.t(T::ErrTakenInProcedure).to_owned(),
        E::NothingOwed => lang.t(T::ErrNothingOwed).to_owned(),
        E::ReasonNeeded => lang.t(T::ErrDropReason).to_owned(),
    }
}

/// Why a journal did not replay, in words.
pub fn replay_error_text(lang: Lang, e: &ReplayError) -> String {
    match e {
        ReplayError::StartMismatch => lang.t(T::ErrReplayStart).to_owned(),
        ReplayError::NoAction { seq } => lang.fmt(T::ErrReplayNoAction, &[seq]),
        ReplayError::Refused { seq, reason } => lang.fmt(T::ErrReplayRefused, &[seq, &action_error_text(lang, reason)]),
        ReplayError::RulesChanged { seq, reason, replayed } => lang
            .fmt(T::ReplayRulesChanged, &[&lang.count(*replayed, Noun::Action), seq, &charge_error_text(lang, reason)]),
        ReplayError::Differs { seq, path, recorded, replayed } => {
            lang.fmt(T::ErrReplayDiffers, &[seq, path, recorded, replayed])
        }
        ReplayError::FinalDiffers { path, recorded, replayed } => {
            lang.fmt(T::ErrReplayFinal, &[path, recorded, replayed])
        }
    }
}

/// A reader's message (serde's, in English) in the user's language: the common kinds
/// are said in Russian with their details; anything else is kept as it is.
pub fn serde_message(lang: Lang, message: &str) -> String {
    if lang == Lang::En {
        return message.to_owned();
    }
    let (m, place) = split_place(message.trim());
    let said = reader_message_ru(lang, m);
    match place {
        Some((line, column)) => format!("{said} ({})", lang.fmt(T::LineColumn, &[&line, &column])),
        None => said,
    }
}

/// Serde's " at line L column C" suffix, split off.
fn split_place(message: &str) -> (&str, Option<(u64, u64)>) {
    let Some((head, tail)) = message.rsplit_once(" at line ") else { return (message, None) };
    let place = tail.split_once(" column ").and_then(|(l, c)| Some((l.parse().ok()?, c.parse().ok()?)));
    match place {
        Some(place) => (head, Some(place)),
        None => (message, None),
    }
}

/// A value the reader refused through our own types, its path (`log[53].action...: `)
/// kept: a face type's refusal (rules::dice) or an engagement that cannot be
/// (model::ImpossibleEngagement).
fn refused_value_ru(lang: Lang, m: &str) -> Option<String> {
    let (path, rest) = match m.split_once(": ") {
        Some((path, rest)) if !path.contains(' ') => (Some(path), rest),
        Some(_) | None => (None, m),
    };
    let said = if let Some((value, die)) = rest.split_once(" is not a face of the ")
        && let Ok(value) = value.parse::<i64>()
    {
        let kind = if die.starts_with("Average") { crate::rules::DieKind::Average } else { crate::rules::DieKind::D6 };
        dice_error_text(lang, &crate::rules::dice::DiceError::NotAFace { value, kind })
    } else {
        let impossible = crate::model::ImpossibleEngagement::ALL.into_iter().find(|i| i.to_string() == rest)?;
        impossible_engagement_text(lang, impossible)
    };
    Some(path.map_or_else(|| said.clone(), |path| format!("{path}: {said}")))
}

/// The common reader messages said in Russian (the rest kept as they are).
fn reader_message_ru(lang: Lang, m: &str) -> String {
    let quoted = |s: &str| s.split('`').nth(1).unwrap_or_default().to_owned();
    if let Some(rest) = m.strip_prefix("unknown variant ") {
        let expected = rest.split_once("expected ").map(|(_, e)| e.replace("one of ", "")).unwrap_or_default();
        return lang.fmt(T::SerdeUnknownVariant, &[&quoted(rest), &expected]);
    }
    if let Some(rest) = m.strip_prefix("unknown field ") {
        return lang.fmt(T::SerdeUnknownField, &[&quoted(rest)]);
    }
    if let Some(rest) = m.strip_prefix("missing field ") {
        return lang.fmt(T::SerdeMissingField, &[&quoted(rest)]);
    }
    if let Some(rest) = m.strip_prefix("invalid type: ") {
        return lang.fmt(T::SerdeInvalidType, &[&rest]);
    }
    if let Some(rest) = m.strip_prefix("invalid value: ") {
        return lang.fmt(T::SerdeInvalidValue, &[&rest]);
    }
    if let Some(said) = refused_value_ru(lang, m) {
        return said;
    }
    if m.starts_with("EOF while parsing") {
        return lang.t(T::SerdeEof).to_owned();
    }
    if m.starts_with("expected") || m.starts_with("trailing") || m.starts_with("key must be") {
        return lang.fmt(T::SerdeSyntax, &[&m]);
    }
    m.to_owned()
}

/// Why a rules pack was refused, in words.
pub fn pack_error_text(lang: Lang, e: &crate::storage::PackError) -> String {
    use crate::storage::PackError;
    match e {
        PackError::Load(e) => load_error_text(lang, e),
        PackError::NotAPack(format) => lang.fmt(T::PackNotAPack, &[format]),
        PackError::Newer(found) => lang.fmt(T::PackNewer, &[found, &crate::storage::PACK_VERSION]),
        PackError::Missing(path) => lang.fmt(T::PackMissing, &[path]),
        PackError::DuplicateRow(d) => {
            lang.fmt(T::PackDuplicateRow, &[&d.table, &d.first.saturating_add(1), &d.again.saturating_add(1)])
        }
        PackError::House(e) => house_error_text(lang, e),
    }
}

/// Why the club's house rules were refused, in words, with the path in the options
/// (issue 51).
pub fn house_error_text(lang: Lang, e: &crate::rules::house::HouseError) -> String {
    format!("options.{}: {}", e.path(), house_error_words(lang, e))
}

/// Why the club's house rules were refused, in words, without the path.
pub fn house_error_words(lang: Lang, e: &crate::rules::house::HouseError) -> String {
    use crate::rules::house::{HouseError as H, MAX_HOUSE_VALUE};
    match e {
        H::UnknownField { field, .. } => lang.fmt(T::HouseUnknownField, &[field]),
        H::UnknownValue { field, value, .. } => lang.fmt(T::HouseUnknownValue, &[field, value]),
        H::NotRead { field, step, .. } => lang.fmt(T::HouseNotRead, &[step, field]),
        H::OtherRuleset { step, .. } => lang.fmt(T::HouseOtherRuleset, &[step]),
        H::NoValues { .. } => lang.t(T::HouseNoValues).to_owned(),
        H::BadId { id, .. } => lang.fmt(T::HouseBadId, &[id]),
        H::BadLabel { .. } => lang.t(T::HouseBadLabel).to_owned(),
        H::ValueOutOfRange { value, .. } => lang.fmt(T::HouseValueOutOfRange, &[value, &MAX_HOUSE_VALUE]),
        H::BadChange { .. } => lang.t(T::HouseBadChange).to_owned(),
        H::TooMany { limit, .. } => lang.fmt(T::HouseTooMany, &[limit]),
    }
}

/// Why a battle file could not be read, in words.
pub fn load_error_text(lang: Lang, e: &LoadError) -> String {
    match e {
        LoadError::Syntax { line, column, message } => {
            lang.fmt(T::LoadSyntax, &[line, column, &serde_message(lang, message)])
        }
        LoadError::Migrated { path, message, version } => {
            lang.fmt(T::LoadMigrated, &[path, &serde_message(lang, message), version])
        }
        LoadError::WrongFormat(f) => lang.fmt(T::LoadWrongFormat, &[f]),
        LoadError::Newer { found } => lang.fmt(T::LoadNewer, &[found, &crate::storage::VERSION]),
        LoadError::Invalid(problems) => {
            let list: Vec<String> = problems.iter().map(|p| model_error_text(lang, p)).collect();
            lang.fmt(T::LoadInvalid, &[&list.join("; ")])
        }
        LoadError::TooLarge(n) => lang.fmt(T::LoadTooLarge, &[n]),
        LoadError::Io { kind, code } => lang.fmt(T::LoadIo, &[&io_text(lang, *kind, *code)]),
        LoadError::NotAFile => lang.t(T::LoadNotAFile).to_owned(),
        LoadError::NotUtf8(at) => lang.fmt(T::LoadNotUtf8, &[at]),
        LoadError::UnknownKey(path) => lang.fmt(T::LoadUnknownKey, &[path]),
        LoadError::NotAnObject => lang.t(T::LoadNotAnObject).to_owned(),
        LoadError::NotAJournal => lang.t(T::LoadNotAJournal).to_owned(),
        LoadError::SourceChanged(path) => lang.fmt(T::LoadSourceChanged, &[&path.display()]),
        LoadError::Journal(e) => lang.fmt(T::LoadJournal, &[&replay_error_text(lang, e)]),
    }
}

/// A problem of a loaded battle with the item it was found in.
pub fn model_error_text(lang: Lang, e: &ModelError) -> String {
    match e {
        ModelError::Unit { id, name, problem } => lang.fmt(T::InUnit, &[id, name, &problem_text(lang, problem)]),
        ModelError::General { id, name, problem } => lang.fmt(T::InGeneral, &[id, name, &problem_text(lang, problem)]),
        ModelError::Brigade { id, name, problem } => lang.fmt(T::InBrigade, &[id, name, &problem_text(lang, problem)]),
        ModelError::Battle(problem) => lang.fmt(T::InBattle, &[&problem_text(lang, problem)]),
    }
}

/// Why a save failed, in words (the system's own reason kept).
pub fn save_error_text(lang: Lang, e: &SaveError) -> String {
    lang.fmt(T::CannotSave, &[&save_reason_text(lang, &e.reason), &e.path.display()])
}

/// Why a save failed, in words.
pub fn save_reason_text(lang: Lang, r: &crate::storage::SaveReason) -> String {
    use crate::storage::SaveReason as R;
    match r {
        R::NotAFile => lang.t(T::SaveNotAFile).to_owned(),
        R::ReadOnly => lang.t(T::SaveReadOnly).to_owned(),
        R::Encode => lang.t(T::SaveEncode).to_owned(),
        R::TooLarge(bytes) => lang.fmt(T::SaveTooLarge, &[bytes]),
        R::Io { kind, code } => io_text(lang, *kind, *code),
    }
}

/// A failure the system reported, in words, with its number where it gave one.
#[allow(clippy::wildcard_enum_match_arm, reason = "std's ErrorKind is non-exhaustive: the rest by number")]
pub fn io_text(lang: Lang, kind: std::io::ErrorKind, code: Option<i32>) -> String {
    use std::io::ErrorKind as K;
    let what = match kind {
        K::PermissionDenied => lang.t(T::IoPermission),
        K::NotFound => lang.t(T::IoNotFound),
        K::StorageFull | K::QuotaExceeded => lang.t(T::IoFull),
        K::ReadOnlyFilesystem => lang.t(T::IoReadOnlyFs),
        K::AlreadyExists => lang.t(T::IoExists),
        K::WouldBlock | K::ResourceBusy => lang.t(T::IoBusy),
        K::IsADirectory => lang.t(T::SaveNotAFile),
        // The system's other failures are told by their number.
        _ => lang.t(T::IoOther),
    };
    match code {
        Some(code) => lang.fmt(T::IoWithCode, &[&what, &code]),
        None => what.to_owned(),
    }
}

/// An engagement a file states that cannot be, in words.
pub fn impossible_engagement_text(lang: Lang, e: crate::model::ImpossibleEngagement) -> String {
    use crate::model::ImpossibleEngagement as I;
    lang.t(match e {
        I::OwedBeforeDecided => T::ErrOwedBeforeDecided,
        I::AftermathWithoutTurn => T::ErrAftermathWithoutTurn,
        I::BothRulesets => T::ErrBothRulesets,
    })
    .to_owned()
}

/// Dice that do not fit their step, in words.
pub fn dice_error_text(lang: Lang, e: &crate::rules::dice::DiceError) -> String {
    use crate::rules::dice::{DiceError, DieKind};
    match e {
        DiceError::NotAFace { value, kind } => {
            let die = lang.t(if *kind == DieKind::Average { T::AverageDie } else { T::OrdinaryDie });
            lang.fmt(T::EngNotAFace, &[value, &die])
        }
        DiceError::WrongCount { expected, got } => {
            lang.fmt(T::EngDiceCount, &[&lang.count(*expected, Noun::Die), &lang.count(*got, Noun::Die)])
        }
    }
}

/// Why a campaign refused a battle made or closed, in words (issue 52).
pub fn campaign_error_text(lang: Lang, e: &crate::game::campaign::CampaignError) -> String {
    use crate::game::campaign::CampaignError as C;
    match e {
        C::BothSidesNeeded => lang.t(T::CampBothSides).to_owned(),
        C::NoSuchUnit(id) => lang.fmt(T::CampNoSuchUnit, &[id]),
        C::CannotFight { name, state } => lang.fmt(T::CampCannotFight, &[name, &state.label(lang)]),
        C::OtherCampaign(id) => lang.fmt(T::CampOtherCampaign, &[id]),
        C::NotMadeHere(units) if units.is_empty() => lang.t(T::CampNotMadeHere).to_owned(),
        C::NotMadeHere(units) => lang.fmt(T::CampNotMadeHereUnits, &[&units.join(", ")]),
        C::UnitsNotInCampaign(units) => lang.fmt(T::CampUnitsNotIn, &[&units.join(", ")]),
        C::AlreadyClosed(n) => lang.fmt(T::CampAlreadyClosed, &[n]),
        C::ChangedSinceClosed { number, closed, now } => lang.fmt(T::CampChangedSince, &[number, closed, now]),
        C::FatesNeeded(names) => lang.fmt(T::CampFatesNeeded, &[&names.join(", ")]),
        C::NotLost(name) => lang.fmt(T::CampNotLost, &[name]),
        C::FateTwice(name) => lang.fmt(T::CampFateTwice, &[name]),
        C::Invalid(e) => model_error_text(lang, e),
        C::InOpenBattle { name, number } => lang.fmt(T::CampInOpenBattle, &[name, number]),
        C::HeldGroundNeeded => lang.t(T::CampHeldNeeded).to_owned(),
    }
}

/// Why a campaign file was refused, in words (issue 52).
pub fn campaign_file_error_text(lang: Lang, e: &crate::storage::CampaignFileError) -> String {
    use crate::storage::CampaignFileError as F;
    match e {
        F::Load(e) => load_error_text(lang, e),
        F::NotACampaign(format) => lang.fmt(T::CampFileNotCampaign, &[format]),
        F::Newer(v) => lang.fmt(T::CampFileNewer, &[v, &crate::storage::CAMPAIGN_VERSION]),
        F::Lists(e) => lang.fmt(T::CampFileLists, &[&model_error_text(lang, e)]),
        F::Ledger(seq) => lang.fmt(T::CampFileLedger, &[seq]),
        F::Limits => lang.t(T::CampFileLimits).to_owned(),
    }
}

/// Why the wounded could not return or the second day not begin, in words (issue 53).
pub fn recovery_error_text(lang: Lang, e: &crate::game::campaign::RecoveryError) -> String {
    use crate::game::campaign::RecoveryError as R;
    match e {
        R::NoTable => lang.t(T::CampNoRecoveryTable).to_owned(),
        R::NothingClosed => lang.t(T::CampNothingClosed).to_owned(),
        R::NotClosed(n) => lang.fmt(T::CampNotClosedYet, &[n]),
        R::Already(n) => lang.fmt(T::CampRecoveredAlready, &[n]),
        R::DiceNeeded(names) => lang.fmt(T::CampDiceNeeded, &[&names.join(", ")]),
        R::NoRow(row) => lang.fmt(T::CampNoRecoveryRow, &[row]),
        R::NothingToReturn(n) => lang.fmt(T::CampNothingToReturn, &[n]),
        R::SecondDayAlready(n) => lang.fmt(T::CampSecondDayAlready, &[n]),
    }
}

/// Why a campaign step could not be undone, redone or taken back, in words (issue 53).
pub fn step_error_text(lang: Lang, e: &crate::game::campaign::StepError) -> String {
    use crate::game::campaign::StepError as S;
    match e {
        S::NothingToUndo => lang.t(T::CampNothingToUndo).to_owned(),
        S::NothingToRedo => lang.t(T::CampNothingToRedo).to_owned(),
        S::NotClosed(n) => lang.fmt(T::CampNotClosedYet, &[n]),
        S::NothingClosed => lang.t(T::CampNothingToTakeBack).to_owned(),
    }
}

/// What a campaign step asked on its own did, as the window's status line and the
/// command line say it (issue 53).
pub fn step_said(lang: Lang, ask: crate::game::campaign::StepAsk, done: &crate::game::campaign::StepDone) -> String {
    use crate::game::campaign::StepAsk as A;
    match ask {
        A::Undo => lang.fmt(T::CampUndone, &[&step_text(lang, done)]),
        A::Redo => lang.fmt(T::CampRedone, &[&step_text(lang, done)]),
        A::TakeBack(_) => lang.fmt(T::CampTakenBackDone, &[&done.battle()]),
    }
}

/// A campaign step in words, as Undo and Redo name it (issue 53).
pub fn step_text(lang: Lang, done: &crate::game::campaign::StepDone) -> String {
    use crate::game::campaign::StepDone as D;
    match done {
        D::Made(n) => lang.fmt(T::CampStepMade, &[n]),
        D::Closed(n) => lang.fmt(T::CampStepClosed, &[n]),
        D::Recovered(n) => lang.fmt(T::CampStepRecovered, &[n]),
        D::SecondDay(n) => lang.fmt(T::CampStepSecondDay, &[n]),
        D::TakenBack(n) => lang.fmt(T::CampStepTakenBack, &[n]),
    }
}
