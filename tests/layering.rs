//! The pure core (rules, model, game) never touches the UI, files, clocks or random
//! generators: dice come in as values (design.md section 2).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

const FORBIDDEN: &[&str] = &[
    "egui",
    "eframe",
    "rfd",
    "std::fs",
    "fs::",
    "rand",
    "SystemTime",
    "Instant",
    "chrono",
    "std::env",
    "std::process",
    "std::net",
    "crate::ui",
    "crate::storage",
    "crate::report",
    "crate::i18n",
];

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Word-boundary match so that e.g. `operand` does not count as `rand`.
fn mentions(line: &str, word: &str) -> bool {
    line.match_indices(word).any(|(at, _)| {
        let before = line[..at].chars().next_back();
        let after = line[at + word.len()..].chars().next();
        let edge = |c: Option<char>| c.is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        edge(before) && (edge(after) || word.ends_with(':'))
    })
}

#[test]
fn pure_core_imports_nothing_impure_or_above_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut offences = Vec::new();
    for floor in ["rules", "model", "game"] {
        let mut files = Vec::new();
        rust_files(&root.join(floor), &mut files);
        assert!(!files.is_empty(), "no sources under src/{floor}");
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            for (n, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or("");
                for word in FORBIDDEN {
                    if mentions(code, word) {
                        offences.push(format!("{}:{}: `{word}` in: {}", file.display(), n + 1, line.trim()));
                    }
                }
            }
        }
    }
    assert!(offences.is_empty(), "the pure core reaches out:\n{}", offences.join("\n"));
}

#[test]
fn rules_do_not_import_the_floors_above() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root.join("rules"), &mut files);
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for word in ["crate::model", "crate::game"] {
            assert!(!text.contains(word), "{} imports {word}", file.display());
        }
    }
    let mut files = Vec::new();
    rust_files(&root.join("model"), &mut files);
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(!text.contains("crate::game"), "{} imports the game floor", file.display());
    }
}

#[test]
fn the_checker_catches_an_offence() {
    assert!(mentions("use rand::Rng;", "rand"));
    assert!(mentions("let t = std::time::SystemTime::now();", "SystemTime"));
    assert!(!mentions("let operand = 3;", "rand"));
    assert!(!mentions("fn random_like() {}", "rand"));
}

/// Actions carry inputs and the game derives results (design.md section 2): the
/// interface never calls a rules function that decides a result. It previews through the
/// game's own functions (`run_charge`, `gdb_melee_result`, `collision_result`,
/// `b_melee_outcome`) and shows odds and breakdowns.
#[test]
fn the_interface_decides_no_result() {
    const DECIDING: &[&str] =
        &[".resolve(", ".state(", ".step(", "Charge::declare", "Charge::run", ".effects(", "check_declaration("];
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    assert!(!files.is_empty());
    let mut offences = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for call in DECIDING {
                if code.contains(call) {
                    offences.push(format!("{}:{}: {call}", file.display(), n + 1));
                }
            }
        }
    }
    assert!(offences.is_empty(), "the interface decides results:\n{}", offences.join("\n"));
}
