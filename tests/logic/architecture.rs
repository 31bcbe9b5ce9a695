//! The shape of the code, checked: the library's folders form layers that
//! only ever depend downward, no two files import each other in a circle,
//! and `src/` itself stays small. ARCHITECTURE.md states these rules; this
//! test keeps them true.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The folders from the bottom layer up. A file may import from its own
/// folder and from folders in lower layers; folders on the same layer do
/// not import each other.
const LAYERS: &[&[&str]] = &[
    &["rules"],
    &["solve"],
    &["teach"],
    &["render", "verify"],
    &["console"],
    &["lesson", "play"],
    &["request"],
    &["class"],
    &["serve"],
    &["cli"],
    &["fuzzing"],
];

fn layer(folder: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&folder))
}

/// Every `.rs` file under `dir`, as paths relative to `src/`.
fn sources(root: &Path, dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(root, &path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path.strip_prefix(root).unwrap().to_path_buf());
        }
    }
}

/// The module path of a file: `teach/method/grouping.rs` → [teach, method,
/// grouping]; a `mod.rs` names its folder.
fn module_of(file: &Path) -> Vec<String> {
    let mut parts: Vec<String> = file
        .with_extension("")
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if parts
        .last()
        .is_some_and(|p| p == "mod" || p == "lib" || p == "main")
    {
        parts.pop();
    }
    parts
}

/// The file a module path names, trying the longest prefix first (the rest
/// is an item inside it).
fn file_of(modules: &BTreeMap<Vec<String>, PathBuf>, path: &[String]) -> Option<PathBuf> {
    (1..=path.len())
        .rev()
        .find_map(|n| modules.get(&path[..n]).cloned())
}

/// The module paths a file imports, resolved from `crate::`, `super::` and
/// `self::`.
fn imports(text: &str, module: &[String]) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with("//") {
            continue;
        }
        let starts = ["crate::", "super::", "self::"]
            .iter()
            .flat_map(|s| line.match_indices(s).map(|(at, _)| at));
        for at in starts {
            if line[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let words: Vec<&str> = line[at..]
                .split("::")
                .map(|w| {
                    w.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                        .next()
                        .unwrap_or("")
                })
                .take_while(|w| !w.is_empty())
                .collect();
            // `super` is the module a file sits in: one step up from the
            // file's own module path (`a/b.rs` is `a::b`, `a/mod.rs` is `a`).
            let mut path: Vec<String> = match words.first() {
                Some(&"crate") => Vec::new(),
                _ => module.to_vec(),
            };
            for word in &words {
                match *word {
                    "crate" | "self" => {}
                    "super" => {
                        path.pop();
                    }
                    name => path.push(name.to_string()),
                }
            }
            if !path.is_empty() {
                found.push(path);
            }
        }
    }
    found
}

#[test]
fn layers_depend_only_downward_and_files_form_no_circle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &root, &mut files);
    let modules: BTreeMap<Vec<String>, PathBuf> =
        files.iter().map(|f| (module_of(f), f.clone())).collect();

    let mut edges: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
    let mut wrong_way = Vec::new();
    for file in &files {
        let text = fs::read_to_string(root.join(file)).unwrap();
        let module = module_of(file);
        let is_mod_file = file.ends_with("mod.rs");
        let own = module.first().cloned().unwrap_or_default();
        for import in imports(&text, &module) {
            let Some(target) = file_of(&modules, &import) else {
                continue;
            };
            if &target == file {
                continue;
            }
            let theirs = import.first().cloned().unwrap_or_default();
            if let (Some(mine), Some(other)) = (layer(&own), layer(&theirs))
                && own != theirs
                && other >= mine
            {
                wrong_way.push(format!("{} imports {}", file.display(), import.join("::")));
            }
            // A folder's mod.rs declares its files; that is not a dependency
            // of the kind that makes circles.
            if !(is_mod_file && target.starts_with(file.parent().unwrap())) {
                edges.entry(file.clone()).or_default().insert(target);
            }
        }
    }
    assert!(
        wrong_way.is_empty(),
        "imports that reach up a layer (or across it):\n{}",
        wrong_way.join("\n")
    );

    // Depth-first search for a circle among files.
    fn visit(
        file: &PathBuf,
        edges: &BTreeMap<PathBuf, BTreeSet<PathBuf>>,
        state: &mut BTreeMap<PathBuf, bool>,
        path: &mut Vec<PathBuf>,
    ) -> Option<Vec<PathBuf>> {
        match state.get(file) {
            Some(true) => return None,
            Some(false) => {
                let start = path.iter().position(|p| p == file).unwrap();
                return Some(path[start..].to_vec());
            }
            None => {}
        }
        state.insert(file.clone(), false);
        path.push(file.clone());
        for next in edges.get(file).into_iter().flatten() {
            if let Some(circle) = visit(next, edges, state, path) {
                return Some(circle);
            }
        }
        path.pop();
        state.insert(file.clone(), true);
        None
    }
    let mut state = BTreeMap::new();
    for file in &files {
        if let Some(circle) = visit(file, &edges, &mut state, &mut Vec::new()) {
            panic!(
                "files import each other in a circle: {}",
                circle
                    .iter()
                    .map(|p| p.display().to_string())
                    .collect::<Vec<_>>()
                    .join(" → ")
            );
        }
    }
}

