// The runtime's requests, read and answered: each call of the API (api.ts) reads its JSON argument
// field by field (own fields only: JSON.parse gives objects the page's Object.prototype) and
// answers with a string built with the builtins captured at install. A snapshot's answer is
// encoded by src/isomorphic/protocol.ts, against the last answer sent when the caller holds it.

import { encodeAnswer, encodeSnapshotParts, packEntry, type AnswerState, type EntryLines, type RefProblemMessages, type SnapshotRequest } from '../src/isomorphic/protocol';
import { firstTextDifference } from '../src/isomorphic/commonEnds';
import { createTable } from '../src/isomorphic/tables';
import { kDefaultLimits, type SnapshotEntry } from '../src/isomorphic/types';
import type { SelectorEngine, StagewrightRuntime } from './api';
import {
  append, documentCreateDocumentFragment, documentVisibilityState, fragmentQuerySelectorAll, hasOwn, isArray, jsonParse, jsonStringifier,
  jsonStringify, mathRandom, mathRound, now, PromiseCtor, requestAnimationFrame, setTimeout, stringSlice, WeakMapCtor, weakMapGet, weakMapSet,
} from './builtins';
import { ChangeCounter } from './changeCounter';
import { serializeDocument } from './dom';
import { RefEngine } from './refEngine';
import { RefRegistry } from './registry';
import { beginSecretValues, takeSecretValues } from './secrets';
import { walkDocument, type WalkResult } from './walker';
import { PrintMemo, WalkMemo } from './walkMemo';

/** The most elements a document holds for `heldRefs`: a test's calls on elements not yet walked. */
const kMaxHeld = 500;
/** How long a change check waits for the page's next frame before it counts a change. */
const kMaxFrameWaitMs = 250;

type ReadRequest = Required<Omit<SnapshotRequest, 'since'>> & Pick<SnapshotRequest, 'since'>;

export class Runtime implements StagewrightRuntime {
  private readonly _registry: RefRegistry;
  private readonly _changes = new ChangeCounter();
  private readonly _refs: RefEngine;
  /** What the last snapshot walked with: a catch-up walk fingerprints the way it did. */
  private _lastWalk: Pick<SnapshotRequest, 'limits' | 'redact' | 'prefix'> = { limits: kDefaultLimits, redact: [], prefix: '' };
  /** The last answer sent (its token and parts): the base the next one can be sent against. */
  private _sent: AnswerState | undefined;
  private _sentCount = 0;
  /** Elements calls of the test reached before any walk named them (`holdTarget`). */
  private _held: Element[] = [];
  /** The last capture walk, for the next one to take what did not change (walkMemo.ts). */
  private readonly _memo = new WalkMemo();
  /** The last capture's DOM file, for the next print to take what did not change. */
  private readonly _printMemo = new PrintMemo();
  /** Each entry's line as sent: an entry taken from the last walk, at the same place and box, is sent as the same line. */
  private readonly _lines: WeakMap<SnapshotEntry, string> = new WeakMapCtor();

  constructor() {
    // Concatenation converts numbers without Number.prototype.toString, which the page may override.
    this._registry = new RefRegistry('d' + mathRound(now() * 1000) + '-' + mathRound(mathRandom() * 1e9));
    this._changes.onRecords = records => {
      this._memo.noteRecords(records);
      this._printMemo.noteRecords(records);
    };
    this._refs = new RefEngine(this._registry, () => {
      walkDocument(document.documentElement, this._registry, {
        limits: this._lastWalk.limits, redact: this._lastWalk.redact, prefix: this._lastWalk.prefix, minNextId: 0, issueNew: false,
        onShadowRoot: undefined, partial: false, memo: undefined, unsoundReuse: false, assign: true,
      });
    });
  }

  /**
   * How many changes the page has seen (see ChangeCounter), with the document's id. Without
   * `forms`, form controls are not compared: for a walk whose count no change check will compare
   * (a snapshot, not a capture), the next comparison still sees what changed since the last one.
   */
  changeCount(forms = true): string {
    this._changes.listen();
    this._changes.flush(forms);
    return this._registry.documentId + ':' + this._changes.count;
  }

