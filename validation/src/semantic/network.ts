// Rules on addresses and paths (gateway facts §9.1 rules 3, 4, 6, 7; §9.3): IP/CIDR lists,
// non-negative timeouts, load balancing with targets, listen paths and API ids.

import { childPointer } from '../jsonPointer';
import { Codes } from '../codes';
import { Messages } from '../messages';
import type { Problem } from '../problem';
import { arr, error, obj, warning } from './util';
import { goUrlParses } from '../goUrl';

/**
 * node:net's `isIP`, loaded on first use: loading node:net (streams and all) costs svc-lint
 * about 5 ms at every start, and most documents list no address.
 */
let netIsIP: ((input: string) => number) | undefined;
function isIP(text: string): number {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  netIsIP ??= (require('node:net') as typeof import('node:net')).isIP;
  return netIsIP(text);
}

/** An IPv4/IPv6 address or a CIDR range such as `10.0.0.0/8` or `2001:db8::/32`. */
export function isIpOrCidr(text: string): boolean {
  const slash = text.indexOf('/');
  if (slash < 0) return isIP(text) !== 0;
  const version = isIP(text.slice(0, slash));
  const bits = text.slice(slash + 1);
  if (version === 0 || !/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

/** Entries of an IP list: errors when the list is in force, warnings when it is switched off. */
export function ipListProblems(list: unknown, pointer: string, enabled: boolean, out: Problem[]): void {
  arr(list)?.forEach((entry, i) => {
    if (typeof entry !== 'string' || isIpOrCidr(entry.trim())) return;
    const message = `\`${entry}\` is not a valid IP address or CIDR range.`;
    const make = enabled ? error : warning;
    out.push(make(childPointer(pointer, i), 'value', Codes.ipCidr, message));
  });
}

/**
 * Values the gateway resolves from a key-value store at load time (`env://NAME`,
 * `secrets://NAME`, `consul://path`, `vault://path.key`): not checked as paths or URLs.
 */
export function isKeyValueReference(value: unknown): boolean {
  return typeof value === 'string' && (/^(env|secrets|consul|vault|kv):\/\/\S/.test(value.trim()) || value.includes('$kv{'));
}

export function listenPathProblem(value: unknown, pointer: string, out: Problem[]): void {
  if (typeof value !== 'string' || value === '' || isKeyValueReference(value)) return;
  // The loader skips an API whose listen path holds a space (gateway/api_loader.go, skipSpecBecauseInvalid).
  if (value.includes(' ')) {
    out.push(
      error(
        pointer,
        'value',
        Codes.loadSkip,
        `The listen path \`${value}\` contains a space: the gateway stores the API but skips it when loading ("Listen path contains spaces, is invalid"); ` +
          `remove the space or write it as \`%20\`.`,
      ),
    );
    return;
  }
  if (value.startsWith('/')) return;
  out.push(error(pointer, 'value', Codes.listenPath, `The listen path \`${value}\` must start with \`/\`.`));
}

/**
 * What the loader skips in a classic definition (gateway/api_loader.go, skipSpecBecauseInvalid):
 * for HTTP protocols an empty listen path (a missing one decodes as empty); for every protocol a
 * target URL that Go's url.Parse refuses, after key-value references are resolved. The gateway
 * stores such an API and never serves it: it cannot work.
 */
export function classicLoadSkips(api: Record<string, unknown>, pointer: string, out: Problem[]): void {
  const proxy = obj(api.proxy);
  const proxyAt = childPointer(pointer, 'proxy');
  const protocol = typeof api.protocol === 'string' ? api.protocol : '';
  if (['', 'http', 'https'].includes(protocol)) {
    const listenPath = proxy?.listen_path;
    const empty = 'the gateway stores the API but skips it when loading ("Listen path is empty"); write a path such as `/my-api/`.';
    if (listenPath === '') out.push(error(childPointer(proxyAt, 'listen_path'), 'value', Codes.loadSkip, `The listen path is empty: ${empty}`));
    else if (proxy && (listenPath === undefined || listenPath === null))
      out.push(error(proxyAt, 'missing', Codes.loadSkip, `\`proxy\` has no \`listen_path\`: ${empty}`));
  }
  const target = proxy?.target_url;
  if (typeof target !== 'string' || (isKeyValueReference(target) && !target.includes('$kv{'))) return;
  const resolved = target.replace(/\$kv\{[^}]+\}/g, 'kvref');
  if (!goUrlParses(resolved)) {
    out.push(
      error(
        childPointer(proxyAt, 'target_url'),
        'value',
        Codes.loadSkip,
        `\`${target}\` is not a URL Go can parse: the gateway stores the API but skips it when loading ("couldn't parse target URL"); ` +
          `write an absolute URL such as \`http://upstream.internal:8080/\` (no space in the host, \`%\` only before two hex digits, a numeric port).`,
      ),
    );
  }
}

/** A timeout in seconds (a number) or a duration string must not be negative. */
export function timeoutProblem(value: unknown, pointer: string, subject: string, out: Problem[], refused = true): void {
  const negative = (typeof value === 'number' && value < 0) || (typeof value === 'string' && value.trim().startsWith('-'));
  // The gateway's rule refuses negative per-endpoint (hard) timeouts only; elsewhere a negative
  // value is a likely mistake, not a refusal.
  if (negative) out.push((refused ? error : warning)(pointer, 'value', Codes.timeout, Messages.minimum('`' + subject + '`', 0, false)));
}

/** API ids: not `.` or `..`, no `/` or `\` (also URL-encoded): they become file and URL names. */
export function apiIdProblem(value: unknown, pointer: string, subject: string, out: Problem[]): void {
  // An empty id decodes to itself and passes the check below.
  if (typeof value !== 'string') return;
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    // keep the raw text
  }
  const bad = [value, decoded].some((v) => v === '.' || v === '..' || v.includes('/') || v.includes('\\'));
  if (bad) out.push(error(pointer, 'value', Codes.apiId, `\`${subject}\` must not be \`.\` or \`..\` or contain \`/\` or \`\\\`.`));
}

/** Classic `proxy`: load balancing needs targets. */
export function classicLoadBalancing(proxy: unknown, pointer: string, out: Problem[]): void {
  const p = obj(proxy);
  if (!p || p.enable_load_balancing !== true) return;
  const targets = arr(p.target_list);
  if (targets && targets.length > 0) return;
  const message = 'Load balancing is enabled but `target_list` has no targets.';
  if (targets) out.push(error(childPointer(pointer, 'target_list'), 'value', Codes.loadBalancing, message));
  else out.push(error(childPointer(pointer, 'enable_load_balancing'), 'key', Codes.loadBalancing, message));
}

/** OAS `upstream.loadBalancing`: enabled ⇒ at least one target, and not every weight 0. */
export function oasLoadBalancing(loadBalancing: unknown, pointer: string, out: Problem[]): void {
  const lb = obj(loadBalancing);
  if (!lb || lb.enabled !== true) return;
  const targets = arr(lb.targets);
  if (!targets || targets.length === 0) {
    const message = 'Load balancing is enabled but `targets` is empty.';
    out.push(
      targets ? error(childPointer(pointer, 'targets'), 'value', Codes.loadBalancing, message) : error(pointer, 'missing', Codes.loadBalancing, message),
    );
    return;
  }
  const weights = targets.map((t) => obj(t)?.weight);
  if (weights.every((w) => typeof w === 'number' && w <= 0)) {
    out.push(
      error(
        childPointer(pointer, 'targets'),
        'value',
        Codes.loadBalancing,
        'All load balancing targets have weight 0: give at least one target a positive weight.',
      ),
    );
  }
}
