//! Issue 52: a campaign made from the example order of battle, a battle made from it,
//! played through the game's actions and closed: its losses, states, result and the
//! generals' fates in the ledger equal the battle's own records; a battle of another
//! campaign, one closed twice and one changed since it was closed, refused.

use std::path::Path;

use coldsteel::game::campaign::{self, CampaignError};
use coldsteel::game::{Action, Game};
use coldsteel::i18n::Lang;
use coldsteel::model::{Campaign, Fate, LedgerEvent, ResultRule, UnitId, UnitState};
use coldsteel::rules::{Phase, Ruleset, Side};
use coldsteel::storage;

use crate::common::{do_charge, id, initiative, melee, to, unit};
use crate::engagements::stood_charge;

fn example_oob(lang: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("assets/oob/krasnoi.{lang}.csv"))
}

/// A campaign begun from the example order of battle.
fn krasnoi_campaign(id: &str) -> Campaign {
    let bytes = std::fs::read(example_oob("en")).unwrap();
    let game = coldsteel::oob::game_of(&bytes, "krasnoi", Ruleset::Gdb, Lang::En).unwrap();
    let c = campaign::campaign_from(&game, id, "Krasnoi 1812", "krasnoi.en.csv", false);
    storage::checked_campaign(c).unwrap()
}

/// A battle of every unit of the campaign, recorded in it, in the Charges phase.
fn first_battle(c: &mut Campaign) -> Game {
    let all: Vec<UnitId> = c.units.iter().map(|u| u.unit.id).collect();
    let battle = campaign::battle_from(c, &all, "Krasnoi, first day").unwrap();
    let mut g = Game::new(battle);
    campaign::record_made(c, &g);
    initiative(&mut g, [6, 6], [1, 1], Side::First);
    to(&mut g, Phase::Charges);
    g
}

/// The ledger's losses of a unit in a battle, each with its log entry.
fn ledger_losses(c: &Campaign, battle: u32, unit: UnitId) -> Vec<(Option<u64>, u32)> {
    c.ledger
        .iter()
        .filter(|e| e.battle == Some(battle))
        .filter_map(|e| match e.event {
            LedgerEvent::Losses { unit: u, figures } if u == unit => Some((e.entry, figures)),
            _ => None,
        })
        .collect()
}

/// Issue 52: made from the lists, played (a charge, its melee with losses, a general
/// lost), saved and read back, closed: every unit's losses in the ledger equal its
/// casualties in the battle (the report's count), each placed on the melee's log entry;
/// the lists take the battle's strengths and states; the general's fate is the players'.
#[test]
fn a_battle_from_the_campaign_closes_into_it_as_its_records_say() {
    let mut c = krasnoi_campaign("campaign-test-1");
    assert_eq!(c.units.len(), 25);
    let mut g = first_battle(&mut c);
    assert_eq!(g.battle().campaign.as_ref().map(|l| (l.id.as_str(), l.battle)), Some(("campaign-test-1", 1)));
    let a = stood_charge(&g, "Ladoga Infantry", "1st Vistula Legion", 8);
    do_charge(&mut g, a);
    to(&mut g, Phase::Melee);
    let m = melee(&g, "Ladoga Infantry", "1st Vistula Legion", ([6, 5], [1, 1]), (1, 3));
    g.perform(&Action::GdbMelee(Box::new(m))).unwrap();
    let melee_seq = g.battle().log.last().unwrap().seq;
    let laborde = g.battle().generals.iter().find(|x| x.name == "Gén. Laborde").unwrap().clone();
    g.perform(&Action::EditGeneral(coldsteel::model::General { lost: true, ..laborde.clone() })).unwrap();
    // As the file keeps it: the campaign knows the battle by its journal's start.
    let g = storage::from_json(&storage::to_json(&g)).unwrap();
    let closing = campaign::closing(&c, &g, ResultRule::Losses, None).unwrap();
    assert_eq!(closing.number, 1);
    assert_eq!(closing.lost_generals, vec![(laborde.id, "Gén. Laborde".to_owned())]);
    assert_eq!(
        campaign::close(&mut c, &closing, &[], "first.coldsteel.json"),
        Err(CampaignError::FatesNeeded(vec!["Gén. Laborde".into()]))
    );
    campaign::close(&mut c, &closing, &[(laborde.id, Fate::Wounded)], "first.coldsteel.json").unwrap();
    let c = storage::campaign_from_json(&storage::campaign_to_json(&c)).unwrap();
    for u in &g.battle().units {
        let listed = c.unit(u.id).unwrap();
        assert_eq!(listed.unit.figures, u.figures, "{}", u.name);
        let lost: u32 = ledger_losses(&c, 1, u.id).iter().map(|(_, n)| n).sum();
        assert_eq!(lost, u.casualties(), "{}: the ledger's losses are the battle's", u.name);
    }
    let (ladoga, legion) = (id(&g, "Ladoga Infantry"), id(&g, "1st Vistula Legion"));
    assert_eq!(ledger_losses(&c, 1, ladoga), vec![(Some(melee_seq), 1)]);
    assert_eq!(ledger_losses(&c, 1, legion), vec![(Some(melee_seq), 3)]);
    assert_eq!(c.unit(legion).unwrap().state, state_in(&g, "1st Vistula Legion"));
    assert_eq!(c.general(laborde.id).unwrap().fate, Some(Fate::Wounded));
    let closed = c.closed();
    assert_eq!((closed[0].number, closed[0].winner, closed[0].rule), (1, Some(Side::Second), ResultRule::Losses));
    // The next battle: the Legion at what it has left; Laborde not among the generals.
    let next = campaign::battle_from(&c, &[ladoga, legion], "Second day").unwrap();
    assert_eq!(next.unit(legion).unwrap().figures_start, unit(&g, "1st Vistula Legion").figures);
    assert!(next.generals.iter().all(|x| x.id != laborde.id));
    assert_eq!(next.campaign.as_ref().map(|l| l.battle), Some(2));
}

