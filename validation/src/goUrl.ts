// Go's net/url Parse, written out as a check (no URL object is built): the reference's
// `uri-reference` format (gojsonschema: Parse, and no backslash) and the loader's target-URL check
// (gateway/api_loader.go, skipSpecBecauseInvalid: Parse alone) share it. Kept apart from the ajv
// formats so the semantic rules load it without ajv-formats.

/** Would Go's `url.Parse` take `value` (the loader's target-URL check; no rule on backslashes)? */
export function goUrlParses(value: string): boolean {
  const hash = value.indexOf('#');
  if (hash < 0) return parses(value);
  return parses(value.slice(0, hash)) && unescapes(value.slice(hash + 1), 'other');
}

/** Would the reference accept `value` as a `uri-reference` (Go's url.Parse, and no `\`)? */
export function isUriReference(value: string): boolean {
  return !value.includes('\\') && goUrlParses(value);
}

const CHAR = { percent: 0x25, colon: 0x3a, plus: 0x2b, minus: 0x2d, dot: 0x2e } as const;
const isAlpha = (c: number): boolean => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isHex = (c: number): boolean => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
const hexValue = (c: number): number => (isDigit(c) ? c - 0x30 : (c | 0x20) - 0x57);

/** What a host may hold unescaped besides letters and digits (Go's shouldEscape for hosts). */
const HOST_MARKS = new Set([...'!$&\'()*+,;=:[]<>"-_.~'].map((m) => m.charCodeAt(0)));
/** What userinfo may hold besides letters and digits (Go's validUserinfo). */
const USERINFO_MARKS = new Set([..."-._:~!$&'()*+,;=%@"].map((m) => m.charCodeAt(0)));

const hostNeedsEscape = (c: number): boolean => !(isAlpha(c) || isDigit(c) || HOST_MARKS.has(c));

/** Everything but the fragment: Go's parse(rawURL, viaRequest = false). */
function parses(raw: string): boolean {
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return false; // "invalid control character in URL"
  }
  // Go's `*` (the asterisk form) needs no case of its own here: as a path it passes too.
  let rest = raw;
  let hasScheme = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (isAlpha(c)) continue;
    if (isDigit(c) || c === CHAR.plus || c === CHAR.minus || c === CHAR.dot) {
      if (i === 0) break; // no scheme
      continue;
    }
    if (c === CHAR.colon) {
      if (i === 0) return false; // "missing protocol scheme"
      hasScheme = true;
      rest = raw.slice(i + 1);
    }
    break;
  }
  const query = rest.indexOf('?');
  if (query >= 0) rest = rest.slice(0, query); // the query is kept raw, never checked
  if (!rest.startsWith('/')) {
    if (hasScheme) return true; // opaque (`mailto:…`)
    if (rest.split('/', 1)[0].includes(':')) return false; // "first path segment in URL cannot contain colon"
  }
  // The authority runs to the next `/`. Go reads `///x` without a scheme as a path, not as an empty
  // authority: the same answer here. What passes as an authority passes as a path too, so the
  // path is checked with the authority still in front of it.
  if (rest.startsWith('//') && !authorityParses(rest.slice(2).split('/', 1)[0])) return false;
  return unescapes(rest, 'other');
}

function authorityParses(authority: string): boolean {
  const at = authority.lastIndexOf('@'); // -1 without userinfo: the host is all of it
  if (!hostParses(authority.slice(at + 1))) return false;
  const userinfo = authority.slice(0, Math.max(at, 0));
  for (let i = 0; i < userinfo.length; i++) {
    const c = userinfo.charCodeAt(i);
    if (!(isAlpha(c) || isDigit(c) || USERINFO_MARKS.has(c))) return false; // "invalid userinfo"
  }
  // Go unescapes the user and the password apart (split at the first `:`); no escape spans a `:`.
  return unescapes(userinfo, 'other');
}

function hostParses(host: string): boolean {
  if (host.startsWith('[')) {
    // No `]` ("missing ']' in host"): close is -1 and the "port" is the whole host, which starts with `[`.
    const close = host.lastIndexOf(']');
    if (!validOptionalPort(host.slice(close + 1))) return false; // "invalid port"
    // After `]` come only a `:` and digits: nothing there to find or to unescape.
    const zone = host.indexOf('%25');
    if (zone !== -1) return unescapes(host.slice(0, zone), 'host') && unescapes(host.slice(zone, close), 'zone');
  } else {
    const colon = host.lastIndexOf(':');
    if (colon >= 0 && !validOptionalPort(host.slice(colon))) return false; // "invalid port"
  }
  return unescapes(host, 'host');
}

function validOptionalPort(port: string): boolean {
  if (port === '') return true;
  if (port.charCodeAt(0) !== CHAR.colon) return false;
  for (let i = 1; i < port.length; i++) if (!isDigit(port.charCodeAt(i))) return false;
  return true;
}

/**
 * Go's unescape, as a check: every `%` starts two hex digits; in a host an escape stands only for
 * a non-ASCII byte (or is `%25`), and a host holds no ASCII character it would have to escape.
 */
function unescapes(s: string, mode: 'host' | 'zone' | 'other'): boolean {
  for (let i = 0; i < s.length;) {
    const c = s.charCodeAt(i);
    if (c === CHAR.percent) {
      // `%4` or `%` at the end: charCodeAt past the end is NaN, not hex (Go checks i+2 >= len(s) first).
      if (!isHex(s.charCodeAt(i + 1)) || !isHex(s.charCodeAt(i + 2))) return false;
      const escaped = s.slice(i, i + 3);
      if (mode === 'host' && hexValue(s.charCodeAt(i + 1)) < 8 && escaped !== '%25') return false;
      if (mode === 'zone') {
        const byte = (hexValue(s.charCodeAt(i + 1)) << 4) | hexValue(s.charCodeAt(i + 2));
        if (escaped !== '%25' && byte !== 0x20 && hostNeedsEscape(byte)) return false;
      }
      i += 3;
    } else {
      if (mode !== 'other' && c < 0x80 && hostNeedsEscape(c)) return false; // "invalid character in host name"
      i++;
    }
  }
  return true;
}
