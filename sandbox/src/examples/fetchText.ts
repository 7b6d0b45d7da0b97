// Reads one file of an examples catalogue, with a time limit and a size limit, and only from
// where the catalogue lives: the bundled folder (file system, never outside it after resolving
// symlinks) or the catalogue's own http(s) origin. Redirects are followed by hand, and only
// within that origin, so a manifest or a server cannot point the sandbox at its own data files
// (`file:///…/sandbox.json`) or at another host.
import { promises as fs } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { relative, isAbsolute, sep } from 'node:path';

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
}

/** Where a catalogue may be read from: exactly one of the two. */
export interface FetchScope {
  /** The bundled catalogue folder (file: URLs inside it only). */
  bundledDir?: string;
  /** The catalogue's http(s) origin (`http://host:port`). */
  origin?: string;
}

export class FetchError extends Error {
  constructor(
    message: string,
    readonly notFound = false,
  ) {
    super(message);
  }
}

/** At most this many redirects, each within the catalogue's origin. */
export const MAX_REDIRECTS = 5;

export async function fetchText(url: URL, limits: FetchLimits, scope: FetchScope): Promise<string> {
  if (url.protocol === 'file:') {
    if (!scope.bundledDir) throw new FetchError(`${url.href}: local files are not read, only the bundled catalogue`);
    return readBundled(url, scope.bundledDir, limits.maxBytes);
  }
  let current = url;
  for (let hop = 0; ; hop++) {
    checkRemote(current, scope);
    let response: Response;
    try {
      response = await fetch(current, { signal: AbortSignal.timeout(limits.timeoutMs), redirect: 'manual' });
    } catch (error) {
      throw new FetchError(`cannot fetch ${current.href}: ${(error as Error).message}`);
    }
    if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
      await response.body?.cancel();
      if (hop >= MAX_REDIRECTS) throw new FetchError(`${url.href}: more than ${MAX_REDIRECTS} redirects`);
      current = new URL(response.headers.get('location') as string, current);
      continue;
    }
    return readResponse(current, response, limits.maxBytes);
  }
}

function checkRemote(url: URL, scope: FetchScope): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchError(`${url.href}: only http and https are fetched`);
  if (!scope.origin || url.origin !== scope.origin) throw new FetchError(`${url.href}: outside the catalogue's origin ${scope.origin ?? '(bundled)'}`);
}

async function readResponse(url: URL, response: Response, maxBytes: number): Promise<string> {
  if (response.status === 404) throw new FetchError(`${url.href}: not found`, true);
  if (!response.ok) throw new FetchError(`${url.href}: HTTP ${response.status}`);
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) throw new FetchError(`${url.href}: larger than ${maxBytes} bytes`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  try {
    while (reader) {
      const { done, value } = (await reader.read()) as { done: true; value?: undefined } | { done: false; value: Uint8Array };
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw new FetchError(`${url.href}: larger than ${maxBytes} bytes`);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof FetchError) throw error;
    throw new FetchError(`cannot read ${url.href}: ${(error as Error).message}`);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A file of the bundled catalogue; its real path (symlinks resolved) must stay inside the folder. */
async function readBundled(url: URL, bundledDir: string, maxBytes: number): Promise<string> {
  try {
    const [root, path] = await Promise.all([fs.realpath(bundledDir), fs.realpath(fileURLToPath(url))]);
    const inside = relative(root, path);
    if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) {
      throw new FetchError(`${url.href}: outside the bundled catalogue`);
    }
    const stat = await fs.stat(path);
    if (!stat.isFile()) throw new FetchError(`${url.href}: not a file`, true);
    if (stat.size > maxBytes) throw new FetchError(`${url.href}: larger than ${maxBytes} bytes`);
    return await fs.readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof FetchError) throw error;
    throw new FetchError(`${url.href}: ${(error as Error).message}`, (error as NodeJS.ErrnoException).code === 'ENOENT');
  }
}
