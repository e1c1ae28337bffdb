import {
  Loading,
  PageHeading,
  useChildPermissions,
  useLicenceRedirect,
  useParams,
  useTranslation,
} from '@aba/web-kit';
import { useCallback, useState } from 'react';
import { AbcSection } from '../features/abc/components/abc-section.js';
import { useChildBehaviors } from '../features/behaviors/api/get-behaviors.js';
import { BehaviorsSection } from '../features/behaviors/components/behaviors-section.js';
import { BehaviorsToaster } from '../lib/toaster.js';

/**
 * /child/{id}/behaviors: the behaviours, then the Behavior ABC section (spec §2), whose picker follows the behaviour
 * last logged with Log behavior (its ABC entry then completes that occurrence, ADR 0019).
 */
export function BehaviorsPage() {
  const { t } = useTranslation('behaviors');
  const childId = useParams().id ?? '';
  const { canEdit, canEvaluate } = useChildPermissions(childId);
  // The same cached query the table uses; the ABC section gets its behaviours from here.
  const { data: behaviors, error } = useChildBehaviors(childId);
  const [abcBehaviorId, setAbcBehaviorId] = useState<string | null>(null);
  const onLogged = useCallback((behavior: { id: string }) => setAbcBehaviorId(behavior.id), []);
  const redirecting = useLicenceRedirect(error);
  if (redirecting) return <Loading />;

  return (
    <section>
      <PageHeading>{t('list.title')}</PageHeading>
      <BehaviorsToaster />
      <BehaviorsSection childId={childId} canEdit={canEdit} canEvaluate={canEvaluate} onLogged={onLogged} />
      <AbcSection
        childId={childId}
        behaviors={behaviors}
        canLog={canEvaluate}
        selectedId={abcBehaviorId}
        onSelect={setAbcBehaviorId}
      />
    </section>
  );
}
