/**
 * A loopback fake of Slack's Socket Mode endpoint: the Web API fake's `apps.connections.open`
 * hands out its ws:// URL; on connect it says hello, then sends envelopes and reads the acks.
 */
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import type { FakeSlack } from './slack-api.ts';

export interface Ack {
  envelope_id: string;
  payload?: unknown;
}

export class FakeSocketMode {
  readonly #wss: WebSocketServer;
  readonly #acks = new Map<string, (ack: Ack) => void>();
  #socket: WebSocket | undefined;
  #connected: Promise<void>;
  /** Resolves when the client has closed its connection. */
  closed: Promise<void>;
  #envelopes = 0;

  private constructor(wss: WebSocketServer) {
    this.#wss = wss;
    let connected = () => {};
    let closed = () => {};
    this.#connected = new Promise((resolve) => {
      connected = resolve;
    });
    this.closed = new Promise((resolve) => {
      closed = resolve;
    });
    wss.on('connection', (socket) => {
      this.#socket = socket;
      socket.on('message', (data) => {
        const ack = JSON.parse(String(data)) as Ack;
        this.#acks.get(ack.envelope_id)?.(ack);
      });
      socket.on('close', closed);
      socket.send(
        JSON.stringify({
          type: 'hello',
          num_connections: 1,
          debug_info: { host: 'fake', approximate_connection_time: 3600 },
          connection_info: { app_id: 'A-APP' },
        }),
      );
      connected();
    });
  }

  static async start(fake: FakeSlack): Promise<FakeSocketMode> {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => wss.once('listening', resolve));
    fake.socketUrl = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/link/?ticket=t-1`;
    return new FakeSocketMode(wss);
  }

  connected(): Promise<void> {
    return this.#connected;
  }

  /** Sends one envelope and resolves with the client's ack. */
  send(type: string, payload: unknown): Promise<Ack> {
    const envelopeId = `env-${++this.#envelopes}`;
    return new Promise((resolve, reject) => {
      // Far beyond any ack, even on a busy machine: only a missing ack gets here.
      const timer = setTimeout(() => reject(new Error(`no ack for ${envelopeId}`)), 15_000);
      this.#acks.set(envelopeId, (ack) => {
        clearTimeout(timer);
        resolve(ack);
      });
      this.#socket?.send(
        JSON.stringify({ envelope_id: envelopeId, type, payload, accepts_response_payload: true }),
      );
    });
  }

  async close(): Promise<void> {
    for (const client of this.#wss.clients) client.terminate();
    await new Promise<void>((resolve) => this.#wss.close(() => resolve()));
  }
}
