// The teachers of bench:fleet: signed-in sessions that look at the fleet page's list and send commands to single
// headsets, each after a think time, as people at their desks would. Every answer is recorded with its time, so a
// scenario takes the samples of its own window.
import { randomInt } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { Agent, request } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { components } from '../../packages/api/src/schema.d.ts';
import { type Answer, send } from '../benchHttp.ts';
import { wallClock } from './fleetProcess.ts';

type Schemas = components['schemas'];

const REQUEST_TIMEOUT_MS = 30_000;
const SIGN_IN_ATTEMPTS = 5;

export interface ListSample {
  /** Which teacher (index in the load) asked. */
  teacher: number;
  /** What was listed (see {@link LIST_VIEWS}). */
  view: string;
  /** Wall clock when the request was sent (ms). */
  at: number;
  ms: number;
  status: Answer['status'];
  /** The server process behind the proxy that answered (when there is a proxy). */
  servedBy: string | undefined;
}

export interface CommandSample {
  teacher: number;
  command: string;
  at: number;
  /** How long the POST took to answer. */
  ms: number;
  status: Answer['status'];
  /** The queued command's id (when the answer was 201). */
  commandId: number | null;
  /** The server process behind the proxy that took it (when there is a proxy). */
  servedBy: string | undefined;
}

export interface TeacherLoadOptions {
  /** Mean pause between two actions of one teacher (uniform between half and one and a half of it). */
  thinkSeconds: number;
  /** Share of actions that send a command (the rest list headsets). */
  commandShare: number;
  /** The headsets commands go to, one picked at random each time. */
  serialNumbers: readonly string[];
  /** How many headsets the teachers' organisation has (for the page numbers of 'a later page'). */
  listedHeadsets: number;
}

/**
 * What a teacher looks at, in turn: mostly the fleet page as it opens (by name, first page of 100), and the other
 * orderings, a filter, a search and a later page, each a different plan for the database.
 */
const LIST_VIEWS: readonly { view: string; query: (pages: number) => string }[] = [
  { view: 'by name, page 1', query: () => '' },
  { view: 'by last seen', query: () => '?ordering=-lastSeen' },
  { view: 'by name, page 1', query: () => '' },
  { view: 'by battery', query: () => '?ordering=batteryLevel' },
  { view: 'by name, page 1', query: () => '' },
  { view: 'offline only', query: () => '?is_online=false' },
  { view: 'by name, page 1', query: () => '' },
  { view: 'search', query: () => `?search=${encodeURIComponent(`Brille ${randomInt(21, 100)}`)}` },
  { view: 'a later page', query: (pages) => `?page=${randomInt(1, pages + 1)}` },
];

/** Commands every simulated headset (software 5.1.2) takes and none of which takes it offline. */
const COMMANDS: readonly Schemas['DeviceCommandRequest'][] = [
  { command: 'CMD.MUTE', extras: { guidedModeState: false, manufacturerModeState: false } },
  { command: 'CMD.SET.GUIDED.MODE', extras: { guidedModeState: true, manufacturerModeState: false } },
  { command: 'CMD.TOGGLE.PAUSE', extras: { guidedModeState: false, manufacturerModeState: false } },
  { command: 'CMD.SET.GUIDED.MODE', extras: { guidedModeState: false, manufacturerModeState: false } },
  { command: 'CMD.STOP.RUNNING', extras: { guidedModeState: false, manufacturerModeState: false } },
];

const json = { 'content-type': 'application/json' };

/** One signed-in session, with its own keep-alive connections as a browser has them. */
export class Teacher {
  private headers: Record<string, string>;

  private constructor(
    readonly port: number,
    readonly agent: Agent,
    private tokens: Schemas['TokenPair'],
  ) {
    this.headers = { authorization: `Bearer ${tokens.access}` };
  }

  static async signIn(port: number, username: string, password: string): Promise<Teacher> {
    const agent = new Agent({ keepAlive: true, maxSockets: 6 });
    let answer = await send(agent, port, 'POST', '/api/v1/sessions/', {
      headers: json,
      body: JSON.stringify({ username, password }),
      timeoutMs: REQUEST_TIMEOUT_MS,
    });
    // A busy server (or a proxy with no process free for a moment) answers 503: a person tries again.
    for (let attempt = 1; answer.status === 503 && attempt < SIGN_IN_ATTEMPTS; attempt += 1) {
      await delay(2000 * attempt);
      answer = await send(agent, port, 'POST', '/api/v1/sessions/', {
        headers: json,
        body: JSON.stringify({ username, password }),
        timeoutMs: REQUEST_TIMEOUT_MS,
      });
    }
    if (answer.status !== 201) throw new Error(`sign-in of ${username}: ${answer.status} ${answer.body}`);
    return new Teacher(port, agent, JSON.parse(answer.body) as Schemas['TokenPair']);
  }

