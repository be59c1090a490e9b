//! `domino serve`: starts the HTTP service of domino-server (the JSON API
//! and the web app); everything else lives in that crate.

use crate::input::CliError;
use crate::Verdict;
use clap::{Args, ValueEnum};
use domino::search::defaults;
use domino_server::hosts::HostPolicy;
use domino_server::listen::{fit_open_files, ConnectionLimits};
use domino_server::{Log, Rotation};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Args)]
pub struct ServeArgs {
    /// The address and port to listen on (port 0 picks a free one).
    #[arg(long, default_value = "127.0.0.1:8080")]
    bind: SocketAddr,
    /// Open the web app in the default browser.
    #[arg(long)]
    open: bool,
    /// The largest request body, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = 1 << 20)]
    max_body: usize,
    /// The longest any search may run, in seconds (a request's time_limit
    /// is capped by it).
    #[arg(long, value_name = "SECONDS", default_value_t = defaults::SERVICE_TIME.as_secs_f64(), value_parser = parse_seconds)]
    max_time: f64,
    /// Solver jobs at once (default: the number of cores).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=4096))]
    workers: Option<u64>,
    /// Searches that may wait for a worker, in all; one more is answered
    /// 503 with Retry-After.
    #[arg(long, value_name = "N", default_value_t = 16, value_parser = clap::value_parser!(u64).range(0..=100_000))]
    queue: u64,
    /// Requests of one peer address that may wait for a worker (in each
    /// pool); a freed worker goes first to the address served longest ago.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u64).range(0..=100_000))]
    queue_per_address: u64,
    /// Connections open at once; one more is answered 503 and closed. The
    /// process's open-file limit is raised to fit when it can be; else the
    /// server does not start.
    #[arg(long, value_name = "N", default_value_t = 512, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    max_connections: u64,
    /// Connections open at once from one peer address (default: an eighth
    /// of --max-connections); one more is answered 503 and closed.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    max_connections_per_address: Option<u64>,
    /// Seconds a client has to send a request's headers, counted from
    /// their first byte; also the longest a kept-alive connection may sit
    /// idle. A new connection that sends nothing is closed sooner (after
    /// 2 seconds, or this when shorter).
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0, value_parser = parse_seconds)]
    header_timeout: f64,
    /// A Host name to answer besides the loopback names when bound to
    /// loopback (repeat for several; `*` answers any name, which lets web
    /// pages elsewhere reach the server through DNS rebinding).
    #[arg(long, value_name = "NAME")]
    allow_host: Vec<String>,
    /// The most solutions an answer lists; counting goes on past them.
    #[arg(long, value_name = "N", default_value_t = defaults::SOLUTIONS_LISTED as u64, value_parser = clap::value_parser!(u64).range(1..=defaults::SOLUTIONS_LISTED_MAX as u64))]
    max_solutions: u64,
    /// The most memory one search's tables and kept solutions may take, in
    /// bytes; past it the search stops and answers what it found, not
    /// complete.
    #[arg(long, value_name = "BYTES", default_value_t = defaults::SEARCH_MEMORY as u64, value_parser = clap::value_parser!(u64).range((1 << 20)..=(1 << 40)))]
    max_search_memory: u64,
    /// The largest answer, in bytes (before compression); a larger one is
    /// refused with 413.
    #[arg(long, value_name = "BYTES", default_value_t = 4 << 20, value_parser = clap::value_parser!(u64).range((64 << 10)..=(1 << 32)))]
    max_answer: u64,
    /// Write the log to files in this directory (`domino-serve.log`, or
    /// one file a day or an hour with --log-rotation) instead of standard
    /// error. Lines never wait for the disk: past a queue of 16,384 they
    /// are dropped and counted.
    #[arg(long, value_name = "DIR")]
    log_dir: Option<PathBuf>,
    /// With --log-dir: start a new file each day, each hour, or never.
    #[arg(
        long,
        value_name = "EVERY",
        default_value = "daily",
        requires = "log_dir"
    )]
    log_rotation: LogRotation,
    /// With --log-dir: keep only the newest N files (default: all).
    #[arg(long, value_name = "N", requires = "log_dir", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    log_keep: Option<u64>,
}

/// How often the log moves to a new file.
#[derive(Clone, Copy, ValueEnum)]
enum LogRotation {
    Hourly,
    Daily,
    Never,
}

/// Seconds from a millisecond to a million: below a millisecond a limit
/// would round to nothing and end every search at once.
fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && (0.001..=1e6).contains(&v) => Ok(v),
        _ => Err(format!(
            "'{s}': give a number of seconds from 0.001 to 1000000"
        )),
    }
}

/// The Host policy: loopback names (and the allowed ones) on a loopback
/// address, any name elsewhere or when `*` is allowed.
fn host_policy(bind: &SocketAddr, allowed: &[String]) -> HostPolicy {
    if !bind.ip().is_loopback() || allowed.iter().any(|name| name == "*") {
        return HostPolicy::Any;
    }
    HostPolicy::Loopback(
        allowed
            .iter()
            .map(|name| name.to_ascii_lowercase())
            .collect(),
    )
}

/// A count of the flags as the server takes it.
fn count(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

pub fn run(args: ServeArgs) -> Result<Verdict, CliError> {
    let max_connections = count(args.max_connections);
    let header_timeout = Duration::from_secs_f64(args.header_timeout);
    let defaults = ConnectionLimits::default();
    let mut config = domino_server::Config {
        max_body: args.max_body,
        max_time: Duration::from_secs_f64(args.max_time),
        search_queue: count(args.queue),
        queue_per_address: count(args.queue_per_address),
        hosts: host_policy(&args.bind, &args.allow_host),
        connections: ConnectionLimits {
            max_connections,
            per_address: args.max_connections_per_address.map_or_else(
                || ConnectionLimits::per_address_default(max_connections),
                count,
            ),
            header_timeout,
            idle_timeout: defaults.idle_timeout.min(header_timeout),
        },
        max_solutions: usize::try_from(args.max_solutions).unwrap_or(usize::MAX),
        max_search_memory: usize::try_from(args.max_search_memory).unwrap_or(usize::MAX),
        max_answer: usize::try_from(args.max_answer).unwrap_or(usize::MAX),
        ..domino_server::Config::default()
    };
    if let Some(workers) = args.workers {
        config.workers = usize::try_from(workers).unwrap_or(1);
    }
    fit_open_files(max_connections).map_err(CliError::Usage)?;
    let log = match args.log_dir {
        None => Log::Stderr,
        Some(directory) => Log::Files {
            directory,
            rotation: match args.log_rotation {
                LogRotation::Hourly => Rotation::Hourly,
                LogRotation::Daily => Rotation::Daily,
                LogRotation::Never => Rotation::Never,
            },
            keep: args.log_keep.map(count),
        },
    };
    domino_server::run(domino_server::Options {
        bind: args.bind,
        open: args.open,
        config,
        log,
    })
    .map_err(|error| CliError::Usage(format!("serve on {}: {error}", args.bind)))?;
    Ok(Verdict::Yes)
}
