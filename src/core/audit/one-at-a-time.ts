/** Work that runs once at a time: a call while one runs is turned away at once, never queued. */
export class OneAtATime {
  #running = false;

  /** What `work` gives, or undefined when other work was running. */
  async run<T>(work: () => Promise<T>): Promise<T | undefined> {
    if (this.#running) return undefined;
    this.#running = true;
    try {
      return await work();
    } finally {
      this.#running = false;
    }
  }
}
