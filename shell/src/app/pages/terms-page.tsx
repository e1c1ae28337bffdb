import { PageHeading, useTranslation } from '@aba/web-kit';
import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { TERMS_SECTIONS, termsBlocks } from './terms-blocks.js';

const useStyles = makeStyles({
  article: {
    maxWidth: '46rem',
    ...typographyStyles.body1,
    lineHeight: tokens.lineHeightBase400,
    fontSize: tokens.fontSizeBase300,
  },
  meta: { color: tokens.colorNeutralForeground3, marginTop: 0 },
  toc: {
    margin: `${tokens.spacingVerticalL} 0`,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  tocTitle: { ...typographyStyles.subtitle2, margin: `0 0 ${tokens.spacingVerticalS}` },
  // The section titles carry their numbers, so the list shows none.
  tocList: { margin: 0, paddingLeft: 0, listStyleType: 'none', display: 'grid', gap: tokens.spacingVerticalXS },
  link: { color: tokens.colorBrandForegroundLink },
  section: { scrollMarginTop: tokens.spacingVerticalL },
  h2: { ...typographyStyles.subtitle1, marginTop: tokens.spacingVerticalXXL, marginBottom: tokens.spacingVerticalS },
  h3: { ...typographyStyles.subtitle2, marginTop: tokens.spacingVerticalL, marginBottom: tokens.spacingVerticalXS },
  list: { paddingLeft: tokens.spacingHorizontalXL, '& li': { marginBottom: tokens.spacingVerticalXS } },
});

/**
 * /terms: the terms and conditions and the privacy policy (spec §2), written for parents. The text is
 * in the `terms` namespace, loaded only when this page opens.
 */
export function TermsPage() {
  const { t } = useTranslation('terms');
  const styles = useStyles();
  return (
    <article className={styles.article} aria-labelledby="terms-title">
      <PageHeading id="terms-title">{t('title')}</PageHeading>
      <p className={styles.meta}>{t('updated')}</p>
      {termsBlocks(t('intro', { returnObjects: true })).map((block, index) =>
        block.kind === 'paragraph' ? <p key={index}>{block.text}</p> : null,
      )}
      <nav aria-labelledby="terms-toc" className={styles.toc}>
        <h2 id="terms-toc" className={styles.tocTitle}>
          {t('contents')}
        </h2>
        <ul className={styles.tocList}>
          {TERMS_SECTIONS.map((section) => (
            <li key={section}>
              <a className={styles.link} href={`#terms-${section}`}>
                {t(`${section}.title`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {TERMS_SECTIONS.map((section) => (
        <section key={section} id={`terms-${section}`} aria-labelledby={`terms-${section}-title`} className={styles.section}>
          <h2 id={`terms-${section}-title`} className={styles.h2}>
            {t(`${section}.title`)}
          </h2>
          {termsBlocks(t(`${section}.body`, { returnObjects: true })).map((block, index) => {
            if (block.kind === 'heading') {
              return (
                <h3 key={index} className={styles.h3}>
                  {block.text}
                </h3>
              );
            }
            if (block.kind === 'list') {
              return (
                <ul key={index} className={styles.list}>
                  {block.items.map((item, itemIndex) => (
                    <li key={itemIndex}>{item}</li>
                  ))}
                </ul>
              );
            }
            return <p key={index}>{block.text}</p>;
          })}
        </section>
      ))}
    </article>
  );
}
