//! One home for words: every interface string has exactly one text in each language,
//! in one domain file; every key is used; both languages take the same values.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

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
