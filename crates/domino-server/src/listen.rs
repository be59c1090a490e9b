//! The accept loop: how connections are let in, timed and let go.
//!
//! axum's own `serve` takes every connection and waits for its headers as
//! long as the client likes, so a client that sends one byte a minute, or
//! 20,000 that send nothing, can hold the server's file descriptors until
//! it stops answering. This loop drives hyper directly to bound both:
//! - a cap on open connections: one over the cap is answered 503 at once
//!   (a short canned answer written without waiting) and closed;
//! - hyper's header read timeout, which in hyper 1.x also runs while a
//!   kept-alive connection sits idle between requests, so it is the idle
//!   timeout too;
//! - accept errors (no file descriptor left) pause the loop briefly
//!   instead of spinning.
//!
//! On shutdown the loop stops accepting and lets the requests in flight
//! finish (hyper's graceful shutdown) for at most [`DRAIN`].

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;

/// How long requests in flight may take to finish after a shutdown signal.
const DRAIN: Duration = Duration::from_secs(5);

/// How long the loop rests after an accept error (EMFILE and the like).
const ACCEPT_PAUSE: Duration = Duration::from_millis(50);

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
    /// Time a client has to send a request's headers, and the longest a
    /// kept-alive connection may sit idle.
    pub header_timeout: Duration,
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        ConnectionLimits {
            max_connections: 512,
            header_timeout: Duration::from_secs(10),
        }
    }
}

/// Serves `app` on `listener` within `limits` until `shutdown` completes.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let open = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let graceful = GracefulShutdown::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .keep_alive(true);
    tokio::pin!(shutdown);
    loop {
        let stream = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(error) => {
                    tracing::warn!("accept failed: {error}");
                    tokio::time::sleep(ACCEPT_PAUSE).await;
                    continue;
                }
            },
        };
        let Ok(permit) = Arc::clone(&open).try_acquire_owned() else {
            refuse(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let service = TowerToHyperService::new(app.clone());
        let connection = graceful.watch(http.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            // A client that vanishes or times out ends its connection with
            // an error; that is the client's business, not a server fault.
            let _ = connection.await;
            drop(permit);
        });
    }
    drop(listener);
    if tokio::time::timeout(DRAIN, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!("requests still running after {DRAIN:?}; closing them");
    }
    Ok(())
}

/// Answers 503 to a connection over the cap without waiting on it: the
/// canned answer goes in one non-blocking write, then the socket closes.
fn refuse(stream: TcpStream) {
    let _ = stream.try_write(REFUSED);
    tracing::warn!("refused a connection: too many open connections");
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