fn state_in(g: &Game, name: &str) -> UnitState {
    match unit(g, name).order {
        coldsteel::rules::Order::Routing => UnitState::Routed,
        _ => UnitState::Ready,
    }
}

/// Issue 52: a battle closed twice is refused; one changed since it was closed is told
/// apart; one of another campaign, or not made from this one, is refused with its reasons.
#[test]
fn a_battle_closed_twice_changed_since_or_of_another_campaign_is_refused() {
    let mut c = krasnoi_campaign("campaign-test-2");
    let mut g = first_battle(&mut c);
    let closing = campaign::closing(&c, &g, ResultRule::UnitsBroken, None).unwrap();
    campaign::close(&mut c, &closing, &[], "b.coldsteel.json").unwrap();
    assert_eq!(campaign::closing(&c, &g, ResultRule::Losses, None), Err(CampaignError::AlreadyClosed(1)));
    g.perform(&Action::Note("a note after the closing".into())).unwrap();
    assert!(matches!(
        campaign::closing(&c, &g, ResultRule::Losses, None),
        Err(CampaignError::ChangedSinceClosed { number: 1, .. })
    ));
    let mut other = krasnoi_campaign("campaign-test-other");
    let theirs = first_battle(&mut other);
    assert_eq!(
        campaign::closing(&c, &theirs, ResultRule::Losses, None),
        Err(CampaignError::OtherCampaign("campaign-test-other".into()))
    );
    // The example battle, not made from the campaign: its units are the lists' by name,
    // but it is none of its battles.
    let stranger = storage::default_game().unwrap();
    assert_eq!(campaign::closing(&c, &stranger, ResultRule::Losses, None), Err(CampaignError::NotMadeHere(Vec::new())));
    // A unit added to a battle since it was made is not the campaign's.
    let mut g = first_battle(&mut c);
    let mut added = unit(&g, "Ladoga Infantry").clone();
    added.id = UnitId(900);
    added.name = "Moscow Opolchenie".into();
    g.perform(&Action::AddUnit(added)).unwrap();
    assert_eq!(
        campaign::closing(&c, &g, ResultRule::Losses, None),
        Err(CampaignError::UnitsNotInCampaign(vec!["Moscow Opolchenie".into()]))
    );
}

/// Issue 52: a battle renamed since it was made (in the window, or by hand in its file)
/// is still the campaign's: it is known by the campaign and number it records.
#[test]
fn a_renamed_battle_still_closes_into_its_campaign() {
    let mut c = krasnoi_campaign("campaign-test-4");
    let g = first_battle(&mut c);
    let renamed = crate::common::edited(&g, |b| b.name = "Krasnoi, the first day (renamed)".into());
    let written = storage::to_json(&renamed);
    let read = storage::from_json(&written).unwrap();
    let closing = campaign::closing(&c, &read, ResultRule::Losses, None).unwrap();
    assert_eq!(closing.number, 1);
    // A unit of an open battle is sent into no other.
    let ladoga = id(&g, "Ladoga Infantry");
    let legion = id(&g, "1st Vistula Legion");
    assert!(matches!(
        campaign::battle_from(&c, &[ladoga, legion], "again"),
        Err(CampaignError::InOpenBattle { number: 1, .. })
    ));
    campaign::close(&mut c, &closing, &[], "first.coldsteel.json").unwrap();
    assert!(campaign::battle_from(&c, &[ladoga, legion], "again").is_ok());
}

/// Issue 52: a battle needs both armies; a unit that cannot fight is refused; the ground
/// held needs its side.
#[test]
fn a_battle_is_made_of_units_that_can_fight_on_both_sides() {
    let mut c = krasnoi_campaign("campaign-test-3");
    let french: Vec<UnitId> = c.units.iter().filter(|u| u.unit.side == Side::First).map(|u| u.unit.id).collect();
    assert_eq!(campaign::battle_from(&c, &french, "x"), Err(CampaignError::BothSidesNeeded));
    assert_eq!(campaign::battle_from(&c, &[UnitId(999)], "x"), Err(CampaignError::NoSuchUnit(UnitId(999))));
    c.units[0].state = UnitState::Destroyed;
    let name = c.units[0].unit.name.clone();
    let all: Vec<UnitId> = c.units.iter().map(|u| u.unit.id).collect();
    assert_eq!(
        campaign::battle_from(&c, &all, "x"),
        Err(CampaignError::CannotFight { name, state: UnitState::Destroyed })
    );
    c.units[0].state = UnitState::Routed;
    let g = first_battle(&mut c);
    assert_eq!(campaign::closing(&c, &g, ResultRule::HeldGround, None), Err(CampaignError::HeldGroundNeeded));
    let closing = campaign::closing(&c, &g, ResultRule::HeldGround, Some(Side::Second)).unwrap();
    assert_eq!(closing.winner, Some(Side::Second));
}

