import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { createContext, useContext, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { setPageTitlePart } from './page-title.js';

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

/** Keeps the document's title saying what the heading says, in the current language, while the heading is shown. */
function useTitleFrom(heading: RefObject<HTMLHeadingElement | null>, level: number): void {
  useLayoutEffect(() => {
    const node = heading.current;
    if (!node) return;
    const key = {};
    const update = () => setPageTitlePart(key, { level, text: node.textContent ?? '' });
    update();
    const observer = new MutationObserver(update);
    observer.observe(node, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      setPageTitlePart(key, null);
    };
  }, [heading, level]);
}

/**
 * The page's main heading: an `<h1>` (every route renders exactly one), or an `<h2>` inside a
 * `<PageHeadingLevel level={2}>` (pages of the child section, below the child's name). What it says is also the
 * page's `<title>` (`<page> · ABA Tracker`, see `usePageTitle`), so every route has its own, translated.
 */
export function PageHeading({ children, id, className }: { children: ReactNode; id?: string; className?: string }) {
  const styles = useStyles();
  const level = useContext(PageHeadingLevelContext);
  const heading = useRef<HTMLHeadingElement>(null);
  useTitleFrom(heading, level);
  const Tag = level === 2 ? 'h2' : 'h1';
  return (
    <Tag
      ref={heading}
      id={id}
      className={mergeClasses(styles.heading, level === 2 ? styles.level2 : styles.level1, className)}
    >
      {children}
    </Tag>
  );
}
