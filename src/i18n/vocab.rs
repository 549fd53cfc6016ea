//! Labels of the rules vocabulary, English and Russian (the seeds' own terms).

use super::{Label, Lang};
use crate::model::{Fate, ResultRule, UnitState};
use crate::rules::house::{Step, Whose};
use crate::rules::options::BattleEnd;
use crate::rules::{
    AreaKind, Arm, Class, Face, Fact, Formation, Horses, Marker, Nation, Order, Phase, Quality, Rank, Rule, Ruleset,
    Scale, Side, Slope, Status, Terrain, Weight,
};

macro_rules! labels {
    ($ty:ident { $($var:ident => $en:literal, $ru:literal;)+ }) => {
        impl Label for $ty {
            fn label(self, lang: Lang) -> &'static str {
                match (self, lang) {
                    $(($ty::$var, Lang::En) => $en, ($ty::$var, Lang::Ru) => $ru,)+
                }
            }
        }
    };
}

labels!(Step {
    GdbMelee => "Melee (General de Brigade)", "Рукопашная («Генерал де Бригад»)";
    BCollision => "Collision test (Ruleset B)", "Проверка столкновения (правила B)";
    BMelee => "Melee, on each die (Ruleset B)", "Рукопашная, к каждому кубику (правила B)";
    ChargeTest => "Charge test", "Тест атаки";
    StandTest => "Test to stand", "Тест на стойкость";
    CounterChargeTest => "Counter-charge test", "Тест контратаки";
    FormationTest => "Formation test", "Тест на построение";
    PursuitTest => "Pursuit test", "Тест на преследование";
    MoraleTest => "Morale test", "Тест морали";
    RallyTest => "Rally test", "Тест на сбор";
});

labels!(Whose {
    Own => "Its own", "Свой";
    Enemy => "The enemy's", "Противника";
});

labels!(Arm {
    Cuirassiers => "Cuirassiers", "Кирасиры";
    HeavyCavalry => "Heavy cavalry", "Тяжёлая кавалерия";
    Dragoons => "Dragoons", "Драгуны";
    Lancers => "Lancers", "Уланы";
    LightCavalry => "Light cavalry", "Лёгкая кавалерия";
    Cossacks => "Cossacks", "Казаки";
    Infantry => "Infantry", "Пехота";
    OpenOrderInfantry => "Open-order infantry", "Пехота в открытом построении";
    Skirmishers => "Skirmishers", "Застрельщики";
    Artillery => "Artillery", "Артиллерия";
});

labels!(Fact {
    Charging => "Charging", "Атакуют";
    Pursuing => "Pursuing", "Преследуют";
    GeneralLeads => "A general leads", "Ведёт генерал";
    Breach => "Breach or gate", "Брешь или ворота";
    ChangingFormation => "Still changing formation", "Ещё перестраиваются";
    PushedBackBefore => "Pushed back in the last turn of this melee", "Оттеснены в прошлом ходу этой рукопашной";
    LeavesArea => "Push-back leaves the built-up area", "Оттеснение выводит из населённого пункта";
    CaughtEvading => "Caught evading", "Настигнуты при уклонении";
    StartedClose => "Began inside the attack distance", "Начали ближе дистанции атаки";
    Stationary => "Stationary (cavalry)", "Стоят на месте (кавалерия)";
    UnderFire => "Under fire", "Под огнём";
    Withdrawing => "Withdrawing", "Отходят";
});

/// A field of a side's situation, as a refusal names it.
pub fn field_label(field: crate::rules::Field, lang: Lang) -> &'static str {
    match field {
        crate::rules::Field::Fact(fact) => fact.label(lang),
        crate::rules::Field::MovedCm => lang.t(super::T::FieldMovedCm),
        crate::rules::Field::Ground => lang.t(super::T::GroundAtContact),
    }
}

labels!(Class {
    Guard => "Guard", "Гвардия";
    Elite => "Elite", "Элита";
    Veteran => "Veterans", "Ветераны";
    Line => "Line", "Линейные";
    SecondRate => "Second-rate", "Второразрядные";
    Conscript => "Conscripts", "Новобранцы";
});

labels!(Status {
    A => "A", "A";
    B => "B", "B";
    C => "C", "C";
    D => "D", "D";
    E => "E", "E";
    F => "F", "F";
});

