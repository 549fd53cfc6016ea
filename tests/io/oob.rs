//! Orders of battle from the club's spreadsheet: export then import gives the same order
//! of battle on every example battle; headers in both languages, both separators, the
//! three encodings; bad rows refused as a list with nothing imported; the import is one
//! undo step; and the `coldsteel oob` commands.

use std::path::{Path, PathBuf};

use coldsteel::game::{Action, Game};
use coldsteel::i18n::Lang;
use coldsteel::model::Battle;
use coldsteel::oob::{self, Col, Decoded, Reason};
use coldsteel::rules::{Ruleset, Side};
use coldsteel::storage;

/// Every example battle shipped: the embedded default and the saves.
fn examples() -> Vec<(String, Battle)> {
    let mut out = vec![("default".to_owned(), storage::default_game().unwrap().battle().clone())];
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.to_string_lossy().ends_with(".coldsteel.json") {
            out.push((path.display().to_string(), storage::read_battle_file(&path).unwrap().battle().clone()));
        }
    }
    out
}

/// A battle's order of battle with names for ids, sorted: what a round trip must keep.
fn canonical(b: &Battle) -> Vec<String> {
    canonical_with(b, |id| b.unit(id).map(|x| x.name.clone()))
}

/// The same, each general's unit named by `unit`.
fn canonical_with(b: &Battle, unit: impl Fn(coldsteel::model::UnitId) -> Option<String>) -> Vec<String> {
    let brigade = |id: Option<coldsteel::model::BrigadeId>| id.and_then(|id| b.brigade(id)).map(|x| x.name.clone());
    let unit = |id: Option<coldsteel::model::UnitId>| id.and_then(&unit);
    let mut out: Vec<String> =
        b.brigades.iter().map(|x| format!("brigade {:?} {} {:?}", x.side, x.name, x.name_ru)).collect();
    out.extend(b.units.iter().map(|u| {
        format!(
            "unit {:?} {:?} {} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {}/{} {:?} {} {} {:?}",
            u.side,
            brigade(u.brigade),
            u.name,
            u.name_ru,
            u.arm,
            u.class,
            u.nation,
            u.formation,
            u.order,
            u.terrain,
            u.horses,
            u.figures,
            u.figures_start,
            u.status,
            u.regular,
            u.lances,
            u.markers
        )
    }));
    out.extend(b.generals.iter().map(|g| {
        format!(
            "general {:?} {:?} {} {:?} {:?} {:?} {:?} {}",
            g.side,
            brigade(g.brigade),
            g.name,
            g.name_ru,
            g.rank,
            g.quality,
            unit(g.attached_to),
            g.lost
        )
    }));
    out.sort();
    out
}

/// The battle a file makes as a new battle, through the game's action.
fn imported_new(bytes: &[u8]) -> Battle {
    let (battle, oob) = oob::new_battle(bytes, "Imported", Ruleset::Gdb, Lang::En).unwrap();
    let mut game = Game::new(battle);
    game.perform(&Action::ImportOrderOfBattle(Box::new(oob))).unwrap();
    game.battle().clone()
}

#[test]
fn export_then_import_gives_the_same_order_of_battle_on_every_example() {
    for (name, battle) in examples() {
        for lang in Lang::ALL {
            let bytes = oob::export(&battle, lang);
            let again = imported_new(&bytes);
            assert_eq!(canonical(&again), canonical(&battle), "{name} in {lang:?}");
            // The sides keep their names in both languages and their nations, from the
            // file's side rows.
            assert_eq!(again.sides, battle.sides, "{name} in {lang:?}");
        }
    }
}

/// A small order of battle typed by a player: Russian headers.
const RUSSIAN: &str =
    "вид;название;сторона;бригада;род войск;фигур в начале;фигур сейчас;построение;чин;при подразделении
