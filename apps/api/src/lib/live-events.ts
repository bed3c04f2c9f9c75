/** An event pushed to every open tab of one user (messages, unread counts, notifications). */
export interface LiveEvent {
  type: string;
  payload: unknown;
}

export type LiveEventListener = (event: LiveEvent) => void;

/**
 * Delivers events to the users' open connections. In-process by default; the messaging module provides a
 * Redis pub/sub implementation so an event published by one API process reaches sockets held by another.
 */
export interface LiveEvents {
  publish(userId: string, event: LiveEvent): Promise<void>;
  /** Returns the function that removes the listener. */
  subscribe(userId: string, listener: LiveEventListener): () => void;
  /** Resolves once events published for `userId` from any process reach this process's listeners. */
  whenSubscribed(userId: string): Promise<void>;
  close(): Promise<void>;
}

export class InProcessLiveEvents implements LiveEvents {
  private readonly listeners = new Map<string, Set<LiveEventListener>>();

  async publish(userId: string, event: LiveEvent): Promise<void> {
    for (const listener of this.listeners.get(userId) ?? []) listener(event);
  }

  subscribe(userId: string, listener: LiveEventListener): () => void {
    const set = this.listeners.get(userId) ?? new Set();
    set.add(listener);
    this.listeners.set(userId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
    };
  }

  async whenSubscribed(_userId: string): Promise<void> {}

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
