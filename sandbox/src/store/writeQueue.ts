// Serialises the writes of each file and coalesces bursts: while one write of a file is in
// flight, later changes wait and are written once, from the newest in-memory state. Every caller
// is answered only after a write that contains its change has reached the disk, so an
// acknowledged write is never lost, and two writes of one file never race on the rename.
//
// A group write (`scheduleGroup`, the journaled writes of batch.ts) holds all its files at once:
// it starts after every earlier write of those files and every later write of them waits for it
// to finish, journal removal included. So a journal that a restart replays always carries the
// newest content of its files: nothing written after it can be overwritten by the replay.

interface Pending {
  write: () => Promise<void>;
  waiting: Array<{ resolve: () => void; reject: (error: unknown) => void }>;
}

interface Slot {
  /** Settles when the last job queued on this file has finished. */
  tail: Promise<void>;
  /** A single write queued but not started yet: later changes coalesce into it. */
  pending: Pending | undefined;
}

export class WriteQueue {
  private readonly slots = new Map<string, Slot>();
  private readonly inFlight = new Set<Promise<void>>();

  /** `write` takes its snapshot when it starts, so a coalesced write carries every change before it. */
  schedule(file: string, write: () => Promise<void>): Promise<void> {
    const slot = this.slotOf(file);
    const queued = slot.pending;
    if (queued) {
      queued.write = write;
      return new Promise<void>((resolve, reject) => queued.waiting.push({ resolve, reject }));
    }
    const pending: Pending = { write, waiting: [] };
    slot.pending = pending;
    const promise = new Promise<void>((resolve, reject) => pending.waiting.push({ resolve, reject }));
    this.chain([file], async () => {
      if (slot.pending === pending) slot.pending = undefined; // later changes start a new write
      await pending.write();
    }).then(
      () => pending.waiting.forEach((w) => w.resolve()),
      (error: unknown) => pending.waiting.forEach((w) => w.reject(error)),
    );
    return promise;
  }

  /** One job over several files, after every earlier write of them and before every later one. */
  scheduleGroup(files: string[], write: () => Promise<void>): Promise<void> {
    for (const file of files) {
      // A queued single write would run before the group anyway; close it so later changes
      // queue after the group instead of joining a write that the group then overtakes.
      const slot = this.slotOf(file);
      slot.pending = undefined;
    }
    return this.chain(files, write);
  }

  /** Resolves when every scheduled write has finished (used by close()). */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private slotOf(file: string): Slot {
    let slot = this.slots.get(file);
    if (!slot) {
      // Stryker disable next-line ObjectLiteral: an empty slot behaves alike (allSettled takes an undefined tail as settled; pending starts undefined)
      slot = { tail: Promise.resolve(), pending: undefined };
      this.slots.set(file, slot);
    }
    return slot;
  }

  private chain(files: string[], job: () => Promise<void>): Promise<void> {
    const unique = [...new Set(files)];
    const slots = unique.map((f) => this.slotOf(f));
    const run = Promise.allSettled(slots.map((s) => s.tail)).then(job);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    for (const slot of slots) slot.tail = settled;
    this.inFlight.add(settled);
    void settled.then(() => {
      this.inFlight.delete(settled);
      // The file's last job finished: forget the file. Nothing can be pending then (a pending write
      // has a job at or after the tail), and the map still holds this slot (only this deletes one).
      unique.forEach((file, i) => {
        if (slots[i].tail === settled) this.slots.delete(file);
      });
    });
    return run;
  }
}
