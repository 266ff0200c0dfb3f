import type { components, LessonPlan, LessonPlanStep } from '@portal/api';
import { useMutation } from '@tanstack/react-query';
import { apiClient, type MutationReactions, queryClient } from '../../lib/api.ts';
import { lessonPlanQuery, lessonPlansQuery } from '../../lib/lessonPlans.ts';
import type { ShareChanges } from '../../lib/ShareDialog.tsx';
import { answerOf, expectSuccess } from '../../lib/serverErrors.ts';

/**
 * The Unterrichtsabläufe's changes with what they make stale. Each change answers with the plan, which the detail's
 * cache takes at once; the list is asked again. The queries are lib/lessonPlans.ts (playback runs plans too).
 */

export type { LessonPlan, LessonPlanStep };
export type StepFields = components['schemas']['LessonPlanStepWrite'];

async function planChanged(plan: LessonPlan): Promise<LessonPlan> {
  queryClient.setQueryData(lessonPlanQuery(plan.id).queryKey, plan);
  await queryClient.invalidateQueries({ queryKey: lessonPlansQuery.queryKey });
  return plan;
}

const path = (id: number) => ({ params: { path: { id } } });
const stepPath = (id: number, stepId: number) => ({ params: { path: { id, stepId } } });

export async function createLessonPlan(name: string): Promise<LessonPlan> {
  return planChanged(await answerOf(apiClient.POST('/api/v3/mdm/lesson-plans/', { body: { name } })));
}

export async function renameLessonPlan(id: number, name: string): Promise<LessonPlan> {
  return planChanged(
    await answerOf(apiClient.PATCH('/api/v3/mdm/lesson-plans/{id}/', { ...path(id), body: { name } })),
  );
}

export async function duplicateLessonPlan(id: number, copyName: string): Promise<LessonPlan> {
  return planChanged(
    await answerOf(
      apiClient.POST('/api/v3/mdm/lesson-plans/{id}/duplicate/', { ...path(id), body: { copyName } }),
    ),
  );
}

export function useDeleteLessonPlan(id: number, reactions?: MutationReactions<void>) {
  return useMutation({
    ...reactions,
    async mutationFn() {
      await expectSuccess(apiClient.DELETE('/api/v3/mdm/lesson-plans/{id}/', path(id)));
      queryClient.removeQueries({ queryKey: lessonPlanQuery(id).queryKey });
      await queryClient.invalidateQueries({ queryKey: lessonPlansQuery.queryKey });
    },
  });
}

export function useAddStep(id: number, reactions?: MutationReactions<LessonPlan, StepFields>) {
  return useMutation({
    ...reactions,
    mutationFn: async (body: StepFields) =>
      planChanged(
        await answerOf(apiClient.POST('/api/v3/mdm/lesson-plans/{id}/steps/', { ...path(id), body })),
      ),
  });
}

export function useUpdateStep(
  id: number,
  reactions?: MutationReactions<LessonPlan, { stepId: number; body: StepFields }>,
) {
  return useMutation({
    ...reactions,
    mutationFn: async ({ stepId, body }: { stepId: number; body: StepFields }) =>
      planChanged(
        await answerOf(
          apiClient.PUT('/api/v3/mdm/lesson-plans/{id}/steps/{stepId}/', { ...stepPath(id, stepId), body }),
        ),
      ),
  });
}

export function useRemoveStep(id: number, reactions?: MutationReactions<LessonPlan, LessonPlanStep>) {
  return useMutation({
    ...reactions,
    mutationFn: async (step: LessonPlanStep) =>
      planChanged(
        await answerOf(
          apiClient.DELETE('/api/v3/mdm/lesson-plans/{id}/steps/{stepId}/', stepPath(id, step.id)),
        ),
      ),
  });
}

/** Moves a step to a 1-based position (moveLessonPlanStep: the server shifts those in between). */
export function useMoveStep(
  id: number,
  reactions?: MutationReactions<LessonPlan, { step: LessonPlanStep; position: number }>,
) {
  return useMutation({
    ...reactions,
    mutationFn: async ({ step, position }: { step: LessonPlanStep; position: number }) =>
      planChanged(
        await answerOf(
          apiClient.POST('/api/v3/mdm/lesson-plans/{id}/steps/{stepId}/move/', {
            ...stepPath(id, step.id),
            body: { positionNumber: position },
          }),
        ),
      ),
  });
}

/** 'Teilen': add-share and remove-share for the changes of the shared dialog. */
export async function saveLessonPlanShares(plan: LessonPlan, { add, remove }: ShareChanges): Promise<void> {
  let changed = plan;
  if (add.length > 0) {
    changed = await answerOf(
      apiClient.POST('/api/v3/mdm/lesson-plans/{id}/add-share/', {
        ...path(plan.id),
        body: { organisation_ids: add },
      }),
    );
  }
  if (remove.length > 0) {
    changed = await answerOf(
      apiClient.POST('/api/v3/mdm/lesson-plans/{id}/remove-share/', {
        ...path(plan.id),
        body: { organisation_ids: remove },
      }),
    );
  }
  await planChanged(changed);
}
