//! # domino-server
//!
//! The domino engine as an HTTP service: the JSON API of version 1 (one
//! route per question the command line answers, plus play support for a
//! person solving a puzzle, all named `/api/v1/{family}/{verb}`), the
//! OpenAPI document of that API (generated from the request and answer
//! types), and the web app's static files, embedded in the binary.
//!
//! The paths of release 0.1 (`/api/v1/chain`, `/api/v1/fiveup`,
//! `/api/v1/render/{family}`) still answer, served by the same handlers
//! and marked deprecated in the document; they go in the next release.
//!
//! The server is stateless: every request carries its whole puzzle, so
//! any number of instances behind any load balancer give the same answers.
//! A route only parses the request, calls the library function the CLI
//! calls, and returns the same JSON document.
//!
//! What protects it (outermost first): the accept loop of [`listen`]
//! (a cap on open connections in all and per peer address, a short wait
//! for a new connection's first byte, a header read timeout that is also
//! the idle timeout), the peer address handed to the pools, one log line
//! per request (tower-http trace, written through a non-blocking writer
//! that drops lines rather than wait for a stalled reader, to standard
//! error or to files rotated daily or hourly), the Host guard of [`hosts`]
//! on loopback, gzip compression, JSON bodies for every error status, the
//! answer size cap, a panic guard (a bug is a logged 500, the server lives
//! on), an overall timeout, and the body size limit. Routes price each
//! request by the work its parsed input asks for: small work runs on the
//! async threads, larger work in [`pool`]'s expensive pool, work past a
//! bound is refused naming the bound. A search runs on the async threads
//! only within a budget of nodes (about a millisecond), else off them,
//! with the request's time limit, the server's memory cap per search, and
//! a stop flag raised when the client goes away or the request times out.
//! The pools share their slots out fairly between peer addresses. On
//! shutdown the running searches are stopped and answered (not complete)
//! and the drain lasts as long as the longest request may.

mod assets;
mod body;
pub mod error;
pub mod hosts;
mod input;
mod limit;
pub mod listen;
mod meta;
pub mod openapi;
pub mod pool;
mod routes;

use axum::extract::{ConnectInfo, Request};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;
use domino::search::defaults;
use error::ApiError;
use hosts::HostPolicy;
use listen::ConnectionLimits;
use pool::{Pools, Queues};
use std::future::Future;
use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

/// How a server is set up (the `domino serve` flags).
#[derive(Clone, Debug)]
pub struct Config {
    /// The largest request body, in bytes.
    pub max_body: usize,
    /// The longest search; a request's `time_limit` is capped by it.
    pub max_time: Duration,
    /// Solver jobs at once (the cheap pool; the expensive pool gets half).
    pub workers: usize,
    /// Cheap jobs that may wait for a worker before the server answers 503.
    pub queue: usize,
    /// Searches (expensive jobs) that may wait for a worker, in all, before
    /// the server answers 503.
    pub search_queue: usize,
    /// Jobs of one peer address that may wait in each pool.
    pub queue_per_address: usize,
    /// The Host names answered (loopback names only when bound to loopback).
    pub hosts: HostPolicy,
    /// Open connections and the header read (and idle) timeout.
    pub connections: ConnectionLimits,
    /// The most solutions an answer lists (counting goes on past them).
    pub max_solutions: usize,
    /// The most memory one search's tables and kept solutions may take,
    /// in bytes; past it the search stops, its answer not complete.
    pub max_search_memory: usize,
    /// The largest answer body, in bytes (before compression); a larger
    /// one is refused with 413, never cut short.
    pub max_answer: usize,
}

impl Default for Config {
    fn default() -> Self {
        let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
        Config {
            max_body: 1 << 20,
            max_time: defaults::SERVICE_TIME,
            workers,
            queue: 1024,
            search_queue: 16,
            queue_per_address: 2,
            hosts: HostPolicy::Any,
            connections: ConnectionLimits::default(),
            max_solutions: defaults::SOLUTIONS_LISTED,
            max_search_memory: defaults::SEARCH_MEMORY,
            max_answer: 4 << 20,
        }
    }
}

/// What every handler sees.
pub struct AppState {
    pub config: Config,
    pub pools: Pools,
    /// The OpenAPI document as JSON, written from the router.
    document: axum::body::Bytes,
}

/// The shared state handlers receive.
pub type State = Arc<AppState>;

/// Time a request may run past `max_time` (parsing, writing the answer)
/// before the safety-net timeout answers 408.
const TIMEOUT_GRACE: Duration = Duration::from_secs(5);

impl Config {
    /// The longest a request may take: the longest search and the grace
    /// of the safety-net timeout. A shutdown drains this long, so every
    /// request in flight is answered.
    pub fn longest_request(&self) -> Duration {
        self.max_time + TIMEOUT_GRACE
    }
}

