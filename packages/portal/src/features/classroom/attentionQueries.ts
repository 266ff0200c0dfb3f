import { ATTENTION_MESSAGE_MAX_LENGTH } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { type MutationReactions, queryClient } from '../../lib/api.ts';
import { type CommandOutcome, sendToHeadsets } from '../../lib/commands.ts';
import { headsetListsKey } from '../../lib/headsets.ts';

/** What 'Alle Blicke nach vorn' or 'Weitermachen' sends: to whom, and the teacher's own message (blank: the default). */
export interface AttentionRequest {
  ending: boolean;
  headsetIds: readonly number[];
  message: string;
}

export interface AttentionSent {
  ending: boolean;
  outcomes: CommandOutcome[];
}

/** The teacher's message as the server takes it: trimmed, left out when blank (the server's default text then). */
export function attentionMessage(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed.slice(0, ATTENTION_MESSAGE_MAX_LENGTH);
}

/**
 * Sends CMD.ATTENTION or CMD.ATTENTION.END to the headsets in one request (queueDeviceCommand): the server runs it
 * or its fallback of pause + mute per headset. Every headset list is asked again afterwards, sent or refused.
 */
export function useAttention(reactions?: MutationReactions<AttentionSent, AttentionRequest>) {
  return useMutation({
    ...reactions,
    async mutationFn({ ending, headsetIds, message }: AttentionRequest): Promise<AttentionSent> {
      try {
        const own = attentionMessage(message);
        const outcomes = await sendToHeadsets(
          headsetIds,
          ending
            ? { command: 'CMD.ATTENTION.END' }
            : { command: 'CMD.ATTENTION', ...(own === undefined ? {} : { message: own }) },
        );
        return { ending, outcomes };
      } finally {
        await queryClient.invalidateQueries({ queryKey: headsetListsKey });
      }
    },
  });
}
