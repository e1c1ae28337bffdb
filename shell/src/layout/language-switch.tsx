import { SUPPORTED_LANGUAGES, useLanguage, useTranslation } from '@aba/web-kit';
import { Button, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  group: { display: 'flex', gap: tokens.spacingHorizontalXS },
  button: { minWidth: '44px' },
});

/** RO/EN toggle buttons; the current language's button is pressed. The choice is remembered. */
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
          aria-label={t(`language.${lng}Name`)}
          lang={lng}
          onClick={() => void setLanguage(lng)}
        >
          {t(`language.${lng}`)}
        </Button>
      ))}
    </div>
  );
}
