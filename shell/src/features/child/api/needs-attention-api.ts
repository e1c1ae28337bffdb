import type { NeedsAttentionEntryResponse, NeedsAttentionListResponse } from '@aba/contracts/api';
import { baseApi, childPath } from '@aba/web-kit';

const needsAttentionTag = (childId: string) => ({ type: 'NeedsAttention' as const, id: childId });
/** The child's record carries how many captures wait (the menu's count). */
const childTag = (childId: string) => ({ type: 'Child' as const, id: childId });

interface Decision {
  childId: string;
  entryId: string;
}

const decisionPath = ({ childId, entryId }: Decision, action: 'attach' | 'discard') =>
  `${childPath(childId)}/needs-attention/${encodeURIComponent(entryId)}/${action}`;

/**
 * The child's captures needing attention (therapy, issue 16, ADR 0044), injected into the one `baseApi`:
 * - GET /api/child/{id}/needs-attention → `{ entries, items, behaviors }`;
 * - POST …/{entryId}/attach `{ target_id }` and …/{entryId}/discard `{ reason }` → `{ message, entry }`.
 * A decision reads the list and the child (its count of waiting captures) again; the live stream tells the team's
 * other open pages.
 */
export const needsAttentionApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['NeedsAttention', 'Child'] })
  .injectEndpoints({
    endpoints: (build) => ({
      needsAttention: build.query<NeedsAttentionListResponse, string>({
        query: (childId) => `${childPath(childId)}/needs-attention`,
        providesTags: (_list, _error, childId) => [needsAttentionTag(childId)],
      }),
      attachCapture: build.mutation<NeedsAttentionEntryResponse, Decision & { targetId: string }>({
        query: ({ targetId, ...decision }) => ({
          url: decisionPath(decision, 'attach'),
          method: 'POST',
          body: { target_id: targetId },
        }),
        invalidatesTags: (_answer, _error, { childId }) => [needsAttentionTag(childId), childTag(childId)],
      }),
      discardCapture: build.mutation<NeedsAttentionEntryResponse, Decision & { reason: string }>({
        query: ({ reason, ...decision }) => ({
          url: decisionPath(decision, 'discard'),
          method: 'POST',
          body: { reason },
        }),
        invalidatesTags: (_answer, _error, { childId }) => [needsAttentionTag(childId), childTag(childId)],
      }),
    }),
  });

export const { useNeedsAttentionQuery, useAttachCaptureMutation, useDiscardCaptureMutation } =
  needsAttentionApi;
