//! One home for words: every interface string has exactly one text in each language,
//! in one domain file; every key is used; both languages take the same values.

use crate::common;

use std::path::Path;

use quote::ToTokens;

use coldsteel::i18n::{Lang, T};

fn sources(dir: &Path, out: &mut String) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            // The tables themselves do not count as a use.
            if !path.ends_with("i18n/texts") {
                sources(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push_str(&std::fs::read_to_string(&path).unwrap());
        }
    }
}

#[test]
fn every_key_has_one_text_in_each_language() {
    for key in T::ALL {
        for lang in [Lang::En, Lang::Ru] {
            assert_eq!(key.domains(lang), 1, "{key:?} in {lang:?}");
            assert!(!key.text(lang).trim().is_empty(), "{key:?} in {lang:?}");
        }
    }
}

#[test]
fn every_key_is_used() {
    let mut code = String::new();
    sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut code);
    let used = |name: &str| {
        code.match_indices(&format!("T::{name}")).any(|(at, m)| {
            let next = code[at + m.len()..].chars().next();
            next.is_none_or(|c| !(c.is_alphanumeric() || c == '_'))
        })
    };
    let unused: Vec<&str> = T::NAMES.iter().copied().filter(|n| !used(n)).collect();
    assert!(unused.is_empty(), "keys no code uses: {unused:?}");
}

/// The placeholders of a text: `{}` in order, or `{N}`.
fn placeholders(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut next = 0;
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        let inside = &after[..close];
        if inside.is_empty() {
            out.push(next.to_string());
            next += 1;
        } else if inside.parse::<usize>().is_ok() {
            out.push(inside.to_owned());
        }
        rest = &after[close + 1..];
    }
    out.sort();
    out
}

#[test]
fn both_languages_take_the_same_values() {
    for key in T::ALL {
        assert_eq!(placeholders(key.text(Lang::En)), placeholders(key.text(Lang::Ru)), "{key:?}");
    }
}

/// Every character of every string literal in the source (doc comments aside).
fn literal_characters() -> std::collections::BTreeMap<char, String> {
    struct Literals(std::collections::BTreeMap<char, String>);
    impl<'ast> syn::visit::Visit<'ast> for Literals {
        fn visit_attribute(&mut self, _: &'ast syn::Attribute) {}
        fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
            // Unit tests inside the source draw nothing.
            let test_only =
                m.attrs.iter().any(|a| a.path().is_ident("cfg") && a.to_token_stream().to_string().contains("test"));
            if !test_only {
                syn::visit::visit_item_mod(self, m);
            }
        }
        fn visit_lit_str(&mut self, lit: &'ast syn::LitStr) {
            let value = lit.value();
            for c in value.chars().filter(|c| !c.is_control()) {
                self.0.entry(c).or_insert_with(|| value.clone());
            }
        }
        fn visit_macro(&mut self, mac: &'ast syn::Macro) {
            // Macro bodies (the text tables, format strings) hold literals too, in groups.
            fn walk(stream: proc_macro2::TokenStream, v: &mut Literals) {
                for t in stream {
                    match t {
                        proc_macro2::TokenTree::Group(g) => walk(g.stream(), v),
                        proc_macro2::TokenTree::Literal(l) => {
                            if let Ok(lit) = syn::parse_str::<syn::LitStr>(&l.to_string()) {
                                syn::visit::Visit::visit_lit_str(v, &lit);
                            }
                        }
                        _ => {}
                    }
                }
            }
            walk(mac.tokens.clone(), self);
        }
    }
    let mut paths = Vec::new();
    common::rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut paths);
    let mut v = Literals(Default::default());
    for path in paths {
        let file = syn::parse_file(&std::fs::read_to_string(&path).unwrap()).unwrap();
        syn::visit::Visit::visit_file(&mut v, &file);
    }
    v.0
}

