// Random markup for the DOM file's printers (src/dom/printer.ts, src/dom/pretty.ts), from a seed
// so that a failure reproduces. Serializer-shaped by default: escaped text without newlines,
// quoted attributes in one line, frame and shadow-root comments, pre/textarea, inline, block,
// void and implied-end elements, nested wrongly as scripts can nest them. `loose` adds what other
// markup holds: line breaks (CR too) in text and values, tabs, comments of every shape, raw
// content with markup in it, upper-case tags, `{{` templates, js-beautify-only void elements.

/** A small deterministic PRNG (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const kTags = ['div', 'section', 'article', 'nav', 'main', 'header', 'footer', 'form', 'fieldset', 'figure', 'blockquote', 'details', 'summary',
  'h2', 'p', 'ul', 'ol', 'menu', 'li', 'dl', 'dt', 'dd', 'table', 'caption', 'colgroup', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th',
  'select', 'optgroup', 'option', 'datalist', 'ruby', 'rt', 'rp', 'rtc', 'label', 'button', 'video', 'ins', 'svg', 'path', 'head', 'body', 'html',
  'span', 'a', 'b', 'em', 'strong', 'code', 'kbd', 'small', 'i', 'my-el', 'x-a-b'];
const kVoid = ['input', 'br', 'img', 'hr', 'wbr', 'col'];
const kLooseTags = ['param', 'keygen', 'menuitem', 'Foo', 'DIV', 'Span'];
const kWords = ['alpha', 'beta', 'x', '$12', '&amp;', '&lt;b&gt;', 'Tea &amp; cake', 'naïve', '—', 'a: b', 'a=b', '"q"', "'s'", ' ', '  ', ' lead', 'trail '];
const kLooseWords = ['{{x}}', '{% y %}', '\n', ' \n ', 'x\ny', '\t', 'a\r\nb', '\r', '<!---->', '<!-- two\nlines -->', '<!--x-->',
  '<pre>\n in <b>pre</b>\n</pre>', '<pre> </pre>', '<textarea></textarea>', '<PRE>x</PRE>'];
const kAttributes = ['id="a1"', 'class="row"', 'name="n"', 'type="text"', 'href="/x?y=1&amp;z"', 'value="v &quot;q&quot;"', 'disabled', 'aria-label="Close"', 'data-x=""', 'value="{{v}}"'];
const kLooseAttributes = ['title="two\nlines"', ' id="spaced"', 'title="cr\r\nlf"', 'alt="x\ry"', 'value="a > b"'];
const kComments = ['\n<!-- shadow-root -->\n', '\n<!-- /shadow-root -->\n', '\n<!-- truncated: a limit stopped the walk -->\n', '<!-- BEGIN IFRAME f1 -->\n<p>in frame</p>\n<!-- END IFRAME f1 -->'];

export function randomMarkup(rand: () => number, size: number, options: { loose?: boolean } = {}): string {
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  const words = options.loose ? [...kWords, ...kLooseWords] : kWords;
  const tags = options.loose ? [...kTags, ...kLooseTags] : kTags;
  const attributeList = options.loose ? [...kAttributes, ...kLooseAttributes] : kAttributes;
  let refs = 1;
  const attributes = () => {
    let result = '';
    const count = Math.floor(rand() * 6);
    for (let i = 0; i < count; i++)
      result += ' ' + pick(attributeList);
    if (rand() < 0.5)
      result += ` ref="s${refs++}"`;
    return result;
  };
  const node = (depth: number, budget: { left: number }): string => {
    budget.left--;
    const r = rand();
    if (r < 0.2 || depth > 12 || budget.left <= 0)
      return pick(words);
    if (r < 0.25)
      return `<${pick(kVoid)}${attributes()}>`;
    if (r < 0.27)
      return pick(kComments);
    if (r < 0.29) {
      const raw = pick(['pre', 'textarea']);
      return `<${raw}${attributes()}>${pick(words)} ${pick(words)}</${raw}>`;
    }
    const tag = pick(tags);
    let children = '';
    const count = Math.floor(rand() * (depth < 3 ? 10 : 5));
    for (let i = 0; i < count && budget.left > 0; i++)
      children += node(depth + 1, budget);
    return `<${tag}${attributes()}>${children}</${tag}>`;
  };
  const budget = { left: size };
  let body = '';
  while (budget.left > 0)
    body += node(1, budget);
  return rand() < 0.7 ? `<html><head></head><body>${body}</body></html>` : body;
}
