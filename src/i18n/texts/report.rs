//! Strings of the reports.

use super::super::Lang;
use super::T;

super::texts! {
    ReportOverBattle => "that is the open battle file: choose another name for the report", "это открытый файл сражения: выберите для отчёта другое имя";
    RepAccount => "The battle, turn by turn", "Ход сражения";
    RepAppendix => "Appendix: the full log", "Приложение: полный журнал";
    RepDestroyed => "Units destroyed", "Уничтожено подразделений";
    RepDispersed => "Units dispersed", "Рассеяно подразделений";
    RepGeneralsLost => "Generals lost", "Потеряно генералов";
    RepGeneralsLostNamed => "{} lost: {}.", "{}: потеряны {}.";
    RepRouted => "Units routed", "Бегущих подразделений";
    RepMeleeWon => "Melee: {} against {}, {} to {}, won by {}: {}", "Рукопашная: {} — {}, {} против {}; победа: {}; {}";
    RepSummary => "Summary", "Итоги";
    RepTestLine => "{}: {}: {}", "{}: {}: {}";
    RepChargeMeasures => "{} charges {}, {} cm away, {}° off straight ahead", "Атака: {} — цель: {}; расстояние {} см, {}° от прямого направления";
    RepChargeMoveOf => "full charge move of {} {} cm", "полный ход атаки ({}) {} см";
    RepMoveOf => "ordinary move of {} {} cm", "обычный ход ({}) {} см";
    RepCompulsoryOf => "compulsory move of {} {} cm", "обязательное передвижение ({}) {} см";
    SoFar => "So far: {}", "Уже известно: {}";
    RepReaction => "{} reacts: {}", "{}: реакция — {}";
    RepClosingFire => "Closing fire of {}: {} lost by {}", "Огонь в упор ({0}): {2} теряет {1}";
    RepNotCaught => "{} is not caught", "{}: уклонение удалось";
    RepFacedInTime => "{} faced the charge in time", "{}: разворот навстречу атаке — вовремя";
    RepNotFacedInTime => "{} did not face the charge in time", "{}: разворот навстречу атаке — не вовремя";
    RepPhaseAccount => "{} phase. {}", "Фаза «{}». {}";
    RepRallied => "{} rallies", "{}: сбор";
    RepCompulsoryMade => "{} makes its compulsory move", "{}: обязательное передвижение сделано";
    RepGeneralLost => "General {} is lost", "Генерал {} выбыл";
    RepTotal => "Total", "Итого";
    RepTurnColumn => "Turn", "Ход";
    RepUnitsInPlay => "Units in play", "Подразделений в игре";
    RepByTurn => "Losses by turn", "Потери по ходам";
    RepFigures => "Figures", "Фигуры";
    CardPack => "Club rules: «{}», version {}", "Правила клуба: «{}», версия {}";
    CardPackChanged => "Club rules: «{}», version {}, changed here since", "Правила клуба: «{}», версия {}, с тех пор изменены здесь";
    RepPack => "Club rules: «{}», version {} (rules hash {}).", "Правила клуба: «{}», версия {} (хеш правил {}).";
    RepPackChanged => "Club rules: «{}», version {}, changed in this battle since (rules hash now {}).", "Правила клуба: «{}», версия {}, с тех пор изменены в этой битве (хеш правил теперь {}).";
    RepHeader => "Rules: {}. Turn {}, {} phase.", "Правила: {}. Ход {}, фаза: {}.";
    RepLost => "Lost", "Потери";
    RepUnit => "Unit", "Подразделение";
    RepUnits => "State of the units", "Состояние подразделений";
    Print => "Print", "Печать";
    ReportMenu => "Battle report…", "Отчёт о битве…";
    ReportTitle => "Battle report", "Отчёт о битве";
    RosterSheets => "Roster sheets PDF…", "Листы состава (PDF)…";
}