/// A regimental general of no brigade goes into a battle with the unit he is attached
/// to, and stays out of one without it.
#[test]
fn a_general_of_no_brigade_fights_with_the_unit_he_is_attached_to() {
    let mut c = krasnoi_campaign("campaign-test-regimental");
    let unit = c.units.iter().find(|u| u.unit.side == Side::Second).unwrap().unit.id;
    let g = c.generals.iter_mut().find(|g| g.general.side == Side::Second && g.general.brigade.is_some()).unwrap();
    g.general.rank = coldsteel::rules::Rank::Regimental;
    g.general.brigade = None;
    g.general.attached_to = Some(unit);
    let general = g.general.id;
    let first = c.units.iter().find(|u| u.unit.side == Side::First).unwrap().unit.id;
    let others = c.units.iter().find(|u| u.unit.side == Side::Second && u.unit.id != unit).unwrap().unit.id;
    let with = campaign::battle_from(&c, &[first, unit], "with him").unwrap();
    let his = with.generals.iter().find(|g| g.id == general).expect("he fights with his unit");
    assert_eq!(his.attached_to, Some(unit));
    let without = campaign::battle_from(&c, &[first, others], "without him").unwrap();
    assert!(without.generals.iter().all(|g| g.id != general), "not without his unit");
}

/// Issue 52 moved the battle file to version 11 (a battle names its campaign): a
/// version-10 file reads with none, replays to the same battle and is written as 11.
#[test]
fn a_version_10_battle_reads_with_no_campaign_and_replays() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/battle-v10.coldsteel.json");
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(storage::file_version(&text), Some(10));
    let g = storage::from_json(&text).unwrap();
    assert_eq!(g.battle().campaign, None);
    let replayed = coldsteel::game::replay_recorded(&g, 10).unwrap();
    assert_eq!(replayed.count, g.battle().log.len());
    assert_eq!(storage::file_version(&storage::to_json(&g)), Some(storage::VERSION));
}

/// A campaign begun from the mid-game example, its battle (turn 3) closed by losses: the
/// French win, having lost 6 of 180 figures to the Russians' 7 of 198.
fn turn3_closed(recovery: coldsteel::rules::options::RecoveryTable) -> Campaign {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/krasnoi-1812-turn3.coldsteel.json");
    let game = storage::read_battle_file(&path).unwrap();
    let mut c = campaign::campaign_from(&game, "campaign-turn3", "Krasnoi 1812", "turn3", true);
    c.pack.options.recovery = recovery;
    let closing = campaign::closing(&c, &game, ResultRule::Losses, None).unwrap();
    campaign::close(&mut c, &closing, &[], "turn3.coldsteel.json").unwrap();
    c
}

fn strength(c: &Campaign, name: &str) -> u32 {
    c.units.iter().find(|u| u.unit.name == name).unwrap().unit.figures
}

/// Issue 53, the worked example: one club's recovery table by result (won 70 %, drawn
/// 60 %, lost 50 % of a unit's losses return, rounded down) after turn 3 of Krasnoi, which
/// the French won by losses.
#[test]
fn a_clubs_result_table_returns_the_wounded_as_written() {
    use coldsteel::rules::options::{BattleEnd, RecoveryTable, ResultRecovery};
    let table = RecoveryTable {
        by_result: vec![
            ResultRecovery { end: BattleEnd::Won, percent: 70 },
            ResultRecovery { end: BattleEnd::Drawn, percent: 60 },
            ResultRecovery { end: BattleEnd::Lost, percent: 50 },
        ],
        by_die: Vec::new(),
    };
    let mut c = turn3_closed(table);
    let r = campaign::recovery(&c, None, &[]).unwrap();
    campaign::recover(&mut c, &r).unwrap();
    // The French won: 70 %. 33e Léger lost 3: 3 × 0.7 = 2.1, 2 return: 17 + 2 = 19. The
    // Vistula Legion, the Empress Dragoons and the Guard Chasseurs lost 1 each: 0.7, none.
    assert_eq!(strength(&c, "4th bn, 33e Léger"), 19);
    assert_eq!(strength(&c, "1st Vistula Legion"), 23);
    assert_eq!(strength(&c, "Empress Dragoons"), 11);
    // The Russians lost: 50 %. Kiev Dragoons lost 4: 2 return, 8 + 2 = 10. Chuguev Uhlans
    // lost 2: 1 returns, 10 + 1 = 11. Sumy Hussars lost 1: 0.5, none: 11.
    assert_eq!(strength(&c, "Kiev Dragoons"), 10);
    assert_eq!(strength(&c, "Chuguev Uhlans"), 11);
    assert_eq!(strength(&c, "Sumy Hussars"), 11);
    // Once a battle.
    assert_eq!(campaign::recovery(&c, None, &[]), Err(campaign::RecoveryError::Already(1)));
    // Read back, the ledger says it, and the report counts it.
    let c = storage::campaign_from_json(&storage::campaign_to_json(&c)).unwrap();
    let report =
        coldsteel::report::markdown::to_markdown(&coldsteel::report::campaign::campaign_report(&c, &[], Lang::En));
    assert!(report.contains("Kiev Dragoons: 2 figures returned"), "{report}");
    let kiev = report.lines().find(|l| l.starts_with("| Kiev Dragoons")).unwrap();
    assert!(kiev.contains("| 12") && kiev.contains("| 10"), "{kiev}");
}

