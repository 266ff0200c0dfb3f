// The portal's playback click as bench:fleet repeats it (scenario `start-1-vs-30`): the same request as the portal's
// usePlayback / sendCommands.ts — one queueDeviceCommand for the whole selection — and the same reading of what
// happened: listCommandReceipts, each receipt judged by @portal/domain's receiptOf, the rule the portal's receipt
// list uses.
import type { components } from '../../packages/api/src/schema.d.ts';
import { type DeviceCommand, type Receipt, receiptOf } from '../../packages/domain/src/index.ts';
import type { HeldItem } from '../../packages/server/src/simulator/model.ts';
import { sleep } from '../benchHttp.ts';
import type { Teacher } from './teachers.ts';

type Schemas = components['schemas'];

/**
 * How often the bench asks for the receipts while a headset has not answered. The portal asks every 1000 ms; the
 * bench asks more often so that the figure is the moment the server knows, not the portal's polling step (which
 * would add up to a second to either size alike).
 */
const RECEIPTS_POLL_MS = 50;

/**
 * The content the simulated headsets hold from the start (the simulator's `installed`, as if a playlist had been
 * synced onto them): the first video of the Mediathek with a file, found as the teacher's Mediathek lists it.
 */
export async function mediathekVideo(teacher: Teacher): Promise<HeldItem> {
  const answer = await teacher.get('/api/v2/cms/content/?content_type=video&ordering=title&page_size=100');
  if (answer.status !== 200) throw new Error(`listContent: ${answer.status} ${answer.body}`);
  const { results } = JSON.parse(answer.body) as Schemas['PaginatedContentList'];
  const video = results.find((item) => item.file !== null);
  if (!video) throw new Error('the Mediathek holds no video with a file');
  return {
    uuid: video.uuid,
    title: video.title,
    contentType: video.contentType,
    packageName: video.packageName,
    bytes: video.fileSize ?? 0,
    duration: video.duration,
  };
}

export interface SentCommands {
  /** The queued commands, in the order of the headsets. */
  commandIds: number[];
  /** Headsets the server refused (its reason), which the portal would show as failed receipts. */
  refused: string[];
}

/** The ids of headsets named by serial number, as the portal's picker holds them (listDevices' search). */
export async function headsetIds(teacher: Teacher, serialNumbers: readonly string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const serial of serialNumbers) {
    const answer = await teacher.get(`/api/v3/mdm/devices/?search=${encodeURIComponent(serial)}`);
    if (answer.status !== 200) throw new Error(`listDevices: ${answer.status} ${answer.body}`);
    const found = (JSON.parse(answer.body) as Schemas['PaginatedDeviceList']).results.find(
      (device) => device.serialNumber === serial,
    );
    if (!found) throw new Error(`no headset ${serial}`);
    ids.push(found.id);
  }
  return ids;
}

/** What the portal's click sends: one queueDeviceCommand for the selection. */
export async function sendToHeadsets(
  teacher: Teacher,
  deviceIds: readonly number[],
  command: DeviceCommand,
  contentUuid?: string,
): Promise<SentCommands> {
  const answer = await teacher.post('/api/v3/mdm/devices/command-queue/', {
    devices: deviceIds,
    command,
    // The modes stay each headset's own, as the portal leaves them.
    extras: contentUuid ? { contentUuid } : {},
  });
  if (answer.status !== 200) return { commandIds: [], refused: [`${answer.status} ${answer.body}`] };
  const { results } = JSON.parse(answer.body) as Schemas['DeviceCommandOutcomes'];
  const commandIds: number[] = [];
  const refused: string[] = [];
  for (const { command: queued, refusal } of results) {
    if (queued) commandIds.push(queued.id);
    else refused.push(refusal?.code ?? refusal?.detail ?? 'refused');
  }
  return { commandIds, refused };
}

/**
 * Asks listCommandReceipts every {@link RECEIPTS_POLL_MS} until every command's receipt (receiptOf, for
 * `contentUuid`) is `wanted`, or one failed, or `timeoutMs` passed. Answers the receipts last read and when the
 * latest of their headsets' reports arrived (`stateReportedAt`, the server's clock: the same machine's as the bench's).
 */
export async function waitForReceipts(
  teacher: Teacher,
  commandIds: readonly number[],
  contentUuid: string,
  wanted: Receipt['state'],
  timeoutMs: number,
): Promise<{ reached: boolean; receipts: Receipt[]; lastReportAt: number }> {
  const deadline = performance.now() + timeoutMs;
  let receipts: Receipt[] = [];
  let lastReportAt = Number.NaN;
  for (;;) {
    const answer = await teacher.post('/api/v3/mdm/devices/command-receipts/', { commands: commandIds });
    if (answer.status === 200) {
      const { results } = JSON.parse(answer.body) as Schemas['CommandReceiptList'];
      receipts = results.map((r) => receiptOf(r.command, r.device, contentUuid));
      lastReportAt = Math.max(...results.map((r) => Date.parse(r.device.stateReportedAt ?? '')));
      const reached = results.length === commandIds.length && receipts.every((r) => r.state === wanted);
      if (reached) return { reached, receipts, lastReportAt };
      if (receipts.some((r) => r.state === 'failed')) return { reached: false, receipts, lastReportAt };
    }
    if (performance.now() >= deadline) return { reached: false, receipts, lastReportAt };
    await sleep(RECEIPTS_POLL_MS);
  }
}

/** Every headset of the teacher's organisations by serial number, read as the fleet page's list gives them. */
export async function allHeadsetIds(teacher: Teacher): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let page = 1; ; page += 1) {
    const answer = await teacher.get(`/api/v3/mdm/devices/?page_size=1000&page=${page}`);
    if (answer.status !== 200) throw new Error(`listDevices: ${answer.status} ${answer.body}`);
    const list = JSON.parse(answer.body) as Schemas['PaginatedDeviceList'];
    for (const device of list.results) ids.set(device.serialNumber, device.id);
    if (!list.next) return ids;
  }
}
