import pg from 'pg';

/**
 * Wakes the long polls of headsets when commands are queued for them. The command itself is in the database; an
 * event only says "look again", so a lost event costs at most one poll round (the headset polls again after
 * `wait` seconds) and nothing else.
 *
 * - {@link LocalHeadsetEvents}: one process (PGlite, which serves one process only).
 * - {@link PostgresHeadsetEvents}: PostgreSQL LISTEN/NOTIFY, so a command queued through one server process wakes
 *   the poll that another process holds for that headset.
 */
export interface HeadsetEvents {
  /** After the queueing transaction committed: wake the polls of these headsets (in every process). */
  commandsQueued(deviceIds: number[]): Promise<void>;
  /** A doorbell for one headset's poll: a command queued for it resolves the pending wait. */
  subscribe(deviceId: number): Doorbell;
  /** How many polls of this process wait right now (of one headset, or of all). */
  waitingPolls(deviceId?: number): number;
  /** Ends every pending wait (server shutdown) and stops listening. */
  close(): Promise<void>;
}

export interface Doorbell {
  /**
   * Resolves true when the bell rang since the last call (at once if it rang meanwhile); false after `timeoutMs`,
   * when `signal` aborts or when the events close (server shutdown).
   */
  next(timeoutMs: number, signal?: AbortSignal): Promise<boolean>;
  close(): void;
}

class Bell implements Doorbell {
  private rung = false;
  private shut = false;
  private wake: ((rang: boolean) => void) | null = null;

  constructor(private readonly unregister: (bell: Bell) => void) {}

  get waiting(): boolean {
    return this.wake !== null;
  }

  ring(): void {
    if (this.wake) this.wake(true);
    else this.rung = true;
  }

  /** No more waiting: the pending wait and every later one answer false at once. */
  shutDown(): void {
    this.shut = true;
    this.wake?.(false);
  }

  next(timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    if (this.shut || signal?.aborted) return Promise.resolve(false);
    if (this.rung) {
      this.rung = false;
      return Promise.resolve(true);
    }
    if (timeoutMs <= 0) return Promise.resolve(false);
    return new Promise((resolve) => {
      const finish = (rang: boolean) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.wake = null;
        resolve(rang);
      };
      const onAbort = () => finish(false);
      const timer = setTimeout(() => finish(false), timeoutMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.wake = finish;
    });
  }

  close(): void {
    this.unregister(this);
    this.wake?.(false);
  }
}

/** The doorbells of one process, by headset. */
class Doorbells {
  private readonly byDevice = new Map<number, Set<Bell>>();
  private closed = false;

  subscribe(deviceId: number): Doorbell {
    const bell = new Bell((b) => this.remove(deviceId, b));
    if (this.closed) {
      bell.shutDown();
      return bell;
    }
    let bells = this.byDevice.get(deviceId);
    if (!bells) {
      bells = new Set();
      this.byDevice.set(deviceId, bells);
    }
    bells.add(bell);
    return bell;
  }

  ring(deviceId: number): void {
    for (const bell of this.byDevice.get(deviceId) ?? []) bell.ring();
  }

  ringAll(): void {
    for (const bells of this.byDevice.values()) for (const bell of bells) bell.ring();
  }

  waiting(deviceId?: number): number {
    const sets = deviceId === undefined ? [...this.byDevice.values()] : [this.byDevice.get(deviceId) ?? []];
    let count = 0;
    for (const bells of sets) for (const bell of bells) if (bell.waiting) count += 1;
    return count;
  }

  close(): void {
    this.closed = true;
    for (const bells of this.byDevice.values()) for (const bell of bells) bell.shutDown();
  }

  private remove(deviceId: number, bell: Bell): void {
    const bells = this.byDevice.get(deviceId);
    if (!bells) return;
    bells.delete(bell);
    if (bells.size === 0) this.byDevice.delete(deviceId);
  }
}

export class LocalHeadsetEvents implements HeadsetEvents {
  private readonly bells = new Doorbells();

  async commandsQueued(deviceIds: number[]): Promise<void> {
    for (const id of deviceIds) this.bells.ring(id);
  }

  subscribe(deviceId: number): Doorbell {
    return this.bells.subscribe(deviceId);
  }

  waitingPolls(deviceId?: number): number {
    return this.bells.waiting(deviceId);
  }

  async close(): Promise<void> {
    this.bells.close();
  }
}

export const HEADSET_EVENTS_CHANNEL = 'vr_portal_headset_commands';
// pg_notify payloads must stay below 8000 bytes: 500 ids of up to 10 digits and a comma fit.
const IDS_PER_NOTIFICATION = 500;
const RECONNECT_DELAY_MS = 1000;

/**
 * LISTEN on a connection of its own (never one of the pool: it stays open for the life of the process), NOTIFY
 * through the pool. After losing the connection it reconnects and rings every bell of this process, so polls
 * look into the database once more instead of waiting for an event that was sent while nobody listened.
 */
export class PostgresHeadsetEvents implements HeadsetEvents {
  private readonly bells = new Doorbells();
  private client: pg.Client | null = null;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;

  private constructor(
    private readonly connectionString: string,
    private readonly pool: pg.Pool,
  ) {}

  static async start(connectionString: string, pool: pg.Pool): Promise<PostgresHeadsetEvents> {
    const events = new PostgresHeadsetEvents(connectionString, pool);
    await events.listen();
    return events;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (message) => {
      if (message.channel !== HEADSET_EVENTS_CHANNEL || !message.payload) return;
      for (const id of message.payload.split(',')) this.bells.ring(Number(id));
    });
    client.on('error', (error) => {
      console.error('headset events: connection lost:', error.message);
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    await client.connect();
    await client.query(`listen ${HEADSET_EVENTS_CHANNEL}`);
    this.client = client;
  }

  private reconnect(lost: pg.Client): void {
    if (this.closed || this.client !== lost || this.reconnectTimer) return;
    this.client = null;
    const attempt = () => {
      this.reconnectTimer = null;
      if (this.closed) return;
      this.listen().then(
        () => this.bells.ringAll(),
        (error: Error) => {
          console.error('headset events: cannot listen:', error.message);
          this.reconnectTimer = setTimeout(attempt, RECONNECT_DELAY_MS);
          this.reconnectTimer.unref();
        },
      );
    };
    this.reconnectTimer = setTimeout(attempt, RECONNECT_DELAY_MS);
    this.reconnectTimer.unref();
  }

  async commandsQueued(deviceIds: number[]): Promise<void> {
    for (let i = 0; i < deviceIds.length; i += IDS_PER_NOTIFICATION) {
      const payload = deviceIds.slice(i, i + IDS_PER_NOTIFICATION).join(',');
      await this.pool.query('select pg_notify($1, $2)', [HEADSET_EVENTS_CHANNEL, payload]);
    }
  }

  subscribe(deviceId: number): Doorbell {
    return this.bells.subscribe(deviceId);
  }

  waitingPolls(deviceId?: number): number {
    return this.bells.waiting(deviceId);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.bells.close();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
