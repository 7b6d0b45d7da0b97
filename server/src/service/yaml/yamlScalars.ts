// What a plain (unquoted) YAML scalar becomes for the gateway, and whether that may surprise
// the writer. The gateway converts a YAML document to JSON with go-yaml v3 (its resolve.go,
// function `resolve`), which reads plain scalars as YAML 1.2's core schema does, with these
// differences that matter here (docs/yaml.md lists them):
// - `0777` (a leading zero) is octal, 511, as YAML 1.1 had it; YAML 1.2 reads 777;
// - `2024-01-02` and `2001-12-14T21:59:43.10Z` are timestamps, written to JSON as Go prints a
//   time (RFC 3339: `2024-01-02T00:00:00Z`); YAML 1.2's core schema keeps the text;
// - `1_000` is 1000 and `0b101` is 5 (YAML 1.2: text).
// Both read `yes`, `no`, `on`, `off`, `y`, `n` as text (YAML 1.1 tools read booleans), `1e3` as
// the number 1000, `1.10` as the number 1.1, `~`/`null`/nothing as null.

export interface PlainReading {
  /** The JSON value the gateway reads. */
  value: unknown;
  /** Why the writer may not expect it (a sentence), or undefined. */
  surprise?: string;
  /** `.inf`/`.nan`: no JSON number can hold it. */
  notJson?: boolean;
}

const YAML11_BOOLEANS = new Set(['y', 'Y', 'yes', 'Yes', 'YES', 'n', 'N', 'no', 'No', 'NO', 'on', 'On', 'ON', 'off', 'Off', 'OFF']);

/** Digits, signs and `.`: the only first characters of numbers, timestamps and `.inf`/`.nan`. */
function mayBeNumeric(source: string): boolean {
  const c = source.charCodeAt(0);
  return (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e;
}
const LEGACY_OCTAL = /^[-+]?0[0-7]+$/;
const UNDERSCORED_INT = /^[-+]?(0|[1-9][0-9_]*)$/;
const BINARY = /^[-+]?0b[01_]+$/;
const DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const DATE_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})([Tt ])(\d{1,2}):(\d{1,2}):(\d{1,2})(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})?$/;

/** `libraryValue`: what the YAML library's core schema made of `source`. */
export function readPlain(source: string, libraryValue: unknown): PlainReading {
  // Most plain scalars are words: nothing below applies to them (a large document has 100,000).
  if (!mayBeNumeric(source) && !YAML11_BOOLEANS.has(source)) return { value: libraryValue };
  if (YAML11_BOOLEANS.has(source)) {
    return {
      value: source,
      surprise:
        `\`${source}\` is the text "${source}" here, not a boolean (YAML 1.2, as the gateway reads it): ` +
        'write true or false for a switch, or quote it to say you mean the text.',
    };
  }
  if (LEGACY_OCTAL.test(source) && !/^[-+]?0+$/.test(source)) {
    const negative = source.startsWith('-');
    const value = parseInt(source.replace(/^[-+]/, ''), 8) * (negative ? -1 : 1);
    return {
      value,
      surprise:
        `\`${source}\` is the octal number ${value} to the gateway (a leading zero means octal to its YAML decoder; ` +
        `YAML 1.2 tools read ${Number(source)}): quote it to keep the text, or drop the zero.`,
    };
  }
  const timestamp = goTimestamp(source);
  if (timestamp !== undefined) {
    return {
      value: timestamp,
      surprise: `\`${source}\` is a timestamp to the gateway's YAML decoder and becomes "${timestamp}": quote it to keep the text as written.`,
    };
  }
  if (typeof libraryValue === 'string') {
    if (source.includes('_') && UNDERSCORED_INT.test(source)) {
      const value = Number(source.replace(/_/g, ''));
      return { value, surprise: `\`${source}\` is the number ${value} to the gateway: quote it to keep the text.` };
    }
    if (BINARY.test(source)) {
      const value = parseInt(source.replace(/[-+]|0b|_/g, ''), 2) * (source.startsWith('-') ? -1 : 1);
      return { value, surprise: `\`${source}\` is the binary number ${value} to the gateway: quote it to keep the text.` };
    }
    return { value: libraryValue };
  }
  if (typeof libraryValue === 'number') {
    if (!Number.isFinite(libraryValue)) return { value: libraryValue, notJson: true };
    // `1.10` → 1.1, `1e3` → 1000, `0x1F` → 31: the number is not what is written.
    if (String(libraryValue) !== source) {
      return {
        value: libraryValue,
        surprise: `\`${source}\` is the number ${String(libraryValue)} here: quote it if you mean the text \`${source}\`.`,
      };
    }
  }
  return { value: libraryValue };
}

