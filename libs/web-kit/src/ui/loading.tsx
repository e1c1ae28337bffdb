import { makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  announced: { justifyContent: 'flex-start', margin: `${tokens.spacingVerticalM} 0` },
});

export interface LoadingProps {
  /** What is loading (`Se încarcă planurile…`); `common:loading` without one. */
  label?: string;
  /** In a status region, so screen readers say it, and left-aligned with space above and below (the plans pages). */
  announced?: boolean;
}

/**
 * The translated "Loading…" spinner of a page or a part of one (spec §2: also what the protected-route wrapper shows
 * while the session loads).
 */
export function Loading({ label, announced = false }: LoadingProps) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const spinner = (
    <Spinner
      className={announced ? styles.announced : undefined}
      size="small"
      label={label ?? t('loading')}
      labelPosition="after"
    />
  );
  return announced ? <div role="status">{spinner}</div> : spinner;
}
