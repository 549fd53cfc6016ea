//! Strings of the rules settings: options, their explanations, the players' tables.

use super::super::Lang;
use super::T;

super::texts! {
    RulesetIs => "Rules: {}", "Правила: {}";
    RulesetHeading => "Rules", "Правила";
    OptWeights => "cavalry weight for flight distances (heavy 5 cm, medium 6, light 7)", "вес кавалерии для дистанции бегства (тяжёлая 5 см, средняя 6, лёгкая 7)";
    ExplainCasualties => "Figures lost by result; the seed has no numbers. Empty: the wizard asks for the losses. Infantry's damage to cavalry is halved.", "Потери в фигурах по результату; в правилах чисел нет. Пустая таблица: мастер спросит потери. Урон пехоты кавалерии уменьшается вдвое.";
    ExplainFirstMove => "How far the charger moves before the target reacts (GDB-CHG-07). The seed's examples split three and three: EX-2, EX-3 and EX-4 move half the distance to the target, EX-1 and EX-6 say half the movement rate (EX-5 the compulsory move), and the one normative sentence (the evade procedure, step 2) says half the movement rate. The default keeps half the distance; the wizard says which reading is in force.", "Насколько атакующий продвигается до реакции цели (GDB-CHG-07). Примеры источника делятся поровну: EX-2, EX-3 и EX-4 проходят половину расстояния до цели, EX-1 и EX-6 говорят о половине хода (EX-5 — об обязательном передвижении), а единственная нормативная фраза (порядок уклонения, шаг 2) — о половине хода. По умолчанию — половина расстояния; мастер атаки показывает, какое прочтение действует.";
    ExplainZones => "Widths of the musket-fire zones in cm, nearest first, e.g. 5, 5, 5 (empty: the zone number only).", "Ширина зон ружейного огня в см, от ближней, напр. 5, 5, 5 (пусто: только номер зоны).";
    LoadProfile => "Load profile…", "Загрузить профиль…";
    OptBlankCells => "blank cells of the table:", "пустые ячейки таблицы:";
    OptCasualties => "Melee casualty table", "Таблица потерь в рукопашной";
    OptDispersedRemoved => "a dispersed battery is removed with its guns", "рассеянная батарея снимается вместе с орудиями";
    OptDownhill => "cavalry +1 attacking downhill", "кавалерия +1 при атаке вниз по склону";
    OptGuardCap => "British Guard take Guard +2 only (no British line +1)", "британская гвардия: только +2 за гвардию (без +1 за линию)";
    OptHalfDistance => "half the distance", "половина расстояния";
    OptHalfMove => "half its move", "половина хода";
    OptInfantryCounter => "infantry may counter-charge", "пехота может контратаковать";
    OptMayEvade => "may evade:", "может уклоняться:";
    OptNeedsFormed => "column/square +4 only when formed and complete", "+4 колонне/каре только построенным и завершённым";
    OptOddFigure => "formed cavalry loses an odd figure when counting dice", "у построенной кавалерии нечётная фигура не считается";
    OptOrders => "opportunity orders per general per turn", "приказов на перехват на генерала за ход";
    OptSquareWinTable => "older reading: a square that wins by 3 or more applies the normal table to the cavalry", "прежнее прочтение: каре, победившее на 3 и более, применяет к кавалерии обычную таблицу";
    ExplainSquareHolds => "Corrected to the seed's note (2026-11-30): below the breaking margin a square always holds and stays formed without a Formation Test, and the cavalry is pushed back, whatever the margin the other way.", "Исправлено по примечанию источника (30.11.2026): если перевес кавалерии меньше нужного для прорыва, каре всегда устояло и остаётся построенным без теста, а кавалерия оттеснена, с каким бы перевесом ни победило каре.";
    OptSquareMargin => "margin cavalry needs to break a square", "перевес, нужный кавалерии для прорыва каре";
    OptTolerance => "losses within this many figures count as equal", "потери в пределах стольких фигур считаются равными";
    OptUphill => "cavalry +1 attacking uphill (as printed)", "кавалерия +1 при атаке вверх по склону (как в тексте)";
    OptZones => "fire-zone widths (cm):", "ширина зон огня (см):";
    OrdinaryClasses => "veterans, line, second-rate", "ветераны, линейные, второразрядные";
    RemoveRow => "Remove", "Удалить";
    ResetDefaults => "Defaults", "По умолчанию";
    BandRout => "Loser routs", "Проигравшие бегут";
    BandRetreat => "Loser retreats", "Проигравшие отступают";
    BandPushedBack => "Loser pushed back", "Проигравшие отброшены";
    BandDraw => "Draw", "Ничья";
    RulesButton => "Rules: {}…", "Правила: {}…";
    RulesSettings => "Rules settings", "Настройки правил";
    RulesSettingsMenu => "Rules settings…", "Настройки правил…";
    ZonesRefused => "Zone widths: whole numbers separated by commas", "Ширина зон: целые числа через запятую";
    ExplainDistances => "cm per arm (and formation); the charge wizard fills them in. Empty: typed at the table.", "см по роду войск (и построению); мастер атаки подставит их. Пусто: вводятся на столе.";
    ExplainTests => "Totals of 2D6 plus the players' modifiers to a named result: pass, retreat, or any other. Empty: the result is entered by name.", "Итог 2D6 с модификаторами игроков даёт результат: pass (прошли), retreat (отступление) или другой. Пусто: результат вводится по названию.";
    OptDistances => "Distances", "Расстояния";
    OptDurations => "Formation changes (GDB-CHG-10; column to square is half a turn)", "Перестроения (GDB-CHG-10; колонна в каре — полхода)";
    OptLimber => "Emergency Limber results", "Результаты экстренного взятия на передки";
    OptTests => "Test tables", "Таблицы тестов";
    OptAttackDistances => "attack-proper distance per arm (cm; an attack begun closer gets no +1):", "дистанция собственно атаки по родам войск (см; начавшие ближе не получают +1):";
}
