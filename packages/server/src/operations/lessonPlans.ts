import { created, noContent, type Operations, ok } from '../http/operation.ts';
import { signedIn } from '../services/access.ts';
import {
  addLessonPlanStep,
  changeLessonPlanShares,
  createLessonPlan,
  deleteLessonPlan,
  duplicateLessonPlan,
  getLessonPlan,
  listLessonPlans,
  moveLessonPlanStep,
  removeLessonPlanStep,
  renameLessonPlan,
  updateLessonPlanStep,
} from '../services/lessonPlans/index.ts';

/**
 * Unterrichtsablauf (contract tag `lesson-plans`): every operation is for signed-in members and scoped to the caller's
 * organisations in the service; each change answers the plan as the caller sees it.
 */
export const lessonPlanOperations = {
  async listLessonPlans({ caller }, { db }) {
    return ok(await listLessonPlans(db, signedIn(caller)));
  },

  async createLessonPlan({ body, caller }, { db }) {
    const id = await createLessonPlan(db, signedIn(caller), body.name);
    return created(await getLessonPlan(db, signedIn(caller), id));
  },

  async getLessonPlan({ params, caller }, { db }) {
    return ok(await getLessonPlan(db, signedIn(caller), params.id));
  },

  async renameLessonPlan({ params, body, caller }, { db }) {
    await renameLessonPlan(db, signedIn(caller), params.id, body.name);
    return ok(await getLessonPlan(db, signedIn(caller), params.id));
  },

  async deleteLessonPlan({ params, caller }, { db }) {
    await deleteLessonPlan(db, signedIn(caller), params.id);
    return noContent();
  },

  async duplicateLessonPlan({ params, body, caller }, { db }) {
    const id = await duplicateLessonPlan(db, signedIn(caller), params.id, body.copyName);
    return created(await getLessonPlan(db, signedIn(caller), id));
  },

  async addLessonPlanStep({ params, body, caller }, { db }) {
    await addLessonPlanStep(db, signedIn(caller), params.id, body);
    return created(await getLessonPlan(db, signedIn(caller), params.id));
  },

  async updateLessonPlanStep({ params, body, caller }, { db }) {
    await updateLessonPlanStep(db, signedIn(caller), params.id, params.stepId, body);
    return ok(await getLessonPlan(db, signedIn(caller), params.id));
  },

  async removeLessonPlanStep({ params, caller }, { db }) {
    await removeLessonPlanStep(db, signedIn(caller), params.id, params.stepId);
    return ok(await getLessonPlan(db, signedIn(caller), params.id));
  },

  async moveLessonPlanStep({ params, body, caller }, { db }) {
    await moveLessonPlanStep(db, signedIn(caller), params.id, params.stepId, body.positionNumber);
    return ok(await getLessonPlan(db, signedIn(caller), params.id));
  },

  async shareLessonPlan({ params, body, caller }, { db }) {
    await changeLessonPlanShares(db, signedIn(caller), params.id, body.organisation_ids, 'add');
    return ok(await getLessonPlan(db, signedIn(caller), params.id));
  },

  async unshareLessonPlan({ params, body, caller }, { db }) {
    await changeLessonPlanShares(db, signedIn(caller), params.id, body.organisation_ids, 'remove');
    return ok(await getLessonPlan(db, signedIn(caller), params.id));
  },
} satisfies Operations;
