// Serialises the writes of each file and coalesces bursts: while one write of a file is in
// flight, later changes wait and are written once, from the newest in-memory state. Every caller
// is answered only after a write that contains its change has reached the disk, so an
// acknowledged write is never lost, and two writes of one file never race on the rename.

interface Slot {
  running: Promise<void> | undefined;
  /** The newest write function scheduled for this file. */
  write: () => Promise<void>;
  /** Callers waiting for the next write (their change happened after `running` took its snapshot). */
  waiting: Array<{ resolve: () => void; reject: (error: unknown) => void }>;
}

export class WriteQueue {
  private readonly slots = new Map<string, Slot>();

  /** `write` takes its snapshot when it starts, so a coalesced write carries every change before it. */
  schedule(file: string, write: () => Promise<void>): Promise<void> {
    let slot = this.slots.get(file);
    if (!slot) {
      slot = { running: undefined, waiting: [], write };
      this.slots.set(file, slot);
    }
    slot.write = write;
    const promise = new Promise<void>((resolve, reject) => slot.waiting.push({ resolve, reject }));
    if (!slot.running) this.start(file, slot);
    return promise;
  }

  /** Resolves when every scheduled write has finished (used by close()). */
  async drain(): Promise<void> {
    while (true) {
      const running = [...this.slots.values()].map((s) => s.running).filter((p): p is Promise<void> => !!p);
      if (running.length === 0) return;
      await Promise.allSettled(running);
    }
  }

  private start(file: string, slot: Slot): void {
    const batch = slot.waiting;
    slot.waiting = [];
    slot.running = slot
      .write()
      .then(
        () => batch.forEach((w) => w.resolve()),
        (error) => batch.forEach((w) => w.reject(error)),
      )
      .finally(() => {
        slot.running = undefined;
        if (slot.waiting.length > 0) this.start(file, slot);
        else this.slots.delete(file);
      });
  }
}
