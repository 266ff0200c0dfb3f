import { created, noContent, type Operations, ok } from '../http/operation.ts';
import { pairedHeadset } from '../services/access.ts';
import {
  enrolHeadset,
  headsetConfiguration,
  headsetOperatingSystem,
  pollHeadsetCommands,
  reportHeadsetCommandResult,
  reportHeadsetState,
} from '../services/headsets/index.ts';

/** What a poll without `wait` tells the headset: come back in this many seconds. */
const SHORT_POLL_AFTER_SECONDS = 5;

/**
 * The headset side (contract tag `headset`). The auth hook has checked the device token of every operation but
 * enrolHeadset; the headset side of the services does the rest (services/headsets/headset.ts).
 */
export const headsetOperations = {
  async enrolHeadset({ body, http }, services) {
    return created(await enrolHeadset(services, body, http.ip));
  },

  async getHeadsetConfiguration({ headset }, services) {
    return ok(await headsetConfiguration(services, pairedHeadset(headset)));
  },

  async getHeadsetOperatingSystem({ params, headset }, services) {
    return ok(await headsetOperatingSystem(services, pairedHeadset(headset), params.id));
  },

  async pollHeadsetCommands({ query, headset, hangUp }, services) {
    const wait = query.wait ?? 0;
    const poll = { deviceId: pairedHeadset(headset).id, session: query.session };
    const commands = await pollHeadsetCommands(services, poll, wait, hangUp());
    return ok({ commands, pollAfterSeconds: wait > 0 ? 0 : SHORT_POLL_AFTER_SECONDS });
  },

  async reportHeadsetCommandResult({ params, body, headset }, services) {
    return ok(await reportHeadsetCommandResult(services, pairedHeadset(headset).id, params.commandId, body));
  },

  async reportHeadsetState({ body, headset }, services) {
    await reportHeadsetState(services, pairedHeadset(headset).id, body);
    return noContent();
  },
} satisfies Operations;
