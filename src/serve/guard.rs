//! What every request must be before a route reads it, and what every
//! reply carries, as two layers stacked on the router in one place.
//!
//! The server is reached by a classroom's browsers, and also by any page
//! the teacher opens: a foreign page may post to it (a `text/plain` POST
//! needs no preflight), or reach it under a name of its own that it points
//! at this computer (DNS rebinding). So `check` refuses a `Host` that is
//! not one of this computer's names or the address the request came in
//! at, an `Origin` other than the server itself, a POST body that is not
//! JSON, and an announced body over [`MOST_BODY_BYTES`] before a byte of
//! it is read. A header it reads given twice would let two readers see
//! two different requests, so it is refused, as is a request over a
//! connection with no host, and a body framed other than by its length or
//! in plain chunks. `headers` tells the browser to run only the page's own
//! files, never inside another site's frame, and to send no referrer.

use std::net::{IpAddr, SocketAddr};
use std::sync::OnceLock;

use axum::extract::Request;
use axum::http::header::{
    CONTENT_LENGTH, CONTENT_SECURITY_POLICY, CONTENT_TYPE, HOST, ORIGIN, REFERRER_POLICY,
    TRANSFER_ENCODING, X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
};
use axum::http::uri::Authority;
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tower_http::set_header::response::SetMultipleResponseHeadersLayer;

use super::MOST_BODY_BYTES;
use super::reply::Reply;

/// The address of this computer a request arrived at, put in the
/// request's extensions by the server's connections. A request without it
/// (one handed to the router in this process) may name this computer only
/// by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArrivedAt(pub SocketAddr);

/// What the browser may run and load: the page's own files and requests,
/// with no inline script or style, and the empty icon it names as a
/// `data:` address; no frame of another site may hold it.
pub const POLICY: &str = "default-src 'self'; img-src 'self' data:; object-src 'none'; \
     base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The headers every reply carries, whatever answered it.
