import { useAppDispatch, useChildChanges, type ChildChange } from '@aba/web-kit';
import { abcLogTag, behaviorListTag, behaviorsBaseApi, behaviorTag } from './tags.js';

type BehaviorsTag = Parameters<typeof behaviorsBaseApi.util.invalidateTags>[0][number];

/**
 * What the behaviours pages read again when another member of the team changed something of the child (ADR 0040): a
 * log of a known behaviour, that behaviour and the list's counts; an ABC entry, its log too; a trial or a session,
 * nothing here; anything else (or a stream back after a break), everything.
 */
export function behaviorsTagsFor(change: ChildChange, childId: string): BehaviorsTag[] {
  switch (change.kind) {
    case 'behavior':
      return change.behaviorId
        ? [behaviorTag(change.behaviorId), behaviorListTag(childId)]
        : ['Behavior', 'AbcLog'];
    case 'abc':
      return change.behaviorId
        ? [abcLogTag(change.behaviorId), behaviorTag(change.behaviorId), behaviorListTag(childId)]
        : ['Behavior', 'AbcLog'];
    case 'evaluation':
    case 'session':
      return [];
    default:
      return ['Behavior', 'AbcLog'];
  }
}

/** While a behaviours page of the child is open, it shows what others log, as they log it. */
export function useBehaviorsLiveUpdates(childId: string): void {
  const dispatch = useAppDispatch();
  useChildChanges(childId || undefined, (change) => {
    const tags = behaviorsTagsFor(change, childId);
    if (tags.length > 0) dispatch(behaviorsBaseApi.util.invalidateTags(tags));
  });
}
