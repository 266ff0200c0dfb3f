// Several server processes behind a real reverse proxy, for `bench:fleet --processes N`: Debian's haproxy (installed
// with apt-get when /usr/sbin/haproxy is missing, as .ci/run installs PostgreSQL; never fetched from elsewhere) in
// front of N real servers on one PostgreSQL database. The proxy's configuration is written to a temporary directory
// (see haproxyConfig for what it says and why); every answer names the process that gave it in X-Served-By.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sleep, stopProcess } from '../benchHttp.ts';
import { startBenchServer } from '../benchServer.ts';
import { SERVED_BY_HEADER, wallClock } from './fleetProcess.ts';

export const HAPROXY = '/usr/sbin/haproxy';
/**
 * The proxy's health check: a file of the server's own (no database, no admission queue), so a process that is busy
 * is not taken out — only one that does not answer. The database is shared: when it is down, every process is.
 */
export const HEALTH_PATH = '/media/nutzungsbedingungen-v1.pdf';

/** Installs Debian's haproxy when it is missing (needs root, as .ci/run does for PostgreSQL). */
export function ensureHaproxy(): void {
  if (existsSync(HAPROXY)) return;
  console.log("» installing Debian's haproxy (apt-get install -y haproxy)");
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'haproxy'], { stdio: 'inherit' });
  if (!existsSync(HAPROXY)) throw new Error(`apt-get did not install ${HAPROXY}`);
}

/** The most files one process may open here (`ulimit -Hn`): each proxied connection takes two. */
function openFilesLimit(): number {
  const limit = Number(spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim());
  return Number.isFinite(limit) && limit > 0 ? limit : 1_000_000;
}

/** Connections the proxy accepts at once on this machine: two files each, and a few for itself. */
export function proxyConnectionLimit(): number {
  return Math.floor((Math.min(openFilesLimit(), 1_000_000) - 400) / 2);
}

/**
 * - `leastconn`: a held long poll is a connection for 25 s, so counting connections spreads the headsets evenly
 *   and sends a teacher's request to the process with the fewest waiting; round robin would count a held poll
 *   like a finished request.
 * - Health checks on {@link HEALTH_PATH} every second, each given 5 s (at the full size on the shared 2-core machine
 *   a busy process took more than the default 1 s and was taken out for a moment); three failures take a process
 *   out, two answers bring it back. A refused connection to a dead process is tried again at once on another
 *   (`retries`, `option redispatch`), so nobody waits for the check to notice it.
 * - Timeouts above the headsets' long poll (25 s): `timeout server` must outlast a held poll, or the proxy cuts it
 *   and the headset calls again for nothing.
 */
export function haproxyConfig(options: { port: number; backends: { name: string; port: number }[] }): string {
  return `global
  maxconn ${proxyConnectionLimit()}

defaults
  mode http
  option http-keep-alive
  timeout connect 5s
  timeout client 65s
  timeout server 65s
  timeout http-request 15s
  timeout http-keep-alive 65s
  timeout queue 30s
  retries 3
  option redispatch
  option forwardfor

frontend portal
  bind 127.0.0.1:${options.port}
  default_backend servers

backend servers
  balance leastconn
  option httpchk HEAD ${HEALTH_PATH}
  http-check expect status 200
  timeout check 5s
  default-server inter 1s fall 3 rise 2
  http-response set-header X-Served-By %[srv_name]
${options.backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`).join('\n')}
`;
}

/**
 * How many proxy processes `connections` at once need here: one proxy process may open only so many files (see
 * {@link proxyConnectionLimit}; 20,000 on the machine this was built on, which holds 9,950 connections, fewer than
 * 10,000 headsets' polls). Each more is one more address in front of the same server processes, as a service's
 * several load balancers behind one DNS name are.
 */
export function proxiesFor(connections: number): number {
  return Math.max(1, Math.ceil(connections / proxyConnectionLimit()));
}

/** Whether every server process has answered through the proxy (its health checks found them all up) within 30 s. */
async function servesThroughAll(
  proxy: { port: number; process: ChildProcess },
  count: number,
): Promise<boolean> {
  const seen = new Set<string>();
  const deadline = performance.now() + 30_000;
  while (seen.size < count && performance.now() < deadline && proxy.process.exitCode === null) {
    try {
      const answer = await fetch(`http://127.0.0.1:${proxy.port}${HEALTH_PATH}`, { method: 'HEAD' });
      const name = answer.headers.get(SERVED_BY_HEADER);
      if (answer.ok && name) seen.add(name);
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  return seen.size === count;
}

export interface ProxiedServers {
  /** The server processes, p1 … pN, in order; a killed one stays in the list. */
  readonly servers: { name: string; process: ChildProcess }[];
  /** The proxy processes, each with the port it listens on, all in front of every server process. */
  readonly proxies: { port: number; process: ChildProcess }[];
  /** kill -9 of one server process; answers when it happened (wall clock). */
  kill(index: number): number;
  stop(): Promise<void>;
}

/**
 * Starts `processes` real servers at once (on the database `env` names), then `proxies` haproxy processes in front of
 * all of them on `port`, `port + 1` …, the servers on the ports after those; resolves once each proxy serves through
 * every server process.
 */
export async function startProxiedServers(options: {
  processes: number;
  proxies: number;
  port: number;
  env: Record<string, string>;
  timeoutSeconds: number;
}): Promise<ProxiedServers> {
  const backends = Array.from({ length: options.processes }, (_, i) => ({
    name: `p${i + 1}`,
    port: options.port + options.proxies + i,
  }));
  const started = await Promise.allSettled(
    backends.map((backend) =>
      startBenchServer(backend.port, { env: options.env, timeoutSeconds: options.timeoutSeconds }),
    ),
  );
  const servers = backends.flatMap((backend, i) => {
    const result = started[i];
    return result?.status === 'fulfilled' ? [{ name: backend.name, process: result.value }] : [];
  });
  const failed = started.find((result) => result.status === 'rejected');
  const directory = mkdtempSync(join(tmpdir(), 'vr-portal-bench-proxy-'));
  const stopServers = async () => {
    await Promise.all(servers.map((server) => stopProcess(server.process)));
  };
  if (failed) {
    await stopServers();
    rmSync(directory, { recursive: true, force: true });
    throw failed.reason;
  }
  const proxies = Array.from({ length: options.proxies }, (_, i) => {
    const port = options.port + i;
    const configFile = join(directory, `haproxy-${port}.cfg`);
    writeFileSync(configFile, haproxyConfig({ port, backends }));
    const process = spawn(HAPROXY, ['-f', configFile, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
    return { port, process };
  });
  const stop = async () => {
    await Promise.all(proxies.map((proxy) => stopProcess(proxy.process)));
    await stopServers();
    rmSync(directory, { recursive: true, force: true });
  };
  for (const proxy of proxies) {
    if (!(await servesThroughAll(proxy, servers.length))) {
      await stop();
      throw new Error(`haproxy on ${proxy.port} did not serve through all ${servers.length} processes`);
    }
  }
  return {
    servers,
    proxies,
    kill(index) {
      const server = servers[index];
      if (!server) throw new Error(`no server process ${index + 1}`);
      server.process.kill('SIGKILL');
      return wallClock();
    },
    stop,
  };
}