/// Issue 53: by a die per unit, the exact odds of each number returning are shown before
/// any die (summing to 1); the dice typed decide; a unit without its die is refused.
#[test]
fn recovery_by_dice_shows_its_odds_and_takes_the_dice() {
    use coldsteel::rules::options::{DieRecovery, RecoveryTable};
    let percent = [0, 0, 50, 50, 100, 100];
    let by_die = (1..=6u8).map(|die| DieRecovery { die, percent: percent[usize::from(die - 1)] }).collect();
    let mut c = turn3_closed(RecoveryTable { by_result: Vec::new(), by_die });
    let shown = campaign::recovery(&c, Some(1), &[]).unwrap();
    for u in &shown.units {
        let total: f64 = u.odds.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-9, "{}: {:?}", u.name, u.odds);
    }
    let kiev = shown.units.iter().find(|u| u.name == "Kiev Dragoons").unwrap();
    let third = 1.0 / 3.0;
    let odds: Vec<(u32, bool)> = kiev.odds.iter().map(|(n, p)| (*n, (p - third).abs() < 1e-9)).collect();
    assert_eq!(odds, vec![(0, true), (2, true), (4, true)]);
    assert!(matches!(campaign::recover(&mut c, &shown), Err(campaign::RecoveryError::DiceNeeded(_))));
    let dice: Vec<_> = shown
        .units
        .iter()
        .map(|u| (u.unit, crate::common::face(if u.name == "Kiev Dragoons" { 6 } else { 3 })))
        .collect();
    let r = campaign::recovery(&c, Some(1), &dice).unwrap();
    campaign::recover(&mut c, &r).unwrap();
    assert_eq!(strength(&c, "Kiev Dragoons"), 12, "a 6: all four return");
    assert_eq!(strength(&c, "4th bn, 33e Léger"), 18, "a 3: half of 3, 1");
}

/// Issue 53: the second day rallies the routed and keeps the losses; the next battle
/// starts from the first day's strengths. Without a recovery table, recovery is refused.
#[test]
fn the_second_day_keeps_the_losses_and_rallies_the_routed() {
    let mut c = turn3_closed(Default::default());
    assert_eq!(campaign::recovery(&c, None, &[]), Err(campaign::RecoveryError::NoTable));
    let kiev = c.units.iter().find(|u| u.unit.name == "Kiev Dragoons").unwrap().unit.id;
    assert_eq!(c.unit(kiev).unwrap().state, UnitState::Routed);
    campaign::second_day(&mut c).unwrap();
    assert_eq!(c.unit(kiev).unwrap().state, UnitState::Ready);
    let c = storage::campaign_from_json(&storage::campaign_to_json(&c)).unwrap();
    let all: Vec<UnitId> = c.units.iter().map(|u| u.unit.id).collect();
    let day2 = campaign::battle_from(&c, &all, "Krasnoi, the second day").unwrap();
    assert_eq!(day2.unit(kiev).unwrap().figures, 8, "the first day's losses stand");
    assert_eq!(day2.unit(kiev).unwrap().order, coldsteel::rules::Order::Formed);
}

/// Issue 52, after a review: a battle made from one campaign can begin another (it closes
/// into the new one, known by its start); a battle whose name no battle file takes is not
/// made; recovery returns nothing to a unit out of the campaign, and never above its
/// establishment.
#[test]
fn a_battle_of_one_campaign_begins_another_and_recovery_spares_the_lost() {
    let mut a = krasnoi_campaign("campaign-a");
    let g = first_battle(&mut a);
    let b = campaign::campaign_from(&g, "campaign-b", "Second campaign", "first.coldsteel.json", true);
    assert_eq!(campaign::closing(&b, &g, ResultRule::Losses, None).map(|c| c.number), Ok(1));
    let all: Vec<UnitId> = a.units.iter().map(|u| u.unit.id).collect();
    assert!(matches!(campaign::battle_from(&a, &all, &"x".repeat(500)), Err(CampaignError::InOpenBattle { .. })));
    let closing = campaign::closing(&a, &g, ResultRule::Losses, None).unwrap();
    campaign::close(&mut a, &closing, &[], "first.coldsteel.json").unwrap();
    assert!(matches!(campaign::battle_from(&a, &all, &"x".repeat(500)), Err(CampaignError::Invalid(_))));
    // Recovery: the Legion destroyed in the lists gets none back.
    let mut c = turn3_closed(coldsteel::rules::options::RecoveryTable {
        by_result: coldsteel::rules::options::BattleEnd::ALL
            .iter()
            .map(|end| coldsteel::rules::options::ResultRecovery { end: *end, percent: 100 })
            .collect(),
        by_die: Vec::new(),
    });
    let legion = c.units.iter().position(|u| u.unit.name == "1st Vistula Legion").unwrap();
    c.units[legion].state = UnitState::Destroyed;
    let r = campaign::recovery(&c, None, &[]).unwrap();
    assert!(r.units.iter().all(|u| u.name != "1st Vistula Legion"));
    campaign::recover(&mut c, &r).unwrap();
    assert_eq!(strength(&c, "1st Vistula Legion"), 23);
    assert_eq!(strength(&c, "Kiev Dragoons"), 12, "all four back, up to its establishment");
}

