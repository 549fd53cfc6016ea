//! Strings of the table view: the tab, its tools, what it measures, the basing table.

use super::super::Lang;
use super::T;

super::texts! {
    MovedOnTable => "made on the table view ({} cm)", "сделано на виде стола ({} см)";
    LogMovedBack => "{}: its compulsory move made on the table, {} cm", "{}: обязательное передвижение сделано на столе, {} см";
    RepMaps => "The table", "Стол";
    RepMapEndOfTurn => "At the end of turn {}", "В конце хода {}";
    RepMapNow => "Now: turn {}, {}", "Сейчас: ход {}, {}";
    AreaKindLabel => "Kind of area drawn next", "Вид следующей области";
    ScaleLabel => "Distances shown in (AMB-26)", "Расстояния показываются в (AMB-26)";
    FromTable => "From the table:", "Со стола:";
    FromTableValue => "from the table: {}", "со стола: {}";
    FromTableDistance => "{} cm edge to edge, {}° off straight ahead", "{} см от края до края, {}° от направления прямо";
    FromTableFace => "strikes the {}", "удар: {}";
    FromTableCommander => "commander within 15 cm: {}", "командир в пределах 15 см: {}";
    FromTableVisible => "target visible: {} (a suggestion: check the line of sight)", "цель видна: {} (подсказка: проверьте линию видимости)";
    FromTableSlope => "slope: {}", "уклон: {}";
    FromTableTerrain => "terrain: charger {}, target {}", "местность: атакующий — {}, цель — {}";
    OutsideSector => "The target is outside the 22° charge sector on the table (AMB-21).", "На столе цель вне сектора атаки 22° (AMB-21).";
    TabRoster => "Roster", "Состав";
    TabTable => "Table", "Стол";
    TabShortcut => "Ctrl+{}", "Ctrl+{}";
    TableNotSetUp => "The table is not set up yet", "Стол ещё не подготовлен";
    TableSetUpHint => "Type the size of your table: the units you place on it are measured for you. The view is optional; units not placed work as before.", "Введите размер вашего стола: расстояния до поставленных на него частей приложение измерит само. Вид необязателен: части вне стола работают как прежде.";
    SetUpTable => "Set up the table", "Подготовить стол";
    TableWidth => "Width, cm", "Ширина, см";
    TableDepth => "Depth, cm", "Глубина, см";
    TableSizeNeeded => "Both sides of the table in whole cm, 1 to 1000", "Обе стороны стола в целых см, от 1 до 1000";
    FitTable => "Fit table", "Весь стол";
    FitTableTip => "Show the whole table (F). Wheel zooms, the middle button or a drag on open ground pans.", "Показать весь стол (F). Колесо — масштаб, средняя кнопка или перетаскивание по пустому месту — сдвиг.";
    ToolSelect => "Select", "Выбор";
    ToolSelectTip => "Click a piece to select it, drag it to move it; Q/E turn it 5° (Shift: 1°), C charges with it, Delete takes it off the table.", "Щелчок выбирает фигуру, перетаскивание двигает; Q/E поворачивают на 5° (с Shift — на 1°), C — атака ею, Delete — снять со стола.";
    ToolRuler => "Ruler", "Линейка";
    ToolRulerTip => "Drag between any two points to measure (R).", "Протяните между двумя точками, чтобы измерить (R).";
    ToolPolygon => "Draw area", "Область";
    ToolPolygonTip => "Click the corners of an area of the kind chosen; Enter or a double click closes it.", "Щёлкайте по углам области выбранного вида; Enter или двойной щелчок замыкает её.";
    ToolEllipse => "Draw oval", "Овал";
    ToolEllipseTip => "Drag from corner to corner to draw an oval area of the kind chosen.", "Протяните от угла до угла, чтобы нарисовать овальную область выбранного вида.";
    TableSizeIs => "Table {} × {} cm", "Стол {} × {} см";
    Resize => "Resize", "Изменить размер";
    ExportSvg => "Export SVG…", "Экспорт в SVG…";
    ExportSvgTitle => "Export the table view as SVG", "Экспорт вида стола в SVG";
    SvgPathHint => "Path of the SVG file to write", "Путь к файлу SVG";
    NotOnTable => "Not on the table", "Не на столе";
    NotOnTableHint => "Drag a unit onto the table, or select it and click where it stands.", "Перетащите часть на стол или выберите её и щёлкните, где она стоит.";
    NoBasingRow => "The basing table has no row for {}: fill it in Rules settings › Basing.", "В таблице подставок нет строки для «{}»: заполните её в Настройках правил › Подставки.";
    ChargeFromTable => "Charge… (C)", "Атаковать… (C)";
    TurnAbout => "Turn about", "Развернуть кругом";
    TakeOffTable => "Take off the table", "Снять со стола";
    CmValue => "{} cm", "{} см";
    InchesValue => "{}\"", "{}\"";
    TopicBasing => "Basing", "Подставки";
    OptBasing => "Basing table", "Таблица подставок";
    ExplainBasing => "One base of an arm in a formation: its width and depth in mm, the figures on it, and how many bases deep the formation stands. The table view draws each unit from it: a unit's bases (a part-filled one counting whole) stand that many deep and side by side, redrawn about the unit's centre when it changes formation.", "Одна подставка рода войск в построении: ширина и глубина в мм, фигур на ней и сколько подставок в глубину стоит построение. По ней вид стола рисует каждую часть: её подставки (неполная считается целой) стоят столько-то в глубину и рядом, а при смене построения часть перерисовывается вокруг своего центра.";
    BaseFrontage => "Width, mm", "Ширина, мм";
    BaseDepth => "Depth, mm", "Глубина, мм";
    FiguresPerBase => "Figures a base", "Фигур на подставке";
    BasesDeep => "Bases deep", "Подставок в глубину";
    StepPlaceUnit => "Move on the table: {}", "Перемещение на столе: {}";
    StepPlaceGeneral => "Move general on the table: {}", "Перемещение генерала на столе: {}";
    StepSetTable => "Table set up: {}", "Стол подготовлен: {}";
    ProblemOffTheTable => "a place, the table's size or a drawn area is beyond the table's limits (10 m), or a basing row has a zero size",
        "место на столе, размер стола или нарисованная область выходят за пределы (10 м), или в таблице подставок нулевой размер";
}