pub(crate) const SECURE: [(HeaderName, &str); 4] = [
    (X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (CONTENT_SECURITY_POLICY, POLICY),
    (X_FRAME_OPTIONS, "DENY"),
    (REFERRER_POLICY, "no-referrer"),
];

/// [`SECURE`] on every reply the router gives.
pub(crate) fn headers() -> SetMultipleResponseHeadersLayer<Response> {
    SetMultipleResponseHeadersLayer::overriding(
        SECURE
            .into_iter()
            .map(|(name, value)| (name, HeaderValue::from_static(value)).into())
            .collect(),
    )
}

/// A reply made outside the router, by the server's connections: `reply`
/// with [`SECURE`], as the router's replies have them.
pub(crate) fn secured(reply: Reply) -> Response {
    let mut response = reply.into_response();
    for (name, value) in SECURE {
        response
            .headers_mut()
            .insert(name, HeaderValue::from_static(value));
    }
    response
}

/// Lets a request through to the routes, or refuses it at once.
pub(crate) async fn check(request: Request, next: Next) -> Response {
    match refusal(&request) {
        Some(reply) => reply.into_response(),
        None => next.run(request).await,
    }
}

/// Why `request` is refused, if it is: a header the guard reads given
/// twice, or a request over a connection that names no host (400), a
/// foreign `Host` or `Origin` (403), a POST that is not JSON (415), a body
/// announced over the cap (413), or a transfer coding other than chunked
/// (501), or both a length and chunks (400).
fn refusal(request: &Request) -> Option<Reply> {
    let arrived = request.extensions().get::<ArrivedAt>().map(|a| a.0);
    let headers = request.headers();
    if let Some(twice) = [
        HOST,
        ORIGIN,
        CONTENT_TYPE,
        CONTENT_LENGTH,
        TRANSFER_ENCODING,
    ]
    .into_iter()
    .find(|name| headers.get_all(name).iter().nth(1).is_some())
    {
        let why = format!("the request has more than one '{twice}' header: send one");
        return Some(Reply::bad_request(why));
    }
    let host = match host(request) {
        Ok(host) => host,
        Err(()) => return Some(forbidden(WRONG_HOST)),
    };
    match (&host, arrived) {
        (None, Some(_)) => return Some(Reply::bad_request(NO_HOST.to_string())),
        (Some(host), arrived) if !is_this_server(host, arrived) => {
            return Some(forbidden(WRONG_HOST));
        }
        _ => {}
    }
    if let Some(origin) = headers.get(ORIGIN)
        && !host.as_ref().is_some_and(|host| same_site(origin, host))
    {
        return Some(forbidden(OTHER_SITE));
    }
    if request.method() == Method::POST && !is_json(headers) {
        return Some(Reply::refused(StatusCode::UNSUPPORTED_MEDIA_TYPE, NOT_JSON));
    }
    if announced(headers).is_some_and(|length| length > MOST_BODY_BYTES as u64) {
        return Some(Reply::refused(StatusCode::PAYLOAD_TOO_LARGE, ""));
    }
    if let Some(coding) = headers.get(TRANSFER_ENCODING) {
        if headers.contains_key(CONTENT_LENGTH) {
            return Some(Reply::bad_request(LENGTH_AND_CHUNKS.to_string()));
        }
        if !coding
            .as_bytes()
            .trim_ascii()
            .eq_ignore_ascii_case(b"chunked")
        {
            return Some(Reply::json_with(
                StatusCode::NOT_IMPLEMENTED,
                serde_json::json!({ "error": ONLY_CHUNKED }).to_string() + "\n",
            ));
        }
    }
    None
}

const NO_HOST: &str = "the request names no host: send a Host header, as every HTTP/1.1 \
     request does";
const LENGTH_AND_CHUNKS: &str = "the request gives both its length and chunks: send one";
const ONLY_CHUNKED: &str = "a request body is read as it is, or in chunks, and no other way";

const WRONG_HOST: &str = "this server answers only to this computer's own names and addresses: \
     open the page at the address matchsticks serve printed";
const OTHER_SITE: &str = "requests from other sites are refused: \
     open the page at the address matchsticks serve printed";
const NOT_JSON: &str = "a request body must be sent as application/json";

fn forbidden(why: &str) -> Reply {
    Reply::refused(StatusCode::FORBIDDEN, why)
}

/// The host the request names, in its `Host` header or in its target; both,
/// when both are given, must agree. `Err` when either cannot be read.
fn host(request: &Request) -> Result<Option<Authority>, ()> {
    let header = match request.headers().get(HOST) {
        Some(value) => Some(authority(value.as_bytes()).ok_or(())?),
        None => None,
    };
    match (header, request.uri().authority()) {
        (Some(header), Some(target)) if !same_authority(&header, target) => Err(()),
        (header, target) => Ok(header.or_else(|| target.cloned())),
    }
}

fn authority(bytes: &[u8]) -> Option<Authority> {
    let authority = Authority::try_from(bytes).ok()?;
    // A name, not a user and password.
    (!authority.as_str().contains('@')).then_some(authority)
}

/// Whether `host` names this server: this computer (below), with a port
/// that is a port, if one is written. The port is not held to the one the
/// request came in at, so a teacher may forward the server to another.
fn is_this_server(host: &Authority, arrived: Option<SocketAddr>) -> bool {
    let written = host.as_str().len() > host.host().len();
    let port = !written || host.port_u16().is_some();
    port && is_this_computer(host.host(), arrived.map(|at| at.ip()))
}

/// Whether `host` (without its port) names this computer: `localhost`, its
/// host name (or that name in `.local`), or the address the request came in
/// at.
fn is_this_computer(host: &str, arrived: Option<IpAddr>) -> bool {
    let literal = host.strip_prefix('[').and_then(|h| h.strip_suffix(']'));
    match literal.unwrap_or(host).parse::<IpAddr>() {
        Ok(ip) => arrived.is_some_and(|arrived| arrived.to_canonical() == ip.to_canonical()),
        Err(_) => names().iter().any(|name| name.eq_ignore_ascii_case(host)),
    }
}

/// This computer's names: `localhost`, its host name, and that name in
/// `.local` as the local network announces it.
pub fn names() -> &'static [String] {
    static NAMES: OnceLock<Vec<String>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let mut names = vec!["localhost".to_string()];
        let own = gethostname::gethostname().to_string_lossy().into_owned();
        if !own.is_empty() && authority(own.as_bytes()).is_some() {
            let bare = own.strip_suffix(".local").unwrap_or(&own).to_string();
            names.push(format!("{bare}.local"));
            names.push(bare);
        }
        names
    })
}