fn result_table(won: u32, drawn: u32, lost: u32) -> coldsteel::rules::options::RecoveryTable {
    use coldsteel::rules::options::{BattleEnd, RecoveryTable, ResultRecovery};
    RecoveryTable {
        by_result: vec![
            ResultRecovery { end: BattleEnd::Won, percent: won },
            ResultRecovery { end: BattleEnd::Drawn, percent: drawn },
            ResultRecovery { end: BattleEnd::Lost, percent: lost },
        ],
        by_die: Vec::new(),
    }
}

/// Issue 53: campaign steps are undone and redone on their own, apart from the battle's
/// undo: the second day, the wounded returned, the closing, each taken off and put back
/// with the lists as the ledger makes them; the steps undone survive the file; a new step
/// forgets them; the campaign's start cannot be undone.
#[test]
fn campaign_steps_undo_and_redo_on_their_own() {
    use campaign::{StepDone, StepError};
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/krasnoi-1812-turn3.coldsteel.json");
    let game = storage::read_battle_file(&path).unwrap();
    let battle_before = coldsteel::model::battle_hash(game.battle());
    let mut c = turn3_closed(result_table(70, 60, 50));
    let kiev = c.units.iter().find(|u| u.unit.name == "Kiev Dragoons").unwrap().unit.id;
    let r = campaign::recovery(&c, None, &[]).unwrap();
    campaign::recover(&mut c, &r).unwrap();
    campaign::second_day(&mut c).unwrap();
    let after_all = c.clone();
    assert_eq!((strength(&c, "Kiev Dragoons"), c.unit(kiev).unwrap().state), (10, UnitState::Ready));

    assert_eq!(campaign::undoable(&c), Some(StepDone::SecondDay(1)));
    assert_eq!(campaign::undo(&mut c), Ok(StepDone::SecondDay(1)));
    assert_eq!(c.unit(kiev).unwrap().state, UnitState::Routed, "the second day undone: Kiev routed again");
    assert_eq!(campaign::undo(&mut c), Ok(StepDone::Recovered(1)));
    assert_eq!(strength(&c, "Kiev Dragoons"), 8, "the wounded undone: 12 - 4");
    assert_eq!(strength(&c, "4th bn, 33e Léger"), 17);
    // What was undone survives the file: Redo after reading it back.
    let mut c = storage::campaign_from_json(&storage::campaign_to_json(&c)).unwrap();
    assert_eq!(campaign::redoable(&c), Some(StepDone::Recovered(1)));
    assert_eq!(campaign::redo(&mut c), Ok(StepDone::Recovered(1)));
    assert_eq!(campaign::redo(&mut c), Ok(StepDone::SecondDay(1)));
    assert_eq!(c, after_all, "redone, the campaign is as it was, line for line");
    assert_eq!(campaign::redo(&mut c), Err(StepError::NothingToRedo));

    // Undo down to the closing: the battle is open again and closes again.
    campaign::undo(&mut c).unwrap();
    campaign::undo(&mut c).unwrap();
    assert_eq!(campaign::undo(&mut c), Ok(StepDone::Closed(1)));
    assert!(c.closed().is_empty());
    assert_eq!(strength(&c, "Kiev Dragoons"), 12, "no losses counted");
    assert!(campaign::closing(&c, &game, ResultRule::Losses, None).is_ok());
    // A new step forgets what was undone.
    assert_eq!(c.undone.len(), 3);
    let closing = campaign::closing(&c, &game, ResultRule::UnitsBroken, None).unwrap();
    campaign::close(&mut c, &closing, &[], "turn3.coldsteel.json").unwrap();
    assert!(c.undone.is_empty());
    assert_eq!(campaign::redo(&mut c), Err(StepError::NothingToRedo));
    campaign::undo(&mut c).unwrap();
    assert_eq!(campaign::undo(&mut c), Ok(StepDone::Made(1)));
    assert_eq!(campaign::undo(&mut c), Err(StepError::NothingToUndo), "the start stays");
    // The battle's own undo history was never touched.
    assert_eq!(coldsteel::model::battle_hash(game.battle()), battle_before);
}

