// A bare route's rate, measured from a process of its own (so that its CPU is not the bench's): `connections`
// keep-alive connections ask for `path` one request after another for `seconds`, then the counts are printed as
// one JSON line. Only 127.0.0.1; the loop ends by itself.
//   node --import tsx scripts/benchFleet/bareLoad.ts <port> <path> <seconds> <connections>
import { Agent } from 'node:http';
import { send } from '../benchHttp.ts';

export interface BareLoadResult {
  ok: number;
  failed: number;
  seconds: number;
}

const [port, path, seconds, connections] = process.argv.slice(2);

async function main(): Promise<void> {
  const deadline = performance.now() + Number(seconds) * 1000;
  const started = performance.now();
  const result: BareLoadResult = { ok: 0, failed: 0, seconds: 0 };
  const connection = async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    while (performance.now() < deadline) {
      const answer = await send(agent, Number(port), 'GET', String(path), { timeoutMs: 10_000 });
      if (answer.status === 200) result.ok += 1;
      else result.failed += 1;
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: Number(connections) }, connection));
  result.seconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify(result));
}

await main();
