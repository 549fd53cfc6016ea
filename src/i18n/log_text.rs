//! The log, undo steps and checklists in words, in either language. The window, the
//! reports and the command line all read the log through here.

use super::{Label, Lang, T};
use crate::game::{ActionKind, Todo};
use crate::i18n::Noun;
use crate::model::{Battle, LogDetail, LogEntry, UnitId};
use crate::rules::Phase;
use crate::rules::gdb::charge::{FollowUp, Guidance, Happening, Input, Reaction, TestAnswer};

use crate::rules::gdb::Effect;

/// A unit field's name, for undo labels.
fn field_label(lang: Lang, key: &str) -> &'static str {
    lang.t(match key {
        "name" => T::Name,
        "name_ru" => T::NameRu,
        "side" => T::Side,
        "brigade" => T::Brigade,
        "arm" => T::Arm,
        "class" => T::Class,
        "nation" => T::Nation,
        "formation" => T::Formation,
        "order" => T::OrderHeading,
        "terrain" => T::Terrain,
        "horses" => T::Horses,
        "figures" => T::FiguresNow,
        "figures_start" => T::FiguresStart,
        "status" => T::StatusLetter,
        "lances" => T::Lances,
        _ => T::Markers,
    })
}

/// The label of an action: "Edit unit “1st Tirailleurs” (order)", "Turn 3 · Melee", ...
pub fn action_label(lang: Lang, battle: &Battle, kind: ActionKind, subject: &str) -> String {
    if let Some((name, fields)) = subject.split_once('\u{1f}') {
        let fields: Vec<&str> = fields.split(',').map(|f| field_label(lang, f)).collect();
        return format!("{} ({})", action_label(lang, battle, kind, name), fields.join(", ").to_lowercase());
    }
    let key = match kind {
        ActionKind::AddUnit => T::StepAddUnit,
        ActionKind::EditUnit => T::StepEditUnit,
        ActionKind::DuplicateUnit => T::StepDuplicateUnit,
        ActionKind::DeleteUnit => T::StepDeleteUnit,
        ActionKind::AddGeneral => T::StepAddGeneral,
        ActionKind::EditGeneral => T::StepEditGeneral,
        ActionKind::DeleteGeneral => T::StepDeleteGeneral,
        ActionKind::AddBrigade => T::StepAddBrigade,
        ActionKind::EditBrigade => T::StepEditBrigade,
        ActionKind::DeleteBrigade => T::StepDeleteBrigade,
        ActionKind::AdvancePhase => return phase_label(lang, subject),
        ActionKind::AdoptPack => {
            return lang.fmt(T::StepAdoptPack, &[&super::names::pack_name(lang, subject)]);
        }
        ActionKind::SetOptions => {
            let r = crate::rules::Ruleset::ALL.iter().find(|r| r.key() == subject).map_or(subject, |r| r.label(lang));
            return lang.fmt(T::StepSetOptions, &[&r]);
        }
        ActionKind::Initiative => {
            // The side by its name in this battle, not "Second side".
            let side = crate::rules::Side::ALL.iter().find(|s| s.key() == subject);
            let side =
                side.map_or_else(|| subject.to_owned(), |s| crate::i18n::names::side_name(battle, *s, lang).to_owned());
            return lang.fmt(T::StepInitiative, &[&side]);
        }
        ActionKind::Melee => T::StepMelee,
        ActionKind::AddPendingMelee => T::StepAddPendingMelee,
        ActionKind::ClearPendingMelee => T::StepClearPendingMelee,
        ActionKind::Note => T::StepNote,
        ActionKind::HiddenNote => T::StepHiddenNote,
        ActionKind::SetHidden => T::StepSetHidden,
        ActionKind::Charge => T::StepCharge,
        ActionKind::DeclareCharge => T::StepDeclareCharge,
        ActionKind::DeclarationsDone => {
            let side = crate::rules::Side::ALL.iter().find(|s| s.key() == subject);
            let side =
                side.map_or_else(|| subject.to_owned(), |s| crate::i18n::names::side_name(battle, *s, lang).to_owned());
            return lang.fmt(T::StepDeclarationsDone, &[&side]);
        }
        ActionKind::Collision => T::StepCollision,
        ActionKind::PlaceUnit => T::StepPlaceUnit,
        ActionKind::PlaceGeneral => T::StepPlaceGeneral,
        ActionKind::SetTable => return table_change_label(lang, subject),
        ActionKind::Fire => return fire_step_label(lang, battle, subject),
        ActionKind::EditBattle => T::StepEditBattle,
        ActionKind::ChangeFormation => T::StepChangeFormation,
        ActionKind::Move => T::StepMove,
        ActionKind::AtTheEdge => T::StepAtTheEdge,
        ActionKind::TakeTest => return test_step_label(lang, battle, subject),
        ActionKind::DropTests => T::StepDropTests,
        ActionKind::ImportOrderOfBattle => {
            let mut counts = subject.split('/').map(|n| n.parse::<u64>().unwrap_or(0));
            let mut next = |noun| lang.count(counts.next().unwrap_or(0), noun);
            let [units, generals, brigades] = [next(Noun::Unit), next(Noun::General), next(Noun::Brigade)];
            return lang.fmt(T::StepImport, &[&units, &generals, &brigades]);
        }
    };
    lang.fmt(key, &[&shown_subject(lang, battle, subject)])
}

/// The names an undo step recorded (units' and generals' own names, "A × B" for two) in
/// the interface's language, where the battle still has them (issue 45: the Russian
/// history read "Empress Dragoons × Kiev Dragoons").
fn shown_subject(lang: Lang, battle: &Battle, subject: &str) -> String {
    if lang == Lang::En {
        return subject.to_owned();
    }
    let shown = |part: &str| {
        let unit = battle.units.iter().find(|u| u.name == part).map(|u| u.display_name(true));
        let general = || {
            battle
                .generals
                .iter()
                .find(|g| g.name == part)
                .map(|g| super::names::shown(&g.name, g.name_ru.as_deref(), lang))
        };
        unit.or_else(general).unwrap_or(part).to_owned()
    };
    subject.split(" × ").map(shown).collect::<Vec<_>>().join(" × ")
}