/// Issue 53: a closed battle taken back, corrected and closed again: the ledger keeps
/// the closing ("closed", its lines marked as no longer counted), the take-back and the
/// closing again, which says what changed; the lists count only the corrected closing;
/// the wounded returned after the first closing are taken back with it. Without a
/// take-back, a changed battle stays refused.
#[test]
fn a_closed_battle_corrected_and_closed_again_keeps_both_lines() {
    let mut c = krasnoi_campaign("campaign-test-correct");
    c.pack.options.recovery = result_table(50, 50, 50);
    let mut g = first_battle(&mut c);
    let a = stood_charge(&g, "Ladoga Infantry", "1st Vistula Legion", 8);
    do_charge(&mut g, a);
    to(&mut g, Phase::Melee);
    let m = melee(&g, "Ladoga Infantry", "1st Vistula Legion", ([6, 5], [1, 1]), (1, 4));
    g.perform(&Action::GdbMelee(Box::new(m))).unwrap();
    let legion = id(&g, "1st Vistula Legion");
    let start = c.unit(legion).unwrap().unit.figures;
    let closing = campaign::closing(&c, &g, ResultRule::Losses, None).unwrap();
    campaign::close(&mut c, &closing, &[], "first.coldsteel.json").unwrap();
    let r = campaign::recovery(&c, None, &[]).unwrap();
    campaign::recover(&mut c, &r).unwrap();
    assert_eq!(strength(&c, "1st Vistula Legion"), start - 4 + 2, "4 lost, half return");

    // The players find the melee's losses were 4 where the table said 3: the battle is
    // corrected (its melee undone and fought again); closing it is refused until taken back.
    g.undo().unwrap();
    let m = melee(&g, "Ladoga Infantry", "1st Vistula Legion", ([6, 5], [1, 1]), (1, 3));
    g.perform(&Action::GdbMelee(Box::new(m))).unwrap();
    assert!(matches!(
        campaign::closing(&c, &g, ResultRule::Losses, None),
        Err(CampaignError::ChangedSinceClosed { number: 1, .. })
    ));
    assert_eq!(campaign::take_back(&mut c, None), Ok(1));
    assert_eq!(strength(&c, "1st Vistula Legion"), start, "the closing and its wounded no longer count");
    assert!(c.closed().is_empty());
    assert_eq!(campaign::take_back(&mut c, Some(1)), Err(campaign::StepError::NotClosed(1)));
    let closing = campaign::closing(&c, &g, ResultRule::Losses, None).unwrap();
    campaign::close(&mut c, &closing, &[], "first.coldsteel.json").unwrap();
    assert_eq!(strength(&c, "1st Vistula Legion"), start - 3);
    assert_eq!(c.closed().len(), 1);
    // The wounded of the corrected closing may return (the earlier return no longer counts).
    assert!(campaign::recovery(&c, None, &[]).is_ok());

    // The ledger: closed, taken back, closed again, each kept; read back as written.
    let c = storage::campaign_from_json(&storage::campaign_to_json(&c)).unwrap();
    let kinds: Vec<&str> = c
        .ledger
        .iter()
        .filter_map(|e| match e.event {
            LedgerEvent::BattleClosed { .. } => Some("closed"),
            LedgerEvent::TakenBack => Some("taken back"),
            _ => None,
        })
        .collect();
    assert_eq!(kinds, ["closed", "taken back", "closed"]);
    for lang in [Lang::En, Lang::Ru] {
        let report =
            coldsteel::report::markdown::to_markdown(&coldsteel::report::campaign::campaign_report(&c, &[], lang));
        let (again, was, voided, row) = match lang {
            Lang::En => (
                "closed again",
                "1st Vistula Legion lost 3 figures (was 4)",
                "taken back, no longer counted",
                "| 1st Vistula Legion",
            ),
            Lang::Ru => (
                "внесена заново",
                "1-й полк Вислинского легиона: потери 3 фигуры (было 4)",
                "отменено, не учитывается",
                "| 1-й полк Вислинского легиона",
            ),
        };
        assert!(report.contains(again), "{report}");
        assert!(report.contains(was), "{report}");
        assert!(report.contains(voided), "{report}");
        let legion_row = report.lines().find(|l| l.starts_with(row)).unwrap();
        assert!(legion_row.contains(&format!("| {} ", start - 3)), "{legion_row}");
    }
}

/// Issue 53: a battle made from a campaign keeps the campaign's standing as it was made
/// (battle file version 12), and the players' view shows it beside the battle, in both
/// languages: battles closed, each side's strength and wins, the generals lost.
#[test]
fn the_players_view_shows_the_campaigns_standing() {
    let mut c = krasnoi_campaign("campaign-standing");
    let mut g = first_battle(&mut c);
    let laborde = g.battle().generals.iter().find(|x| x.name == "Gén. Laborde").unwrap().clone();
    g.perform(&Action::EditGeneral(coldsteel::model::General { lost: true, ..laborde.clone() })).unwrap();
    let closing = campaign::closing(&c, &g, ResultRule::HeldGround, Some(Side::First)).unwrap();
    campaign::close(&mut c, &closing, &[(laborde.id, Fate::Captured)], "first.coldsteel.json").unwrap();
    let all: Vec<UnitId> = c.units.iter().map(|u| u.unit.id).collect();
    let battle = campaign::battle_from(&c, &all, "Krasnoi, the second battle").unwrap();
    let standing = battle.campaign.as_ref().and_then(|l| l.standing.clone()).unwrap();
    assert_eq!((standing.battles, standing.sides.first.won, standing.sides.second.won), (1, 1, 0));
    assert_eq!((standing.sides.first.figures, standing.sides.first.establishment), (180, 180));
    // Written and read back as the battle file keeps it.
    let g2 = storage::from_json(&storage::to_json(&Game::new(battle))).unwrap();
    assert_eq!(g2.battle().campaign.as_ref().and_then(|l| l.standing.as_ref()), Some(&standing));
    let en = coldsteel::players::build(g2.battle(), None, Lang::En).campaign.unwrap();
    assert_eq!(en.heading, "Campaign «Krasnoi 1812» — battle 2");
    assert_eq!(
        en.lines,
        [
            "Battles closed before this one: 1",
            "French Imperial Guard: 180 of 180 figures · battles won: 1",
            "Russian Army (Golitsyn): 198 of 198 figures · battles won: 0",
            "Generals lost: Gén. Laborde (French Imperial Guard, captured)",
        ]
    );
    let ru = coldsteel::players::build(g2.battle(), None, Lang::Ru).campaign.unwrap();
    assert_eq!(ru.heading, "Кампания «Krasnoi 1812» — битва 2");
    assert!(ru.lines[1].contains("180 из 180 фигур · побед: 1"), "{:?}", ru.lines);
    // A battle of no campaign shows none.
    assert_eq!(coldsteel::players::build(turn_battle(), None, Lang::En).campaign, None);
}

