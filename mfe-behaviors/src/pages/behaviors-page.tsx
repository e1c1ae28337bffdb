import { Loading, PageHeading, useLicenceRedirect, useParams, useTranslation } from '@aba/web-kit';
import { AbcSection } from '../features/abc/components/abc-section.js';
import { useBehaviorsQuery } from '../features/behaviors/api/get-behaviors.js';
import { BehaviorsSection } from '../features/behaviors/components/behaviors-section.js';
import { BehaviorsToaster } from '../lib/toaster.js';
import { useChildPermissions } from '../lib/use-child-permissions.js';

/** /child/{id}/behaviors: the behaviours table, then the Behavior ABC section (spec §2). */
export function BehaviorsPage() {
  const { t } = useTranslation('behaviors');
  const childId = useParams().id ?? '';
  const { canEdit, canEvaluate } = useChildPermissions(childId);
  // The same cached query the table uses; the ABC section gets its behaviours from here.
  const { data: behaviors, error } = useBehaviorsQuery(childId, { skip: !childId });
  const redirecting = useLicenceRedirect(error);
  if (redirecting) return <Loading />;

  return (
    <section>
      <PageHeading>{t('list.title')}</PageHeading>
      <BehaviorsToaster />
      <BehaviorsSection childId={childId} canEdit={canEdit} canEvaluate={canEvaluate} />
      <AbcSection childId={childId} behaviors={behaviors} canLog={canEvaluate} />
    </section>
  );
}
