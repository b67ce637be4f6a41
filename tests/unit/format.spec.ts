import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { diffSnapshots } from '../../src/snapshot/diff';
import { formatAddedLine, formatDiff, formatEntryHead, formatEntryLines, formatSnapshot, formattedBytesAtLeast, quoteCodePoints, quoteText, yamlKey, yamlScalar } from '../../src/snapshot/format';
import { kBidiControls } from '../../src/isomorphic/bidi';
import { entry, snapshot } from './fixtures';

// The YAML parser Playwright reads aria snapshots with.
const { yaml } = createRequire(__filename)('playwright-core/lib/utilsBundle') as { yaml: { parse(text: string): unknown } };

const kBidiPattern = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

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

  it('should show aria-sort as a [sort=…] marker', () => {
    expect(formatEntryHead(entry({ ref: 's3', role: 'columnheader', name: 'Name', state: { visible: true, sort: 'ascending' } }))).toBe('columnheader "Name" [sort=ascending] [ref=s3]');
    expect(formatEntryHead(entry({ ref: 's4', role: 'rowheader', name: 'Q1', state: { visible: true, sort: 'other' } }))).toBe('rowheader "Q1" [sort=other] [ref=s4]');
    expect(formatEntryHead(entry({ ref: 's5', role: 'columnheader', name: 'Price' }))).toBe('columnheader "Price" [ref=s5]');
  });

  it('should escape names so that quotes and newlines cannot break a line', () => {
    expect(formatEntryHead(entry({ ref: 's1', role: 'button', name: 'Say "hi"\nnow' }))).toBe('button "Say \\"hi\\"\\nnow" [ref=s1]');
  });
});

describe('text runs', () => {
  it('should print runs among the children where they sit, and keep a single run inline', () => {
    const text = formatSnapshot(snapshot([
      entry({ ref: 's1', role: 'paragraph', text: 'Hello again', runs: [{ at: 0, text: 'Hello' }, { at: 1, text: 'again' }] }),
      entry({ ref: 's2', role: 'link', name: 'world', parent: 's1', depth: 1 }),
      entry({ ref: 's3', role: 'listitem', text: 'items left', runs: [{ at: 1, text: 'items left' }] }),
      entry({ ref: 's4', role: 'strong', text: '2', parent: 's3', depth: 1 }),
      entry({ ref: 's5', role: 'cell', text: 'A B', runs: [{ at: 0, text: 'A' }, { at: 0, text: 'B' }] }),
    ], {}, [{ at: 0, text: 'Before' }, { at: 3, text: 'After' }]));
    expect(text).toBe([
      '- text: Before',
      '- paragraph [ref=s1]:',
      '  - text: Hello',
      '  - link "world" [ref=s2]',
      '  - text: again',
      '- listitem [ref=s3]:',
      '  - strong [ref=s4]: "2"',
      '  - text: items left',
      '- cell [ref=s5]:',
      '  - text: A',
      '  - text: B',
      '- text: After',
    ].join('\n'));
    expect(yaml.parse(text)).toEqual([
      { text: 'Before' },
      { 'paragraph [ref=s1]': [{ text: 'Hello' }, 'link "world" [ref=s2]', { text: 'again' }] },
      { 'listitem [ref=s3]': [{ 'strong [ref=s4]': '2' }, { text: 'items left' }] },
      { 'cell [ref=s5]': [{ text: 'A' }, { text: 'B' }] },
      { text: 'After' },
    ]);
  });

  it('should put runs past the kept children at the end when a filter dropped children', () => {
    const text = formatSnapshot(snapshot([
      entry({ ref: 's1', role: 'paragraph', text: 'a b', runs: [{ at: 0, text: 'a' }, { at: 5, text: 'b' }] }),
      entry({ ref: 's2', role: 'link', name: 'x', parent: 's1', depth: 1 }),
    ]));
    expect(text).toBe('- paragraph [ref=s1]:\n  - text: a\n  - link "x" [ref=s2]\n  - text: b');
  });

  it('should print /placeholder when it is not the name', () => {
    expect(formatSnapshot(snapshot([
      entry({ ref: 's1', role: 'textbox', name: 'Query', placeholder: 'Search here' }),
      entry({ ref: 's2', role: 'textbox', name: 'Email', placeholder: 'Email' }),
    ]))).toBe('- textbox "Query" [ref=s1]:\n  - /placeholder: Search here\n- textbox "Email" [ref=s2]');
  });
});

