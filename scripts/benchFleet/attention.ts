// bench:fleet's scenario of issue 26: 'Alle Blicke nach vorn' on a class set against one headset.
import type { DeviceCommand } from '../../packages/domain/src/index.ts';
import { percentile, sleep } from '../benchHttp.ts';
import { headsetIds, sendToHeadsets } from './playback.ts';
import type { FleetScenario } from './scenarios.ts';
import type { Teacher } from './teachers.ts';

/** How long a round waits at most for every headset to carry the command out. */
const ATTENTION_WAIT_MS = 20_000;
const RECEIPTS_POLL_MS = 50;

interface ReceiptRow {
  command: { status: 'queued' | 'delivered' | 'done' | 'failed' | 'expired' };
}

/** Asks listCommandReceipts until every command is done (the headset carried it out), one failed, or time ran out. */
async function waitUntilDone(teacher: Teacher, commandIds: readonly number[]): Promise<boolean> {
  const deadline = performance.now() + ATTENTION_WAIT_MS;
  while (performance.now() < deadline) {
    const answer = await teacher.post('/api/v3/mdm/devices/command-receipts/', { commands: commandIds });
    if (answer.status === 200) {
      const { results } = JSON.parse(answer.body) as { results: ReceiptRow[] };
      const states = results.map((r) => r.command.status);
      if (results.length === commandIds.length && states.every((s) => s === 'done')) return true;
      if (states.some((s) => s === 'failed' || s === 'expired')) return false;
    }
    await sleep(RECEIPTS_POLL_MS);
  }
  return false;
}

const ms = (value: number) => `${Number.isFinite(value) ? value.toFixed(0) : '–'} ms`;

/**
 * attention-1-vs-30: the portal's click on 'Alle Blicke nach vorn' (one queueDeviceCommand of CMD.ATTENTION) until
 * every headset reported it carried it out, on one headset and on the class set, then 'Weitermachen' the same way.
 * The bench's headsets run software above the attention gate, so each shows the message itself (no fallback).
 */
export function attentionScenario(): FleetScenario {
  return {
    name: 'attention-1-vs-30',
    title: "'Alle Blicke nach vorn' on 1 and on a class set (click → every headset carried it out)",
    async run({ options, teacher, classSet }) {
      const sizes = [1, classSet.length];
      const reached = new Map<number, number[]>(sizes.map((size) => [size, []]));
      const problems: string[] = [];
      const ids = await headsetIds(teacher, classSet);
      const timed = async (headsets: number[], command: DeviceCommand) => {
        const startedAt = performance.now();
        const sent = await sendToHeadsets(teacher, headsets, command);
        const done = sent.refused.length === 0 && (await waitUntilDone(teacher, sent.commandIds));
        return { done, ms: performance.now() - startedAt, refused: sent.refused };
      };
      for (let round = 0; round <= options.startRounds; round += 1) {
        for (const size of sizes) {
          const headsets = ids.slice(0, size);
          const attention = await timed(headsets, 'CMD.ATTENTION');
          if (!attention.done) {
            problems.push(
              `round ${round}, ${size} headset(s): not all reached (${attention.refused.join(', ')})`,
            );
          } else if (round > 0) reached.get(size)?.push(attention.ms);
          const end = await timed(headsets, 'CMD.ATTENTION.END');
          if (!end.done) problems.push(`round ${round}, ${size} headset(s): 'Weitermachen' not carried out`);
        }
      }
      const [one, all] = sizes.map((size) => reached.get(size) ?? []) as [number[], number[]];
      const ratio = percentile(all, 50) / percentile(one, 50);
      const complete = problems.length === 0 && one.length > 0 && all.length > 0;
      return {
        lines: [
          `${options.startRounds} measured rounds per size after one to warm up`,
          ...sizes.map(
            (size) =>
              `${String(size).padStart(2)} headset(s): click → all carried it out  p50 ${ms(percentile(reached.get(size) ?? [], 50))}  p95 ${ms(percentile(reached.get(size) ?? [], 95))}`,
          ),
          `ratio ${classSet.length} : 1 (click → all carried it out)  p50 ${ratio.toFixed(2)}×`,
          ...problems,
        ],
        aims: [
          {
            text: `attention on ${classSet.length} headsets ≤ 1.5× attention on 1 (p50): ${ratio.toFixed(2)}×, ${problems.length} problems`,
            met: complete && ratio <= 1.5,
          },
        ],
      };
    },
  };
}