/// No missing-glyph box: every character any string of the program can show is in the
/// fonts the window ships (egui's own, no system fonts).
#[test]
fn every_string_renders_with_the_shipped_fonts() {
    let ctx = egui::Context::default();
    // One frame loads the fonts; its texture upload is not needed here.
    ctx.run_ui(egui::RawInput::default(), |_| {}).textures_delta.clear();
    let font = egui::FontId::proportional(14.0);
    let mono = egui::FontId::monospace(14.0);
    // Characters only files carry (the Markdown roster's tally boxes), never the window.
    let files_only = ['☐'];
    let missing: Vec<String> = literal_characters()
        .into_iter()
        .filter(|(c, _)| !files_only.contains(c))
        .filter(|(c, _)| !ctx.fonts_mut(|f| f.has_glyph(&font, *c) && f.has_glyph(&mono, *c)))
        .map(|(c, example)| format!("{c:?} (U+{:04X}) in {example:?}", u32::from(c)))
        .collect();
    assert!(missing.is_empty(), "characters without a glyph:\n{}", missing.join("\n"));
}

/// Issue 26, refusals are data: every refusal of the charge sequence and of the game, with
/// sample data, said in Russian has no Latin word but clause IDs (GDB-…, B-…, AMB-…).
#[test]
fn every_charge_and_action_refusal_reads_in_russian() {
    use coldsteel::game::ActionError;
    use coldsteel::i18n::errors::{action_error_text, charge_error_text};
    use coldsteel::rules::gdb::charge::{ChargeError as E, Frac};
    use coldsteel::rules::options::{TestKind, TestResult};
    let charge = [
        E::NoCommander,
        E::RegimentalCommander,
        E::NotVisible,
        E::OutOfReach { distance: 30, reach: 6 },
        E::OutsideSector(30),
        E::AlreadyCharged,
        E::OpportunityNotCavalry,
        E::NoOrdersLeft,
        E::NotOwnBrigade,
        E::NotInReachAtStart,
        E::TooLate,
        E::MayNotEvade,
        E::MayNotCounterCharge,
        E::NoTimeToChange { needed: Frac(1, 2), available: Frac(1, 3) },
        E::DurationUnknown,
        E::ChargeMoveUnknown,
        E::MayNotFire,
        E::NoTableRow(13),
        E::TwoDiceNeeded,
        E::NotAResultOf { test: TestKind::Pursuit, result: TestResult::Rout },
        E::TooManyLost { lost: 13, has: 12 },
        E::SkirmishersMustEvade,
        E::MeetBeyondGap { counter: 7, gap: 5 },
        E::OnlyInfantryOccupies,
        E::NoBuildingsToOccupy,
        E::CrewDidNotFlee,
        E::CarryOnOutOfReach { needed: 16, left: 6 },
        E::EvadersOutOfReach,
        E::NoMoveLeft,
        E::ChargerHalted,
        E::ChargedThisTurn,
        E::ChargerInContact,
        E::TargetInMelee,
        E::NotChargesPhase,
        E::NotAnOrderingGeneral,
        E::AlreadyDeclared,
        E::PhasingDeclaresFirst,
        E::DeclarationsClosed,
        E::DeclarationsOpen,
        E::NotAnAnswer,
        E::OpportunityFirst,
        E::PhasingChargesFirst,
        E::TableDistance { typed: 25, table: 18 },
        E::TableBearing { typed: 0, table: 5 },
        E::TableCommander { table: true },
        E::TableCommander { table: false },
        E::WrongStep,
    ];
    let latin_outside_ids = |text: &str| -> Option<String> {
        text.split(|c: char| !(c.is_alphanumeric() || c == '-'))
            .filter(|w| w.chars().any(|c| c.is_ascii_alphabetic()))
            .find(|w| !(w.starts_with("GDB-") || w.starts_with("B-") || w.starts_with("AMB-") || w.starts_with("EX-")))
            .map(str::to_owned)
    };
    for e in &charge {
        let ru = charge_error_text(coldsteel::i18n::Lang::Ru, e);
        assert!(latin_outside_ids(&ru).is_none(), "{e:?}: {ru}");
    }
    let actions = [
        ActionError::CrewFriendUnnamed,
        ActionError::OverruleNeedsReason,
        ActionError::NotOverrulable(E::TargetInMelee),
        ActionError::TooManyInContact { figures: 2000, overlaps: 3, max: 1000 },
        ActionError::Dice(coldsteel::rules::dice::DiceError::NotAFace {
            value: 7,
            kind: coldsteel::rules::DieKind::D6,
        }),
        ActionError::InitiativeTie,
        ActionError::TestsOwed,
    ];
    for e in &actions {
        let ru = action_error_text(coldsteel::i18n::Lang::Ru, e);
        assert!(latin_outside_ids(&ru).is_none(), "{e:?}: {ru}");
    }
}

