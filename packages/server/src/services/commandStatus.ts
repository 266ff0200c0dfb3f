import { sql } from 'drizzle-orm';
import { MESSAGES } from '../messages.ts';

/**
 * A command's state as everybody reads it (rows of device_commands aliased `c`): an open command past its expiry is
 * expired at once, with its reason, before the sweep (services/headsets/commands.ts) wrote it so. Shared by the
 * headsets' command views and the Protokoll, which shows each logged command's state as it is now.
 */

/** Open (queued or delivered) and past its expiry. */
export const COMMAND_EXPIRED_NOW = sql`(c.status in ('queued', 'delivered') and c.expires_at <= now())`;

export const COMMAND_STATUS_NOW = sql`case when ${COMMAND_EXPIRED_NOW} then 'expired' else c.status end`;

export const COMMAND_MESSAGE_NOW = sql`case when ${COMMAND_EXPIRED_NOW} then (case c.status when 'queued'
    then ${MESSAGES.devices.expiredQueued} else ${MESSAGES.devices.expiredDelivered} end) else c.message end`;
