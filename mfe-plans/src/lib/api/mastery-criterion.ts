import type { MasteryCriterionRequest, MasteryCriterionResponse } from '@aba/contracts/api';
import { childPath } from '@aba/web-kit';
import { itemPath, plansBaseApi } from '../tags.js';

/** The three levels a criterion is set at (issue 15); an item inherits from its sub-plan, which inherits from the child. */
export type CriterionLevel =
  | { kind: 'child'; childId: string }
  | { kind: 'sub-plan'; childId: string; subPlanId: string }
  | { kind: 'item'; itemId: string };

const criterionPath = (level: CriterionLevel): string => {
  switch (level.kind) {
    case 'child':
      return `${childPath(level.childId)}/mastery-criterion`;
    case 'sub-plan':
      return `${childPath(level.childId)}/sub-plan/${encodeURIComponent(level.subPlanId)}/mastery-criterion`;
    case 'item':
      return `${itemPath(level.itemId)}/mastery-criterion`;
  }
};

const levelId = (level: CriterionLevel): string =>
  level.kind === 'child'
    ? `child-${level.childId}`
    : level.kind === 'sub-plan'
      ? `sub-plan-${level.subPlanId}`
      : `item-${level.itemId}`;

export interface SetCriterionArgs {
  level: CriterionLevel;
  /** A whole criterion sets the level's own; `{ inherit: true }` removes it. */
  body: MasteryCriterionRequest;
}

/**
 * GET|POST …/mastery-criterion at a child, a sub-plan or an item → the criterion in effect there, its source and
 * whether the level has its own. A save changes what the levels below inherit and the items' progress (rule,
 * explanation), so every criterion and every item progress is read again.
 */
export const masteryCriterionApi = plansBaseApi.injectEndpoints({
  endpoints: (build) => ({
    masteryCriterion: build.query<MasteryCriterionResponse, CriterionLevel>({
      query: (level) => criterionPath(level),
      providesTags: (_result, _error, level) => [{ type: 'MasteryCriterion', id: levelId(level) }],
    }),
    setMasteryCriterion: build.mutation<MasteryCriterionResponse, SetCriterionArgs>({
      query: ({ level, body }) => ({ url: criterionPath(level), method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['MasteryCriterion', 'ItemProgress']),
    }),
  }),
});

export const { useMasteryCriterionQuery, useSetMasteryCriterionMutation } = masteryCriterionApi;
