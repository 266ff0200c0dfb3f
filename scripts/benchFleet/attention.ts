// What bench:fleet's attention-1-vs-30 (scenarios.ts, issue 26) sends and waits for: 'Alle Blicke nach vorn' as the
// portal's click sends it, and the receipts until every headset carried it out.
import type { DeviceCommand } from '../../packages/domain/src/index.ts';
import { sleep } from '../benchHttp.ts';
import { sendToHeadsets } from './playback.ts';
import type { Teacher } from './teachers.ts';

/** How long a round waits at most for every headset to carry the command out. */
export const ATTENTION_WAIT_MS = 20_000;
const RECEIPTS_POLL_MS = 50;

interface ReceiptRow {
  command: { status: 'queued' | 'delivered' | 'done' | 'failed' | 'expired' };
}

/** Asks listCommandReceipts until every command is done (the headset carried it out), one failed, or time ran out. */
export async function waitUntilDone(teacher: Teacher, commandIds: readonly number[]): Promise<boolean> {
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

/**
 * One click: the command to the headsets in one queueDeviceCommand, timed until every one reported it done (or one
 * failed, or {@link ATTENTION_WAIT_MS} passed).
 */
export async function timedAttention(teacher: Teacher, headsets: readonly number[], command: DeviceCommand) {
  const startedAt = performance.now();
  const sent = await sendToHeadsets(teacher, headsets, command);
  const done = sent.refused.length === 0 && (await waitUntilDone(teacher, sent.commandIds));
  return { done, ms: performance.now() - startedAt, refused: sent.refused };
}