fn turn_battle() -> &'static coldsteel::model::Battle {
    static GAME: std::sync::OnceLock<Game> = std::sync::OnceLock::new();
    GAME.get_or_init(|| storage::default_game().unwrap()).battle()
}

/// Issue 53 moved the battle file to version 12 (a battle keeps its campaign's standing):
/// a version-11 battle made from a campaign reads with its link and no standing, and is
/// written as 12.
#[test]
fn a_version_11_campaign_battle_reads_with_its_link_and_no_standing() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/battle-v11.coldsteel.json");
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(storage::file_version(&text), Some(11));
    let g = storage::from_json(&text).unwrap();
    let link = g.battle().campaign.clone().unwrap();
    assert_eq!((link.battle, link.standing), (2, None));
    assert_eq!(coldsteel::players::build(g.battle(), None, Lang::En).campaign, None);
    assert_eq!(storage::file_version(&storage::to_json(&g)), Some(storage::VERSION));
    assert_eq!(storage::VERSION, 12);
}

/// Issue 53: a very long ledger (thousands of battles, each closed, taken back, closed
/// again, with its wounded and a second day) reads, reports, undoes and redoes in one pass
/// over the ledger each: no work grows with the ledger times the lists or the take-backs.
#[test]
fn a_long_ledger_of_corrections_reads_reports_and_undoes() {
    let mut c = turn3_closed(result_table(50, 50, 50));
    let units: Vec<UnitId> = c.units.iter().map(|u| u.unit.id).collect();
    let first = units[0];
    for n in 2..=4_000u32 {
        let made =
            LedgerEvent::BattleMade { name: format!("battle {n}"), units: units.clone(), start_hash: "x".into() };
        c.record(Some(n), None, made);
        for _ in 0..2 {
            c.record(Some(n), Some(7), LedgerEvent::Losses { unit: first, figures: 0 });
            let closed = LedgerEvent::BattleClosed {
                name: format!("battle {n}"),
                file: "b.coldsteel.json".into(),
                hash: "h".into(),
                rule: ResultRule::Losses,
                winner: None,
            };
            c.record(Some(n), None, closed);
            c.record(Some(n), None, LedgerEvent::Recovered { unit: first, figures: 0, die: None });
            c.record(Some(n), None, LedgerEvent::TakenBack);
        }
        c.record(Some(n), None, LedgerEvent::SecondDay);
    }
    assert!(c.ledger.len() > 40_000);
    let c = storage::campaign_from_json(&storage::campaign_to_json(&c)).unwrap();
    let report =
        coldsteel::report::markdown::to_markdown(&coldsteel::report::campaign::campaign_report(&c, &[], Lang::En));
    assert!(report.contains("battle 4000"));
    let mut c = c;
    assert_eq!(campaign::undo(&mut c), Ok(campaign::StepDone::SecondDay(4000)));
    assert_eq!(campaign::undo(&mut c), Ok(campaign::StepDone::TakenBack(4000)));
    assert_eq!(campaign::redo(&mut c), Ok(campaign::StepDone::TakenBack(4000)));
    assert_eq!(c.closed().len(), 1, "every battle but the first taken back");
}

/// The battle's unit edited by the players as a table would have it (figures and order).
fn set_unit(g: &mut Game, name: &str, figures: u32, order: coldsteel::rules::Order) {
    let u = unit(g, name).clone();
    g.perform(&Action::EditUnit(coldsteel::model::Unit { figures, order, ..u })).unwrap();
}

