//! The page's own files, compiled into the program so the page works with
//! no network: plain HTML, CSS and JavaScript modules, with no build step.

use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

/// A file of the page: where it is served, its type and its text.
#[derive(Clone, Copy, Debug)]
pub struct Asset {
    /// The path it is served at.
    pub path: &'static str,
    /// Its content type.
    pub kind: &'static str,
    /// Its text.
    pub text: &'static str,
}

macro_rules! assets {
    ($($path:literal => $kind:expr),* $(,)?) => {
        &[$(Asset {
            path: concat!("/", $path),
            kind: $kind,
            text: include_str!(concat!("../../assets/web/", $path)),
        }),*]
    };
}

const HTML: &str = "text/html; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";

/// Every file of the page.
pub const ASSETS: &[Asset] = assets![
    "index.html" => HTML,
    "app.css" => CSS,
    "document.css" => CSS,
    "app.js" => JS,
];

/// The file at `path`; `/` is the page itself.
pub fn find(path: &str) -> Option<&'static Asset> {
    let path = match path {
        "/" => "/index.html",
        path => path,
    };
    ASSETS.iter().find(|asset| asset.path == path)
}

/// Serves a file of the page, or 404.
pub async fn file(uri: Uri) -> Response {
    match find(uri.path()) {
        Some(asset) => (
            [
                (header::CONTENT_TYPE, asset.kind),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            asset.text,
        )
            .into_response(),
        None => (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            format!("there is nothing at {}\n", uri.path()),
        )
            .into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_and_its_files_are_found() {
        assert_eq!(find("/").unwrap().kind, HTML);
        assert_eq!(find("/app.css").unwrap().kind, CSS);
        assert_eq!(find("/app.js").unwrap().kind, JS);
        assert!(find("/../Cargo.toml").is_none());
    }

    #[test]
    fn no_file_loads_anything_from_elsewhere() {
        for asset in ASSETS {
            // The SVG namespace is a name, not a place anything loads from.
            let text = asset.text.replace("http://www.w3.org/2000/svg", "");
            for outside in ["http://", "https://", "//cdn", "@import url("] {
                assert!(
                    !text.contains(outside),
                    "{} refers to {outside}",
                    asset.path
                );
            }
        }
    }
}
