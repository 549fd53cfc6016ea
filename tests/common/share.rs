//! A `coldsteel share` child for the players' page's tests (issues 32 and 47): started on
//! a free loopback port, its address and token read from its first line, stopped when
//! dropped.

use std::io::{BufRead, BufReader, Read};
use std::net::{IpAddr, SocketAddr, TcpStream};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::Duration;

/// The running command, its address and token, and the page's address as printed.
pub struct Shared {
    child: Child,
    _stdout: BufReader<ChildStdout>,
    pub addr: SocketAddr,
    pub token: String,
    pub url: String,
}

impl Drop for Shared {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Shared {
    /// Runs `command` (a `coldsteel … share FILE --bind 127.0.0.1:0`, perhaps under
    /// `prlimit`) and reads the address it prints.
    pub fn start(mut command: Command) -> Shared {
        let mut child = command.stdout(Stdio::piped()).spawn().expect("the command runs");
        let mut line = String::new();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        stdout.read_line(&mut line).unwrap();
        let url = line.split_whitespace().find(|w| w.starts_with("http://")).unwrap_or_else(|| panic!("{line}"));
        let (host, query) = url.trim_start_matches("http://").split_once("/?t=").unwrap();
        let token = query.split('&').next().unwrap_or_default().to_owned();
        Shared { child, _stdout: stdout, addr: host.parse().unwrap(), token, url: url.to_owned() }
    }

    /// Sends the command a signal (`STOP`, `CONT`) with `kill`.
    pub fn signal(&self, signal: &str) {
        let pid = self.child.id().to_string();
        let sent = Command::new("kill").arg(format!("-{signal}")).arg(&pid).status().expect("kill runs");
        assert!(sent.success(), "kill -{signal} {pid}");
    }

    /// Whether the command still runs.
    pub fn alive(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }
}

/// The state's number an event's `id: EPOCH-VERSION` line gives, if the line is one.
pub fn event_number(line: &[u8]) -> Option<u64> {
    let id = String::from_utf8_lossy(line.strip_prefix(b"id: ")?).trim().to_owned();
    id.split_once('-')?.1.parse().ok()
}

/// A connection from a loopback address of the test's choosing (127.0.0.2 for an
/// attacker), or none if it is refused or times out.
pub fn connect_from(from: IpAddr, to: SocketAddr, timeout: Duration) -> Option<TcpStream> {
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).ok()?;
    socket.bind(&SocketAddr::new(from, 0).into()).ok()?;
    socket.connect_timeout(&to.into(), timeout).ok()?;
    Some(socket.into())
}

/// Whether the server closed a connection, looked at without waiting (the connection is
/// made non-blocking; what the server sent before closing is read and let go).
pub fn closed(mut s: &TcpStream) -> bool {
    if s.set_nonblocking(true).is_err() {
        return true;
    }
    let mut b = [0u8; 4096];
    loop {
        match s.read(&mut b) {
            Ok(0) => return true,
            Ok(_) => continue,
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return false,
            Err(_) => return true,
        }
    }
}