бригада;1-я бригада;Русские;;;;;;;
подразделение;Ладожский полк;Русские;1-я бригада;Пехота;24;22;Колонна;;
подразделение;Сумской гусарский;Русские;1-я бригада;light_cavalry;12;;;;
генерал;Паскевич;Русские;1-я бригада;;;;;Бригадный генерал;Ладожский полк
бригада;Brigade Roguet;Французы;;;;;;;
подразделение;Voltigeurs;Французы;Brigade Roguet;infantry;24;24;line;;
";

fn check_small(b: &Battle) {
    assert_eq!((b.brigades.len(), b.units.len(), b.generals.len()), (2, 3, 1));
    let ladoga = b.units.iter().find(|u| u.name == "Ладожский полк").unwrap();
    assert_eq!((ladoga.figures, ladoga.figures_start), (22, 24));
    assert_eq!(ladoga.formation, coldsteel::rules::Formation::Column);
    assert_eq!(b.sides.first.name, "Русские");
    let g = &b.generals[0];
    assert_eq!(g.attached_to, Some(ladoga.id));
    assert_eq!(b.brigade(ladoga.brigade.unwrap()).unwrap().side, Side::First);
}

#[test]
fn headers_in_either_language_with_either_separator() {
    check_small(&imported_new(RUSSIAN.as_bytes()));
    check_small(&imported_new(RUSSIAN.replace(';', ",").as_bytes()));
    // English headers, `;`, columns in another order, keys and English names mixed.
    let english = "side;kind;name;arm;figures_start;brigade;figures;formation;rank;with
Русские;brigade;1-я бригада;;;;;;;
Русские;unit;Ладожский полк;Infantry;24;1-я бригада;22;column;;
Русские;unit;Сумской гусарский;Light cavalry;12;1-я бригада;;;;
Русские;general;Паскевич;;;1-я бригада;;;brigade;Ладожский полк
Французы;brigade;Brigade Roguet;;;;;;;
Французы;unit;Voltigeurs;infantry;24;Brigade Roguet;24;Line;;
";
    check_small(&imported_new(english.as_bytes()));
}

#[test]
fn utf8_with_and_without_its_mark_and_windows_1251_are_read() {
    let plain = RUSSIAN.as_bytes().to_vec();
    let marked = [&[0xEF, 0xBB, 0xBF][..], RUSSIAN.as_bytes()].concat();
    let (cp1251, _, unmappable) = encoding_rs::WINDOWS_1251.encode(RUSSIAN);
    assert!(!unmappable);
    assert_eq!(oob::decode(&plain).1, Decoded::Utf8);
    assert_eq!(oob::decode(&marked).1, Decoded::Utf8Bom);
    assert_eq!(oob::decode(&cp1251).1, Decoded::Windows1251);
    for bytes in [plain, marked, cp1251.into_owned()] {
        check_small(&imported_new(&bytes));
    }
}

