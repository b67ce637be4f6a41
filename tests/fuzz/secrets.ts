// Which fields hold secrets, read from the page as it is, by the library's documented rule
// (docs/concepts.md): an <input type=password> (any case), a field whose `autocomplete`, or
// that of any element around it (a component's host, a container; shadow roots crossed), holds
// current-password, new-password, one-time-code or a cc-* token, or a field whose text the page
// masks (`-webkit-text-security` other than `none`, its own or inherited), but for the inputs
// whose value is no typed text (buttons, checkboxes, radios, hidden, range and color inputs).
//
// The page decides, not the generator: the shrinker may drop the attribute that made a field
// secret, and a marker typed into a field that is no longer secret is no secret at all. So a
// marker is typed only into a field that is secret when the interactions start or when it is
// typed into (a field that has been a password, or masked, stays secret for the library), and the
// words check leaves out the values of exactly these fields.

/** Page-side source: `(element) => boolean`. */
export const kIsSecretField = `(element) => {
  const secretToken = token => /^(current-password|new-password|one-time-code|cc-[a-z-]+)$/i.test(token);
  if (element.localName === 'input' && (element.getAttribute('type') || '').toLowerCase() === 'password')
    return true;
  for (let node = element; node; node = node.parentElement || (node.parentNode && node.parentNode.host) || null) {
    const autocomplete = node.getAttribute && node.getAttribute('autocomplete');
    if (autocomplete && autocomplete.split(/\\s+/).some(secretToken))
      return true;
  }
  const unmasked = ['button', 'submit', 'reset', 'image', 'checkbox', 'radio', 'hidden', 'range', 'color'];
  if (element.localName === 'input' && unmasked.includes(element.type))
    return false;
  const security = getComputedStyle(element).getPropertyValue('-webkit-text-security');
  return !!security && security !== 'none';
}`;

/** What can hold a secret: fields and editable content. */
export const kFieldSelector = 'input, textarea, select, [contenteditable]';
