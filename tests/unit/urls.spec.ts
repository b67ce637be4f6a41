import { describe, expect, it } from 'vitest';
import { redactUrl, redactUrlsInMarkup, secretParamNames } from '../../src/snapshot/urls';

const names = secretParamNames(['ssn']);

describe('redactUrl', () => {
  it('should redact the values of secret parameters in the query and the fragment, and nothing else', () => {
    expect(redactUrl('https://app.test/reset?token=abc123&lang=en', names)).toBe('https://app.test/reset?token=REDACTED&lang=en');
    expect(redactUrl('https://app.test/cb#access_token=xyz&token_type=bearer&state=s1', names)).toBe('https://app.test/cb#access_token=REDACTED&token_type=bearer&state=s1');
    expect(redactUrl('/search?q=password&page=2', names)).toBe('/search?q=password&page=2');
    expect(redactUrl('/a?SSN=123-45-6789&Code=9#frag', names)).toBe('/a?SSN=REDACTED&Code=REDACTED#frag');
    expect(redactUrl('/a?%74oken=x', names)).toBe('/a?%74oken=REDACTED');
    expect(redactUrl('https://app.test/plain', names)).toBe('https://app.test/plain');
    expect(redactUrl('/a?flag&token', names)).toBe('/a?flag&token');
  });

  it('should redact URL attributes in the DOM file\'s escaped markup only', () => {
    const markup = '<a href="/reset?token=abc&amp;lang=en" title="?token=visible">Reset</a><img src="/i.png?sig=s&amp;w=1"><p>?token=text</p>';
    expect(redactUrlsInMarkup(markup, names)).toBe('<a href="/reset?token=REDACTED&amp;lang=en" title="?token=visible">Reset</a><img src="/i.png?sig=REDACTED&amp;w=1"><p>?token=text</p>');
  });
});