#[test]
fn bad_rows_are_refused_as_a_list_and_nothing_is_imported() {
    let text = "kind,name,side,brigade,arm,figures_start,figures
brigade,1st brigade,French,,,,
brigade,2nd brigade,Russians,,,,
unit,Hussars,French,1st brigade,hussars,12,12
unit,Foot,French,1st brigade,infantry,20,24
unit,Jägers,French,2nd brigade,infantry,20,20
regiment,Lost,French,,,,
unit,,French,,infantry,10,10
general,Ney,French,3rd brigade,,,
";
    let game = Game::new(imported_new(RUSSIAN.as_bytes()));
    let errors = oob::import(text.as_bytes(), game.battle()).unwrap_err();
    let found: Vec<(u64, Option<Col>, Reason)> = errors.iter().map(|e| (e.row, e.column, e.reason.clone())).collect();
    assert_eq!(
        found,
        vec![
            (2, Some(Col::Side), Reason::UnknownSide("French".into())),
            (3, Some(Col::Side), Reason::UnknownSide("Russians".into())),
            (4, Some(Col::Side), Reason::UnknownSide("French".into())),
            (5, Some(Col::Side), Reason::UnknownSide("French".into())),
            (6, Some(Col::Side), Reason::UnknownSide("French".into())),
            (7, Some(Col::Kind), Reason::UnknownKind("regiment".into())),
            (8, Some(Col::Name), Reason::Empty),
            (9, Some(Col::Side), Reason::UnknownSide("French".into())),
        ]
    );
    // With the sides known, each row says what is wrong with it.
    let named = text.replace("French", "Французы").replace("Russians", "Русские");
    let errors = oob::import(named.as_bytes(), game.battle()).unwrap_err();
    let found: Vec<(u64, Option<Col>, Reason)> = errors.iter().map(|e| (e.row, e.column, e.reason.clone())).collect();
    assert_eq!(
        found,
        vec![
            (4, Some(Col::Arm), Reason::UnknownValue("hussars".into())),
            (5, Some(Col::Figures), Reason::FiguresAboveStart { figures: 24, start: 20 }),
            (6, Some(Col::Brigade), Reason::BrigadeOfOtherSide("2nd brigade".into())),
            (7, Some(Col::Kind), Reason::UnknownKind("regiment".into())),
            (8, Some(Col::Name), Reason::Empty),
            (9, Some(Col::Brigade), Reason::UnknownBrigade("3rd brigade".into())),
        ]
    );
    let text = oob::row_error_text(Lang::Ru, &errors[0]);
    assert_eq!(text, "строка 4, столбец «род войск»: неизвестное значение «hussars»");
}

#[test]
fn an_import_into_a_battle_refuses_duplicates_and_is_one_undo_step() {
    let mut game = storage::default_game().unwrap();
    let before = game.battle().clone();
    let text = "kind,name,side,brigade,arm,figures_start
brigade,Reserve,French Imperial Guard,,,
unit,Fusiliers,French Imperial Guard,Reserve,infantry,24
unit,Grenadiers,French Imperial Guard,Reserve,infantry,24
general,Friant,French Imperial Guard,Reserve,,
";
    let oob = oob::import(text.as_bytes(), game.battle()).unwrap();
    game.perform(&Action::ImportOrderOfBattle(Box::new(oob))).unwrap();
    assert_eq!(game.battle().units.len(), before.units.len() + 2);
    let reserve = game.battle().brigades.iter().find(|b| b.name == "Reserve").unwrap().id;
    assert!(game.battle().units.iter().filter(|u| u.brigade == Some(reserve)).count() == 2);
    // The same rows again: the brigade and its units already stand.
    let errors = oob::import(text.as_bytes(), game.battle()).unwrap_err();
    assert!(errors.iter().any(|e| e.reason == Reason::Duplicate("Reserve".into())), "{errors:?}");
    game.undo().unwrap();
    assert_eq!(canonical(game.battle()), canonical(&before), "one step undoes the whole import");
}

#[test]
fn the_example_spreadsheets_in_assets_read_in_both_languages() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/oob");
    let default = storage::default_game().unwrap().battle().clone();
    for name in ["krasnoi.en.csv", "krasnoi.ru.csv"] {
        let bytes = std::fs::read(dir.join(name)).unwrap();
        assert_eq!(canonical(&imported_new(&bytes)), canonical(&default), "{name}");
    }
}

