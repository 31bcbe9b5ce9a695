//! The classroom page in a real browser: the server runs in this process,
//! a headless Chromium loads the page, and each test clicks and presses
//! keys as a teacher would, then reads what the page shows. Every test
//! saves a screenshot at 1280×720 in `target/screenshots/`.
//!
//! Chromium is found on `PATH` (or named by the `CHROME` variable). Without
//! it each test says so and passes, so the suite still runs anywhere; `.ci/run`
//! installs it. The tests share one browser while any of them runs, and
//! drive it over its DevTools protocol: JSON commands on one WebSocket to
//! this computer, with a small client below instead of a browser-driving
//! crate, which would bring a TLS stack and a C compiler into the build.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStderr, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak, mpsc};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use matchsticks::serve::Server;
use serde_json::{Value, json};
use tungstenite::protocol::Role;
use tungstenite::{Message, WebSocket};

/// The screen of a classroom projector.
const WIDTH: u32 = 1280;
const HEIGHT: u32 = 720;

/// How long to wait for the page to show something before failing.
const PATIENCE: Duration = Duration::from_secs(15);

/// A browser and the server it talks to, shared by the tests that run at
/// the same time and closed when the last of them finishes.
struct Shared {
    browser: Browser,
    server: Server,
}

static SHARED: Mutex<Weak<Shared>> = Mutex::new(Weak::new());

/// The browser to drive, if this computer has one.
fn chromium() -> Option<PathBuf> {
    if let Some(named) = std::env::var_os("CHROME") {
        return Some(PathBuf::from(named));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).find_map(|dir| {
        [
            "chromium",
            "chromium-browser",
            "google-chrome",
            "google-chrome-stable",
        ]
        .iter()
        .map(|name| dir.join(name))
        .find(|candidate| candidate.is_file())
    })
}

fn shared() -> Option<Arc<Shared>> {
    let Some(chrome) = chromium() else {
        // In CI a missing browser is a broken setup, not a skip.
        assert!(
            std::env::var_os("CI").is_none(),
            "no Chromium found, and CI must run the browser tests"
        );
        // Written to the real stderr, past the test harness's capture, so
        // the skip shows in the test output instead of passing silently.
        let _ = writeln!(
            std::io::stderr(),
            "browser test SKIPPED: no Chromium found; install Debian's chromium package to run it"
        );
        return None;
    };
    let mut slot = SHARED.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(running) = slot.upgrade() {
        return Some(running);
    }
    let server = Server::start("127.0.0.1:0".parse().unwrap()).expect("the server starts");
    let browser = Browser::launch(&chrome).unwrap_or_else(|e| panic!("Chromium starts: {e}"));
    let running = Arc::new(Shared { browser, server });
    *slot = Arc::downgrade(&running);
    Some(running)
}

/// Locks a mutex even if a test failed while holding it.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// What the browser answered to one command: its result, or its error.
type Reply = Result<Value, String>;

/// The commands sent and not yet answered, each with where its answer
/// goes; None once the connection is gone.
type Waiting = Arc<Mutex<Option<HashMap<u64, mpsc::Sender<Reply>>>>>;

/// One end of the WebSocket to the browser.
type Socket = WebSocket<TcpStream>;

/// The errors kept for each tab, by the id its commands carry.
type Tabs = Arc<Mutex<HashMap<String, Arc<Mutex<Vec<String>>>>>>;

/// Chromium, running headless with a profile of its own, and the
/// connection to its DevTools protocol.
///
/// Every tab's commands go over the browser's one WebSocket, each tagged
/// with the id of the tab it is for. A thread reads everything that comes back: it
/// hands each answer to the command waiting for it, and keeps the errors
/// each tab reports. Commands are written on a second handle to the same
/// connection, so a test never waits for another test's answer to send.
struct Browser {
    process: Child,
    profile: PathBuf,
    connection: TcpStream,
    writer: Mutex<Socket>,
    next_id: AtomicU64,
    waiting: Waiting,
    tabs: Tabs,
    reader: Option<JoinHandle<()>>,
}

