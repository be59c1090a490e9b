//! `domino serve`: starts the HTTP service of domino-server (the JSON API
//! and the web app); everything else lives in that crate.

use crate::input::CliError;
use crate::Verdict;
use clap::Args;
use domino_server::hosts::HostPolicy;
use domino_server::listen::ConnectionLimits;
use std::net::SocketAddr;
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
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0, value_parser = parse_seconds)]
    max_time: f64,
    /// Solver jobs at once (default: the number of cores).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=4096))]
    workers: Option<u64>,
    /// Connections open at once; one more is answered 503 and closed (keep
    /// it below the process's file limit, `ulimit -n`).
    #[arg(long, value_name = "N", default_value_t = 512, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    max_connections: u64,
    /// Seconds a client has to send a request's headers; also the longest
    /// a kept-alive connection may sit idle.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0, value_parser = parse_seconds)]
    header_timeout: f64,
    /// A Host name to answer besides the loopback names when bound to
    /// loopback (repeat for several; `*` answers any name, which lets web
    /// pages elsewhere reach the server through DNS rebinding).
    #[arg(long, value_name = "NAME")]
    allow_host: Vec<String>,
    /// The most solutions an answer lists; counting goes on past them.
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    max_solutions: u64,
    /// The most memory one search's tables and kept solutions may take, in
    /// bytes; past it the search stops and answers what it found, not
    /// complete.
    #[arg(long, value_name = "BYTES", default_value_t = 256 << 20, value_parser = clap::value_parser!(u64).range((1 << 20)..=(1 << 40)))]
    max_search_memory: u64,
    /// The largest answer, in bytes (before compression); a larger one is
    /// refused with 413.
    #[arg(long, value_name = "BYTES", default_value_t = 4 << 20, value_parser = clap::value_parser!(u64).range((64 << 10)..=(1 << 32)))]
    max_answer: u64,
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

pub fn run(args: ServeArgs) -> Result<Verdict, CliError> {
    let mut config = domino_server::Config {
        max_body: args.max_body,
        max_time: Duration::from_secs_f64(args.max_time),
        hosts: host_policy(&args.bind, &args.allow_host),
        connections: ConnectionLimits {
            max_connections: usize::try_from(args.max_connections).unwrap_or(usize::MAX),
            header_timeout: Duration::from_secs_f64(args.header_timeout),
        },
        max_solutions: usize::try_from(args.max_solutions).unwrap_or(usize::MAX),
        max_search_memory: usize::try_from(args.max_search_memory).unwrap_or(usize::MAX),
        max_answer: usize::try_from(args.max_answer).unwrap_or(usize::MAX),
        ..domino_server::Config::default()
    };
    if let Some(workers) = args.workers {
        config.workers = usize::try_from(workers).unwrap_or(1);
    }
    domino_server::run(domino_server::Options {
        bind: args.bind,
        open: args.open,
        config,
    })
    .map_err(|error| CliError::Usage(format!("serve on {}: {error}", args.bind)))?;
    Ok(Verdict::Yes)
}
