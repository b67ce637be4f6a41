// How an error message quotes what it was given: short, and never throwing. A message is read by
// people and agents, and an argument can be anything — a 10 MB string, a cyclic object, a BigInt,
// a Page passed where a Locator goes — none of which JSON.stringify turns into a short line.
// And the key that was probably meant, for a misspelt one.

/** Playwright's classes by the name of their constructor: a message names them, never dumps them. */
const kPlaywrightClasses = new Set([
  'Page', 'Frame', 'Locator', 'FrameLocator', 'ElementHandle', 'JSHandle', 'Browser', 'BrowserContext', 'BrowserType',
  'Request', 'Response', 'Route', 'WebSocket', 'Worker', 'Dialog', 'Download', 'Keyboard', 'Mouse', 'Touchscreen',
  'APIRequestContext', 'APIResponse', 'Playwright', 'Video', 'Tracing', 'Clock',
]);

/**
 * `value` as a message quotes it, at most `max` characters: primitives and plain data in
 * JSON's spelling (`"abc"`, `{"role":3}`), a BigInt as `12n`, a cycle as `[Circular]`, a
 * Playwright object as `a Playwright Page`, other class instances by their class. Never throws.
 */
export function describeValue(value: unknown, max = 200): string {
  let text: string;
  try {
    text = render(value, max + 1, new Set());
  } catch {
    text = Object.prototype.toString.call(value); // A Proxy or a getter that throws.
  }
  return text.length > max ? text.slice(0, Math.max(0, max - 1)) + '…' : text;
}

/** Renders at most about `room` characters: a long input costs no more than a short one. */
function render(value: unknown, room: number, seen: Set<object>): string {
  switch (typeof value) {
    case 'string': {
      if (value.length <= room)
        return JSON.stringify(value);
      // The length says how far past the cut the text went.
      return `${JSON.stringify(value.slice(0, room))} (${value.length} characters)`;
    }
    case 'bigint': return `${value}n`;
    case 'symbol': return value.toString();
    case 'function': return value.name ? `function ${value.name}` : 'a function';
    case 'object': break;
    default: return String(value); // number (Infinity and NaN as such), boolean, undefined.
  }
  if (value === null)
    return 'null';
  if (value instanceof RegExp)
    return String(value);
  const playwrightClass = playwrightClassOf(value);
  if (playwrightClass !== undefined)
    return `a Playwright ${playwrightClass}`;
  const className = classNameOf(value);
  if (className !== undefined)
    return `an instance of ${className}`;
  if (seen.has(value))
    return '[Circular]';
  seen.add(value);
  try {
    const isArray = Array.isArray(value);
    const parts: string[] = [];
    let used = 2;
    const keys: (string | number)[] = isArray ? [] : Object.keys(value);
    const count = isArray ? value.length : keys.length;
    for (let i = 0; i < count; i++) {
      const key = isArray ? i : keys[i];
      if (used > room) {
        parts.push('…');
        break;
      }
      const item = render((value as Record<string | number, unknown>)[key], room - used, seen);
      const part = isArray ? item : `${JSON.stringify(key)}:${item}`;
      parts.push(part);
      used += part.length + 1;
    }
    return isArray ? `[${parts.join(',')}]` : `{${parts.join(',')}}`;
  } finally {
    seen.delete(value);
  }
}

/** The class of an object that is not plain data (an array, or an object of Object or of no prototype). */
function classNameOf(value: object): string | undefined {
  if (Array.isArray(value))
    return undefined;
  const proto = Object.getPrototypeOf(value);
  if (proto === null || proto === Object.prototype)
    return undefined;
  // Playwright's client classes may carry a leading underscore in some builds.
  const name = typeof proto.constructor === 'function' ? String(proto.constructor.name).replace(/^_+/, '') : '';
  return name && name !== 'Object' ? name : undefined;
}

/**
 * The Playwright class of `value`, if it is one of theirs: the type its protocol object says
 * (`_type`), else its constructor's name — which a bundle may have suffixed (`Browser2`).
 */
function playwrightClassOf(value: object): string | undefined {
  const type = (value as { _type?: unknown })._type;
  if (typeof type === 'string' && kPlaywrightClasses.has(type))
    return type;
  const name = classNameOf(value)?.replace(/\d+$/, '');
  return name !== undefined && kPlaywrightClasses.has(name) ? name : undefined;
}

/** Whether `value` is an object of plain data fields, as options and queries are. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return false;
  const proto = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype;
}

/**
 * The known key `key` most likely misspells: the same letters in another case, one a prefix of
 * the other, or within a few edits (a swap of two neighbours is one); undefined when none is close.
 */
export function closestKey(key: string, known: readonly string[]): string | undefined {
  const wanted = key.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const other = candidate.toLowerCase();
    let distance = editDistance(wanted, other);
    if (wanted.length >= 3 && (other.startsWith(wanted) || wanted.startsWith(other)))
      distance = Math.min(distance, 1);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(key.length / 3)) ? best : undefined;
}

/**
 * The sentence after "got unknown … fields: a, b." in an INVALID_ARGUMENT message: a guess for
 * each unknown key that has one, then the known keys.
 */
export function unknownKeysHint(unknown: readonly string[], known: readonly string[]): string {
  const guesses: string[] = [];
  for (const key of unknown) {
    const guess = closestKey(key, known);
    if (guess !== undefined)
      guesses.push(`For ${describeKey(key)}, did you mean '${guess}'?`);
  }
  return [...guesses, `Known: ${known.join(', ')}.`].join(' ');
}

/** An unknown key as a message lists it: capped, as a key can be any string. */
export function describeKey(key: string): string {
  return key.length > 60 ? key.slice(0, 59) + '…' : key;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 8 || a.length > 64 || b.length > 64)
    return Infinity; // Nothing that far apart is a typo, and keys that long are not ours.
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0].push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let distance = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        distance = Math.min(distance, rows[i - 2][j - 2] + 1);
      rows[i].push(distance);
    }
  }
  return rows[a.length][b.length];
}
