import type { ChildConsent, ConsentResponse } from '@aba/contracts/api';
import { baseApi, childPath } from '@aba/web-kit';

/** The child's record carries its consent (the frame's notice); the consent page reads it on its own too. */
const tags = (childId: string) => [
  { type: 'Consent' as const, id: childId },
  { type: 'Child' as const, id: childId },
];

type ConsentAnswer = { message: string; consent: ChildConsent };

/**
 * The owner's consent to the child's data (therapy, issue 17, ADR 0046), injected into the one `baseApi`:
 * - GET /api/child/{id}/consent → `{ consent, current_version }`;
 * - POST …/consent/give `{ version }` and …/consent/withdraw → `{ message, consent }` (the owner's; 409 when there
 *   is nothing to withdraw). Either reads the consent and the child again.
 */
export const consentApi = baseApi.enhanceEndpoints({ addTagTypes: ['Consent', 'Child'] }).injectEndpoints({
  endpoints: (build) => ({
    consent: build.query<ConsentResponse, string>({
      query: (childId) => `${childPath(childId)}/consent`,
      providesTags: (_answer, _error, childId) => [{ type: 'Consent', id: childId }],
    }),
    giveConsent: build.mutation<ConsentAnswer, { childId: string; version: string }>({
      query: ({ childId, version }) => ({
        url: `${childPath(childId)}/consent/give`,
        method: 'POST',
        body: { version },
      }),
      invalidatesTags: (_answer, _error, { childId }) => tags(childId),
    }),
    withdrawConsent: build.mutation<ConsentAnswer, { childId: string }>({
      query: ({ childId }) => ({ url: `${childPath(childId)}/consent/withdraw`, method: 'POST' }),
      invalidatesTags: (_answer, _error, { childId }) => tags(childId),
    }),
  }),
});

export const { useConsentQuery, useGiveConsentMutation, useWithdrawConsentMutation } = consentApi;
