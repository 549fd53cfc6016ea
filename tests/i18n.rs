//! One home for words: every interface string has exactly one text in each language,
//! in one domain file; every key is used; both languages take the same values.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

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
        E::BadDie(7),
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
