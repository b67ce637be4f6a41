// Locator steps as source: `getByRole('button', { name: 'Save', exact: true })`, the reverse of
// parse.ts for the forms our candidates take. `npx stagewright freeze` writes a spec's locators
// with it from the steps a run recorded (refs.json), never from code text read from disk, so a
// crafted file can put nothing in a spec but a locator; `isLocatorChain` is its check of that data,
// and `assertionCode` reads back the one-line assertions we suggest, and nothing else.

import { jsString } from '../snapshot/jsString';
import { readCalls, toStep, type LocatorStep, type TextMatch } from './parse';

const kTextMethods = { text: 'getByText', label: 'getByLabel', placeholder: 'getByPlaceholder', altText: 'getByAltText', title: 'getByTitle' } as const;
const kStateKeys = ['checked', 'disabled', 'expanded', 'pressed', 'selected', 'level'] as const;
/** An ARIA role as Playwright's getByRole takes it: a lowercase word. */
const kRolePattern = /^[a-z]+$/;

function textCode(text: TextMatch): string {
  return typeof text === 'string' ? jsString(text) : String(text);
}

/** One step's call, without the dot before it. */
function stepCode(step: LocatorStep): string {
  switch (step.kind) {
    case 'role': {
      const options = [
        ...(step.name !== undefined ? [`name: ${textCode(step.name)}`] : []),
        ...(step.name !== undefined && step.exact ? ['exact: true'] : []),
        ...kStateKeys.filter(key => step.states[key] !== undefined).map(key => `${key}: ${typeof step.states[key] === 'string' ? jsString(step.states[key] as string) : step.states[key]}`),
      ];
      return `getByRole(${jsString(step.role)}${options.length ? `, { ${options.join(', ')} }` : ''})`;
    }
    case 'testId':
      return `getByTestId(${textCode(step.text)})`;
    case 'hasText':
      return `filter({ hasText: ${textCode(step.text)} })`;
    case 'nth':
      return step.index === 0 ? 'first()' : step.index === -1 ? 'last()' : `nth(${step.index})`;
    case 'ref':
      return `locator(${jsString(`sw-ref=${step.ref}`)})`;
    default:
      return `${kTextMethods[step.kind]}(${textCode(step.text)}${step.exact ? ', { exact: true }' : ''})`;
  }
}

/** `steps` as a chain of calls: `getByRole('listitem').filter({ hasText: 'Milk' }).getByRole('button')`. */
export function locatorCode(steps: readonly LocatorStep[]): string {
  return steps.map(stepCode).join('.');
}

/** A chain of scopes, outermost first (an iframe's locator, then the element's inside it), from `receiver`. */
export function chainCode(receiver: string, chain: readonly (readonly LocatorStep[])[]): string {
  return `${receiver}.${chain.map(locatorCode).join('.contentFrame().')}`;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isOptionalBoolean = (value: unknown) => value === undefined || typeof value === 'boolean';

/** Whether untrusted data (JSON read from disk) is a step our candidates make: plain strings, no regexps, no refs. */
function isRecordedStep(value: unknown): value is LocatorStep {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return false;
  const step = value as { [key: string]: unknown };
  switch (step.kind) {
    case 'role': {
      const states = step.states;
      if (!isString(step.role) || !kRolePattern.test(step.role) || (step.name !== undefined && !isString(step.name)) || !isOptionalBoolean(step.exact))
        return false;
      if (!states || typeof states !== 'object' || Array.isArray(states))
        return false;
      return Object.entries(states).every(([key, state]) => (kStateKeys as readonly string[]).includes(key) && (typeof state === 'boolean' || (typeof state === 'number' && Number.isInteger(state))));
    }
    case 'testId':
    case 'hasText':
      return isString(step.text);
    case 'text':
    case 'label':
    case 'placeholder':
    case 'altText':
    case 'title':
      return isString(step.text) && isOptionalBoolean(step.exact);
    case 'nth':
      return Number.isInteger(step.index) && (step.index as number) >= -1;
    default:
      return false;
  }
}

/** Whether untrusted data is a chain of scopes of recorded steps (at most a few frames deep). */
export function isLocatorChain(value: unknown): value is LocatorStep[][] {
  return Array.isArray(value) && value.length > 0 && value.length <= 8 &&
      value.every(steps => Array.isArray(steps) && steps.length > 0 && steps.length <= 32 && steps.every(isRecordedStep));
}

/** The matchers our suggestions use (src/locators/assertions.ts), and the literal arguments each takes. */
const kMatcherArguments: { [matcher: string]: ('string' | 'count')[] } = {
  toBeVisible: [], toBeChecked: [], toBeDisabled: [], toBeEnabled: [],
  toHaveURL: ['string'], toHaveTitle: ['string'], toHaveValue: ['string'], toHaveText: ['string'], toHaveAttribute: ['string', 'string'], toHaveCount: ['count'],
};
const kAssertion = /^await expect\(page((?:\.[\s\S]*)?)\)\.(not\.)?(\w+)\(([\s\S]*)\);$/;

/**
 * One of our suggested assertions (`await expect(page.getByRole('status')).toHaveText('Saved');`)
 * written anew on `receiver` from what it reads as, or undefined when `suggestion` is not exactly
 * of that form: a known matcher with literal arguments, on the page or a locator chain of our steps.
 */
export function assertionCode(receiver: string, suggestion: string): string | undefined {
  const match = kAssertion.exec(suggestion);
  const expected = match && Object.hasOwn(kMatcherArguments, match[3]) ? kMatcherArguments[match[3]] : undefined;
  if (!match || !expected)
    return undefined;
  const [, locatorText, not, matcher, argumentText] = match;
  try {
    const [{ args }] = readCalls(`m(${argumentText})`);
    const argsOk = args.length === expected.length && args.every((arg, i) => expected[i] === 'string' ? typeof arg === 'string' : Number.isInteger(arg) && (arg as number) >= 0);
    if (!argsOk || (matcher === 'toHaveURL' || matcher === 'toHaveTitle') !== !locatorText)
      return undefined;
    let target = receiver;
    if (locatorText) {
      const chain: LocatorStep[][] = [[]];
      for (const { method, args: callArgs } of readCalls(locatorText.slice(1))) {
        if (method === 'contentFrame' && !callArgs.length) {
          chain.push([]);
          continue;
        }
        const step = toStep(method, callArgs);
        if (typeof step === 'string')
          return undefined;
        chain[chain.length - 1].push(step);
      }
      if (!isLocatorChain(chain))
        return undefined;
      target = chainCode(receiver, chain);
    }
    const printed = args.map(arg => typeof arg === 'string' ? jsString(arg) : String(arg));
    return `await expect(${target}).${not ?? ''}${matcher}(${printed.join(', ')});`;
  } catch {
    return undefined;
  }
}
