import { describe, expect, it } from 'vitest';
import { formatEntryHead, formatSnapshot, yamlScalar } from '../../src/snapshot/format';
import { entry, snapshot } from './fixtures';

describe('formatSnapshot', () => {
  it('should render the AI-snapshot YAML shape with refs, states, urls and values', () => {
    const text = formatSnapshot(snapshot([
      entry({ ref: 's1', role: 'navigation', name: 'Main' }),
      entry({ ref: 's2', role: 'link', name: 'Home', url: 'http://127.0.0.1/home', parent: 's1', depth: 1 }),
      entry({ ref: 's3', role: 'main' }),
      entry({ ref: 's4', role: 'heading', name: 'Cart', state: { visible: true, level: 1 }, parent: 's3', depth: 1 }),
      entry({ ref: 's5', role: 'button', name: 'Save', state: { visible: true, disabled: true }, parent: 's3', depth: 1 }),
      entry({ ref: 's6', role: 'textbox', name: 'Email', value: 'a@b.c', parent: 's3', depth: 1 }),
      entry({ ref: 's7', role: 'checkbox', name: 'Gift', state: { visible: true, checked: 'mixed' }, parent: 's3', depth: 1 }),
      entry({ ref: 's8', role: 'paragraph', text: 'Total: 5', parent: 's3', depth: 1 }),
    ]));
    expect(text).toBe([
      '- navigation "Main" [ref=s1]:',
      '  - link "Home" [ref=s2]:',
      '    - /url: http://127.0.0.1/home',
      '- main [ref=s3]:',
      '  - heading "Cart" [level=1] [ref=s4]',
      '  - button "Save" [disabled] [ref=s5]',
      '  - textbox "Email" [ref=s6]: a@b.c',
      '  - checkbox "Gift" [checked=mixed] [ref=s7]',
      '  - paragraph [ref=s8]: "Total: 5"',
    ].join('\n'));
  });

  it('should give an entry with children its own text as a text child', () => {
    const text = formatSnapshot(snapshot([
      entry({ ref: 's1', role: 'listitem', text: 'One' }),
      entry({ ref: 's2', role: 'link', name: 'more', parent: 's1', depth: 1 }),
    ]));
    expect(text).toBe('- listitem [ref=s1]:\n  - text: One\n  - link "more" [ref=s2]');
  });

  it('should not repeat text that is the name', () => {
    expect(formatSnapshot(snapshot([entry({ ref: 's1', role: 'button', name: 'OK', text: 'OK' })]))).toBe('- button "OK" [ref=s1]');
  });

  it('should hang entries whose parent is not listed at the top level', () => {
    const text = formatSnapshot(snapshot([entry({ ref: 's2', role: 'button', name: 'A', parent: 's1' })]));
    expect(text).toBe('- button "A" [ref=s2]');
  });

  it('should end a truncated snapshot with a note', () => {
    expect(formatSnapshot(snapshot([entry({ ref: 's1', role: 'button', name: 'A' })], { truncated: true, truncated_entries: 3, entryCount: 4 })))
        .toBe('- button "A" [ref=s1]\n# truncated: 3 of 4 entries left out');
    expect(formatSnapshot(snapshot([], { truncated: true }))).toBe('# truncated: a limit stopped the walk');
  });

  it('should escape names so that quotes and newlines cannot break a line', () => {
    expect(formatEntryHead(entry({ ref: 's1', role: 'button', name: 'Say "hi"\nnow' }))).toBe('button "Say \\"hi\\"\\nnow" [ref=s1]');
  });
});

describe('yamlScalar', () => {
  it('should leave plain text alone and quote what YAML would misread', () => {
    expect(yamlScalar('hello world')).toBe('hello world');
    expect(yamlScalar('/home')).toBe('/home');
    for (const tricky of ['a: b', '- item', '#x', 'true', '42', '', ' padded', 'x #y', '{a}', 'tab\there'])
      expect(yamlScalar(tricky)).toBe(JSON.stringify(tricky));
  });
});