describe('names the lines below say', () => {
  it('should leave out a row\'s name made of its cells, and a cell\'s made of its link, keeping leaves\' names', () => {
    const entries = [
      entry({ ref: 's1', role: 'row', name: '#7 Ann Lee $5.00' }),
      entry({ ref: 's2', role: 'rowheader', name: '#7', parent: 's1', depth: 1 }),
      entry({ ref: 's3', role: 'cell', name: 'Ann Lee', parent: 's1', depth: 1 }),
      entry({ ref: 's4', role: 'link', name: 'Ann Lee', url: '/c/7', parent: 's3', depth: 2 }),
      entry({ ref: 's5', role: 'cell', name: '$5.00', parent: 's1', depth: 1 }),
    ];
    expect(formatSnapshot(snapshot(entries))).toBe([
      '- row [ref=s1]:',
      '  - rowheader "#7" [ref=s2]',
      '  - cell [ref=s3]:',
      '    - link "Ann Lee" [ref=s4]:',
      '      - /url: /c/7',
      '  - cell "$5.00" [ref=s5]',
    ].join('\n'));
    // Only the text is shorter: the entries and the diff lines keep every name.
    expect(entries.map(e => e.name)).toEqual(['#7 Ann Lee $5.00', '#7', 'Ann Lee', 'Ann Lee', '$5.00']);
    expect(formatAddedLine(entries[0])).toBe('+ row "#7 Ann Lee $5.00" [ref=s1]');
  });

  it('should count a child\'s printed name, value and text runs, in order, whitespace aside', () => {
    // <td><kbd>Ctrl</kbd>+<kbd>C</kbd></td>, and a cell whose name has spaces its text does not.
    const text = formatSnapshot(snapshot([
      entry({ ref: 's1', role: 'cell', name: 'Ctrl+C', text: '+', runs: [{ at: 1, text: '+' }] }),
      entry({ ref: 's2', role: 'code', text: 'Ctrl', parent: 's1', depth: 1 }),
      entry({ ref: 's3', role: 'code', text: 'C', parent: 's1', depth: 1 }),
      entry({ ref: 's4', role: 'cell', name: 'Qty 3 left' }),
      entry({ ref: 's5', role: 'spinbutton', name: 'Qty', value: '3', parent: 's4', depth: 1 }),
      entry({ ref: 's6', role: 'generic', text: 'left', parent: 's4', depth: 1 }),
    ]));
    expect(text).toBe([
      '- cell [ref=s1]:',
      '  - code [ref=s2]: Ctrl',
      '  - text: +',
      '  - code [ref=s3]: C',
      '- cell [ref=s4]:',
      '  - spinbutton "Qty" [ref=s5]: "3"',
      '  - generic [ref=s6]: left',
    ].join('\n'));
  });

  it('should leave out names at every level, using what a child with no name printed prints', () => {
    const text = formatSnapshot(snapshot([
      entry({ ref: 's1', role: 'listitem', name: 'Docs: read more' }),
      entry({ ref: 's2', role: 'paragraph', name: 'Docs: read more', parent: 's1', depth: 1 }),
      entry({ ref: 's3', role: 'strong', text: 'Docs:', parent: 's2', depth: 2 }),
      entry({ ref: 's4', role: 'link', name: 'read more', parent: 's2', depth: 2 }),
    ]));
    expect(text).toBe('- listitem [ref=s1]:\n  - paragraph [ref=s2]:\n    - strong [ref=s3]: "Docs:"\n    - link "read more" [ref=s4]');
  });

  it('should keep the name of a link or heading whose own text only the name says', () => {
    // `<a aria-label="Docs"><strong>Docs</strong> Docs</a>`: the walk left out the link's own
    // " Docs" (its name says it); the strong alone spells the name, so only the name still shows it.
    const text = formatSnapshot(snapshot([
      entry({ ref: 's1', role: 'link', name: 'Docs' }),
      entry({ ref: 's2', role: 'strong', text: 'Docs', parent: 's1', depth: 1 }),
      entry({ ref: 's3', role: 'heading', name: 'Intro' }),
      entry({ ref: 's4', role: 'code', text: 'Intro', parent: 's3', depth: 1 }),
      entry({ ref: 's5', role: 'listitem', name: 'Docs' }),
      entry({ ref: 's6', role: 'strong', text: 'Docs', parent: 's5', depth: 1 }),
    ]));
    expect(text.split('\n').filter(line => !line.startsWith('  '))).toEqual([
      '- link "Docs" [ref=s1]:', '- heading "Intro" [ref=s3]:', '- listitem [ref=s5]:',
    ]);
  });

  it('should keep a name the lines below do not say in full, or in that order', () => {
    const text = formatSnapshot(snapshot([
      // An aria-label: `<a aria-label="Open settings"><strong>Settings</strong></a>`.
      entry({ ref: 's1', role: 'link', name: 'Open settings' }),
      entry({ ref: 's2', role: 'strong', text: 'Settings', parent: 's1', depth: 1 }),
      // Text the lines do not show (hidden, or CSS content): "Price" is in the name only.
      entry({ ref: 's3', role: 'cell', name: 'Price $5' }),
      entry({ ref: 's4', role: 'generic', text: '$5', parent: 's3', depth: 1 }),
      // The same words in another order.
      entry({ ref: 's5', role: 'cell', name: 'B A' }),
      entry({ ref: 's6', role: 'generic', text: 'A', parent: 's5', depth: 1 }),
      entry({ ref: 's7', role: 'generic', text: 'B', parent: 's5', depth: 1 }),
      // More text below than the name says.
      entry({ ref: 's8', role: 'cell', name: 'Ann' }),
      entry({ ref: 's9', role: 'link', name: 'Ann', parent: 's8', depth: 1 }),
      entry({ ref: 's10', role: 'generic', text: '(admin)', parent: 's8', depth: 1 }),
      // A row: what its cell prints past the cell's own name counts, to the end.
      entry({ ref: 's11', role: 'row', name: 'Ann Ann (admin) $5' }),
      entry({ ref: 's12', role: 'cell', name: 'Ann', parent: 's11', depth: 1 }),
      entry({ ref: 's13', role: 'link', name: 'Ann', parent: 's12', depth: 2 }),
      entry({ ref: 's14', role: 'generic', text: '(admin)', parent: 's12', depth: 2 }),
      entry({ ref: 's15', role: 'generic', text: 'x', parent: 's12', depth: 2 }),
      entry({ ref: 's16', role: 'cell', name: '$5', parent: 's11', depth: 1 }),
    ]));
    expect(text.split('\n').filter(line => !line.startsWith('  '))).toEqual([
      '- link "Open settings" [ref=s1]:',
      '- cell "Price $5" [ref=s3]:',
      '- cell "B A" [ref=s5]:',
      '- cell "Ann" [ref=s8]:',
      '- row "Ann Ann (admin) $5" [ref=s11]:',
    ]);
  });

  it('should keep the names of roles a name identifies, and of leaves', () => {
    const text = formatSnapshot(snapshot([
      entry({ ref: 's1', role: 'table', name: 'Orders' }),
      entry({ ref: 's2', role: 'caption', text: 'Orders', parent: 's1', depth: 1 }),
      entry({ ref: 's3', role: 'navigation', name: 'Docs' }),
      entry({ ref: 's4', role: 'link', name: 'Docs', parent: 's3', depth: 1 }),
      entry({ ref: 's5', role: 'columnheader', name: 'Name' }),
      entry({ ref: 's6', role: 'generic', text: 'Name', parent: 's5', depth: 1 }),
      entry({ ref: 's7', role: 'cell', name: 'Total', text: 'Total' }),
      entry({ ref: 's8', role: 'cell', name: 'A B', text: 'A B', runs: [{ at: 0, text: 'A' }, { at: 0, text: 'B' }] }),
    ]));
    expect(text).toBe([
      '- table "Orders" [ref=s1]:',
      '  - caption [ref=s2]: Orders',
      '- navigation "Docs" [ref=s3]:',
      '  - link "Docs" [ref=s4]',
      '- columnheader "Name" [ref=s5]:',
      '  - generic [ref=s6]: Name',
      '- cell "Total" [ref=s7]',
      '- cell "A B" [ref=s8]:',
      '  - text: A',
      '  - text: B',
    ].join('\n'));
  });
});