fn coldsteel(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_coldsteel"))
        .args(args)
        .env("COLDSTEEL_DATA_DIR", std::env::temp_dir().join("coldsteel-oob-test"))
        .output()
        .unwrap()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn the_oob_commands_export_and_import() {
    let dir = tempfile::tempdir().unwrap();
    let saves = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/krasnoi-1812-turn3.coldsteel.json");
    let csv: PathBuf = dir.path().join("oob.csv");
    let out = coldsteel(&["--lang", "ru", "oob", "export", s(&saves), "--csv", s(&csv)]);
    assert!(out.status.success(), "{out:?}");
    let new = dir.path().join("new.coldsteel.json");
    let out = coldsteel(&["oob", "import", s(&csv), "--new", "Krasnoi again", "--out", s(&new)]);
    assert!(out.status.success(), "{out:?}");
    let made = storage::read_battle_file(&new).unwrap();
    assert_eq!(made.battle().name, "Krasnoi again");
    assert_eq!(canonical(made.battle()), canonical(storage::read_battle_file(&saves).unwrap().battle()));
    // Into a battle that has them already: every row refused, listed a line each, exit 2.
    let into = dir.path().join("into.coldsteel.json");
    let out = coldsteel(&["oob", "import", s(&csv), "--into", s(&new), "--out", s(&into)]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.lines().count() > 30 && err.contains("is already in this battle"), "{err}");
    assert!(!into.exists(), "nothing written");
}

/// A second commander-in-chief for a side is refused at its row, and the game refuses an
/// order of battle that would give a side two (a scenario's hand-written action).
#[test]
fn a_second_commander_in_chief_is_refused() {
    let game = storage::default_game().unwrap();
    let text = "kind,name,side,rank\ngeneral,Davout,French Imperial Guard,commander_in_chief\n";
    let errors = oob::import(text.as_bytes(), game.battle()).unwrap_err();
    assert_eq!((errors[0].row, errors[0].column), (2, Some(Col::Rank)), "{errors:?}");
    let mortier = game.battle().commander_in_chief(Side::First).unwrap().clone();
    let second = coldsteel::model::General { id: game.battle().next_general_id(), name: "Davout".into(), ..mortier };
    let action = coldsteel::model::OrderOfBattle { generals: vec![second], ..Default::default() };
    let mut g = game.clone();
    assert!(g.perform(&Action::ImportOrderOfBattle(Box::new(action))).is_err());
}

/// A new battle's sides are named in the order the rows come, whatever their kind; a
/// side written `first` or `second` keeps its own place.
#[test]
fn a_new_battles_sides_come_in_the_order_of_the_rows() {
    let text = "kind,name,side,brigade,arm,figures_start
unit,Cossacks,Russians,,cossacks,10
brigade,Line,French,,,
unit,Fusiliers,French,Line,infantry,24
";
    let b = imported_new(text.as_bytes());
    assert_eq!((b.sides.first.name.as_str(), b.sides.second.name.as_str()), ("Russians", "French"));
    let text =
        "kind,name,side,arm,figures_start\nunit,Jägers,Russians,skirmishers,6\nunit,Voltigeurs,first,infantry,24\n";
    let b = imported_new(text.as_bytes());
    assert_eq!(b.sides.second.name, "Russians", "first keeps its place");
    assert_eq!(b.units.iter().find(|u| u.name == "Voltigeurs").unwrap().side, Side::First);
    // A first side without brigades comes back as the first side.
    let mut battle = storage::default_game().unwrap().battle().clone();
    battle.brigades.retain(|x| x.side == Side::Second);
    for u in battle.units.iter_mut().filter(|u| u.side == Side::First) {
        u.brigade = None;
    }
    for g in battle.generals.iter_mut().filter(|g| g.side == Side::First) {
        g.brigade = None;
        if g.rank == coldsteel::rules::Rank::Brigade {
            g.rank = coldsteel::rules::Rank::Regimental;
        }
    }
    assert!(battle.problems().is_empty(), "{:?}", battle.problems());
    assert_eq!(canonical(&imported_new(&oob::export(&battle, Lang::En))), canonical(&battle));
}

/// Units of one name in one brigade (the app's Duplicate makes them) come and go in a
/// round trip; the file's units are refused only against what the battle already has.
#[test]
fn names_repeated_in_the_file_are_kept_and_repeated_from_the_battle_refused() {
    let text = "kind,name,side,brigade,arm,figures_start
brigade,Guard,Russians,,,
unit,Jägers,Russians,Guard,skirmishers,6
unit,Jägers,Russians,Guard,skirmishers,6
unit,jägers,Russians,Guard,skirmishers,6
";
    let b = imported_new(text.as_bytes());
    assert_eq!(b.units.len(), 3);
    let again = oob::export(&b, Lang::Ru);
    assert_eq!(canonical(&imported_new(&again)), canonical(&b));
    let units = "kind,name,side,brigade,arm,figures_start\nunit,Jägers,Russians,Guard,skirmishers,6\nunit,Chasseurs,Russians,Guard,skirmishers,6\n";
    let errors = oob::import(units.as_bytes(), &b).unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].reason, Reason::Duplicate("Jägers".into()));
}

