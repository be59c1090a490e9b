//! The accept loop: how connections are let in, timed and let go.
//!
//! axum's own `serve` takes every connection and waits for its headers as
//! long as the client likes, so a client that sends one byte a minute, or
//! 20,000 that send nothing, can hold the server's file descriptors until
//! it stops answering. This loop drives hyper directly to bound both:
//! - a cap on open connections, and a smaller one per peer address (so
//!   that one address's half-open sockets cannot shut out the others): a
//!   connection over either is answered 503 at once (a short canned answer
//!   written without waiting) and closed;
//! - a connection that sends nothing is closed after the idle timeout
//!   (short: an opened connection costs a file descriptor and gives
//!   nothing); from its first byte, hyper's header read timeout bounds how
//!   long its headers may take, and in hyper 1.x that timer also runs while
//!   a kept-alive connection sits idle between requests;
//! - accept errors (no file descriptor left) pause the loop briefly
//!   instead of spinning; the process's open-file limit is checked against
//!   the cap before the server starts ([`fit_open_files`]).
//!
//! Each request carries its connection's peer address (axum's
//! [`ConnectInfo`]): the pools share their slots out by it.
//!
//! On shutdown the loop stops accepting and lets the requests in flight
//! finish (hyper's graceful shutdown) for at most the drain time it is
//! given: the longest a request may take, so that every request in flight
//! is answered.

use axum::extract::ConnectInfo;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tower_http::add_extension::AddExtension;

/// How long the loop rests after an accept error (EMFILE and the like).
const ACCEPT_PAUSE: Duration = Duration::from_millis(50);

/// File descriptors the server needs besides its connections: the
/// listener, standard streams, the log file, the runtime's own.
const OTHER_FILES: u64 = 64;

/// The answer to a connection over the cap: complete, small enough to fit
/// any socket buffer, so one non-blocking write sends it.
const REFUSED: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\n\
content-type: application/json\r\n\
retry-after: 1\r\n\
connection: close\r\n\
content-length: 60\r\n\r\n\
{\"error\":\"too many open connections; try again in a moment\"}";

/// How connections are bounded (the `domino serve` flags).
#[derive(Clone, Copy, Debug)]
pub struct ConnectionLimits {
    /// Connections open at once; more are refused with 503.
    pub max_connections: usize,
    /// Connections open at once from one peer address.
    pub per_address: usize,
    /// Time a client has to send a request's headers from their first
    /// byte, and the longest a kept-alive connection may sit idle.
    pub header_timeout: Duration,
    /// The longest a new connection may wait before its first byte.
    pub idle_timeout: Duration,
}

impl ConnectionLimits {
    /// The default share of one address: an eighth of the cap.
    pub fn per_address_default(max_connections: usize) -> usize {
        (max_connections / 8).max(1)
    }
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        ConnectionLimits {
            max_connections: 512,
            per_address: ConnectionLimits::per_address_default(512),
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(2),
        }
    }
}

/// Checks that `max_connections` fit the process's open-file limit: raises
/// the soft limit when the hard one allows, else says why the server
/// cannot start.
#[cfg(unix)]
pub fn fit_open_files(max_connections: usize) -> Result<(), String> {
    use nix::sys::resource::{getrlimit, setrlimit, Resource};
    let needed = u64::try_from(max_connections)
        .unwrap_or(u64::MAX)
        .saturating_add(OTHER_FILES);
    let (soft, hard) = getrlimit(Resource::RLIMIT_NOFILE)
        .map_err(|e| format!("cannot read the open-file limit: {e}"))?;
    if needed <= soft {
        return Ok(());
    }
    if needed > hard {
        return Err(format!(
            "--max-connections {max_connections} needs {needed} open files, more than this process may open ({hard}, the hard limit of `ulimit -n`): lower --max-connections to {} or raise the limit",
            hard.saturating_sub(OTHER_FILES)
        ));
    }
    setrlimit(Resource::RLIMIT_NOFILE, needed, hard).map_err(|e| {
        format!("--max-connections {max_connections} needs {needed} open files, and raising the limit from {soft} failed: {e}")
    })
}

