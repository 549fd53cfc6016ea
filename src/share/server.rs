//! The HTTP/1 server of the players' page: hyper on a one-thread tokio runtime, on a
//! thread of its own. It answers GET requests that carry the token, for three paths:
//! `/` (the page), `/state` (the latest state as JSON) and `/events` (every state from
//! the latest on, as server-sent events). Anything else gets an empty refusal.

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use http_body_util::{Either, Full};
use hyper::body::{Body, Frame, Incoming};
use hyper::header::{self, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use tokio::sync::{Semaphore, mpsc, watch};

use super::{Hub, Made, Published, gzip};
use crate::i18n::{Lang, T};

/// The most connections served at once; the next wait for one to close, until their
/// head's time is up.
pub const MAX_CONNECTIONS: usize = 160;
/// The most connections one address may hold open before it has shown the token: room
/// for 100 players behind one router, and 60 left for the rest (issue 47).
pub const MAX_PENDING_PER_ADDRESS: usize = 100;
/// The most connections of all addresses together that have not yet shown the token:
/// each holds a file handle until its head's time is up, and the app's files need theirs.
pub const MAX_PENDING: usize = 400;
/// The longest request head read (request line and headers).
pub const MAX_HEAD_BYTES: usize = 16 * 1024;
/// The longest request target (path and query).
pub const MAX_TARGET_BYTES: usize = 1024;
/// How long a client has, from its connection's acceptance, to send its whole first
/// request head, however slowly it trickles (and each later one, from the answer before);
/// [`HEAD_GRACE`] more when the server comes to the deadline late.
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(3);
/// How long after a head's deadline a server that comes to it late waits before it
/// judges the head late (see [`Graced`]).
const HEAD_GRACE: Duration = Duration::from_millis(200);
/// How late past a deadline the server may come to it and still be on time: a timer
/// fires a millisecond or two after its instant on a server that was not held up.
const HEAD_LATE: Duration = Duration::from_millis(20);
/// How often a quiet event stream says it is still there (and finds a gone viewer).
const KEEP_ALIVE: Duration = Duration::from_secs(15);
/// The page, its words filled in from i18n as it is served.
const PAGE: &str = include_str!("../../assets/share/index.html");
/// Connections waiting to be accepted: a flood's are taken and closed quickly, and the
/// players' wait their turn rather than being turned away.
const BACKLOG: u32 = 1024;

/// Why sharing did not start.
#[derive(Debug, thiserror::Error)]
pub enum ShareError {
    /// The address could not be listened on (in use, not this machine's, no right).
    #[error("cannot listen on {0}: {1:?}")]
    Bind(SocketAddr, std::io::ErrorKind),
    /// The server's thread or runtime could not start.
    #[error("the server did not start: {0:?}")]
    Start(std::io::ErrorKind),
}

/// A running server; it stops when stopped or dropped.
#[derive(Debug)]
pub struct Server {
    addr: SocketAddr,
    stop: watch::Sender<bool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Server {
    /// Listens on `bind` and serves the hub's states to requests with `token`.
    pub fn start(bind: SocketAddr, token: &str, hub: Arc<Hub>) -> Result<Server, ShareError> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .enable_time()
            .build()
            .map_err(|e| ShareError::Start(e.kind()))?;
        let listener = listen(bind, &runtime)?;
        let addr = listener.local_addr().map_err(|e| ShareError::Start(e.kind()))?;
        let (stop, stopped) = watch::channel(false);
        let still_here = [Bytes::from_static(STILL_HERE), gzip::chunk(STILL_HERE)];
        let shared = Arc::new(Shared { token: token.to_owned(), hub, still_here });
        let thread = std::thread::Builder::new()
            .name("coldsteel-share".into())
            .spawn(move || runtime.block_on(serve(listener, shared, stopped)))
            .map_err(|e| ShareError::Start(e.kind()))?;
        Ok(Server { addr, stop, thread: Some(thread) })
    }

    /// The address it listens on (the port chosen where 0 was asked).
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// Stops serving: the listener and every connection close.
    pub fn stop(mut self) {
        self.halt();
    }

    fn halt(&mut self) {
        let _ = self.stop.send(true);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.halt();
    }
}

/// A listener on `bind` with room for [`BACKLOG`] connections waiting, registered with
/// the runtime that will serve it.
fn listen(bind: SocketAddr, runtime: &tokio::runtime::Runtime) -> Result<tokio::net::TcpListener, ShareError> {
    let socket = match bind {
        SocketAddr::V4(_) => tokio::net::TcpSocket::new_v4(),
        SocketAddr::V6(_) => tokio::net::TcpSocket::new_v6(),
    }
    .map_err(|e| ShareError::Start(e.kind()))?;
    // As the standard library's listeners do on Unix: a port just left is free again.
    #[cfg(unix)]
    socket.set_reuseaddr(true).map_err(|e| ShareError::Start(e.kind()))?;
    socket.bind(bind).map_err(|e| ShareError::Bind(bind, e.kind()))?;
    let _inside = runtime.enter();
    socket.listen(BACKLOG).map_err(|e| ShareError::Bind(bind, e.kind()))
}

/// What an event stream says when it has nothing new.
const STILL_HERE: &[u8] = b": still here\n\n";

/// What every connection reads.
struct Shared {
    token: String,
    hub: Arc<Hub>,
    /// [`STILL_HERE`], plain and as a compressed chunk.
    still_here: [Bytes; 2],
}

/// The connections each address holds open that have not yet shown the token, and all
/// of them together.
#[derive(Default)]
struct Doors {
    pending: Mutex<Counts>,
}

#[derive(Default)]
struct Counts {
    by_address: HashMap<IpAddr, usize>,
    total: usize,
}

impl Doors {
    /// A connection from `ip` let in, if its address and the server have room.
    fn admit(self: &Arc<Self>, ip: IpAddr) -> Option<Arc<Pending>> {
        let address = address_of(ip);
        let mut counts = self.pending.lock().unwrap_or_else(PoisonError::into_inner);
        if counts.total >= MAX_PENDING {
            return None;
        }
        let count = counts.by_address.entry(address).or_insert(0);
        if *count >= MAX_PENDING_PER_ADDRESS {
            return None;
        }
        *count += 1;
        counts.total += 1;
        Some(Arc::new(Pending { doors: self.clone(), address, counted: AtomicBool::new(true) }))
    }

    /// A connection of `address` showed the token or closed; an address with none left
    /// is forgotten, so the counts stay as small as the connections open.
    fn leave(&self, address: IpAddr) {
        let mut counts = self.pending.lock().unwrap_or_else(PoisonError::into_inner);
        counts.total = counts.total.saturating_sub(1);
        if let Some(count) = counts.by_address.get_mut(&address) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                counts.by_address.remove(&address);
            }
        }
    }
}

