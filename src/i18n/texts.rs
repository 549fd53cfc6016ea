//! Interface strings. `{}` marks a value filled in by `Lang::fmt`, in order.

use super::Lang;

macro_rules! texts {
    ($($key:ident => $en:literal, $ru:literal;)+) => {
        /// An interface string key.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum T {
            $(#[doc = $en] $key),+
        }
        impl T {
            /// Every key.
            pub const ALL: &'static [T] = &[$(T::$key),+];
            /// The string in a language.
            pub const fn text(self, lang: Lang) -> &'static str {
                match lang {
                    Lang::En => match self { $(T::$key => $en),+ },
                    Lang::Ru => match self { $(T::$key => $ru),+ },
                }
            }
        }
    };
}

texts! {
    ActionRefused => "Refused: {}", "Отклонено: {}";
    AddBrigade => "+ Brigade", "+ Бригада";
    AddGeneral => "+ General", "+ Генерал";
    AddUnit => "+ Unit", "+ Подразделение";
    AddUnitTip => "Add a unit to the selected brigade", "Добавить подразделение в выбранную бригаду";
    Arm => "Type", "Тип";
    AttachedTo => "With unit", "При подразделении";
    Brigade => "Brigade", "Бригада";
    BrigadeHeaderTip => "Click to fold; right-click to edit the brigade", "Щелчок — свернуть; правый щелчок — изменить бригаду";
    CannotLeadCharge => "May not lead a charge (GDB-MOD-FN4)", "Не может возглавить атаку (GDB-MOD-FN4)";
    Class => "Class", "Уровень";
    CommanderPrefix => "•", "•";
    DeleteBrigade => "Delete brigade", "Удалить бригаду";
    DeleteBrigadeTip => "Its units and generals stay, unattached", "Её подразделения и генералы останутся без бригады";
    DeleteGeneral => "Delete general", "Удалить генерала";
    DeleteUnit => "Delete unit", "Удалить подразделение";
    Duplicate => "Copy this unit", "Копировать подразделение";
    DuplicateTip => "Ctrl+D: a copy in the same brigade, for fast order-of-battle entry", "Ctrl+D: копия в той же бригаде для быстрого ввода состава";
    EditBrigade => "Brigade details…", "Сведения о бригаде…";
    FiguresNotANumber => "figures must be a whole number, 0 or more", "число фигур должно быть целым, не меньше 0";
    FiguresNow => "Figures now", "Фигур сейчас";
    FiguresOf => "{} / {} figs", "{} / {} фиг.";
    FiguresStart => "Figures at start", "Фигур в начале";
    Formation => "Formation", "Построение";
    GeneralPrefix => "•", "•";
    Generals => "Generals", "Генералы";
    Horses => "Horses", "Лошади";
    LanceArmed => "Lance-armed", "С пиками";
    LanceArmedTip => "Ruleset B: +1 per die in melee, no −1 as light cavalry", "Правила B: +1 к каждому кубику в рукопашной";
    Lances => "Lancers", "Уланы";
    Lost => "−{} lost", "потери −{}";
    Markers => "Markers", "Маркеры";
    Name => "Name", "Название";
    NameRu => "Russian name", "Название по-русски";
    Nation => "Nation", "Нация";
    NewBrigadeName => "New brigade", "Новая бригада";
    NewGeneralName => "New general", "Новый генерал";
    NewUnitName => "New unit", "Новое подразделение";
    NoCommander => "No commander-in-chief", "Нет главнокомандующего";
    NoGeneral => "No general", "Нет генерала";
    NoUnits => "No units", "Нет подразделений";
    NoneChoice => "— none —", "— нет —";
    NothingToRedo => "Nothing to redo", "Нечего повторять";
    NothingToUndo => "Nothing to undo", "Нечего отменять";
    OrderHeading => "Order", "Состояние";
    ProblemBadIds => "ids are repeated or out of order", "номера повторяются или не по порядку";
    ProblemBrigadeOtherSide => "brigade {} belongs to the other side", "бригада {} принадлежит другой стороне";
    ProblemCommanderWithBrigade => "a commander-in-chief commands the whole side, not one brigade", "главнокомандующий командует всей стороной, а не бригадой";
    ProblemEmptyName => "the name may not be empty", "название не может быть пустым";
    ProblemFiguresAboveStart => "{} figures now is more than the {} at the start", "{} фигур сейчас — больше, чем {} в начале";
    ProblemMissingBrigade => "brigade {} does not exist", "бригады {} нет";
    ProblemMissingUnit => "unit {} does not exist", "подразделения {} нет";
    ProblemNoFigures => "a unit needs at least one figure at the start", "в начале у подразделения должна быть хотя бы одна фигура";
    ProblemTwoCommanders => "a side may have only one commander-in-chief", "у стороны может быть только один главнокомандующий";
    ProblemUnitOtherSide => "unit {} belongs to the other side", "подразделение {} принадлежит другой стороне";
    Quality => "Quality", "Качество";
    Rank => "Rank", "Звание";
    Redo => "Redo", "Повторить";
    Redone => "Redone: {}", "Повторено: {}";
    Refused => "Not changed: {}", "Не изменено: {}";
    RegularLancers => "Regular", "Регулярные";
    RegularLancersTip => "GdB footnote 1: regular lancers count as light cavalry when not charging, unformed or against cuirassiers", "GdB, сноска 1: регулярные уланы считаются лёгкой кавалерией, если не атакуют, непостроены или бьются с кирасирами";
    RulesetIs => "Rules: {}", "Правила: {}";
    SelectHint => "Click a unit, general or brigade to edit it. Ctrl+Z undoes, Ctrl+Shift+Z redoes.", "Щёлкните подразделение, генерала или бригаду, чтобы изменить. Ctrl+Z — отменить, Ctrl+Shift+Z — повторить.";
    Side => "Side", "Сторона";
    SideOverview => "{}: {} brigades, {} units", "{}: бригад — {}, подразделений — {}";
    SideSummary => "{} units · {} of {} figures lost", "подразделений: {} · потеряно {} из {} фигур";
    StatusHint => "Ready", "Готово";
    StatusLetter => "Status (Ruleset B)", "Статус (правила B)";
    StepAddBrigade => "Add brigade «{}»", "Добавить бригаду «{}»";
    StepAddGeneral => "Add general «{}»", "Добавить генерала «{}»";
    StepAddUnit => "Add unit «{}»", "Добавить подразделение «{}»";
    StepDeleteBrigade => "Delete brigade «{}»", "Удалить бригаду «{}»";
    StepDeleteGeneral => "Delete general «{}»", "Удалить генерала «{}»";
    StepDeleteUnit => "Delete unit «{}»", "Удалить подразделение «{}»";
    StepDuplicateUnit => "Copy unit «{}»", "Копировать подразделение «{}»";
    StepEditBrigade => "Edit brigade «{}»", "Изменить бригаду «{}»";
    StepEditGeneral => "Edit general «{}»", "Изменить генерала «{}»";
    StepEditUnit => "Edit unit «{}»", "Изменить подразделение «{}»";
    Terrain => "Terrain", "Местность";
    TurnPhase => "Turn {} · {}", "Ход {} · {}";
    Unattached => "Not in a brigade", "Вне бригад";
    EffRouts => "routs: full retreat move next compulsory-move phase", "бежит: полное отступление в следующую фазу обязательных передвижений";
    EffRetreats => "retreats its full retreat distance next compulsory-move phase", "отступает на полную дистанцию в следующую фазу обязательных передвижений";
    EffPushedBack => "pushed back its full retreat move, then rallies", "оттеснён на полную дистанцию отступления, затем автоматический сбор";
    EffPushedBackCm => "pushed back {} cm", "оттеснён на {} см";
    EffUnformed => "becomes unformed", "непостроен";
    EffStaysFormed => "stays formed, no formation test", "остаётся построенным, без теста на построение";
    EffTests => "takes a {}", "проходит: {}";
    EffStaysUnformed => "stays unformed whatever the test says", "остаётся непостроенным при любом результате теста";
    EffFollows => "follows the enemy, staying in base contact", "движется вслед за противником, оставаясь в контакте";
    EffContinues => "melee continues next turn", "рукопашная продолжается в следующем ходу";
    EffDispersed => "artillery dispersed", "артиллерия рассеяна";
    EffDispersedRemoved => "artillery dispersed: removed, guns lost", "артиллерия рассеяна: снята, орудия потеряны";
    EffBonusMove => "may take the loser's ground or wheel up to 45° (bonus move)", "может занять позицию проигравшего или довернуть до 45° (бонусное движение)";
    EffCasualties => "loses {} figures", "теряет фигур: {}";
    EffCasualtiesHalved => "loses {} figures (halved: infantry against cavalry)", "теряет фигур: {} (половина: пехота против кавалерии)";
    EffCasualtiesToEnter => "casualties: enter them from your rulebook (the table is empty)", "потери: введите по своим правилам (таблица не заполнена)";
    ResModifiers => "modifiers", "модификаторы";
    ResDice => "dice", "кубики";
    ResTotal => "total", "итого";
    ResDifference => "Difference (attacker − defender): {}", "Разница (атакующий − обороняющийся): {}";
    ResWinner => "Winner: {}", "Победитель: {}";
    ResNoWinner => "No winner", "Победителя нет";
    ResOutcome => "Result: {}", "Результат: {}";
    ResEffects => "Effects", "Последствия";
    ResOdds => "Odds before the dice", "Вероятности до броска";
    ResWins => "{} wins", "побеждает {}";
    ResNoDice => "No dice given: breakdown and odds only.", "Кубики не заданы: только модификаторы и вероятности.";
    BUnopposed => "Unopposed: no collision test (B-COL-02); straight to melee", "Без сопротивления: проверки столкновения нет (B-COL-02), сразу рукопашная";
    BZone => "halts in fire zone {}", "останавливается в зоне огня {}";
    BFlees => "flees {} cm; the other side advances its full charge move (B-FLE-02)", "бежит на {} см; противник продвигается на полный ход атаки (B-FLE-02)";
    BDiceCount => "figures fighting {}, dice {}", "фигур в бою {}, кубиков {}";
    BPerDie => "per die", "к каждому кубику";
    BHits => "rolled {}: {} figures killed", "выпало {}: убито фигур {}";
    BKills => "Figures killed by {}", "Фигур убьёт {}";
    BStateTests => "Tests owed by: {} ({})", "Тест проходят: {} ({})";
    BStateContinues => "The melee continues into turn {}", "Рукопашная продолжается на ходу {}";
    BStateEnds => "{} gives way ({}) and flees {} cm", "{} отступает ({}) и бежит на {} см";
    DieD6 => "D6", "D6";
    DieAverage => "average die", "средний кубик";
    AutosaveFailed => "Autosave failed: {}", "Автосохранение не удалось: {}";
    AutosaveUnreadable => "The autosave cannot be read ({}); it is kept in {}", "Автосохранение не читается ({}); оно оставлено в {}";
    CannotOpen => "Cannot open the battle: {}: {}", "Не удалось открыть битву: {}: {}";
    CannotSave => "Cannot save: {}: {}", "Не удалось сохранить: {}: {}";
    Cancel => "Cancel", "Отмена";
    Create => "Create", "Создать";
    Discard => "Discard changes", "Не сохранять";
    FileMenu => "File", "Файл";
    FilePath => "File path", "Путь к файлу";
    FirstArmy => "First army", "Первая армия";
    NewBattle => "New battle…", "Новая битва…";
    NewBattleTitle => "New battle", "Новая битва";
    NoRecentFiles => "No recent files", "Нет недавних файлов";
    NotNow => "Not now", "Не сейчас";
    NotNowTip => "The autosave is kept and offered again next time", "Автосохранение останется и будет предложено снова";
    Ok => "OK", "ОК";
    Open => "Open", "Открыть";
    OpenFile => "Open…", "Открыть…";
    OpenTitle => "Open a battle", "Открыть битву";
    Opened => "Opened {}", "Открыто: {}";
    PathEmpty => "Type a file path", "Введите путь к файлу";
    PathHint => "Battle file path (*.coldsteel.json):", "Путь к файлу битвы (*.coldsteel.json):";
    Quit => "Quit", "Выход";
    RecentFiles => "Recent files", "Недавние файлы";
    Recover => "Recover it", "Восстановить";
    Recovered => "Recovered from the autosave: save it to keep it", "Восстановлено из автосохранения: сохраните, чтобы не потерять";
    RecoveryText => "An autosave from {} (UTC) of {} is newer than the saved file: «{}». Recover it?", "Автосохранение от {} (UTC) для {} новее сохранённого файла: «{}». Восстановить?";
    RecoveryTitle => "Recover unsaved work?", "Восстановить несохранённую работу?";
    RulesetHeading => "Rules", "Правила";
    Save => "Save", "Сохранить";
    SaveAs => "Save as…", "Сохранить как…";
    SaveAsTitle => "Save the battle as", "Сохранить битву как";
    SaveFirst => "Save first", "Сначала сохранить";
    Saved => "Saved {}", "Сохранено: {}";
    SecondArmy => "Second army", "Вторая армия";
    StartFrom => "Start from", "Начать с";
    TemplateDefault => "The default battle (Krasnoi, 1812)", "Битва по умолчанию (Красный, 1812)";
    TemplateEmpty => "Two empty armies", "Две пустые армии";
    UnsavedBattle => "an unsaved battle", "несохранённой битвы";
    UnsavedText => "The battle has changes that are not saved.", "В битве есть несохранённые изменения.";
    UnsavedTitle => "Unsaved changes", "Несохранённые изменения";
    UntitledBattle => "Untitled battle", "Битва без названия";
    LogBMelee => "Melee turn {2}: {0} against {1}: {3} and {4} figures killed", "Рукопашная, ход {2}: {0} против {1}: убито {3} и {4}";
    LogCollision => "Collision: {} against {}: {}", "Столкновение: {} против {}: {}";
    LogExpired => "Markers expired: {}", "Маркеры сняты: {}";
    LogInitiative => "Initiative {} against {}: {} is phasing", "Инициатива {} против {}: ходит первой {}";
    LogLosses => "Losses: {} −{}, {} −{}", "Потери: {} −{}, {} −{}";
    LogMelee => "Melee: {} against {}: {} to {}: {}", "Рукопашная: {} против {}: {} на {}: {}";
    LogOverridden => "overruled: {}", "решение игроков: {}";
    LogOverrideReason => "The players overruled the result: {} (reason: {})", "Игроки изменили результат: {} (причина: {})";
    StepAddPendingMelee => "Contact: {}", "Контакт: {}";
    StepClearPendingMelee => "Melee withdrawn: {}", "Рукопашная отменена: {}";
    StepInitiative => "Initiative: {} is phasing", "Инициатива: ходит первой {}";
    StepMelee => "Melee: {}", "Рукопашная: {}";
    StepNote => "Note: {}", "Заметка: {}";
    TodoCharges => "Declare charges: {} first, then the other side", "Объявите атаки: сначала {}, затем другая сторона";
    TodoInitiative => "Roll the initiative: the winner chooses who moves first", "Бросьте инициативу: победитель выбирает, кто ходит первым";
    TodoMelee => "Fight the melee: {} against {}", "Разыграйте рукопашную: {} против {}";
    TodoMorale => "Morale test: {} lost figures this turn", "Тест морали: {} понесли потери в этом ходу";
    TodoPushBack => "{}: pushed back its full retreat move, then rallies", "{}: оттеснены на полную дистанцию отступления, затем сбор";
    TodoPursue => "{}: pursuing cavalry moves", "{}: преследующая кавалерия движется";
    TodoRetreat => "{}: retreats its full retreat move", "{}: отступают на полную дистанцию";
    TodoRout => "{}: routs its full retreat move", "{}: бегут на полную дистанцию отступления";
    TodoWavering => "Morale test: {} is wavering", "Тест морали: {} колеблются";
    AllTurns => "All turns", "Все ходы";
    AllUnits => "All units", "Все подразделения";
    CommanderLostMinusOne => "C-in-C lost: −1 (GDB-SEQ-01)", "Главнокомандующий потерян: −1 (GDB-SEQ-01)";
    DiceOneToSix => "Each die is a digit from 1 to 6", "Каждый кубик — цифра от 1 до 6";
    DieOf => "Die {} of {}", "Кубик {} — {}";
    Fight => "Fight…", "Разыграть…";
    History => "Undo history", "История отмены";
    HistoryEmpty => "Nothing done yet", "Пока ничего не сделано";
    InitiativeTie => "Equal totals: roll again (GDB-SEQ-01)", "Равные результаты: бросьте снова (GDB-SEQ-01)";
    InitiativeTotals => "Totals: {} and {}", "Итого: {} и {}";
    InitiativeWinner => "{} wins the initiative and chooses who moves first:", "{} выигрывает инициативу и выбирает, кто ходит первым:";
    Log => "Battle log", "Журнал битвы";
    LogEmpty => "No entries", "Записей нет";
    MovesFirst => "{} moves first", "{} ходит первой";
    NextPhase => "Next phase ›", "Следующая фаза ›";
    NextPhaseTip => "Ctrl+Enter: markers that have run their course expire", "Ctrl+Enter: истёкшие маркеры снимаются";
    NoPhasingYet => "Initiative not rolled yet", "Инициатива ещё не разыграна";
    NothingOwed => "Nothing owed in this phase", "В этой фазе ничего не требуется";
    PhasingIs => "Moves first: {}", "Ходит первой: {}";
    RollForMe => "Roll for me", "Бросить за меня";
    ShowEdits => "Roster edits", "Правки состава";
    ShowUnit => "Show", "Показать";
    ThisPhase => "This phase: {}", "Эта фаза: {}";
    TurnN => "Turn {}", "Ход {}";
    UndoToHere => "Click to undo back to this step", "Щёлкните, чтобы отменить всё после этого шага";
    FilterTurn => "Show turn", "Показать ход";
    FilterUnit => "Show unit", "Показать подразделение";
    GeneralLost => "Lost", "Выбыл";
    GeneralLostTip => "killed or captured (a lost C-in-C costs −1 initiative)", "убит или в плену (потеря главнокомандующего: −1 к инициативе)";
    OrdersUsed => "Opportunity orders", "Приказы на перехват";
    OrdersUsedOf => "{} of {} this turn (GDB-OPP-05)", "{} из {} в этом ходу (GDB-OPP-05)";
    OutOfPlay => "Out of play ({})", "Выбыли ({})";
    Undo => "Undo", "Отменить";
    Undone => "Undone: {}", "Отменено: {}";
    Units => "Units", "Подразделения";
}
