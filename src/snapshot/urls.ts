// Credentials in URLs (docs/concepts.md, URLs). Links, forms, frames and the page itself carry
// query strings and fragments, and some of them are secrets: a password-reset token, an OAuth code
// or access token (which the implicit flow puts in the fragment), a signed URL's signature. Every
// URL an artifact shows keeps its shape — scheme, host, path, parameter names — but the values of
// parameters with such names read `REDACTED`. Other parameters (a search query, a page number)
// stay: a reader needs them.

/** Parameter names whose values never reach an artifact; `redactQueryParams` adds more. */
export const kSecretQueryParams: readonly string[] = [
  'access_token', 'id_token', 'refresh_token', 'token', 'auth', 'authorization', 'code', 'password', 'passwd', 'pwd',
  'secret', 'client_secret', 'api_key', 'apikey', 'key', 'session', 'sessionid', 'sid', 'sig', 'signature',
  'x-amz-signature', 'x-amz-credential', 'x-amz-security-token', 'otp', 'ticket',
];

export const kRedactedValue = 'REDACTED';

/** Lower-cased names, the defaults and the user's. */
export function secretParamNames(extra: readonly string[] = []): Set<string> {
  return new Set([...kSecretQueryParams, ...extra].map(name => name.toLowerCase()));
}

/**
 * `url` with the values of secret parameters, in its query and in a `#a=b&c=d` fragment, replaced.
 * Names are matched case-insensitively after percent-decoding; nothing else of the URL changes.
 * `separator` is `&amp;` for a URL as the DOM file writes it.
 */
export function redactUrl(url: string, names: ReadonlySet<string>, separator = '&'): string {
  const query = url.indexOf('?');
  const hash = url.indexOf('#');
  if (query === -1 && hash === -1)
    return url;
  const queryEnd = hash === -1 ? url.length : hash;
  let result = url.slice(0, query === -1 || query > queryEnd ? queryEnd : query);
  if (query !== -1 && query < queryEnd)
    result += '?' + redactParams(url.slice(query + 1, queryEnd), names, separator);
  if (hash !== -1)
    result += '#' + redactParams(url.slice(hash + 1), names, separator);
  return result;
}

function redactParams(params: string, names: ReadonlySet<string>, separator: string): string {
  return params.split(separator).map(pair => {
    const equals = pair.indexOf('=');
    if (equals === -1)
      return pair;
    return names.has(decodeName(pair.slice(0, equals))) ? pair.slice(0, equals + 1) + kRedactedValue : pair;
  }).join(separator);
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

// URL-bearing attributes the DOM file keeps, written `name="value"` with `&` escaped as `&amp;`.
const kUrlAttribute = /(\s(?:href|src|action|formaction|poster|data|cite|background|xlink:href)=")([^"]*)(")/g;

/** The DOM file's markup with every URL-bearing attribute passed through `redactUrl`. */
export function redactUrlsInMarkup(markup: string, names: ReadonlySet<string>): string {
  return markup.replace(kUrlAttribute, (whole, open: string, value: string, close: string) => {
    if (value.indexOf('?') === -1 && value.indexOf('#') === -1)
      return whole;
    return open + redactUrl(value, names, '&amp;') + close;
  });
}
