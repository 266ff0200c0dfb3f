import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import pg from 'pg';
import type { AdmissionSettings } from '../config.ts';
import type { AuthMode } from '../contract.ts';
import { ServerBusy } from '../errors.ts';

/*
 * Admission to the database: the pool's connections are the only seats, and whoever wants one waits in a bounded
 * queue for a bounded time; the excess is refused at once with 503 and Retry-After instead of stalling everybody.
 * See "Bursts" in the server's README for why the lanes are what they are. The bounds are read by config.ts
 * (AdmissionSettings).
 */

/**
 * Where waiting work queues, served in this order: `started` = more work of a request that already had a
 * connection (and work outside any request: start-up, background jobs) — finishing what has begun frees its
 * resources soonest; `priority` = getting in and staying in (see {@link PRIORITY_OPERATIONS}); then `bulk` = what
 * people do in the portal and `headset` = the calls headsets make with their device token (polls, results, state
 * reports), these two in turn. Headsets have a lane of their own, with its own bound, so that thousands of them
 * calling all the time can never fill the portal's queue: a teacher's list waits behind at most one small headset
 * statement per seat, however many headsets queue. In turn rather than last, because a headset that is starved
 * misses its commands: the held poll that a queued command wakes has had its connection before (its look into the
 * database is `started` work), but a headset refused at the door waits its Retry-After before it polls again.
 */
export type Lane = 'started' | 'priority' | 'bulk' | 'headset';
const LANES: readonly Lane[] = ['started', 'priority', 'bulk', 'headset'];

/**
 * Operations that must keep working while lists or uploads flood the server: signing in (password or social),
 * keeping the session alive (refresh), the shell's own user, signing out. Small and cheap, so serving them first
 * costs the others little.
 */
export const PRIORITY_OPERATIONS: ReadonlySet<string> = new Set([
  'login',
  'refreshSession',
  'logout',
  'obtainSocialUserToken',
  'getCurrentUser',
]);

/** The lane of a contract operation's database work, by its operationId and how it authenticates. */
export function laneOf(
  operationId: string | undefined,
  auth: AuthMode | undefined,
): Exclude<Lane, 'started'> {
  if (operationId !== undefined && PRIORITY_OPERATIONS.has(operationId)) return 'priority';
  return auth === 'device' ? 'headset' : 'bulk';
}

/** What one request asks of the database; `started` once it had a connection. */
interface RequestWork {
  lane: Exclude<Lane, 'started'>;
  started: boolean;
}

const currentWork = new AsyncLocalStorage<RequestWork>();
const scopes = new WeakMap<FastifyRequest, AsyncResource>();

/** The gate of the pool behind a Drizzle database, when it is an {@link AdmittedPool}. */
function gateOf(db: object): AdmissionGate | undefined {
  return '$client' in db && db.$client instanceof AdmittedPool ? db.$client.gate : undefined;
}

/**
 * Gives every request its lane (by the contract's operationId) for the database work it causes. Register before
 * any hook that may use the database (authentication). Node loses the async context while a body is read, so it is
 * entered again before validation, as @fastify/request-context does.
 *
 * A contract operation that arrives while its lane's queue is full is refused at the door: its first query would
 * be refused anyway, and during a burst the token check, validation and query building it would cost first are
 * what the requests that do get through need the CPU for.
 */