/// A word of Latin letters outside names and clause IDs (GDB-…, B-…, AMB-…, EX-…).
fn latin_word(text: &str, names: &[&str]) -> Option<String> {
    const ALLOWED: [&str; 4] = ["PDF", "JSON", "coldsteel", "UTF-8"];
    let clause = |w: &str| ["GDB-", "B-", "AMB-", "EX-"].iter().any(|p| w.starts_with(p));
    let named = |w: &str| names.iter().any(|n| n.split(' ').any(|part| part == w));
    text.split(|c: char| !(c.is_alphanumeric() || c == '-'))
        .filter(|w| w.chars().any(|c| c.is_ascii_alphabetic()))
        .find(|w| !(clause(w) || named(w) || ALLOWED.contains(w)))
        .map(str::to_owned)
}

/// Issue 26, refusals are data: every error variant of the game, the model, the files,
/// the journal and the dice, with sample data, said in Russian has no Latin word but
/// names, clause IDs and the names of formats. The matches below have no catch-all: a new
/// variant does not compile here until it has a sample.
#[test]
fn every_error_reads_in_russian() {
    use coldsteel::game::procedure::DraftRefusal;
    use coldsteel::game::sequence::TurnError;
    use coldsteel::game::{ActionError as A, ApplyError, ApplyItem, Recorded, ReplayError};
    use coldsteel::i18n::Lang::Ru;
    use coldsteel::i18n::errors::*;
    use coldsteel::model::{BrigadeId, GeneralId, ModelError, Problem as P, UnitId};
    use coldsteel::rules::dice::DiceError;
    use coldsteel::rules::gdb::charge::ChargeError;
    use coldsteel::storage::{LoadError as L, SaveReason as S};
    let dice = DiceError::NotAFace { value: 7, kind: coldsteel::rules::DieKind::D6 };
    let apply = ApplyError::ItemNotAsRecorded(ApplyItem::Unit, 3);
    let problems = vec![
        P::EmptyName,
        P::NoStartingFigures,
        P::FiguresAboveStart { figures: 13, start: 12 },
        P::MissingBrigade(BrigadeId(9)),
        P::BrigadeOfOtherSide(BrigadeId(9)),
        P::MissingUnit(UnitId(9)),
        P::UnitOfOtherSide(UnitId(9)),
        P::BadIds,
        P::CommanderWithBrigade,
        P::FormationNotForArm,
        P::TwoCommanders(coldsteel::rules::Side::First),
        P::OutOfRange { field: "units", value: 100_001, limit: 100_000 },
        P::OutOfRange { field: "log", value: 20_001, limit: 20_000 },
        P::OutOfRange { field: "distance_cm", value: 10_001, limit: 10_000 },
        P::OutOfRange { field: "melee_turn", value: 1001, limit: 1000 },
        P::OutOfRange { field: "figures_start", value: 10_001, limit: 10_000 },
        P::OutOfRange { field: "log turn", value: 1001, limit: 1000 },
        P::OutOfRange { field: "orders_used", value: 101, limit: 100 },
        P::OutOfRange { field: "items", value: 100_001, limit: 100_000 },
        P::OutOfRange { field: "refusals", value: 17, limit: 16 },
        P::TooLong { field: "name", chars: 201, limit: 200 },
        P::TooLong { field: "description_ru", chars: 20_001, limit: 20_000 },
        P::TooLong { field: "side name", chars: 201, limit: 200 },
        P::TooLong { field: "note", chars: 20_001, limit: 20_000 },
        P::TooLong { field: "reason", chars: 2_001, limit: 2_000 },
        P::TooLong { field: "subject", chars: 20_001, limit: 20_000 },
        P::EngagementOfFriends(0),
        P::EngagementWithoutUnit { index: 0, unit: UnitId(9) },
        P::OffTheTable,
        P::SameSideNames,
        P::UntrimmedName,
        P::ControlInName,
        P::House(coldsteel::rules::house::HouseError::UnknownField { path: "gdb.house".into(), field: "x".into() }),
    ];
    for p in &problems {
        match p {
            P::EmptyName
            | P::NoStartingFigures
            | P::FiguresAboveStart { .. }
            | P::MissingBrigade(_)
            | P::BrigadeOfOtherSide(_)
            | P::MissingUnit(_)
            | P::UnitOfOtherSide(_)
            | P::BadIds
            | P::CommanderWithBrigade
            | P::FormationNotForArm
            | P::TwoCommanders(_)
            | P::OutOfRange { .. }
            | P::TooLong { .. }
            | P::EngagementOfFriends(_)
            | P::EngagementWithoutUnit { .. }
            | P::OffTheTable
            | P::UntrimmedName
            | P::ControlInName
            | P::House(_)
            | P::SameSideNames => {}
        }
        let ru = problem_text(Ru, p);
        // A path in the options is the file's, in either language.
        let paths: &[&str] = if matches!(p, P::House(_)) { &["options gdb house x"] } else { &[] };
        assert!(latin_word(&ru, paths).is_none(), "{p:?}: {ru}");
    }
    let names = ["Kiev Dragoons", "Walther"];
    let models = [
        ModelError::Unit { id: UnitId(15), name: names[0].into(), problem: P::EmptyName },
        ModelError::General { id: GeneralId(4), name: names[1].into(), problem: P::BadIds },
        ModelError::Brigade { id: BrigadeId(1), name: names[1].into(), problem: P::EmptyName },
        ModelError::Battle(P::OffTheTable),
    ];
    for m in &models {
        let ru = model_error_text(Ru, m);
        assert!(latin_word(&ru, &names).is_none(), "{m:?}: {ru}");
    }
    let actions = vec![
        A::NoSuchUnit(UnitId(9)),
        A::NoSuchGeneral(GeneralId(9)),
        A::NoSuchBrigade(BrigadeId(9)),
        A::Invalid(P::TwoCommanders(coldsteel::rules::Side::Second)),
        A::NoChange,
        A::FileFull { bytes: 70_000_000, limit: 64 << 20 },
        A::Turn(TurnError::TestInContact(UnitId(3))),
        A::Turn(TurnError::MeleeOutsidePhase),
        A::Turn(TurnError::RoutMoveFirst(UnitId(3))),
        A::Turn(TurnError::TestTakenInMelee(UnitId(3))),
        A::Turn(TurnError::MeleeGoesOnNextTurn),
        A::Turn(TurnError::ChangedFormation(UnitId(3))),
        A::Turn(TurnError::OneDie(UnitId(3))),
        A::InitiativeFirst,
        A::NotInitiativePhase,
        A::InitiativeTie,
        A::InitiativeDone,
        A::OutOfPlay(UnitId(9)),
        A::SameSide(UnitId(1), UnitId(2)),
        A::NoSuchMelee(3),
        A::Dice(dice.clone()),
        A::TooManyInContact { figures: 2000, overlaps: 3, max: 1000 },
        A::Charge(ChargeError::NoCommander),
        A::ChargeUnfinished,
        A::NotEngaged(UnitId(1), UnitId(2)),
        A::TooManyLosses { unit: UnitId(1), lost: 13, has: 12 },
        A::LossesNeeded,
        A::TestsOwed,
        A::NoTestOwed,
        A::DerivedFact(coldsteel::rules::Field::Fact(coldsteel::rules::Fact::Charging)),
        A::NotAScreen(UnitId(9)),
        A::NotOverrulable(ChargeError::TargetInMelee),
        A::OverruleNeedsReason,
        A::CrewFriendUnnamed,
        A::Apply(apply),
        A::Fire(coldsteel::game::fire::FireError::NotFiringPhase),
        A::Fire(coldsteel::game::fire::FireError::ChangingFormation),
        A::Fire(coldsteel::game::fire::FireError::Screen),
        A::Fire(coldsteel::game::fire::FireError::TargetInContact),
        A::Fire(coldsteel::game::fire::FireError::NoFiringRow(13)),
        A::Fire(coldsteel::game::fire::FireError::LossesNeeded),
        A::Test(coldsteel::game::morale_tests::TestError::NotAResult {
            test: coldsteel::rules::options::TestKind::Rally,
            result: coldsteel::rules::options::TestResult::Pursue,
        }),
        A::Test(coldsteel::game::morale_tests::TestError::NoTableRow(14)),
        A::Test(coldsteel::game::morale_tests::TestError::NothingToRally),
        A::Test(coldsteel::game::morale_tests::TestError::TakenInItsProcedure),
        A::Test(coldsteel::game::morale_tests::TestError::NothingOwed),
        A::Test(coldsteel::game::morale_tests::TestError::ReasonNeeded),
        A::Move(coldsteel::game::movement::MoveError::NotMovementPhase),
        A::Move(coldsteel::game::movement::MoveError::InContact),
    ];
    for a in &actions {
        match a {
            A::NoSuchUnit(_)
            | A::NoSuchGeneral(_)
            | A::NoSuchBrigade(_)
            | A::Invalid(_)
            | A::NoChange
            | A::FileFull { .. }
            | A::Turn(_)
            | A::InitiativeFirst
            | A::NotInitiativePhase
            | A::InitiativeTie
            | A::InitiativeDone
            | A::OutOfPlay(_)
            | A::SameSide(..)
            | A::NoSuchMelee(_)
            | A::Dice(_)
            | A::TooManyInContact { .. }
            | A::Charge(_)
            | A::ChargeUnfinished
            | A::NotEngaged(..)
            | A::TooManyLosses { .. }
            | A::LossesNeeded
            | A::TestsOwed
            | A::NoTestOwed
            | A::DerivedFact(_)
            | A::NotAScreen(_)
            | A::NotOverrulable(_)
            | A::OverruleNeedsReason
            | A::CrewFriendUnnamed
            | A::Apply(_)
            | A::Fire(_)
            | A::Test(_)
            | A::Move(_) => {}
        }
        let ru = action_error_text(Ru, a);
        assert!(latin_word(&ru, &[]).is_none(), "{a:?}: {ru}");
    }
    let applies = [
        ApplyError::NotAsRecorded(Recorded::Log),
        ApplyError::NotAsRecorded(Recorded::Engagements),
        ApplyError::NotAsRecorded(Recorded::Dice),
        ApplyError::NotAsRecorded(Recorded::Options),
        ApplyError::NotAsRecorded(Recorded::Table),
        ApplyError::NotAsRecorded(Recorded::Turn),
        ApplyError::NotAsRecorded(Recorded::Names),
        ApplyError::Exists(ApplyItem::General, 2),
        ApplyError::ItemNotAsRecorded(ApplyItem::Brigade, 2),
        ApplyError::IdChanged(ApplyItem::Unit, 2),
    ];
    for e in &applies {
        let ru = apply_error_text(Ru, e);
        assert!(latin_word(&ru, &[]).is_none(), "{e:?}: {ru}");
    }
    let loads = vec![
        L::Syntax { line: 3, column: 9, message: "missing field `name`".into() },
        L::Migrated { path: "units[3].arm".into(), message: "missing field `arm`".into(), version: 1 },
        L::WrongFormat("something.else".into()),
        L::Newer { found: 9 },
        L::Invalid(vec![ModelError::Battle(P::BadIds)]),
        L::TooLarge(70_000_000),
        L::Io { kind: std::io::ErrorKind::PermissionDenied, code: Some(13) },
        L::Io { kind: std::io::ErrorKind::Other, code: None },
        L::NotAFile,
        L::NotUtf8(12),
        L::UnknownKey("units[0].figurs".into()),
        L::NotAnObject,
        L::NotAJournal,
        L::SourceChanged("/battles/krasnoi.coldsteel.json".into()),
        L::Journal(ReplayError::FinalDiffers { path: "turn".into(), recorded: "2".into(), replayed: "3".into() }),
    ];
    // The file's own words (a format tag, a key) stay as the file has them.
    let file_words =
        ["something", "else", "units", "arm", "figurs", "name", "battles", "krasnoi", "coldsteel", "json", "turn"];
    for e in &loads {
        match e {
            L::Syntax { .. }
            | L::Migrated { .. }
            | L::WrongFormat(_)
            | L::Newer { .. }
            | L::Invalid(_)
            | L::TooLarge(_)
            | L::Io { .. }
            | L::NotAFile
            | L::NotUtf8(_)
            | L::UnknownKey(_)
            | L::NotAnObject
            | L::NotAJournal
            | L::SourceChanged(_)
            | L::Journal(_) => {}
        }
        let ru = load_error_text(Ru, e);
        assert!(latin_word(&ru, &file_words).is_none(), "{e:?}: {ru}");
    }
    let saves = [
        S::NotAFile,
        S::ReadOnly,
        S::Encode,
        S::TooLarge(70_000_000),
        S::Io { kind: std::io::ErrorKind::StorageFull, code: Some(28) },
        S::Io { kind: std::io::ErrorKind::Other, code: Some(5) },
    ];
    for r in &saves {
        match r {
            S::NotAFile | S::ReadOnly | S::Encode | S::TooLarge(_) | S::Io { .. } => {}
        }
        let ru = save_reason_text(Ru, r);
        assert!(latin_word(&ru, &[]).is_none(), "{r:?}: {ru}");
    }
    let replays = vec![
        ReplayError::StartMismatch,
        ReplayError::NoAction { seq: 4 },
        ReplayError::Refused { seq: 4, reason: A::InitiativeTie },
        ReplayError::RulesChanged { seq: 4, reason: ChargeError::MeetBeyondGap { counter: 7, gap: 5 }, replayed: 3 },
        ReplayError::Differs { seq: 4, path: "units[2].figures".into(), recorded: "12".into(), replayed: "11".into() },
        ReplayError::FinalDiffers { path: "turn".into(), recorded: "2".into(), replayed: "3".into() },
    ];
    for r in &replays {
        let ru = replay_error_text(Ru, r);
        assert!(latin_word(&ru, &["units", "figures", "turn"]).is_none(), "{r:?}: {ru}");
    }
    for d in [dice, DiceError::WrongCount { expected: 2, got: 3 }] {
        let ru = dice_error_text(Ru, &d);
        assert!(latin_word(&ru, &[]).is_none(), "{d:?}: {ru}");
    }
    let drafts = [DraftRefusal::DistanceNeeded, DraftRefusal::Game(A::Charge(ChargeError::NotChargesPhase))];
    for d in &drafts {
        let ru = draft_refusal_text(Ru, d);
        assert!(latin_word(&ru, &[]).is_none(), "{d:?}: {ru}");
    }
    for e in [coldsteel::report::pdf::PdfError::Font, coldsteel::report::pdf::PdfError::Writer("x".into())] {
        let ru = e.text(Ru);
        assert!(latin_word(&ru, &[]).is_none(), "{e:?}: {ru}");
    }
}