/// A table change in words, from its subject (`game::table::table_change`).
fn table_change_label(lang: Lang, subject: &str) -> String {
    let (what, value) = subject.split_once(':').unwrap_or((subject, ""));
    let kind = |key: &str| {
        crate::rules::AreaKind::ALL.iter().find(|k| k.key() == key).map_or(key.to_owned(), |k| k.label(lang).to_owned())
    };
    match what {
        "area+" => lang.fmt(T::StepAreaDrawn, &[&kind(value)]),
        "area-" => lang.fmt(T::StepAreaRemoved, &[&kind(value)]),
        "scale" => {
            let scale = crate::rules::Scale::ALL.iter().find(|s| s.key() == value);
            lang.fmt(T::StepTableScale, &[&scale.map_or(value, |s| s.label(lang))])
        }
        "off" => lang.t(T::StepTableOff).to_owned(),
        "areas" => lang.fmt(T::StepAreasRedrawn, &[&value]),
        _ => lang.fmt(T::StepSetTable, &[&value]),
    }
}

/// "3:melee" as "Turn 3 · Melee".
fn phase_label(lang: Lang, subject: &str) -> String {
    let (turn, key) = subject.split_once(':').unwrap_or(("", subject));
    let phase = Phase::ALL.iter().find(|p| p.key() == key).map_or(key, |p| p.label(lang));
    lang.fmt(T::TurnPhase, &[&turn, &phase])
}

fn unit_name(battle: &Battle, lang: Lang, id: UnitId) -> String {
    battle.unit(id).map_or_else(|| format!("#{id}"), |u| u.display_name(lang == Lang::Ru).to_owned())
}

/// What a new phase changed: markers that expired, and units the table view moved back
/// ("1st Vistula Legion 15 cm back on the table").
fn phase_changes(lang: Lang, battle: &Battle, expired: &[UnitId], moved: &[(UnitId, u32)]) -> String {
    let mut parts = Vec::new();
    if !expired.is_empty() {
        let names: Vec<String> = expired.iter().map(|id| unit_name(battle, lang, *id)).collect();
        parts.push(lang.fmt(T::LogExpired, &[&names.join(", ")]));
    }
    if !moved.is_empty() {
        let moves: Vec<String> =
            moved.iter().map(|(id, cm)| lang.fmt(T::LogMovedBack, &[&unit_name(battle, lang, *id), cm])).collect();
        parts.push(moves.join("; "));
    }
    parts.join(". ")
}

/// One line for a log entry.
pub fn entry_summary(lang: Lang, battle: &Battle, entry: &LogEntry) -> String {
    let line = detail_summary(lang, battle, entry);
    if entry.revealed.is_empty() {
        return line;
    }
    let names: Vec<String> = entry.revealed.iter().map(|id| unit_name(battle, lang, *id)).collect();
    format!("{line}; {}", lang.fmt(T::LogRevealed, &[&names.join(", ")]))
}

