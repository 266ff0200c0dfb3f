import type { Operations } from '../http/operation.ts';
import { administrationOperations } from './administration.ts';
import { auditOperations } from './audit.ts';
import { configurationOperations } from './configurations.ts';
import { contentOperations } from './content.ts';
import { deviceOperations } from './devices.ts';
import { groupOperations } from './groups.ts';
import { headsetOperations } from './headset.ts';
import { lessonPlanOperations } from './lessonPlans.ts';
import { lessonOperations } from './lessons.ts';
import { moderationOperations } from './moderation.ts';
import { operatingSystemOperations } from './operatingSystems.ts';
import { organisationOperations } from './organisations.ts';
import { sessionOperations } from './sessions.ts';
import { siteOperations } from './site.ts';
import { socialOperations } from './social.ts';
import { uploadOperations } from './uploads.ts';
import { userOperations } from './users.ts';

/**
 * Every implemented operation, one module per contract tag. Operations of the contract that are missing here answer
 * 501 naming the operation (http/operation.ts) until their issue builds them.
 */
export const OPERATIONS: Operations = {
  ...sessionOperations,
  ...userOperations,
  ...organisationOperations,
  ...socialOperations,
  ...contentOperations,
  ...configurationOperations,
  ...deviceOperations,
  ...groupOperations,
  ...lessonOperations,
  ...lessonPlanOperations,
  ...headsetOperations,
  ...uploadOperations,
  ...operatingSystemOperations,
  ...auditOperations,
  ...moderationOperations,
  ...administrationOperations,
  ...siteOperations,
};
