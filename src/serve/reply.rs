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

impl Reply {
    /// The reply in the page's words: a refusal says what the command line
    /// would (see [`page_words`]), naming the page's boxes where the
    /// command line names its flags and commands. The API keeps the
    /// command line's words, as `--format json` prints them.
    pub(crate) fn in_page_words(mut self) -> Reply {
        if !self.status.is_client_error() {
            return self;
        }
        let Ok(mut body) = serde_json::from_str::<serde_json::Value>(&self.body) else {
            return self;
        };
        if let Some(serde_json::Value::String(why)) = body.get_mut("error") {
            *why = page_words(why);
            self.body = body.to_string() + "\n";
        }
        self
    }
}

/// What the command line calls the things a person types, and what the
/// page calls them: a flag is a box or a switch, a command an example, and
/// a word the page always sends but was left empty is the box left empty.
const PAGE_NAMES: &[(&str, &str)] = &[
    ("invalid --take ", "Take "),
    // The worksheet's kinds, by the names the Kind box gives them.
    (
        "a take-set worksheet needs the takes a move may make, such as 1,3,4",
        "“Take the right number” needs the takes a move may make in the Take box, such as 1,3,4",
    ),
    (
        ": a take set is for twenty-one and take-set worksheets",
        ": leave the Take box empty, as only “The 21 game” and “Take the right number” use it",
    ),
    ("a can-you-win worksheet", "“Can you win?”"),
    ("a winning-move worksheet", "“Find a winning move”"),
    ("a make-groups worksheet", "“Make groups”"),
    ("a twenty-one worksheet", "“The 21 game”"),
    ("a take-set worksheet", "“Take the right number”"),
    (
        "--xor shows Nim in binary, so it cannot go with --take",
        "Binary (XOR) shows Nim in binary, so it cannot go with a Take set",
    ),
    (
        "--take cannot go with --rows-per-move above 1",
        "a Take set cannot go with moves from more than one row",
    ),
    (
        "for example `matchsticks explain 3 5 7`",
        "for example 3 5 7",
    ),
    (
        "run `matchsticks lesson` to list them",
        "All lessons lists them",
    ),
    (
        "missing parameter 'position'",
        "no rows given: type how many sticks each row has, for example 3 5 7",
    ),
    (
        "missing parameter 'shape'",
        "no bar given: type a bar, for example 4x5",
    ),
    (
        "missing parameter 'seed'",
        "the Sheet box is empty: type a number, such as 1",
    ),
    (
        "is not a number for count:",
        "is not a number for Questions:",
    ),
    ("is not a number for seed:", "is not a number for Sheet:"),
    ("is not a number for rows:", "is not a number for Rows:"),
    (
        "is not a number for max_sticks:",
        "is not a number for Most sticks:",
    ),
];

/// A refusal's words as the page says them: the command line's words,
/// with every flag, command and parameter the page has no use for named
/// as the page names it. This is the one place the page's refusals are
/// worded; the terminal and the API keep their own.
pub fn page_words(why: &str) -> String {
    let mut words = why.to_string();
    for &(terminal, page) in PAGE_NAMES {
        words = words.replace(terminal, page);
    }
    // A command to try instead: the page has a button for it.
    const COMMAND: &str = "`matchsticks chomp explain ";
    if let Some(at) = words.find(COMMAND) {
        let after = at + COMMAND.len();
        let end = words[after..]
            .find('`')
            .map_or(words.len(), |end| after + end + 1);
        words.replace_range(at..end, "explain it with Explain this bar");
    }
    words
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

#[cfg(test)]
mod tests {
    use super::page_words;

    #[test]
    fn the_page_names_its_boxes_where_the_terminal_names_flags() {
        for (terminal, page) in [
            (
                "invalid --take '0-3': 0 cannot be a take: every move takes at least one stick",
                "Take '0-3': 0 cannot be a take: every move takes at least one stick",
            ),
            (
                "no rows given: type how many sticks each row has, for example `matchsticks explain 3 5 7`",
                "no rows given: type how many sticks each row has, for example 3 5 7",
            ),
            (
                "missing parameter 'position'",
                "no rows given: type how many sticks each row has, for example 3 5 7",
            ),
            (
                "the bar 9x9 is too big to play on: try a bar with fewer rows or columns, or `matchsticks chomp explain 9x9`",
                "the bar 9x9 is too big to play on: try a bar with fewer rows or columns, or explain it with Explain this bar",
            ),
            ("'x' is not a row size", "'x' is not a row size"),
            (
                "a can-you-win worksheet allows any take: a take set is for twenty-one and take-set worksheets",
                "“Can you win?” allows any take: leave the Take box empty, as only “The 21 game” and “Take the right number” use it",
            ),
            (
                "a take-set worksheet needs the takes a move may make, such as 1,3,4",
                "“Take the right number” needs the takes a move may make in the Take box, such as 1,3,4",
            ),
        ] {
            assert_eq!(page_words(terminal), page);
        }
    }
}
