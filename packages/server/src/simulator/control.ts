import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Fleet } from './fleet.ts';

/**
 * Telling the simulator what a person would do with a headset: switch it off or on (a SHUTDOWN keeps a headset
 * off until then), let its battery run down (or charge it), delete content from it. One set of commands for the
 * command line (stdin) and for the control port (HTTP on 127.0.0.1).
 *
 *   off <name|serial|all>   on <name|serial|all>   battery <name|serial|all> <percent>
 *   forget <name|serial|all> <content uuid>   software <name|serial|all> <version>   status
 */
const USAGE =
  'Befehle: off <Name|Seriennummer|all>, on <Name|Seriennummer|all>, battery <Name|Seriennummer|all> <Prozent>, ' +
  'forget <Name|Seriennummer|all> <Inhalt-UUID>, software <Name|Seriennummer|all> <Version>, status';

/** A version as headsets report it (the contract's `softwareVersion` pattern). */
const VERSION = /^[0-9]+\.[0-9]+\.[0-9]+$/;

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
    case 'battery':
    case 'forget':
    case 'software': {
      // The value comes last: names such as 'VR-Brille 21' contain blanks.
      const value = rest.at(-1) ?? '';
      const named = rest.slice(0, -1).join(' ');
      const headsets = named === 'all' ? fleet.serialNumbers : [named];
      if (!named) return USAGE;
      if (verb === 'battery') {
        const percent = Number(value);
        if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
          return 'Bitte einen Akkustand von 0 bis 100 nennen: battery <Name|Seriennummer|all> <Prozent>';
        }
        for (const serial of headsets) fleet.setBattery(serial, percent);
        return `${headsets.length === 1 ? named : `${headsets.length} VR-Brillen`}: Akku ${percent} %`;
      }
      if (verb === 'software') {
        if (!VERSION.test(value))
          return 'Bitte eine Version wie 4.5.0 nennen: software <Name|Seriennummer|all> <Version>';
        for (const serial of headsets) fleet.setSoftware(serial, value);
        return `${headsets.length === 1 ? named : `${headsets.length} VR-Brillen`}: Software ${value}`;
      }
      const forgotten = headsets.filter((serial) => fleet.forget(serial, value)).length;
      return `${value}: von ${forgotten} VR-Brille(n) gelöscht`;
    }
    case 'status':
      return JSON.stringify(fleet.stats());
    default:
      return USAGE;
  }
}

/**
 * The control port: `POST /headsets/<name|serial|all>/off` and `/on`, `POST /headsets/<…>/battery/<percent>`,
 * `POST /headsets/<…>/forget/<content uuid>`, `POST /headsets/<…>/software/<version>`, `GET /status` (JSON: the counters of FleetStats and `devices`, each
 * headset's power, playback and battery). Listens on 127.0.0.1 only: it is for tests and tools on this machine.
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
        return {
          serialNumber: serial,
          name: h.name,
          power: h.power,
          playbackState: h.playbackState,
          batteryLevel: h.batteryLevel,
        };
      });
      return reply(200, { ...fleet.stats(), devices });
    }
    const match = /^\/headsets\/([^/]+)\/(on|off|battery|forget|software)(?:\/([^/]+))?$/.exec(url.pathname);
    if (request.method === 'POST' && match) {
      const [, target = '', verb = '', value] = match;
      const line = [verb, decodeURIComponent(target), value && decodeURIComponent(value)].filter(Boolean);
      controlCommand(fleet, line.join(' ')).then(
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
