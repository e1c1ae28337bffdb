import { SUPPORTED_LANGUAGES, useLanguage, useTranslation } from '@aba/web-kit';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { visuallyHidden } from './visually-hidden.js';

const useStyles = makeStyles({
  group: { display: 'flex', gap: tokens.spacingHorizontalXS },
  button: { minWidth: '44px' },
  hidden: visuallyHidden,
});

/**
 * RO/EN toggle buttons; the current language's button is pressed. The choice is remembered. Each button's name is
 * its visible text followed by the language's own name ("RO Română"), so the name a voice user says is the one they
 * see (WCAG 2.5.3) and a screen reader still hears the language.
 */
export function LanguageSwitch() {
  const { t } = useTranslation('common');
  const { language, setLanguage } = useLanguage();
  const styles = useStyles();
  return (
    <div role="group" aria-label={t('language.label')} className={styles.group}>
      {SUPPORTED_LANGUAGES.map((lng) => (
        <Button
          key={lng}
          size="small"
          className={styles.button}
          appearance={lng === language ? 'primary' : 'secondary'}
          aria-pressed={lng === language}
          lang={lng}
          onClick={() => void setLanguage(lng)}
        >
          {t(`language.${lng}`)}
          <span className={styles.hidden}> {t(`language.${lng}Name`)}</span>
        </Button>
      ))}
    </div>
  );
}
