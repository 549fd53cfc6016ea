//! Strings of the reports.

use super::super::Lang;
use super::T;

super::texts! {
    ReportOverBattle => "that is the open battle file: choose another name for the report", "это открытый файл сражения: выберите для отчёта другое имя";
    RepAccount => "Turn by turn", "По ходам";
    RepByTurn => "Losses by turn", "Потери по ходам";
    RepFigures => "Figures", "Фигуры";
    RepHeader => "Rules: {}. Turn {}, {} phase.", "Правила: {}. Ход {}, фаза: {}.";
    RepLost => "Lost", "Потери";
    RepLosses => "Losses per side", "Потери сторон";
    RepUnit => "Unit", "Подразделение";
    RepUnits => "State of the units", "Состояние подразделений";
    Print => "Print", "Печать";
    ReportMenu => "Battle report…", "Отчёт о битве…";
    ReportTitle => "Battle report", "Отчёт о битве";
    RosterSheets => "Roster sheets PDF…", "Листы состава (PDF)…";
}
