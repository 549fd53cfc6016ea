//! The players' page in a real browser (issue 32): Debian's headless Chromium, and
//! ChromeDriver over a small synchronous HTTP client (a few lines on `TcpStream`). The
//! page shows the rosters and the engagement in progress, in English and Russian, at a
//! phone's width and a tablet's, and follows an action without a reload. `.ci/run`
//! installs `chromium` and `chromium-driver` and runs these with `--ignored`.
//! Screenshots land in `target/browser/` to be looked at.

use crate::common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use coldsteel::game::Action;
use coldsteel::game::procedure::{ChargeDraft, Measured};
use coldsteel::i18n::{Lang, T};
use coldsteel::rules::Phase;
use coldsteel::share::Sharing;
use serde_json::{Value, json};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

fn shots() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/browser");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The default battle in its Charges phase, shared, with the Grenadiers à cheval's
/// charge at the Ladoga Infantry open in the wizard.
fn shared_charge() -> (coldsteel::game::Game, Sharing, String, coldsteel::game::procedure::OpenEngagement) {
    let g = common::default_at(Phase::Charges);
    let (charger, target) = (common::id(&g, "Grenadiers à cheval"), common::id(&g, "Ladoga Infantry"));
    let mut memo = Measured::default();
    let mut draft = ChargeDraft::open(g.battle(), charger, target, &mut memo).unwrap();
    draft.typed.distance = Some(20);
    let open = draft.open_engagement(g.battle());
    let mut sharing = Sharing::default();
    sharing.hub().publish_battle(g.battle(), Some(&open));
    let url = sharing.start("127.0.0.1:0".parse().unwrap(), coldsteel::i18n::Lang::En).unwrap();
    (g, sharing, url, open)
}