labels!(Order {
    Formed => "Formed", "В строю";
    Disordered => "Disordered", "Расстроен";
    Wavering => "Wavering", "Колеблющийся";
    Routing => "Routing", "В бегстве";
    Dispersed => "Dispersed", "Рассеян";
    Destroyed => "Destroyed", "Уничтожен";
});

labels!(Formation {
    Line => "Line", "Линия";
    Column => "Column", "Колонна";
    Square => "Square", "Каре";
    Mass => "Mass", "Масса";
    OpenOrder => "Open order", "Рассыпной строй";
    MarchColumn => "March column", "Походная колонна";
    SquadronColumn => "Squadron column", "Эскадронная колонна";
    Limbered => "Limbered", "На передках";
    Unlimbered => "Unlimbered", "Снята с передков";
});

labels!(Terrain {
    Open => "Open ground", "Открытая местность";
    Cover => "Cover (wall, hedge)", "Укрытие (стена, изгородь)";
    Wood => "Wood", "Лес";
    Hill => "Hill", "Холм";
    Building => "Building", "Строение";
    Fortified => "Fortified building (castle, church)", "Укреплённое здание (замок, церковь)";
    Redoubt => "Redoubt (field works)", "Редут (полевое укрепление)";
    BuiltUp => "Built-up area", "Застроенная область";
    Rough => "Rough ground", "Пересечённая местность";
});

labels!(Weight {
    Heavy => "Heavy", "Тяжёлая";
    Medium => "Medium", "Средняя";
    Light => "Light", "Лёгкая";
});

labels!(Face {
    Front => "Front", "Фронт";
    Flank => "Flank", "Фланг";
    Rear => "Rear", "Тыл";
});

labels!(Horses {
    Good => "Good horses", "Хорошие лошади";
    Normal => "Ordinary horses", "Обычные лошади";
    Poor => "Poor horses", "Плохие лошади";
});

labels!(Nation {
    French => "French", "Французы";
    British => "British", "Британцы";
    Austrian => "Austrian", "Австрийцы";
    Prussian => "Prussian", "Пруссаки";
    Russian => "Russian", "Русские";
    Spanish => "Spanish", "Испанцы";
    Portuguese => "Portuguese", "Португальцы";
    Polish => "Polish", "Поляки";
    Other => "Other", "Другие";
});

labels!(Rank {
    CommanderInChief => "Commander-in-chief", "Главнокомандующий";
    Brigade => "Brigade general", "Бригадный генерал";
    Regimental => "Regimental commander", "Полковой командир";
});

labels!(Quality {
    Inept => "Inept", "Неумелый";
    Average => "Average", "Средний";
    Good => "Good", "Хороший";
});

labels!(Marker {
    Retreating => "Retreating", "Отступает";
    PushedBack => "Pushed back", "Оттеснён";
    Pursuing => "Pursuing", "Преследует";
    ChargedThisTurn => "Charged this turn", "Атаковал в этом ходу";
    GunsAbandoned => "Guns abandoned", "Орудия брошены";
    InMelee => "In melee", "В рукопашной";
    Evaded => "Evaded", "Уклонился";
    ChangingFormation => "Changing formation", "Перестраивается";
    WasCharged => "Charged by the enemy", "Атакован противником";
    UnderFire => "Under fire this turn", "Под огнём в этот ход";
    AtTableEdge => "Stopped at the table's edge", "Остановлен у края стола";
    Rallying => "Rallies at the next Compulsory Moves (Ruleset B: next turn)", "Соберётся с началом следующей фазы обязательных передвижений (правила B: хода)";
});

labels!(Ruleset {
    Gdb => "General de Brigade", "«Генерал де Бригад» (General de Brigade)";
    RulesetB => "Ruleset B (average die)", "Правила B (средний кубик)";
});

labels!(Phase {
    Initiative => "Initiative", "Инициатива";
    CompulsoryMoves => "Compulsory moves", "Обязательные передвижения";
    Charges => "Charges", "Атаки";
    Movement => "Movement", "Передвижение";
    Firing => "Firing", "Стрельба";
    Melee => "Melee", "Рукопашная";
    Morale => "Morale", "Мораль";
});

