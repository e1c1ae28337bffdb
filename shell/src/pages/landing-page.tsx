import { PageHeading } from '@aba/web-kit';
import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const useStyles = makeStyles({
  intro: { ...typographyStyles.subtitle2Stronger, fontWeight: tokens.fontWeightRegular, maxWidth: '40rem' },
  values: { ...typographyStyles.subtitle2, marginBottom: tokens.spacingVerticalS },
  list: { paddingLeft: tokens.spacingHorizontalXL, lineHeight: tokens.lineHeightBase400 },
  cta: {
    display: 'inline-block',
    marginTop: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXL}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontWeight: tokens.fontWeightSemibold,
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorBrandBackgroundHover },
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '2px',
    },
  },
});

/** Public landing page (spec §1): what the product does, with a register call to action. */
export function LandingPage() {
  const { t } = useTranslation('common');
  const styles = useStyles();
  return (
    <section>
      <PageHeading>{t('landing.title')}</PageHeading>
      <p className={styles.intro}>{t('landing.intro')}</p>
      <h2 className={styles.values}>{t('landing.valuesTitle')}</h2>
      <ul className={styles.list}>
        <li>{t('landing.transparency')}</li>
        <li>{t('landing.clarity')}</li>
        <li>{t('landing.efficiency')}</li>
      </ul>
      <Link to="/register" className={styles.cta}>
        {t('landing.cta')}
      </Link>
    </section>
  );
}
