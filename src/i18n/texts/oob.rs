//! Strings of orders of battle as spreadsheets: the columns' names (both are read), the
//! words in cells, and why a row is refused.

use super::super::Lang;
use super::T;

super::texts! {
    CsvKind => "kind", "вид";
    CsvName => "name", "название";
    CsvNameRu => "name_ru", "название по-русски";
    CsvSide => "side", "сторона";
    CsvBrigade => "brigade", "бригада";
    CsvArm => "arm", "род войск";
    CsvClass => "class", "класс";
    CsvNation => "nation", "нация";
    CsvFormation => "formation", "построение";
    CsvOrder => "order", "порядок";
    CsvTerrain => "terrain", "местность";
    CsvHorses => "horses", "лошади";
    CsvFiguresStart => "figures_start", "фигур в начале";
    CsvFigures => "figures", "фигур сейчас";
    CsvStatus => "status", "статус";
    CsvRegular => "regular_lancers", "регулярные уланы";
    CsvLances => "with_lances", "с пиками";
    CsvMarkers => "markers", "маркеры";
    CsvRank => "rank", "чин";
    CsvQuality => "quality", "качество";
    CsvWith => "with", "при подразделении";
    CsvLost => "lost", "потерян";
    CsvKindUnit => "unit", "подразделение";
    CsvKindGeneral => "general", "генерал";
    CsvKindBrigade => "brigade", "бригада";
    CsvYes => "yes", "да";
    CsvNo => "no", "нет";
    OobRow => "row {}: {}", "строка {}: {}";
    OobRowColumn => "row {}, column «{}»: {}", "строка {}, столбец «{}»: {}";
    OobTooLarge => "the file is larger than {} MiB: no order of battle is", "файл больше {} МиБ: таких составов не бывает";
    OobNoHeader => "the file has no header row naming its columns", "в файле нет строки заголовков с названиями столбцов";
    OobUnknownColumn => "unknown column «{}»", "неизвестный столбец «{}»";
    OobRepeatedColumn => "the column is named twice", "столбец назван дважды";
    OobMissingColumn => "the file needs this column", "в файле нужен этот столбец";
    OobUnreadable => "the fields cannot be read ({})", "поля не читаются ({})";
    OobUnknownKind => "«{}» is not unit, general or brigade", "«{}» — не подразделение, генерал или бригада";
    OobUnknownValue => "unknown value «{}»", "неизвестное значение «{}»";
    OobEmpty => "empty, and the row needs it", "пусто, а строке это нужно";
    OobNotANumber => "«{}» is not a number of figures", "«{}» — не число фигур";
    OobUnknownSide => "«{}» is neither of the battle's sides", "«{}» — ни одна из сторон битвы";
    OobThirdSide => "«{}» would be a third side", "«{}» была бы третьей стороной";
    OobUnknownBrigade => "no brigade «{}» on this side", "нет бригады «{}» у этой стороны";
    OobBrigadeOtherSide => "brigade «{}» is on the other side", "бригада «{}» — у другой стороны";
    OobUnknownUnit => "no unit «{}» on this side", "нет подразделения «{}» у этой стороны";
    OobDuplicate => "«{}» is already in this battle (import only the new rows, or start a new battle)", "«{}» уже есть в этой битве (импортируйте только новые строки или начните новую битву)";
    OobBrigadeTwice => "a brigade «{}» is named twice on this side: units could not tell them apart", "бригада «{}» названа дважды у этой стороны: подразделения не различат их";
    OobNoRows => "the file has a header and no rows to import", "в файле есть заголовки, но нет строк для импорта";
    OobTooManyRows => "more than {} rows", "больше {} строк";
    OobRefused => "{} was not imported and nothing was changed. Rows refused: {}.", "{} не импортирован, ничего не изменено. Отклонено строк: {}.";
    OobImported => "Imported. Units: {}, generals: {}, brigades: {}.", "Импортировано. Подразделений: {}, генералов: {}, бригад: {}.";
    OobMoreRows => "…and {} more rows.", "…и ещё строк: {}.";
    CsvFileFilter => "Spreadsheet (CSV)", "Таблица (CSV)";
    CsvPathHint => "File path (*.csv)", "Путь к файлу (*.csv)";
    OobImportMenu => "Import order of battle…", "Импорт состава…";
    OobExportMenu => "Export order of battle…", "Экспорт состава…";
    OobImportTitle => "Import an order of battle (*.csv)", "Импорт состава (*.csv)";
    OobExportTitle => "Export the order of battle as (*.csv)", "Экспорт состава в (*.csv)";
}
