import type { ItemProgressResponse } from '@aba/contracts/api';
import { itemPath, plansBaseApi } from '../../../lib/tags.js';

export interface ItemProgressArgs {
  itemId: string;
  /** The interface's language: the explanation and trend texts come back in it (the API reads Accept-Language). */
  language: string;
}

/**
 * GET /api/sub-plan-item/{id}/progress → the item, its criterion, points, phases, explanation, trend and late data.
 * Read again after a trial of the item is created, corrected or deleted and after its status changes (`ItemProgress`).
 */
export const itemProgressApi = plansBaseApi.injectEndpoints({
  endpoints: (build) => ({
    itemProgress: build.query<ItemProgressResponse, ItemProgressArgs>({
      query: ({ itemId, language }) => ({
        url: `${itemPath(itemId)}/progress`,
        headers: { 'Accept-Language': language },
      }),
      providesTags: (_result, _error, { itemId }) => [{ type: 'ItemProgress', id: itemId }],
    }),
  }),
});

export const { useItemProgressQuery } = itemProgressApi;
