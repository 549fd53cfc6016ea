//! The players' view (issue 32): one read model of the battle and the open engagement,
//! without what the umpire hides; the umpire's marks are actions (journaled, undoable),
//! and a hidden unit that charges or is charged is shown again, in its log entry.

use crate::common;

use coldsteel::game::Action;
use coldsteel::game::procedure::{ChargeDraft, Measured};
use coldsteel::i18n::{Label, Lang};
use coldsteel::model::LogDetail;
use coldsteel::players::build;
use coldsteel::rules::Phase;
use coldsteel::storage;

fn names_in(view: &coldsteel::players::PlayersView) -> Vec<String> {
    view.sides.iter().flat_map(|s| s.units.iter().map(|u| u.name.clone())).collect()
}

/// Everything the page would receive, as one text.
fn wire(view: &coldsteel::players::PlayersView) -> String {
    String::from_utf8(coldsteel::share::wire_json(view, 1).to_vec()).unwrap()
}

#[test]
fn the_view_holds_turn_rosters_summary_and_map_in_both_languages() {
    let g = storage::default_game().unwrap();
    for lang in [Lang::En, Lang::Ru] {
        let v = build(g.battle(), None, lang);
        assert_eq!(v.lang, lang.code());
        assert_eq!(v.sides.len(), 2);
        assert_eq!(names_in(&v).len(), g.battle().units.len(), "every unit listed");
        let ladoga = common::unit(&g, "Ladoga Infantry");
        let row = v.sides[1].units.iter().find(|u| u.id == ladoga.id.0).unwrap();
        assert_eq!((row.figures, row.figures_start), (ladoga.figures, ladoga.figures_start));
        assert_eq!(row.name, ladoga.display_name(lang == Lang::Ru));
        assert!(!v.summary.rows.is_empty(), "the summary's strength table");
        assert!(v.engagement.is_none());
        let text = wire(&v);
        assert!(text.contains(&row.name), "{lang:?}");
    }
    let ru = build(g.battle(), None, Lang::Ru);
    assert!(ru.turn.starts_with("Ход"), "{}", ru.turn);
}

#[test]
fn an_open_charge_shows_both_sides_modifiers_with_clauses_totals_and_exact_odds() {
    let g = common::default_at(Phase::Charges);
    let (charger, target) = (common::id(&g, "Grenadiers à cheval"), common::id(&g, "Ladoga Infantry"));
    let mut memo = Measured::default();
    let draft = ChargeDraft::open(g.battle(), charger, target, &mut memo).unwrap();
    let open = draft.open_engagement(g.battle());
    let v = build(g.battle(), Some(&open), Lang::En);
    let e = v.engagement.as_ref().expect("the charge in progress");
    assert!(e.heading.contains("Grenadiers à cheval") && e.heading.contains("Ladoga Infantry"), "{}", e.heading);
    assert_eq!(e.sides.len(), 2);
    let clauses: Vec<&str> = e.sides.iter().flat_map(|s| s.modifiers.iter().map(|m| m.0.as_str())).collect();
    assert!(clauses.iter().all(|c| c.starts_with("GDB-")), "{clauses:?}");
    // Each side's total is the sum of its lines.
    for side in &e.sides {
        let sum: i32 = side.modifiers.iter().map(|m| m.2.parse::<i32>().unwrap()).sum();
        assert_eq!(side.total, format!("{sum:+}"));
    }
    let chances: f64 = e.odds.iter().map(|o| o.chance.trim_end_matches('%').parse::<f64>().unwrap()).sum();
    assert!((chances - 100.0).abs() < 0.5, "the odds add up to the whole: {chances}");
    // As the wizard says them: the winner by its name, and in Russian a decimal comma.
    let won: Vec<&str> = e.odds.iter().map(|o| o.result.as_str()).filter(|r| r.contains("wins")).collect();
    assert!(
        !won.is_empty() && won.iter().all(|r| r.contains("Grenadiers à cheval") || r.contains("Ladoga Infantry")),
        "{won:?}"
    );
    let ru = build(g.battle(), Some(&open), Lang::Ru);
    let odds = &ru.engagement.as_ref().unwrap().odds;
    assert!(odds.iter().all(|o| o.chance.contains(',') && !o.chance.contains('.')), "{odds:?}");
}