/// The one-line summary of what the entry's detail says.
fn detail_summary(lang: Lang, battle: &Battle, entry: &LogEntry) -> String {
    let name = |i: usize| entry.units.get(i).map(|id| unit_name(battle, lang, *id)).unwrap_or_default();
    match &entry.detail {
        LogDetail::Edit { action: kind @ (ActionKind::AddPendingMelee | ActionKind::ClearPendingMelee), .. }
            if entry.units.len() == 2 =>
        {
            action_label(lang, battle, *kind, &format!("{} × {}", name(0), name(1)))
        }
        LogDetail::Edit { action, subject } => action_label(lang, battle, *action, subject),
        LogDetail::Phase { expired, moved, .. } if !expired.is_empty() || !moved.is_empty() => {
            phase_changes(lang, battle, expired, moved)
        }
        LogDetail::Phase { phase, .. } => lang.fmt(T::TurnPhase, &[&entry.turn, &phase.label(lang)]),
        LogDetail::Initiative { result, phasing: Some(phasing) } => {
            let side = |s| crate::i18n::names::side_name(battle, s, lang);
            let totals = (&result.totals.first, &result.totals.second);
            match result.winner {
                Some(w) if w != *phasing => {
                    lang.fmt(T::LogInitiative, &[totals.0, totals.1, &side(w), &side(*phasing)])
                }
                _ => lang.fmt(T::LogInitiativeKept, &[totals.0, totals.1, &side(*phasing)]),
            }
        }
        LogDetail::Initiative { result, phasing: None } => {
            lang.fmt(T::LogInitiativeTie, &[&result.totals.first, &result.totals.second])
        }
        LogDetail::GdbMelee { result, overridden, .. } => {
            let outcome = match overridden {
                Some(o) => lang.fmt(T::LogOverridden, &[&override_text(lang, o)]),
                None => result.outcome.label(lang).to_owned(),
            };
            lang.fmt(T::LogMelee, &[&name(0), &name(1), &result.attacker_total, &result.defender_total, &outcome])
        }
        LogDetail::BCollision { result, .. } => {
            lang.fmt(T::LogCollision, &[&name(0), &name(1), &result.outcome.label(lang)])
        }
        LogDetail::BMelee { melee_turn, hits, state, .. } => {
            // Issue 28: who lost what, each side's test and who gave way, in one line. Each
            // side's hits are the other's losses (issue 45: they read backwards).
            let lost = [hits.defender, hits.attacker].map(|h| lang.count(h, Noun::Figure));
            let mut line = lang.fmt(T::LogBMelee, &[&name(0), &name(1), melee_turn, &lost[0], &lost[1]]);
            if let Some(crate::model::Action::BMelee(m)) = entry.action.as_deref() {
                for (who, test) in [(name(0), m.tests.attacker), (name(1), m.tests.defender)] {
                    if let Some(t) = test {
                        let key = if t.passed { T::LogBTestPassed } else { T::LogBTestFailed };
                        line.push_str(&format!("; {}", lang.fmt(key, &[&who])));
                    }
                }
            }
            let names = [name(0), name(1)];
            format!("{line}; {}", b_state_text(lang, &names, state))
        }
        LogDetail::Charge { happened, .. } => {
            let end = happened.last().map(|h| happening_text(lang, &name(0), &name(1), h)).unwrap_or_default();
            lang.fmt(T::LogCharge, &[&name(0), &name(1), &end])
        }
        LogDetail::Note { text, .. } => text.clone(),
        LogDetail::Hidden { hidden } => lang.fmt(if *hidden { T::LogHidden } else { T::LogShown }, &[&name(0)]),
        LogDetail::ChargeDeclared { opportunity, .. } => {
            let key = if *opportunity { T::LogOpportunityDeclared } else { T::LogChargeDeclared };
            lang.fmt(key, &[&name(0), &name(1)])
        }
        LogDetail::DeclarationsDone { side } => {
            lang.fmt(T::LogDeclarationsDone, &[&crate::i18n::names::side_name(battle, *side, lang)])
        }
        LogDetail::Fire { figures, test_owed, .. } => {
            let line = lang.fmt(T::LogFire, &[&name(0), &name(1), &lang.count(*figures, Noun::Figure)]);
            if *test_owed { format!("{line}; {}", lang.fmt(T::LogFireTestOwed, &[&name(1)])) } else { line }
        }
        LogDetail::TestTaken { test, result, called, deferred, .. } => {
            let key = if *called { T::LogTestCalled } else { T::LogTestTaken };
            let words = result_words(lang, *test, *result);
            // GDB-SEQ-03: at the next Compulsory Moves; Ruleset B has none, the next turn.
            let when = if battle.ruleset.phases().contains(&crate::rules::Phase::CompulsoryMoves) {
                T::LogRallyDeferred
            } else {
                T::LogRallyNextTurn
            };
            let words = if *deferred { lang.fmt(when, &[&words]) } else { words };
            lang.fmt(key, &[&name(0), &test.label(lang), &words])
        }
        LogDetail::FormationChanged { from, to, finished } => {
            let key = if *finished { T::LogFormationChanged } else { T::LogFormationChanging };
            lang.fmt(key, &[&name(0), &from.label(lang), &to.label(lang)])
        }
        LogDetail::AtTheEdge { leaves: true } => lang.fmt(T::LogLeavesBattle, &[&name(0)]),
        LogDetail::AtTheEdge { leaves: false } => lang.fmt(T::LogStaysAtEdge, &[&name(0)]),
        LogDetail::Moved { cm, from, to } if from == to => lang.fmt(T::LogMoved, &[&name(0), cm]),
        LogDetail::Moved { cm: 0, from, to } => {
            lang.fmt(T::LogGroundSet, &[&name(0), &to.label(lang), &from.label(lang)])
        }
        LogDetail::Moved { cm, from, to } => {
            lang.fmt(T::LogMovedGround, &[&name(0), cm, &from.label(lang), &to.label(lang)])
        }
        LogDetail::TestsDropped { reason } => {
            let who: Vec<String> = (0..entry.units.len()).map(name).collect();
            lang.fmt(T::LogTestsDropped, &[&who.join(", "), reason])
        }
    }
}

/// A Ruleset B melee's state after a turn: tests owed, going on, or who gave way.
pub fn b_state_text(lang: Lang, names: &[String; 2], state: &crate::rules::ruleset_b::MeleeState) -> String {
    use crate::rules::ruleset_b::MeleeState;
    use crate::rules::{DieKind, Role};
    let name = |r: &Role| if *r == Role::Attacker { names[0].clone() } else { names[1].clone() };
    match state {
        MeleeState::TestsOwed { sides, die } => {
            let who: Vec<String> = sides.iter().map(name).collect();
            let die = match die {
                DieKind::Average => lang.t(T::DieAverage),
                DieKind::D6 => lang.t(T::DieD6),
            };
            lang.fmt(T::BStateTests, &[&who.join(", "), &die])
        }
        MeleeState::Continues { next_turn } => lang.fmt(T::BStateContinues, &[next_turn]),
        MeleeState::Ends { loser, reason, flee_cm } => {
            lang.fmt(T::BStateEnds, &[&name(loser), &reason.label(lang), flee_cm])
        }
    }
}

/// The players' overrule of a refusal: the clause it names and their reason.
pub fn overrule_text(lang: Lang, o: &crate::model::Overrule) -> String {
    let refusals: Vec<String> = o.refusals.iter().map(|e| crate::i18n::errors::charge_error_text(lang, e)).collect();
    lang.fmt(T::LogOverruled, &[&refusals.join("; "), &o.reason])
}

