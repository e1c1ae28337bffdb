import type { AuditKind, AuditResponse } from '@aba/contracts/api';
import { baseApi, childPath } from '@aba/web-kit';

/** Which page of a child's trail: `page` from 1, only entries of `kind` and of the person `userId` when given. */
export interface AuditArgs {
  childId: string;
  page: number;
  kind?: AuditKind;
  userId?: string;
}

/**
 * The child's audit trail (therapy, issue 17, ADR 0047), injected into the one `baseApi`:
 * GET /api/child/{id}/audit?page=&kind=&user_id= → `{ entries, total, page, page_size, people }`, newest first; its
 * owner's and coordinators' (403 for a therapist; 400 for a filter that is not valid). Tagged `Audit` by child.
 */
export const auditApi = baseApi.enhanceEndpoints({ addTagTypes: ['Audit'] }).injectEndpoints({
  endpoints: (build) => ({
    audit: build.query<AuditResponse, AuditArgs>({
      query: ({ childId, page, kind, userId }) => ({
        url: `${childPath(childId)}/audit`,
        params: { page, ...(kind ? { kind } : {}), ...(userId ? { user_id: userId } : {}) },
      }),
      providesTags: (_answer, _error, { childId }) => [{ type: 'Audit', id: childId }],
    }),
  }),
});

export const { useAuditQuery } = auditApi;
