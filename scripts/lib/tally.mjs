// Counting node:test events (used by tally-reporter.mjs; pure, so it has unit tests).
// Leaf tests count; suites do not (a failing suite's failing tests are already counted).

const key = (data) => `${data.file ?? ''}\0${data.nesting}\0${data.name}\0${data.line ?? ''}:${data.column ?? ''}`;

/** A test event for a whole file: the runner reports the file itself only when it produced no tests of its own. */
const isFileLevel = (data) => data.nesting === 0 && data.file !== undefined && data.name === data.file;

export class Tally {
  passed = 0;
  failed = 0;
  skipped = 0;
  /** Human-readable reasons for failures that no test reported itself. */
  problems = [];
  #pending = new Map();

  add({ type, data }) {
    if (!data) return;
    if (type === 'test:enqueue') {
      if (isFileLevel(data)) return;
      const k = key(data);
      this.#pending.set(k, (this.#pending.get(k) ?? 0) + 1);
      return;
    }
    if (type !== 'test:pass' && type !== 'test:fail') return;
    if (isFileLevel(data)) {
      // The file's process produced no test events: a crash before any test, or an early exit.
      this.failed += 1;
      this.problems.push(
        type === 'test:fail'
          ? `${data.file}: the test file failed before reporting any test`
          : `${data.file}: the test file reported no tests (did it exit early?)`,
      );
      return;
    }
    const k = key(data);
    const left = this.#pending.get(k);
    if (left && left > 1) this.#pending.set(k, left - 1);
    else if (left) this.#pending.delete(k);
    if (data.details?.type === 'suite') return;
    // A todo test may fail without failing the run (node's own rule); it counts as skipped.
    if (data.skip !== undefined || data.todo !== undefined) this.skipped += 1;
    else if (type === 'test:fail') this.failed += 1;
    else this.passed += 1;
  }

  result() {
    const unreported = [...this.#pending].flatMap(([k, n]) => {
      const [file, , name] = k.split('\0');
      return Array.from({ length: n }, () => `${file}: "${name}" was planned but never reported (the file exited early?)`);
    });
    return {
      passed: this.passed,
      failed: this.failed + unreported.length,
      skipped: this.skipped,
      problems: [...this.problems, ...unreported],
    };
  }
}