/// Issue 30: counts go through the CLDR plural rules (intl_pluralrules), in both
/// languages: "1 figure", "2 figures"; «1 фигура», «2 фигуры», «5 фигур», «21 фигура»,
/// «22 фигуры», «11 фигур», and the object of a verb «1 фигуру».
#[test]
fn counts_follow_the_plural_rules() {
    use coldsteel::i18n::Noun;
    let en = |n: u64| Lang::En.count(n, Noun::Figure);
    assert_eq!([en(0), en(1), en(2), en(21)], ["0 figures", "1 figure", "2 figures", "21 figures"]);
    let ru = |n: u64| Lang::Ru.count(n, Noun::Figure);
    assert_eq!(
        [ru(0), ru(1), ru(2), ru(5), ru(11), ru(21), ru(22), ru(25), ru(111), ru(1001)],
        [
            "0 фигур",
            "1 фигура",
            "2 фигуры",
            "5 фигур",
            "11 фигур",
            "21 фигура",
            "22 фигуры",
            "25 фигур",
            "111 фигур",
            "1001 фигура"
        ]
    );
    assert_eq!(Lang::Ru.count(1u32, Noun::FigureAcc), "1 фигуру");
    assert_eq!(Lang::Ru.count(3usize, Noun::Action), "3 действия");
    assert_eq!(Lang::En.count(1u32, Noun::Die), "1 die");
    // The finding "Remove 1 figures": the sentence now counts.
    let text =
        Lang::En.fmt(coldsteel::i18n::T::HapRemoveFigures, &[&Lang::En.count(1u32, Noun::FigureAcc), &"Kiev Dragoons"]);
    assert_eq!(text, "Remove 1 figure from Kiev Dragoons");
}

