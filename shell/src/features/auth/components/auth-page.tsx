import { PageHeading } from '@aba/web-kit';
import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import type { ReactNode } from 'react';

export const useAuthStyles = makeStyles({
  page: { width: '100%', maxWidth: '28rem' },
  intro: { ...typographyStyles.body1, marginTop: 0, marginBottom: tokens.spacingVerticalL },
  link: {
    color: tokens.colorBrandForegroundLink,
    ':hover': { color: tokens.colorBrandForegroundLinkHover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  aside: { marginTop: tokens.spacingVerticalXL, marginBottom: 0 },
  bannerLine: { display: 'block', marginTop: tokens.spacingVerticalXS },
  row: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
  },
});

/** Frame of the account pages: the page heading, an optional intro line, then the content. */
export function AuthPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const styles = useAuthStyles();
  return (
    <section className={styles.page}>
      <PageHeading>{title}</PageHeading>
      {intro ? <p className={styles.intro}>{intro}</p> : null}
      {children}
    </section>
  );
}
