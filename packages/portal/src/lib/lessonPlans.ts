import { $api, apiClient } from './api.ts';
import { answerOf } from './serverErrors.ts';

/**
 * Lesson plans (Unterrichtsablauf, issue 26) as two features read them: the plans' own pages (features/lessonPlans)
 * and playback, which runs a plan step by step (features/playback).
 */

const LIST = '/api/v3/mdm/lesson-plans/';
const DETAIL = '/api/v3/mdm/lesson-plans/{id}/';

/** Every plan the caller sees (the organisation's and those shared with it), by name. */
export const lessonPlansQuery = $api.queryOptions('get', LIST);

/** One plan with its steps; a refusal rejects with ServerRefusal (404: not found or not visible). */
export function lessonPlanQuery(id: number) {
  const init = { params: { path: { id } } };
  return {
    ...$api.queryOptions('get', DETAIL, init),
    queryFn: ({ signal }: { signal: AbortSignal }) => answerOf(apiClient.GET(DETAIL, { ...init, signal })),
  };
}
