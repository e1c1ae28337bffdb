import { currentLanguage, readOnce, THROUGH_THE_NETWORK, type AppDispatch } from '@aba/web-kit';
import { startOfDay } from '@aba/web-kit/capture';
import { abcLogApi } from '../features/abc/api/get-abc-log.js';
import { selectableListApi } from '../features/abc/api/get-selectable-list.js';
import { getBehaviorApi } from '../features/behaviors/api/get-behavior.js';
import { getBehaviorsApi } from '../features/behaviors/api/get-behaviors.js';

/**
 * Reads, as its pages read them when opened, what the behaviours remote shows of a child: the list with today's
 * counts, each behaviour's chart and ABC log, and the lists the ABC form offers. The service worker keeps what they
 * answer, so the child's pages open offline on a phone that never opened them (issue 16, ADR 0039). One read after
 * the other; a failed one is skipped.
 */
export async function keepChildCopies(dispatch: AppDispatch, childId: string): Promise<void> {
  const language = currentLanguage();
  const behaviors = await readOnce(
    dispatch(
      getBehaviorsApi.endpoints.behaviors.initiate({ childId, since: startOfDay() }, THROUGH_THE_NETWORK),
    ),
  );
  for (const behavior of behaviors ?? []) {
    await readOnce(dispatch(getBehaviorApi.endpoints.behavior.initiate(behavior.id, THROUGH_THE_NETWORK)));
    await readOnce(
      dispatch(
        abcLogApi.endpoints.abcLog.initiate(
          { childId, behaviorId: behavior.id, language },
          THROUGH_THE_NETWORK,
        ),
      ),
    );
  }
  for (const kind of ['antecedent', 'consequence'] as const) {
    await readOnce(
      dispatch(selectableListApi.endpoints.selectableList.initiate({ kind, language }, THROUGH_THE_NETWORK)),
    );
  }
}
