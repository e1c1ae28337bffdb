import { mayOnChild, type ChildRelation } from '@aba/contracts/api';

/**
 * Which project owns which part of a child's pages (`/child/:id/<section>/…`) and the child sidebar.
 * Pure functions, unit-tested.
 */

/** Paths under /child/ that are not a child id. */
const RESERVED_CHILD_PATHS = new Set(['create', 'list']);

export type ChildSectionOwner = 'plans' | 'behaviors' | 'shell';

/** First path segment after /child/:id/ → who renders it. */
const SECTION_OWNERS: Readonly<Record<string, ChildSectionOwner>> = {
  dashboard: 'plans',
  plan: 'plans',
  'sub-plan': 'plans',
  item: 'plans',
  'to-confirm': 'plans',
  behaviors: 'behaviors',
  behavior: 'behaviors',
  coordinators: 'shell',
  therapists: 'shell',
  sessions: 'shell',
  'needs-attention': 'shell',
  consent: 'shell',
  audit: 'shell',
  reports: 'shell',
};

/** The child id in a path like `/child/42/plan/list`, or null (including /child/create and /child/list). */
export function childIdFromPath(pathname: string): string | null {
  const match = /^\/child\/([^/]+)(?:\/|$)/.exec(pathname);
  if (!match) return null;
  const id = decodeURIComponent(match[1]);
  return RESERVED_CHILD_PATHS.has(id) ? null : id;
}

/** Who renders `/child/:id/<rest>`; null for an unknown section. */
export function childSectionOwner(rest: string): ChildSectionOwner | null {
  const section = rest.split('/')[0];
  return Object.prototype.hasOwnProperty.call(SECTION_OWNERS, section) ? SECTION_OWNERS[section] : null;
}

export type ChildNavKey =
  | 'dashboard'
  | 'plans'
  | 'subPlans'
  | 'behaviors'
  | 'sessions'
  | 'reports'
  | 'needsAttention'
  | 'coordinators'
  | 'therapists'
  | 'consent'
  | 'audit';

export interface ChildNavItem {
  key: ChildNavKey;
  /** Where the item links to. */
  to: string;
  /** Path prefixes (below /child/:id/) for which the item is the current one. */
  sections: readonly string[];
}

/**
 * The child sidebar (spec §2, with the progress dashboard first: issue 13, point 11; the sessions: issue 15; the
 * captures to check: issue 16; the consent and the audit trail: issue 17; the reports: issue 18), in display order. The audit trail is for
 * those who may change the child's data (`mayOnChild(relation, 'edit')`: its owner and coordinators), so it is
 * listed only once the user's relation to the child is known and allows it.
 */
export function childNavItems(childId: string, relation?: ChildRelation | null): ChildNavItem[] {
  const base = `/child/${encodeURIComponent(childId)}`;
  const items: ChildNavItem[] = [
    { key: 'dashboard', to: `${base}/dashboard`, sections: ['dashboard'] },
    { key: 'plans', to: `${base}/plan/list`, sections: ['plan'] },
    { key: 'subPlans', to: `${base}/sub-plan/list`, sections: ['sub-plan'] },
    { key: 'behaviors', to: `${base}/behaviors`, sections: ['behaviors', 'behavior'] },
    { key: 'sessions', to: `${base}/sessions`, sections: ['sessions'] },
    { key: 'reports', to: `${base}/reports`, sections: ['reports'] },
    { key: 'needsAttention', to: `${base}/needs-attention`, sections: ['needs-attention'] },
    { key: 'coordinators', to: `${base}/coordinators`, sections: ['coordinators'] },
    { key: 'therapists', to: `${base}/therapists`, sections: ['therapists'] },
    { key: 'consent', to: `${base}/consent`, sections: ['consent'] },
  ];
  if (mayOnChild(relation, 'edit')) items.push({ key: 'audit', to: `${base}/audit`, sections: ['audit'] });
  return items;
}

/** Whether `item` is the current page's item: its section is the first segment after /child/:id/. */
export function isChildNavItemActive(item: ChildNavItem, pathname: string): boolean {
  const match = /^\/child\/[^/]+\/([^/]+)/.exec(pathname);
  return match ? item.sections.includes(match[1]) : false;
}

/** Active test for the main navigation: the link's path itself or anything below it. */
export function isPathActive(to: string, pathname: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
