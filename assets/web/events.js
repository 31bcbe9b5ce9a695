// A class's events, as the server sends them (server-sent events), for
// the teacher's page and the pupils'. They are read with fetch and a
// stream reader rather than EventSource, which cannot send the header
// that says who is listening; so the few lines of the format that the
// server writes are read here: "event:" names an event, "data:" lines
// carry its JSON, a line starting ":" keeps the connection alive, and a
// blank line ends an event. A connection that is lost, or that stays
// silent past the keep-alives, is made again after a wait that doubles
// each time, up to a bound; one the server refuses is not.

/** The waits before connecting again, in ms: each failure waits the next, then the last again. */
const WAITS = [500, 1000, 2000, 4000, 8000];

/** How long the stream may stay silent, keep-alives included, before it is taken as lost, in ms. */
const SILENCE = 30_000;

/**
 * Listens to the events at `path`, sending `headers` each time it
 * connects. `heard(name, data)` gets each event, its data read as JSON;
 * `state(how, words)` hears "open" when the stream is connected, "lost"
 * when it is lost and will be connected again, and "refused" with the
 * server's words when the server refused it (then nothing more is tried).
 * Gives a handle whose `stop()` ends the listening.
 */
export function listen(path, headers, heard, state = () => {}) {
  let stopped = false;
  let failures = 0;
  let controller = null;
  let retry = null;

  async function connect() {
    controller = new AbortController();
    let silent = null;
    const still = () => {
      clearTimeout(silent);
      silent = setTimeout(() => controller.abort(), SILENCE);
    };
    still();
    try {
      const reply = await fetch(path, {
        headers: { ...headers, Accept: "text/event-stream" },
        signal: controller.signal,
        cache: "no-store",
      });
      if (reply.status >= 400 && reply.status < 500) {
        const data = await reply.json().catch(() => null);
        stopped = true;
        state("refused", data?.error ?? `the server answered ${reply.status}`);
        return;
      }
      if (!reply.ok || !reply.body) throw new Error(`the server answered ${reply.status}`);
      const reader = reply.body.pipeThrough(new TextDecoderStream()).getReader();
      const events = new Reader((name, data) => {
        failures = 0;
        heard(name, data);
      });
      state("open");
      for (;;) {
        const { value, done } = await reader.read();
        if (done || stopped) break;
        still();
        events.add(value);
      }
      reader.cancel().catch(() => {});
    } catch {
      // Lost, refused at the network, or silent too long: tried again below.
    } finally {
      clearTimeout(silent);
    }
    if (stopped) return;
    state("lost");
    const wait = WAITS[Math.min(failures, WAITS.length - 1)];
    failures += 1;
    retry = setTimeout(connect, wait);
  }

  connect();
  return {
    stop() {
      stopped = true;
      clearTimeout(retry);
      controller?.abort();
    },
  };
}

/**
 * Reads the text of an event stream as it comes, in pieces of any size,
 * and hands each whole event to `heard(name, data)`, its data as JSON
 * (events whose data is not JSON are passed by).
 */
export class Reader {
  constructor(heard) {
    this.heard = heard;
    this.rest = "";
    this.name = "";
    this.data = [];
    this.cr = false; // the last piece ended with "\r", which a "\n" may follow
  }

  /** Reads the next piece of the stream. */
  add(text) {
    // A "\r\n" split between two pieces ends one line, not two.
    if (this.cr && text.startsWith("\n")) text = text.slice(1);
    this.cr = text.endsWith("\r");
    const lines = (this.rest + text).split(/\r\n|\r|\n/);
    // The last piece may be a line not yet ended.
    this.rest = lines.pop();
    for (const line of lines) this.line(line);
  }

  line(line) {
    if (line === "") {
      this.dispatch();
      return;
    }
    if (line.startsWith(":")) return;
    const at = line.indexOf(":");
    const field = at < 0 ? line : line.slice(0, at);
    let value = at < 0 ? "" : line.slice(at + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") this.name = value;
    else if (field === "data") this.data.push(value);
  }

  dispatch() {
    const name = this.name || "message";
    const text = this.data.join("\n");
    this.name = "";
    this.data = [];
    if (text === "") return;
    let data;
    try {
      data = JSON.parse(text);
    } catch {
      return;
    }
    this.heard(name, data);
  }
}