  changeCountAfterFrame(since: string): Promise<string> {
    return new PromiseCtor<string>(resolve => {
      // Mutations and events first: when they moved the count, form controls and style sheets
      // need not be compared now (the capture that follows compares them, from where they were).
      const quick = this.changeCount(false);
      if (quick !== since)
        return resolve(quick);
      const count = this.changeCount();
      if (count !== since)
        return resolve(count);
      if (documentVisibilityState(document) === 'hidden')
        return resolve('');
      let answered = false;
      const answer = (count: () => string) => {
        if (answered)
          return;
        answered = true;
        try {
          resolve(count());
        } catch {
          resolve('');
        }
      };
      // Animation frame callbacks run after the frame's scroll, resize and media steps.
      requestAnimationFrame(() => answer(() => this.changeCount()));
      setTimeout(() => answer(() => ''), kMaxFrameWaitMs);
    });
  }

  /** Walks the document (and, when asked, serializes its DOM) and answers with the encoded PageSnapshot. */
  snapshot(requestJson: string, rootElement?: Element): string {
    const request = readSnapshotRequest(requestJson);
    const started = now();
    // Captures (the walks with the DOM file) keep their count for the change checks.
    const changeCount = this.changeCount(request.dom);
    const root = rootElement || document.documentElement;
    this._lastWalk = { limits: request.limits, redact: request.redact, prefix: request.prefix };
    // Only a walk of the whole document, where every mutation is observed, takes from the last one.
    const incremental = !rootElement && !request.partial && this._changes.observing;
    if (!incremental && !rootElement) {
      this._memo.forget();
      this._printMemo.forget();
    }
    const walk = () => {
      // What the walk and the serializer withhold, for Node to mask wherever else it occurs.
      beginSecretValues();
      // Every option its own property: none is read from a page's Object.prototype.
      return walkDocument(root, this._registry, {
        limits: request.limits, redact: request.redact, minNextId: request.minNextId, prefix: request.prefix, issueNew: true,
        onShadowRoot: shadowRoot => this._changes.observe(shadowRoot), partial: request.partial,
        memo: incremental ? this._memo : undefined, unsoundReuse: request.unsoundReuse, assign: true,
      });
    };
    const saved = incremental && request.verify ? this._memo.save() : undefined;
    let result = walk();
    // A walk that took nothing from the last one is a full walk.
    let mismatch = saved && result.taken > 0 ? this._verifyWalk(root, result, request) : undefined;
    if (saved && mismatch) {
      // Chromium settles some layouts (a `content-visibility` change) only once something asks
      // about visibility: the first walk of a task can read a box the next one reads otherwise.
      // The walks since have settled it; a difference the incremental walk makes again is its own.
      this._memo.restore(saved);
      result = walk();
      mismatch = result.taken > 0 ? this._verifyWalk(root, result, request) : undefined;
    }
    const elapsedMs = now() - started;
    let dom: string | undefined;
    let domTruncated: boolean | undefined;
    if (request.dom) {
      const inSnapshot = createTable<true>();
      for (let i = 0; i < result.entries.length; i++)
        inSnapshot[result.entries[i].ref] = true;
      const refOf = (element: Element) => {
        const ref = this._registry.refOf(element);
        return ref && inSnapshot[ref] ? ref : undefined;
      };
      const observe = (shadowRoot: ShadowRoot) => this._changes.observe(shadowRoot);
      // The file's markup is taken from the last print where nothing changed, as the walk's entries are.
      const settings = jsonStringify([request.limits.maxNodes, request.limits.maxDepth, request.redact, request.testIds]);
      const serialized = serializeDocument(root, refOf, request.limits, request.redact, observe, request.testIds,
        incremental ? { last: this._printMemo.begin(root, settings, request.redact.length > 0), keep: true, settings } : undefined);
      if (incremental)
        this._printMemo.keep(serialized.kept);
      dom = serialized.html;
      domTruncated = serialized.truncated;
      if (request.verify && !mismatch && serialized.taken > 0 && !serialized.truncated) {
        const full = serializeDocument(root, refOf, request.limits, request.redact, observe, request.testIds, undefined);
        if (!full.truncated && full.html !== dom)
          mismatch = 'the DOM file ' + firstTextDifference(dom, full.html, 'a full print', jsonStringify, stringSlice);
      }
    }
    const secrets = takeSecretValues();
    const stringify = jsonStringifier();
    // An entry taken from the last walk is sent as the line it was sent as, where nothing of the line changed.
    const sources = result.sources;
    const lines: EntryLines | undefined = incremental ? {
      reuse: (entry, index) => {
        const source = sources[index];
        const line = source ? weakMapGet(this._lines, source) : undefined;
        return line !== undefined && sameLine(entry, source!) ? line : undefined;
      },
      keep: (entry, line) => void weakMapSet(this._lines, entry, line),
    } : undefined;
    if (lines && request.verify && !mismatch)
      mismatch = differentLine(result, lines, stringify);
    const parts = encodeSnapshotParts({
      documentId: this._registry.documentId,
      url: location.href,
      title: document.title,
      entries: result.entries,
      text: result.text,
      truncated: result.truncated,
      visited: result.visited,
      nextId: this._registry.nextId,
      elapsedMs,
      changeCount,
      dom,
      domTruncated,
      secrets: secrets.length ? secrets : undefined,
      mismatch,
      taken: result.taken,
    }, stringify, lines);
    // A subtree walk's answer is always whole and is not kept as a base.
    const keep = !rootElement;
    const previous = this._sent;
    const base = keep && previous && request.since === previous.token ? previous : undefined;
    const encoded = encodeAnswer(keep ? this._registry.documentId + '#' + (++this._sentCount) : '', parts, base, stringSlice);
    if (keep)
      this._sent = encoded.state;
    return encoded.answer;
  }

