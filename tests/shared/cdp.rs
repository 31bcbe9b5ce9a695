//! A small client of Chromium's DevTools protocol, for the tests that
//! drive the classroom page in a real browser: the server runs in the test's
//! process, a headless Chromium loads the page, and a test clicks and
//! presses keys as a teacher would, then reads what the page shows.
//!
//! Chromium is found on `PATH` (or named by the `CHROME` variable). Without
//! it a test says so on the real stderr and passes, so the suite still runs
//! anywhere; with `CI` set it fails instead, and `.ci/run` installs it. All
//! the tests of the binary share one browser, started by the first and
//! ended when the binary ends, and reuse its tabs: a tab a test is done
//! with is kept for the next test, which loads the page into it afresh.
//! They drive it over its DevTools protocol: JSON commands on one
//! WebSocket to this computer, with the client below instead of a
//! browser-driving crate, which would bring a TLS stack and a C compiler
//! into the build.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{ChildStderr, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, mpsc};
use std::time::{Duration, Instant};

use matchsticks::serve::Server;
use serde_json::{Value, json};
use tungstenite::protocol::Role;
use tungstenite::{Message, WebSocket};

/// The screen of a classroom projector, where a page opens.
pub const WIDTH: u32 = 1280;
pub const HEIGHT: u32 = 720;

/// How long to wait for the page to show something before failing.
pub const PATIENCE: Duration = Duration::from_secs(15);

/// A browser and the server it talks to, shared by every test of the
/// binary, with the tabs no test is using now.
pub struct Shared {
    browser: Browser,
    /// The server the page comes from.
    pub server: Server,
    /// Tabs a test is done with, each as its target and the id its
    /// commands carry, ready for the next test.
    idle: Mutex<Vec<(String, String)>>,
}

/// The browser every test shares, once the first has started it.
static SHARED: Mutex<Option<Arc<Shared>>> = Mutex::new(None);

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
    if let Some(running) = slot.as_ref() {
        return Some(Arc::clone(running));
    }
    let server = Server::start("127.0.0.1:0".parse().unwrap()).expect("the server starts");
    let browser = Browser::launch(&chrome).unwrap_or_else(|e| panic!("Chromium starts: {e}"));
    let running = Arc::new(Shared {
        browser,
        server,
        idle: Mutex::new(Vec::new()),
    });
    *slot = Some(Arc::clone(&running));
    Some(running)
}

/// Locks a mutex even if a test failed while holding it.
pub fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
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
///
/// The browser lives as long as the test binary: a small shell started
/// with it waits on a pipe from this process, and when the binary ends,
/// however it ends, the pipe closes and the shell ends the browser and
/// removes its profile.
struct Browser {
    /// The pipe the shell waits on; closed only when the binary ends.
    _lifeline: ChildStdin,
    writer: Mutex<Socket>,
    next_id: AtomicU64,
    waiting: Waiting,
    tabs: Tabs,
}

/// The shell that runs Chromium (`$0`, with its arguments) until its
/// standard input closes, then ends it and removes its profile.
const KEEPER: &str = "\"$0\" \"$@\" & browser=$!; read -r _; kill \"$browser\" 2>/dev/null; \
    wait \"$browser\"; rm -rf \"$PROFILE\"";