/// One happening of a charge as an instruction for the table ("move X back 9 cm").
pub fn happening_text(lang: Lang, charger: &str, target: &str, h: &Happening) -> String {
    let cm = |c: &Option<u32>| c.map_or_else(|| lang.t(T::DistanceFromTable).to_owned(), |c| lang.fmt(T::Cm, &[&c]));
    match h {
        Happening::ChargerMoves { cm } => lang.fmt(T::HapChargerMoves, &[&charger, cm, &target]),
        Happening::TimeForTarget { fraction, allowance_cm } => {
            lang.fmt(T::HapTime, &[&target, fraction, &cm(allowance_cm)])
        }
        Happening::TargetChangesFormation { to } => lang.fmt(T::HapFormation, &[&target, &to.label(lang)]),
        Happening::ChargerLoses { figures } => {
            lang.fmt(T::HapRemoveFigures, &[&lang.count(*figures, Noun::FigureAcc), &charger])
        }
        Happening::ChargeHalts { result } => lang.fmt(T::HapHalts, &[&charger, &result.label(lang)]),
        Happening::TargetRetreats { cm: c } => lang.fmt(T::HapRetreats, &[&target, &cm(c)]),
        Happening::ChargerOccupies => lang.fmt(T::HapOccupies, &[&charger, &target]),
        Happening::TargetFailsButStays { result } => lang.fmt(T::HapFailsStays, &[&target, &result.label(lang)]),
        Happening::TargetRouts { cm: c } => lang.fmt(T::HapRouts, &[&target, &cm(c)]),
        Happening::BasesDestroyed { figures } => {
            lang.fmt(T::HapBasesLost, &[&lang.count(*figures, Noun::FigureAcc), &target])
        }
        Happening::GunsAbandoned => lang.fmt(T::HapGunsAbandoned, &[&target]),
        Happening::CrewFlees { cm: c } => lang.fmt(T::HapCrewFlees, &[&target, &cm(c)]),
        Happening::EmergencyLimberResult { die, named } => lang.fmt(T::HapLimber, &[die, named]),
        Happening::TargetEvades { cm: c, disordered } => {
            let base = lang.fmt(T::HapEvades, &[&target, &cm(c)]);
            if *disordered { format!("{base}; {}", lang.fmt(T::HapDisordered, &[&target])) } else { base }
        }
        Happening::EvadersCaught => lang.fmt(T::HapCaught, &[&target]),
        Happening::JoinsMelee => lang.fmt(T::HapJoinsMelee, &[&charger, &target]),
        Happening::SkirmishersOverrun => lang.fmt(T::HapOverrun, &[&target]),
        Happening::CounterChargeFails => lang.fmt(T::HapCounterFails, &[&target]),
        Happening::Contact { moved_cm, charging, flank_or_rear, counter_cm, evaders, .. } => {
            let mut t = lang.fmt(T::HapContact, &[&charger, &target, moved_cm]);
            if !charging {
                t.push_str(&format!(" {}", lang.t(T::HapNotCharging)));
            }
            if *flank_or_rear {
                t.push_str(&format!(" {}", lang.t(T::HapFlank)));
            }
            if let Some(c) = counter_cm.filter(|c| *c >= 5) {
                t.push_str(&format!(" {}", lang.fmt(T::HapCounterCharging, &[&target, &c])));
            }
            if *evaders {
                t.push_str(&format!(" {}", lang.t(T::HapEvadersNoFight)));
            }
            t
        }
        Happening::FollowsUp { choice } => lang.fmt(T::HapFollowUp, &[&charger, &follow_up_label(lang, *choice)]),
        Happening::OccupiesBuildings { disordered } => {
            let base = lang.fmt(T::HapOccupiesBuildings, &[&charger]);
            if *disordered { format!("{base}; {}", lang.fmt(T::HapDisordered, &[&charger])) } else { base }
        }
        Happening::FriendDisorderedByCrew => lang.t(T::HapFriendDisordered).to_owned(),
        Happening::TableRoll { test, dice, modifier, row, house } => {
            table_roll_text(lang, test.label(lang), (*dice, *modifier, house), row)
        }
    }
}

/// A table instruction of the charge sequence, with its clauses.
pub fn guidance_text(lang: Lang, g: Guidance) -> &'static str {
    lang.t(match g {
        Guidance::PhasingFirst => T::GuidePhasingFirst,
        Guidance::TargetActsNow => T::GuideTargetActsNow,
        Guidance::ClearOwnSkirmishers => T::GuideClearOwnSkirmishers,
        Guidance::SkirmishersEvade => T::GuideSkirmishersEvade,
        Guidance::ThroughAbandonedGuns => T::GuideThroughGuns,
        Guidance::LineOfSight => T::GuideLineOfSight,
        Guidance::EvadeDirection => T::GuideEvadeDirection,
        Guidance::EvadersPassFriends => T::GuideEvadersPassFriends,
        Guidance::RemanGuns => T::GuideRemanGuns,
        Guidance::GunsLostInMelee => T::GuideGunsLost,
        Guidance::WhoTests => T::GuideWhoTests,
        Guidance::BonusMovement => T::GuideBonusMovement,
        Guidance::BothIntercept => T::GuideBothIntercept,
    })
}

/// An overruled result in words: the imposed result, or the players' own words in
/// files of version 1.
pub fn override_text(lang: Lang, o: &crate::model::Override) -> String {
    match o.outcome {
        Some(outcome) => outcome.label(lang).to_owned(),
        None => o.result.clone(),
    }
}

/// A follow-up choice in words (GDB-CHG-19).
pub fn follow_up_label(lang: Lang, f: FollowUp) -> &'static str {
    lang.t(match f {
        FollowUp::CarryOn => T::FollowCarryOn,
        FollowUp::NewTarget => T::FollowNewTarget,
        FollowUp::Stop => T::FollowStop,
        FollowUp::StraightOn => T::FollowStraightOn,
    })
}

/// One modifier of a breakdown: clause, label, value.
fn modifier_line(lang: Lang, m: &crate::rules::Modifier) -> String {
    let line =
        format!("    {} {} {:+}", super::names::modifier_clause(m), super::names::modifier_label(lang, m), m.value);
    if m.pivotal { format!("{line}  {}", lang.t(T::ResPivotal)) } else { line }
}

/// A side's 2D6 and total.
fn dice_line(lang: Lang, who: &str, dice: [u8; 2], total: i32) -> String {
    format!("{who}: {} {}+{}, {} {total}", lang.t(T::ResDice), dice[0], dice[1], lang.t(T::ResTotal))
}

/// A fire's undo step: who fired at whom and the figures lost (a step recorded before
/// the figures were, by its units alone).
fn fire_step_label(lang: Lang, battle: &Battle, subject: &str) -> String {
    let parts: Vec<&str> = subject.split(crate::game::SUBJECT_PART).collect();
    let units = shown_subject(lang, battle, parts.first().copied().unwrap_or_default());
    match parts.as_slice() {
        [_, figures] => match figures.parse::<u64>() {
            Ok(n) => lang.fmt(T::StepFireLost, &[&units, &lang.count(n, Noun::Figure)]),
            Err(_) => lang.fmt(T::StepFire, &[&units]),
        },
        _ => lang.fmt(T::StepFire, &[&units]),
    }
}