/// A unit without a nation takes its side's; the file's rows are bounded.
#[test]
fn units_take_their_sides_nation_and_the_rows_are_bounded() {
    let mut battle = storage::default_game().unwrap().battle().clone();
    battle.sides.first.nation = coldsteel::rules::Nation::British;
    let text = "kind,name,side,arm,figures_start\nunit,Rifles,first,infantry,20\n";
    let oob = oob::import(text.as_bytes(), &battle).unwrap();
    assert_eq!(oob.units[0].nation, coldsteel::rules::Nation::British);
    let mut many = String::from("kind,name,side,arm,figures_start\n");
    for i in 0..oob::MAX_ROWS {
        many.push_str(&format!("unit,U{i},first,infantry,10\n"));
    }
    let (b, o) = oob::new_battle(many.as_bytes(), "big", Ruleset::Gdb, Lang::En).unwrap();
    assert_eq!(o.units.len(), oob::MAX_ROWS);
    let mut game = Game::new(b);
    game.perform(&Action::ImportOrderOfBattle(Box::new(o))).unwrap();
    many.push_str("unit,One too many,first,infantry,10\n");
    let errors = oob::import(many.as_bytes(), &battle).unwrap_err();
    assert_eq!(errors[0].reason, Reason::TooManyRows);
}

/// Issue 29, spreadsheet formulas: a name a spreadsheet would run (`=cmd|' /C calc'!A0`,
/// `+1`, `-2nd`, `@x`) is written with a leading `'`, no cell starts with a formula
/// character, and the import gives back the same names, one that really starts with `'`
/// included.
#[test]
fn names_a_spreadsheet_would_run_are_escaped_and_come_back() {
    let mut battle = coldsteel::storage::default_game().unwrap().battle().clone();
    let names = ["=cmd|' /C calc'!A0", "+1 Hussars", "-2nd Line", "@home", "'quoted"];
    for (u, name) in battle.units.iter_mut().zip(names) {
        u.name = name.to_owned();
    }
    for lang in Lang::ALL {
        let bytes = oob::export(&battle, lang);
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let separator = if lang == Lang::Ru { ';' } else { ',' };
        for line in text.lines() {
            for cell in line.split(separator) {
                let shown = cell.trim_start_matches('\u{feff}').trim_start_matches('"');
                assert!(!shown.starts_with(['=', '+', '-', '@', '\t', '\r']), "{lang:?}: {cell}");
            }
        }
        let again = imported_new(&bytes);
        for name in names {
            assert!(again.units.iter().any(|u| u.name == name), "{lang:?}: {name} did not come back");
        }
    }
}

/// A battle's order of battle by position: each unit keyed by its side, its name and how
/// many of that name came before it on its side, and each general's unit by that key
/// (issue 29: two same-named units keep which one a general is with).
fn by_position(b: &Battle) -> Vec<String> {
    let mut seen: std::collections::HashMap<(Side, String), usize> = Default::default();
    let mut keys = std::collections::HashMap::new();
    for u in &b.units {
        let n = seen.entry((u.side, u.name.clone())).or_default();
        keys.insert(u.id, format!("{:?} {} #{n}", u.side, u.name));
        *n += 1;
    }
    canonical_with(b, |id| keys.get(&id).cloned())
}

/// Names a player may type: repeated, with a spreadsheet's separators, quotes, formula
/// characters, non-breaking spaces inside, Cyrillic.
const NAMES: [&str; 12] = [
    "Jägers",
    "Jägers",
    "jägers",
    "=SUM(A1)",
    "'quoted",
    "a;b,c",
    "\"Old\" Guard",
    "Name\u{a0}with\u{a0}nbsp",
    "-1st Line",
    "@home",
    "Ладожский полк",
    "x  y",
];