fn chromium(args: &[&str]) -> String {
    let out = Command::new(CHROMIUM)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run"])
        .args(args)
        .stderr(Stdio::null())
        .output()
        .expect("Debian's chromium");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
#[ignore = "needs chromium and chromedriver (Debian); .ci/run runs it with --ignored"]
fn the_page_shows_the_rosters_and_the_charge_in_both_languages_at_phone_and_tablet_width() {
    let (g, _sharing, url, _) = shared_charge();
    for lang in [Lang::En, Lang::Ru] {
        let page = format!("{url}&lang={}", lang.code());
        let dom = chromium(&["--dump-dom", &page]);
        let name = |english: &str| common::unit(&g, english).display_name(lang == Lang::Ru).to_owned();
        let heading = lang.fmt(T::PvCharge, &[&name("Grenadiers à cheval"), &name("Ladoga Infantry")]);
        assert!(dom.contains(&heading), "{lang:?}: the charge in progress");
        assert!(dom.contains(lang.t(T::PvOdds)), "{lang:?}: its odds");
        assert!(dom.contains("GDB-MOD"), "{lang:?}: its modifiers with their clauses");
        for unit in ["Ladoga Infantry", "1st Tirailleurs of the Guard", "Ilovaisky's Don Cossacks"] {
            assert!(dom.contains(&name(unit)), "{lang:?}: {unit} in the roster");
        }
        assert!(dom.contains(&format!("data-lang=\"{}\"", lang.code())), "{lang:?}");
        for (width, height) in [(375, 2600), (1024, 1800)] {
            let file = shots().join(format!("page-{}-{width}.png", lang.code()));
            let _ = std::fs::remove_file(&file);
            chromium(&[&format!("--window-size={width},{height}"), &format!("--screenshot={}", file.display()), &page]);
            assert!(std::fs::metadata(&file).is_ok_and(|m| m.len() > 10_000), "{}", file.display());
        }
    }
}

/// A WebDriver session on a ChromeDriver child.
struct Driver {
    child: Child,
    port: u16,
    session: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = http(self.port, "DELETE", &format!("/session/{}", self.session), None);
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One HTTP/1.1 request to ChromeDriver, its JSON answer.
fn http(port: u16, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    s.set_read_timeout(Some(Duration::from_secs(60))).map_err(|e| e.to_string())?;
    let body = body.map(Value::to_string).unwrap_or_default();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .map_err(|e| e.to_string())?;
    // The head, then as many bytes as it says (ChromeDriver may keep the connection).
    let mut out = Vec::new();
    let mut buf = [0u8; 8192];
    let at = loop {
        if let Some(at) = out.windows(4).position(|w| w == b"\r\n\r\n") {
            break at;
        }
        let n = s.read(&mut buf).map_err(|e| e.to_string())?;
        if n == 0 {
            return Err("closed before its head".into());
        }
        out.extend_from_slice(&buf[..n]);
    };
    let head = String::from_utf8_lossy(&out[..at]).to_lowercase();
    let length = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:").map(|v| v.trim().parse::<usize>().unwrap_or(0)))
        .ok_or("no length")?;
    while out.len() < at + 4 + length {
        let n = s.read(&mut buf).map_err(|e| e.to_string())?;
        if n == 0 {
            break;
        }
        out.extend_from_slice(&buf[..n]);
    }
    serde_json::from_slice(&out[at + 4..]).map_err(|e| format!("{e}: {}", String::from_utf8_lossy(&out)))
}

impl Driver {
    fn start(width: u32, height: u32) -> Driver {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let child = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("Debian's chromium-driver");
        let deadline = Instant::now() + Duration::from_secs(20);
        while http(port, "GET", "/status", None).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(100));
        }
        let caps = json!({"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {
            "binary": CHROMIUM,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", format!("--window-size={width},{height}")]
        }}}});
        let answer = http(port, "POST", "/session", Some(&caps)).unwrap();
        let session = answer["value"]["sessionId"].as_str().unwrap_or_else(|| panic!("{answer}")).to_owned();
        Driver { child, port, session }
    }

    fn go(&self, url: &str) {
        http(self.port, "POST", &format!("/session/{}/url", self.session), Some(&json!({ "url": url }))).unwrap();
    }

    /// The number of the state the page drew last (0 before it drew one).
    fn version(&self) -> u64 {
        self.script("return Number(document.body.dataset.version || 0)").as_u64().unwrap_or(0)
    }

    /// Waits until the page drew the state `version` or a later one.
    fn wait_for(&self, version: u64, what: &str) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while self.version() < version {
            assert!(Instant::now() < deadline, "{what}: {} of {version}", self.version());
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Waits until the page drew its first state and opened its event stream.
    fn wait_for_stream(&self, hub: &coldsteel::share::Hub) {
        self.wait_for(1, "the page drew its state");
        let deadline = Instant::now() + Duration::from_secs(20);
        while hub.viewers() < 1 {
            assert!(Instant::now() < deadline, "the page opened its stream");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn script(&self, script: &str) -> Value {
        let body = json!({ "script": script, "args": [] });
        http(self.port, "POST", &format!("/session/{}/execute/sync", self.session), Some(&body)).unwrap()["value"]
            .clone()
    }
}

#[test]
#[ignore = "needs chromium and chromedriver (Debian); .ci/run runs it with --ignored"]
fn the_page_follows_an_action_without_a_reload_and_fits_a_phone() {
    let (mut g, sharing, url, _) = shared_charge();
    let driver = Driver::start(375, 800);
    driver.go(&format!("{url}&lang=ru"));
    driver.wait_for(1, "the page drew its state");
    let fits = driver.script("return document.documentElement.scrollWidth <= window.innerWidth");
    assert_eq!(fits, json!(true), "nothing wider than a phone");
    // The page is marked, so that a reload would show.
    driver.script("window.coldsteelMark = 1; return 0");
    let before = driver.version();
    let cossacks = common::id(&g, "Ilovaisky's Don Cossacks");
    g.perform(&Action::SetHidden { unit: cossacks, hidden: true }).unwrap();
    let sent = Instant::now();
    sharing.hub().publish_battle(g.battle(), None);
    while driver.version() == before {
        assert!(sent.elapsed() < Duration::from_secs(60), "the page followed the action");
        std::thread::sleep(Duration::from_millis(10));
    }
    println!("the page followed the action in {} ms", sent.elapsed().as_millis());
    assert_eq!(driver.script("return window.coldsteelMark || 0"), json!(1), "no reload");
    let text = driver.script("return document.body.innerText").as_str().unwrap().to_owned();
    let name = common::unit(&g, "Ilovaisky's Don Cossacks").display_name(true).to_owned();
    assert!(!text.contains(&name), "the hidden unit left the page");
    assert!(text.contains(Lang::Ru.t(T::PvNothingInProgress)), "the engagement is over");
}

/// Issue 47: 200 actions of an evening reach the page as what changed (deltas applied to
/// the state it has), and what it draws then is what a fresh load of the page draws.
#[test]
#[ignore = "needs chromium and chromedriver (Debian); .ci/run runs it with --ignored"]
fn two_hundred_actions_applied_as_deltas_draw_what_a_fresh_load_draws() {
    let (mut game, mut evening) = coldsteel::game::long_evenings::Evening::new(200, 20);
    // On a table, so that the map's lines change too: every fourth action moves a unit.
    let table = coldsteel::model::TableSetup::new(600, 300);
    game.perform(&Action::SetTable(Some(Box::new(table)))).unwrap();
    let ids: Vec<_> = game.battle().units.iter().map(|u| u.id).collect();
    let place = |i: usize, step: i32| {
        let (x, y) = (i32::try_from(i % 10).unwrap(), i32::try_from(i / 10).unwrap());
        coldsteel::model::Placement { x_mm: 200 + x * 500 + step * 7, y_mm: 200 + y * 300, facing_deg: 0 }
    };
    for (i, unit) in ids.iter().enumerate() {
        game.perform(&Action::PlaceUnit { unit: *unit, place: Some(place(i, 0)) }).unwrap();
    }
    let mut sharing = Sharing::default();
    let hub = sharing.hub().clone();
    hub.publish_battle(game.battle(), None);
    let url = sharing.start("127.0.0.1:0".parse().unwrap(), Lang::En).unwrap();
    let driver = Driver::start(1024, 1800);
    driver.go(&format!("{url}&lang=ru"));
    // Its stream open before the first action: from then on, only what changed.
    driver.wait_for_stream(&hub);
    for n in 0..200 {
        let action = if n % 4 == 3 {
            let i = (n / 4) % ids.len();
            Action::PlaceUnit { unit: ids[i], place: Some(place(i, i32::try_from(n).unwrap())) }
        } else {
            evening.next_action(&game).expect("the evening goes on")
        };
        game.perform(&action).unwrap();
        hub.publish_battle(game.battle(), None);
        // Now and then the page catches up before the next, now and then it falls behind.
        std::thread::sleep(Duration::from_millis(5));
    }
    let last = hub.latest().version;
    driver.wait_for(last, "the page reached the last state");
    let drawn = "return document.querySelector('header').outerHTML + document.querySelector('main').outerHTML";
    let followed = driver.script(drawn);
    let deltas = driver.script("return Number(document.body.dataset.deltas || 0)").as_u64().unwrap_or(0);
    assert_eq!(deltas, 200, "every action came as what changed");
    assert!(followed.as_str().unwrap().contains("<polygon"), "the map is drawn");
    driver.go(&format!("{url}&lang=ru"));
    driver.wait_for(last, "the fresh page drew the last state");
    assert_eq!(driver.script("return Number(document.body.dataset.deltas || 0)"), json!(0), "a fresh load");
    assert_eq!(driver.script(drawn), followed, "what 200 deltas drew is what a fresh load draws");
}

/// The page as players meet it (issue 47's trial): switching the language changes every
/// word of the page and the address (a reload keeps the choice); when sharing starts again
/// with a new secret, the page says its address no longer opens the battle rather than
/// trying again for ever.
#[test]
#[ignore = "needs chromium and chromedriver (Debian); .ci/run runs it with --ignored"]
fn the_language_switch_is_whole_and_a_dead_address_says_so() {
    let (_g, mut sharing, url, _) = shared_charge();
    let driver = Driver::start(375, 900);
    driver.go(&format!("{url}&lang=ru"));
    driver.wait_for_stream(sharing.hub());
    let fits = driver.script("return document.documentElement.scrollWidth <= window.innerWidth");
    assert_eq!(fits, json!(true), "nothing wider than a phone, in Russian");
    driver.script("var s = document.getElementById('lang'); s.value = 'en'; s.onchange(); return 0");
    let deadline = Instant::now() + Duration::from_secs(20);
    while driver.script("return document.body.dataset.lang") != json!("en") {
        assert!(Instant::now() < deadline, "the page switched to English");
        std::thread::sleep(Duration::from_millis(50));
    }
    let controls = driver.script("return document.querySelector('.controls').innerText").as_str().unwrap().to_owned();
    assert!(
        controls.contains(Lang::En.t(T::PvLanguage)) && controls.contains(Lang::En.t(T::PvSideFirst)),
        "{controls}"
    );
    assert!(!controls.contains(Lang::Ru.t(T::PvLanguage)), "{controls}");
    let address = driver.script("return location.search").as_str().unwrap().to_owned();
    assert!(address.contains("lang=en"), "{address}");
    // Sharing starts again: a new secret, the old address refused.
    let port = sharing.local_addr().unwrap().port();
    sharing.stop();
    sharing.start(format!("127.0.0.1:{port}").parse().unwrap(), Lang::En).unwrap();
    let gone = Lang::En.t(T::PvAddressGone);
    let deadline = Instant::now() + Duration::from_secs(30);
    while driver.script("return document.getElementById('status').textContent") != json!(gone) {
        assert!(Instant::now() < deadline, "the page says its address no longer opens the battle");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Issue 53: a battle made from a campaign shows the campaign's standing beside it on the
/// players' page (strengths by side, battles won, generals lost), in both languages, at a
/// phone's width.
#[test]
#[ignore = "needs chromium and chromedriver (Debian); .ci/run runs it with --ignored"]
fn the_page_shows_the_campaigns_standing_beside_its_battle() {
    use coldsteel::game::campaign;
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("saves/krasnoi-1812-turn3.coldsteel.json");
    let turn3 = coldsteel::storage::read_battle_file(&path).unwrap();
    let mut c = campaign::campaign_from(&turn3, "campaign-page", "Krasnoi 1812", "turn3", true);
    let closing = campaign::closing(&c, &turn3, coldsteel::model::ResultRule::Losses, None).unwrap();
    campaign::close(&mut c, &closing, &[], "turn3.coldsteel.json").unwrap();
    let all: Vec<_> = c.units.iter().filter(|u| u.state.can_fight()).map(|u| u.unit.id).collect();
    let battle = campaign::battle_from(&c, &all, "Krasnoi, the second battle").unwrap();
    let mut sharing = Sharing::default();
    sharing.hub().publish_battle(&battle, None);
    let url = sharing.start("127.0.0.1:0".parse().unwrap(), Lang::En).unwrap();
    for lang in [Lang::En, Lang::Ru] {
        let page = format!("{url}&lang={}", lang.code());
        let dom = chromium(&["--dump-dom", &page]);
        let heading = lang.fmt(T::PvCampaignHeading, &[&"Krasnoi 1812", &2]);
        assert!(dom.contains(&heading), "{lang:?}: {heading}");
        let side = |i: usize| battle.sides.get(coldsteel::rules::Side::ALL[i]);
        let french = coldsteel::i18n::names::shown(&side(0).name, side(0).name_ru.as_deref(), lang).to_owned();
        // The French won turn 3 by losses: 174 of 180 figures, one battle won.
        let line = lang.fmt(T::PvCampaignSide, &[&french, &174, &180, &1]);
        assert!(dom.contains(&line), "{lang:?}: {line}");
        let file = shots().join(format!("page-campaign-{}-375.png", lang.code()));
        let _ = std::fs::remove_file(&file);
        chromium(&["--window-size=375,1400", &format!("--screenshot={}", file.display()), &page]);
        assert!(std::fs::metadata(&file).is_ok_and(|m| m.len() > 10_000), "{}", file.display());
    }
}
