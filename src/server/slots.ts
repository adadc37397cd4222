/**
 * The cap on connections open at once. At the cap a new connection takes the slot of the one
 * that has waited longest without a whole request: a client sending its headers or body a byte
 * at a time, or an idle keep-alive connection. So slow clients cannot hold every slot while
 * Slack's and Teams' quick requests are turned away; only when every slot is serving a request
 * is the new connection closed.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export class ConnectionSlots {
  readonly #open = new Set<Socket>();
  /** In the order they began to wait: the first is the slowest. */
  readonly #waiting = new Set<Socket>();

  constructor(server: Server, max: number, onDrop: () => void) {
    server.on('connection', (socket: Socket) => {
      if (this.#open.size >= max) {
        const slowest = this.#waiting.values().next().value;
        if (!slowest) {
          onDrop();
          return void socket.destroy();
        }
        this.#forget(slowest);
        slowest.destroy();
        onDrop();
      }
      this.#open.add(socket);
      this.#waiting.add(socket);
      socket.once('close', () => this.#forget(socket));
    });
  }

  /** Its request is read whole: it is being served, not waiting. */
  serving(socket: Socket): void {
    this.#waiting.delete(socket);
  }

  /** Its answer is sent: an idle keep-alive connection waits again, as the newest. */
  waiting(socket: Socket): void {
    if (this.#open.has(socket)) this.#waiting.add(socket);
  }

  #forget(socket: Socket): void {
    this.#open.delete(socket);
    this.#waiting.delete(socket);
  }
}