/// A battle made through the game's actions from a seed: sides, brigades, units of
/// repeated names and generals with them; actions the game refuses are skipped.
fn generated_battle(seed: u64) -> Battle {
    use coldsteel::model::{Brigade, BrigadeId, General, GeneralId, Unit, UnitId};
    use coldsteel::rules::{Arm, Class, Formation, Marker, Nation, Order, Quality, Rank, Terrain};
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let pick = |rng: &mut rand::rngs::StdRng, n: usize| rng.random_range(0..n);
    let mut battle = Battle { name: format!("Battle {seed}"), turn: 1, ..Battle::default() };
    battle.sides.first.name = NAMES[pick(&mut rng, NAMES.len())].to_owned();
    battle.sides.second.name = format!("{} (2)", NAMES[pick(&mut rng, NAMES.len())]);
    let mut game = Game::new(battle);
    for i in 0..pick(&mut rng, 4) {
        let side = Side::ALL[i % 2];
        let b = Brigade {
            id: BrigadeId(i as u32 + 1),
            name: NAMES[pick(&mut rng, NAMES.len())].to_owned(),
            name_ru: None,
            side,
        };
        let _ = game.perform(&Action::AddBrigade(b));
    }
    for _ in 0..1 + pick(&mut rng, 10) {
        let side = Side::ALL[pick(&mut rng, 2)];
        let id = game.battle().next_unit_id();
        let arm = Arm::ALL[pick(&mut rng, Arm::ALL.len())];
        let mut u = Unit::new(id, NAMES[pick(&mut rng, NAMES.len())], side, arm, 1 + pick(&mut rng, 40) as u32);
        u.figures = rng.random_range(0..=u.figures_start);
        u.name_ru = rng.random_bool(0.3).then(|| NAMES[pick(&mut rng, NAMES.len())].to_owned());
        let brigades: Vec<BrigadeId> = game.battle().brigades.iter().filter(|b| b.side == side).map(|b| b.id).collect();
        u.brigade = (!brigades.is_empty() && rng.random_bool(0.7)).then(|| brigades[pick(&mut rng, brigades.len())]);
        u.class = Class::ALL[pick(&mut rng, Class::ALL.len())];
        u.nation = Nation::ALL[pick(&mut rng, Nation::ALL.len())];
        u.formation = Formation::ALL[pick(&mut rng, Formation::ALL.len())];
        u.order = Order::ALL[pick(&mut rng, Order::ALL.len())];
        u.terrain = Terrain::ALL[pick(&mut rng, Terrain::ALL.len())];
        u.regular = rng.random_bool(0.5);
        u.lances = rng.random_bool(0.5);
        if rng.random_bool(0.3) {
            u.markers.insert(Marker::ALL[pick(&mut rng, Marker::ALL.len())]);
        }
        if game.perform(&Action::AddUnit(u.clone())).is_err() {
            // A formation the arm cannot take: the arm's first.
            u.formation = Unit::new(id, "x", side, arm, 1).formation;
            game.perform(&Action::AddUnit(u)).unwrap();
        }
    }
    for _ in 0..pick(&mut rng, 4) {
        let side = Side::ALL[pick(&mut rng, 2)];
        let units: Vec<UnitId> = game.battle().units.iter().filter(|u| u.side == side).map(|u| u.id).collect();
        let g = General {
            id: GeneralId(game.battle().next_general_id().0),
            name: NAMES[pick(&mut rng, NAMES.len())].to_owned(),
            name_ru: None,
            side,
            rank: Rank::ALL[pick(&mut rng, Rank::ALL.len())],
            quality: Quality::ALL[pick(&mut rng, Quality::ALL.len())],
            brigade: None,
            attached_to: (!units.is_empty()).then(|| units[pick(&mut rng, units.len())]),
            lost: rng.random_bool(0.2),
            orders_used: 0,
            place: None,
        };
        let _ = game.perform(&Action::AddGeneral(g));
    }
    game.battle().clone()
}

