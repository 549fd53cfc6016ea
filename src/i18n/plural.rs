//! Counts in words through the CLDR plural rules (the `intl_pluralrules` crate): "1
//! figure", "3 figures"; «1 фигура», «3 фигуры», «5 фигур». No ending is written by hand:
//! each noun lists its form for each plural category of the language, and the rules pick.

use std::sync::OnceLock;

use intl_pluralrules::{PluralCategory, PluralRuleType, PluralRules};

use super::Lang;

/// A counted noun, in the case its sentences need (`…Acc`: the object of a verb, «теряет
/// 1 фигуру»).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Noun {
    /// Figures (the subject, or after a colon).
    Figure,
    /// Figures lost or removed (the object of a verb).
    FigureAcc,
    /// Actions of a journal or a scenario.
    Action,
    /// Units.
    Unit,
    /// Generals.
    General,
    /// Brigades.
    Brigade,
    /// Problems of a battle.
    Problem,
    /// Rows of a spreadsheet.
    Row,
    /// Tests owed.
    Test,
    /// Melees still to fight.
    Melee,
    /// Charges declared.
    Charge,
    /// Journal entries.
    Entry,
    /// Dice.
    Die,
    /// Maps of a report.
    Map,
    /// Overlapping figures (Ruleset B).
    Overlap,
    /// Roster edits in the log.
    RosterEdit,
}

/// A noun's forms: English one and other; Russian one, few, many and other (fractions).
struct Forms {
    en: [&'static str; 2],
    ru: [&'static str; 4],
}

const fn forms(noun: Noun) -> Forms {
    match noun {
        Noun::Figure => {
            Forms { en: ["figure", "figures"], ru: ["фигура", "фигуры", "фигур", "фигуры"] }
        }
        Noun::FigureAcc => {
            Forms { en: ["figure", "figures"], ru: ["фигуру", "фигуры", "фигур", "фигуры"] }
        }
        Noun::Action => Forms {
            en: ["action", "actions"], ru: ["действие", "действия", "действий", "действия"]
        },
        Noun::Unit => Forms {
            en: ["unit", "units"],
            ru: ["подразделение", "подразделения", "подразделений", "подразделения"],
        },
        Noun::General => Forms {
            en: ["general", "generals"], ru: ["генерал", "генерала", "генералов", "генерала"]
        },
        Noun::Brigade => Forms {
            en: ["brigade", "brigades"], ru: ["бригада", "бригады", "бригад", "бригады"]
        },
        Noun::Problem => {
            Forms { en: ["problem", "problems"], ru: ["ошибка", "ошибки", "ошибок", "ошибки"] }
        }
        Noun::Row => Forms { en: ["row", "rows"], ru: ["строка", "строки", "строк", "строки"] },
        Noun::Test => Forms { en: ["test", "tests"], ru: ["тест", "теста", "тестов", "теста"] },
        Noun::Charge => Forms { en: ["charge", "charges"], ru: ["атака", "атаки", "атак", "атаки"] },
        Noun::Melee => Forms {
            en: ["melee", "melees"], ru: ["рукопашная", "рукопашные", "рукопашных", "рукопашной"]
        },
        Noun::Entry => {
            Forms { en: ["entry", "entries"], ru: ["запись", "записи", "записей", "записи"] }
        }
        Noun::Die => {
            Forms { en: ["die", "dice"], ru: ["кубик", "кубика", "кубиков", "кубика"] }
        }
        Noun::Map => Forms { en: ["map", "maps"], ru: ["карта", "карты", "карт", "карты"] },
        Noun::Overlap => Forms {
            en: ["overlap", "overlaps"], ru: ["нахлёст", "нахлёста", "нахлёстов", "нахлёста"]
        },
        Noun::RosterEdit => Forms {
            en: ["roster edit", "roster edits"],
            ru: ["правка состава", "правки состава", "правок состава", "правки состава"],
        },
    }
}

/// The language's cardinal plural rules, made once.
fn rules(lang: Lang) -> Option<&'static PluralRules> {
    static RULES: OnceLock<[Option<PluralRules>; 2]> = OnceLock::new();
    let made = RULES.get_or_init(|| {
        let make = |code: &str| {
            let id: unic_langid::LanguageIdentifier = code.parse().ok()?;
            PluralRules::create(id, PluralRuleType::CARDINAL).ok()
        };
        [make("en"), make("ru")]
    });
    made[usize::from(lang == Lang::Ru)].as_ref()
}

/// The plural category of `n` in `lang` (other, when the rules cannot tell).
pub fn category(lang: Lang, n: u64) -> PluralCategory {
    rules(lang).and_then(|r| r.select(n).ok()).unwrap_or(PluralCategory::OTHER)
}

/// The noun's word for `n`.
pub fn word(lang: Lang, n: u64, noun: Noun) -> &'static str {
    let f = forms(noun);
    let c = category(lang, n);
    match lang {
        Lang::En => f.en[usize::from(c != PluralCategory::ONE)],
        Lang::Ru => match c {
            PluralCategory::ONE => f.ru[0],
            PluralCategory::FEW => f.ru[1],
            PluralCategory::MANY => f.ru[2],
            PluralCategory::ZERO | PluralCategory::TWO | PluralCategory::OTHER => f.ru[3],
        },
    }
}

impl Lang {
    /// `n` and its noun: "1 figure", «5 фигур».
    pub fn count<N: TryInto<u64>>(self, n: N, noun: Noun) -> String {
        let n = n.try_into().unwrap_or(u64::MAX);
        format!("{n} {}", word(self, n, noun))
    }
}
