import type { components, operations } from '@portal/api/schema';
import { type AppContext, type HandlerMap, requireHeadset } from '../context.ts';
import {
  ENROLMENT_MESSAGES,
  exchangeEnrolmentCode,
  type HeadsetEnrolRequest,
} from '../services/enrolment.ts';
import {
  type HeadsetCommandResult,
  type HeadsetState,
  headsetConfiguration,
  headsetHungUp,
  pollHeadsetCommands,
  reportCommandResult,
  reportHeadsetState,
} from '../services/headset.ts';
import { Throttle, type ThrottleRule } from '../services/throttle.ts';
import { tooManyAttempts } from './sessions.ts';

type Schemas = components['schemas'];
type PollQuery = NonNullable<operations['pollHeadsetCommands']['parameters']['query']>;

/** Invalid enrolment codes per client address within 15 minutes, then 429: codes cannot be tried out. */
const ENROL_FAILURES_PER_ADDRESS = 20;
const ENROL_WINDOW_SECONDS = 15 * 60;
/** What a poll without `wait` tells the headset: come back in this many seconds. */
const SHORT_POLL_AFTER_SECONDS = 5;

/**
 * The headset side (contract tag `headset`). The auth hook has checked the device token of every operation but
 * enrolHeadset and set `request.headset`; the services do the rest (services/headset.ts, enrolment.ts).
 */
export function headsetHandlers(context: AppContext): HandlerMap {
  const { db, headsetEvents } = context;
  const throttle = new Throttle(db);
  const addressRule = (address: string): ThrottleRule => ({
    key: `enrol:address:${address}`,
    limit: ENROL_FAILURES_PER_ADDRESS,
    windowSeconds: ENROL_WINDOW_SECONDS,
  });

  return {
    async enrolHeadset(request, reply) {
      const rule = addressRule(request.ip);
      const wait = await throttle.blockedFor([rule]);
      if (wait > 0) return tooManyAttempts(reply, wait, ENROLMENT_MESSAGES.enrolThrottled, 'enrolThrottled');
      const enrolment = await exchangeEnrolmentCode(db, request.body as HeadsetEnrolRequest);
      if (!enrolment) {
        await throttle.recordFailure([rule]);
        return reply.code(400).send({ enrolmentCode: [ENROLMENT_MESSAGES.invalidCode] });
      }
      const body: Schemas['HeadsetEnrolment'] = enrolment;
      return reply.code(201).send(body);
    },

    async getHeadsetConfiguration(request) {
      return headsetConfiguration(db, requireHeadset(request).id);
    },

    async pollHeadsetCommands(request, reply) {
      const { wait = 0 } = request.query as PollQuery;
      // The headset hanging up (or going down) ends the wait; nothing is handed out to a closed connection.
      const hungUp = new AbortController();
      const onClose = () => hungUp.abort();
      reply.raw.once('close', onClose);
      const { id } = requireHeadset(request);
      try {
        const commands = await pollHeadsetCommands(db, headsetEvents, id, wait, hungUp.signal);
        if (hungUp.signal.aborted) await headsetHungUp(db, headsetEvents, id);
        const body: Schemas['HeadsetCommandBatch'] = {
          commands,
          pollAfterSeconds: wait > 0 ? 0 : SHORT_POLL_AFTER_SECONDS,
        };
        return body;
      } finally {
        reply.raw.off('close', onClose);
      }
    },

    async reportHeadsetCommandResult(request) {
      const { commandId } = request.params as { commandId: number };
      return reportCommandResult(
        db,
        requireHeadset(request).id,
        commandId,
        request.body as HeadsetCommandResult,
      );
    },

    async reportHeadsetState(request, reply) {
      await reportHeadsetState(db, requireHeadset(request).id, request.body as HeadsetState);
      return reply.code(204).send();
    },
  };
}
