//! The HTTP/1 server of the players' page: hyper on a one-thread tokio runtime, on a
//! thread of its own. It answers GET requests that carry the token, for three paths:
//! `/` (the page), `/state` (the latest state as JSON) and `/events` (every state from
//! the latest on, as server-sent events). Anything else gets an empty refusal.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use http_body_util::{Either, Full};
use hyper::body::{Body, Frame, Incoming};
use hyper::header::{self, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::sync::{Semaphore, mpsc, watch};

use super::{Hub, Published};
use crate::i18n::{Lang, T};

/// The most connections served at once; the next are closed as soon as they open.
pub const MAX_CONNECTIONS: usize = 160;
/// The longest request head read (request line and headers).
pub const MAX_HEAD_BYTES: usize = 16 * 1024;
/// The longest request target (path and query).
pub const MAX_TARGET_BYTES: usize = 1024;
/// How long a client may take to send a request head.
const HEAD_TIMEOUT: Duration = Duration::from_secs(10);
/// How often a quiet event stream says it is still there (and finds a gone viewer).
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// The page, its words filled in from i18n as it is served.
const PAGE: &str = include_str!("../../assets/share/index.html");

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
        let listener = std::net::TcpListener::bind(bind).map_err(|e| ShareError::Bind(bind, e.kind()))?;
        listener.set_nonblocking(true).map_err(|e| ShareError::Start(e.kind()))?;
        let addr = listener.local_addr().map_err(|e| ShareError::Start(e.kind()))?;
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .enable_time()
            .build()
            .map_err(|e| ShareError::Start(e.kind()))?;
        let (stop, stopped) = watch::channel(false);
        let shared = Arc::new(Shared { token: token.to_owned(), hub });
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

/// What every connection reads.
struct Shared {
    token: String,
    hub: Arc<Hub>,
}

/// Accepts connections up to the bound until told to stop; dropping the runtime then
/// closes the ones still open.
async fn serve(listener: std::net::TcpListener, shared: Arc<Shared>, mut stopped: watch::Receiver<bool>) {
    let Ok(listener) = tokio::net::TcpListener::from_std(listener) else { return };
    let permits = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            _ = stopped.changed() => return,
        };
        let Ok((stream, _)) = accepted else { continue };
        // Over the bound: closed at once, before a byte is read.
        let Ok(permit) = permits.clone().try_acquire_owned() else { continue };
        let shared = shared.clone();
        let mut stop = stopped.clone();
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |req| {
                let shared = shared.clone();
                async move { Ok::<_, Infallible>(answer(&shared, &req)) }
            });
            let conn = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEAD_TIMEOUT)
                .max_buf_size(MAX_HEAD_BYTES)
                .serve_connection(TokioIo::new(stream), service);
            tokio::select! {
                _ = conn => {}
                _ = stop.changed() => {}
            }
            drop(permit);
        });
    }
}

type Answer = Response<Either<Full<Bytes>, EventStream>>;

/// The answer to one request: the page, the state or the stream for a GET with the
/// token; an empty refusal for anything else.
fn answer(shared: &Shared, req: &Request<Incoming>) -> Answer {
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
    match req.uri().path() {
        "/" => page(query.lang, &shared.hub.latest()),
        "/state" => state(&shared.hub.latest(), query.lang),
        "/events" => events(&shared.hub, query.lang),
        _ => refusal(StatusCode::NOT_FOUND),
    }
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
}

impl<'a> Query<'a> {
    fn of(query: &'a str) -> Self {
        let mut q = Query { token: None, lang: Lang::En };
        for pair in query.split('&') {
            match pair.split_once('=') {
                Some(("t", t)) => q.token = Some(t),
                Some(("lang", "ru")) => q.lang = Lang::Ru,
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

/// An empty refusal: nothing of the battle, the page or the machine.
fn refusal(status: StatusCode) -> Answer {
    let mut r = Response::new(Either::Left(Full::new(Bytes::new())));
    *r.status_mut() = status;
    guarded(r)
}

/// The page with its words in the language asked, and the latest state in it (drawn as
/// the page loads; the stream brings the next).
fn page(lang: Lang, latest: &Published) -> Answer {
    // Inside a script element: no `<` may close it early (JSON reads `\u003c` the same).
    let state = String::from_utf8_lossy(latest.in_lang(lang)).replace('<', "\\u003c");
    let state = if state.is_empty() { "null".to_owned() } else { state };
    let html = PAGE
        .replace("{{LANG}}", lang.code())
        .replace("{{TITLE}}", &html_text(lang.t(T::PvTitle)))
        .replace("{{CONNECTING}}", &html_text(lang.t(T::PvConnecting)))
        .replace("{{LANGUAGE}}", &html_text(lang.t(T::PvLanguage)))
        .replace("{{SIDE_FIRST}}", &html_text(lang.t(T::PvSideFirst)))
        // Last: nothing the battle's names hold is read as a placeholder.
        .replace("{{STATE}}", &state);
    let mut r = full(StatusCode::OK, "text/html; charset=utf-8", Bytes::from(html));
    // Its own inline script and style only; it talks to this server alone.
    let policy = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'";
    r.headers_mut().insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(policy));
    r
}

fn html_text(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn state(latest: &Published, lang: Lang) -> Answer {
    full(StatusCode::OK, "application/json", latest.in_lang(lang).clone())
}

/// The stream of states: the latest now, then each new one in order (a viewer that
/// falls a backlog behind gets the latest next).
fn events(hub: &Arc<Hub>, lang: Lang) -> Answer {
    let (tx, rx) = mpsc::channel(8);
    let mut updates = hub.subscribe();
    let first = hub.latest();
    let hub = hub.clone();
    tokio::spawn(async move {
        let mut sent = 0;
        if first.version > 0 {
            sent = first.version;
            if tx.send(event(&first, lang)).await.is_err() {
                return;
            }
        }
        loop {
            let next = tokio::select! {
                n = updates.recv() => n,
                _ = tokio::time::sleep(KEEP_ALIVE) => {
                    if tx.send(Bytes::from_static(b": still here\n\n")).await.is_err() { return; }
                    continue;
                }
            };
            let state = match next {
                Ok(s) => s,
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => hub.latest(),
                Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
            };
            if state.version <= sent {
                continue;
            }
            sent = state.version;
            if tx.send(event(&state, lang)).await.is_err() {
                return;
            }
        }
    });
    let mut r = Response::new(Either::Right(EventStream { rx }));
    r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/event-stream"));
    guarded(r)
}

/// One server-sent event: the state's number and its JSON on one line.
fn event(state: &Published, lang: Lang) -> Bytes {
    let json = state.in_lang(lang);
    let mut out = Vec::with_capacity(json.len() + 32);
    out.extend_from_slice(format!("id: {}\ndata: ", state.version).as_bytes());
    out.extend_from_slice(json);
    out.extend_from_slice(b"\n\n");
    Bytes::from(out)
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
