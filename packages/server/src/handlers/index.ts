import type { AppContext, Handler, HandlerMap } from '../context.ts';
import type { ContractOperation } from '../contract.ts';
import { MESSAGES } from '../errors.ts';
import { configurationHandlers } from './configurations.ts';
import { contentHandlers } from './content.ts';
import { deviceHandlers } from './devices.ts';
import { headsetHandlers } from './headset.ts';
import { operatingSystemHandlers } from './operatingSystems.ts';
import { organisationHandlers } from './organisations.ts';
import { sessionHandlers } from './sessions.ts';
import { socialHandlers } from './social.ts';
import { uploadHandlers } from './uploads.ts';
import { userHandlers } from './users.ts';

function notImplemented(operationId: string): Handler {
  return async (_request, reply) => reply.code(501).send({ detail: MESSAGES.notImplemented, operationId });
}

/**
 * One handler per operationId of the contract: the implemented ones from the tag modules, every other one
 * answers 501 naming the operation. A handler whose operationId is not in the contract is a startup error.
 */
export function buildServiceHandlers(context: AppContext, operations: ContractOperation[]): HandlerMap {
  const implemented: HandlerMap = {
    ...sessionHandlers(context),
    ...userHandlers(context),
    ...contentHandlers(context),
    ...configurationHandlers(context),
    ...deviceHandlers(context),
    ...headsetHandlers(context),
    ...uploadHandlers(context),
    ...operatingSystemHandlers(context),
    ...organisationHandlers(context),
    ...socialHandlers(context),
  };
  const known = new Set(operations.map((o) => o.operationId));
  const stray = Object.keys(implemented).filter((id) => !known.has(id));
  if (stray.length > 0)
    throw new Error(`handlers for operations missing from the contract: ${stray.join(', ')}`);

  const handlers: HandlerMap = {};
  for (const { operationId } of operations) {
    handlers[operationId] = implemented[operationId] ?? notImplemented(operationId);
  }
  return handlers;
}
