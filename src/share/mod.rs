//! The players' page on the local network (issue 32). The app (or `coldsteel share`)
//! publishes the players' view here on change; a small HTTP/1 server (hyper on a
//! one-thread tokio runtime, on its own thread) serves it to any browser that has the
//! address with its secret token: the page, its current state, and a stream of every
//! state after it. The battle stays with the one writer: the server only reads what is
//! published.
//!
//! Safe by construction: no socket until sharing starts; a new random token each start;
//! every request without it gets an empty refusal; GET only; no path of the machine is
//! served or named; connections, request heads and targets are bounded; the server
//! stops with its handle.

pub mod delta;
mod gzip;
mod server;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use bytes::Bytes;
use serde::Serialize;

use crate::i18n::Lang;
use crate::players::PlayersView;

pub use server::{
    HEAD_TIMEOUT, MAX_CONNECTIONS, MAX_HEAD_BYTES, MAX_PENDING, MAX_PENDING_PER_ADDRESS, MAX_TARGET_BYTES, Server,
    ShareError,
};

/// The port sharing offers first.
pub const DEFAULT_PORT: u16 = 8765;
/// How many ports after the usual one sharing tries while the usual one is taken.
pub const NEXT_PORTS: u16 = 20;

/// One state of the battle as published: its number and the view in each language.
/// Every response of this state shares it: the page, the state and the events are made
/// once, as the first viewer asks, plain and compressed (issue 47: each response held its
/// own copy).
#[derive(Debug)]
pub struct Published {
    /// The run of the hub that published it.
    pub epoch: u32,
    /// Counts from 1 with each state published.
    pub version: u64,
    en: Edition,
    ru: Edition,
}

/// A state in one language: its JSON, what changed since the state before, and what was
/// made of them for the viewers.
#[derive(Debug, Default)]
pub struct Edition {
    /// The whole state as the page's JSON.
    pub full: Bytes,
    /// The operations from the state before (`{"from":…,"to":…,"ops":[…]}`, see
    /// [`delta`]), when they are smaller than the whole.
    pub delta: Option<Bytes>,
    made: [OnceLock<Bytes>; Made::COUNT],
}

/// What a state's edition is made into, once, for every response that sends it.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Made {
    Page,
    PageGzip,
    StateGzip,
    FullEvent,
    FullEventGzip,
    DeltaEvent,
    DeltaEventGzip,
}

impl Made {
    const COUNT: usize = 7;

    fn slot(self) -> usize {
        match self {
            Made::Page => 0,
            Made::PageGzip => 1,
            Made::StateGzip => 2,
            Made::FullEvent => 3,
            Made::FullEventGzip => 4,
            Made::DeltaEvent => 5,
            Made::DeltaEventGzip => 6,
        }
    }
}

impl Edition {
    /// What `make` makes of this edition, made the first time it is asked.
    pub(crate) fn made(&self, what: Made, make: impl FnOnce(&Edition) -> Bytes) -> Bytes {
        self.made[what.slot()].get_or_init(|| make(self)).clone()
    }
}

impl Published {
    /// The state in a language.
    pub fn in_lang(&self, lang: Lang) -> &Edition {
        match lang {
            Lang::En => &self.en,
            Lang::Ru => &self.ru,
        }
    }
}

/// What the page receives: the view, its state's number, and the map as SVG, a line
/// an element (so that a change sends only the lines it touched).
#[derive(Serialize)]
struct Wire<'a> {
    /// The hub's run (see [`Hub::epoch`]).
    epoch: u32,
    version: u64,
    #[serde(flatten)]
    view: &'a PlayersView,
    map_svg: Option<Vec<&'a str>>,
}

/// A view as the page's JSON, one line.
pub fn wire_json(view: &PlayersView, version: u64) -> Bytes {
    wire(view, 0, version)
}

fn wire(view: &PlayersView, epoch: u32, version: u64) -> Bytes {
    let svg = (view.scene.width_cm > 0.0).then(|| crate::report::map::svg(&view.scene));
    let map_svg = svg.as_deref().map(|s| s.split('\n').collect());
    // The view is plain strings and numbers: it always serializes.
    Bytes::from(serde_json::to_vec(&Wire { epoch, version, view, map_svg }).unwrap_or_default())
}

/// Where the published states meet the viewers: the latest, and a channel that hands
/// every new one to each viewer in order.
#[derive(Debug)]
pub struct Hub {
    latest: Mutex<Arc<Published>>,
    /// The latest state's parts in each language, to compare the next with: held while
    /// the next is made, so that states are made one at a time while viewers read the
    /// latest.
    parts: Mutex<[Option<delta::Node>; 2]>,
    /// The views of the latest state: a state the same as it is not published again (a
    /// save seen twice by `coldsteel share`, as its temporary file and as the file).
    shown: Mutex<Option<Box<(PlayersView, PlayersView)>>>,
    /// A random number of this hub's run, in each event's id and in the state: a page
    /// open across a restart of `coldsteel share` (whose numbers start again from 1) is
    /// never taken to have a state of this run.
    epoch: u32,
    updates: tokio::sync::broadcast::Sender<Arc<Published>>,
}

