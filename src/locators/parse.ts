// Playwright locators as source text (`getByRole('button', { name: 'Save' }).first()`), read back
// into steps: what `locator.toString()`, Playwright's error messages and its call logs print, and
// what our suggestions write. Only the forms that can be evaluated on a snapshot are understood
// (getBy*, chained, with first/last/nth and filter({ hasText })); anything else — CSS, XPath,
// frames, and/or — parses to `untraceable`.

export type TextMatch = string | RegExp;

export type LocatorStep =
  | { kind: 'role'; role: string; name?: TextMatch; exact?: boolean; states: { [state: string]: boolean | number | string } }
  | { kind: 'text' | 'label' | 'placeholder' | 'altText' | 'title'; text: TextMatch; exact?: boolean }
  | { kind: 'testId'; text: TextMatch }
  | { kind: 'nth'; index: number }
  | { kind: 'hasText'; text: TextMatch }
  | { kind: 'ref'; ref: string };

export type ParsedLocator =
  | { kind: 'steps'; steps: LocatorStep[]; source: string }
  | { kind: 'untraceable'; source: string; reason: string };

export type Value = string | number | boolean | RegExp | { [key: string]: Value } | undefined;

const kTextMethods: { [method: string]: 'text' | 'label' | 'placeholder' | 'altText' | 'title' } = {
  getByText: 'text', getByLabel: 'label', getByPlaceholder: 'placeholder', getByAltText: 'altText', getByTitle: 'title',
};

/**
 * Parses a locator's source. `page.` and `locator.` prefixes are dropped. A ref locator reads
 * as its description (`button "Save" [ref=s12]`) or its selector (`locator('sw-ref=s12')`).
 */
