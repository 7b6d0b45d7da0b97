// When svc-lint turns V8's optimizing compiler (TurboFan) on. bin/svc-lint.js starts Node without
// it (`--max-opt=1`: the interpreter and the baseline compiler only), because in a short run it
// costs more than it saves: it compiles the hot walkers and validators on a second thread, in
// fresh memory (~1,400 page faults and ~150 ms of compile time on a 2 MB definition, on a
// 2-core machine), and the results mostly arrive after the walks are over. A run without it
// lints the 2 MB definition and the folder of 100 files faster (docs/performance.md).
// It pays on long loops: a pass over every character of a large text (a duplicate member to
// find, JSONC, findings to locate: textScans.ts) runs 2-3 times slower without it, and walks over
// very large inputs (a 20 MB definition lints 10% faster with it). So it is turned on, once and
// for the rest of the run, when the run has scanned TEXT_SCAN_BUDGET characters or read
// INPUT_BUDGET characters of documents.

/** Characters of text passes after which the compiler pays (one large document's locator). */
export const TEXT_SCAN_BUDGET = 1024 * 1024;
/** Characters of documents read after which it pays on the walks alone (measured break-even ~6 MB). */
export const INPUT_BUDGET = 6 * 1024 * 1024;

export class OptimizerBudget {
  private scanned = 0;
  private read = 0;
  private on = false;

  /** `turnOn` is called at most once. */
  constructor(private readonly turnOn: () => void) {}

  /** A pass over a whole text of this many characters is about to start. */
  textScan(characters: number): void {
    this.scanned += characters;
    if (this.scanned >= TEXT_SCAN_BUDGET) this.enable();
  }

  /** A document of this many characters was read. */
  documentRead(characters: number): void {
    this.read += characters;
    if (this.read >= INPUT_BUDGET) this.enable();
  }

  get enabled(): boolean {
    return this.on;
  }

  private enable(): void {
    if (this.on) return;
    this.on = true;
    this.turnOn();
  }
}