/// The address a connection counts against: an IPv4 address as itself (also when it
/// comes mapped into IPv6), an IPv6 one by its /64, the network one host is given.
fn address_of(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => {
            let network = u128::from(v6) & !((1u128 << 64) - 1);
            IpAddr::V6(std::net::Ipv6Addr::from(network))
        }
        v4 @ IpAddr::V4(_) => v4,
    }
}

/// A connection counted against its address until it shows the token or closes.
struct Pending {
    doors: Arc<Doors>,
    address: IpAddr,
    counted: AtomicBool,
}

impl Pending {
    /// It showed the token: its address's count no longer holds it.
    fn shown_token(&self) {
        if self.counted.swap(false, Ordering::AcqRel) {
            self.doors.leave(self.address);
        }
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        self.shown_token();
    }
}

/// What each connection's task needs of the server.
#[derive(Clone)]
struct Serving {
    permits: Arc<Semaphore>,
    shared: Arc<Shared>,
    stop: watch::Receiver<bool>,
}

/// Accepts connections until told to stop; dropping the runtime then closes the ones
/// still open.
async fn serve(listener: tokio::net::TcpListener, shared: Arc<Shared>, mut stopped: watch::Receiver<bool>) {
    let serving = Serving { permits: Arc::new(Semaphore::new(MAX_CONNECTIONS)), shared, stop: stopped.clone() };
    let doors = Arc::new(Doors::default());
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            _ = stopped.changed() => return,
        };
        let Ok((stream, peer)) = accepted else {
            // Out of file handles, say: a pause rather than a loop that spins.
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        // An address (or the server) over its count: closed at once, before a byte is read.
        let Some(pending) = doors.admit(peer.ip()) else { continue };
        let deadline = tokio::time::Instant::now() + HEAD_TIMEOUT;
        tokio::spawn(connection(stream, pending, deadline, serving.clone()));
    }
}

