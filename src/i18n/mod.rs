//! English and Russian strings. Every user-visible string passes through here.
//!
//! Interface strings are the [`T`] keys; the rules vocabulary and the rule clauses are
//! labelled through [`Label`]. Russian terms follow the seeds' own vocabulary.

pub mod errors;
pub mod log_text;
pub mod names;
pub mod plural;
mod texts;
mod vocab;

pub use plural::Noun;
pub use texts::T;

use serde::{Deserialize, Serialize};

/// An interface language.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Russian.
    Ru,
}

impl Lang {
    /// Both languages, in menu order.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Ru];

    /// The language's own name.
    pub const fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Ru => "Русский",
        }
    }

    /// The ISO code used on the command line.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ru => "ru",
        }
    }

    /// A number with `places` decimals, its decimal sign the language's ("49.3", «49,3»).
    pub fn decimal(self, value: f64, places: usize) -> String {
        let text = format!("{value:.places$}");
        match self {
            Lang::En => text,
            Lang::Ru => text.replace('.', ","),
        }
    }

    /// Parses `en` or `ru`.
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code().eq_ignore_ascii_case(code))
    }

    /// The string for a key.
    pub fn t(self, key: T) -> &'static str {
        key.text(self)
    }

    /// A template with `{}` placeholders filled in order.
    pub fn fmt(self, key: T, args: &[&dyn std::fmt::Display]) -> String {
        fill(key.text(self), args)
    }
}

/// Fills `{}` placeholders in order, and `{N}` with the N-th value (for languages
/// whose word order differs); a placeholder without a value stays empty.
pub fn fill(template: &str, args: &[&dyn std::fmt::Display]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut next = 0;
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            out.push_str(&rest[open..]);
            return out;
        };
        let inside = &after[..close];
        let index = if inside.is_empty() {
            next += 1;
            Some(next - 1)
        } else {
            inside.parse::<usize>().ok()
        };
        match index {
            Some(i) => {
                if let Some(a) = args.get(i) {
                    out.push_str(&a.to_string());
                }
            }
            None => out.push_str(&rest[open..open + close + 2]),
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

/// Something with a translated display name.
pub trait Label: Copy {
    /// The name in a language.
    fn label(self, lang: Lang) -> &'static str;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_replaces_in_order() {
        assert_eq!(fill("{} of {}", &[&3, &"24"]), "3 of 24");
        assert_eq!(fill("no args", &[]), "no args");
        assert_eq!(fill("{1} then {0}", &[&"a", &"b"]), "b then a");
        assert_eq!(fill("brace {x} kept", &[]), "brace {x} kept");
    }

    #[test]
    fn every_text_has_both_languages() {
        for key in T::ALL {
            assert!(!key.text(Lang::En).is_empty(), "{key:?}");
            assert!(!key.text(Lang::Ru).is_empty(), "{key:?}");
        }
    }
}
