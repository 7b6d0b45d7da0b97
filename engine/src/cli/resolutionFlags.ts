// `--ours` / `--theirs` of `svc push` and `svc pull`: bare, they resolve every conflict of the
// merge to one side; with a JSON pointer (`--ours=/x-svc-api-gateway/upstream/url`, repeatable)
// only the conflicts at or under it. node's parseArgs takes a string option either with a value
// or not at all, so a bare flag is rewritten to the empty pointer (the whole document) first.
import type { MergeResolutions } from '../sync/mergeFile';
import { CliError } from './exitCodes';

const BARE = new Set(['--ours', '--theirs']);

/** `--ours` → `--ours=` (the empty pointer: everything); `--ours=/a` stays. */
export function bareResolutionFlags(args: readonly string[]): string[] {
  const out: string[] = [];
  for (const arg of args) {
    if (arg === '--') {
      out.push(...args.slice(out.length));
      break;
    }
    out.push(BARE.has(arg) ? `${arg}=` : arg);
  }
  return out;
}

type FlagValue = string | boolean | string[] | undefined;

export function resolutionsFrom(ours: FlagValue, theirs: FlagValue): MergeResolutions | undefined {
  const list = (value: FlagValue) => (Array.isArray(value) ? value : []);
  const o = list(ours);
  const t = list(theirs);
  if (o.length === 0 && t.length === 0) return undefined;
  if (o.includes('') && t.includes(''))
    throw new CliError('--ours and --theirs cannot both resolve everything: give one of them a JSON pointer (--ours=/path).');
  const paths: Array<{ pointer: string; side: 'ours' | 'theirs' }> = [];
  for (const [values, side] of [
    [o, 'ours'],
    [t, 'theirs'],
  ] as const) {
    for (const pointer of values) {
      if (pointer === '') continue;
      if (!pointer.startsWith('/')) throw new CliError(`--${side}=${pointer}: give a JSON pointer as svc lists it, such as /x-svc-api-gateway/upstream/url.`);
      if (paths.some((p) => p.pointer === pointer && p.side !== side)) throw new CliError(`${pointer} is given to both --ours and --theirs.`);
      paths.push({ pointer, side });
    }
  }
  return { all: o.includes('') ? 'ours' : t.includes('') ? 'theirs' : undefined, paths };
}