  /** Renews the session with its refresh token, as the portal does before its access token expires. */
  async renew(): Promise<Answer> {
    const answer = await send(this.agent, this.port, 'POST', '/api/v1/sessions/refresh/', {
      headers: json,
      body: JSON.stringify({ refresh: this.tokens.refresh }),
      timeoutMs: REQUEST_TIMEOUT_MS,
    });
    if (answer.status === 200) {
      this.tokens = JSON.parse(answer.body) as Schemas['TokenPair'];
      this.headers = { authorization: `Bearer ${this.tokens.access}` };
    }
    return answer;
  }

  get(path: string): Promise<Answer> {
    return send(this.agent, this.port, 'GET', path, { headers: this.headers, timeoutMs: REQUEST_TIMEOUT_MS });
  }

  post(path: string, body: unknown): Promise<Answer> {
    return send(this.agent, this.port, 'POST', path, {
      headers: { ...this.headers, ...json },
      body: JSON.stringify(body),
      timeoutMs: REQUEST_TIMEOUT_MS,
    });
  }

  /** A PUT of raw bytes (an upload's part), with extra headers. */
  put(path: string, body: Buffer, headers: Record<string, string>): Promise<Answer> {
    return send(this.agent, this.port, 'PUT', path, {
      headers: { ...this.headers, 'content-type': 'application/octet-stream', ...headers },
      body,
      timeoutMs: REQUEST_TIMEOUT_MS,
    });
  }

  /** A GET whose answer is kept as bytes (a stored file). */
  getBytes(path: string): Promise<{ status: number; bytes: Buffer; servedBy: string | undefined }> {
    return new Promise((resolve, reject) => {
      const outgoing = request(
        { host: '127.0.0.1', port: this.port, path, agent: this.agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              bytes: Buffer.concat(chunks),
              servedBy: [response.headers['x-served-by']].flat()[0],
            }),
          );
          response.on('error', reject);
        },
      );
      outgoing.setTimeout(REQUEST_TIMEOUT_MS, () => outgoing.destroy(new Error('timeout')));
      outgoing.on('error', reject);
      outgoing.end();
    });
  }

  /** Queues a command for one headset; the answer's command id, when it was queued. */
  async sendCommand(
    serialNumber: string,
    request: Schemas['DeviceCommandRequest'],
  ): Promise<{ answer: Answer; commandId: number | null }> {
    const answer = await this.post(
      `/api/v1/mdm/devices/${encodeURIComponent(serialNumber)}/command/`,
      request,
    );
    const commandId = answer.status === 201 ? (JSON.parse(answer.body) as Schemas['DeviceCommand']).id : null;
    return { answer, commandId };
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Waits, or less when `signal` aborts. */
const pause = (ms: number, signal: AbortSignal) => delay(ms, undefined, { signal }).catch(() => undefined);

/** The teachers at work in the background until {@link stop}; their samples grow meanwhile. */
export class TeacherLoad {
  readonly lists: ListSample[] = [];
  readonly commands: CommandSample[] = [];
  private readonly stopping = new AbortController();
  private readonly loops: Promise<void>[];

  constructor(
    readonly teachers: readonly Teacher[],
    private readonly options: TeacherLoadOptions,
  ) {
    // Every teacher's pause listens for the stop: one listener each.
    setMaxListeners(0, this.stopping.signal);
    this.loops = teachers.map((teacher, i) => this.work(teacher, i));
  }

  private async work(teacher: Teacher, index: number): Promise<void> {
    const { thinkSeconds, commandShare, serialNumbers } = this.options;
    const pages = Math.max(1, Math.floor(this.options.listedHeadsets / 100));
    let turn = index;
    while (!this.stopping.signal.aborted) {
      await pause(thinkSeconds * 1000 * (0.5 + Math.random()), this.stopping.signal);
      if (this.stopping.signal.aborted) break;
      turn += 1;
      const at = wallClock();
      if (Math.random() < commandShare) {
        const request = COMMANDS[turn % COMMANDS.length] as Schemas['DeviceCommandRequest'];
        const serial = serialNumbers[randomInt(serialNumbers.length)] as string;
        const { answer, commandId } = await teacher.sendCommand(serial, request);
        const { ms, status, servedBy } = answer;
        this.commands.push({ teacher: index, command: request.command, at, ms, status, commandId, servedBy });
      } else {
        const list = LIST_VIEWS[turn % LIST_VIEWS.length] as (typeof LIST_VIEWS)[number];
        const answer = await teacher.get(`/api/v3/mdm/devices/${list.query(pages)}`);
        const { ms, status, servedBy } = answer;
        this.lists.push({ teacher: index, view: list.view, at, ms, status, servedBy });
      }
    }
  }

  /** Every teacher finishes the request in hand and stops. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.all(this.loops);
    for (const teacher of this.teachers) teacher.close();
  }
}