/// A test's undo step: the unit, the test and what it did ("49th Jägers: Morale test
/// (halts)"); a step recorded before them, by its unit alone.
fn test_step_label(lang: Lang, battle: &Battle, subject: &str) -> String {
    use crate::rules::options::{TestKind, TestResult};
    let parts: Vec<&str> = subject.split(crate::game::SUBJECT_PART).collect();
    let unit = shown_subject(lang, battle, parts.first().copied().unwrap_or_default());
    let test = |key: &str| TestKind::ALL.into_iter().find(|t| t.key() == key);
    let result = |key: &str| TestResult::ALL.into_iter().find(|r| r.key() == key);
    match parts.as_slice() {
        [_, t, r] => match (test(t), result(r)) {
            (Some(t), Some(r)) => lang.fmt(T::StepTestTaken, &[&unit, &t.label(lang), &result_words(lang, t, r)]),
            _ => lang.fmt(T::StepTakeTest, &[&unit]),
        },
        _ => lang.fmt(T::StepTakeTest, &[&unit]),
    }
}

/// A melee's winner and what the result does to the loser: "Ladoga Infantry wins: Loser
/// retreats"; in Russian the outcome goes on the sentence in lower case («Победа: …;
/// проигравший отступает»).
pub fn win_with_outcome(lang: Lang, winner: &str, outcome: &str) -> String {
    let outcome = match lang {
        Lang::En => outcome.to_owned(),
        Lang::Ru => lower_first(outcome),
    };
    lang.fmt(T::ResWinsWith, &[&winner, &outcome])
}

/// An outcome of a melee's odds: its winner and what it does to the loser, or what it
/// does when no side wins.
pub fn odds_result(lang: Lang, winner: Option<&str>, outcome: &str) -> String {
    match winner {
        Some(w) => win_with_outcome(lang, w, outcome),
        None => format!("{} — {outcome}", lang.t(T::ResNoWinner)),
    }
}

/// The text with its first letter in lower case.
fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_lowercase().chain(chars).collect()).unwrap_or_default()
}

/// What a test's result does, in words that cannot read as their opposite: a Pursuit
/// Test's winner pursues, holds or halts; a Formation Test's stays formed or falls into
/// disorder (GDB-RES-02, 04, 09).
pub fn result_words(
    lang: Lang,
    test: crate::rules::options::TestKind,
    result: crate::rules::options::TestResult,
) -> String {
    use crate::rules::options::TestKind as K;
    use crate::rules::options::TestResult;
    let key = match (test, result) {
        (_, TestResult::Pursue) => T::WordsPursues,
        // A failed rally says so: "routs" alone would read as if the rally made it rout.
        (K::Rally, TestResult::Rout) => T::WordsRunsOn,
        (K::Rally, TestResult::Halt) => T::WordsNoRally,
        (K::Pursuit, TestResult::Pass) => T::WordsHolds,
        (K::Formation, TestResult::Pass) => T::WordsStaysFormed,
        (K::Formation, TestResult::Unformed) => T::WordsFallsIntoDisorder,
        (_, TestResult::Halt) => T::WordsHalts,
        (_, TestResult::Pass) => T::WordsPasses,
        (_, TestResult::Unformed) => T::WordsHaltsDisordered,
        (_, TestResult::Retreat) => T::WordsRetreats,
        (_, TestResult::Rout) => T::WordsRouts,
        (_, TestResult::Rally) => T::WordsRallies,
    };
    lang.t(key).to_owned()
}

/// A test rolled on the players' table, with the row used.
fn table_roll_text(
    lang: Lang,
    what: &str,
    (dice, modifier, house): ([u8; 2], i32, &[crate::rules::Modifier]),
    row: &(i32, i32, String),
) -> String {
    let total = house.iter().fold(i32::from(dice[0]) + i32::from(dice[1]) + modifier, |t, m| t + m.value);
    // The club's modifiers for the test after the players' (issue 51), each named.
    let club: String = house
        .iter()
        .map(|m| {
            let mark = if m.pivotal { format!(" ({})", lang.t(T::DecidedIt)) } else { String::new() };
            format!(" {:+} {}{mark}", m.value, super::names::modifier_label(lang, m))
        })
        .collect();
    // One D6 (Ruleset B, B-MEL-17) is kept as [die, 0]: no face is 0.
    let dice = if dice[1] == 0 {
        format!("{} {modifier:+}{club} = {total}", dice[0])
    } else {
        format!("{}+{} {modifier:+}{club} = {total}", dice[0], dice[1])
    };
    lang.fmt(T::HapTableRoll, &[&what, &dice, &row.0, &row.1, &row.2])
}

/// A GdB charge told whole (issue 43), from what the players measured and answered and
/// what the game worked out: the distance and bearing, the rates typed, the target's
/// reaction, closing fire, each test with its result (or its roll on the players' table,
/// the row used), the evaders caught or not; then every happening after the last test
/// (moves, contact or halt, follow-up). Empty for an entry that is not a charge.
pub fn charge_account(lang: Lang, battle: &Battle, entry: &LogEntry) -> Vec<String> {
    let (Some(crate::model::Action::Charge(a)), LogDetail::Charge { happened, .. }) =
        (entry.action.as_deref(), &entry.detail)
    else {
        return Vec::new();
    };
    let (charger, target) = (unit_name(battle, lang, a.charger), unit_name(battle, lang, a.target));
    let mut out = vec![measures_text(lang, a, &charger, &target)];
    out.extend(charge_answers(lang, battle, a, happened));
    let told = |h: &&Happening| !matches!(h, Happening::TableRoll { .. });
    out.extend(happened.iter().filter(told).map(|h| happening_text(lang, &charger, &target, h)));
    out
}

