//! The status line's message, worded in both languages as it is said, so that switching
//! the language rewords it rather than leaving it in the language it was said in.

use crate::i18n::Lang;

/// A line of the status bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    /// Whether it says what went wrong.
    pub error: bool,
    /// Its words in each language, in [`Lang::ALL`]'s order.
    words: [String; 2],
}

impl Said {
    /// `word` in each language.
    pub fn new(error: bool, mut word: impl FnMut(Lang) -> String) -> Said {
        Said { error, words: Lang::ALL.map(&mut word) }
    }

    /// Its words in `lang`.
    pub fn text(&self, lang: Lang) -> &str {
        let at = Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0);
        self.words.get(at).map_or("", String::as_str)
    }
}