/// Whether the `Origin` a browser sent is this server, as the request's
/// host names it. `null` (a sandboxed frame, a file) is another site.
fn same_site(origin: &HeaderValue, host: &Authority) -> bool {
    let Some(rest) = origin.as_bytes().strip_prefix(b"http://") else {
        return false;
    };
    authority(rest).is_some_and(|origin| same_authority(&origin, host))
}

/// Two authorities name the same server: the same host, whatever its case,
/// and the same port, 80 when none is written.
fn same_authority(a: &Authority, b: &Authority) -> bool {
    a.host().eq_ignore_ascii_case(b.host())
        && a.port_u16().unwrap_or(80) == b.port_u16().unwrap_or(80)
}

/// Whether the body is declared as JSON (`application/json`, with any
/// parameters such as a charset).
fn is_json(headers: &HeaderMap) -> bool {
    let Some(kind) = headers.get(CONTENT_TYPE).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let essence = kind.split(';').next().unwrap_or_default().trim();
    essence.eq_ignore_ascii_case("application/json")
}

/// The body's length as the request announces it, when it does.
fn announced(headers: &HeaderMap) -> Option<u64> {
    headers
        .get(CONTENT_LENGTH)?
        .to_str()
        .ok()?
        .trim()
        .parse()
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn authority_of(text: &str) -> Authority {
        text.parse().unwrap()
    }

    #[test]
    fn this_computer_is_named_by_name_or_by_the_address_reached() {
        let here: IpAddr = "192.168.1.5".parse().unwrap();
        let cases: &[(&str, Option<IpAddr>, bool)] = &[
            ("localhost", None, true),
            ("LocalHost", None, true),
            ("192.168.1.5", Some(here), true),
            ("192.168.1.6", Some(here), false),
            ("127.0.0.1", None, false),
            ("[::ffff:192.168.1.5]", Some(here), true),
            ("[::1]", Some("::1".parse().unwrap()), true),
            ("evil.example", Some(here), false),
            ("localhost.evil.example", None, false),
        ];
        for &(host, arrived, expected) in cases {
            assert_eq!(is_this_computer(host, arrived), expected, "{host}");
        }
        for name in names() {
            assert!(is_this_computer(name, None), "{name}");
        }
    }

    #[test]
    fn an_origin_is_the_same_site_only_with_the_same_host_and_port() {
        let host = authority_of("127.0.0.1:8357");
        let cases: &[(&str, bool)] = &[
            ("http://127.0.0.1:8357", true),
            ("http://127.0.0.1:8358", false),
            ("https://127.0.0.1:8357", false),
            ("http://localhost:8357", false),
            ("null", false),
            ("http://user@127.0.0.1:8357", false),
        ];
        for &(origin, expected) in cases {
            let origin = HeaderValue::from_static(origin);
            assert_eq!(same_site(&origin, &host), expected, "{origin:?}");
        }
        let plain = authority_of("LOCALHOST");
        assert!(same_site(
            &HeaderValue::from_static("http://localhost:80"),
            &plain
        ));
    }

    #[test]
    fn json_is_application_json_with_any_parameters() {
        let cases: &[(&str, bool)] = &[
            ("application/json", true),
            ("Application/JSON; charset=utf-8", true),
            ("text/plain", false),
            ("application/json-seq", false),
            ("application/x-www-form-urlencoded", false),
        ];
        for &(kind, expected) in cases {
            let mut headers = HeaderMap::new();
            headers.insert(CONTENT_TYPE, HeaderValue::from_static(kind));
            assert_eq!(is_json(&headers), expected, "{kind}");
        }
        assert!(!is_json(&HeaderMap::new()));
    }
}