impl Browser {
    /// Starts `chrome` and connects to it.
    fn launch(chrome: &Path) -> Result<Browser, String> {
        static LAUNCHES: AtomicU64 = AtomicU64::new(0);
        let profile = std::env::temp_dir().join(format!(
            "matchsticks-chromium-{}-{}",
            std::process::id(),
            LAUNCHES.fetch_add(1, Ordering::Relaxed)
        ));
        let mut process = Command::new(chrome)
            .args([
                "--headless",
                // Port 0 lets Chromium choose a free port, on loopback.
                "--remote-debugging-port=0",
                "--remote-debugging-address=127.0.0.1",
                // The tests run as root in CI, where Chromium's sandbox
                // cannot start.
                "--no-sandbox",
                "--hide-scrollbars",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                // Nothing but the page: no requests of the browser's own,
                // and no timers slowed in a tab that is not in front.
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-default-apps",
                "--disable-extensions",
                "--disable-sync",
                "--disable-breakpad",
                "--disable-client-side-phishing-detection",
                "--disable-features=Translate,MediaRouter,OptimizationHints",
                "--no-first-run",
                "--no-default-browser-check",
                "--metrics-recording-only",
                "--password-store=basic",
                "--use-mock-keychain",
                "--force-color-profile=srgb",
                "--disable-background-timer-throttling",
                "--disable-backgrounding-occluded-windows",
                "--disable-renderer-backgrounding",
                "--disable-hang-monitor",
                "--disable-ipc-flooding-protection",
            ])
            .arg(format!("--window-size={WIDTH},{HEIGHT}"))
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("{}: {e}", chrome.display()))?;
        let stderr = process.stderr.take().expect("Chromium's stderr");
        let connected = Self::listening(stderr)
            .and_then(|url| Self::open(&url).map_err(|e| format!("{url}: {e}")));
        match connected {
            Ok((connection, writer, reader)) => {
                let waiting: Waiting = Arc::new(Mutex::new(Some(HashMap::new())));
                let tabs = Tabs::default();
                let reader = {
                    let (waiting, tabs) = (Arc::clone(&waiting), Arc::clone(&tabs));
                    std::thread::spawn(move || read_replies(reader, &waiting, &tabs))
                };
                Ok(Browser {
                    process,
                    profile,
                    connection,
                    writer: Mutex::new(writer),
                    next_id: AtomicU64::new(1),
                    waiting,
                    tabs,
                    reader: Some(reader),
                })
            }
            Err(e) => {
                let _ = process.kill();
                let _ = process.wait();
                let _ = std::fs::remove_dir_all(&profile);
                Err(e)
            }
        }
    }

    /// Where Chromium says on its stderr that it listens for the DevTools
    /// protocol, such as `ws://127.0.0.1:PORT/devtools/browser/ID`.
    fn listening(stderr: ChildStderr) -> Result<String, String> {
        // A thread reads stderr to its end, so that Chromium never waits
        // on a full pipe, and passes on the line that says where it listens.
        let (found, listening) = mpsc::channel();
        std::thread::spawn(move || {
            let mut said = Vec::new();
            for line in BufReader::new(stderr).split(b'\n') {
                let Ok(line) = line else { break };
                let line = String::from_utf8_lossy(&line).trim_end().to_string();
                match line.strip_prefix("DevTools listening on ") {
                    Some(url) => drop(found.send(Ok(url.to_string()))),
                    None if said.len() < 20 => said.push(line),
                    None => {}
                }
            }
            let _ = found.send(Err(format!("it ended, saying:\n{}", said.join("\n"))));
        });
        listening
            .recv_timeout(PATIENCE)
            .unwrap_or_else(|_| Err(format!("it did not say where it listens in {PATIENCE:?}")))
    }

    /// Opens a WebSocket at `url`, on this computer: the connection, a
    /// handle to write on, and one to read on.
    fn open(url: &str) -> std::io::Result<(TcpStream, Socket, Socket)> {
        let unexpected = |what: String| std::io::Error::other(what);
        let (address, path) = url
            .strip_prefix("ws://")
            .and_then(|rest| rest.split_once('/'))
            .ok_or_else(|| unexpected("not a WebSocket address".to_string()))?;
        let address: SocketAddr = address.parse().map_err(|e| unexpected(format!("{e}")))?;
        assert!(address.ip().is_loopback(), "Chromium listens at {address}");
        let mut connection = TcpStream::connect_timeout(&address, PATIENCE)?;
        connection.set_read_timeout(Some(PATIENCE))?;
        connection.set_write_timeout(Some(PATIENCE))?;
        connection.set_nodelay(true)?;
        // The opening handshake of RFC 6455, with the RFC's example key: a
        // server that speaks WebSocket answers with the value the RFC gives.
        write!(
            connection,
            "GET /{path} HTTP/1.1\r\nHost: {address}\r\nUpgrade: websocket\r\n\
             Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
             Sec-WebSocket-Version: 13\r\n\r\n"
        )?;
        let deadline = Instant::now() + PATIENCE;
        let mut answer = Vec::new();
        let end = loop {
            if let Some(end) = answer.windows(4).position(|end| end == b"\r\n\r\n") {
                break end + 4;
            }
            let mut more = [0; 1024];
            let read = connection.read(&mut more)?;
            if read == 0 || answer.len() > 16_384 || Instant::now() > deadline {
                return Err(unexpected("no whole answer to the handshake".to_string()));
            }
            answer.extend_from_slice(&more[..read]);
        };
        let head = String::from_utf8_lossy(&answer[..end]);
        if !head.starts_with("HTTP/1.1 101 ") || !head.contains("s3pPLMBiTxaQ9kYGzzhZRbK+xOo=") {
            return Err(unexpected(format!("the handshake was answered:\n{head}")));
        }
        // The reader waits as long as the browser is quiet: the connection
        // is shut down when the browser closes, which ends its wait.
        connection.set_read_timeout(None)?;
        let rest = answer[end..].to_vec();
        let reader = Socket::from_partially_read(connection.try_clone()?, rest, Role::Client, None);
        let writer = Socket::from_raw_socket(connection.try_clone()?, Role::Client, None);
        Ok((connection, writer, reader))
    }

    /// Sends the command `method` to the browser, or to the tab attached
    /// whose commands carry the id `tab`, and waits for its result.
    fn call(&self, tab: Option<&str>, method: &str, params: Value) -> Reply {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let (send, answer) = mpsc::channel();
        lock(&self.waiting)
            .as_mut()
            .ok_or_else(|| format!("{method}: the browser has closed"))?
            .insert(id, send);
        let mut command = json!({ "id": id, "method": method, "params": params });
        if let Some(tab) = tab {
            command["sessionId"] = tab.into();
        }
        let sent = lock(&self.writer).send(Message::text(command.to_string()));
        let reply = match sent {
            Ok(()) => answer
                .recv_timeout(PATIENCE)
                .unwrap_or_else(|e| Err(format!("no answer ({e})"))),
            Err(e) => Err(format!("not sent ({e})")),
        };
        if let Some(waiting) = lock(&self.waiting).as_mut() {
            waiting.remove(&id);
        }
        reply.map_err(|e| format!("{method}: {e}"))
    }
}

/// Reads what the browser sends until the connection closes: answers go
/// to the commands waiting for them, and a tab's errors to its list.
fn read_replies(mut socket: Socket, waiting: &Waiting, tabs: &Tabs) {
    while let Ok(message) = socket.read() {
        let Message::Text(text) = message else {
            continue;
        };
        let Ok(message) = serde_json::from_str::<Value>(&text) else {
            continue;
        };
        if let Some(id) = message["id"].as_u64() {
            let reply = match message.get("error") {
                Some(error) => Err(error.to_string()),
                None => Ok(message["result"].clone()),
            };
            let waiter = lock(waiting).as_mut().and_then(|w| w.remove(&id));
            if let Some(waiter) = waiter {
                let _ = waiter.send(reply);
            }
        } else if let Some(error) = page_error(&message) {
            let tab = message["sessionId"].as_str().unwrap_or_default();
            if let Some(errors) = lock(tabs).get(tab) {
                lock(errors).push(error);
            }
        }
    }
    // Every command still waiting hears at once that no answer will come.
    lock(waiting).take();
}