/// Export then import gives the same order of battle for battles the app can make, in
/// both languages: same-named units keep their generals (the `ref` column), names with
/// separators, quotes, formula characters and non-breaking spaces come back whole.
#[test]
fn every_generated_battle_comes_back_the_same() {
    let mut differ = Vec::new();
    for seed in 0..400 {
        let battle = generated_battle(seed);
        assert!(battle.problems().is_empty(), "seed {seed}: {:?}", battle.problems());
        for lang in Lang::ALL {
            let again = imported_new(&oob::export(&battle, lang));
            if by_position(&again) != by_position(&battle) || again.sides != battle.sides {
                differ.push((seed, lang));
            }
        }
    }
    assert!(differ.is_empty(), "{} of 800 differ: {:?}", differ.len(), &differ[..differ.len().min(5)]);
}

/// The second of two same-named units keeps its general; a ref is given once, and a
/// `with_ref` names a unit of the file.
#[test]
fn a_general_with_the_second_of_two_same_named_units_stays_with_it() {
    let text = "kind,ref,name,side,arm,figures_start,rank,with,with_ref
unit,a,Jägers,Russians,skirmishers,6,,,
unit,b,Jägers,Russians,skirmishers,6,,,
general,,Bagration,Russians,,,brigade,Jägers,b
";
    let b = imported_new(text.as_bytes());
    assert_eq!(b.generals[0].attached_to, Some(b.units[1].id));
    let twice = text.replace("unit,b,", "unit,A,");
    let errors = oob::new_battle(twice.as_bytes(), "x", Ruleset::Gdb, Lang::En).unwrap_err();
    assert_eq!(
        (errors[0].row, errors[0].column, &errors[0].reason),
        (3, Some(Col::Ref), &Reason::RefTwice("A".into()))
    );
    let unknown = text.replace("Jägers,b", "Jägers,c");
    let errors = oob::new_battle(unknown.as_bytes(), "x", Ruleset::Gdb, Lang::En).unwrap_err();
    assert_eq!(
        (errors[0].row, errors[0].column, &errors[0].reason),
        (4, Some(Col::WithRef), &Reason::UnknownRef("c".into()))
    );
}

/// Names are trimmed and one line, and the sides' names differ, as invariants of the
/// battle: the actions refuse what a spreadsheet could not give back.
#[test]
fn untrimmed_names_and_shared_side_names_are_refused_by_the_game() {
    use coldsteel::game::ActionError;
    use coldsteel::model::{BattleInfo, Problem};
    let mut game = storage::default_game().unwrap();
    let mut unit = game.battle().units[0].clone();
    for (name, problem) in [
        (" Jägers", Problem::UntrimmedName),
        ("Jägers\u{a0}", Problem::UntrimmedName),
        ("Jä\ngers", Problem::ControlInName),
        ("Jä\u{98}gers", Problem::ControlInName),
    ] {
        unit.name = name.to_owned();
        let before = game.battle().clone();
        let e = game.perform(&Action::EditUnit(unit.clone())).unwrap_err();
        assert_eq!(e, ActionError::Invalid(problem), "{name:?}");
        assert_eq!(game.battle(), &before);
    }
    let mut info = BattleInfo::of(game.battle());
    info.sides.second.name = format!(" {}", info.sides.first.name.to_uppercase());
    assert!(game.perform(&Action::EditBattle(Box::new(info.clone()))).is_err());
    info.sides.second.name = info.sides.first.name.to_uppercase();
    let e = game.perform(&Action::EditBattle(Box::new(info))).unwrap_err();
    assert_eq!(e, ActionError::Invalid(Problem::SameSideNames));
}

