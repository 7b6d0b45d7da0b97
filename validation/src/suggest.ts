// "Did you mean": the closest known name to a misspelled one.

/** Levenshtein distance, stopping early once it exceeds `max`. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (current[j] < rowMin) rowMin = current[j];
    }
    if (rowMin > max) return max + 1;
    previous = current;
  }
  return previous[b.length];
}

/** `listen_path`, `ListenPath` and `listenpath` all normalise to `listenpath`. */
// Stryker disable next-line MethodExpression: both sides go through the same case folding; upper or lower makes no difference
const normalise = (s: string): string => s.replace(/[_\-\s]/g, '').toLowerCase();

/**
 * The best suggestion for `name` among `candidates`, or undefined when nothing is close:
 * same letters ignoring case and separators first, then up to 1 edit for short names and
 * 2 for names of 6+ characters.
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  const wanted = normalise(name);
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    if (normalise(candidate) === wanted) return candidate;
    const limit = Math.min(name.length, candidate.length) >= 6 ? 2 : 1;
    const d = editDistance(name.toLowerCase(), candidate.toLowerCase(), limit);
    if (d <= limit && d < bestDistance) {
      bestDistance = d;
      best = candidate;
    }
  }
  return best;
}