export function registerAdmissionLanes(app: FastifyInstance, db: object): void {
  const gate = gateOf(db);
  app.addHook('onRequest', (request, _reply, done) => {
    const { operationId, auth } = request.routeOptions.config;
    const work: RequestWork = { lane: laneOf(operationId, auth), started: false };
    if (operationId && gate?.isFull(work.lane)) {
      done(new ServerBusy(gate.retryAfterSeconds));
      return;
    }
    currentWork.run(work, () => {
      scopes.set(request, new AsyncResource('vr-portal.admission'));
      done();
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) scope.runInAsyncScope(done);
    else done();
  });
}

interface Waiter {
  grant(): void;
  refuse(error: Error): void;
  settled: boolean;
}

/**
 * Seats for `capacity` concurrent holders, and one waiting line per lane: `queueLimit` each for priority, bulk and
 * headset (started work is never refused for the limit: it is bounded by the requests already admitted), all of them
 * refused after `queueTimeoutMs`. Plain bookkeeping, no I/O; the pool below gives it its meaning.
 */
export class AdmissionGate {
  private active = 0;
  private readonly waiting: Record<Lane, Waiter[]> = { started: [], priority: [], bulk: [], headset: [] };
  private readonly counts: Record<Lane, number> = { started: 0, priority: 0, bulk: 0, headset: 0 };
  /** Whose turn it is of the two lanes served in turn. */
  private headsetsNext = false;

  constructor(
    readonly capacity: number,
    private readonly settings: AdmissionSettings,
  ) {}

  /** Seconds after which everything waiting now has been served or refused: the Retry-After of a refusal. */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.settings.queueTimeoutMs / 1000));
  }

  /** How much work waits in a lane (tests wait for this state instead of for time). */
  waitingIn(lane: Lane): number {
    return this.counts[lane];
  }

  /** Whether new work of this lane would be refused at once. */
  isFull(lane: Lane): boolean {
    return lane !== 'started' && this.counts[lane] >= this.settings.queueLimit;
  }

  get holders(): number {
    return this.active;
  }

  /** Resolves when a seat is taken (call {@link leave} once with it); rejects with ServerBusy (503). */
  enter(lane: Lane): Promise<void> {
    if (this.active < this.capacity && LANES.every((waiting) => this.counts[waiting] === 0)) {
      this.active += 1;
      return Promise.resolve();
    }
    if (this.isFull(lane)) return Promise.reject(new ServerBusy(this.retryAfterSeconds));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        settled: false,
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
        refuse: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        this.settle(lane, waiter);
        waiter.refuse(new ServerBusy(this.retryAfterSeconds));
      }, this.settings.queueTimeoutMs);
      this.waiting[lane].push(waiter);
      this.counts[lane] += 1;
    });
  }

  /** Gives a seat back; the next waiter, in lane order (bulk and headset in turn), takes it. */
  leave(): void {
    const inTurn: Lane[] = this.headsetsNext ? ['headset', 'bulk'] : ['bulk', 'headset'];
    for (const lane of ['started', 'priority', ...inTurn] as const) {
      const queue = this.waiting[lane];
      let next = queue.shift();
      while (next?.settled) next = queue.shift();
      if (next) {
        this.settle(lane, next);
        if (lane === 'bulk' || lane === 'headset') this.headsetsNext = lane === 'bulk';
        next.grant();
        return;
      }
    }
    this.active -= 1;
  }

  /** Refuses everything still waiting (the pool is ending). */
  close(): void {
    for (const lane of LANES) {
      for (const waiter of this.waiting[lane].splice(0)) {
        if (waiter.settled) continue;
        waiter.settled = true;
        waiter.refuse(new ServerBusy(this.retryAfterSeconds));
      }
      this.counts[lane] = 0;
    }
  }

  private settle(lane: Lane, waiter: Waiter): void {
    waiter.settled = true;
    this.counts[lane] -= 1;
  }
}

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: Error | boolean) => void,
) => void;

/**
 * A node-postgres pool whose every checkout (`query` checks out too) passes the {@link AdmissionGate} first, in the
 * lane of the request on whose behalf it runs. Drizzle uses it as it uses pg.Pool, transactions included.
 */
export class AdmittedPool extends pg.Pool {
  readonly gate: AdmissionGate;

  constructor(config: pg.PoolConfig & { max: number }, settings: AdmissionSettings) {
    super(config);
    this.gate = new AdmissionGate(config.max, settings);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    const checkedOut = this.admitted();
    if (!callback) return checkedOut;
    checkedOut.then(
      (client) => callback(undefined, client, (release) => client.release(release)),
      (error: Error) => callback(error, undefined, () => {}),
    );
    return undefined;
  }

  override async end(): Promise<void> {
    this.gate.close();
    await super.end();
  }

  private async admitted(): Promise<pg.PoolClient> {
    const work = currentWork.getStore();
    await this.gate.enter(work === undefined || work.started ? 'started' : work.lane);
    if (work) work.started = true;
    let client: pg.PoolClient;
    try {
      client = await super.connect();
    } catch (error) {
      this.gate.leave();
      throw error;
    }
    const release = client.release.bind(client);
    let seated = true;
    client.release = (error?: Error | boolean) => {
      if (seated) {
        seated = false;
        this.gate.leave();
      }
      release(error);
    };
    return client;
  }
}