/// How many states a slow viewer may fall behind before it is sent the latest instead:
/// few, since each held state may be a whole large battle.
const BACKLOG: usize = 16;

impl Default for Hub {
    fn default() -> Self {
        let epoch = rand::random();
        let empty = Arc::new(Published { epoch, version: 0, en: Edition::default(), ru: Edition::default() });
        Hub {
            latest: Mutex::new(empty),
            parts: Mutex::new([None, None]),
            shown: Mutex::new(None),
            epoch,
            updates: tokio::sync::broadcast::channel(BACKLOG).0,
        }
    }
}

/// A state's edition in one language, and its parts: the whole, and the operations from
/// the state before when they are smaller.
fn edition(
    view: &PlayersView,
    (epoch, version): (u32, u64),
    before: Option<&delta::Node>,
) -> (Edition, Option<delta::Node>) {
    let full = wire(view, epoch, version);
    let tree = delta::Node::parse(&full);
    let delta = before.zip(tree.as_ref()).map(|(b, t)| {
        let ops = delta::diff(b, t);
        let head = format!("{{\"from\":{},\"to\":{version},\"ops\":", version.saturating_sub(1));
        let mut out = Vec::with_capacity(head.len() + ops.len() + 1);
        out.extend_from_slice(head.as_bytes());
        out.extend_from_slice(&ops);
        out.push(b'}');
        Bytes::from(out)
    });
    let delta = delta.filter(|d| d.len() < full.len());
    (Edition { full, delta, made: Default::default() }, tree)
}

impl Hub {
    /// Publishes the battle's views in both languages as the next state, unless they are
    /// the latest state's: its number is returned then, and no viewer is sent anything.
    pub fn publish(&self, en: &PlayersView, ru: &PlayersView) -> u64 {
        let mut parts = self.parts.lock().unwrap_or_else(PoisonError::into_inner);
        {
            let mut shown = self.shown.lock().unwrap_or_else(PoisonError::into_inner);
            if shown.as_deref().is_some_and(|(e, r)| e == en && r == ru) {
                return self.latest().version;
            }
            *shown = Some(Box::new((en.clone(), ru.clone())));
        }
        let version = self.latest().version.saturating_add(1);
        let [en_before, ru_before] = std::mem::take(&mut *parts);
        // One language at a time: the old parts go before the next are made.
        let (en, en_tree) = edition(en, (self.epoch, version), en_before.as_ref());
        drop(en_before);
        let (ru, ru_tree) = edition(ru, (self.epoch, version), ru_before.as_ref());
        drop(ru_before);
        let state = Arc::new(Published { epoch: self.epoch, version, en, ru });
        *self.latest.lock().unwrap_or_else(PoisonError::into_inner) = state.clone();
        *parts = [en_tree, ru_tree];
        // No viewer yet is no error: they read the latest when they come.
        let _ = self.updates.send(state);
        version
    }

    /// Publishes the players' view of a battle with the engagement open, in both
    /// languages.
    pub fn publish_battle(
        &self,
        battle: &crate::model::Battle,
        open: Option<&crate::game::procedure::OpenEngagement>,
    ) -> u64 {
        let en = crate::players::build(battle, open, Lang::En);
        let ru = crate::players::build(battle, open, Lang::Ru);
        self.publish(&en, &ru)
    }

    /// The latest state.
    pub fn latest(&self) -> Arc<Published> {
        self.latest.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// This run's number, in each event's id (`EPOCH-VERSION`) and in the state.
    pub fn epoch(&self) -> u32 {
        self.epoch
    }

    /// How many viewers follow the stream now.
    pub fn viewers(&self) -> usize {
        self.updates.receiver_count()
    }

    fn subscribe(&self) -> tokio::sync::broadcast::Receiver<Arc<Published>> {
        self.updates.subscribe()
    }
}

/// Why sharing did not start, in words.
pub fn error_text(lang: Lang, e: &ShareError) -> String {
    // The kinds a listener meets by name; the rest (a foreign enum that grows) as the
    // system names them.
    let io = |kind: std::io::ErrorKind| {
        let named = [
            (std::io::ErrorKind::AddrInUse, crate::i18n::T::ShareInUse),
            (std::io::ErrorKind::AddrNotAvailable, crate::i18n::T::ShareNotHere),
            (std::io::ErrorKind::PermissionDenied, crate::i18n::T::ShareNoPermission),
        ];
        match named.iter().find(|(k, _)| *k == kind) {
            Some((_, key)) => lang.t(*key).to_owned(),
            None => lang.fmt(crate::i18n::T::ShareOtherIo, &[&format!("{kind:?}")]),
        }
    };
    match e {
        ShareError::Bind(addr, kind) => lang.fmt(crate::i18n::T::ShareCannotListen, &[addr, &io(*kind)]),
        ShareError::Start(kind) => lang.fmt(crate::i18n::T::ShareNoStart, &[&io(*kind)]),
    }
}

/// A new secret for the page's address: 128 random bits as hex.
pub fn new_token() -> String {
    format!("{:032x}", rand::random::<u128>())
}

/// The address a phone on the local network reaches this computer at: the one its
/// route to the outside leaves from (no packet is sent), if it has one.
pub fn lan_address() -> Option<IpAddr> {
    let socket = std::net::UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
    socket.connect((Ipv4Addr::new(192, 0, 2, 1), 9)).ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_loopback() && !ip.is_unspecified()).then_some(ip)
}