  /**
   * The oracle of the incremental walk (STAGEWRIGHT_VERIFY_INCREMENTAL=1): a full walk right
   * after it, in the same task, must give the same entries, text and withheld values; the first
   * difference, or undefined. The full walk leaves the registry and the memory as they are.
   */
  private _verifyWalk(root: Element, incremental: WalkResult, request: ReadRequest): string | undefined {
    const withheld = takeSecretValues();
    beginSecretValues();
    const full = this._fullWalk(root, request);
    const fullWithheld = takeSecretValues();
    beginSecretValues(withheld);
    // A walk cut short by a limit is not the page: there is nothing to compare.
    if (incremental.truncated || full.truncated)
      return undefined;
    return firstWalkDifference(incremental, full) ?? firstMissing(withheld, fullWithheld);
  }

  /** A full walk that leaves the registry and the memory of the last walk as they are. */
  private _fullWalk(root: Element, request: ReadRequest): WalkResult {
    return walkDocument(root, this._registry, {
      limits: request.limits, redact: request.redact, minNextId: request.minNextId, prefix: request.prefix, issueNew: true,
      onShadowRoot: shadowRoot => this._changes.observe(shadowRoot), partial: false, memo: undefined, unsoundReuse: false, assign: false,
    });
  }

  refOf(element: Element): string {
    return this._registry.refOf(element) || '';
  }

  refsOf(elements: Element[]): string {
    let refs = '';
    for (let i = 0; i < elements.length; i++)
      refs += (i ? ' ' : '') + (this._registry.refOf(elements[i]) || '-');
    return refs;
  }

  holdTarget(element: Element): string {
    const ref = this._registry.refOf(element);
    if (ref)
      return ref;
    // One token an element: the begin and the end of a call that read the same element agree.
    let at = 0;
    while (at < this._held.length && this._held[at] !== element)
      at++;
    if (at === this._held.length) {
      if (at >= kMaxHeld)
        return '';
      append(this._held, element);
    }
    return '?' + this._registry.documentId + ':' + at;
  }

  heldRefs(): string {
    let refs = this._registry.documentId;
    for (let i = 0; i < this._held.length; i++)
      refs += ' ' + (this._registry.refOf(this._held[i]) || '-');
    this._held = [];
    return refs;
  }

  /** Parsed on a detached fragment: nothing of the document is touched. */
  invalidSelectors(selectorsJson: string): string {
    const selectors: unknown = jsonParse(selectorsJson);
    const invalid: string[] = [];
    if (!isArray(selectors))
      return jsonStringify(invalid);
    const fragment = documentCreateDocumentFragment(document);
    for (let i = 0; i < selectors.length; i++) {
      const selector: unknown = selectors[i];
      if (typeof selector !== 'string')
        continue;
      try {
        fragmentQuerySelectorAll(fragment, selector);
      } catch {
        append(invalid, selector);
      }
    }
    return jsonStringify(invalid);
  }

  refProblem(ref: string): string {
    const problem = this._refs.problem(ref);
    return problem ? jsonStringify(problem) : '';
  }

  selectorEngine(messages: RefProblemMessages): SelectorEngine {
    return this._refs.selectorEngine(messages);
  }
}

