// Request bodies: read with a size limit (413 past it) and parsed as JSON with a 400 that names
// the problem, so a client author sees why the server refused the body.
import type { IncomingMessage } from 'node:http';
import { HttpError } from './results.js';

export const DEFAULT_BODY_LIMIT = 5 * 1024 * 1024;

/** Reads the whole body; past `limit` bytes it keeps draining (so the client gets the answer) but fails. */
export function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    let tooLarge = Number.isFinite(declared) && declared > limit;
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge) reject(new HttpError(413, `Request body too large: the limit is ${limit} bytes.`));
      else resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}

/** Parses JSON; an empty body or a syntax error is a 400 naming what is wrong. */
export function parseJson(text: string): unknown {
  if (text.trim() === '') throw new HttpError(400, 'Request malformed: the body is empty, a JSON document was expected.');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new HttpError(400, `Request malformed: ${(error as Error).message}`);
  }
}

/** The body must be a JSON object (not an array, string or null). */
export function asObject(value: unknown, what: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new HttpError(400, `Request malformed: ${what} must be a JSON object, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}.`);
  }
  return value as Record<string, unknown>;
}