/// One connection: it waits for room, then is served until it closes, its first head
/// comes too late, or the server stops.
async fn connection(
    stream: tokio::net::TcpStream,
    pending: Arc<Pending>,
    deadline: tokio::time::Instant,
    serving: Serving,
) {
    let Serving { permits, shared, mut stop } = serving;
    // Biased, here and below: a connection whose room or head is there when a busy
    // server comes to it is served, however late it comes; only the client's lateness
    // closes it.
    let permit = tokio::select! {
        biased;
        p = permits.acquire_owned() => p,
        _ = tokio::time::sleep_until(deadline) => return,
        _ = stop.changed() => return,
    };
    let Ok(_permit) = permit else { return };
    let head_seen = Arc::new(AtomicBool::new(false));
    let seen = head_seen.clone();
    let service = hyper::service::service_fn(move |req| {
        seen.store(true, Ordering::Release);
        let answer = answer(&shared, &req, &pending);
        async move { Ok::<_, Infallible>(answer) }
    });
    let conn = hyper::server::conn::http1::Builder::new()
        .timer(GracedTimer)
        .header_read_timeout(HEAD_TIMEOUT)
        .max_buf_size(MAX_HEAD_BYTES)
        .serve_connection(TokioIo::new(stream), service);
    tokio::select! {
        biased;
        _ = stop.changed() => {}
        _ = conn => {}
        _ = first_head_late(deadline, &head_seen) => {}
    }
}

/// Ready when the deadline passes before the first request's whole head came (a head
/// trickling a byte at a time never is whole); never once it came.
async fn first_head_late(deadline: tokio::time::Instant, seen: &AtomicBool) {
    Graced::until(deadline).await;
    if seen.load(Ordering::Acquire) {
        std::future::pending::<()>().await;
    }
}

/// A head's deadline: ready when it passes, or, when the server comes to it more than
/// [`HEAD_LATE`] after it passed, [`HEAD_GRACE`] after that. A server held up past its
/// deadlines (a loaded machine, a laptop resumed, a stopped process) fires them all as it
/// resumes, before it may have read what the clients sent meanwhile: the grace gives it a
/// turn to read the heads that came in time first.
struct Graced {
    sleep: Pin<Box<tokio::time::Sleep>>,
    graced: bool,
}

impl Graced {
    fn until(deadline: tokio::time::Instant) -> Graced {
        Graced { sleep: Box::pin(tokio::time::sleep_until(deadline)), graced: false }
    }
}

impl std::future::Future for Graced {
    type Output = ();

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        loop {
            if self.sleep.as_mut().poll(cx).is_pending() {
                return Poll::Pending;
            }
            let now = tokio::time::Instant::now();
            if self.graced || now.saturating_duration_since(self.sleep.deadline()) <= HEAD_LATE {
                return Poll::Ready(());
            }
            self.graced = true;
            self.sleep.as_mut().reset(now + HEAD_GRACE);
        }
    }
}

impl hyper::rt::Sleep for Graced {}

/// hyper's clock (it times each later head on a kept connection): tokio's, with the
/// grace of [`Graced`].
#[derive(Clone, Copy, Debug)]
struct GracedTimer;

