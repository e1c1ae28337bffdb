import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  heading: {
    ...typographyStyles.title2,
    color: tokens.colorNeutralForeground1,
    marginTop: 0,
    marginBottom: tokens.spacingVerticalL,
  },
});

/** The page's `<h1>`: every route renders exactly one. */
export function PageHeading({ children, id }: { children: ReactNode; id?: string }) {
  const styles = useStyles();
  return (
    <h1 id={id} className={styles.heading}>
      {children}
    </h1>
  );
}