/// The error an event from a tab reports, if it is one: an exception,
/// `console.error`, or an error in the log (such as a request that failed).
fn page_error(event: &Value) -> Option<String> {
    let params = &event["params"];
    let text = |value: &Value| value.as_str().unwrap_or_default().to_string();
    match event["method"].as_str()? {
        "Runtime.exceptionThrown" => {
            let details = &params["exceptionDetails"];
            Some(format!(
                "exception: {} {}",
                text(&details["text"]),
                text(&details["exception"]["description"])
            ))
        }
        "Runtime.consoleAPICalled" if params["type"] == "error" => {
            Some(format!("console.error: {}", params["args"]))
        }
        "Log.entryAdded" if params["entry"]["level"] == "error" => {
            let entry = &params["entry"];
            Some(format!(
                "{}: {}",
                text(&entry["source"]),
                text(&entry["text"])
            ))
        }
        _ => None,
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        // Closed politely, so that Chromium ends its own helper processes,
        // and killed if it has not gone within a few seconds.
        let _ = self.call(None, "Browser.close", json!({}));
        let deadline = Instant::now() + Duration::from_secs(5);
        while matches!(self.process.try_wait(), Ok(None)) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.process.kill();
        let _ = self.process.wait();
        let _ = self.connection.shutdown(Shutdown::Both);
        if let Some(reader) = self.reader.take() {
            let _ = reader.join();
        }
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// One tab showing the page, with every error it reports kept.
struct Page {
    shared: Arc<Shared>,
    /// The tab, to close it with.
    target: String,
    /// The id its commands carry, given when it was attached.
    attached: String,
    errors: Arc<Mutex<Vec<String>>>,
}

impl Page {
    /// Opens the page at `path` (such as `/#explain`) in a new tab of
    /// 1280×720, or None when there is no browser.
    fn open(path: &str) -> Option<Page> {
        let shared = shared()?;
        let browser = &shared.browser;
        let created = browser
            .call(None, "Target.createTarget", json!({ "url": "about:blank" }))
            .expect("a new tab");
        let target = created["targetId"].as_str().expect("the tab's id");
        let attached = browser
            .call(
                None,
                "Target.attachToTarget",
                json!({ "targetId": target, "flatten": true }),
            )
            .expect("the tab is attached");
        let attached = attached["sessionId"]
            .as_str()
            .expect("the id for the tab's commands");
        let errors = Arc::new(Mutex::new(Vec::new()));
        lock(&browser.tabs).insert(attached.to_string(), Arc::clone(&errors));
        let page = Page {
            target: target.to_string(),
            attached: attached.to_string(),
            errors,
            shared,
        };
        page.command(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": false }),
            "the screen size is set",
        );
        page.command("Log.enable", json!({}), "the log is on");
        page.command("Runtime.enable", json!({}), "the runtime is on");
        let url = format!("http://{}{path}", page.shared.server.addr());
        let navigated = page.command("Page.navigate", json!({ "url": url }), "the page");
        assert!(navigated.get("errorText").is_none(), "{url}: {navigated}");
        let loaded = "location.protocol === 'http:' && document.readyState === 'complete'";
        let start = Instant::now();
        while page.evaluate(loaded, false) != Ok(Value::Bool(true)) {
            assert!(start.elapsed() < PATIENCE, "{url} did not load");
            std::thread::sleep(Duration::from_millis(20));
        }
        page.print(false);
        Some(page)
    }

    /// Sends the command `method` to this tab, failing saying `what` if
    /// the browser answers with an error.
    fn command(&self, method: &str, params: Value, what: &str) -> Value {
        self.shared
            .browser
            .call(Some(&self.attached), method, params)
            .unwrap_or_else(|e| panic!("{what}: {e}"))
    }

    /// The value of a JavaScript expression, awaited if it is a promise
    /// and `wait` is true; an error if it throws.
    fn evaluate(&self, expression: &str, wait: bool) -> Result<Value, String> {
        let params =
            json!({ "expression": expression, "returnByValue": true, "awaitPromise": wait });
        let evaluated =
            self.shared
                .browser
                .call(Some(&self.attached), "Runtime.evaluate", params)?;
        if let Some(thrown) = evaluated.get("exceptionDetails") {
            return Err(thrown["exception"]["description"]
                .as_str()
                .map_or_else(|| thrown.to_string(), str::to_string));
        }
        Ok(evaluated["result"]["value"].clone())
    }

    // Each helper makes as few calls to the browser as it can: one to
    // read, one to wait, three to click.

    /// The value of a JavaScript expression (a string, number, bool or null).
    fn eval(&self, expression: &str) -> Value {
        self.evaluate(expression, false)
            .unwrap_or_else(|e| panic!("{expression}: {e}"))
    }

    /// Waits in the page until the JavaScript `condition` is true, or fails
    /// saying `what`.
    fn wait(&self, condition: &str, what: &str) {
        let millis = PATIENCE.as_millis() * 2 / 3;
        let js = format!(
            "new Promise(done => {{ const start = performance.now(); const poll = () => {{ \
             if ({condition}) done(true); else if (performance.now() - start > {millis}) done(false); \
             else setTimeout(poll, 15); }}; poll(); }})"
        );
        let met = self
            .evaluate(&js, true)
            .unwrap_or_else(|e| panic!("waiting for {what}: {e}"));
        if met != Value::Bool(true) {
            self.shot("failed");
            panic!("waited {millis} ms for {what}: {condition}");
        }
    }

    /// The text shown by the element at `selector`.
    fn text(&self, selector: &str) -> String {
        let js = format!("document.querySelector({selector:?})?.innerText ?? null");
        match self.eval(&js) {
            // Moves and short positions are kept on one line with no-break
            // spaces; read as plain spaces.
            Value::String(text) => text.replace('\u{a0}', " "),
            _ => panic!("nothing on the page matches {selector}"),
        }
    }

    /// Clicks the element at `selector` with the mouse, in its middle, once
    /// it is there and nothing else covers that point.
    fn click(&self, selector: &str) {
        let millis = PATIENCE.as_millis() * 2 / 3;
        let js = format!(
            "new Promise(done => {{ const start = performance.now(); const look = () => {{ \
             const e = document.querySelector({selector:?}); let why = 'missing'; \
             if (e) {{ e.scrollIntoView({{ block: 'nearest' }}); const r = e.getBoundingClientRect(); \
               const x = r.left + r.width / 2, y = r.top + r.height / 2; \
               const hit = document.elementFromPoint(x, y); \
               if (hit && (e === hit || e.contains(hit))) return done([x, y].join(' ')); \
               why = 'not where it can be clicked'; }} \
             if (performance.now() - start > {millis}) done(why); else setTimeout(look, 15); }}; look(); }})"
        );
        let at = self
            .evaluate(&js, true)
            .unwrap_or_else(|e| panic!("clicking {selector}: {e}"));
        let at = at.as_str().unwrap_or("missing");
        let Some((x, y)) = at
            .split_once(' ')
            .and_then(|(x, y)| Some((x.parse::<f64>().ok()?, y.parse::<f64>().ok()?)))
        else {
            self.shot("failed");
            panic!("clicking {selector}: {at}");
        };
        for kind in ["mousePressed", "mouseReleased"] {
            self.command(
                "Input.dispatchMouseEvent",
                json!({ "type": kind, "x": x, "y": y, "button": "left", "clickCount": 1 }),
                &format!("clicking {selector}"),
            );
        }
    }

    /// Presses a key, such as "ArrowRight", "Enter" or "m".
    fn press(&self, key: &str) {
        // As on an American keyboard: the key's code, its Windows key code,
        // and the text it types, if any.
        let (code, number, text) = match key {
            "Enter" => ("Enter".to_string(), 13, Some("\r")),
            "Escape" => ("Escape".to_string(), 27, None),
            "ArrowLeft" => ("ArrowLeft".to_string(), 37, None),
            "ArrowUp" => ("ArrowUp".to_string(), 38, None),
            "ArrowRight" => ("ArrowRight".to_string(), 39, None),
            "ArrowDown" => ("ArrowDown".to_string(), 40, None),
            "Home" => ("Home".to_string(), 36, None),
            " " => ("Space".to_string(), 32, Some(" ")),
            _ => match key.as_bytes() {
                [letter @ b'a'..=b'z'] => {
                    let upper = letter.to_ascii_uppercase();
                    (format!("Key{}", upper as char), upper, Some(key))
                }
                [digit @ b'0'..=b'9'] => (format!("Digit{key}"), *digit, Some(key)),
                _ => panic!("no key {key:?} on the keyboard these tests use"),
            },
        };
        let mut event = json!({
            "type": if text.is_some() { "keyDown" } else { "rawKeyDown" },
            "key": key,
            "code": code,
            "windowsVirtualKeyCode": number,
            "nativeVirtualKeyCode": number,
        });
        if let Some(text) = text {
            event["text"] = text.into();
        }
        let pressing = format!("pressing {key}");
        self.command("Input.dispatchKeyEvent", event.clone(), &pressing);
        event["type"] = "keyUp".into();
        event.as_object_mut().expect("an event").remove("text");
        self.command("Input.dispatchKeyEvent", event, &pressing);
    }

    /// Types `text` into the field at `selector`, replacing what it held.
    fn type_into(&self, selector: &str, text: &str) {
        self.eval(&format!("document.querySelector({selector:?}).value = ''"));
        self.click(selector);
        for key in text.chars() {
            self.press(key.encode_utf8(&mut [0; 4]));
        }
    }

    /// Whether the JavaScript `condition` holds now.
    fn is(&self, condition: &str) -> bool {
        self.eval(&format!("Boolean({condition})")) == Value::Bool(true)
    }

    /// Saves what the screen shows as `target/screenshots/NAME.png`.
    fn shot(&self, name: &str) {
        let shot = self.command(
            "Page.captureScreenshot",
            json!({ "format": "png", "fromSurface": true }),
            "a screenshot",
        );
        let png = from_base64(shot["data"].as_str().expect("a screenshot in base64"));
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
        std::fs::create_dir_all(&dir).expect("the screenshot folder");
        std::fs::write(dir.join(format!("{name}.png")), png).expect("the screenshot is saved");
    }

    /// Fails if the page reported an error: an exception, `console.error`,
    /// or (unless `network` is false) a request that failed.
    fn assert_no_errors(&self, network: bool) {
        let errors = lock(&self.errors);
        let errors: Vec<&String> = errors
            .iter()
            .filter(|e| network || !e.starts_with("network:"))
            .collect();
        assert!(errors.is_empty(), "the page reported errors: {errors:#?}");
    }

    /// How many sticks the board at `selector` draws in each row.
    fn rows(&self, board: &str) -> String {
        let js = format!(
            "(() => {{ const n = {{}}; for (const r of document.querySelectorAll('{board} rect[data-row]')) n[r.dataset.row] = (n[r.dataset.row] ?? 0) + 1; return Object.values(n).join(' '); }})()"
        );
        self.eval(&js).as_str().unwrap_or_default().to_string()
    }

    /// How many elements match `selector`.
    fn count(&self, selector: &str) -> u64 {
        let js = format!("document.querySelectorAll({selector:?}).length");
        self.eval(&js)
            .as_u64()
            .unwrap_or_else(|| panic!("counting {selector}"))
    }

    /// Waits until `count` elements match `selector`, or fails saying `what`.
    fn wait_count(&self, selector: &str, count: usize, what: &str) {
        let js = format!("document.querySelectorAll({selector:?}).length === {count}");
        self.wait(&js, what);
    }

    /// Where the sticks or squares at `selector` are, as `row.stick` (or
    /// `row.column`), in the page's order, such as "3.5 3.6 3.7".
    fn places(&self, selector: &str) -> String {
        let js = format!(
            "[...document.querySelectorAll({selector:?})].map(r => r.dataset.row + '.' + (r.dataset.stick ?? r.dataset.column)).join(' ')"
        );
        match self.eval(&js) {
            serde_json::Value::String(places) => places,
            other => panic!("the places of {selector}: {other}"),
        }
    }

    /// How long each request for `path` took, in milliseconds, such as "12 9 11".
    fn request_times(&self, path: &str) -> String {
        let js = format!(
            "performance.getEntriesByType('resource').filter(e => e.name.endsWith({path:?})).map(e => Math.round(e.duration)).join(' ')"
        );
        self.eval(&js).as_str().unwrap_or_default().to_string()
    }

    /// Whether the element at `selector` can be seen (on paper too, when printing).
    fn shown(&self, selector: &str) -> bool {
        self.is(&format!(
            "document.querySelector({selector:?}).checkVisibility()"
        ))
    }

    /// Whether every element at `selector` can be seen.
    fn all_shown(&self, selector: &str) -> bool {
        self.is(&format!(
            "[...document.querySelectorAll({selector:?})].every(e => e.checkVisibility())"
        ))
    }

    /// Lays the page out as printed on paper, or (when `printed` is false)
    /// on the screen again.
    fn print(&self, printed: bool) {
        let (media, on) = if printed {
            ("print", "paper")
        } else {
            ("", "the screen")
        };
        // The computer's thinking pause is skipped, as it is for anyone
        // whose system asks for less motion, so the tests do not wait.
        let calm = json!({ "name": "prefers-reduced-motion", "value": "reduce" });
        self.command(
            "Emulation.setEmulatedMedia",
            json!({ "media": media, "features": [calm] }),
            &format!("laying the page out on {on}"),
        );
    }
    /// Opens the lesson `name` from the list and waits for its title,
    /// which starts with `title`.
    fn start_lesson(&self, name: &str, title: &str) {
        self.click(&format!("button.lesson-choice[data-name='{name}']"));
        self.wait(
            &format!("document.getElementById('lesson-title').textContent.startsWith({title:?})"),
            "the lesson",
        );
    }

    /// Presses Next until the lesson asks a question, at most nine times.
    fn next_until_question(&self) {
        let question = "document.querySelector('#lesson-page .question:not(.done)')";
        let mut nexts = 0;
        while !self.is(question) {
            nexts += 1;
            if nexts == 10 {
                self.shot("failed");
                panic!("no question came");
            }
            self.click("#lesson-next");
        }
    }

    /// Waits until the lesson has answered `count` tries, then reads the
    /// last answer; fails saying `what` if it never comes.
    fn said(&self, count: usize, what: &str) -> String {
        self.wait_count(".said-log .said", count, what);
        self.text(".said-log .said:last-child")
    }
}

/// The bytes that `text` holds in base64, as the browser sends a picture.
fn from_base64(text: &str) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(text.len() / 4 * 3);
    let (mut bits, mut held) = (0u32, 0);
    for c in text.bytes().filter(|&c| c != b'=') {
        let six = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => panic!("{:?} is not base64", c as char),
        };
        bits = (bits << 6 | u32::from(six)) & 0xffff;
        held += 6;
        if held >= 8 {
            held -= 8;
            bytes.push((bits >> held) as u8);
        }
    }
    bytes
}