/// The players' answers in a charge so far, in words, in the order given: the reaction,
/// closing fire, each test with its result or roll, evaders not caught, facing in time.
/// The charge wizard's "so far" line (issue 44) and the report's account (issue 43).
pub fn charge_answers(
    lang: Lang,
    battle: &Battle,
    a: &crate::model::ChargeAction,
    happened: &[Happening],
) -> Vec<String> {
    let (charger, target) = (unit_name(battle, lang, a.charger), unit_name(battle, lang, a.target));
    let rolls: Vec<&Happening> = happened.iter().filter(|h| matches!(h, Happening::TableRoll { .. })).collect();
    a.inputs.iter().filter_map(|input| input_text(lang, input, (&charger, &target), &rolls)).collect()
}

/// The charge wizard's line of what was measured and answered so far (issue 44).
pub fn charge_so_far(lang: Lang, battle: &Battle, a: &crate::model::ChargeAction, happened: &[Happening]) -> String {
    let (charger, target) = (unit_name(battle, lang, a.charger), unit_name(battle, lang, a.target));
    let mut parts = vec![measures_text(lang, a, &charger, &target)];
    parts.extend(charge_answers(lang, battle, a, happened));
    lang.fmt(T::SoFar, &[&parts.join(" · ")])
}

/// The measures of a charge: distance, bearing, and the rates the players typed.
fn measures_text(lang: Lang, a: &crate::model::ChargeAction, charger: &str, target: &str) -> String {
    let m = &a.measured;
    let mut text = lang.fmt(T::RepChargeMeasures, &[&charger, &target, &m.distance_cm, &m.bearing_deg]);
    let typed = [
        (a.rates.charger_charge_cm, charger, T::RepChargeMoveOf),
        (a.rates.target_move_cm, target, T::RepMoveOf),
        (a.rates.target_charge_cm, target, T::RepChargeMoveOf),
        (a.rates.target_compulsory_cm, target, T::RepCompulsoryOf),
    ];
    for (cm, who, key) in typed {
        if let Some(cm) = cm {
            text.push_str(&format!("; {}", lang.fmt(key, &[&who, &cm])));
        }
    }
    text
}

/// One answer of the players in a charge, in words; `None` where a happening tells it.
fn input_text(lang: Lang, input: &Input, (charger, target): (&str, &str), rolls: &[&Happening]) -> Option<String> {
    use crate::rules::options::TestKind;
    let test = |who: &str, kind: TestKind, answer: &TestAnswer| match answer {
        TestAnswer::Result(r) => lang.fmt(T::RepTestLine, &[&who, &kind.label(lang), &result_words(lang, kind, *r)]),
        TestAnswer::Rolled { .. } | TestAnswer::RolledOne { .. } => {
            let roll = rolls.iter().find(|h| matches!(h, Happening::TableRoll { test, .. } if *test == kind));
            roll.map_or_else(|| kind.label(lang).to_owned(), |h| happening_text(lang, who, who, h))
        }
    };
    match input {
        Input::Reaction(r) => Some(lang.fmt(T::RepReaction, &[&target, &reaction_words(lang, r)])),
        Input::ClosingFire { casualties } => {
            Some(lang.fmt(T::RepClosingFire, &[&target, &lang.count(*casualties, Noun::FigureAcc), &charger]))
        }
        Input::ChargerTest(answer) => Some(test(charger, TestKind::Charge, answer)),
        Input::StandTest(answer) => Some(test(target, TestKind::Stand, answer)),
        Input::CounterTest(answer) => Some(test(target, TestKind::CounterCharge, answer)),
        Input::Caught(false) => Some(lang.fmt(T::RepNotCaught, &[&target])),
        Input::FacedInTime(faced) => {
            Some(lang.fmt(if *faced { T::RepFacedInTime } else { T::RepNotFacedInTime }, &[&target]))
        }
        Input::Caught(true)
        | Input::BasesLost { .. }
        | Input::EmergencyLimber { .. }
        | Input::FollowUp(_)
        | Input::CounterMeet { .. }
        | Input::Occupy { .. }
        | Input::CrewRanIntoFriend => None,
    }
}

/// A target's reaction in words (GDB-CHG-06..10).
pub fn reaction_words(lang: Lang, r: &Reaction) -> String {
    match r {
        Reaction::Stand => lang.t(T::ReactStand).to_owned(),
        Reaction::StandAndFire => lang.t(T::ReactStandFire).to_owned(),
        Reaction::CounterCharge => lang.t(T::ReactCounter).to_owned(),
        Reaction::Evade => lang.t(T::ReactEvade).to_owned(),
        Reaction::ChangeFormation { to, .. } => format!("{} ({})", lang.t(T::ReactChangeFormation), to.label(lang)),
    }
}

