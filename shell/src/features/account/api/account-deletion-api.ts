import type {
  AccountDeletionRequest,
  Child,
  DeletedChild,
  MessageResponse,
  OwnershipResponse,
  SubscriptionDataResponse,
} from '@aba/contracts/api';
import { baseApi, childPath } from '@aba/web-kit';
import { deletionOverview, type DeletionOverview } from '../utils/account-deletion.js';

/**
 * "Delete my account" (issue 17, ADR 0050), injected into the one `baseApi`:
 * - `deletionOverview`: what the deletion does to the user's children, read from the children calls (therapy):
 *   GET /api/child/list (each with the caller's `relation`), GET /api/child/{id}/ownership for each child they own
 *   (the hand-over waiting; read without a licence, unlike the child's record) and GET /api/child/deleted. Tagged as
 *   the children pages tag those reads (the list, each child, the deleted ones), so a hand-over offered, accepted or
 *   withdrawn elsewhere in the app reads it again.
 * - `deletionSubscriptions`: GET /api/user/subscription-data (billing): the licences and their uses.
 * - `deleteAccount`: POST /api/account/delete `{ password, confirmation, children }` → `{ message }`, the session
 *   cookie cleared (400 wrong password, e-mail not the account's, children not settled; 409 a hand-over named still
 *   waits; 429 too many wrong passwords; 503 therapy could not say where the children stand).
 */
export const accountDeletionApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Child', 'LicenceUse'] })
  .injectEndpoints({
    endpoints: (build) => ({
      deletionOverview: build.query<DeletionOverview, void>({
        async queryFn(_arg, _api, _extra, baseQuery) {
          const [list, deleted] = await Promise.all([
            baseQuery('api/child/list'),
            baseQuery('api/child/deleted'),
          ]);
          if (list.error) return { error: list.error };
          if (deleted.error) return { error: deleted.error };
          const children = (list.data as { children?: Child[] }).children ?? [];
          const owned = children.filter((child) => child.relation === 'OWNER');
          const answers = await Promise.all(
            owned.map((child) => baseQuery(`${childPath(child.id)}/ownership`)),
          );
          const offers = new Map<string, OwnershipResponse['offer']>();
          for (const [index, answer] of answers.entries()) {
            if (answer.error) return { error: answer.error };
            offers.set(owned[index].id, (answer.data as OwnershipResponse).offer);
          }
          const gone = (deleted.data as { children?: DeletedChild[] }).children ?? [];
          return { data: deletionOverview(children, offers, gone) };
        },
        providesTags: (overview) => [
          { type: 'Child', id: 'LIST' },
          { type: 'Child', id: 'DELETED' },
          ...(overview?.owned ?? []).map(({ child }) => ({ type: 'Child' as const, id: child.id })),
        ],
        keepUnusedDataFor: 0,
      }),
      deletionSubscriptions: build.query<SubscriptionDataResponse, void>({
        query: () => 'api/user/subscription-data',
        providesTags: ['LicenceUse'],
        keepUnusedDataFor: 0,
      }),
      deleteAccount: build.mutation<MessageResponse, Required<AccountDeletionRequest>>({
        query: (body) => ({ url: 'api/account/delete', method: 'POST', body }),
      }),
    }),
  });

export const { useDeletionOverviewQuery, useDeletionSubscriptionsQuery, useDeleteAccountMutation } =
  accountDeletionApi;
