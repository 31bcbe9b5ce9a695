// The page's address: which part is shown and what it shows, kept in the
// fragment after "#" (such as #play?position=21&take=1-3&seed=7&moves=1.1),
// so that a reload, Back, or a link shared with the class opens the same
// game, lesson question or explanation. The fragment never reaches the
// server; what it names is sent as any click would send it, and the
// server refuses what it cannot use, so nothing read here is trusted.

/** The longest address read, in characters; a longer one is refused whole. */
const LONGEST = 8000;

/** The part shown and its fields, read from a fragment such as `#play?seed=7`. */
export function read(hash) {
  const text = hash.startsWith("#") ? hash.slice(1) : hash;
  const at = text.indexOf("?");
  const tab = (at < 0 ? text : text.slice(0, at)).slice(0, 20);
  if (text.length > LONGEST) {
    return { tab, fields: new URLSearchParams(), problem: "This address is too long to read." };
  }
  return { tab, fields: new URLSearchParams(at < 0 ? "" : text.slice(at + 1)), problem: null };
}

/**
 * The fragment naming `tab` and its `fields`, leaving out the empty ones.
 * Spaces show as "+" and commas as they are, so a link stays readable.
 */
export function write(tab, fields = {}) {
  const pairs = Object.entries(fields)
    .filter(([, value]) => value !== undefined && value !== null && value !== "" && value !== false)
    .map(([name, value]) => {
      const text = value === true ? "1" : String(value);
      return `${name}=${encodeURIComponent(text).replace(/%20/g, "+").replace(/%2C/g, ",")}`;
    });
  return pairs.length > 0 ? `#${tab}?${pairs.join("&")}` : `#${tab}`;
}

let heard = () => {};

/** Says who keeps the address: `hook(tab, push)` is called at every change. */
export function listen(hook) {
  heard = hook;
}

/**
 * Says that what the part `tab` shows has changed: a new game or lesson
 * (`push`, a new entry in the history, so Back returns to the one before)
 * or a move within it (the entry is only updated, so Back never undoes it).
 */
export function changed(tab, push = false) {
  heard(tab, push);
}

/**
 * Puts the fields `names` of `form` as `fields` name them, and the others
 * back as the page first had them. A choice the form does not offer, or a
 * word past its length, is refused: gives the words saying so, or null.
 */
export function fill(form, fields, names) {
  const refused = [];
  for (const name of names) {
    const field = form.elements[name];
    const value = fields.get(name);
    if (field.type === "checkbox") {
      field.checked = value === null ? field.defaultChecked : value === "1";
    } else if (field.tagName === "SELECT") {
      const options = [...field.options];
      const chosen = options.find((o) => o.value === value);
      if (value !== null && !chosen) refused.push(name);
      for (const option of options) {
        option.selected = chosen ? option === chosen : option.defaultSelected;
      }
    } else if (value !== null && value.length > 2000) {
      refused.push(name);
      field.value = field.defaultValue;
    } else {
      field.value = value ?? field.defaultValue;
    }
  }
  return refused.length > 0 ? unreadable(refused) : null;
}

/** The words that refuse the fields `names` of an address, kindly. */
export function unreadable(names) {
  const which = names.map((n) => `"${n}"`).join(" and ");
  return `This address's ${which} cannot be used here, so the page shows what it starts with instead.`;
}

/** The fields of `form` named `names`, as an address writes them. */
export function fieldsOf(form, names) {
  const fields = {};
  for (const name of names) {
    const field = form.elements[name];
    fields[name] = field.type === "checkbox" ? field.checked : field.value.trim();
  }
  return fields;
}

/**
 * A list of moves such as "3.1,2.2" (row 3 take 1, then row 2 take 2), each
 * as `{[one]: …, [two]: …}`; null if it is not one, or past `most` moves.
 */
export function pairs(text, one, two, most = 2000) {
  if (text === null || text === "") return [];
  const parts = text.split(",");
  if (parts.length > most) return null;
  const read = [];
  for (const part of parts) {
    const found = /^(\d{1,6})\.(\d{1,9})$/.exec(part);
    if (!found) return null;
    read.push({ [one]: Number(found[1]), [two]: Number(found[2]) });
  }
  return read;
}

/** Moves as an address writes them, the inverse of [`pairs`]. */
export function pairsText(moves, one, two) {
  return moves.map((m) => `${m[one]}.${m[two]}`).join(",");
}

/** A whole number from an address, at most `most`; null if it is not one. */
export function count(text, most) {
  if (text === null || !/^\d{1,16}$/.test(text)) return null;
  const n = Number(text);
  return n <= most ? n : null;
}
