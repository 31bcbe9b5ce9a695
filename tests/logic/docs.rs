//! The README and the book in `docs/` stay a front door and a map: the
//! README short, every page of the book listed in its summary, and every
//! link between them pointing at a file that exists. (Their console
//! examples are run by `tests/cli.rs`.)

use std::fs;
use std::path::{Path, PathBuf};

/// The README's length, as its own contents promise a quick read.
const MOST_README_LINES: usize = 300;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn book_pages() -> Vec<PathBuf> {
    let mut pages: Vec<PathBuf> = fs::read_dir(root().join("docs/src"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    pages.sort();
    pages
}

/// The targets of a page's Markdown links that are files in this
/// repository: not web addresses, and without their `#…` part.
fn local_links(text: &str) -> Vec<String> {
    let mut links = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        let Some(end) = rest.find(')') else { break };
        let target = &rest[..end];
        let file = target.split('#').next().unwrap_or_default();
        if !file.is_empty() && !target.contains("://") {
            links.push(file.to_owned());
        }
    }
    links
}

#[test]
fn the_readme_is_short() {
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(lines <= MOST_README_LINES, "README.md has {lines} lines");
}

#[test]
fn every_page_of_the_book_is_in_its_summary() {
    let summary = fs::read_to_string(root().join("docs/src/SUMMARY.md")).unwrap();
    let listed = local_links(&summary);
    for page in book_pages() {
        let name = page.file_name().unwrap().to_str().unwrap();
        if name != "SUMMARY.md" {
            assert!(
                listed.iter().any(|link| link == name),
                "{name} is not in SUMMARY.md"
            );
        }
    }
    for link in listed {
        assert!(
            root().join("docs/src").join(&link).is_file(),
            "SUMMARY.md lists {link}"
        );
    }
}

#[test]
fn every_link_in_the_readme_and_the_book_reaches_a_file() {
    let mut pages = book_pages();
    pages.push(root().join("README.md"));
    pages.push(root().join("lessons/README.md"));
    for page in pages {
        let text = fs::read_to_string(&page).unwrap();
        for link in local_links(&text) {
            let target = page.parent().unwrap().join(&link);
            assert!(target.exists(), "{}: {link} does not exist", page.display());
        }
    }
}

#[test]
fn the_lesson_format_page_is_the_lessons_readme() {
    let page = fs::read_to_string(root().join("docs/src/lesson-format.md")).unwrap();
    assert_eq!(page.trim(), "{{#include ../../lessons/README.md}}");
}