/// The full breakdown of a log entry, one line each.
pub fn entry_lines(lang: Lang, battle: &Battle, entry: &LogEntry) -> Vec<String> {
    let name = |i: usize| entry.units.get(i).map(|id| unit_name(battle, lang, *id)).unwrap_or_default();
    let mut out = Vec::new();
    match &entry.detail {
        LogDetail::GdbMelee {
            attacker_modifiers,
            defender_modifiers,
            result,
            losses,
            overridden,
            tests,
            taken,
            ..
        } => {
            for (who, mods, dice, total) in [
                (name(0), attacker_modifiers, result.attacker_dice, result.attacker_total),
                (name(1), defender_modifiers, result.defender_dice, result.defender_total),
            ] {
                out.push(dice_line(lang, &who, dice, total));
                for m in mods {
                    out.push(modifier_line(lang, m));
                }
            }
            out.push(lang.fmt(T::ResDifference, &[&format!("{:+}", result.difference())]));
            out.push(lang.fmt(T::ResOutcome, &[&result.outcome.label(lang)]));
            // The losses entered follow: "enter them from your rulebook" was the wizard's
            // instruction, not part of the record.
            let recorded = |e: &&crate::rules::gdb::Effect| !matches!(e, crate::rules::gdb::Effect::CasualtiesToEnter);
            for (who, effects) in [(name(0), &result.attacker_effects), (name(1), &result.defender_effects)] {
                let list: Vec<String> = effects.iter().filter(recorded).map(|e| effect_text(lang, e)).collect();
                out.push(format!("{who}: {}", list.join("; ")));
            }
            out.push(lang.fmt(T::LogLosses, &[&name(0), &losses.attacker, &name(1), &losses.defender]));
            if let Some(o) = overridden {
                out.push(lang.fmt(T::LogOverrideReason, &[&override_text(lang, o), &o.reason]));
            }
            for t in tests {
                let what = format!("{}: {}", unit_name(battle, lang, t.unit), t.test.label(lang));
                out.push(table_roll_text(lang, &what, (t.dice, t.modifier, &t.house), &t.row));
            }
            for t in taken {
                let what = result_words(lang, t.test, t.result);
                out.push(format!("{}: {}: {what}", unit_name(battle, lang, t.unit), t.test.label(lang)));
            }
        }
        LogDetail::Initiative { result, .. } => {
            // Each side's dice, then its own modifiers, under its own name (GDB-SEQ-01).
            for (side, dice, total, modifiers) in [
                (crate::rules::Side::First, result.dice.first, result.totals.first, &result.modifiers.first),
                (crate::rules::Side::Second, result.dice.second, result.totals.second, &result.modifiers.second),
            ] {
                let name = crate::i18n::names::side_name(battle, side, lang);
                out.push(dice_line(lang, name, dice, total));
                out.extend(modifiers.iter().map(|m| modifier_line(lang, m)));
                if modifiers.is_empty() && battle.without_commander(side) {
                    out.push(lang.fmt(T::NoCommanderNoMinus, &[&name]));
                }
            }
        }
        LogDetail::Phase { expired, moved, .. } if !expired.is_empty() || !moved.is_empty() => {
            out.push(phase_changes(lang, battle, expired, moved));
        }
        LogDetail::BCollision { attacker_modifiers, defender_modifiers, dice, result, .. } => {
            // B-COL-03: one average die a side.
            out.push(format!("{}: {} {}", name(0), lang.t(T::DieAverage), dice.attacker));
            for m in attacker_modifiers {
                out.push(modifier_line(lang, m));
            }
            out.push(format!("{}: {} {}", name(1), lang.t(T::DieAverage), dice.defender));
            for m in defender_modifiers {
                out.push(modifier_line(lang, m));
            }
            if let Some(z) = result.zone {
                out.push(lang.fmt(T::BZone, &[&z]));
            }
            if let Some(cm) = result.flee_cm {
                out.push(lang.fmt(T::BFlees, &[&cm]));
            }
        }
        // The table instructions were given once, in the wizard where the players acted
        // (issue 28); the record keeps what happened.
        LogDetail::Charge { happened, overruled, screen, grounds, .. } => {
            out.extend(overruled.iter().map(|o| overrule_text(lang, o)));
            out.extend(screen.iter().map(|id| lang.fmt(T::ScreenEvades, &[&unit_name(battle, lang, *id)])));
            // Told whole from the recorded action (issue 43); an entry without one (version
            // 1) by its happenings.
            let account = charge_account(lang, battle, entry);
            if account.is_empty() {
                out.extend(happened.iter().map(|h| happening_text(lang, &name(0), &name(1), h)));
            }
            out.extend(account);
            out.extend(grounds.iter().map(|(id, from, to)| {
                lang.fmt(T::LogGroundSet, &[&unit_name(battle, lang, *id), &to.label(lang), &from.label(lang)])
            }));
        }
        LogDetail::ChargeDeclared { overruled: Some(o), .. } => out.push(overrule_text(lang, o)),
        LogDetail::BMelee { dice, modifiers, hits, .. } => {
            for (who, d, m, h) in [
                (name(0), &dice.attacker, &modifiers.attacker, hits.attacker),
                (name(1), &dice.defender, &modifiers.defender, hits.defender),
            ] {
                let shown: Vec<String> = d.iter().map(u8::to_string).collect();
                out.push(format!("{who}: {}", lang.fmt(T::BHits, &[&shown.join(" "), &lang.count(h, Noun::Figure)])));
                for m in m {
                    out.push(modifier_line(lang, m));
                }
            }
        }
        LogDetail::Edit { .. }
        | LogDetail::Phase { .. }
        | LogDetail::Note { .. }
        | LogDetail::Hidden { .. }
        | LogDetail::ChargeDeclared { .. }
        | LogDetail::DeclarationsDone { .. }
        | LogDetail::TestsDropped { .. }
        | LogDetail::FormationChanged { .. }
        | LogDetail::Moved { .. }
        | LogDetail::AtTheEdge { .. } => {}
        LogDetail::Fire { roll, .. } | LogDetail::TestTaken { roll, .. } => {
            if let Some(r) = roll {
                out.push(table_roll_text(lang, &name(0), (r.dice, r.modifier, &r.house), &r.row));
            }
        }
    }
    out
}

/// Adds the distance from the players' table: the rout move, or (AMB-43) the retreat
/// move when no rout move is set.
fn with_distance(lang: Lang, battle: &Battle, id: UnitId, rout: bool, text: String) -> String {
    let Some(u) = battle.unit(id) else { return text };
    let row = battle.options.gdb.distance(u.arm, u.formation);
    let cm = row.and_then(|r| if rout { r.rout_cm.or(r.retreat_cm) } else { r.retreat_cm });
    match cm {
        Some(cm) => format!("{text} ({})", lang.fmt(T::Cm, &[&cm])),
        None => text,
    }
}