/// Elsewhere the limit is the system's business.
#[cfg(not(unix))]
pub fn fit_open_files(_max_connections: usize) -> Result<(), String> {
    Ok(())
}

/// Open connections per peer address.
#[derive(Default)]
struct PerAddress(Mutex<HashMap<IpAddr, usize>>);

/// One connection's place in [`PerAddress`], given back when it closes.
struct AddressPermit {
    table: Arc<PerAddress>,
    ip: IpAddr,
}

impl PerAddress {
    fn enter(table: &Arc<PerAddress>, ip: IpAddr, cap: usize) -> Option<AddressPermit> {
        let mut open = table.0.lock().unwrap_or_else(PoisonError::into_inner);
        let count = open.entry(ip).or_insert(0);
        if *count >= cap {
            return None;
        }
        *count += 1;
        Some(AddressPermit {
            table: Arc::clone(table),
            ip,
        })
    }
}

impl Drop for AddressPermit {
    fn drop(&mut self) {
        let mut open = self.table.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = open.get_mut(&self.ip) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

/// Serves `app` on `listener` within `limits` until `shutdown` completes,
/// then lets the requests in flight finish for at most `drain`.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    drain: Duration,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let open = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let per_address = Arc::new(PerAddress::default());
    let graceful = GracefulShutdown::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .keep_alive(true);
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    tracing::warn!("accept failed: {error}");
                    tokio::time::sleep(ACCEPT_PAUSE).await;
                    continue;
                }
            },
        };
        let Ok(permit) = Arc::clone(&open).try_acquire_owned() else {
            refuse(stream, "too many open connections");
            continue;
        };
        let Some(address_permit) =
            PerAddress::enter(&per_address, peer.ip(), limits.per_address.max(1))
        else {
            refuse(stream, "too many open connections from one address");
            continue;
        };
        let _ = stream.set_nodelay(true);
        let service = TowerToHyperService::new(AddExtension::new(app.clone(), ConnectInfo(peer)));
        let watcher = graceful.watcher();
        let http = http.clone();
        let idle = limits.idle_timeout;
        tokio::spawn(async move {
            // A connection that sends nothing is let go quickly: it holds
            // a file descriptor and a place under the caps. Its first byte
            // starts hyper's header timer.
            // (Readiness alone is not enough: a new socket may be reported
            // readable before any byte; a peek waits for one.)
            let mut first = [0u8; 1];
            if !matches!(
                tokio::time::timeout(idle, stream.peek(&mut first)).await,
                Ok(Ok(1))
            ) {
                return;
            }
            let connection = watcher.watch(http.serve_connection(TokioIo::new(stream), service));
            // A client that vanishes or times out ends its connection with
            // an error; that is the client's business, not a server fault.
            let _ = connection.await;
            drop(address_permit);
            drop(permit);
        });
    }
    drop(listener);
    if tokio::time::timeout(drain, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!("requests still running after {drain:?}; closing them");
    }
    Ok(())
}

/// Answers 503 to a connection over a cap without waiting on it: the
/// canned answer goes in one non-blocking write, then the socket closes.
fn refuse(stream: TcpStream, why: &str) {
    let _ = stream.try_write(REFUSED);
    tracing::warn!("refused a connection: {why}");
}

#[cfg(test)]
mod tests {
    use super::REFUSED;

    #[test]
    fn the_refusal_says_its_own_length() {
        let text = std::str::from_utf8(REFUSED).unwrap_or_default();
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or_default();
        let length = head
            .lines()
            .find_map(|line| line.strip_prefix("content-length: "))
            .and_then(|n| n.parse::<usize>().ok());
        assert_eq!(length, Some(body.len()));
        let value: serde_json::Value = serde_json::from_str(body).unwrap_or_default();
        assert!(value["error"].is_string());
    }
}