/// Each message names the real place as a spreadsheet numbers it, and says what is wrong:
/// an unclosed quote, bad UTF-8 after a byte-order mark, a byte Windows-1251 has no letter
/// for; a blank line is a row.
#[test]
fn messages_name_the_place_as_the_spreadsheet_numbers_it() {
    let new = |bytes: &[u8]| oob::new_battle(bytes, "x", Ruleset::Gdb, Lang::En).unwrap_err();
    // A blank line is row 2, so the bad arm is on row 3.
    let errors = new(b"kind,name,side,arm,figures_start\n\nunit,A,Russians,hussars,6\n");
    assert_eq!((errors[0].row, errors[0].column), (3, Some(Col::Arm)));
    // The first data row is row 2.
    let errors = new(b"kind,name,side,arm,figures_start\nunit,,Russians,infantry,6\n");
    assert_eq!((errors[0].row, errors[0].column, &errors[0].reason), (2, Some(Col::Name), &Reason::Empty));
    // A quote opened in row 3's name and never closed.
    let errors = new(b"kind,name,side,arm,figures_start\nunit,A,Russians,infantry,6\nunit,\"B,Russians,infantry,6\nunit,C,Russians,infantry,6\n");
    assert_eq!(
        (errors.len(), errors[0].row, errors[0].column, &errors[0].reason),
        (1, 3, Some(Col::Name), &Reason::UnclosedQuote)
    );
    let text = oob::row_error_text(Lang::En, &errors[0]);
    assert!(text.contains("row 3, column «name»") && text.contains("never closed"), "{text}");
    // Bad UTF-8 after a byte-order mark: the byte and its row.
    let mut bytes = b"\xEF\xBB\xBFkind,name,side,arm,figures_start\nunit,A,Russians,infantry,6\nunit,B".to_vec();
    bytes.push(0xFF);
    bytes.extend_from_slice(b",Russians,infantry,6\n");
    let errors = new(&bytes);
    assert_eq!((errors[0].row, &errors[0].reason), (3, &Reason::NotUtf8(bytes.len() - 22)));
    assert!(oob::row_error_text(Lang::Ru, &errors[0]).contains("не UTF-8"));
    // Byte 0x98 in a Windows-1251 file has no letter.
    let (mut cp1251, _, _) =
        encoding_rs::WINDOWS_1251.encode("вид;название;сторона;род войск;фигур в начале\nподразделение;Полк");
    let mut cp1251 = cp1251.to_mut().clone();
    cp1251.push(0x98);
    cp1251.extend_from_slice(&encoding_rs::WINDOWS_1251.encode(";Русские;пехота;6\n").0);
    let errors = new(&cp1251);
    assert_eq!(
        (errors[0].row, errors[0].column, &errors[0].reason),
        (2, Some(Col::Name), &Reason::ControlCharacter('\u{98}'))
    );
    assert!(oob::row_error_text(Lang::En, &errors[0]).contains("U+0098"));
}

/// Side rows name a new battle's sides in their slots, with both names and the nation;
/// two side rows of one name are refused at the second.
#[test]
fn side_rows_name_a_new_battles_sides() {
    let text = "kind,name,name_ru,side,nation,arm,figures_start
side,French,Французы,second,French,,
side,Russians,Русские,first,Russian,,
unit,Voltigeurs,,French,,infantry,24
";
    let b = imported_new(text.as_bytes());
    assert_eq!((b.sides.first.name.as_str(), b.sides.second.name_ru.as_deref()), ("Russians", Some("Французы")));
    assert_eq!(b.units[0].side, Side::Second);
    assert_eq!(b.units[0].nation, coldsteel::rules::Nation::French);
    let same = text.replace("side,Russians,Русские", "side,french,Русские");
    let errors = oob::new_battle(same.as_bytes(), "x", Ruleset::Gdb, Lang::En).unwrap_err();
    assert_eq!((errors[0].row, &errors[0].reason), (3, &Reason::Refused(coldsteel::model::Problem::SameSideNames)));
    let slotless = text.replace("Русские,first", "Русские,left");
    let errors = oob::new_battle(slotless.as_bytes(), "x", Ruleset::Gdb, Lang::En).unwrap_err();
    assert_eq!((errors[0].row, errors[0].column, &errors[0].reason), (3, Some(Col::Side), &Reason::SideSlot));
}