impl hyper::rt::Timer for GracedTimer {
    fn sleep(&self, duration: Duration) -> Pin<Box<dyn hyper::rt::Sleep>> {
        Box::pin(Graced::until(tokio::time::Instant::now() + duration))
    }

    fn sleep_until(&self, deadline: std::time::Instant) -> Pin<Box<dyn hyper::rt::Sleep>> {
        Box::pin(Graced::until(deadline.into()))
    }
}

type Answer = Response<Either<Full<Bytes>, EventStream>>;

/// The answer to one request: the page, the state or the stream for a GET with the
/// token; an empty refusal, closing the connection, for anything else.
fn answer(shared: &Shared, req: &Request<Incoming>, pending: &Pending) -> Answer {
    let target_len = req.uri().path_and_query().map_or(0, |p| p.as_str().len());
    if target_len > MAX_TARGET_BYTES {
        return refusal(StatusCode::URI_TOO_LONG);
    }
    if req.method() != Method::GET {
        let mut r = refusal(StatusCode::METHOD_NOT_ALLOWED);
        r.headers_mut().insert(header::ALLOW, HeaderValue::from_static("GET"));
        return r;
    }
    if has_body(req) {
        return refusal(StatusCode::PAYLOAD_TOO_LARGE);
    }
    let query = Query::of(req.uri().query().unwrap_or(""));
    if !query.token.is_some_and(|t| same_secret(t, &shared.token)) {
        return refusal(StatusCode::FORBIDDEN);
    }
    pending.shown_token();
    let gzip = accepts_gzip(req);
    match req.uri().path() {
        "/" => page(query.lang, &shared.hub.latest(), gzip),
        "/state" => state(&shared.hub.latest(), query.lang, gzip),
        "/events" => events(shared, query.lang, gzip, known_version(req, &query, shared.hub.epoch())),
        _ => refusal(StatusCode::NOT_FOUND),
    }
}

/// The state the viewer already has: the last event's id it read (a reconnecting
/// stream's `Last-Event-ID`), else the one its page came with (`since`), each as
/// `EPOCH-VERSION`, if of this hub's run.
fn known_version(req: &Request<Incoming>, query: &Query, epoch: u32) -> Option<u64> {
    let last = req.headers().get("last-event-id").and_then(|v| v.to_str().ok());
    let (of_run, version) = last.or(query.since)?.trim().split_once('-')?;
    (of_run.parse::<u32>().ok()? == epoch).then(|| version.parse().ok()).flatten()
}

/// Whether the client takes gzip: named in `Accept-Encoding` without `q=0`.
fn accepts_gzip(req: &Request<Incoming>) -> bool {
    let items = req.headers().get_all(header::ACCEPT_ENCODING).into_iter().filter_map(|v| v.to_str().ok());
    items.flat_map(|v| v.split(',')).any(|item| {
        let mut parts = item.split(';');
        let named = parts.next().is_some_and(|name| name.trim().eq_ignore_ascii_case("gzip"));
        let refused =
            parts.any(|p| p.trim().strip_prefix("q=").is_some_and(|q| q.trim().parse::<f32>().is_ok_and(|q| q <= 0.0)));
        named && !refused
    })
}

/// A GET with a body: a length other than 0, or a chunked body.
fn has_body(req: &Request<Incoming>) -> bool {
    let length = req.headers().get(header::CONTENT_LENGTH).map(|v| v.as_bytes() != b"0");
    length.unwrap_or(false) || req.headers().contains_key(header::TRANSFER_ENCODING)
}

/// The query's token and language.
struct Query<'a> {
    token: Option<&'a str>,
    lang: Lang,
    /// The state the page came with, `EPOCH-VERSION`.
    since: Option<&'a str>,
}

impl<'a> Query<'a> {
    fn of(query: &'a str) -> Self {
        let mut q = Query { token: None, lang: Lang::En, since: None };
        for pair in query.split('&') {
            match pair.split_once('=') {
                Some(("t", t)) => q.token = Some(t),
                Some(("lang", "ru")) => q.lang = Lang::Ru,
                Some(("since", v)) => q.since = Some(v),
                _ => {}
            }
        }
        q
    }
}

