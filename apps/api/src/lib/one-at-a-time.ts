/**
 * Work that must wait its turn per key in this process: `run(key, work)` starts `work` once every earlier work of the
 * same key has settled (resolved or failed), and answers its result. What it is for: a crowd answering one event at
 * the same moment. Each answer locks the event's row in its own transaction; left alone, 2,000 of them each took a
 * pool connection to wait on the lock, the pool's other requests timed out (503) and so did most answers (the
 * bench's RSVP rush). In line here they wait in memory and use one connection per event and process, the database
 * lock still deciding between processes.
 */
export class OneAtATime {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with work waiting or running (a test reads it: nothing is kept once the line is empty). */
  get size(): number {
    return this.tails.size;
  }
}
