import { Link, PageHeading, useTranslation } from '@aba/web-kit';
import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import {
  ChartMultipleRegular,
  EyeRegular,
  FlashRegular,
  PeopleRegular,
  ClipboardTaskRegular,
  TaskListSquareLtrRegular,
} from '@fluentui/react-icons';
import type { ReactNode } from 'react';

const PHONE = '@media (max-width: 599.98px)';

const focusRing = {
  outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
  outlineOffset: '2px',
};

const useStyles = makeStyles({
  page: { maxWidth: '64rem', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXXL },
  hero: {
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}`,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundImage: `linear-gradient(135deg, ${tokens.colorBrandBackground2} 0%, ${tokens.colorNeutralBackground1} 70%)`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    [PHONE]: { padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalL}` },
  },
  heroTitle: {
    ...typographyStyles.title1,
    marginTop: 0,
    marginBottom: tokens.spacingVerticalM,
    [PHONE]: { ...typographyStyles.title2 },
  },
  lead: { ...typographyStyles.subtitle1, fontWeight: tokens.fontWeightRegular, maxWidth: '40rem', marginTop: 0 },
  text: { ...typographyStyles.body1, lineHeight: tokens.lineHeightBase400, maxWidth: '40rem' },
  ctaRow: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, marginTop: tokens.spacingVerticalL },
  cta: {
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: '44px',
    padding: `0 ${tokens.spacingHorizontalXL}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontWeight: tokens.fontWeightSemibold,
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorBrandBackgroundHover },
    ':focus-visible': focusRing,
  },
  secondary: {
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: '44px',
    padding: `0 ${tokens.spacingHorizontalXL}`,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': focusRing,
  },
  sectionTitle: { ...typographyStyles.title3, marginTop: 0, marginBottom: tokens.spacingVerticalL },
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(15rem, 1fr))',
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  card: {
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  cardTitle: {
    ...typographyStyles.subtitle2,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    marginTop: 0,
    marginBottom: tokens.spacingVerticalS,
  },
  icon: { fontSize: '24px', color: tokens.colorBrandForeground1, flexShrink: 0 },
  step: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '28px',
    height: '28px',
    borderRadius: '50%',
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontWeight: tokens.fontWeightSemibold,
    flexShrink: 0,
  },
  cardText: { ...typographyStyles.body1, margin: 0, lineHeight: tokens.lineHeightBase400 },
  audience: { margin: 0, paddingLeft: 0, listStyleType: 'none', display: 'grid', gap: tokens.spacingVerticalS },
  audienceItem: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start', ...typographyStyles.body1 },
  closing: {
    padding: tokens.spacingHorizontalXL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
});

function Card({ title, mark, children }: { title: string; mark: ReactNode; children: ReactNode }) {
  const styles = useStyles();
  return (
    <li className={styles.card}>
      <h3 className={styles.cardTitle}>
        {mark}
        {title}
      </h3>
      <p className={styles.cardText}>{children}</p>
    </li>
  );
}

/**
 * Public landing page (spec §1): create an account, add the child's plan from a phone, collect data in
 * real time; transparency, clarity and efficiency; a register call to action. Text and CSS only.
 */
export function LandingPage() {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const icon = (Icon: typeof EyeRegular) => <Icon className={styles.icon} aria-hidden="true" />;
  const step = (n: number) => (
    <span className={styles.step} aria-hidden="true">
      {n}
    </span>
  );

  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="landing-title">
        <PageHeading id="landing-title">
          <span className={styles.heroTitle}>{t('landing.title')}</span>
        </PageHeading>
        <p className={styles.lead}>{t('landing.lead')}</p>
        <p className={styles.text}>{t('landing.description')}</p>
        <div className={styles.ctaRow}>
          <Link to="/register" className={styles.cta}>
            {t('landing.cta')}
          </Link>
          <Link to="/login" className={styles.secondary}>
            {t('landing.login')}
          </Link>
        </div>
      </section>

      <section aria-labelledby="landing-steps">
        <h2 id="landing-steps" className={styles.sectionTitle}>
          {t('landing.stepsTitle')}
        </h2>
        <ol className={styles.grid}>
          <Card title={t('landing.step1Title')} mark={step(1)}>
            {t('landing.step1Text')}
          </Card>
          <Card title={t('landing.step2Title')} mark={step(2)}>
            {t('landing.step2Text')}
          </Card>
          <Card title={t('landing.step3Title')} mark={step(3)}>
            {t('landing.step3Text')}
          </Card>
        </ol>
      </section>

      <section aria-labelledby="landing-values">
        <h2 id="landing-values" className={styles.sectionTitle}>
          {t('landing.valuesTitle')}
        </h2>
        <ul className={styles.grid}>
          <Card title={t('landing.transparencyTitle')} mark={icon(EyeRegular)}>
            {t('landing.transparencyText')}
          </Card>
          <Card title={t('landing.clarityTitle')} mark={icon(ChartMultipleRegular)}>
            {t('landing.clarityText')}
          </Card>
          <Card title={t('landing.efficiencyTitle')} mark={icon(FlashRegular)}>
            {t('landing.efficiencyText')}
          </Card>
        </ul>
      </section>

      <section aria-labelledby="landing-audience">
        <h2 id="landing-audience" className={styles.sectionTitle}>
          {t('landing.audienceTitle')}
        </h2>
        <ul className={styles.audience}>
          <li className={styles.audienceItem}>
            {icon(PeopleRegular)}
            <span>{t('landing.parents')}</span>
          </li>
          <li className={styles.audienceItem}>
            {icon(ClipboardTaskRegular)}
            <span>{t('landing.therapists')}</span>
          </li>
          <li className={styles.audienceItem}>
            {icon(TaskListSquareLtrRegular)}
            <span>{t('landing.coordinators')}</span>
          </li>
        </ul>
      </section>

      <section className={styles.closing} aria-labelledby="landing-start">
        <h2 id="landing-start" className={styles.sectionTitle}>
          {t('landing.finalTitle')}
        </h2>
        <p className={styles.text}>{t('landing.finalText')}</p>
        <div className={styles.ctaRow}>
          <Link to="/register" className={styles.cta}>
            {t('landing.finalCta')}
          </Link>
        </div>
      </section>
    </div>
  );
}