impl Browser {
    /// Starts `chrome` and connects to it.
    fn launch(chrome: &Path) -> Result<Browser, String> {
        let profile =
            std::env::temp_dir().join(format!("matchsticks-chromium-{}", std::process::id(),));
        let mut process = Command::new("sh")
            .args(["-c", KEEPER])
            .arg(chrome)
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
            .env("PROFILE", &profile)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("{}: {e}", chrome.display()))?;
        let lifeline = process.stdin.take().expect("the shell's stdin");
        let stderr = process.stderr.take().expect("Chromium's stderr");
        let connected = Self::listening(stderr)
            .and_then(|url| Self::open(&url).map_err(|e| format!("{url}: {e}")));
        match connected {
            Ok((writer, reader)) => {
                let waiting: Waiting = Arc::new(Mutex::new(Some(HashMap::new())));
                let tabs = Tabs::default();
                {
                    let (waiting, tabs) = (Arc::clone(&waiting), Arc::clone(&tabs));
                    std::thread::spawn(move || read_replies(reader, &waiting, &tabs));
                }
                Ok(Browser {
                    _lifeline: lifeline,
                    writer: Mutex::new(writer),
                    next_id: AtomicU64::new(1),
                    waiting,
                    tabs,
                })
            }
            Err(e) => {
                // Closing the pipe ends the browser.
                drop(lifeline);
                let _ = process.wait();
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

    /// Opens a WebSocket at `url`, on this computer: a handle to write on,
    /// and one to read on.
    fn open(url: &str) -> std::io::Result<(Socket, Socket)> {
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
        // closes when the browser ends, with the binary.
        connection.set_read_timeout(None)?;
        let rest = answer[end..].to_vec();
        let reader = Socket::from_partially_read(connection.try_clone()?, rest, Role::Client, None);
        let writer = Socket::from_raw_socket(connection, Role::Client, None);
        Ok((writer, reader))
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

/// One tab showing the page, with every error it reports kept.
pub struct Page {
    /// The browser and the server, shared with the other tests' pages.
    pub shared: Arc<Shared>,
    /// The tab.
    target: String,
    /// The id its commands carry, given when it was attached.
    attached: String,
    /// The browser context the tab has to itself, if it was opened apart
    /// (see [`Page::open_apart`]).
    context: Option<String>,
    pub errors: Arc<Mutex<Vec<String>>>,
}

/// A tab a page is opened in.
struct Tab {
    /// The tab.
    target: String,
    /// The id its commands carry.
    attached: String,
    /// The browser context it has to itself, if any.
    context: Option<String>,
    /// Whether the tab is new, with no page opened in it before.
    fresh: bool,
}

impl Page {
    /// Opens the page at `path` (such as `/#explain`) in a new tab of
    /// 1280×720, or None when there is no browser.
    pub fn open(path: &str) -> Option<Page> {
        Page::open_on(path, WIDTH, HEIGHT)
    }

    /// Opens the page at `path` in a tab of its own (one another test is
    /// done with, or a new one) on a screen of `width` × `height` (see
    /// [`Page::screen`]), or None when there is no browser.
    pub fn open_on(path: &str, width: u32, height: u32) -> Option<Page> {
        let shared = shared()?;
        let idle = lock(&shared.idle).pop();
        let (target, attached, fresh) = match idle {
            Some((target, attached)) => (target, attached, false),
            None => {
                let (target, attached) = Self::new_tab(&shared, None);
                (target, attached, true)
            }
        };
        let url = format!("http://{}{path}", shared.server.addr());
        let tab = Tab {
            target,
            attached,
            context: None,
            fresh,
        };
        Some(Page::ready(shared, tab, &url, (width, height)))
    }

    /// Opens `url`, a whole address on this computer (such as another
    /// server's), in a new tab of a browser context of its own, on a
    /// screen of `width` × `height`: its storage, cookies and cache are
    /// its own, as on another device. The context ends with the page. None
    /// when there is no browser.
    pub fn open_apart(url: &str, width: u32, height: u32) -> Option<Page> {
        let shared = shared()?;
        let context = shared
            .browser
            .call(None, "Target.createBrowserContext", json!({}))
            .expect("a browser context");
        let context = context["browserContextId"]
            .as_str()
            .expect("the context's id")
            .to_string();
        let (target, attached) = Self::new_tab(&shared, Some(&context));
        let tab = Tab {
            target,
            attached,
            context: Some(context),
            fresh: true,
        };
        Some(Page::ready(shared, tab, url, (width, height)))
    }

    /// The page in `tab`, ready to use: its errors reported and kept, its
    /// screen set to `width` × `height`, and `url` loaded.
    fn ready(shared: Arc<Shared>, tab: Tab, url: &str, (width, height): (u32, u32)) -> Page {
        let errors = Arc::new(Mutex::new(Vec::new()));
        let page = Page {
            target: tab.target,
            attached: tab.attached,
            context: tab.context,
            errors: Arc::clone(&errors),
            shared,
        };
        if tab.fresh {
            page.command("Log.enable", json!({}), "the log is on");
            page.command("Runtime.enable", json!({}), "the runtime is on");
        }
        lock(&page.shared.browser.tabs).insert(page.attached.clone(), errors);
        page.screen(width, height);
        page.go_to(url);
        page.print(false);
        page
    }

    /// A new tab, in a window of its own so that it stays shown, and keeps
    /// drawing, while another test works beside it, in the browser context
    /// `context` or the browser's own: its target, and the id its commands
    /// carry.
    fn new_tab(shared: &Shared, context: Option<&str>) -> (String, String) {
        let browser = &shared.browser;
        let mut asked = json!({ "url": "about:blank", "newWindow": true });
        if let Some(context) = context {
            asked["browserContextId"] = context.into();
        }
        let created = browser
            .call(None, "Target.createTarget", asked)
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
        (target.to_string(), attached.to_string())
    }

    /// Loads the page at `path` (such as `/#explain`) from the server, and
    /// waits until it has loaded.
    pub fn go(&self, path: &str) {
        self.go_to(&format!("http://{}{path}", self.shared.server.addr()));
    }

    /// Loads the page at `url`, a whole address, and waits until it has
    /// loaded.
    pub fn go_to(&self, url: &str) {
        let navigated = self.command("Page.navigate", json!({ "url": url }), "the page");
        assert!(navigated.get("errorText").is_none(), "{url}: {navigated}");
        self.poll(
            "location.protocol === 'http:' && document.readyState === 'complete'",
            url,
        );
    }

    /// Loads the page again, as the browser's reload button does, and
    /// waits until it has loaded.
    pub fn reload(&self) {
        // A mark on the page as it is, which the page loaded again lacks.
        self.eval("window.beforeReload = true");
        self.command("Page.reload", json!({}), "the reload");
        self.poll(
            "!window.beforeReload && document.readyState === 'complete'",
            "the page again",
        );
    }

    /// Asks the page whether the JavaScript `condition` holds until it
    /// does, from this side: for while a page is loading, when a wait
    /// inside it would end with the page it ran in.
    pub fn poll(&self, condition: &str, what: &str) {
        let start = Instant::now();
        while self.evaluate(condition, false) != Ok(Value::Bool(true)) {
            assert!(start.elapsed() < PATIENCE, "{what} did not load");
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Shows the page on a screen of `width` × `height` CSS pixels: a
    /// phone's, which lays the page out as its viewport tag asks, when its
    /// shorter side is under 600 pixels, and a computer's otherwise.
    pub fn screen(&self, width: u32, height: u32) {
        let mobile = width.min(height) < 600;
        self.command(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile }),
            &format!("the screen is set to {width}×{height}"),
        );
    }

    /// Moves the mouse to `x`, `y` (CSS pixels from the screen's top left),
    /// pressing nothing, so that what it rests on shows as hovered.
    pub fn point_at(&self, x: f64, y: f64) {
        self.command(
            "Input.dispatchMouseEvent",
            json!({ "type": "mouseMoved", "x": x, "y": y }),
            "moving the mouse",
        );
    }

    /// The page printed on Letter paper with the browser's own margins, as
    /// a PDF.
    pub fn pdf(&self) -> Vec<u8> {
        let printed = self.command("Page.printToPDF", json!({}), "printing to PDF");
        from_base64(printed["data"].as_str().expect("a PDF in base64"))
    }

    /// Sends the command `method` to this tab, failing saying `what` if
    /// the browser answers with an error.
    pub fn command(&self, method: &str, params: Value, what: &str) -> Value {
        self.shared
            .browser
            .call(Some(&self.attached), method, params)
            .unwrap_or_else(|e| panic!("{what}: {e}"))
    }

    /// The value of a JavaScript expression, awaited if it is a promise
    /// and `wait` is true; an error if it throws.
    pub fn evaluate(&self, expression: &str, wait: bool) -> Result<Value, String> {
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
    pub fn eval(&self, expression: &str) -> Value {
        self.evaluate(expression, false)
            .unwrap_or_else(|e| panic!("{expression}: {e}"))
    }

    /// Waits in the page until the JavaScript `condition` is true, or fails
    /// saying `what`.
    pub fn wait(&self, condition: &str, what: &str) {
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
    pub fn text(&self, selector: &str) -> String {
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
    pub fn click(&self, selector: &str) {
        self.clicks(selector, 1);
    }

    /// Double-clicks the element at `selector`, as a hurried hand or a
    /// child's double tap does: two clicks, the second counted as the
    /// second of a double click.
    pub fn double_click(&self, selector: &str) {
        self.clicks(selector, 2);
    }

    /// Clicks the element at `selector` as the second click of a double
    /// click, the first being [`Page::click`] just before: as when the
    /// answer to the first comes back before the hand has clicked again.
    pub fn second_click(&self, selector: &str) {
        self.clicks(selector, 0);
    }

    /// Clicks the element at `selector` `times` times in a row, each
    /// counted as the browser counts the clicks of a double click; 0 is
    /// the second click alone.
    fn clicks(&self, selector: &str, times: u32) {
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
        let counts = match times {
            0 => 2..=2,
            _ => 1..=times,
        };
        for count in counts {
            for kind in ["mousePressed", "mouseReleased"] {
                self.command(
                    "Input.dispatchMouseEvent",
                    json!({ "type": kind, "x": x, "y": y, "button": "left", "clickCount": count }),
                    &format!("clicking {selector}"),
                );
            }
        }
    }

    /// Presses a key, such as "ArrowRight", "Enter" or "m".
    pub fn press(&self, key: &str) {
        self.press_with(key, 0);
    }

    /// Presses a key held with Shift, such as Shift+ArrowDown.
    pub fn press_shifted(&self, key: &str) {
        // The DevTools protocol's bit for Shift.
        self.press_with(key, 8);
    }

    /// Presses a key with the `modifiers` of the DevTools protocol held.
    fn press_with(&self, key: &str, modifiers: u32) {
        // As on an American keyboard: the key's code, its Windows key code,
        // and the text it types, if any.
        let (code, number, text) = match key {
            "Enter" => ("Enter".to_string(), 13, Some("\r")),
            "Escape" => ("Escape".to_string(), 27, None),
            "Tab" => ("Tab".to_string(), 9, None),
            "End" => ("End".to_string(), 35, None),
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
            "modifiers": modifiers,
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
    pub fn type_into(&self, selector: &str, text: &str) {
        self.eval(&format!("document.querySelector({selector:?}).value = ''"));
        self.click(selector);
        for key in text.chars() {
            self.press(key.encode_utf8(&mut [0; 4]));
        }
    }

    /// Whether the JavaScript `condition` holds now.
    pub fn is(&self, condition: &str) -> bool {
        self.eval(&format!("Boolean({condition})")) == Value::Bool(true)
    }

    /// Saves what the screen shows as `target/screenshots/NAME.png`.
    pub fn shot(&self, name: &str) {
        // Encoded for speed rather than size: the suite takes seventy.
        let shot = self.command(
            "Page.captureScreenshot",
            json!({ "format": "png", "fromSurface": true, "optimizeForSpeed": true }),
            "a screenshot",
        );
        let png = from_base64(shot["data"].as_str().expect("a screenshot in base64"));
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
        std::fs::create_dir_all(&dir).expect("the screenshot folder");
        std::fs::write(dir.join(format!("{name}.png")), png).expect("the screenshot is saved");
    }

    /// Fails if the page reported an error: an exception, `console.error`,
    /// or (unless `network` is false) a request that failed.
    pub fn assert_no_errors(&self, network: bool) {
        let errors = lock(&self.errors);
        let errors: Vec<&String> = errors
            .iter()
            .filter(|e| network || !e.starts_with("network:"))
            .collect();
        assert!(errors.is_empty(), "the page reported errors: {errors:#?}");
    }

    /// How many sticks the board at `selector` draws in each row. A row of
    /// more than ten comes in bundles of ten too, for a narrow board; its
    /// sticks are counted as the sticks drawn one by one.
    pub fn rows(&self, board: &str) -> String {
        let js = format!(
            "(() => {{ const n = {{}}; for (const r of document.querySelectorAll('{board} rect[data-row]:not(.as-bundles *)')) n[r.dataset.row] = (n[r.dataset.row] ?? 0) + 1; return Object.values(n).join(' '); }})()"
        );
        self.eval(&js).as_str().unwrap_or_default().to_string()
    }

    /// How many elements match `selector`.
    pub fn count(&self, selector: &str) -> u64 {
        let js = format!("document.querySelectorAll({selector:?}).length");
        self.eval(&js)
            .as_u64()
            .unwrap_or_else(|| panic!("counting {selector}"))
    }

    /// Waits until `count` elements match `selector`, or fails saying `what`.
    pub fn wait_count(&self, selector: &str, count: usize, what: &str) {
        let js = format!("document.querySelectorAll({selector:?}).length === {count}");
        self.wait(&js, what);
    }

    /// Where the sticks or squares at `selector` are, as `row.stick` (or
    /// `row.column`), in the page's order, such as "3.5 3.6 3.7".
    pub fn places(&self, selector: &str) -> String {
        let js = format!(
            "[...document.querySelectorAll({selector:?})].map(r => r.dataset.row + '.' + (r.dataset.stick ?? r.dataset.column)).join(' ')"
        );
        match self.eval(&js) {
            serde_json::Value::String(places) => places,
            other => panic!("the places of {selector}: {other}"),
        }
    }

    /// How long each request for `path` took, in milliseconds, such as "12 9 11".
    pub fn request_times(&self, path: &str) -> String {
        let js = format!(
            "performance.getEntriesByType('resource').filter(e => e.name.endsWith({path:?})).map(e => Math.round(e.duration)).join(' ')"
        );
        self.eval(&js).as_str().unwrap_or_default().to_string()
    }

    /// Whether the element at `selector` can be seen (on paper too, when printing).
    pub fn shown(&self, selector: &str) -> bool {
        self.is(&format!(
            "document.querySelector({selector:?}).checkVisibility()"
        ))
    }

    /// Whether every element at `selector` can be seen.
    pub fn all_shown(&self, selector: &str) -> bool {
        self.is(&format!(
            "[...document.querySelectorAll({selector:?})].every(e => e.checkVisibility())"
        ))
    }

    /// Lays the page out as printed on paper, or (when `printed` is false)
    /// on the screen again.
    pub fn print(&self, printed: bool) {
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
    pub fn start_lesson(&self, name: &str, title: &str) {
        self.click(&format!("button.lesson-choice[data-name='{name}']"));
        self.wait(
            &format!("document.getElementById('lesson-title').textContent.startsWith({title:?})"),
            "the lesson",
        );
    }

    /// Presses Next until the lesson asks a question, at most nine times.
    pub fn next_until_question(&self) {
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
    pub fn said(&self, count: usize, what: &str) -> String {
        self.wait_count(".said-log .said", count, what);
        self.text(".said-log .said:last-child")
    }
}

/// The bytes that `text` holds in base64, as the browser sends a picture.
pub fn from_base64(text: &str) -> Vec<u8> {
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

impl Drop for Page {
    /// Keeps the tab for the next test, blank, hearing no more from it
    /// until then: nothing the page left running is heard in the next
    /// test, and the next page is loaded afresh even where its address
    /// differs from this one's only after its "#". A page opened apart
    /// is closed with its context instead.
    fn drop(&mut self) {
        lock(&self.shared.browser.tabs).remove(&self.attached);
        // A page opened apart ends with its context, tab and all.
        if let Some(context) = &self.context {
            let context = json!({ "browserContextId": context });
            let _ = self
                .shared
                .browser
                .call(None, "Target.disposeBrowserContext", context);
            return;
        }
        let _ = self.shared.browser.call(
            Some(&self.attached),
            "Page.navigate",
            json!({ "url": "about:blank" }),
        );
        let deadline = Instant::now() + Duration::from_secs(2);
        let mut blank = false;
        while !blank && Instant::now() < deadline {
            blank = self.evaluate("location.href", false) == Ok(Value::from("about:blank"));
            if !blank {
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        if blank {
            let tab = (self.target.clone(), self.attached.clone());
            lock(&self.shared.idle).push(tab);
        } else {
            let target = json!({ "targetId": self.target });
            let _ = self.shared.browser.call(None, "Target.closeTarget", target);
        }
    }
}
