// Form state that no mutation record shows: a script may set a control's `value`, `checked`,
// `indeterminate` or `selectedIndex` with no event (a timer, a fetch callback). The change counter
// compares what each control holds with what it held when last compared, here in the page:
// nothing of a value leaves it, and secret fields are never read (secrets.ts).

import {
  append, documentQuerySelectorAll, fragmentQuerySelectorAll, hasAttribute, htmlCollectionItem, htmlCollectionLength, inputChecked, inputIndeterminate,
  inputType, inputValue, nodeListLength, nodeType, optionSelected, selectOptions, selectSelectedIndex, textAreaValue, WeakMapCtor, weakMapGet, weakMapSet,
} from './builtins';
import { elementTag } from './domUtils';
import { isSecretField } from './secrets';

const kControls = 'input, textarea, select';
/** Past this many controls, every comparison counts as a change. */
const kMaxControls = 10_000;
/** The options of a multiple `<select>` compared, at most. */
const kMaxOptions = 1_000;

/** What a control holds: its flags (checked and indeterminate, or the options selected) and its value. */
interface Held {
  flags: string;
  value: string;
}

export class FormState {
  private readonly _held: WeakMap<Element, Held> = new WeakMapCtor();

  /**
   * How many controls of `roots` hold something else than when last compared. A control seen for
   * the first time does not count: its insertion was a mutation, or it was there at the last walk.
   */
  changes(roots: (Document | ShadowRoot)[]): number {
    const controls: Element[] = [];
    for (let i = 0; i < roots.length; i++) {
      const root = roots[i];
      const found = nodeType(root) === 9 /* DOCUMENT_NODE */ ? documentQuerySelectorAll(root as Document, kControls) : fragmentQuerySelectorAll(root as ShadowRoot, kControls);
      const count = nodeListLength(found);
      if (controls.length + count > kMaxControls)
        return 1;
      for (let j = 0; j < count; j++)
        append(controls, found[j]);
    }
    let changed = 0;
    for (let i = 0; i < controls.length; i++) {
      const control = controls[i];
      let flags = '';
      let value = '';
      const tag = elementTag(control);
      if (tag === 'input' && isToggle(inputType(control as HTMLInputElement))) {
        // A checkbox or radio button is never secret: only its value could be.
        const input = control as HTMLInputElement;
        const indeterminate = inputIndeterminate(input);
        flags = inputChecked(input) ? (indeterminate ? 'ci' : 'c') : (indeterminate ? 'i' : '');
      } else if (isSecretField(control)) {
        continue;
      } else if (tag === 'select') {
        flags = selected(control as HTMLSelectElement);
      } else {
        value = tag === 'textarea' ? textAreaValue(control as HTMLTextAreaElement) : inputValue(control as HTMLInputElement);
      }
      const before = weakMapGet(this._held, control);
      if (before && before.flags === flags && before.value === value)
        continue;
      if (before)
        changed++;
      weakMapSet(this._held, control, { flags, value });
    }
    return changed;
  }
}

function isToggle(type: string): boolean {
  return type === 'checkbox' || type === 'radio';
}

/** The selected index, and for a multiple select which options are selected. */
function selected(select: HTMLSelectElement): string {
  let flags = '' + selectSelectedIndex(select);
  const options = hasAttribute(select, 'multiple') ? selectOptions(select) : null;
  if (options) {
    const count = htmlCollectionLength(options);
    for (let i = 0; i < count && i < kMaxOptions; i++)
      flags += optionSelected(htmlCollectionItem(options, i) as HTMLOptionElement) ? '1' : '0';
  }
  return flags;
}
