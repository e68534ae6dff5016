// Changes made while the server can't be reached (docs/app.md, "The app on a phone"): kept
// on the device, shown as waiting, and sent in the order made, each with the version it was
// made from, once the server answers again. The server merges each as any save; a conflict
// stays waiting until it is settled on the save-conflicts screen, and a save or an add the
// server refuses (a rule it breaks) stays, marked `refused`, until the collector fixes and sends
// it: a person's edit is never thrown away. No DOM here.

/** The outbox's changes in IndexedDB, one record each, keyed by `key`. */
export function indexedStore(name = 'rk-outbox') {
  const opened = new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => request.result.createObjectStore('changes', { keyPath: 'key' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const run = async (mode, work) => {
    const db = await opened;
    return new Promise((resolve, reject) => {
      const transaction = db.transaction('changes', mode);
      const request = work(transaction.objectStore('changes'));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error);
    });
  };
  return {
    all: () => run('readonly', (store) => store.getAll()),
    put: (change) => run('readwrite', (store) => store.put(change)),
    delete: (key) => run('readwrite', (store) => store.delete(key)),
  };
}

export class Outbox {
  /**
   * `store` keeps the changes ({all, put, delete}); `send(change)` makes the request and
   * answers the album as the server wrote it, or throws the API's error.
   */
  constructor(store, send) {
    this.store = store;
    this.send = send;
    this.changes = [];
    this.sending = null;
    this.nextKey = Date.now();
    // What the app draws: the waiting count, an album sent, a conflict met, a change refused
    // (a save refused is kept: `change.refused` holds the server's message).
    this.onChange = () => {};
    this.onSent = () => {};
    this.onConflict = () => {};
    this.onRefused = () => {};
  }

  /** The changes kept on this device, in the order they were made. */
  async load() {
    this.changes = (await this.store.all()).sort((a, b) => a.key - b.key);
    this.nextKey = Math.max(this.nextKey, ...this.changes.map((c) => c.key + 1));
    this.onChange();
  }

  /** The changes that wait for the collector: a conflict to settle or a refused save or add to fix. */
  needingAttention() {
    return this.changes.filter((c) => c.conflicts || c.refused);
  }

  /** The waiting save of album `id`, or null. */
  waitingSave(id) {
    return this.changes.find((c) => c.kind === 'save' && c.id === id) || null;
  }

  /**
   * Keeps a change until it is sent. A second save of an album replaces the first, keeping
   * the version the first was made from: the server has seen neither. An add given the `key`
   * of a kept one (fixed after a refusal) replaces it.
   */
  async keep(change) {
    const earlier = change.kind === 'save' ? this.waitingSave(change.id) : this.changes.find((c) => c.key === change.key) || null;
    const kept = { ...change, key: earlier ? earlier.key : this.nextKey++, conflicts: null, refused: null };
    if (earlier) kept.version = earlier.version;
    await this.store.put(kept);
    this.changes = earlier ? this.changes.map((c) => (c === earlier ? kept : c)) : [...this.changes, kept];
    this.onChange();
    return kept;
  }

  /** Forgets a change: sent another way (its conflict settled), or given up. */
  async forget(change) {
    await this.store.delete(change.key);
    this.changes = this.changes.filter((c) => c.key !== change.key);
    this.onChange();
  }

  /**
   * Sends the waiting changes one by one, in order, until the server can't be reached.
   * One call at a time: a second waits for the first's sending.
   */
  flush() {
    if (!this.sending) this.sending = this.sendAll().finally(() => { this.sending = null; });
    return this.sending;
  }

  async sendAll() {
    for (const change of [...this.changes]) {
      if (change.conflicts || change.refused) continue; // waits for the collector
      let album;
      try {
        album = await this.send(change);
      } catch (error) {
        if (error.offline) return; // still no connection: the rest waits too
        if (change.kind === 'save' && error.status === 409 && error.conflicts) {
          this.onConflict(await this.hold(change, { conflicts: error.conflicts }));
        } else if ((change.kind === 'save' || change.kind === 'add') && error.status === 422 && error.field !== 'file') {
          this.onRefused(await this.hold(change, { refused: error.message }), error);
        } else {
          await this.forget(change);
          this.onRefused(change, error);
        }
        continue;
      }
      await this.forget(change);
      this.onSent(change, album);
    }
  }

  /** Keeps `change` with `why` (its conflicts, or the server's refusal) until the collector acts. */
  async hold(change, why) {
    const held = { ...change, ...why };
    await this.store.put(held);
    this.changes = this.changes.map((c) => (c.key === change.key ? held : c));
    this.onChange();
    return held;
  }
}