/// The whole service: the API routes, the static files and the layers.
pub fn app(config: Config) -> Router {
    app_with(config, Router::new())
}

/// [`app`] with extra routes under the same layers and state (tests add a
/// route that panics, to prove the guard).
pub fn app_with(config: Config, extra: Router<State>) -> Router {
    build(config, extra).0
}

/// The service and its shared state (whose pools a shutdown closes).
fn build(config: Config, extra: Router<State>) -> (Router, State) {
    let (api, document) = routes::router().split_for_parts();
    let state = Arc::new(AppState {
        pools: Pools::new(
            config.workers,
            Queues {
                cheap: config.queue,
                expensive: config.search_queue,
                per_address: config.queue_per_address,
                // A request that waited longer would have no time left.
                wait: config.max_time,
            },
        ),
        config: config.clone(),
        document: openapi::json(&openapi::complete(document)).into(),
    });
    let api = api.merge(extra).fallback(assets::serve);
    // Router::layer wraps what is already there: the last layer is the
    // outermost (the trace sees the final status and the whole time).
    let router = api
        .layer(middleware::from_fn(move |request, next| {
            limit::body_limit(config.max_body, request, next)
        }))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            config.longest_request(),
        ))
        .layer(CatchPanicLayer::custom(panic_response))
        .layer(middleware::from_fn(move |request, next| {
            answer_cap(config.max_answer, request, next)
        }))
        .layer(middleware::from_fn(json_errors))
        .layer(CompressionLayer::new())
        .layer(middleware::from_fn(move |request, next| {
            hosts::guard(config.hosts.clone(), request, next)
        }))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|request: &Request| {
                    tracing::info_span!(
                        "request",
                        method = %request.method(),
                        path = %request.uri().path()
                    )
                })
                .on_request(())
                .on_response(
                    |response: &axum::http::Response<_>,
                     latency: Duration,
                     _span: &tracing::Span| {
                        tracing::info!(
                            status = response.status().as_u16(),
                            ms = format_args!("{:.2}", latency.as_secs_f64() * 1000.0),
                        );
                    },
                )
                .on_failure(()),
        )
        .layer(middleware::from_fn(peer_scope))
        .with_state(Arc::clone(&state));
    (router, state)
}

/// Runs the request with its peer address known to the pools (when the
/// connection gave one: the accept loop of [`listen`] does).
async fn peer_scope(request: Request, next: Next) -> Response {
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|info| info.0.ip());
    match peer {
        Some(ip) => pool::PEER.scope(ip, next.run(request)).await,
        None => next.run(request).await,
    }
}

/// Gives every error answer the API's JSON shape, whichever layer made it
/// (axum's 405, the body limit's 413, the timeout's 408).
async fn json_errors(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let message = match status {
        StatusCode::PAYLOAD_TOO_LARGE => "the request body is larger than the server's limit",
        StatusCode::METHOD_NOT_ALLOWED => "this route does not answer that method",
        StatusCode::REQUEST_TIMEOUT => "the request took longer than the server's time limit",
        _ => status.canonical_reason().unwrap_or("error"),
    };
    let mut answer = ApiError::new(status, message).into_response();
    for name in [header::ALLOW, header::RETRY_AFTER] {
        if let Some(value) = response.headers().get(&name) {
            answer.headers_mut().insert(name, value.clone());
        }
    }
    answer
}

/// Refuses an answer longer than `max` bytes with 413 and a message that
/// says how long it was: never a body cut short. Every answer of the API
/// is whole in memory, so its length is known here.
async fn answer_cap(max: usize, request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let length = axum::body::HttpBody::size_hint(response.body()).exact();
    match length.and_then(|n| usize::try_from(n).ok()) {
        Some(n) if n > max => ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the answer would be {n} bytes, more than this server sends ({max}, --max-answer): ask for less (a smaller board, fewer solutions)"
            ),
        )
        .into_response(),
        _ => response,
    }
}

/// A handler that panicked: logged, answered 500, the server lives on.
fn panic_response(panic: Box<dyn std::any::Any + Send + 'static>) -> Response {
    let what = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("(no message)");
    tracing::error!("handler panicked: {what}");
    let mut response = ApiError::new(
        StatusCode::INTERNAL_SERVER_ERROR,
        "internal error (a bug; it was logged)",
    )
    .into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// Serves `app(config)` on `listener` until `shutdown` completes, then
/// stops accepting and answers the requests in flight: the running
/// searches are told to stop (they answer what they found, marked not
/// complete), the waiting ones are answered 503 with Retry-After, and the
/// drain lasts as long as the longest request may.
pub async fn serve(
    listener: tokio::net::TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    serve_with(listener, config, Router::new(), shutdown).await
}

/// [`serve`] with extra routes (as [`app_with`]).
pub async fn serve_with(
    listener: tokio::net::TcpListener,
    config: Config,
    extra: Router<State>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let (limits, drain) = (config.connections, config.longest_request());
    let (router, state) = build(config, extra);
    let shutdown = async move {
        shutdown.await;
        state.pools.close();
    };
    listen::serve(listener, router, limits, drain, shutdown).await
}

/// Completes on Ctrl-C or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down: stopping the searches in flight and answering them");
}

