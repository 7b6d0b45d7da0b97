// A process-wide note that a JavaScript loop over every character of a text is about to run (the
// nesting pass, the duplicate-member scan, the tolerant parser, the locator, the container index).
// Such loops are where V8's optimizing compiler pays for itself. svc-lint starts without it and
// turns it on when a run reaches enough of them (server/src/lint/optimizer.ts); a strict JSON
// document without findings needs none (its shape comes from the value, valueShape.ts). The
// language server listens to nothing: there the compiler is always on.

type TextScanListener = (characters: number) => void;

let listener: TextScanListener | undefined;

/** Sets (or, with `undefined`, removes) the one listener; returns the one it replaces. */
export function listenToTextScans(next: TextScanListener | undefined): TextScanListener | undefined {
  const previous = listener;
  listener = next;
  return previous;
}

/** Called by a pass over a whole text before it starts. */
export function beforeTextScan(text: string): void {
  listener?.(text.length);
}
