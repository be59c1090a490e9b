//! `domino serve`: starts the HTTP service of domino-server (the JSON API
//! and the web app); everything else lives in that crate.

use crate::input::CliError;
use crate::Verdict;
use clap::Args;
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
}

fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 && v <= 1e6 => Ok(v),
        _ => Err(format!("'{s}': give a positive number of seconds")),
    }
}

pub fn run(args: ServeArgs) -> Result<Verdict, CliError> {
    let mut config = domino_server::Config {
        max_body: args.max_body,
        max_time: Duration::from_secs_f64(args.max_time),
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