#[test]
fn a_hidden_unit_is_absent_from_rosters_map_summary_log_and_data() {
    let mut g = common::default_at(Phase::Charges);
    let cossacks = common::unit(&g, "Ilovaisky's Don Cossacks").clone();
    let before = build(g.battle(), None, Lang::En);
    g.perform(&Action::SetHidden { unit: cossacks.id, hidden: true }).unwrap();
    for lang in [Lang::En, Lang::Ru] {
        let v = build(g.battle(), None, lang);
        let name = cossacks.display_name(lang == Lang::Ru);
        assert!(!names_in(&v).iter().any(|n| n == name), "{lang:?}");
        assert!(!wire(&v).contains(name), "not in the page's data ({lang:?})");
        let key = cossacks.id.to_string();
        let on_map =
            v.scene.marks.iter().any(|m| matches!(m, coldsteel::report::map::Mark::Text { key: k, .. } if *k == key));
        assert!(!on_map, "not on the map");
    }
    // The summary's totals leave its figures out.
    let after = build(g.battle(), None, Lang::En);
    let start = |v: &coldsteel::players::PlayersView| v.summary.rows[0][2].parse::<u32>().unwrap();
    assert_eq!(start(&before) - start(&after), cossacks.figures_start);
    // The mark is one undoable action; undone, the unit is back.
    assert!(matches!(g.battle().log.last().unwrap().detail, LogDetail::Hidden { hidden: true }));
    g.undo().unwrap();
    assert!(names_in(&build(g.battle(), None, Lang::En)).contains(&cossacks.name));
    g.redo().unwrap();
    assert!(g.battle().unit(cossacks.id).unwrap().hidden);
}

#[test]
fn an_umpires_note_is_absent_from_the_view_and_a_players_note_is_there() {
    let mut g = storage::default_game().unwrap();
    g.perform(&Action::Note("The Guard waits.".into())).unwrap();
    g.perform(&Action::HiddenNote("Reinforcements arrive on turn 4.".into())).unwrap();
    for lang in [Lang::En, Lang::Ru] {
        let v = build(g.battle(), None, lang);
        let text = wire(&v);
        assert!(text.contains("The Guard waits."), "{lang:?}");
        assert!(!text.contains("Reinforcements"), "{lang:?}");
    }
}

#[test]
fn a_hidden_unit_that_charges_or_is_charged_is_revealed_in_the_journal() {
    let mut g = common::default_at(Phase::Charges);
    let (charger, target) = (common::id(&g, "Grenadiers à cheval"), common::id(&g, "Ladoga Infantry"));
    for id in [charger, target] {
        g.perform(&Action::SetHidden { unit: id, hidden: true }).unwrap();
    }
    // A draft open on hidden units is not shown to the players.
    let mut memo = Measured::default();
    let draft = ChargeDraft::open(g.battle(), charger, target, &mut memo).unwrap();
    assert!(build(g.battle(), Some(&draft.open_engagement(g.battle())), Lang::En).engagement.is_none());
    common::declare(&mut g, "Grenadiers à cheval", "Ladoga Infantry", 20);
    let entry = g.battle().log.last().unwrap();
    assert_eq!(entry.revealed, vec![charger, target]);
    assert!(!g.battle().unit(charger).unwrap().hidden && !g.battle().unit(target).unwrap().hidden);
    let line = coldsteel::i18n::log_text::entry_summary(Lang::En, g.battle(), entry);
    assert!(line.contains("revealed to the players"), "{line}");
    // Undone, the declaration takes the reveal with it.
    g.undo().unwrap();
    assert!(g.battle().unit(charger).unwrap().hidden && g.battle().unit(target).unwrap().hidden);
    // A file with the reveal replays to the same battle.
    g.redo().unwrap();
    let text = storage::to_json(&g);
    let back = storage::from_json(&text).unwrap();
    assert_eq!(back.battle(), g.battle());
    assert!(coldsteel::game::journal::replay(&back).is_ok());
}

#[test]
fn a_mark_that_changes_nothing_is_refused() {
    let mut g = storage::default_game().unwrap();
    let id = g.battle().units[0].id;
    assert!(g.perform(&Action::SetHidden { unit: id, hidden: false }).is_err());
    assert!(g.perform(&Action::SetHidden { unit: coldsteel::model::UnitId(9999), hidden: true }).is_err());
}

