// Reads one file of an examples catalogue from a file:, http: or https: URL, with a time limit
// and a size limit, so a slow or huge remote catalogue cannot stall or bloat the sandbox.
import { promises as fs } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
}

export class FetchError extends Error {
  constructor(message: string, readonly notFound = false) {
    super(message);
  }
}

export async function fetchText(url: URL, limits: FetchLimits): Promise<string> {
  if (url.protocol === 'file:') return readLocal(url, limits.maxBytes);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchError(`unsupported scheme ${url.protocol}`);
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(limits.timeoutMs), redirect: 'follow' });
  } catch (error) {
    throw new FetchError(`cannot fetch ${url.href}: ${(error as Error).message}`);
  }
  if (response.status === 404) throw new FetchError(`${url.href}: not found`, true);
  if (!response.ok) throw new FetchError(`${url.href}: HTTP ${response.status}`);
  if (Number(response.headers.get('content-length') ?? 0) > limits.maxBytes) throw new FetchError(`${url.href}: larger than ${limits.maxBytes} bytes`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  try {
    while (reader) {
      const { done, value } = (await reader.read()) as { done: true; value?: undefined } | { done: false; value: Uint8Array };
      if (done) break;
      size += value.byteLength;
      if (size > limits.maxBytes) {
        await reader.cancel();
        throw new FetchError(`${url.href}: larger than ${limits.maxBytes} bytes`);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof FetchError) throw error;
    throw new FetchError(`cannot read ${url.href}: ${(error as Error).message}`);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function readLocal(url: URL, maxBytes: number): Promise<string> {
  const path = fileURLToPath(url);
  try {
    const stat = await fs.stat(path);
    if (!stat.isFile()) throw new FetchError(`${url.href}: not a file`, true);
    if (stat.size > maxBytes) throw new FetchError(`${url.href}: larger than ${maxBytes} bytes`);
    return await fs.readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof FetchError) throw error;
    throw new FetchError(`${url.href}: ${(error as Error).message}`, (error as NodeJS.ErrnoException).code === 'ENOENT');
  }
}