labels!(Slope {
    Level => "Level ground", "Ровная местность";
    Uphill => "Uphill", "Вверх по склону";
    Downhill => "Downhill", "Вниз по склону";
});

labels!(Side {
    First => "First side", "Первая сторона";
    Second => "Second side", "Вторая сторона";
});

labels!(Rule {
    GdbMod01Cuirassiers => "Cuirassiers", "Кирасиры";
    GdbMod02HeavyCavalry => "Heavy cavalry", "Тяжёлая кавалерия";
    GdbMod03DragoonsLancers => "Dragoons and lancers", "Драгуны и уланы";
    GdbMod04LightCavalry => "Light cavalry", "Лёгкая кавалерия";
    GdbMod05Infantry => "Infantry", "Пехота";
    GdbMod06OpenOrder => "Open-order infantry", "Пехота в открытом построении";
    GdbMod07Artillery => "Artillery", "Артиллерия";
    GdbMod08Cossacks => "Cossacks", "Казаки";
    GdbMod09Skirmishers => "Skirmishers", "Застрельщики";
    GdbMod11Guard => "Guard", "Гвардия";
    GdbMod12Elite => "Elite", "Элита";
    GdbMod13OrdinaryClass => "Veterans, line or second-rate", "Ветераны, линейные, второразрядные";
    GdbMod14Conscripts => "Conscripts", "Новобранцы";
    GdbMod15GeneralLeads => "General leads the charge", "Генерал возглавил атаку";
    GdbMod16BritishLine => "British infantry in line", "Британская пехота в линии";
    GdbMod17GoodHorses => "Good horses", "Хорошие лошади";
    GdbMod18PoorHorses => "Poor horses", "Плохие лошади";
    GdbMod19Unformed => "Unformed or wavering", "Расстроен или колеблется";
    GdbMod20FlankRear => "Attacked in flank or rear", "Атакованы с фланга или с тыла";
    GdbMod21Charging => "Charging or pursuing", "Атакуют или преследуют";
    GdbMod22ColumnCharge => "Infantry charging in column", "Пехота атакует в колонне";
    GdbMod23ColumnSquareVsCavalry => "Infantry in column or square against cavalry", "Пехота в колонне или каре против кавалерии";
    GdbMod24LancersVsInfantry => "Lancers against infantry", "Уланы против пехоты";
    GdbMod25CoverHill => "In cover or on a hill", "В укрытии или на холме";
    GdbMod26Building => "In a building", "В строении";
    GdbMod27Fortified => "In a castle, church or similar", "В замке, церкви и т. п.";
    GdbMod28Superiority3to2 => "Numerical superiority 3:2", "Численное преимущество 3:2";
    GdbMod29Superiority2to1 => "Numerical superiority 2:1", "Численное преимущество 2:1";
    GdbModFn1LancersAsLight => "Regular lancers count as light cavalry", "Регулярные уланы считаются лёгкой кавалерией";
    GdbModFn3ConscriptsInLine => "Conscripts in line", "Новобранцы в линии";
    BCol04StatusA => "Status A", "Статус A";
    BCol05StatusEf => "Status E or F", "Статус E или F";
    BCol06Attacker => "Attacking", "Атакующий";
    BCol07Slope => "Attacking on the favoured slope", "Атака по выгодному склону";
    BCol08Cuirassiers => "Attacking cuirassiers", "Атакующие кирасиры";
    BCol09LightCavalry => "Attacking light cavalry without lances", "Атакующая лёгкая кавалерия без пик";
    BCol10StationaryCavalry => "Stationary cavalry", "Стоящая на месте кавалерия";
    BCol11UnderFire => "Under fire", "Под огнём";
    BCol12Withdrawing => "Withdrawing", "Отходит";
    BCol13Disordered => "Disordered", "Расстроены";
    BCol14Wavering => "Wavering", "Колеблются";
    BCol15Dispersed => "Dispersed order", "Рассыпной строй";
    BMel13Lances => "Lances", "Пики";
    BMel14FlankRear => "Attacked the enemy's flank or rear", "Атака во фланг или тыл";
    BMel15FormedVsDispersed => "Formed against dispersed", "Построенные против рассыпанных";
    GdbSeq01CommanderLost => "Commander-in-chief lost", "Главнокомандующий потерян";
});

use crate::rules::gdb::{Outcome, Role, Test};

