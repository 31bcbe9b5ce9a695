// Talking to the server. Every answer the page shows comes from here: the
// page sends what was clicked and draws what comes back.

/** A refusal from the server (such as 400, 403, 409 or 422), with its words. */
export class Refused extends Error {
  constructor(status, message, data = null) {
    super(message);
    this.status = status;
    this.data = data;
  }
}

/** The words shown when the server cannot be reached at all. */
const UNREACHABLE = "The page cannot reach matchsticks: is it still running?";

/** How many requests are out: while any is, the page says it is busy. */
let out = 0;

function busy(change) {
  out += change;
  document.body.setAttribute("aria-busy", out > 0 ? "true" : "false");
}

/**
 * Fetches and reads the reply, turning a lost connection into a Refused
 * with plain words.
 */
async function ask(url, options) {
  busy(+1);
  try {
    let reply;
    try {
      reply = await fetch(url, options);
    } catch {
      throw new Refused(0, UNREACHABLE);
    }
    return await answer(reply);
  } finally {
    busy(-1);
  }
}

/**
 * Reads a reply: its JSON, or a Refused with the server's own words (its
 * `error`, or the `reason` a move is refused for) and what it sent.
 */
async function answer(reply) {
  const data = await reply.json().catch(() => null);
  if (reply.ok && data) return data;
  const words = data?.error ?? data?.reason ?? `the server answered ${reply.status}`;
  throw new Refused(reply.status, words, data);
}

/**
 * GET `path` with the parameters that are set (empty ones are left out),
 * and any `headers` besides (a class's `X-Teacher` or `X-Pupil`).
 */
export async function get(path, params = {}, headers = {}) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "" && value !== false) {
      query.set(name, value === true ? "1" : String(value));
    }
  }
  const text = query.toString();
  return ask(text ? `${path}?${text}` : path, { headers });
}

/** POST `body` as JSON to `path`, with any `headers` besides. */
export async function post(path, body, headers = {}) {
  return ask(path, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

/**
 * GET the file at `path` with `headers`, as a Blob to save: for a file
 * that only a header opens, so that what opens it is never in an address.
 */
export async function file(path, headers = {}) {
  busy(+1);
  try {
    let reply;
    try {
      reply = await fetch(path, { headers });
    } catch {
      throw new Refused(0, UNREACHABLE);
    }
    if (reply.ok) return await reply.blob();
    return await answer(reply);
  } finally {
    busy(-1);
  }
}

/** The game named by a setup form: its rows, rule and take set. */
export function gameOf(form) {
  const data = new FormData(form);
  return {
    position: (data.get("position") ?? "").trim(),
    normal: data.get("normal") === "1",
    take: (data.get("take") ?? "").trim(),
  };
}