/// What `domino serve` asks for.
#[derive(Clone, Debug)]
pub struct Options {
    pub bind: SocketAddr,
    pub open: bool,
    pub config: Config,
    pub log: Log,
}

/// Where the log goes.
#[derive(Clone, Debug)]
pub enum Log {
    /// Standard error.
    Stderr,
    /// Files `domino-serve.log` (never rotated) or
    /// `domino-serve.YYYY-MM-DD[-HH].log` in a directory, a new file each
    /// day or hour, keeping the newest `keep` (all when `None`).
    Files {
        directory: PathBuf,
        rotation: Rotation,
        keep: Option<usize>,
    },
}

/// How often the log moves to a new file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rotation {
    Hourly,
    Daily,
    Never,
}

/// The log's writer: lines wait in a bounded queue for a writer thread;
/// when the writer cannot keep up (standard error not read by a stalled log
/// shipper or a paused terminal, a slow disk) the queue fills and new
/// lines are dropped and counted, never waited for.
fn log_writer(
    log: &Log,
) -> std::io::Result<(
    tracing_appender::non_blocking::NonBlocking,
    tracing_appender::non_blocking::WorkerGuard,
    bool,
)> {
    let queue = tracing_appender::non_blocking::NonBlockingBuilder::default()
        .lossy(true)
        .buffered_lines_limit(LOG_QUEUE);
    match log {
        Log::Stderr => {
            let (writer, guard) = queue.finish(std::io::stderr());
            Ok((
                writer,
                guard,
                std::io::IsTerminal::is_terminal(&std::io::stderr()),
            ))
        }
        Log::Files {
            directory,
            rotation,
            keep,
        } => {
            use tracing_appender::rolling::{RollingFileAppender, Rotation as Every};
            let every = match rotation {
                Rotation::Hourly => Every::HOURLY,
                Rotation::Daily => Every::DAILY,
                Rotation::Never => Every::NEVER,
            };
            let mut files = RollingFileAppender::builder()
                .rotation(every)
                .filename_prefix("domino-serve")
                .filename_suffix("log");
            if let Some(keep) = keep {
                files = files.max_log_files(*keep);
            }
            let files = files.build(directory).map_err(|e| {
                std::io::Error::other(format!("the log directory {}: {e}", directory.display()))
            })?;
            let (writer, guard) = queue.finish(files);
            Ok((writer, guard, false))
        }
    }
}

/// Runs the server until Ctrl-C or SIGTERM: logs to standard error or to
/// rotated files, prints the address on standard output, opens a browser
/// with `open`.
pub fn run(options: Options) -> std::io::Result<()> {
    let (log, _flush_on_exit, ansi) = log_writer(&options.log)?;
    let dropped = log.error_counter();
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(log)
        .with_target(false)
        .with_ansi(ansi)
        .try_init();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(options.bind).await?;
        let address = listener.local_addr()?;
        let url = format!("http://{address}/");
        announce(&format!("domino serve: listening on {url} (Ctrl-C stops)"));
        if options.open {
            open_browser(&url);
        }
        tokio::spawn(report_dropped_lines(dropped));
        serve(listener, options.config, shutdown_signal()).await
    })?;
    // Searches whose clients left stop at their flag; do not wait longer.
    runtime.shutdown_timeout(Duration::from_secs(1));
    Ok(())
}

/// Log lines that may wait for standard error before new ones are dropped.
const LOG_QUEUE: usize = 16 * 1024;

/// Says, now and then, how many log lines were dropped (through the same
/// non-blocking writer: when the reader is still stalled, this line may be
/// dropped too, and the next report counts it).
async fn report_dropped_lines(dropped: tracing_appender::non_blocking::ErrorCounter) {
    let mut told = 0;
    let mut every = tokio::time::interval(Duration::from_secs(10));
    loop {
        every.tick().await;
        let now = dropped.dropped_lines();
        if now > told {
            tracing::warn!(
                "{} log lines dropped so far: the log is not being written fast enough",
                now
            );
            told = now;
        }
    }
}

/// A status line on standard output. A reader that went away (`domino
/// serve | head -1`) does not stop the server: the line is only news.
fn announce(line: &str) {
    let _ = writeln!(std::io::stdout(), "{line}");
}

/// Opens `url` in the default browser when the system has a way to.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    match std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
    {
        Ok(_) => {}
        Err(_) => announce(&format!(
            "domino serve: no browser found ({opener}); open {url} yourself"
        )),
    }
}
