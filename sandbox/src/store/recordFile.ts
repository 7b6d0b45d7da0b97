// The on-disk form of one record: the record wrapped with a checksum of its content, so a
// truncated, emptied, bit-flipped or swapped file is found on start instead of being skipped or
// served. Files of earlier versions (the bare record, no wrapper) are still read.
import { createHash } from 'node:crypto';

/** Marks a wrapped record file; its value is the format version. */
export const RECORD_FORMAT = 'svc-sandbox-record';

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The file's text for `record` (pretty-printed, for people who read the folder). */
export function encodeRecord(record: unknown): string {
  return JSON.stringify({ [RECORD_FORMAT]: 1, sha256: sha256(JSON.stringify(record)), record }, null, 2) + '\n';
}

/** The record in a file's text; throws a message saying what is wrong with it. */
export function decodeRecord(text: string): unknown {
  if (text.trim() === '') throw new Error('the file is empty');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`the file is not valid JSON (truncated?): ${(error as Error).message}`, { cause: error });
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('the file does not hold a JSON object');
  const wrapper = parsed as Record<string, unknown>;
  if (!(RECORD_FORMAT in wrapper)) return parsed; // a bare record written by an earlier version
  if (wrapper[RECORD_FORMAT] !== 1) throw new Error(`unknown record format ${JSON.stringify(wrapper[RECORD_FORMAT])}`);
  if (sha256(JSON.stringify(wrapper.record)) !== wrapper.sha256) throw new Error('the checksum does not match the content (the file was changed or damaged)');
  return wrapper.record;
}