/// A checklist item in words, with "moved on the table" when the table view made the move.
pub fn todo_text(lang: Lang, battle: &Battle, todo: &Todo) -> String {
    let text = todo_words(lang, battle, todo);
    let unit = match todo {
        Todo::Rout(id) | Todo::Retreat(id) | Todo::PushBackThenRally(id) => Some(*id),
        Todo::AtTheEdge(_)
        | Todo::RollInitiative
        | Todo::Declarations { .. }
        | Todo::Attacks
        | Todo::CarryOutCharge { .. }
        | Todo::Pursue(_)
        | Todo::Melee { .. }
        | Todo::Test { .. }
        | Todo::RecordFire => None,
    };
    let Some(u) = unit.and_then(|id| battle.unit(id)) else { return text };
    match crate::game::moved_on_table(battle, u.id) {
        Some(cm) => format!("{text} · {}", lang.fmt(T::MovedOnTable, &[&cm])),
        // On the table, but no distance to move it by: the players drag it.
        None if u.place.is_some() && battle.table.is_some() && battle.phase == crate::rules::Phase::CompulsoryMoves => {
            format!("{text} · {}", lang.fmt(T::NotMovedOnTable, &[&u.arm.label(lang)]))
        }
        None => text,
    }
}

fn todo_words(lang: Lang, battle: &Battle, todo: &Todo) -> String {
    let name = |id: &UnitId| unit_name(battle, lang, *id);
    match todo {
        Todo::RollInitiative => lang.t(T::TodoInitiative).to_owned(),
        Todo::Declarations { declaring } => declarations_words(lang, battle, *declaring),
        Todo::Attacks => lang.t(T::TodoAttacks).to_owned(),
        Todo::CarryOutCharge { charger, target } => lang.fmt(T::TodoCarryOut, &[&name(charger), &name(target)]),
        Todo::Rout(id) => with_distance(lang, battle, *id, true, lang.fmt(T::TodoRout, &[&name(id)])),
        Todo::Retreat(id) => with_distance(lang, battle, *id, false, lang.fmt(T::TodoRetreat, &[&name(id)])),
        Todo::PushBackThenRally(id) => lang.fmt(T::TodoPushBack, &[&name(id)]),
        Todo::AtTheEdge(id) => lang.fmt(T::TodoAtTheEdge, &[&name(id)]),
        Todo::Pursue(id) => lang.fmt(T::TodoPursue, &[&name(id)]),
        Todo::Melee { attacker, defender, .. } => lang.fmt(T::TodoMelee, &[&name(attacker), &name(defender)]),
        Todo::Test { unit, cause, .. } => {
            use crate::game::morale_tests::Cause;
            let key = match cause {
                Cause::Melee => T::TodoMorale,
                Cause::Wavering => T::TodoWavering,
                Cause::Fire => T::TodoFireTest,
                Cause::Routing => T::TodoRally,
            };
            lang.fmt(key, &[&name(unit)])
        }
        Todo::RecordFire => lang.t(T::TodoRecordFire).to_owned(),
    }
}

/// Each side's declarations in the GdB Charges phase, the phasing side first: how many it
/// declared and whether it is done, declaring, or declares next (GDB-CHG-03).
fn declarations_words(lang: Lang, battle: &Battle, declaring: Option<crate::rules::Side>) -> String {
    let phasing = crate::game::declarations::phasing_side(battle);
    let phase = crate::game::declarations::charges_phase(battle);
    let side = |s| declaring_side_words(lang, battle, &phase, declaring, s);
    lang.fmt(T::TodoDeclarations, &[&side(phasing), &side(phasing.other())])
}

/// One side's declarations in the GdB Charges phase: how many it declared and whether it
/// is done, declaring, or declares next (GDB-CHG-03).
pub fn declaring_side_words(
    lang: Lang,
    battle: &Battle,
    phase: &crate::game::declarations::ChargesPhase,
    declaring: Option<crate::rules::Side>,
    side: crate::rules::Side,
) -> String {
    let name = crate::i18n::names::side_name(battle, side, lang);
    let count = phase.declared.iter().filter(|d| d.side == side).count();
    if *phase.closed.get(side) {
        lang.fmt(T::DeclSideDone, &[&name, &count])
    } else if declaring == Some(side) {
        lang.fmt(T::DeclSideDeclaring, &[&name, &count])
    } else {
        lang.fmt(T::DeclSideNext, &[&name])
    }
}

/// One effect in words.
pub fn effect_text(lang: Lang, effect: &Effect) -> String {
    match effect {
        Effect::Routs => lang.t(T::EffRouts).to_owned(),
        Effect::Retreats => lang.t(T::EffRetreats).to_owned(),
        Effect::PushedBack { cm: None } => lang.t(T::EffPushedBack).to_owned(),
        Effect::PushedBack { cm: Some(cm) } => lang.fmt(T::EffPushedBackCm, &[cm]),
        Effect::Unformed => lang.t(T::EffUnformed).to_owned(),
        Effect::StaysFormed => lang.t(T::EffStaysFormed).to_owned(),
        Effect::Tests { test } => lang.fmt(T::EffTests, &[&test.label(lang)]),
        Effect::StaysUnformed => lang.t(T::EffStaysUnformed).to_owned(),
        Effect::FollowsInContact => lang.t(T::EffFollows).to_owned(),
        Effect::MeleeContinues => lang.t(T::EffContinues).to_owned(),
        Effect::Dispersed { removed: false } => lang.t(T::EffDispersed).to_owned(),
        Effect::Dispersed { removed: true } => lang.t(T::EffDispersedRemoved).to_owned(),
        Effect::BonusMove => lang.t(T::EffBonusMove).to_owned(),
        Effect::Casualties { figures, halved: false } => {
            lang.fmt(T::EffCasualties, &[&lang.count(*figures, Noun::FigureAcc)])
        }
        Effect::Casualties { figures, halved: true } => {
            lang.fmt(T::EffCasualtiesHalved, &[&lang.count(*figures, Noun::FigureAcc)])
        }
        Effect::CasualtiesToEnter => lang.t(T::EffCasualtiesToEnter).to_owned(),
    }
}