/** What a request field says, when the request has it as its own: never a page's Object.prototype. */
function field<T>(object: unknown, key: string, fallback: T): T {
  return object !== null && typeof object === 'object' && hasOwn(object, key) ? (object as { [key: string]: T })[key] : fallback;
}

/** The store's request, read field by field. */
function readSnapshotRequest(json: string): ReadRequest {
  const request: unknown = jsonParse(json);
  const limits: unknown = field(request, 'limits', kDefaultLimits);
  const redact: unknown = field(request, 'redact', []);
  const testIds: unknown = field(request, 'testIds', []);
  return {
    limits: {
      maxNodes: field(limits, 'maxNodes', kDefaultLimits.maxNodes),
      maxDepth: field(limits, 'maxDepth', kDefaultLimits.maxDepth),
      timeBudgetMs: field(limits, 'timeBudgetMs', kDefaultLimits.timeBudgetMs),
    },
    redact: isArray(redact) ? redact as string[] : [],
    testIds: isArray(testIds) ? testIds as string[] : [],
    minNextId: field(request, 'minNextId', 0),
    prefix: field(request, 'prefix', ''),
    dom: !!field(request, 'dom', false),
    partial: !!field(request, 'partial', false),
    verify: !!field(request, 'verify', false),
    unsoundReuse: !!field(request, 'unsoundReuse', false),
    since: field<string | undefined>(request, 'since', undefined),
  };
}

/** Where an incremental walk first differs from a full walk of the same moment (entries by their packed form, as sent). */
function firstWalkDifference(incremental: WalkResult, full: WalkResult): string | undefined {
  const stringify = jsonStringifier();
  const count = incremental.entries.length < full.entries.length ? incremental.entries.length : full.entries.length;
  for (let i = 0; i < count; i++) {
    const a = stringify(packEntry(incremental.entries[i]));
    const b = stringify(packEntry(full.entries[i]));
    if (a !== b)
      return 'entry ' + i + (incremental.takenEntries[i] ? ' (taken from the last walk)' : ' (walked)') + ': ' + capDifference(a) + ' where a full walk has ' + capDifference(b);
  }
  if (incremental.entries.length !== full.entries.length)
    return incremental.entries.length + ' entries where a full walk has ' + full.entries.length;
  const a = stringify(incremental.text);
  const b = stringify(full.text);
  if (a !== b)
    return 'top-level text ' + capDifference(a) + ' where a full walk has ' + capDifference(b);
  return incremental.visited === full.visited ? undefined : 'visited ' + incremental.visited + ' where a full walk has ' + full.visited;
}

/** A value a full walk withholds that the incremental walk did not: it would reach an artifact unmasked. */
function firstMissing(withheld: string[], fullWithheld: string[]): string | undefined {
  const seen = createTable<true>();
  for (let i = 0; i < withheld.length; i++)
    seen[withheld[i]] = true;
  for (let i = 0; i < fullWithheld.length; i++) {
    if (seen[fullWithheld[i]] !== true)
      return 'a secret value of ' + fullWithheld[i].length + ' characters that a full walk withholds was not withheld';
  }
  return undefined;
}

/**
 * Whether the line `source` was sent as is the line of `entry`, a copy of it taken from the last
 * walk: a copy holds the same role, name, state, text and properties; the walk set the rest.
 */
function sameLine(entry: SnapshotEntry, source: SnapshotEntry): boolean {
  if (entry.ref !== source.ref || entry.parent !== source.parent || entry.depth !== source.depth || entry.fingerprint !== source.fingerprint ||
    entry.state.visible !== source.state.visible)
    return false;
  const a = entry.bbox;
  const b = source.bbox;
  return a === b || (!!a && !!b && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height);
}

/** The oracle of the lines sent again: the first that packing its entry again does not give. */
function differentLine(result: WalkResult, lines: EntryLines, stringify: (value: unknown) => string): string | undefined {
  for (let i = 0; i < result.entries.length; i++) {
    const line = lines.reuse(result.entries[i], i);
    const fresh = line === undefined ? undefined : stringify(packEntry(result.entries[i]));
    if (fresh !== undefined && fresh !== line)
      return 'the line of entry ' + i + ' (taken from the last walk) as sent before, ' + capDifference(line!) + ', where packing it again gives ' + capDifference(fresh);
  }
  return undefined;
}

function capDifference(text: string): string {
  return text.length > 600 ? stringSlice(text, 0, 599) + '…' : text;
}