describe('YAML validity', () => {
  // Names, text and values that break naive YAML: indicators, `: `, ` #`, quotes, brackets, newlines, emoji.
  const kFuzz = [
    'a: b', 'a:b', 'ends with:', 'key: "v"', 'x #y', '#hash', '- dash', '-', '--- doc', '? q', ': c', ',comma',
    '[x] y', '{a}', 'a{b}c', '"quoted"', "it's", "'single'", 'back\\slash', '`tick`', '&anchor', '*alias', '!tag',
    '|pipe', '>gt', '%pct', '@at', 'line\nbreak', 'tab\there', ' lead', 'trail ', 'true', 'null', 'yes', '~', '12',
    '1e3', '-0.5', '.inf', '.NaN', '0x1F', 'Infinity', 'y', 'N', 'emoji 🎉 ok', '👍', 'a "b: c" d', "[ref=s9]", 'a\u0000b', 'é\u0301', '\u00a0nbsp', '""',
    "''", '\\', 'a: b # c', 'x\r\ny', '{"json": 1}', '<b>html</b>', '=', '...', 'a\tb: c',
  ];

  it('should parse back to the same names, text, values and urls for every fuzz string', () => {
    const entries = kFuzz.flatMap((s, i) => [
      entry({ ref: `s${4 * i + 1}`, role: 'button', name: s }),
      entry({ ref: `s${4 * i + 2}`, role: 'paragraph', name: s, text: s + ' text', runs: [{ at: 0, text: s }, { at: 1, text: s }] }),
      entry({ ref: `s${4 * i + 3}`, role: 'link', name: s, url: s, parent: `s${4 * i + 2}`, depth: 1 }),
      entry({ ref: `s${4 * i + 4}`, role: 'textbox', tag: 'textarea', name: s, value: s, placeholder: s + '!' }),
    ]);
    const text = formatSnapshot(snapshot(entries, {}, [{ at: 0, text: kFuzz.join(' ') }]));
    const parsed = yaml.parse(text) as unknown[];
    const expected: unknown[] = [{ text: kFuzz.join(' ') }];
    for (const [i, s] of kFuzz.entries()) {
      const head = (role: string, n: number) => `${role} ${quoteText(s)} [ref=s${4 * i + n}]`;
      expected.push(head('button', 1));
      expected.push({ [head('paragraph', 2)]: [{ text: s }, { [head('link', 3)]: [{ '/url': s }] }, { text: s }] });
      expected.push({ [head('textbox', 4)]: [{ text: s }, { '/placeholder': s + '!' }] });
    }
    expect(parsed).toEqual(expected);
  });

  it('should parse back a leaf value for every fuzz string', () => {
    const entries = kFuzz.map((s, i) => entry({ ref: `s${i + 1}`, role: 'textbox', tag: 'textarea', name: s, value: s }));
    const parsed = yaml.parse(formatSnapshot(snapshot(entries)));
    expect(parsed).toEqual(kFuzz.map((s, i) => ({ [`textbox ${quoteText(s)} [ref=s${i + 1}]`]: s })));
  });
});