#[test]
fn src_stays_small_and_main_stays_thin() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let top: Vec<String> = fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert!(top.len() <= 8, "too many files directly in src/: {top:?}");
    let main = fs::read_to_string(root.join("main.rs")).unwrap();
    assert!(main.lines().count() < 40, "main.rs has grown past 40 lines");
}

/// The layers every game shares, which name no game: a file or folder
/// named for one game there would be the start of a twin stack.
const SHARED: &[&str] = &[
    "class", "cli", "console", "lesson", "play", "render", "request", "serve",
];

/// Names that belong to one game, or to one way of playing Nim.
const GAME_NAMES: &[&str] = &["chomp", "bite", "moore", "multi"];

#[test]
fn the_shared_layers_hold_no_file_named_for_one_game() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &root, &mut files);
    let named: Vec<String> = files
        .iter()
        .filter(|f| {
            f.iter()
                .next()
                .is_some_and(|top| SHARED.iter().any(|s| top == *s))
        })
        .filter(|f| {
            f.iter().skip(1).any(|part| {
                let part = part.to_string_lossy();
                GAME_NAMES.iter().any(|name| part.starts_with(name))
            })
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(
        named.is_empty(),
        "files named for one game in a shared layer: {named:?}"
    );
}

#[test]
fn layouts_take_only_the_document_from_the_layers_below() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &root.join("render"), &mut files);
    let mut reaching = Vec::new();
    for file in &files {
        let text = fs::read_to_string(root.join(file)).unwrap();
        for import in imports(&text, &module_of(file)) {
            let allowed = match import.first().map(String::as_str) {
                Some("render") => true,
                Some("teach") => import.get(1).is_some_and(|m| m == "document"),
                _ => false,
            };
            if !allowed {
                reaching.push(format!("{} imports {}", file.display(), import.join("::")));
            }
        }
    }
    assert!(
        reaching.is_empty(),
        "layouts may take only teach::document from below:\n{}",
        reaching.join("\n")
    );
}

/// How many times `Method::` may appear outside `teach/method/`, comments
/// and tests included: the methods are dispatched there, not across the
/// teaching files.
const METHOD_USES_ELSEWHERE: usize = 6;

#[test]
fn the_methods_are_dispatched_in_one_folder() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut uses = Vec::new();
    for dir in ["src", "tests", "benches"] {
        let root = manifest.join(dir);
        let mut files = Vec::new();
        sources(&root, &root, &mut files);
        for file in files {
            let shown = Path::new(dir).join(&file);
            if shown.starts_with("src/teach/method") || shown.ends_with("architecture.rs") {
                continue;
            }
            let text = fs::read_to_string(root.join(&file)).unwrap();
            let n = text.matches("Method::").count();
            if n > 0 {
                uses.push((shown.display().to_string(), n));
            }
        }
    }
    let total: usize = uses.iter().map(|(_, n)| n).sum();
    assert!(
        total <= METHOD_USES_ELSEWHERE,
        "`Method::` appears {total} times outside teach/method/: {uses:?}"
    );
}