/// Fails unless `text` holds every one of `parts`, showing the text.
fn assert_contains(text: &str, parts: &[&str]) {
    for part in parts {
        assert!(text.contains(part), "{part:?} is not in: {text}");
    }
}

impl Drop for Page {
    fn drop(&mut self) {
        let browser = &self.shared.browser;
        lock(&browser.tabs).remove(&self.attached);
        let _ = browser.call(
            None,
            "Target.closeTarget",
            json!({ "targetId": self.target }),
        );
    }
}

#[test]
fn the_page_opens_on_3_5_7_ready_to_play() {
    let started = Instant::now();
    let Some(page) = Page::open("/") else { return };
    page.wait_count("#play-board rect[data-row]", 15, "the board of 3 5 7");
    let timing = page.eval(
        "(() => { const n = performance.getEntriesByType('navigation')[0]; \
         const game = performance.getEntriesByType('resource').find(e => e.name.endsWith('/page/play')); \
         return `loaded in ${Math.round(n.loadEventEnd)} ms, board drawn by ${Math.round(game.responseEnd)} ms`; })()",
    );
    eprintln!(
        "the page {timing}; 3 5 7 seen after {:?} (with the browser's start)",
        started.elapsed()
    );
    assert_eq!(page.rows("#play-board"), "3 5 7");
    assert!(page.is("!document.getElementById('play').hidden"));
    assert!(page.text("#play-game").contains("last stick loses"));

    // A stick and every stick to its right are chosen; Esc forgets them.
    page.click("#play-board rect[data-row='3'][data-stick='5']");
    let chosen = "#play-board rect.chosen";
    assert_eq!(page.places(chosen), "3.5 3.6 3.7");
    assert_eq!(page.text("#play-take"), "Take 3 from row 3");
    page.press("Escape");
    assert_eq!(page.places(chosen), "");
    // The arrow keys choose too: up to row 3's last stick, then one more.
    page.press("ArrowUp");
    page.press("ArrowLeft");
    assert_eq!(page.places(chosen), "3.6 3.7");
    page.shot("page");

    // Printed, the board stays and the buttons and tabs go.
    page.print(true);
    assert!(page.shown("#play-board svg.sticks"));
    for gone in ["#play-take", "#play-hint", ".tabs", "#play-setup", ".keys"] {
        assert!(!page.shown(gone), "{gone} is printed");
    }
    page.shot("page-print");
    page.print(false);

    // Every part of the page opens from its letter.
    for (key, part) in [
        ("e", "explain"),
        ("c", "check"),
        ("l", "lessons"),
        ("t", "table"),
        ("p", "play"),
    ] {
        page.press(key);
        page.wait(
            &format!("!document.getElementById('{part}').hidden && location.hash === '#{part}'"),
            part,
        );
    }
    page.wait(
        "document.querySelector('#table-out table.grid')",
        "the table of 3 5 7",
    );
    page.assert_no_errors(true);
}

