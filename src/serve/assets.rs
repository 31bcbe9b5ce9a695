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
    "address.js" => JS,
    "api.js" => JS,
    "board.js" => JS,
    "chooser.js" => JS,
    "fit.js" => JS,
    "steps.js" => JS,
    "talk.js" => JS,
    "play.js" => JS,
    "explain.js" => JS,
    "check.js" => JS,
    "lessons.js" => JS,
    "table.js" => JS,
    "bar.js" => JS,
    "chomp.js" => JS,
    "worksheet.js" => JS,
    "teacher.html" => HTML,
    "pupil.html" => HTML,
    "class.css" => CSS,
    "events.js" => JS,
    "game.js" => JS,
    "teacher.js" => JS,
    "pupil.js" => JS,
    "panels.js" => JS,
    "clicks.js" => JS,
];

/// The file at `path`; `/` is the page itself.
pub(crate) fn find(path: &str) -> Option<&'static Asset> {
    let path = match path {
        "/" => "/index.html",
        path => path,
    };
    ASSETS.iter().find(|asset| asset.path == path)
}

/// Serves a file of the page, or 404.
pub(crate) async fn file(uri: Uri) -> Response {
    served(uri.path())
}

/// `GET /teacher`: the teacher's page of a class.
pub(crate) async fn teacher() -> Response {
    served("/teacher.html")
}

/// `GET /join/{code}`: the pupils' page of a class, which reads the code
/// from its own address; at `/join` it asks for the code.
pub(crate) async fn pupil() -> Response {
    served("/pupil.html")
}

/// The file at `path`, or 404.
fn served(path: &str) -> Response {
    match find(path) {
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
            format!("there is nothing at {path}\n"),
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
    fn every_file_of_the_page_is_served() {
        let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/web");
        for entry in std::fs::read_dir(folder).unwrap() {
            let name = entry.unwrap().file_name().into_string().unwrap();
            assert!(
                find(&format!("/{name}")).is_some(),
                "{name} is not in ASSETS"
            );
        }
        // Every module a script imports, and every file the page links.
        for asset in ASSETS {
            for name in references(asset.text) {
                assert!(
                    find(&format!("/{name}")).is_some(),
                    "{} refers to {name}, which is not served",
                    asset.path
                );
            }
        }
    }

    /// The scripts and stylesheets a file names in quotes, by a path of
    /// this server ("./api.js", "/app.css").
    fn references(text: &str) -> Vec<&str> {
        let mut names = Vec::new();
        for start in ["\"./", "\"/", "'./", "'/"] {
            let quote = &start[..1];
            for (at, _) in text.match_indices(start) {
                let rest = &text[at + start.len()..];
                let name = &rest[..rest.find(quote).unwrap_or(0)];
                if name.ends_with(".js") || name.ends_with(".css") {
                    names.push(name);
                }
            }
        }
        names
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