/// Compares secrets in time that does not depend on where they differ.
fn same_secret(given: &str, token: &str) -> bool {
    let (a, b) = (given.as_bytes(), token.as_bytes());
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Headers every answer carries: nothing kept, sniffed, framed or referred.
fn guarded(mut r: Answer) -> Answer {
    let h = r.headers_mut();
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    r
}

fn full(status: StatusCode, content_type: &'static str, body: Bytes) -> Answer {
    let mut r = Response::new(Either::Left(Full::new(body)));
    *r.status_mut() = status;
    r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    guarded(r)
}

/// An empty refusal: nothing of the battle, the page or the machine; the connection
/// closes with it (issue 47: idle connections after a refusal held their places).
fn refusal(status: StatusCode) -> Answer {
    let mut r = Response::new(Either::Left(Full::new(Bytes::new())));
    *r.status_mut() = status;
    r.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
    guarded(r)
}

/// A body as asked: compressed (made once for the state) when the client takes gzip.
fn body(status: StatusCode, content_type: &'static str, plain: Bytes, gzipped: Option<Bytes>) -> Answer {
    let mut r = full(status, content_type, gzipped.clone().unwrap_or(plain));
    r.headers_mut().insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    if gzipped.is_some() {
        r.headers_mut().insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    }
    r
}

/// The page with its words in the language asked, and the latest state in it (drawn as
/// the page loads; the stream brings the next): made once for each state and language.
fn page(lang: Lang, latest: &Published, gzip: bool) -> Answer {
    let edition = latest.in_lang(lang);
    let html = edition.made(Made::Page, |e| page_html(lang, &e.full));
    let gzipped = gzip.then(|| edition.made(Made::PageGzip, |_| gzip::whole(&html)));
    let mut r = body(StatusCode::OK, "text/html; charset=utf-8", html, gzipped);
    // Its own inline script and style only; it talks to this server alone.
    let policy = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'";
    r.headers_mut().insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(policy));
    r
}

fn page_html(lang: Lang, state: &[u8]) -> Bytes {
    // Inside a script element: no `<` may close it early (JSON reads `\u003c` the same).
    let state = String::from_utf8_lossy(state).replace('<', "\\u003c");
    let state = if state.is_empty() { "null".to_owned() } else { state };
    let html = PAGE
        .replace("{{LANG}}", lang.code())
        .replace("{{TITLE}}", &html_text(lang.t(T::PvTitle)))
        .replace("{{CONNECTING}}", &html_text(lang.t(T::PvConnecting)))
        .replace("{{LANGUAGE}}", &html_text(lang.t(T::PvLanguage)))
        .replace("{{SIDE_FIRST}}", &html_text(lang.t(T::PvSideFirst)))
        // Last: nothing the battle's names hold is read as a placeholder.
        .replace("{{STATE}}", &state);
    Bytes::from(html)
}