/// Issue 48: a file's die that is no face, and an engagement that cannot be, are refused
/// as the file is read and said in Russian.
#[test]
fn a_bad_face_and_an_impossible_engagement_read_in_russian() {
    use coldsteel::i18n::errors::serde_message;
    let face = serde_message(Lang::Ru, "7 is not a face of the D6 die at line 3 column 9");
    assert!(face.contains('7') && latin_word(&face, &[]).is_none(), "{face}");
    let average = serde_message(Lang::Ru, "log[3].action.with.dice.attacker: 6 is not a face of the Average die");
    assert!(average.starts_with("log[3].action.with.dice.attacker: "), "the path kept: {average}");
    let average = average.trim_start_matches("log[3].action.with.dice.attacker: ").to_owned();
    assert!(average.contains('6') && latin_word(&average, &[]).is_none(), "{average}");
    for e in coldsteel::model::ImpossibleEngagement::ALL {
        let ru = serde_message(Lang::Ru, &format!("engagements[0]: {e}"));
        let ru = ru.trim_start_matches("engagements[0]: ");
        assert!(latin_word(ru, &[]).is_none(), "{e:?}: {ru}");
    }
}

/// The charge wizard's "so far" line and the report's account tell the rates typed in
/// words, not as the fields' labels ("…: full charge move (cm) 40", a new user's trial).
#[test]
fn rates_typed_are_told_in_words() {
    use coldsteel::rules::Phase;
    let g = common::default_at(Phase::Charges);
    let mut a = common::charge(&g, "Grenadiers à cheval", "Ladoga Infantry", 25, vec![]);
    a.rates.charger_charge_cm = Some(40);
    a.rates.target_move_cm = Some(12);
    let en = coldsteel::i18n::log_text::charge_so_far(Lang::En, g.battle(), &a, &[]);
    assert!(en.contains("full charge move of Grenadiers à cheval 40 cm"), "{en}");
    assert!(en.contains("ordinary move of Ladoga Infantry 12 cm") && !en.contains("(cm)"), "{en}");
    let ru = coldsteel::i18n::log_text::charge_so_far(Lang::Ru, g.battle(), &a, &[]);
    assert!(ru.contains("полный ход атаки (Конные гренадеры) 40 см") && !ru.contains("(см)"), "{ru}");
}