#[test]
fn a_game_of_21_is_played_to_the_end_by_clicking() {
    let Some(page) = Page::open("/") else { return };
    page.click("button.preset[data-position='21']");
    page.wait_count("#play-board rect[data-row]", 21, "21 sticks");
    assert!(
        page.text("#play-game")
            .contains("a move takes 1 to 3 sticks")
    );

    page.click("#play-hint");
    page.wait_count("#play-hints li", 1, "a hint");
    assert!(!page.text("#play-hints li").is_empty());

    let idle = "document.getElementById('play').getAttribute('aria-busy') === 'false'";
    let mut turns = 0;
    loop {
        // How the game stands, in one look: the sticks left and what was
        // said, or "over".
        let state = page.eval(
            "document.getElementById('play-result').hidden \
             ? document.querySelectorAll('#play-board rect[data-row]').length + '|' + document.getElementById('play-said').innerText \
             : 'over'",
        );
        let state = state.as_str().unwrap_or_default().to_string();
        let Some((sticks, said)) = state.split_once('|') else {
            break;
        };
        if turns > 0 {
            assert!(said.starts_with("You take"), "{said}");
            assert!(said.contains("The computer takes"), "{said}");
        }
        turns += 1;
        assert!(turns < 30, "the game never ended");
        let last = format!("#play-board rect[data-row='1'][data-stick='{sticks}']");
        // Take the last stick by clicking it and then "Take" (or Enter), or
        // two sticks with the "Take 2" button.
        match turns % 3 {
            1 => {
                page.click(&last);
                if turns == 1 {
                    assert_eq!(page.text("#play-take"), "Take 1 from row 1");
                }
                page.click("#play-take");
            }
            2 if sticks != "1" => page.click("#play-buttons button[data-take='2']"),
            _ => {
                page.click(&last);
                page.press("Enter");
            }
        }
        page.wait(
            &format!("{idle} && !document.querySelector('#play-board rect.taken')"),
            "the computer's move",
        );
    }
    // The computer plays perfectly, and 21 is a count to avoid for whoever starts.
    assert_eq!(
        page.text("#play-result"),
        "You took the last stick, so the computer wins."
    );
    assert_contains(
        &page.text("#play-review"),
        &["Review of the game", "You took the last stick"],
    );
    let trips = page.request_times("/page/play");
    eprintln!("{turns} turns; each game request took (ms): {trips}");
    page.shot("play-21");
    page.assert_no_errors(true);
}

#[test]
fn explain_3_4_5_goes_step_by_step() {
    let Some(page) = Page::open("/#explain") else {
        return;
    };
    page.wait(
        "document.querySelector('#explain-steps .step-holder')",
        "the first explanation",
    );
    page.type_into("#explain-setup [name=position]", "3 4 5");
    page.press("Enter");
    page.wait(
        "document.getElementById('explain-title').textContent.replace(/\\u00a0/g, ' ').startsWith('3 4 5')",
        "3 4 5",
    );

    let step = "#explain-steps .step-holder.current";
    let shown = "[...document.querySelectorAll('#explain-steps .step-holder')].filter(s => s.offsetParent).length";
    assert_eq!(page.text("#explain-counter"), "1 / 5");
    assert!(
        page.text(step)
            .starts_with("Step 1. Make groups in every row")
    );
    page.click("#explain-next");
    assert_eq!(page.text("#explain-counter"), "2 / 5");
    assert!(page.text(step).starts_with("Step 2. Pair off groups"));
    assert!(page.text(step).contains("one group of 2: no partner"));
    page.press("ArrowRight");
    assert!(page.text(step).starts_with("Step 3."));
    assert!(page.text(step).contains("The player to move can win."));
    page.press("ArrowLeft");
    assert_eq!(page.text("#explain-counter"), "2 / 5");
    page.press("ArrowRight");
    page.press("ArrowRight");
    assert_eq!(page.text("#explain-counter"), "4 / 5");
    assert!(
        page.text(step)
            .contains("Move: take 2 from row 1 (3 4 5 → 1 4 5).")
    );
    assert_eq!(page.eval(shown), 1, "one step at a time");
    page.shot("explain-3-4-5");
    page.press("ArrowRight");
    assert!(
        page.text(step)
            .contains("Winning moves: take 2 from row 1.")
    );
    assert!(page.is("document.getElementById('explain-next').disabled"));

    // The binary view adds a step and keeps the place.
    page.click("#explain-xor");
    page.wait(
        "document.getElementById('explain-counter').textContent === '5 / 6'",
        "the XOR view",
    );
    assert!(page.text(step).starts_with("The same in binary"));
    assert!(page.text(step).contains("nim-sum"));
    // The arrows still step while the switch has the focus.
    page.press("ArrowRight");
    assert_eq!(page.text("#explain-counter"), "6 / 6");
    page.assert_no_errors(true);
}

#[test]
fn a_wrong_move_is_checked_by_clicking() {
    let Some(page) = Page::open("/#check") else {
        return;
    };
    page.wait_count("#check-board rect[data-row]", 15, "3 5 7");
    page.click("#check-board rect[data-row='3'][data-stick='5']");
    assert_eq!(page.text("#check-take"), "Check: take 3 from row 3");
    page.click("#check-take");
    page.wait(
        "document.querySelector('#check-verdict .verdict')",
        "the verdict",
    );
    assert_contains(
        &page.text("#check-verdict"),
        &["3 5 7 → 3 5 4", "mistake", "Your opponent's winning reply"],
    );
    assert_eq!(page.count("#check-board rect.taken"), 3);
    page.shot("check-mistake");

    // Going on from there draws the rows after the move.
    page.click("#check-on");
    page.wait_count("#check-board rect[data-row]", 12, "3 5 4");
    assert_eq!(page.rows("#check-board"), "3 5 4");
    page.assert_no_errors(true);
}

#[test]
fn a_lesson_question_is_answered_a_try_at_a_time() {
    let Some(page) = Page::open("/#lessons") else {
        return;
    };
    page.start_lesson("copy-cat", "Two equal rows");
    // Narration until the question; it waits for the class.
    page.next_until_question();
    assert!(page.is("document.getElementById('lesson-next').disabled"));
    assert!(page.text(".question .ask").contains("What do you take?"));
    assert_eq!(page.rows(".question .board"), "4 6");
    assert!(page.text(".question").contains("Show the answer"));
    assert!(page.is("document.querySelector('.question .answer').hidden"));

    // A wrong try: one stick from row 1.
    page.click(".question rect[data-row='1'][data-stick='4']");
    page.click(".question button.take");
    let said = page.said(1, "the first answer");
    assert_contains(&said, &["Not yet: try again.", "mistake"]);

    // A hint.
    page.click(".question button.hint-button");
    assert!(page.said(2, "the hint").starts_with("Hint:"));

    // The right move: two sticks from row 2, chosen with the keyboard.
    page.click(".question rect[data-row='2'][data-stick='5']");
    page.press("Enter");
    let said = page.said(3, "the verdict");
    assert!(said.trim_end().ends_with("Well done."), "{said}");
    assert!(said.contains("4 6 → 4 4"), "{said}");
    let answer = page.text(".question .answer");
    assert!(
        answer.contains("Answer: the winning move is take 2 from row 2."),
        "{answer}"
    );
    assert!(page.is("!document.getElementById('lesson-next').disabled"));
    page.shot("lesson-copy-cat");
    page.assert_no_errors(true);
}