labels!(Outcome {
    Rout => "Loser routs", "Проигравший бежит";
    Retreat => "Loser retreats", "Проигравший отступает";
    PushedBack => "Loser pushed back", "Проигравший оттеснён";
    Draw => "Draw: steady lads!", "Ничья: стоят крепко!";
    SquareHolds => "Square holds", "Каре устояло";
    SquareBroken => "Square broken", "Каре опрокинуто";
});

labels!(Role {
    Attacker => "Attacker", "Атакующий";
    Defender => "Defender", "Обороняющийся";
});

labels!(Test {
    Pursuit => "Pursuit test", "Тест на преследование";
    Formation => "Formation test", "Тест на построение";
});

use crate::rules::ruleset_b::{CollisionOutcome, LoserReason};

labels!(CollisionOutcome {
    Melee => "They collide: melee", "Столкновение: рукопашный бой";
    AttackerHalts => "Attacker halts, wavering, in the fire zone", "Атакующий останавливается в зоне огня и колеблется";
    DefenderFlees => "Defender flees without resisting", "Обороняющийся бежит, не оказывая сопротивления";
    BothHalt => "Both halt 3 cm apart, wavering", "Обе стороны останавливаются в 3 см и колеблются";
    AttackerFlees => "Attacker flees", "Атакующий бежит";
});

labels!(LoserReason {
    FailedTest => "failed its morale test", "не прошёл тест на моральное состояние";
    LowerScore => "both failed; it scored lower", "оба не прошли тест; у него результат ниже";
    HeavierLosses => "relatively heavier losses", "относительно большие потери";
    AttackerOnEqualLosses => "losses relatively equal: the attacker gives way", "потери относительно равны: отступает атакующий";
    Destroyed => "lost its last figures: no test, the melee ends", "потеряны последние фигуры: теста нет, рукопашная окончена";
});

use crate::rules::options::TestKind;

labels!(TestKind {
    Charge => "Charge test", "Тест атаки";
    Stand => "Test to stand", "Тест на стойкость";
    CounterCharge => "Counter-charge test", "Тест контратаки";
    Formation => "Formation test", "Тест на построение";
    Pursuit => "Pursuit test", "Тест на преследование";
    Morale => "Morale test", "Тест морали";
    Rally => "Rally test", "Тест на сбор";
});

use crate::rules::options::TestResult;

labels!(TestResult {
    Pass => "Passed", "Пройден";
    Halt => "Failed: halts", "Не пройден: остановка";
    Unformed => "Failed: halts, disordered", "Не пройден: остановка, расстройство";
    Retreat => "Failed: retreats", "Не пройден: отступление";
    Rout => "Failed: routs", "Не пройден: бегство";
    Pursue => "Pursues", "Преследует";
    Rally => "Rallies", "Собирается";
});

labels!(AreaKind {
    Hill => "Hill", "Холм";
    Wood => "Wood", "Лес";
    BuiltUp => "Built-up area", "Застроенная область";
    River => "River or stream", "Река или ручей";
    Rough => "Rough ground", "Пересечённая местность";
    Cover => "Cover (wall, hedge)", "Укрытие (стена, изгородь)";
    Building => "Building", "Здание";
    Fortified => "Fortified building (castle, church)", "Укреплённое здание (замок, церковь)";
    Redoubt => "Redoubt (field works)", "Редут (полевые укрепления)";
});

labels!(Scale {
    Cm => "Centimetres", "Сантиметры";
    Inch => "Inches (rules' 10 cm = 6\")", "Дюймы (10 см правил = 6\")";
});

labels!(UnitState {
    Ready => "ready", "в строю";
    Routed => "routed", "бежало";
    Dispersed => "dispersed", "рассеяно";
    Destroyed => "destroyed", "уничтожено";
    GunsLost => "its guns lost", "орудия потеряны";
});

labels!(Fate {
    Killed => "killed", "убит";
    Captured => "captured", "в плену";
    Wounded => "wounded", "ранен";
});

labels!(ResultRule {
    Losses => "losses", "потери";
    UnitsBroken => "units broken", "разбитые подразделения";
    HeldGround => "the ground held", "удержанная позиция";
});

labels!(BattleEnd {
    Won => "won", "победа";
    Drawn => "drawn", "ничья";
    Lost => "lost", "поражение";
});