fn html_text(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn state(latest: &Published, lang: Lang, gzip: bool) -> Answer {
    let edition = latest.in_lang(lang);
    let gzipped = gzip.then(|| edition.made(Made::StateGzip, |e| gzip::whole(&e.full)));
    body(StatusCode::OK, "application/json", edition.full.clone(), gzipped)
}

/// The stream of states: the latest now (unless the viewer has it), then each new one in
/// order, as the operations from the one before where there are any; a viewer that falls
/// a backlog behind gets the latest whole next. Each event is made once for every viewer.
fn events(shared: &Shared, lang: Lang, gzip: bool, known: Option<u64>) -> Answer {
    let (tx, rx) = mpsc::channel(8);
    let hub = shared.hub.clone();
    // Subscribed before the latest is read, and that read now, as the viewer comes: no
    // state published between is missed, and the first is the one it came to.
    let updates = hub.subscribe();
    let first = hub.latest();
    // A number past the latest is no state the viewer has.
    let sent = known.filter(|k| *k <= first.version).unwrap_or(0);
    let still_here = shared.still_here[usize::from(gzip)].clone();
    let stream = Viewer { tx, hub, lang, gzip, sent, still_here };
    tokio::spawn(stream.follow(updates, first));
    let mut r = Response::new(Either::Right(EventStream { rx }));
    r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/event-stream"));
    r.headers_mut().insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    if gzip {
        r.headers_mut().insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    }
    guarded(r)
}

/// How long a viewer's stream may wait for room to send the next event before it is
/// closed: a viewer that stops reading (a phone locked mid-stream) holds no states past
/// it.
const SEND_TIMEOUT: Duration = Duration::from_secs(20);

/// One viewer's stream, as its task follows the states.
struct Viewer {
    tx: mpsc::Sender<Bytes>,
    hub: Arc<Hub>,
    lang: Lang,
    gzip: bool,
    /// The state the viewer has (0 for none).
    sent: u64,
    still_here: Bytes,
}

impl Viewer {
    /// Sends the stream, from the state the viewer came to, until the viewer goes, falls
    /// silent or the hub closes.
    async fn follow(mut self, mut updates: tokio::sync::broadcast::Receiver<Arc<Published>>, first: Arc<Published>) {
        if self.gzip && !self.send(Bytes::from_static(gzip::STREAM_HEADER)).await {
            return;
        }
        // The first state is let go of once its event is made (`offer` takes it).
        if !self.offer(first).await {
            return;
        }
        loop {
            let next = tokio::select! {
                n = updates.recv() => n,
                _ = self.tx.closed() => return,
                _ = tokio::time::sleep(KEEP_ALIVE) => {
                    if !self.send(self.still_here.clone()).await { return; }
                    continue;
                }
            };
            let state = match next {
                Ok(s) => s,
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => self.hub.latest(),
                Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
            };
            if !self.offer(state).await {
                return;
            }
        }
    }

    /// Sends a state the viewer does not have yet (as what changed when it has the one
    /// before); whether the stream goes on.
    async fn offer(&mut self, state: Arc<Published>) -> bool {
        if state.version <= self.sent {
            return true;
        }
        let follows = state.version == self.sent.saturating_add(1);
        self.sent = state.version;
        let event = event(&state, self.lang, self.gzip, follows);
        // The state goes before the wait: only its event is held.
        drop(state);
        self.send(event).await
    }

    /// Hands bytes to the connection; false once the viewer is gone or has not read for
    /// [`SEND_TIMEOUT`].
    async fn send(&self, bytes: Bytes) -> bool {
        matches!(tokio::time::timeout(SEND_TIMEOUT, self.tx.send(bytes)).await, Ok(Ok(())))
    }
}

/// One server-sent event of a state: the operations from the state before (`event:
/// delta`) when the viewer has that one and they are smaller, else the whole state; its
/// number as the event's id; compressed as a chunk of the stream when asked.
fn event(state: &Published, lang: Lang, gzip: bool, follows: bool) -> Bytes {
    let edition = state.in_lang(lang);
    let (epoch, version) = (state.epoch, state.version);
    let (kind, data, plain_slot, gzip_slot) = match &edition.delta {
        Some(delta) if follows => ("event: delta\n", delta, Made::DeltaEvent, Made::DeltaEventGzip),
        Some(_) | None => ("", &edition.full, Made::FullEvent, Made::FullEventGzip),
    };
    let text = edition.made(plain_slot, |_| {
        let head = format!("id: {epoch}-{version}\n{kind}data: ");
        Bytes::from([head.as_bytes(), data, b"\n\n"].concat())
    });
    if gzip { edition.made(gzip_slot, |_| gzip::chunk(&text)) } else { text }
}

/// The body of an event stream: what the viewer's task hands over, as it comes.
#[derive(Debug)]
pub struct EventStream {
    rx: mpsc::Receiver<Bytes>,
}

impl Body for EventStream {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        self.rx.poll_recv(cx).map(|b| b.map(|b| Ok(Frame::data(b))))
    }
}
