//! Opening the page in the computer's default browser (`serve --open`).

use std::io;
use std::process::{Command, Stdio};

/// Asks the system to open `url` in the default browser. It does not wait
/// for the browser.
pub(crate) fn open(url: &str) -> io::Result<()> {
    let mut command = match std::env::consts::OS {
        "macos" => Command::new("open"),
        "windows" => {
            let mut c = Command::new("cmd");
            c.args(["/C", "start", ""]);
            c
        }
        _ => Command::new("xdg-open"),
    };
    command
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map(drop)
}
