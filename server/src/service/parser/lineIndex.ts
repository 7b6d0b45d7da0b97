// Line and character of an offset, as vscode-languageserver-textdocument's `positionAt` answers,
// without its array of every line's start. That array is built by a JavaScript loop per character
// and then grown one line at a time: on a 2 MB definition (127,000 lines) the first finding cost
// ~30 ms of line counting, most of it growing the array (fresh memory). Here line breaks are found
// with native `indexOf`, and only every 64th line's start is kept; a position is found from the
// nearest kept line by at most 64 more searches. A line ends at `\n`, `\r` or `\r\n` (one break),
// and a position never points inside a line break.

import type { Position } from 'vscode-languageserver-types';

const LF = 0x0a;
const CR = 0x0d;
/** Lines between two kept line starts. */
const BLOCK = 64;

export class LineIndex {
  /** Offset of lines 0, BLOCK, 2·BLOCK, … */
  private readonly blockStarts: number[] = [0];
  private readonly lf: NextOccurrence;
  /** Absent when the text has no `\r` (the usual case: one search per line). */
  private readonly cr: NextOccurrence | undefined;

  constructor(private readonly text: string) {
    this.lf = new NextOccurrence(text, '\n');
    this.cr = text.includes('\r') ? new NextOccurrence(text, '\r') : undefined;
    let line = 0;
    for (let start = this.nextLineStart(0); start !== -1; start = this.nextLineStart(start)) {
      if (++line % BLOCK === 0) this.blockStarts.push(start);
    }
  }

  positionAt(offset: number): Position {
    const text = this.text;
    let at = Math.max(Math.min(offset, text.length), 0);
    const blocks = this.blockStarts;
    let low = 0;
    let high = blocks.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (blocks[mid] > at) high = mid;
      else low = mid + 1;
    }
    let line = (low - 1) * BLOCK;
    let start = blocks[low - 1];
    for (let next = this.nextLineStart(start); next !== -1 && next <= at; next = this.nextLineStart(start)) {
      start = next;
      line++;
    }
    // An offset between `\r` and `\n` (or just after a break's first character) belongs before it.
    while (at > start) {
      const c = text.charCodeAt(at - 1);
      if (c !== LF && c !== CR) break;
      at--;
    }
    return { line, character: at - start };
  }

  /** Start of the line after the one holding `from` (after its break), or -1 on the last line. */
  private nextLineStart(from: number): number {
    const lf = this.lf.atOrAfter(from);
    const cr = this.cr ? this.cr.atOrAfter(from) : -1;
    if (cr === -1 || (lf !== -1 && lf < cr)) return lf === -1 ? -1 : lf + 1;
    return lf === cr + 1 ? cr + 2 : cr + 1;
  }
}

/**
 * The first occurrence of a character at or after an offset, remembering the last answer: where
 * the character is rare (a lone `\r`, or `\n` in a file broken by `\r`), the walk forward does not
 * search the rest of the text again at every line.
 */
class NextOccurrence {
  private searchedFrom = Number.POSITIVE_INFINITY;
  private found = -1;

  constructor(
    private readonly text: string,
    private readonly char: string,
  ) {}

  atOrAfter(from: number): number {
    // Nothing lies between the last search's start and its answer (or the end, if none).
    if (from >= this.searchedFrom && (this.found === -1 || from <= this.found)) return this.found;
    this.searchedFrom = from;
    this.found = this.text.indexOf(this.char, from);
    return this.found;
  }
}
