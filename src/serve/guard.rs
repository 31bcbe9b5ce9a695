//! What every request must be before a route reads it, and what every
//! reply carries, as two layers stacked on the router in one place.
//!
//! The server is reached by a classroom's browsers, and also by any page
//! the teacher opens: a foreign page may post to it (a `text/plain` POST
//! needs no preflight), or reach it under a name of its own that it points
//! at this computer (DNS rebinding). So `check` refuses a `Host` that is
//! not one of this computer's names or the address the request came in
//! at, or names another port; an `Origin` other than the server itself,
//! and a request the browser marks as another site's; a POST body that
//! is not JSON; a body sent in chunks, whose size no one announced; and
//! an announced body over [`MOST_BODY_BYTES`] before a byte of it is read.
//! Each header these rest on must come once, so that no reader of the
//! request can take another one. `headers` tells the browser to run only
//! the page's own files, never inside another site's frame, and to send
//! no referrer.

use std::net::{IpAddr, SocketAddr};
use std::sync::OnceLock;

use axum::extract::Request;
use axum::http::header::{
    CONTENT_LENGTH, CONTENT_SECURITY_POLICY, CONTENT_TYPE, HOST, ORIGIN, REFERRER_POLICY,
    TRANSFER_ENCODING, X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
};
use axum::http::uri::Authority;
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, Version};
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