#[test]
fn a_game_of_chomp_is_played_to_the_end_by_clicking_and_a_bite_checked() {
    let Some(page) = Page::open("/") else { return };
    // M opens Chomp, which starts a game on its bar at once.
    page.press("m");
    page.wait(
        "!document.getElementById('chomp').hidden && document.querySelectorAll('#chomp-board rect[data-row]').length === 20",
        "a game on 4x5",
    );
    page.type_into("#chomp-setup [name=shape]", "3x4");
    page.press("Enter");
    let squares = "document.querySelectorAll('#chomp-board rect[data-row]').length";
    page.wait(&format!("{squares} === 12"), "a game on 3x4");
    assert!(page.text("#chomp-game").starts_with("3x4 (Chomp"));

    // A square lights up the squares a bite there takes; Esc forgets it.
    let lit = "#chomp-board rect.chosen";
    page.click("#chomp-board rect[data-row='2'][data-column='3']");
    assert_eq!(page.places(lit), "2.3 2.4 3.3 3.4");
    assert_eq!(page.text("#chomp-bite"), "Bite row 2, column 3");
    page.shot("chomp-choose");
    page.press("Escape");
    assert_eq!(page.places(lit), "");
    // The arrows choose too: the bottom-right square first, then up.
    page.press("ArrowDown");
    page.press("ArrowUp");
    assert_eq!(page.places(lit), "2.4 3.4");

    page.click("#chomp-hint");
    page.wait_count("#chomp-hints li", 1, "a hint");

    let idle = "document.getElementById('chomp').getAttribute('aria-busy') === 'false'";
    let mut turns = 0;
    loop {
        let state = page.eval(
            "document.getElementById('chomp-result').hidden \
             ? [...document.querySelectorAll('#chomp-board rect[data-row]')].map(r => r.dataset.row + '.' + r.dataset.column).at(-1) + '|' + document.getElementById('chomp-said').innerText \
             : 'over'",
        );
        let state = state.as_str().unwrap_or_default().to_string();
        let Some((last, said)) = state.split_once('|') else {
            break;
        };
        if turns > 0 {
            assert!(said.starts_with("You bite row"), "{said}");
            assert_contains(said, &["The computer bites row", "Why: "]);
        }
        turns += 1;
        assert!(turns < 12, "the game never ended");
        // Bite the bottom-right square: with the mouse and Bite, or Enter.
        let (row, column) = last.split_once('.').unwrap();
        page.click(&format!(
            "#chomp-board rect[data-row='{row}'][data-column='{column}']"
        ));
        match turns % 2 {
            1 => page.click("#chomp-bite"),
            _ => page.press("Enter"),
        }
        page.wait(
            &format!("{idle} && !document.querySelector('#chomp-board rect.taken')"),
            "the computer's bite",
        );
    }
    // The computer plays perfectly, and biting the corner gives 3x4 away.
    assert_contains(
        &page.text("#chomp-result"),
        &[
            "Only the poisoned square is left for you",
            "The computer wins this time.",
        ],
    );
    assert_contains(
        &page.text("#chomp-review"),
        &["Review of the game", "threw away a win"],
    );
    let trips = page.request_times("/page/chomp/play");
    eprintln!("{turns} Chomp turns; each game request took (ms): {trips}");
    page.shot("chomp");

    // Undo takes the last bite back, and the game goes on.
    page.click("#chomp-undo");
    page.wait(
        &format!("document.getElementById('chomp-result').hidden && {squares} > 1"),
        "the game again",
    );
    assert!(page.is("!document.getElementById('chomp-hint').disabled"));

    // Check a bite: the verdict, why, and the reply.
    page.click(".mode[data-mode='check']");
    page.wait(
        &format!("{squares} === 12 && !document.getElementById('chomp-check-actions').hidden"),
        "3x4 to check",
    );
    page.click("#chomp-board rect[data-row='3'][data-column='4']");
    assert_eq!(page.text("#chomp-check"), "Check: bite row 3, column 4");
    page.press("Enter");
    page.wait(
        "document.querySelector('#chomp-verdict .verdict')",
        "the verdict",
    );
    assert_contains(
        &page.text("#chomp-verdict"),
        &[
            "3x4 → 4,4,3",
            "mistake",
            "Your opponent's winning reply",
            "Winning bites you had: row 2, column 3.",
        ],
    );
    page.shot("chomp-check");
    page.click("#chomp-on");
    page.wait(&format!("{squares} === 11"), "the bar after the bite");
    assert_eq!(
        page.eval("document.querySelector('#chomp-setup [name=shape]').value"),
        "4,4,3"
    );

    // Explain the bar, a step at a time.
    page.click(".mode[data-mode='explain']");
    page.wait(
        "document.querySelector('#chomp-steps .step-holder.current')",
        "the explanation",
    );
    let step = "#chomp-steps .step-holder.current";
    assert!(
        page.text("#chomp-explain-title")
            .starts_with("4,4,3 (Chomp")
    );
    assert!(page.text(step).starts_with("Step 1. The bar"));
    page.press("ArrowRight");
    assert!(page.text(step).starts_with("Step 2. Who can win?"));
    page.click("#chomp-back");
    assert!(page.text(step).starts_with("Step 1."));
    page.shot("chomp-explain");

    // Printed, every step of the explanation is there, without buttons.
    page.print(true);
    assert!(page.all_shown("#chomp-steps .step-holder"));
    assert!(page.all_shown("#chomp-steps svg.bar"));
    for gone in ["#chomp-next", ".modes", "#chomp-setup", ".tabs", ".keys"] {
        assert!(!page.shown(gone), "{gone} is printed");
    }
    page.shot("chomp-print");
    page.assert_no_errors(true);
}

#[test]
fn a_chomp_question_in_a_lesson_is_answered_by_clicking_a_square() {
    let Some(page) = Page::open("/#lessons") else {
        return;
    };
    page.start_lesson("chomp", "Chomp");
    // The bar shown first is drawn, not clickable.
    page.wait("document.querySelector('#lesson-page svg.bar')", "the bar");
    page.next_until_question();
    assert!(page.text(".question h3").contains("Question: 2x2"));
    assert_eq!(page.count(".question .board rect[data-column]"), 3 + 1);
    assert!(page.is("document.querySelector('.question .answer').hidden"));

    // A wrong bite: the square right of the poison, which takes its column.
    page.click(".question rect[data-row='1'][data-column='2']");
    assert_eq!(page.places(".question rect.chosen"), "1.2 2.2");
    assert_eq!(
        page.text(".question button.take"),
        "Try: bite row 1, column 2"
    );
    page.click(".question button.take");
    let said = page.said(1, "the first answer");
    assert_contains(&said, &["mistake", "Not yet: try again. Hint:"]);
    assert!(!said.contains("row 2, column 2"), "{said}");

    page.click(".question button.hint-button");
    assert!(page.said(2, "the hint").starts_with("Hint:"));

    // The right bite, with the keyboard: the bottom-right square.
    page.press("ArrowDown");
    page.press("Enter");
    let said = page.said(3, "the verdict");
    assert!(said.contains("2x2 → 2,1"), "{said}");
    assert!(said.trim_end().ends_with("Well done."), "{said}");
    let answer = page.text(".question .answer");
    assert!(
        answer.contains("Answer: the winning bite is row 2, column 2."),
        "{answer}"
    );
    page.shot("lesson-chomp");
    page.assert_no_errors(true);
}

