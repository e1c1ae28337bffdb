import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { createContext, useContext, type ReactNode } from 'react';

const useStyles = makeStyles({
  heading: {
    color: tokens.colorNeutralForeground1,
    marginTop: 0,
    marginBottom: tokens.spacingVerticalL,
  },
  level1: typographyStyles.title2,
  level2: typographyStyles.title3,
});

export type PageHeadingLevelValue = 1 | 2;

const PageHeadingLevelContext = createContext<PageHeadingLevelValue>(1);

/**
 * Sets the level `PageHeading` renders below it. The child frame, whose `<h1>` is the child's name,
 * wraps its pages (the shell's and the remotes') in `level={2}` so each page title becomes an `<h2>`.
 */
export function PageHeadingLevel({ level, children }: { level: PageHeadingLevelValue; children: ReactNode }) {
  return <PageHeadingLevelContext.Provider value={level}>{children}</PageHeadingLevelContext.Provider>;
}

/**
 * The page's main heading: an `<h1>` (every route renders exactly one), or an `<h2>` inside a
 * `<PageHeadingLevel level={2}>` (pages of the child section, below the child's name).
 */
export function PageHeading({ children, id, className }: { children: ReactNode; id?: string; className?: string }) {
  const styles = useStyles();
  const level = useContext(PageHeadingLevelContext);
  const Tag = level === 2 ? 'h2' : 'h1';
  return (
    <Tag id={id} className={mergeClasses(styles.heading, level === 2 ? styles.level2 : styles.level1, className)}>
      {children}
    </Tag>
  );
}
