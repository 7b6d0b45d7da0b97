// A small glob matcher (`*`, `**`, `?`, `{a,b}`, `[abc]`) for `svc.files.associations` and
// svc-lint's file arguments. Node 20 has no fs.glob and we add no dependency for this.

const cache = new Map<string, RegExp>();

/** Compiles a glob to an anchored regular expression over `/`-separated paths. */
export function globToRegExp(glob: string): RegExp {
  const cached = cache.get(glob);
  if (cached) return cached;
  let re = '';
  let inGroup = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*') {
      if (glob[i + 1] === '*') {
        // `**/` matches zero or more whole directories; a trailing `**` matches everything.
        if (glob[i + 2] === '/') {
          re += '(?:[^/]*/)*';
          i += 2;
        } else {
          re += '.*';
          i += 1;
        }
      } else {
        re += '[^/]*';
      }
    } else if (c === '?') re += '[^/]';
    else if (c === '{') {
      inGroup++;
      re += '(?:';
    } else if (c === '}' && inGroup > 0) {
      inGroup--;
      re += ')';
    } else if (c === ',' && inGroup > 0) re += '|';
    else if (c === '[') {
      const close = glob.indexOf(']', i + 1);
      if (close < 0) re += '\\[';
      else {
        const body = glob
          .slice(i + 1, close)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\');
        re += '[' + body + ']';
        i = close;
      }
    } else re += c.replace(/[.+^$()|\\\]]/g, '\\$&');
  }
  while (inGroup-- > 0) re += ')';
  let regex: RegExp;
  try {
    regex = new RegExp('^' + re + '$');
  } catch {
    regex = /^(?!)$/; // an unparsable pattern matches nothing
  }
  cache.set(glob, regex);
  return regex;
}

/**
 * Whether `path` (with `/` separators) matches `glob`. A pattern without a `/` matches the file
 * name, as in VS Code's `files.associations`; a relative pattern may match at any folder.
 */
export function matchGlob(glob: string, path: string): boolean {
  const normalized = path.replace(/\\/g, '/');
  if (!glob.includes('/')) {
    const base = normalized.slice(normalized.lastIndexOf('/') + 1);
    return globToRegExp(glob).test(base);
  }
  if (globToRegExp(glob).test(normalized)) return true;
  if (!glob.startsWith('/') && !glob.startsWith('**/')) return globToRegExp('**/' + glob).test(normalized);
  return false;
}

/** True when the text contains glob syntax (svc-lint expands those arguments). */
export function hasGlobSyntax(text: string): boolean {
  return /[*?{[]/.test(text);
}
