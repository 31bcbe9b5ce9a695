//! A reply to a request: its status, its kind of content, and its body,
//! worked out away from the server's own threads and then sent as is.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::params::ParamError;
use crate::rules::commas::with_commas;

/// A finished reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Reply {
    /// The HTTP status.
    pub status: StatusCode,
    /// The content type.
    pub kind: &'static str,
    /// The body.
    pub body: String,
    /// The seconds to wait before asking again, for a busy server.
    pub(crate) retry_after: Option<u64>,
}

impl Reply {
    /// JSON, with 200.
    pub(crate) fn json(body: String) -> Reply {
        Reply::json_with(StatusCode::OK, body)
    }

    /// JSON, with the given status.
    pub(crate) fn json_with(status: StatusCode, body: String) -> Reply {
        Reply {
            status,
            kind: "application/json",
            body,
            retry_after: None,
        }
    }

    /// Bad input: 400 and `{"error": "..."}`, with the words the command
    /// line would print.
    pub(crate) fn error(e: ParamError) -> Reply {
        Reply::bad_request(e.to_string())
    }

    /// 400 and `{"error": why}`.
    pub(crate) fn bad_request(why: String) -> Reply {
        Reply::json_with(StatusCode::BAD_REQUEST, error_body(&why))
    }

    /// A move that is not allowed: 422 and `{"error": why}`.
    pub(crate) fn illegal(why: String) -> Reply {
        Reply::json_with(StatusCode::UNPROCESSABLE_ENTITY, error_body(&why))
    }

    /// A request refused before it was read, such as a body over the cap:
    /// the status, and why in words.
    pub(crate) fn refused(status: StatusCode, why: &str) -> Reply {
        let why = match status {
            StatusCode::PAYLOAD_TOO_LARGE => format!(
                "the request is bigger than {} bytes ({} KB), the most read",
                with_commas(super::MOST_BODY_BYTES as u128),
                super::MOST_BODY_BYTES / 1024
            ),
            _ => why.to_lowercase(),
        };
        Reply::json_with(status, error_body(&why))
    }

    /// 503: the server is too busy to take this request on now, and
    /// `retry_after` seconds is worth waiting.
    pub(crate) fn busy(why: &str, retry_after: u64) -> Reply {
        Reply {
            retry_after: Some(retry_after),
            ..Reply::json_with(StatusCode::SERVICE_UNAVAILABLE, error_body(why))
        }
    }

    /// 429: a client sends faster than it may, and should wait
    /// `retry_after` seconds.
    pub(crate) fn too_many(why: &str, retry_after: u64) -> Reply {
        Reply {
            retry_after: Some(retry_after),
            ..Reply::json_with(StatusCode::TOO_MANY_REQUESTS, error_body(why))
        }
    }

    /// Any other refusal: the status, and why.
    pub(crate) fn status(status: StatusCode, why: &str) -> Reply {
        Reply::json_with(status, error_body(why))
    }

    /// Work that stopped without an answer: 500.
    pub(crate) fn failed() -> Reply {
        let why = "the answer could not be worked out";
        Reply::json_with(StatusCode::INTERNAL_SERVER_ERROR, error_body(why))
    }

    /// The JSON answer, or the error.
    pub(crate) fn json_or_error(answer: Result<String, ParamError>) -> Reply {
        match answer {
            Ok(body) => Reply::json(body),
            Err(e) => Reply::error(e),
        }
    }
}

fn error_body(why: &str) -> String {
    serde_json::json!({ "error": why }).to_string() + "\n"
}

impl IntoResponse for Reply {
    fn into_response(self) -> Response {
        let mut response =
            (self.status, [(header::CONTENT_TYPE, self.kind)], self.body).into_response();
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}