/**
 * The JSON form of a timestamp the way go-yaml v3 reads it (its `parseTimestamp`: RFC 3339 with
 * short fields, a space-separated form without a zone, a bare date) and Go's time marshals it
 * (RFC 3339 with nanoseconds, trailing zeros dropped, `Z` for UTC). Undefined when not one.
 */
export function goTimestamp(source: string): string | undefined {
  const date = DATE.exec(source);
  if (date) {
    const ymd = ymdOf(date[1], date[2], date[3]);
    return ymd ? `${ymd}T00:00:00Z` : undefined;
  }
  const m = DATE_TIME.exec(source);
  if (!m) return undefined;
  const [, y, mo, d, separator, h, mi, s, fraction, zone] = m;
  // The `T` forms need a zone; the space form takes none (go-yaml's allowed formats).
  if ((separator === ' ') !== (zone === undefined)) return undefined;
  const ymd = ymdOf(y, mo, d);
  if (!ymd || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
  const digits = (fraction ?? '').slice(1).replace(/0+$/, '');
  const offset = zone === undefined || zone === 'Z' || zone === '+00:00' || zone === '-00:00' ? 'Z' : zone;
  return `${ymd}T${pad(h)}:${pad(mi)}:${pad(s)}${digits ? '.' + digits : ''}${offset}`;
}

function ymdOf(y: string, mo: string, d: string): string | undefined {
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1) return undefined;
  const daysInMonth = new Date(Date.UTC(Number(y), month, 0)).getUTCDate();
  if (day > daysInMonth) return undefined;
  return `${y}-${pad(mo)}-${pad(d)}`;
}

const pad = (n: string): string => n.padStart(2, '0');

/** A key written as a plain non-string scalar (`200:`) is the text of the value the gateway reads. */
export function keyText(value: unknown): string {
  if (value === null) return 'null';
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
}

/**
 * A plain scalar's value in YAML 1.2's core schema (null, booleans, integers in decimal, `0o`
 * octal and `0x` hex, floats, `.inf`, `.nan`; anything else is text). Both YAML parsers' plain
 * scalars go through this one function, so they read the same values.
 */
export function coreValue(source: string): unknown {
  switch (source) {
    case '':
    case '~':
    case 'null':
    case 'Null':
    case 'NULL':
      return null;
    case 'true':
    case 'True':
    case 'TRUE':
      return true;
    case 'false':
    case 'False':
    case 'FALSE':
      return false;
  }
  if (!mayBeNumeric(source)) return source;
  if (/^[-+]?[0-9]+$/.test(source)) return Number(source);
  if (/^0o[0-7]+$/.test(source)) return parseInt(source.slice(2), 8);
  if (/^0x[0-9a-fA-F]+$/.test(source)) return parseInt(source.slice(2), 16);
  if (/^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/.test(source)) return Number(source);
  if (/^[-+]?\.(inf|Inf|INF)$/.test(source)) return source.startsWith('-') ? -Infinity : Infinity;
  if (/^\.(nan|NaN|NAN)$/.test(source)) return NaN;
  return source;
}
