//! The status line's message, worded in both languages as it is said, so that switching
//! the language rewords it rather than leaving it in the language it was said in.

use crate::i18n::Lang;

/// A line of the status bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    /// Whether it says what went wrong.
    pub error: bool,
    /// Its words in each language ([`Lang::ALL`]'s order); empty where it was worded in one
    /// language only.
    words: [String; 2],
}

impl Said {
    /// `word` in each language.
    pub fn new(error: bool, mut word: impl FnMut(Lang) -> String) -> Said {
        Said { error, words: Lang::ALL.map(&mut word) }
    }

    /// Words a helper gave in one language only: shown while that language is on screen.
    pub fn only(lang: Lang, text: String, error: bool) -> Said {
        Said::new(error, |l| if l == lang { text.clone() } else { String::new() })
    }

    /// Its words in `lang`, if it has them.
    pub fn text(&self, lang: Lang) -> Option<&str> {
        let at = Lang::ALL.iter().position(|l| *l == lang)?;
        self.words.get(at).map(String::as_str).filter(|t| !t.is_empty())
    }
}
