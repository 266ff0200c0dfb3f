import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Fleet } from './fleet.ts';

/**
 * Telling the simulator what a person would do with a headset: switch it off or on (a SHUTDOWN keeps a headset
 * off until then). One set of commands for the command line (stdin) and for the control port (HTTP on 127.0.0.1).
 *
 *   off <name|serial|all>   on <name|serial|all>   status
 */
export async function controlCommand(fleet: Fleet, line: string): Promise<string> {
  const [verb = '', ...rest] = line.trim().split(/\s+/);
  const target = rest.join(' ');
  const targets = target === 'all' ? fleet.serialNumbers : [target];
  switch (verb) {
    case 'off':
    case 'on': {
      if (!target) return `Bitte eine VR-Brille nennen: ${verb} <Name|Seriennummer|all>`;
      for (const serial of targets) {
        if (verb === 'off') await fleet.switchOff(serial);
        else fleet.switchOn(serial);
      }
      return `${targets.length === 1 ? target : `${targets.length} VR-Brillen`}: ${verb === 'off' ? 'aus' : 'an'}`;
    }
    case 'status':
      return JSON.stringify(fleet.stats());
    default:
      return 'Befehle: off <Name|Seriennummer|all>, on <Name|Seriennummer|all>, status';
  }
}

/**
 * The control port: `POST /headsets/<name|serial|all>/off` and `/on`, `GET /status` (JSON: the counters of
 * FleetStats and `devices`, each headset's power and playback). Listens on 127.0.0.1 only: it is for tests and tools on this machine.
 */
export async function startControlServer(
  fleet: Fleet,
  port: number,
): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method === 'GET' && url.pathname === '/status') {
      const devices = fleet.serialNumbers.map((serial) => {
        const h = fleet.headset(serial);
        return { serialNumber: serial, name: h.name, power: h.power, playbackState: h.playbackState };
      });
      return reply(200, { ...fleet.stats(), devices });
    }
    const match = /^\/headsets\/([^/]+)\/(on|off)$/.exec(url.pathname);
    if (request.method === 'POST' && match) {
      const [, target = '', verb = ''] = match;
      controlCommand(fleet, `${verb} ${decodeURIComponent(target)}`).then(
        (message) => reply(200, { detail: message }),
        (error: Error) => reply(404, { detail: error.message }),
      );
      return;
    }
    reply(404, { detail: 'Nicht gefunden.' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