/// The headers every reply carries: no sniffing of its type, the policy,
/// no frame of another site, and no referrer.
pub(crate) const SECURITY_HEADERS: [(HeaderName, &str); 4] = [
    (X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (CONTENT_SECURITY_POLICY, POLICY),
    (X_FRAME_OPTIONS, "DENY"),
    (REFERRER_POLICY, "no-referrer"),
];

/// The layer that gives every reply the routes make [`SECURITY_HEADERS`],
/// whatever answered it; the connections give them to the refusals of
/// requests that never reached a route.
pub(crate) fn headers() -> SetMultipleResponseHeadersLayer<Response> {
    let headers =
        SECURITY_HEADERS.map(|(name, value)| (name, HeaderValue::from_static(value)).into());
    SetMultipleResponseHeadersLayer::overriding(headers.into())
}

/// Lets a request through to the routes, or refuses it at once.
pub(crate) async fn check(request: Request, next: Next) -> Response {
    match refusal(&request) {
        Some(reply) => reply.into_response(),
        None => next.run(request).await,
    }
}

/// Why `request` is refused, if it is: a header it reads given twice, or
/// an HTTP/1.1 request that names no host (400); a foreign `Host`, port or
/// `Origin`, or a request a browser says another site made (403); a POST
/// that is not JSON (415); a body sent in chunks (411) or in a coding not
/// read here (501); or a body announced over the cap (413).
fn refusal(request: &Request) -> Option<Reply> {
    let arrived = request.extensions().get::<ArrivedAt>().map(|a| a.0);
    let headers = request.headers();
    if let Some(twice) = READ_ONCE
        .iter()
        .find(|name| headers.get_all(*name).iter().nth(1).is_some())
    {
        let why = format!("the request has more than one '{twice}' header: send one");
        return Some(Reply::status(StatusCode::BAD_REQUEST, &why));
    }
    let host = match host(request, arrived) {
        Ok(host) => host,
        Err(refused) => return Some(refused),
    };
    if let Some(origin) = headers.get(ORIGIN)
        && !host.as_ref().is_some_and(|host| same_site(origin, host))
    {
        return Some(forbidden(OTHER_SITE));
    }
    if headers
        .get(SEC_FETCH_SITE)
        .is_some_and(|site| site.as_bytes().eq_ignore_ascii_case(b"cross-site"))
    {
        return Some(forbidden(OTHER_SITE));
    }
    if request.method() == Method::POST && !is_json(headers) {
        return Some(Reply::status(StatusCode::UNSUPPORTED_MEDIA_TYPE, NOT_JSON));
    }
    if let Some(refused) = in_chunks(headers) {
        return Some(refused);
    }
    if announced(headers).is_some_and(|length| length > MOST_BODY_BYTES as u64) {
        return Some(Reply::refused(StatusCode::PAYLOAD_TOO_LARGE, ""));
    }
    None
}

/// The header a browser sends to say which site made a request; `cross-site`
/// is another site's page, even where the browser sends no `Origin` (an
/// image or a link).
const SEC_FETCH_SITE: HeaderName = HeaderName::from_static("sec-fetch-site");

/// The headers the guard, or hyper before it, decides by: each must come
/// once, so that no reader of the request (a proxy, the server) can take
/// another one and decide otherwise.
const READ_ONCE: [HeaderName; 6] = [
    HOST,
    ORIGIN,
    SEC_FETCH_SITE,
    CONTENT_TYPE,
    CONTENT_LENGTH,
    TRANSFER_ENCODING,
];

const WRONG_HOST: &str = "this server answers only to this computer's own names and addresses: \
     open the page at the address matchsticks serve printed";
const WRONG_PORT: &str = "this server answers only at the port it listens on: \
     open the page at the address matchsticks serve printed";
const NO_HOST: &str = "the request names no host: send a Host header, as every HTTP/1.1 \
     request does";
const OTHER_SITE: &str = "requests from other sites are refused: \
     open the page at the address matchsticks serve printed";
const NOT_JSON: &str = "a request body must be sent as application/json";
const CHUNKED: &str = "a request body must be sent whole, \
     with its length (Content-Length), not in chunks (Transfer-Encoding)";

fn forbidden(why: &str) -> Reply {
    Reply::status(StatusCode::FORBIDDEN, why)
}

/// The host the request names, in its `Host` header or in its target; both,
/// when both are given, must agree. An HTTP/1.1 request must have a `Host`
/// (400); a host that cannot be read, names another computer, or names a
/// port other than the one the request `arrived` at is refused (403).
fn host(request: &Request, arrived: Option<SocketAddr>) -> Result<Option<Authority>, Reply> {
    let header = match request.headers().get(HOST) {
        Some(value) => Some(authority(value.as_bytes()).ok_or_else(|| forbidden(WRONG_HOST))?),
        None if request.version() == Version::HTTP_11 => {
            return Err(Reply::status(StatusCode::BAD_REQUEST, NO_HOST));
        }
        None => None,
    };
    let host = match (header, request.uri().authority()) {
        (Some(header), Some(target)) if !same_authority(&header, target) => {
            return Err(forbidden(WRONG_HOST));
        }
        (header, target) => header.or_else(|| target.cloned()),
    };
    if let Some(host) = &host {
        if !is_this_computer(host.host(), arrived.map(|a| a.ip())) {
            return Err(forbidden(WRONG_HOST));
        }
        let port = port(host);
        if port.is_none() || arrived.is_some_and(|a| port != Some(a.port())) {
            return Err(forbidden(WRONG_PORT));
        }
    }
    Ok(host)
}

fn authority(bytes: &[u8]) -> Option<Authority> {
    let authority = Authority::try_from(bytes).ok()?;
    // A name, not a user and password.
    (!authority.as_str().contains('@')).then_some(authority)
}

/// The port an authority names: the one written after its host, or 80
/// when none is; `None` when what follows the host is not a port.
fn port(authority: &Authority) -> Option<u16> {
    let rest = &authority.as_str()[authority.host().len()..];
    match rest.strip_prefix(':') {
        None if rest.is_empty() => Some(80),
        Some(digits) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
            digits.parse().ok()
        }
        _ => None,
    }
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
    a.host().eq_ignore_ascii_case(b.host()) && port(a).is_some() && port(a) == port(b)
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

/// A body sent with `Transfer-Encoding`, refused by [`coding_refused`].
fn in_chunks(headers: &HeaderMap) -> Option<Reply> {
    Some(coding_refused(headers.get(TRANSFER_ENCODING)?.as_bytes()))
}

/// The refusal of a body sent with `Transfer-Encoding: coding`: in chunks,
/// whose length is not announced (411), or in a coding this server does
/// not read, such as `gzip, chunked` (501). The page sends its bodies
/// whole; a body in chunks could hide a size no one checked before reading
/// began, and its chunks are one more framing that two readers could read
/// differently.
pub(crate) fn coding_refused(coding: &[u8]) -> Reply {
    let plain = coding
        .split(|&b| b == b',')
        .all(|coding| coding.trim_ascii().eq_ignore_ascii_case(b"chunked"));
    let status = match plain {
        true => StatusCode::LENGTH_REQUIRED,
        false => StatusCode::NOT_IMPLEMENTED,
    };
    Reply::status(status, CHUNKED)
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
    fn a_port_is_the_number_after_the_host_or_80() {
        let cases: &[(&str, Option<u16>)] = &[
            ("localhost", Some(80)),
            ("localhost:8357", Some(8357)),
            ("[::1]", Some(80)),
            ("[::1]:8357", Some(8357)),
            ("localhost:", None),
            ("localhost:8357abc", None),
            ("localhost:65536", None),
            ("localhost:18446744073709551615", None),
        ];
        for &(text, expected) in cases {
            assert_eq!(port(&authority_of(text)), expected, "{text}");
        }
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

    #[test]
    fn a_header_read_here_is_refused_given_twice_even_when_both_agree() {
        for name in READ_ONCE {
            let value = match name.as_str() {
                "host" => "localhost:8357",
                "origin" => "http://localhost:8357",
                "sec-fetch-site" => "same-origin",
                "content-type" => "application/json",
                "content-length" => "2",
                _ => "chunked",
            };
            let mut request = Request::post("/page/play")
                .header(HOST, "localhost:8357")
                .header(CONTENT_TYPE, "application/json")
                .body(axum::body::Body::empty())
                .unwrap();
            request
                .headers_mut()
                .append(name.clone(), HeaderValue::from_static(value));
            if name != HOST && name != CONTENT_TYPE {
                request
                    .headers_mut()
                    .append(name.clone(), HeaderValue::from_static(value));
            }
            let refused = refusal(&request).expect("refused");
            assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{name}");
            assert!(refused.body.contains(&format!("'{name}'")), "{name}");
        }
    }
}
