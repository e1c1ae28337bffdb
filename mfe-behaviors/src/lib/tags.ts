import { baseApi } from '@aba/web-kit';

/**
 * Cache tags of this remote, in one place so that one feature's change refreshes another's data without
 * importing it: `Behavior` (a child's list: id `LIST-<childId>`; one behaviour: its id), `AbcLog` (id: behaviour id).
 */
export const behaviorsBaseApi = baseApi.enhanceEndpoints({ addTagTypes: ['Behavior', 'AbcLog'] });

export const behaviorListTag = (childId: string) => ({ type: 'Behavior' as const, id: `LIST-${childId}` });
export const behaviorTag = (behaviorId: string) => ({ type: 'Behavior' as const, id: behaviorId });
export const abcLogTag = (behaviorId: string) => ({ type: 'AbcLog' as const, id: behaviorId });

export const behaviorPath = (behaviorId: string) => `api/behavior/${encodeURIComponent(behaviorId)}`;