/// Issue 53, after a review: a battle corrected after a later one closed. The Legion (24)
/// loses 5 in battle 1 and is sent into battle 2 at 19; battle 1 is taken back; battle 2
/// closes with 15 lost and the Legion dispersed; battle 1 closes again with 8 lost and its said but routed: the Legion has 24 - 15 - 8 = 1, stays dispersed (a battle
/// closed again does not undo what a later battle left), the ledger says what the
/// correction changed, and undoing that closing gives back exactly what it took (9).
#[test]
fn a_battle_corrected_after_a_later_one_keeps_the_later_ones_state_and_undoes_exactly() {
    use coldsteel::rules::Order;
    let mut c = krasnoi_campaign("campaign-interleaved");
    let legion = c.units.iter().find(|u| u.unit.name == "1st Vistula Legion").unwrap().unit.id;
    let ladoga = c.units.iter().find(|u| u.unit.name == "Ladoga Infantry").unwrap().unit.id;
    let mut g1 = first_battle(&mut c);
    set_unit(&mut g1, "1st Vistula Legion", 19, Order::Formed);
    let closing = campaign::closing(&c, &g1, ResultRule::Losses, None).unwrap();
    campaign::close(&mut c, &closing, &[], "b1.coldsteel.json").unwrap();
    assert_eq!(strength(&c, "1st Vistula Legion"), 19);
    let b2 = campaign::battle_from(&c, &[legion, ladoga], "Battle 2").unwrap();
    let mut g2 = Game::new(b2);
    campaign::record_made(&mut c, &g2);
    assert_eq!(campaign::take_back(&mut c, Some(1)), Ok(1));
    set_unit(&mut g2, "1st Vistula Legion", 4, Order::Dispersed);
    let closing = campaign::closing(&c, &g2, ResultRule::Losses, None).unwrap();
    campaign::close(&mut c, &closing, &[], "b2.coldsteel.json").unwrap();
    assert_eq!((strength(&c, "1st Vistula Legion"), c.unit(legion).unwrap().state), (9, UnitState::Dispersed));
    let before = c.clone();
    set_unit(&mut g1, "1st Vistula Legion", 16, Order::Routing);
    let closing = campaign::closing(&c, &g1, ResultRule::Losses, None).unwrap();
    campaign::close(&mut c, &closing, &[], "b1.coldsteel.json").unwrap();
    let report =
        coldsteel::report::markdown::to_markdown(&coldsteel::report::campaign::campaign_report(&c, &[], Lang::En));
    assert!(report.contains("1st Vistula Legion lost 8 figures (was 5)"), "{report}");
    assert!(report.contains("1st Vistula Legion: routed (was ready)"), "{report}");
    // 24 - 15 - 8 = 1.
    assert_eq!(strength(&c, "1st Vistula Legion"), 1);
    assert_eq!(c.unit(legion).unwrap().state, UnitState::Dispersed, "battle 2 dispersed it after battle 1");
    assert_eq!(campaign::undo(&mut c), Ok(campaign::StepDone::Closed(1)));
    let (mut c, mut before) = (c, before);
    c.undone.clear();
    before.undone.clear();
    assert_eq!(c, before, "undone, the closing gives back exactly what it took");
}

/// Issue 53, after a review: a take-back voids the second day after its battle (the
/// closing again may route other units); recovery with nothing to return is refused, not
/// written; a battle number made and undone is not given again, so that the undone
/// battle's file cannot close into another battle; a file whose undone step is empty is
/// refused.
#[test]
fn take_backs_void_the_second_day_and_numbers_undone_are_not_given_again() {
    use coldsteel::rules::Order;
    let mut c = krasnoi_campaign("campaign-review");
    c.pack.options.recovery = result_table(50, 50, 50);
    let mut g1 = first_battle(&mut c);
    set_unit(&mut g1, "Kiev Dragoons", 12, Order::Routing);
    let closing = campaign::closing(&c, &g1, ResultRule::Losses, None).unwrap();
    campaign::close(&mut c, &closing, &[], "b1.coldsteel.json").unwrap();
    // No unit lost a figure: nothing to return, nothing written.
    assert_eq!(campaign::recovery(&c, None, &[]), Err(campaign::RecoveryError::NothingToReturn(1)));
    let kiev = c.units.iter().find(|u| u.unit.name == "Kiev Dragoons").unwrap().unit.id;
    campaign::second_day(&mut c).unwrap();
    assert_eq!(c.unit(kiev).unwrap().state, UnitState::Ready);
    assert_eq!(campaign::second_day(&mut c), Err(campaign::RecoveryError::SecondDayAlready(1)), "once a battle");
    campaign::take_back(&mut c, None).unwrap();
    let closing = campaign::closing(&c, &g1, ResultRule::Losses, None).unwrap();
    campaign::close(&mut c, &closing, &[], "b1.coldsteel.json").unwrap();
    assert_eq!(c.unit(kiev).unwrap().state, UnitState::Routed, "the second day went with the closing taken back");
    let report =
        coldsteel::report::markdown::to_markdown(&coldsteel::report::campaign::campaign_report(&c, &[], Lang::En));
    assert!(
        report.contains("The second day: routed units rallied, losses kept — taken back, no longer counted"),
        "{report}"
    );
    campaign::second_day(&mut c).unwrap();
    assert_eq!(c.unit(kiev).unwrap().state, UnitState::Ready, "the corrected battle's second day");
    // A battle made, undone: its number is not given to the next one.
    let all: Vec<UnitId> = c.units.iter().map(|u| u.unit.id).collect();
    let b2 = campaign::battle_from(&c, &all, "Battle 2").unwrap();
    let g2 = Game::new(b2);
    campaign::record_made(&mut c, &g2);
    campaign::undo(&mut c).unwrap();
    let b3 = campaign::battle_from(&c, &all, "Battle 3").unwrap();
    assert_eq!(b3.campaign.as_ref().map(|l| l.battle), Some(3));
    let g3 = Game::new(b3);
    campaign::record_made(&mut c, &g3);
    let c = storage::campaign_from_json(&storage::campaign_to_json(&c)).unwrap();
    assert!(matches!(campaign::closing(&c, &g2, ResultRule::Losses, None), Err(CampaignError::NotMadeHere(_))));
    assert_eq!(campaign::closing(&c, &g3, ResultRule::Losses, None).map(|x| x.number), Ok(3));
    // An empty step undone is no step Redo can put back.
    let mut bad = c.clone();
    bad.undone.push(Vec::new());
    assert!(matches!(
        storage::campaign_from_json(&storage::campaign_to_json(&bad)),
        Err(storage::CampaignFileError::Ledger(_))
    ));
}