describe('quoting shortcuts', () => {
  // formatEntryLines tests a key piece by piece, and quoteText skips JSON.stringify for strings it
  // would not change: both must give what the whole-string definitions give.
  const alphabet = ['a', 'Z', ' ', ':', '#', '-', '"', "'", '\\', '[', ']', '?', '\n', '\t', '\u0000', '\u0085', '\u00a0',
    '\u202e', '\u2069', '\ufffe', '\ud83c', '\udf89', '🎉', 'é', '\u2028'];
  let seed = 11;
  const random = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
  const randomText = (max: number) => {
    let text = '';
    for (let i = random(max); i > 0; i--)
      text += alphabet[random(alphabet.length)];
    return text;
  };

  it('should quote a key exactly when the whole line needs it', () => {
    const roles = ['button', 'link', '', 'x:', 'a: b', '-', 'x #', ' x', 'x ', 'row'];
    for (let round = 0; round < 3000; round++) {
      const state = { visible: true, ...(round % 4 === 0 ? { level: 2 } : {}), ...(round % 5 === 0 ? { invalid: randomText(4) || 'grammar' } : {}) };
      const e = entry({ ref: round % 7 === 0 ? `s1${randomText(3)}` : `s${round}`, role: roles[random(roles.length)], name: randomText(8), state,
        ...(round % 6 === 0 ? { frame: { src: randomText(6) } } : {}) });
      expect(formatEntryLines(e, 0, true)[0], JSON.stringify(e)).toBe(`- ${yamlKey(formatEntryHead(e))}:`);
    }
  });

  it('should quote text as JSON with bidi and C1 controls escaped', () => {
    const reference = (text: string) => JSON.stringify(text).replace(new RegExp(`[${kBidiControls.join('')}\u007f-\u009f\ufffe\uffff]`, 'g'),
        c => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
    for (let round = 0; round < 3000; round++) {
      const text = randomText(10);
      expect(quoteText(text), JSON.stringify(text)).toBe(reference(text));
    }
  });
});

describe('bidi controls', () => {
  it('should show them escaped in names, so a reversed name cannot display as another', () => {
    expect(formatEntryHead(entry({ ref: 's1', role: 'button', name: '\u202elecnaC' }))).toBe('button "\\u202elecnaC" [ref=s1]');
    expect(formatEntryHead(entry({ ref: 's2', role: 'iframe', name: 'f', frame: { src: 'http://a.test/\u2066x' } }))).toBe('iframe "f" [ref=s2] [iframe src="http://a.test/\\u2066x"]');
    expect(kBidiControls.map(c => quoteText(c)).join(' ')).toBe('"\\u061c" "\\u200e" "\\u200f" "\\u202a" "\\u202b" "\\u202c" "\\u202d" "\\u202e" "\\u2066" "\\u2067" "\\u2068" "\\u2069"');
  });

  it('should escape them in text, values and urls, and stay YAML that reads back the same strings', () => {
    const text = formatSnapshot(snapshot([
      entry({ ref: 's1', role: 'link', name: 'Home\u200f', url: 'http://a.test/\u202egnp.exe' }),
      entry({ ref: 's2', role: 'textbox', name: 'Email', value: 'a\u2067b' }),
      entry({ ref: 's3', role: 'paragraph', text: '\u061cplain' }),
      entry({ ref: 's4', role: 'listitem', text: 'x\u202ay' }),
      entry({ ref: 's5', role: 'link', name: 'more', parent: 's4', depth: 1 }),
    ]));
    expect(text).toBe([
      '- link "Home\\u200f" [ref=s1]:',
      '  - /url: "http://a.test/\\u202egnp.exe"',
      '- textbox "Email" [ref=s2]: "a\\u2067b"',
      '- paragraph [ref=s3]: "\\u061cplain"',
      '- listitem [ref=s4]:',
      '  - text: "x\\u202ay"',
      '  - link "more" [ref=s5]',
    ].join('\n'));
    expect(text).not.toMatch(kBidiPattern);
    expect(yaml.parse(text)).toEqual([
      { 'link "Home\\u200f" [ref=s1]': [{ '/url': 'http://a.test/\u202egnp.exe' }] },
      { 'textbox "Email" [ref=s2]': 'a\u2067b' },
      { 'paragraph [ref=s3]': '\u061cplain' },
      { 'listitem [ref=s4]': [{ text: 'x\u202ay' }, 'link "more" [ref=s5]'] },
    ]);
  });

  it('should escape them in every line of a diff', () => {
    const before = snapshot([
      entry({ ref: 's1', role: 'button', name: '\u202elecnaC' }),
      entry({ ref: 's2', role: 'textbox', name: 'To', value: 'ok' }),
    ]);
    const after = snapshot([
      entry({ ref: 's2', role: 'textbox', name: 'To', value: '\u202dok' }),
      entry({ ref: 's3', role: 'button', name: '\u2068Pay\u2069' }),
    ]);
    const text = formatDiff(diffSnapshots(before, after));
    expect(text).toBe([
      'diff +1 -1 ~1',
      '+ button "\\u2068Pay\\u2069" [ref=s3]',
      '- button "\\u202elecnaC" [ref=s1]',
      '~ textbox "To" [ref=s2] value: "ok" -> "\\u202dok"',
    ].join('\n'));
    expect(text).not.toMatch(kBidiPattern);
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

/** The diff line of one field changing from `prev` to `curr`. */
function changeLine(field: 'name' | 'value' | 'text' | 'url', prev: string | undefined, curr: string | undefined): string {
  const before = snapshot([entry({ ref: 's1', role: 'link', name: 'x', [field]: prev })]);
  const after = snapshot([entry({ ref: 's1', role: 'link', name: 'x', [field]: curr })]);
  return formatDiff(diffSnapshots(before, after)).split('\n')[1];
}

describe('changes that would print the same', () => {
  it('should show the code points of private-use glyphs when only the glyph changed', () => {
    const before = snapshot([entry({ ref: 's7', role: 'link', name: '\ue001 Projects' })]);
    const after = snapshot([entry({ ref: 's7', role: 'link', name: '\ue002 Projects' })]);
    expect(formatDiff(diffSnapshots(before, after))).toBe('diff +0 -0 ~1\n~ link "\ue002 Projects" [ref=s7] name: "\\ue001 Projects" -> "\\ue002 Projects"');
  });

  it('should show zero-width and other invisible characters, no-break spaces and decomposed forms', () => {
    expect(changeLine('text', 'Total', 'To\u200btal')).toBe('~ link "x" [ref=s1] text: "Total" -> "To\\u200btal"');
    expect(changeLine('text', 'soft', 'so\u00adft')).toBe('~ link "x" [ref=s1] text: "soft" -> "so\\u00adft"');
    expect(changeLine('value', '10 kg', '10\u00a0kg')).toBe('~ link "x" [ref=s1] value: "10 kg" -> "10\\u00a0kg"');
    expect(changeLine('name', 'Café', 'Cafe\u0301')).toBe('~ link "Cafe\u0301" [ref=s1] name: "Café" -> "Cafe\\u0301"');
    expect(changeLine('text', 'fine', '\ufb01ne')).toBe('~ link "x" [ref=s1] text: "fine" -> "\\ufb01ne"');
    expect(changeLine('text', 'a\u200cb', 'a\u200db')).toBe('~ link "x" [ref=s1] text: "a\\u200cb" -> "a\\u200db"');
    expect(changeLine('text', '\u3164', '')).toBe('~ link "x" [ref=s1] text: "\\u3164" -> ""');
  });

  it('should show a string that would print as "" but is not empty, against an absent value', () => {
    expect(changeLine('value', undefined, '\u200b')).toBe('~ link "x" [ref=s1] value: none -> "\\u200b"');
    expect(changeLine('value', undefined, '')).toBe('~ link "x" [ref=s1] value: none -> ""');
  });

  it('should print changes a reader can see as they are', () => {
    expect(changeLine('name', '\ue001 Projects', '\ue001 Settings')).toBe('~ link "\ue001 Settings" [ref=s1] name: "\ue001 Projects" -> "\ue001 Settings"');
    expect(changeLine('text', 'Café', 'Cafe')).toBe('~ link "x" [ref=s1] text: "Café" -> "Cafe"');
    expect(changeLine('text', 'a', 'b')).toBe('~ link "x" [ref=s1] text: "a" -> "b"');
  });

  it('should write code points that read back as the same string', () => {
    for (const text of ['\ue001 x', 'e\u0301 "q" \\u0041', '\u{f0001}\u{1f600}', '\ud800 lone', 'tab\there\u0085', 'plain'])
      expect(JSON.parse(quoteCodePoints(text))).toBe(text);
    expect(quoteCodePoints('\u{f0001}')).toBe('"\\udb80\\udc01"');
    expect(quoteCodePoints('a\\u0041')).toBe('"a\\\\u0041"');
    expect(quoteCodePoints('😀 ok')).toBe('"😀 ok"');
  });
});

describe('C1 controls', () => {
  it('should be escaped in every text form, which stays valid YAML', () => {
    expect(quoteText('a\u0085b\u009b')).toBe('"a\\u0085b\\u009b"');
    const text = formatSnapshot(snapshot([entry({ ref: 's1', role: 'paragraph', text: 'x\u0080y' })]));
    expect(text).toBe('- paragraph [ref=s1]: "x\\u0080y"');
    expect(yaml.parse(text)).toEqual([{ 'paragraph [ref=s1]': 'x\u0080y' }]);
  });
});

describe('editor values', () => {
  it('should print an editor\'s value as its lines, and a textarea\'s quoted whole', () => {
    const lines = ['const total = 1;', '', 'export default total;', 'function f(a, b) {', 'return a + b;', '}'];
    const text = formatSnapshot(snapshot([
      entry({ ref: 's1', role: 'textbox', name: 'Code', tag: 'div', value: lines.join('\n') }),
      entry({ ref: 's2', role: 'textbox', name: 'Notes', tag: 'textarea', value: 'a\nb' }),
    ]));
    expect(text).toBe([
      '- textbox "Code" [ref=s1]:',
      ...lines.filter(Boolean).map(line => `  - text: ${line === '}' ? '"}"' : line}`),
      '- textbox "Notes" [ref=s2]: "a\\nb"',
    ].join('\n'));
    expect((yaml.parse(text) as Record<string, unknown>[])[0]['textbox "Code" [ref=s1]']).toEqual(lines.filter(Boolean).map(line => ({ text: line })));
  });
});

describe('formattedBytesAtLeast', () => {
  const bytes = (s: ReturnType<typeof snapshot>) => Buffer.byteLength(formatSnapshot(s));

  it('should count the indent, role, ref and a leaf\'s quoted name of every line it prints', () => {
    const small = snapshot([
      entry({ ref: 's1', role: 'list', name: 'Fruit' }),
      entry({ ref: 's2', role: 'listitem', name: 'Apple', parent: 's1', depth: 1 }),
    ]);
    // `- list "Fruit" [ref=s1]:` less its name and colon, then `  - listitem "Apple" [ref=s2]`.
    expect(formattedBytesAtLeast(small)).toBe('- list [ref=s1]'.length + 1 + '  - listitem "Apple" [ref=s2]'.length);
    expect(bytes(small)).toBeGreaterThanOrEqual(formattedBytesAtLeast(small));
    expect(formattedBytesAtLeast(snapshot([]))).toBe(0);
  });

  it('should stay at or under the formatted size of random snapshots, and close to it', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    const names = ['', 'Save', 'a: b', 'x #y', 'quote "q"', 'line\nbreak', '😀 émoji', '\u202eRTL', "it's", 'very long name '.repeat(5)];
    const roles = ['', 'button', 'listitem', 'generic', 'link', 'textbox', 'key: value', '-dash', 'row'];
    let ratioSum = 0;
    for (let round = 0; round < 300; round++) {
      const entries = [];
      const count = 1 + Math.floor(random() * 40);
      for (let i = 0; i < count; i++) {
        const earlier = i && random() < 0.8 ? `s${Math.floor(random() * i)}` : null;
        // Now and then a parent that is not listed (a filter dropped it) or that comes later.
        const parent = random() < 0.05 ? 'gone' : random() < 0.05 && i + 1 < count ? `s${i + 1 + Math.floor(random() * (count - i - 1))}` : earlier;
        entries.push(entry({
          ref: `s${i}`, role: pick(roles), name: pick(names), parent, tag: pick(['div', 'input', 'textarea']),
          ...(random() < 0.2 ? { value: pick(names) } : {}),
          ...(random() < 0.2 ? { text: pick(names) } : {}),
          ...(random() < 0.1 ? { url: 'http://127.0.0.1/' + pick(names) } : {}),
          state: { visible: true, ...(random() < 0.2 ? { disabled: true } : {}) },
        }));
      }
      const s = snapshot(entries);
      const bound = formattedBytesAtLeast(s);
      expect(bound, JSON.stringify(entries.map(e => [e.ref, e.role, e.name, e.parent]))).toBeLessThanOrEqual(bytes(s));
      ratioSum += bound / Math.max(1, bytes(s));
    }
    // A bound of 0 holds too; this one tells most of the text.
    expect(ratioSum / 300).toBeGreaterThan(0.5);
  });

  it('should count nothing of a cycle, which prints nothing', () => {
    const cycle = snapshot([
      entry({ ref: 's1', role: 'group', parent: 's2' }),
      entry({ ref: 's2', role: 'group', parent: 's1' }),
    ]);
    expect(formatSnapshot(cycle)).toBe('');
    expect(formattedBytesAtLeast(cycle)).toBe(0);
  });
});
