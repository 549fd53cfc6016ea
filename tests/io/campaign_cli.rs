//! Issue 52: `coldsteel campaign new|battle|close|report` through the binary, each
//! exiting 0, or 2 with its reason on one line; every bad input (a damaged, newer or
//! foreign file, a ledger out of order, a battle closed twice, changed since or of
//! another campaign, a lost general with no fate) refused with its reason, the `.bak`
//! offered where there is one.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use coldsteel::game::Action;
use coldsteel::i18n::Lang;
use coldsteel::storage;

fn coldsteel() -> Command {
    Command::new(env!("CARGO_BIN_EXE_coldsteel"))
}

fn run(args: &[&std::ffi::OsStr]) -> Output {
    coldsteel().args(args).output().unwrap()
}

fn said(out: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

/// Exit 2, and one line on standard error holding `want`.
fn refused(out: &Output, want: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{}", said(out));
    assert!(err.starts_with("coldsteel: ") && err.contains(want), "{want} not in: {err}");
}

fn ok(out: &Output) -> String {
    assert!(out.status.success(), "{}", said(out));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A campaign from the example order of battle in `dir`, no battle made yet; begun a
/// second time over it, refused.
fn new_campaign(dir: &Path) -> PathBuf {
    let csv = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/oob/krasnoi.en.csv");
    let campaign = dir.join("krasnoi.coldsteel-campaign.json");
    let args: [&std::ffi::OsStr; 8] = [
        "campaign".as_ref(),
        "new".as_ref(),
        "--from".as_ref(),
        csv.as_os_str(),
        "--name".as_ref(),
        "Krasnoi 1812".as_ref(),
        "--out".as_ref(),
        campaign.as_os_str(),
    ];
    assert!(ok(&run(&args)).contains("Campaign «Krasnoi 1812» begun: 25 units, 9 generals."));
    refused(&run(&args), "exists already");
    campaign
}

/// A campaign from the example order of battle, and its first battle made, in `dir`; made
/// a second time over it, refused.
fn begun(dir: &Path) -> (PathBuf, PathBuf) {
    let campaign = new_campaign(dir);
    let battle = dir.join("first.coldsteel.json");
    let args: [&std::ffi::OsStr; 5] =
        ["campaign".as_ref(), "battle".as_ref(), campaign.as_os_str(), "--out".as_ref(), battle.as_os_str()];
    assert!(ok(&run(&args)).contains("Battle 1 «Krasnoi 1812 — 1» made with 25 units."));
    refused(&run(&args), "exists already");
    (campaign, battle)
}

/// The battle played a little: the initiative, a general lost; saved.
fn played(battle: &Path) {
    let mut g = storage::read_battle_file(battle).unwrap();
    crate::common::initiative(&mut g, [6, 6], [1, 1], coldsteel::rules::Side::First);
    let walther = g.battle().generals.iter().find(|x| x.name == "Gén. Walther").unwrap().clone();
    g.perform(&Action::EditGeneral(coldsteel::model::General { lost: true, ..walther })).unwrap();
    storage::save_battle(battle, &g).unwrap();
}

#[test]
fn a_campaign_is_begun_a_battle_made_closed_once_and_reported() {
    let dir = tempfile::tempdir().unwrap();
    let (campaign, battle) = begun(dir.path());
    played(&battle);
    let close = |extra: &[&str]| {
        let mut args: Vec<&std::ffi::OsStr> =
            vec!["campaign".as_ref(), "close".as_ref(), campaign.as_os_str(), battle.as_os_str()];
        args.extend(extra.iter().map(|a| std::ffi::OsStr::new(*a)));
        run(&args)
    };
    // Shown first; the lost general's fate is the players' to say.
    let shown = ok(&close(&["--dry-run"]));
    assert!(
        shown.contains("Gén. Walther: lost in the battle") && shown.contains("Nothing written (--dry-run)."),
        "{shown}"
    );
    refused(&close(&[]), "Gén. Walther");
    refused(&close(&["--fate", "Gén. Walther=asleep"]), "killed, captured or wounded");
    refused(&close(&["--fate", "Walther=captured"]), "no general of that id or name");
    refused(&close(&["--fate", "Walther captured"]), "GENERAL=FATE");
    refused(&close(&["--fate", "4=captured", "--fate", "gén. walther=killed"]), "said once");
    refused(&close(&["--result", "held_ground"]), "--held first or --held second");
    refused(&close(&["--held", "second"]), "--held goes with --result held_ground");
    // The dry run says the fate given.
    let shown = ok(&close(&["--dry-run", "--fate", "gén. walther=captured"]));
    assert!(shown.contains("Gén. Walther: lost in the battle (captured)"), "{shown}");
    let done = ok(&close(&["--result", "held_ground", "--held", "second", "--fate", "Gén. Walther=captured"]));
    assert!(done.contains("Battle 1 closed into the campaign"), "{done}");
    let c = storage::read_campaign_file(&campaign).unwrap();
    assert_eq!(c.closed()[0].winner, Some(coldsteel::rules::Side::Second));
    refused(&close(&["--fate", "Gén. Walther=captured"]), "closed into the campaign already");
    // The report, in both languages, as Markdown and PDF.
    let md = dir.path().join("campaign.md");
    let pdf = dir.path().join("campaign.pdf");
    ok(&run(&[
        "campaign".as_ref(),
        "report".as_ref(),
        campaign.as_os_str(),
        "--md".as_ref(),
        md.as_os_str(),
        "--pdf".as_ref(),
        pdf.as_os_str(),
    ]));
    let text = std::fs::read_to_string(&md).unwrap();
    for want in [
        "# Campaign: Krasnoi 1812",
        "## Battles",
        "Krasnoi 1812 — 1",
        "Russian Army (Golitsyn) wins",
        "Gén. Walther",
        "captured",
        "## Ledger",
    ] {
        assert!(text.contains(want), "{want} not in:\n{text}");
    }
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF"));
    let ru =
        ok(&run(&["--lang".as_ref(), "ru".as_ref(), "campaign".as_ref(), "report".as_ref(), campaign.as_os_str()]));
    assert!(ru.contains("Кампания: Krasnoi 1812") && ru.contains("в плену"), "{ru}");
    // The battle changed since it was closed: said by the report, refused by a closing.
    let mut g = storage::read_battle_file(&battle).unwrap();
    g.perform(&Action::Note("later".into())).unwrap();
    storage::save_battle(&battle, &g).unwrap();
    refused(&close(&["--fate", "Gén. Walther=captured"]), "changed since it was closed");
    let report = ok(&run(&["campaign".as_ref(), "report".as_ref(), campaign.as_os_str()]));
    assert!(report.contains("has changed since it was closed"), "{report}");
}

#[test]
fn bad_campaign_files_are_refused_with_their_reason_and_the_backup_offered() {
    let dir = tempfile::tempdir().unwrap();
    let (campaign, battle) = begun(dir.path());
    let text = std::fs::read_to_string(&campaign).unwrap();
    let report = |path: &Path| run(&["campaign".as_ref(), "report".as_ref(), path.as_os_str()]);
    // Damaged: cut short. The battle made wrote the campaign a second time: its `.bak`.
    std::fs::write(&campaign, &text[..text.len() / 2]).unwrap();
    let out = report(&campaign);
    refused(&out, "krasnoi.coldsteel-campaign.json.bak");
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
    // Newer.
    std::fs::write(&campaign, text.replacen("\"version\": 2,", "\"version\": 7,", 1)).unwrap();
    refused(&report(&campaign), "campaign version 7");
    // A battle file is no campaign.
    refused(&report(&battle), "not a coldsteel campaign");
    // An unknown key, with its path.
    std::fs::write(&campaign, text.replacen("\"ledger\": [", "\"leger\": [], \"ledger\": [", 1)).unwrap();
    refused(&report(&campaign), "campaign.leger");
    // A ledger out of order.
    let mut c = storage::campaign_from_json(&text).unwrap();
    c.ledger[1].seq = 9;
    std::fs::write(&campaign, storage::campaign_to_json(&c)).unwrap();
    refused(&report(&campaign), "ledger line 2");
    // In Russian too.
    let out = run(&["--lang".as_ref(), "ru".as_ref(), "campaign".as_ref(), "report".as_ref(), campaign.as_os_str()]);
    refused(&out, "строка журнала кампании 2");
    // A missing file.
    refused(&report(&dir.path().join("none.coldsteel-campaign.json")), "none.coldsteel-campaign.json");
    let _ = Lang::En;
}

#[test]
fn battles_of_another_campaign_or_order_of_battle_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let campaign = new_campaign(dir.path());
    let other_dir = dir.path().join("other");
    std::fs::create_dir(&other_dir).unwrap();
    let (_, theirs) = begun(&other_dir);
    let close = |battle: &Path| run(&["campaign".as_ref(), "close".as_ref(), campaign.as_os_str(), battle.as_os_str()]);
    refused(&close(&theirs), "belongs to another campaign");
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/krasnoi-1812-ruleset-b.coldsteel.json");
    refused(&close(&example), "was not made from this campaign");
    // A battle made from units the lists lack: none made.
    let out = run(&[
        "campaign".as_ref(),
        "battle".as_ref(),
        campaign.as_os_str(),
        "--units".as_ref(),
        "1,2,999".as_ref(),
        "--out".as_ref(),
        dir.path().join("x.coldsteel.json").as_os_str(),
    ]);
    refused(&out, "unit 999 is not in the campaign");
    let out = run(&[
        "campaign".as_ref(),
        "battle".as_ref(),
        campaign.as_os_str(),
        "--units".as_ref(),
        "1,2".as_ref(),
        "--out".as_ref(),
        dir.path().join("y.coldsteel.json").as_os_str(),
    ]);
    refused(&out, "units of both sides");
    // A unit fights one battle at a time.
    let first = dir.path().join("first.coldsteel.json");
    ok(&run(&[
        "campaign".as_ref(),
        "battle".as_ref(),
        campaign.as_os_str(),
        "--units".as_ref(),
        "1,13".as_ref(),
        "--out".as_ref(),
        first.as_os_str(),
    ]));
    let out = run(&[
        "campaign".as_ref(),
        "battle".as_ref(),
        campaign.as_os_str(),
        "--units".as_ref(),
        "1,14".as_ref(),
        "--out".as_ref(),
        dir.path().join("z.coldsteel.json").as_os_str(),
    ]);
    refused(&out, "is in battle 1, not closed into the campaign yet");
    // A campaign begun from a battle file: the battle is its first, and closes into it.
    let example_copy = dir.path().join("turn3.coldsteel.json");
    std::fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/krasnoi-1812-turn3.coldsteel.json"), &example_copy)
        .unwrap();
    let from_battle = dir.path().join("turn3.coldsteel-campaign.json");
    ok(&run(&[
        "campaign".as_ref(),
        "new".as_ref(),
        "--from".as_ref(),
        example_copy.as_os_str(),
        "--out".as_ref(),
        from_battle.as_os_str(),
    ]));
    let closed = ok(&run(&["campaign".as_ref(), "close".as_ref(), from_battle.as_os_str(), example_copy.as_os_str()]));
    assert!(closed.contains("Kiev Dragoons: 12 figures, lost 4 figures, 8 left; routed"), "{closed}");
}

/// Issue 53: `campaign recover` by the result and by dice (typed with --dice, the rest
/// rolled, the odds shown first), once a battle, refused naming the table to fill when the
/// pack has none; `campaign second-day` once a battle is closed.
#[test]
fn the_wounded_return_and_the_second_day_begins() {
    use coldsteel::rules::options::{BattleEnd, DieRecovery, RecoveryTable, ResultRecovery};
    let dir = tempfile::tempdir().unwrap();
    let battle = dir.path().join("turn3.coldsteel.json");
    std::fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/krasnoi-1812-turn3.coldsteel.json"), &battle)
        .unwrap();
    let begin = |name: &str, recovery: RecoveryTable| -> PathBuf {
        let mut pack = storage::read_battle_file(&battle).unwrap().battle().rules_pack();
        pack.options.recovery = recovery;
        let rules = dir.path().join(format!("{name}.coldsteel-rules.json"));
        storage::save_pack(&rules, &pack).unwrap();
        let campaign = dir.path().join(format!("{name}.coldsteel-campaign.json"));
        let second = run(&["campaign".as_ref(), "second-day".as_ref(), campaign.as_os_str()]);
        refused(&second, "cannot read the file");
        ok(&run(&[
            "campaign".as_ref(),
            "new".as_ref(),
            "--from".as_ref(),
            battle.as_os_str(),
            "--rules".as_ref(),
            rules.as_os_str(),
            "--out".as_ref(),
            campaign.as_os_str(),
        ]));
        refused(&run(&["campaign".as_ref(), "second-day".as_ref(), campaign.as_os_str()]), "no battle is closed");
        ok(&run(&["campaign".as_ref(), "close".as_ref(), campaign.as_os_str(), battle.as_os_str()]));
        campaign
    };
    let recover = |campaign: &Path, extra: &[&str]| {
        let mut args: Vec<&std::ffi::OsStr> = vec!["campaign".as_ref(), "recover".as_ref(), campaign.as_os_str()];
        args.extend(extra.iter().map(|a| std::ffi::OsStr::new(*a)));
        run(&args)
    };
    let none = begin("none", RecoveryTable::default());
    refused(&recover(&none, &[]), "options.recovery");
    let by_result = RecoveryTable {
        by_result: [(BattleEnd::Won, 70), (BattleEnd::Drawn, 60), (BattleEnd::Lost, 50)]
            .into_iter()
            .map(|(end, percent)| ResultRecovery { end, percent })
            .collect(),
        by_die: Vec::new(),
    };
    let results = begin("results", by_result);
    let shown = ok(&recover(&results, &["--dry-run"]));
    assert!(
        shown.contains("Kiev Dragoons: lost 4; lost: 2 figures return") && shown.contains("Nothing written"),
        "{shown}"
    );
    let done = ok(&recover(&results, &[]));
    assert!(done.contains("The wounded of battle 1 returned"), "{done}");
    refused(&recover(&results, &[]), "returned already");
    let c = storage::read_campaign_file(&results).unwrap();
    assert_eq!(c.units.iter().find(|u| u.unit.name == "Kiev Dragoons").unwrap().unit.figures, 10);
    assert!(ok(&run(&["campaign".as_ref(), "second-day".as_ref(), results.as_os_str()])).contains("second day"));
    let percent = [0, 0, 50, 50, 100, 100];
    let by_die = (1..=6u8).map(|die| DieRecovery { die, percent: percent[usize::from(die - 1)] }).collect();
    let dice = begin("dice", RecoveryTable { by_result: Vec::new(), by_die });
    refused(&recover(&dice, &["--dice", "15=7"]), "UNIT=FACE");
    let rolled = ok(&recover(&dice, &["--dice", "15=6"]));
    assert!(rolled.contains("Kiev Dragoons: lost 4; odds by its die: 0: 33.3 %, 2: 33.3 %, 4: 33.3 %"), "{rolled}");
    assert!(rolled.contains("Kiev Dragoons: die 6: 4 figures return"), "{rolled}");
    let c = storage::read_campaign_file(&dice).unwrap();
    assert_eq!(c.units.iter().find(|u| u.unit.name == "Kiev Dragoons").unwrap().unit.figures, 12);
}

/// Issue 53: `campaign undo`, `redo` and `take-back` exit 0 saying what they did, or 2
/// with one line; a battle taken back closes again and the ledger keeps both closings.
#[test]
fn campaign_steps_are_undone_redone_and_a_battle_taken_back() {
    let dir = tempfile::tempdir().unwrap();
    let battle = dir.path().join("turn3.coldsteel.json");
    std::fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/krasnoi-1812-turn3.coldsteel.json"), &battle)
        .unwrap();
    let campaign = dir.path().join("c.coldsteel-campaign.json");
    let c = campaign.as_os_str();
    ok(&run(&["campaign".as_ref(), "new".as_ref(), "--from".as_ref(), battle.as_os_str(), "--out".as_ref(), c]));
    let step = |what: &str| run(&["campaign".as_ref(), what.as_ref(), c]);
    refused(&step("redo"), "nothing to redo");
    refused(&step("take-back"), "no battle is closed");
    ok(&run(&["campaign".as_ref(), "close".as_ref(), c, battle.as_os_str()]));
    assert!(ok(&step("undo")).contains("Undone: battle 1 closed"));
    assert!(storage::read_campaign_file(&campaign).unwrap().closed().is_empty());
    assert!(ok(&step("redo")).contains("Redone: battle 1 closed"));
    refused(&run(&["campaign".as_ref(), "close".as_ref(), c, battle.as_os_str()]), "closed into the campaign already");
    let taken = ok(&run(&["campaign".as_ref(), "take-back".as_ref(), c, "--battle".as_ref(), "1".as_ref()]));
    assert!(taken.contains("Battle 1 taken back"), "{taken}");
    refused(&run(&["campaign".as_ref(), "take-back".as_ref(), c, "--battle".as_ref(), "1".as_ref()]), "not closed");
    let again = ok(&run(&[
        "campaign".as_ref(),
        "close".as_ref(),
        c,
        battle.as_os_str(),
        "--result".as_ref(),
        "held_ground".as_ref(),
        "--held".as_ref(),
        "second".as_ref(),
    ]));
    assert!(again.contains("closed again"), "{again}");
    let report = ok(&run(&["campaign".as_ref(), "report".as_ref(), c]));
    assert!(report.contains("closed again") && report.contains("the result was: "), "{report}");
    assert!(report.contains("no longer counted"), "{report}");
    // Undone step by step back to the start, which stays.
    for _ in 0..4 {
        ok(&step("undo"));
    }
    refused(&step("undo"), "nothing to undo");
}