#[test]
fn the_map_shows_this_turns_moves_and_an_open_charges_sector() {
    use coldsteel::report::map::{Ink, Mark};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("saves");
    let mut g = storage::read_battle_file(&dir.join("krasnoi-1812-on-the-table.coldsteel.json")).unwrap();
    common::to(&mut g, Phase::Movement);
    let poltava = common::unit(&g, "Poltava Infantry").clone();
    // Put back on the table where it stood a little to the left: its place is in the log.
    let start = poltava.place.unwrap();
    let from = coldsteel::model::Placement { x_mm: start.x_mm - 50, ..start };
    g.perform(&Action::PlaceUnit { unit: poltava.id, place: Some(from) }).unwrap();
    let to = coldsteel::model::Placement { y_mm: from.y_mm + 80, ..from };
    let moved = coldsteel::model::MoveAction { unit: poltava.id, cm: 8, place: Some(to), ground: None };
    g.perform(&Action::Move(Box::new(moved))).unwrap();
    let lines = |v: &coldsteel::players::PlayersView, ink: Ink| {
        v.scene.marks.iter().filter(|m| matches!(m, Mark::Line { ink: i, .. } if *i == ink)).count()
    };
    let v = build(g.battle(), None, Lang::En);
    // From where it stood as the turn began (an earlier move of the log put it there),
    // through the placing, to where it stands now.
    let drawn = v.scene.marks.iter().any(
        |m| matches!(m, Mark::Line { from: f, to: t, ink: Ink::Ruler } if *f == start.point() && *t == to.point()),
    );
    assert!(drawn, "the turn's move from where it stood to where it stands");
    assert_eq!(lines(&v, Ink::Sector), 0, "no sector without a charge open");
    // Hidden, its move goes too.
    g.perform(&Action::SetHidden { unit: poltava.id, hidden: true }).unwrap();
    assert!(
        !build(g.battle(), None, Lang::En)
            .scene
            .marks
            .iter()
            .any(|m| { matches!(m, Mark::Line { to: t, ink: Ink::Ruler, .. } if *t == to.point()) })
    );
}

#[test]
fn a_charge_carried_out_by_a_unit_hidden_since_its_declaration_reveals_it_and_undoes_whole() {
    use coldsteel::rules::Side;
    let mut g = common::default_at(Phase::Charges);
    common::declare(&mut g, "Grenadiers à cheval", "Ladoga Infantry", 20);
    let phasing = g.battle().phasing.unwrap_or(Side::First);
    for side in [phasing, phasing.other()] {
        g.perform(&Action::DeclarationsDone { side }).unwrap();
    }
    let charger = common::id(&g, "Grenadiers à cheval");
    g.perform(&Action::SetHidden { unit: charger, hidden: true }).unwrap();
    let before = g.battle().clone();
    let stand = coldsteel::rules::gdb::charge::Input::Reaction(coldsteel::rules::gdb::charge::Reaction::Stand);
    let mut a = common::charge(&g, "Grenadiers à cheval", "Ladoga Infantry", 20, vec![stand]);
    common::answer_tests(&g, &mut a);
    common::do_charge(&mut g, a);
    assert_eq!(g.battle().log.last().unwrap().revealed, vec![charger]);
    assert!(!g.battle().unit(charger).unwrap().hidden);
    assert!(names_in(&build(g.battle(), None, Lang::En)).iter().any(|n| n == "Grenadiers à cheval"));
    g.undo().unwrap();
    assert_eq!(g.battle(), &before, "undone whole, hidden again");
    g.redo().unwrap();
    assert!(coldsteel::game::journal::replay(&g).is_ok());
}

/// Issue 45: each line of the page says what it is, in both languages: a unit's formation
/// and its class never read as the same bare word ("Line · Light cavalry · Line"); a
/// phase's entry says that the phase began, not a bare "Turn 1 · Melee"; an entry's kind
/// is said once ("Melee: Melee:" was the phase and the entry).
#[test]
fn each_line_of_the_page_says_what_it_is() {
    let g = common::whole_gdb_turn();
    for lang in [Lang::En, Lang::Ru] {
        let v = build(g.battle(), None, lang);
        for u in v.sides.iter().flat_map(|s| &s.units) {
            let formation = coldsteel::i18n::Lang::fmt(lang, coldsteel::i18n::T::PvFormationIs, &[&""]);
            assert!(u.formation.starts_with(formation.trim()), "{lang:?}: {}", u.formation);
            assert!(
                !u.kind.split(" · ").any(|part| u.formation.ends_with(part)),
                "{lang:?}: {} / {}",
                u.formation,
                u.kind
            );
        }
        assert!(v.latest.len() >= 5, "{lang:?}: {:?}", v.latest);
        let melee = coldsteel::rules::Phase::Melee.label(lang);
        for line in &v.latest {
            assert!(!line.contains(&format!("{melee}: {melee}:")), "{lang:?}: {line}");
            let bare = (1..=g.battle().turn).any(|t| {
                coldsteel::rules::Phase::ALL
                    .iter()
                    .any(|p| *line == lang.fmt(coldsteel::i18n::T::TurnPhase, &[&t, &p.label(lang)]))
            });
            assert!(!bare, "{lang:?}: a bare turn and phase: {line}");
        }
        let begins = lang.fmt(coldsteel::i18n::T::PvPhaseBegins, &[&g.battle().turn, &g.battle().phase.label(lang)]);
        assert!(v.latest.iter().any(|l| l.starts_with(&begins)), "{lang:?}: {begins} in {:?}", v.latest);
    }
}
