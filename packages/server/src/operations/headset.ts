import { created, noContent, type Operations, ok } from '../http/operation.ts';
import { pairedHeadset } from '../services/access.ts';
import {
  enrolHeadset,
  headsetConfiguration,
  headsetHungUp,
  pollHeadsetCommands,
} from '../services/headsets/headset.ts';

/** What a poll without `wait` tells the headset: come back in this many seconds. */
const SHORT_POLL_AFTER_SECONDS = 5;

/**
 * The headset side (contract tag `headset`). The auth hook has checked the device token of every operation but
 * enrolHeadset; the services do the rest (services/headsets/headset.ts, headsetSide.ts, enrolment.ts).
 */
export const headsetOperations = {
  async enrolHeadset({ body, http }, services) {
    return created(await enrolHeadset(services, body, http.ip));
  },

  async getHeadsetConfiguration({ headset }, services) {
    return ok(await headsetConfiguration(services, pairedHeadset(headset)));
  },

  async pollHeadsetCommands({ query, headset, hangUp }, services) {
    const wait = query.wait ?? 0;
    const { id } = pairedHeadset(headset);
    // The headset hanging up (or going down) ends the wait; nothing is handed out to a closed connection.
    const hungUp = hangUp();
    const commands = await pollHeadsetCommands(services, id, wait, hungUp);
    if (hungUp.aborted) await headsetHungUp(services, id);
    return ok({ commands, pollAfterSeconds: wait > 0 ? 0 : SHORT_POLL_AFTER_SECONDS });
  },

  async reportHeadsetCommandResult({ params, body, headset }, { headsetSide }) {
    return ok(await headsetSide.finish(pairedHeadset(headset).id, params.commandId, body));
  },

  async reportHeadsetState({ body, headset }, { headsetSide }) {
    await headsetSide.report(pairedHeadset(headset).id, body);
    return noContent();
  },
} satisfies Operations;
