import { useChildPermissions, useParams } from '@aba/web-kit';
import { BehaviorDetail } from './behavior-detail.js';
import { BehaviorsToaster } from '../../../lib/toaster.js';

/** /child/{id}/behavior/{behaviorId}: name, description and the frequency chart (spec §2). */
export function BehaviorDetailPage() {
  const { id: childId = '', behaviorId = '' } = useParams();
  const { canEvaluate } = useChildPermissions(childId);
  return (
    <>
      <BehaviorsToaster />
      <BehaviorDetail key={behaviorId} childId={childId} behaviorId={behaviorId} canEvaluate={canEvaluate} />
    </>
  );
}