#[test]
fn errors_in_the_page_are_heard() {
    // Every test ends by checking that the page reported no error; that
    // means something only if the errors reach the test.
    let Some(page) = Page::open("/") else { return };
    page.assert_no_errors(true);
    page.eval(
        "setTimeout(() => { throw new Error('thrown on purpose'); }); \
         console.error('said on purpose'); \
         fetch('/not-a-page-on-purpose').catch(() => {}); null",
    );
    let deadline = Instant::now() + PATIENCE;
    let heard = loop {
        let heard = lock(&page.errors).clone();
        if heard.len() >= 3 || Instant::now() > deadline {
            break heard;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(heard.len(), 3, "{heard:#?}");
    assert_contains(
        &heard.join("\n"),
        &[
            "exception: Uncaught Error: thrown on purpose",
            "console.error: ",
            "said on purpose",
            "network: ",
        ],
    );
    // A failed request counts only when the test asks for it to.
    lock(&page.errors).retain(|error| error.starts_with("network: "));
    page.assert_no_errors(false);
    let checked = std::panic::catch_unwind(AssertUnwindSafe(|| page.assert_no_errors(true)));
    assert!(checked.is_err(), "a failed request failed no test");
    lock(&page.errors).clear();
}

/// The JavaScript that says whether the sticks chosen on `board` can be
/// seen inside it, not scrolled away.
fn chosen_in_view(board: &str) -> String {
    format!(
        "(() => {{ const b = document.querySelector('{board}'); \
         const c = [...b.querySelectorAll('.chosen, .part')].find(e => !e.closest('.as-plain, .in-groups') \
           || getComputedStyle(e.closest('.as-plain, .in-groups')).display !== 'none'); \
         if (!c) return false; const r = c.getBoundingClientRect(), box = b.getBoundingClientRect(); \
         return r.height > 0 && r.top >= box.top - 8 && r.bottom <= box.bottom + 8; }})()"
    )
}

/// How many sticks row `row` of `board` has now, read from its drawing.
fn sticks_in_row(page: &Page, board: &str, row: usize) -> u64 {
    let js = format!(
        "parseInt(document.querySelectorAll('{board} .rows .drawing svg')[{}].getAttribute('aria-label'))",
        row - 1
    );
    page.eval(&js).as_u64().expect("a count of sticks")
}

/// Waits until the computer has answered in Play.
fn computer_answered(page: &Page) {
    page.wait(
        "document.getElementById('play').getAttribute('aria-busy') === 'false' \
         && !document.querySelector('#play-board .taken')",
        "the computer's move",
    );
}

#[test]
fn a_row_of_45_is_drawn_in_bundles_and_played_by_clicking_keys_and_the_take_field() {
    let Some(page) = Page::open("/") else { return };
    page.type_into("#play-setup [name=position]", "45");
    page.press("Enter");
    page.wait_count("#play-board .as-plain g.bundle", 4, "four bundles of ten");
    // Plainly, as the page starts: bundles of ten, then five sticks.
    assert!(page.all_shown("#play-board .as-plain g.bundle"));
    assert!(page.is(
        "getComputedStyle(document.querySelector('#play-board .in-groups')).display === 'none'"
    ));
    assert_eq!(
        page.eval("document.querySelector('#play-board .as-plain g.bundle').textContent"),
        "10"
    );
    assert_eq!(page.count("#play-board .as-plain rect[data-stick]"), 5);

    // A click on the second bundle chooses it and all to its right; a key
    // chooses one stick fewer, a stepper one more.
    page.click("#play-board .as-plain g.bundle[data-from='11']");
    assert_eq!(page.text("#play-take"), "Take 35 from row 1");
    assert_eq!(page.count("#play-board .as-plain g.bundle.chosen"), 3);
    page.press("ArrowRight");
    assert_eq!(page.text("#play-take"), "Take 34 from row 1");
    assert_eq!(page.count("#play-board .as-plain g.bundle.part"), 1);
    let take = "#play-board + .board-controls input[aria-label=Take]";
    assert_eq!(
        page.eval(&format!("document.querySelector({take:?}).value")),
        "34"
    );
    page.shot("long-row-chosen");
    page.click("#play-board + .board-controls button[aria-label='One stick more']");
    assert_eq!(page.text("#play-take"), "Take 35 from row 1");
    page.click("#play-take");
    computer_answered(&page);
    // 10 were left, and the computer, playing perfectly, left 1.
    assert_eq!(page.rows("#play-board"), "1");
    page.press("ArrowUp");
    page.press("Enter");
    page.wait("!document.getElementById('play-result').hidden", "the end");
    assert_eq!(
        page.text("#play-result"),
        "You took the last stick, so the computer wins."
    );

    // A second game, played by typing a number and Enter.
    page.click("#play-setup button[type=submit]");
    page.wait_count("#play-board .as-plain g.bundle", 4, "45 again");
    page.type_into(take, "44");
    assert_eq!(page.text("#play-take"), "Take 44 from row 1");
    page.press("Enter");
    page.wait("!document.getElementById('play-result').hidden", "the end");
    assert!(
        page.text("#play-result")
            .starts_with("The computer took the last stick, so you win.")
    );
    page.shot("long-row-won");

    // Check draws a long row in bundles too, and checks a move typed.
    page.press("c");
    page.type_into("#check-setup [name=position]", "3 41");
    page.press("Enter");
    page.wait_count("#check-board .as-plain g.bundle", 4, "3 41 in Check");
    page.type_into("#check-board + .board-controls input[aria-label=Row]", "2");
    page.type_into(
        "#check-board + .board-controls input[aria-label=Take]",
        "38",
    );
    page.press("Enter");
    page.wait(
        "document.querySelector('#check-verdict .verdict')",
        "the verdict",
    );
    assert_contains(&page.text("#check-verdict"), &["3 41 → 3 3", "good"]);
    page.assert_no_errors(true);
}

#[test]
fn twelve_rows_scroll_and_are_played_to_the_end_with_the_chosen_row_in_view() {
    let Some(page) = Page::open("/") else { return };
    let rows: Vec<String> = (1..=12).map(|n| n.to_string()).collect();
    page.type_into("#play-setup [name=position]", &rows.join(" "));
    page.press("Enter");
    page.wait_count("#play-board .rows .drawing", 12, "twelve rows");
    let board = "#play-board";
    assert!(
        page.is("(b => b.scrollHeight > b.clientHeight)(document.getElementById('play-board'))"),
        "twelve rows at 1280×720 scroll inside the board"
    );
    let mut turns = 0;
    while page.is("document.getElementById('play-result').hidden") {
        turns += 1;
        assert!(turns < 60, "the game never ended");
        let left: Vec<u64> = (1..=12).map(|r| sticks_in_row(&page, board, r)).collect();
        let last = left
            .iter()
            .rposition(|&n| n > 0)
            .expect("a row with sticks")
            + 1;
        if turns % 2 == 1 {
            // By keys: up to the last row with sticks, then more from it.
            page.press("ArrowUp");
            for _ in 1..left[last - 1].min(3) {
                page.press("ArrowLeft");
            }
            assert!(page.is(&chosen_in_view(board)), "row {last} is out of view");
            if turns == 1 {
                page.shot("twelve-rows-chosen");
            }
            page.press("Enter");
        } else {
            // By the fields: the whole of the first row with sticks.
            let first = left.iter().position(|&n| n > 0).expect("a row") + 1;
            let fields = "#play-board + .board-controls input";
            page.type_into(&format!("{fields}[aria-label=Row]"), &first.to_string());
            page.type_into(
                &format!("{fields}[aria-label=Take]"),
                &left[first - 1].to_string(),
            );
            assert_eq!(
                page.text("#play-take"),
                format!("Take {} from row {first}", left[first - 1])
            );
            assert!(
                page.is(&chosen_in_view(board)),
                "row {first} is out of view"
            );
            page.press("Enter");
        }
        computer_answered(&page);
    }
    assert_contains(&page.text("#play-result"), &["last stick"]);

    // Check takes many more rows, and the arrows still show the row chosen.
    page.press("c");
    let many: Vec<String> = (1..=40).map(|n| (n % 7 + 1).to_string()).collect();
    page.type_into("#check-setup [name=position]", &many.join(" "));
    page.press("Enter");
    page.wait_count("#check-board .rows .drawing", 40, "forty rows");
    // As a keyboard reaches it with Tab.
    page.eval("document.getElementById('check-board').focus()");
    page.press("ArrowUp");
    assert!(
        page.is(&chosen_in_view("#check-board")),
        "row 40 is out of view"
    );
    assert!(page.is("document.getElementById('check-board').scrollTop > 0"));
    page.shot("forty-rows-check");
    page.assert_no_errors(true);
}

#[test]
fn groups_are_shown_only_when_asked_and_the_choice_is_remembered() {
    let Some(page) = Page::open("/") else { return };
    // Under a name of its own the page keeps its own storage, so what this
    // test switches on is not seen by the tests running beside it.
    let own = format!("http://localhost:{}/", page.shared.server.addr().port());
    let reload = |url: &str| {
        page.command("Page.navigate", json!({ "url": url }), "the page again");
        page.wait(
            "location.hostname === 'localhost' && document.querySelectorAll('#play-board rect[data-row]').length === 15",
            "3 5 7 drawn",
        );
    };
    reload(&own);
    let switch = "#play-board + .board-controls .board-groups input";
    let fill = "getComputedStyle(document.querySelector(\"#play-board rect[data-row='3'][data-stick='7']\")).fill";
    // Plain sticks by default: one colour, no gaps.
    assert!(page.is(&format!("!document.querySelector({switch:?}).checked")));
    let plain = page.eval(fill);
    assert!(page.is(
        "[...document.querySelectorAll('#play-board svg.sticks g.group')].every(g => getComputedStyle(g).transform === 'none')"
    ));
    page.click(switch);
    assert!(page.is("document.getElementById('play-board').classList.contains('show-groups')"));
    assert_ne!(
        page.eval(fill),
        plain,
        "the single stick of 7 has its group's colour"
    );
    page.shot("show-groups");

    // Remembered after a reload, and on every board.
    reload(&own);
    assert!(page.is(&format!("document.querySelector({switch:?}).checked")));
    assert_ne!(page.eval(fill), plain);
    page.press("c");
    page.wait_count("#check-board rect[data-row]", 15, "3 5 7 in Check");
    assert!(page.is("document.getElementById('check-board').classList.contains('show-groups')"));

    // Switched off, it stays off; Explain shows the groups all the same.
    page.press("p");
    page.click(switch);
    reload(&own);
    assert!(page.is(&format!("!document.querySelector({switch:?}).checked")));
    assert_eq!(page.eval(fill), plain);
    page.press("e");
    page.wait(
        "document.querySelector('#explain-steps .step-holder.current svg.sticks')",
        "the explanation",
    );
    let explained = "getComputedStyle(document.querySelector('#explain-steps .current .rows svg.sticks rect.g2')).fill";
    assert_ne!(page.eval(explained), plain, "Explain colours the groups");
    // Step 2 draws the pairs, the group without a partner marked.
    page.click("#explain-next");
    assert_eq!(page.count("#explain-steps .current .pairs rect.pair"), 3);
    assert_eq!(page.count("#explain-steps .current .pairs rect.alone"), 1);
    assert_contains(
        &page.text("#explain-steps .current .pairs"),
        &[
            "groups of 4",
            "rows 2 and 3",
            "rows 2 and 3; row 1: no partner",
        ],
    );
    page.shot("explain-pairs");
    page.assert_no_errors(true);
}

#[test]
fn the_computer_shows_the_start_and_double_clicks_count_once() {
    let Some(page) = Page::open("/") else { return };
    page.wait_count("#play-board rect[data-row]", 15, "the board of 3 5 7");
    // 21 with the computer first: the 21 sticks are seen before its move.
    page.eval(
        "(() => { const f = document.getElementById('play-setup'); \
         f.elements.position.value = '21'; f.elements.take.value = '1-3'; \
         f.elements.first.value = 'computer'; f.elements.level.value = 'good'; \
         f.requestSubmit(); })()",
    );
    page.wait_count(
        "#play-board rect[data-row]",
        21,
        "the 21 sticks at the start",
    );
    let idle = "document.getElementById('play').getAttribute('aria-busy') === 'false'";
    page.wait(
        &format!("{idle} && document.getElementById('play-said').innerText.includes('The computer takes')"),
        "the computer's first move",
    );
    assert!(page.count("#play-board rect[data-row]") < 21);

    // Two quick clicks on Hint show one more rung, not two.
    page.eval(
        "(() => { const b = document.getElementById('play-hint'); b.click(); b.click(); })()",
    );
    page.wait(
        &format!("{idle} && document.querySelectorAll('#play-hints li').length > 0"),
        "a hint",
    );
    assert_eq!(page.count("#play-hints li"), 1);

    // Two moves, then two quick clicks on Undo: one move is taken back.
    let mut sticks = Vec::new();
    for _ in 0..2 {
        sticks.push(page.count("#play-board rect[data-row]"));
        page.click("#play-buttons button[data-take='1']");
        page.wait(
            &format!("{idle} && !document.querySelector('#play-board rect.taken')"),
            "the computer's move",
        );
    }
    page.eval(
        "(() => { const b = document.getElementById('play-undo'); b.click(); b.click(); })()",
    );
    page.wait(
        &format!(
            "{idle} && document.querySelectorAll('#play-board rect[data-row]').length === {}",
            sticks[1]
        ),
        "one move taken back",
    );
    // Played to the end, the review counts one take-back and one hint.
    let mut turns = 0;
    while page.is("document.getElementById('play-result').hidden") {
        turns += 1;
        assert!(turns < 30, "the game never ended");
        page.click("#play-buttons button[data-take='1']");
        page.wait(
            &format!("{idle} && !document.querySelector('#play-board rect.taken')"),
            "the computer's move",
        );
    }
    assert_contains(&page.text("#play-review"), &["took back 1 move", "1 hint"]);
    // The page speaks page: no command to type, but a button.
    assert!(!page.text("#play-review").contains("matchsticks"));
    page.click("#play-again");
    page.wait_count("#play-board rect[data-row]", 21, "the same start again");
    page.wait(
        &format!("{idle} && document.getElementById('play-result').hidden"),
        "a new game",
    );
    assert!(!page.shown("#play-again"));
    page.assert_no_errors(true);
}
