//! Which `Host` names the server answers: the guard against DNS rebinding.
//!
//! A server bound to loopback is reachable only from this machine, but a
//! web page elsewhere can still reach it through the browser: it points a
//! name of its own (`evil.example`) at 127.0.0.1 and its script then talks
//! to `http://evil.example:8080/`, which the browser treats as the page's
//! own origin. The browser still sends `Host: evil.example:8080`, so a
//! server on loopback answers only loopback names (as Jupyter does):
//! `localhost` and its subdomains, 127.0.0.0/8 and `[::1]`, plus the names
//! the operator allows with `--allow-host`.

use crate::error::ApiError;
use axum::extract::Request;
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::{IpAddr, Ipv6Addr};

/// The Host names a server answers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum HostPolicy {
    /// Any name (a server bound to a public address, behind a proxy).
    #[default]
    Any,
    /// Loopback names and these (lower case, without a port).
    Loopback(Vec<String>),
}

impl HostPolicy {
    /// Whether a request with this `Host` header value is answered. A
    /// request without one (HTTP/1.0, a hand-written client) is: browsers
    /// always send it, so its absence is no rebinding.
    pub fn allows(&self, host: Option<&str>) -> bool {
        let (HostPolicy::Loopback(extra), Some(host)) = (self, host) else {
            return true;
        };
        let name = strip_port(host).to_ascii_lowercase();
        is_loopback_name(&name) || extra.contains(&name)
    }
}

/// `name:port` → `name`; `[v6]:port` and `[v6]` → `v6`.
fn strip_port(host: &str) -> &str {
    if let Some(rest) = host.strip_prefix('[') {
        return rest.split(']').next().unwrap_or(rest);
    }
    match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    }
}

fn is_loopback_name(name: &str) -> bool {
    if name == "localhost" || name.ends_with(".localhost") {
        return true;
    }
    match name.parse::<IpAddr>() {
        Ok(ip) => ip.is_loopback(),
        Err(_) => name.parse::<Ipv6Addr>().is_ok_and(|ip| ip.is_loopback()),
    }
}

/// Refuses, with 403, requests whose Host the policy does not allow.
pub async fn guard(policy: HostPolicy, request: Request, next: Next) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .map(|value| String::from_utf8_lossy(value.as_bytes()).into_owned());
    if policy.allows(host.as_deref()) {
        return next.run(request).await;
    }
    let shown = host.unwrap_or_default();
    ApiError::new(
        StatusCode::FORBIDDEN,
        format!(
            "the server is bound to loopback and answers only loopback host names, not '{shown}' \
             (start it with --allow-host {} to allow this name)",
            strip_port(&shown)
        ),
    )
    .into_response()
}

#[cfg(test)]
mod tests {
    use super::HostPolicy;

    #[test]
    fn loopback_names_pass_and_others_do_not() {
        let policy = HostPolicy::Loopback(vec!["box.lan".into()]);
        for host in [
            "localhost",
            "localhost:8080",
            "LOCALHOST:1",
            "app.localhost:80",
            "127.0.0.1:8080",
            "127.9.9.9",
            "[::1]:8080",
            "[::1]",
            "box.lan:8080",
        ] {
            assert!(policy.allows(Some(host)), "{host}");
        }
        for host in [
            "evil.example:8080",
            "localhost.evil.example",
            "10.0.0.1:8080",
            "[::2]:80",
            "127.0.0.1.evil.example",
            "",
        ] {
            assert!(!policy.allows(Some(host)), "{host}");
        }
        assert!(policy.allows(None));
        assert!(HostPolicy::Any.allows(Some("evil.example")));
    }
}