export function parseLocator(source: string): ParsedLocator {
  const text = source.trim().replace(/^(?:await\s+)?(?:page|this\.page|locator|frame)\./, '');
  const ref = /\[ref=((?:f\d+)?s\d+)\]\s*$/.exec(text) ?? /^locator\((['"])sw-ref=((?:f\d+)?s\d+)(?:\s[^'"]*)?\1\)$/.exec(text);
  if (ref)
    return { kind: 'steps', steps: [{ kind: 'ref', ref: ref[ref.length - 1] }], source: text };
  try {
    const calls = new Parser(text).calls();
    const steps: LocatorStep[] = [];
    for (const { method, args } of calls) {
      const step = toStep(method, args);
      if (typeof step === 'string')
        return { kind: 'untraceable', source: text, reason: step };
      steps.push(step);
    }
    if (!steps.length)
      return { kind: 'untraceable', source: text, reason: 'it is empty' };
    return { kind: 'steps', steps, source: text };
  } catch (error) {
    return { kind: 'untraceable', source: text, reason: `it is not a locator this reader understands (${(error as Error).message})` };
  }
}

/** The step of one call, or why it has none. */
export function toStep(method: string, args: Value[]): LocatorStep | string {
  const options = (isObject(args[1]) ? args[1] : {}) as { [key: string]: Value };
  if (method === 'getByRole' && typeof args[0] === 'string') {
    const states: { [state: string]: boolean | number | string } = {};
    for (const key of ['checked', 'disabled', 'expanded', 'pressed', 'selected', 'level'] as const) {
      const value = options[key];
      if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string')
        states[key] = value;
    }
    const name = options.name;
    return { kind: 'role', role: args[0], name: isTextMatch(name) ? name : undefined, exact: options.exact === true, states };
  }
  if (kTextMethods[method] && isTextMatch(args[0]))
    return { kind: kTextMethods[method], text: args[0], exact: options.exact === true };
  if (method === 'getByTestId' && isTextMatch(args[0]))
    return { kind: 'testId', text: args[0] };
  if (method === 'first' && !args.length)
    return { kind: 'nth', index: 0 };
  if (method === 'last' && !args.length)
    return { kind: 'nth', index: -1 };
  if (method === 'nth' && typeof args[0] === 'number')
    return { kind: 'nth', index: args[0] };
  if (method === 'filter' && isObject(args[0]) && isTextMatch((args[0] as { [key: string]: Value }).hasText) && Object.keys(args[0] as object).length === 1)
    return { kind: 'hasText', text: (args[0] as { [key: string]: Value }).hasText as TextMatch };
  if (method === 'locator' && typeof args[0] === 'string') {
    const selector = args[0];
    const kind = /^(?:xpath=|\/\/|\.\.)/.test(selector) ? 'an XPath' : /^internal:|^[a-z-]+=/.test(selector) ? `a ${selector.split('=')[0]} selector` : 'a CSS selector';
    return `it is ${kind} (${selector}): snapshots hold roles, names and text, not markup`;
  }
  return `${method}() cannot be evaluated on a snapshot`;
}

function isObject(value: Value): boolean {
  return !!value && typeof value === 'object' && !(value instanceof RegExp);
}

function isTextMatch(value: Value): value is TextMatch {
  return typeof value === 'string' || value instanceof RegExp;
}

const kEscapes: { [c: string]: string } = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', 0: '\0' };

/** The calls of a chain (`getByRole('list').nth(2)`), each with its literal arguments; throws on anything else. */
export function readCalls(text: string): { method: string; args: Value[] }[] {
  return new Parser(text).calls();
}

/** A small reader of the JavaScript Playwright prints: calls, strings, regexes, numbers, object literals. */
class Parser {
  private _at = 0;
  constructor(private readonly _text: string) {}

  calls(): { method: string; args: Value[] }[] {
    const calls: { method: string; args: Value[] }[] = [];
    do {
      const method = this._identifier();
      this._expect('(');
      const args: Value[] = [];
      this._space();
      while (this._peek() !== ')') {
        args.push(this._value());
        this._space();
        if (this._peek() === ',')
          this._at++;
        this._space();
      }
      this._expect(')');
      calls.push({ method, args });
      this._space();
    } while (this._peek() === '.' && ++this._at);
    if (this._at !== this._text.length)
      throw new Error(`unexpected "${this._text.slice(this._at, this._at + 10)}"`);
    return calls;
  }

  private _value(): Value {
    this._space();
    const c = this._peek();
    if (c === '\'' || c === '"' || c === '`')
      return this._string();
    if (c === '/')
      return this._regex();
    if (c === '{')
      return this._object();
    const word = /^-?\d+(?:\.\d+)?|^true|^false|^undefined/.exec(this._text.slice(this._at));
    if (!word)
      throw new Error(`unexpected "${this._text.slice(this._at, this._at + 10)}"`);
    this._at += word[0].length;
    return word[0] === 'true' ? true : word[0] === 'false' ? false : word[0] === 'undefined' ? undefined : Number(word[0]);
  }

  private _object(): { [key: string]: Value } {
    this._expect('{');
    const object: { [key: string]: Value } = {};
    this._space();
    while (this._peek() !== '}') {
      const key = this._peek() === '\'' || this._peek() === '"' ? this._string() : this._identifier();
      this._space();
      this._expect(':');
      object[key] = this._value();
      this._space();
      if (this._peek() === ',')
        this._at++;
      this._space();
    }
    this._expect('}');
    return object;
  }

  private _string(): string {
    const quote = this._text[this._at++];
    let result = '';
    while (this._at < this._text.length && this._text[this._at] !== quote) {
      let c = this._text[this._at++];
      if (c === '\\') {
        const next = this._text[this._at++];
        c = kEscapes[next] ?? (next === 'u' ? String.fromCharCode(parseInt(this._text.slice(this._at, this._at += 4), 16)) : next === 'x' ? String.fromCharCode(parseInt(this._text.slice(this._at, this._at += 2), 16)) : next);
      }
      result += c;
    }
    this._expect(quote);
    return result;
  }

  private _regex(): RegExp {
    const match = /^\/((?:\\.|\[(?:\\.|[^\]])*\]|[^/\\[])+)\/([dgimsuvy]*)/.exec(this._text.slice(this._at));
    if (!match)
      throw new Error('an unterminated regular expression');
    this._at += match[0].length;
    return new RegExp(match[1], match[2]);
  }

  private _identifier(): string {
    const match = /^[A-Za-z_$][\w$]*/.exec(this._text.slice(this._at));
    if (!match)
      throw new Error(`expected a name at "${this._text.slice(this._at, this._at + 10)}"`);
    this._at += match[0].length;
    return match[0];
  }

  private _expect(c: string) {
    if (this._text[this._at] !== c)
      throw new Error(`expected "${c}" at "${this._text.slice(this._at, this._at + 10)}"`);
    this._at++;
  }

  private _peek(): string {
    return this._text[this._at];
  }

  private _space() {
    while (/\s/.test(this._text[this._at] ?? ''))
      this._at++;
  }
}
