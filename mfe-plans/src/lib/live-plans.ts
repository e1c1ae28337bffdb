import { useAppDispatch, useChildChanges, type ChildChange } from '@aba/web-kit';
import { sentLaterTags } from './api/detail-cache.js';
import { ANY_LIVE, PLANS_TAG_TYPES, plansBaseApi } from './tags.js';

type PlansTag = Parameters<typeof plansBaseApi.util.invalidateTags>[0][number];

/** Every tag of this remote: what a child page reads again after a change it cannot place, or a reconnection. */
const EVERYTHING: PlansTag[] = [...PLANS_TAG_TYPES];

/**
 * What the plans pages read again when another member of the team changed something of the child (ADR 0040): a
 * trial of a known item, every view of that item's trials and the child's suggestions; a session, the live counts; a behaviour, nothing here; anything else (or a stream back after a break), everything.
 */
export function plansTagsFor(change: ChildChange, childId: string): PlansTag[] {
  switch (change.kind) {
    case 'evaluation':
      return change.itemId
        ? [...sentLaterTags({ itemId: change.itemId, childId }), { type: 'MasterySuggestion', id: childId }]
        : EVERYTHING;
    case 'session':
      // The session views themselves are the shell's session bar's to read again.
      return [ANY_LIVE];
    case 'behavior':
    case 'abc':
      return [];
    default:
      return EVERYTHING;
  }
}

/** While a plans page of the child is open, it shows what others record, as they record it. */
export function usePlansLiveUpdates(childId: string): void {
  const dispatch = useAppDispatch();
  useChildChanges(childId || undefined, (change) => {
    const tags = plansTagsFor(change, childId);
    if (tags.length > 0) dispatch(plansBaseApi.util.invalidateTags(tags));
  });
}