/// The page's address for a server listening on `bound`, with its token.
pub fn page_url(bound: SocketAddr, token: &str, lang: Lang) -> String {
    let host = match bound.ip() {
        ip if ip.is_unspecified() => lan_address().unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST)),
        ip => ip,
    };
    let at = SocketAddr::new(host, bound.port());
    // A Russian window or command opens the page in Russian (issue 45); an address
    // without a language opens it in English, or in the language its viewer picked before
    // in that browser.
    match lang {
        Lang::En => format!("http://{at}/?t={token}"),
        Lang::Ru => format!("http://{at}/?t={token}&lang={}", lang.code()),
    }
}

/// The QR code of an address: its modules row by row (true is dark) and its width.
pub fn qr_modules(text: &str) -> Option<(Vec<bool>, usize)> {
    let code = qrcode::QrCode::with_error_correction_level(text.as_bytes(), qrcode::EcLevel::M).ok()?;
    let width = code.width();
    let dark = code.to_colors().into_iter().map(|c| c == qrcode::Color::Dark).collect();
    Some((dark, width))
}

/// The QR code of an address for a terminal, two rows of modules a line.
pub fn qr_text(text: &str) -> Option<String> {
    let code = qrcode::QrCode::with_error_correction_level(text.as_bytes(), qrcode::EcLevel::M).ok()?;
    Some(code.render::<qrcode::render::unicode::Dense1x2>().quiet_zone(true).build())
}

/// Sharing as the app runs it: the hub, the server while it serves, and the thread that
/// writes each view as the page's JSON (so that the interface thread only builds them).
#[derive(Debug, Default)]
pub struct Sharing {
    hub: Arc<Hub>,
    server: Option<Server>,
    writer: Option<Writer>,
}

/// The thread that serializes published views and hands them to the hub, in order.
#[derive(Debug)]
struct Writer {
    views: std::sync::mpsc::Sender<Box<(PlayersView, PlayersView)>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Writer {
    fn start(hub: Arc<Hub>) -> Option<Writer> {
        let (views, queued) = std::sync::mpsc::channel::<Box<(PlayersView, PlayersView)>>();
        let thread = std::thread::Builder::new()
            .name("coldsteel-share-writer".into())
            .spawn(move || {
                for pair in queued {
                    hub.publish(&pair.0, &pair.1);
                }
            })
            .ok()?;
        Some(Writer { views, thread: Some(thread) })
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        // The channel closes with the sender: the thread ends once the queue is written.
        let (closed, _) = std::sync::mpsc::channel();
        drop(std::mem::replace(&mut self.views, closed));
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Sharing {
    /// Publishes the views in both languages: written as JSON off this thread when the
    /// writer runs, else here.
    pub fn publish_views(&mut self, en: PlayersView, ru: PlayersView) {
        if self.writer.is_none() {
            self.writer = Writer::start(self.hub.clone());
        }
        let pair = Box::new((en, ru));
        match &self.writer {
            Some(w) => {
                if let Err(std::sync::mpsc::SendError(pair)) = w.views.send(pair) {
                    self.hub.publish(&pair.0, &pair.1);
                }
            }
            None => {
                self.hub.publish(&pair.0, &pair.1);
            }
        }
    }

    /// Starts serving on `bind` with a new token; a running server stops first (its
    /// token is void from then on). The address opens the page in `lang`.
    pub fn start(&mut self, bind: SocketAddr, lang: Lang) -> Result<String, ShareError> {
        self.stop();
        let token = new_token();
        let server = Server::start(bind, &token, self.hub.clone())?;
        let url = page_url(server.local_addr(), &token, lang);
        self.server = Some(server);
        Ok(url)
    }

    /// Starts serving on `bind`, or, while its port is taken, on the next of the `more`
    /// ports after it: another window may share its battle on the usual one.
    pub fn start_near(&mut self, bind: SocketAddr, more: u16, lang: Lang) -> Result<String, ShareError> {
        let mut started = self.start(bind, lang);
        for next in (1..=more).filter_map(|i| bind.port().checked_add(i)) {
            if !matches!(started, Err(ShareError::Bind(_, std::io::ErrorKind::AddrInUse))) {
                break;
            }
            started = self.start(SocketAddr::new(bind.ip(), next), lang);
        }
        started
    }

    /// Stops serving; the token dies with the server.
    pub fn stop(&mut self) {
        if let Some(server) = self.server.take() {
            server.stop();
        }
    }

    /// Whether the server runs.
    pub fn running(&self) -> bool {
        self.server.is_some()
    }

    /// The hub the app publishes to.
    pub fn hub(&self) -> &Arc<Hub> {
        &self.hub
    }

    /// The address the server listens on, while it runs.
    pub fn local_addr(&self) -> Option<SocketAddr> {
        self.server.as_ref().map(Server::local_addr)
    }
}
