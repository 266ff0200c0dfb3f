import type { CommandName } from '@portal/api';
import type { ReceiptReason } from '@portal/domain';
import { apiClient } from '../../lib/api.ts';
import { reportError } from '../../lib/errorReporting.ts';
import { answerOf, errorDetail, ServerRefusal } from '../../lib/serverErrors.ts';
import type { SessionHeadset } from './playbackStore.ts';

/** What became of one headset's command: the command the server queued, or why it refused. */
export type SendOutcome =
  | { headsetId: number; commandId: number }
  | { headsetId: number; refusal: ReceiptReason };

/**
 * Why the server refused a headset's command, as a receipt says it: its codes `deviceOffline` and `softwareTooOld`
 * (with the version needed) are worded by the portal, any other refusal by the server's text (its `detail`, or the
 * first message of a field error).
 */
export function refusalReason(body: unknown): ReceiptReason {
  const { code, params } = (typeof body === 'object' && body !== null ? body : {}) as {
    code?: unknown;
    params?: Record<string, unknown>;
  };
  if (code === 'deviceOffline') return { code: 'offline' };
  if (code === 'softwareTooOld') {
    const required = params?.requiredVersion;
    return {
      code: 'softwareTooOld',
      requiredVersion: typeof required === 'string' ? required : undefined,
      message: errorDetail(body),
    };
  }
  const fields = typeof body === 'object' && body !== null ? Object.values(body) : [];
  const firstFieldMessage = fields.flat().find((value): value is string => typeof value === 'string');
  return { code: 'other', message: errorDetail(body) ?? firstFieldMessage };
}

/**
 * One request for the whole selection (queueDeviceCommand; architecture: the data flow of one click): the server
 * queues every headset's command in one transaction and answers per headset, so a class set of 30 starts as fast as
 * one headset. A headset the server refuses (offline, software too old) gets its reason; when the request as a whole
 * is refused or gets no answer, every headset gets that reason. The modes in `extras` are part of every command and
 * stay off.
 */
export async function sendToHeadsets(
  headsets: readonly SessionHeadset[],
  command: CommandName,
  contentUuid?: string,
): Promise<SendOutcome[]> {
  if (headsets.length === 0) return [];
  try {
    const { results } = await answerOf(
      apiClient.POST('/api/v3/mdm/devices/command-queue/', {
        body: {
          devices: headsets.map((headset) => headset.id),
          command,
          extras: {
            guidedModeState: false,
            manufacturerModeState: false,
            ...(contentUuid ? { contentUuid } : {}),
          },
        },
      }),
    );
    return results.map(({ deviceId, command: queued, refusal }) =>
      queued
        ? { headsetId: deviceId, commandId: queued.id }
        : { headsetId: deviceId, refusal: refusalReason(refusal) },
    );
  } catch (error) {
    if (!(error instanceof ServerRefusal)) reportError(error, { during: 'queueDeviceCommand' });
    const reason: ReceiptReason =
      error instanceof ServerRefusal ? refusalReason(error.body) : { code: 'other' };
    return headsets.map((headset) => ({ headsetId: headset.id, refusal: reason }));
  }
}
