import type { CommandName } from '@portal/api';
import { PLAYBACK_SEND_CONCURRENCY, type ReceiptReason } from '@portal/domain';
import { apiClient } from '../../lib/api.ts';
import { reportError } from '../../lib/errorReporting.ts';
import { answerOf, errorDetail, ServerRefusal } from '../../lib/serverErrors.ts';
import type { SessionHeadset } from './playbackStore.ts';
import { runPool } from './sendPool.ts';

/** What became of one call: the command the server queued, or why it refused. */
export type SendOutcome =
  | { headsetId: number; commandId: number }
  | { headsetId: number; refusal: ReceiptReason };

/**
 * Why the server refused a playback call, as a receipt says it: its codes `deviceOffline` and `softwareTooOld` (with
 * the version needed) are worded by the portal, any other refusal by the server's text; no answer at all is reported
 * and worded generically.
 */
export function refusalReason(error: unknown): ReceiptReason {
  if (!(error instanceof ServerRefusal)) {
    reportError(error, { during: 'sendDeviceCommand' });
    return { code: 'other' };
  }
  const body = (error.body ?? {}) as { code?: unknown; params?: Record<string, unknown> };
  if (body.code === 'deviceOffline') return { code: 'offline' };
  if (body.code === 'softwareTooOld') {
    const required = body.params?.requiredVersion;
    return {
      code: 'softwareTooOld',
      requiredVersion: typeof required === 'string' ? required : undefined,
      message: error.detail,
    };
  }
  const fields = typeof error.body === 'object' && error.body !== null ? Object.values(error.body) : [];
  const firstFieldMessage = fields.flat().find((value): value is string => typeof value === 'string');
  return { code: 'other', message: errorDetail(error.body) ?? firstFieldMessage };
}

/**
 * One call per headset (spec §7), in parallel with at most PLAYBACK_SEND_CONCURRENCY in flight (architecture: the
 * data flow of one click). The modes in `extras` are part of every command and stay off.
 */
export function sendToHeadsets(
  headsets: readonly SessionHeadset[],
  command: CommandName,
  contentUuid?: string,
): Promise<SendOutcome[]> {
  return runPool(headsets, PLAYBACK_SEND_CONCURRENCY, async (headset): Promise<SendOutcome> => {
    try {
      const queued = await answerOf(
        apiClient.POST('/api/v1/mdm/devices/{serial}/command/', {
          params: { path: { serial: headset.serialNumber } },
          body: {
            command,
            extras: {
              guidedModeState: false,
              manufacturerModeState: false,
              ...(contentUuid ? { contentUuid } : {}),
            },
          },
        }),
      );
      return { headsetId: headset.id, commandId: queued.id };
    } catch (error) {
      return { headsetId: headset.id, refusal: refusalReason(error) };
    }
  });
}
