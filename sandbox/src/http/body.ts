// Request bodies: read with a size limit (413 past it) and parsed as JSON with a 400 that names
// the problem, so a client author sees why the server refused the body.
import type { IncomingMessage } from 'node:http';
import { HttpError } from './results.js';
import { noteNumberLiterals } from '../../../validation/src/numberLiterals.js';

export const DEFAULT_BODY_LIMIT = 5 * 1024 * 1024;

/**
 * The deepest JSON body accepted (objects and arrays nested in each other). Deeper bodies get
 * 400 before anything is stored: serialising them again (to disk, or in a list answer) would
 * overflow the stack, and no real definition comes near this.
 */
export const MAX_BODY_DEPTH = 512;

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

/** Parses JSON; an empty body, a syntax error or a body nested too deeply is a 400 naming what is wrong. */
export function parseJson(text: string): unknown {
  if (text.trim() === '') throw new HttpError(400, 'Request malformed: the body is empty, a JSON document was expected.');
  const depth = nestingDepth(text);
  if (depth > MAX_BODY_DEPTH) throw new HttpError(400, `Request malformed: the body is nested ${depth} levels deep; the limit is ${MAX_BODY_DEPTH}.`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new HttpError(400, `Request malformed: ${(error as Error).message}`);
  }
  // `1718439136.0` and `1.7e9` parse to whole numbers; the gateway's decoder refuses them in an
  // integer member, so the refusal check needs to know how they were written.
  noteNumberLiterals(text, value);
  return value;
}

/** The deepest nesting of `[`/`{` in JSON text (outside strings), scanned without recursion. */
export function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > deepest) deepest = depth;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

/** The body must be a JSON object (not an array, string or null). */
export function asObject(value: unknown, what: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new HttpError(
      400,
      `Request malformed: ${what} must be a JSON object, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}.`,
    );
  }
  return value as Record<string, unknown>;
}
