import { SUPPORTED_LANGUAGES, useLanguage, useSession, useTranslation, type Language } from '@aba/web-kit';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useUpdateAccountMutation } from '../../features/account/api/account-api.js';
import { visuallyHidden } from './visually-hidden.js';

const useStyles = makeStyles({
  group: { display: 'flex', gap: tokens.spacingHorizontalXS },
  button: { minWidth: '44px' },
  hidden: visuallyHidden,
});

/**
 * RO/EN toggle buttons; the current language's button is pressed. The choice is remembered on this browser and, for
 * a logged-in user, on the account (the language the app takes on at their next login, issue 17; a save that fails
 * leaves the account's as it was). Each button's name is its visible text followed by the language's own name
 * ("RO Română"), so the name a voice user says is the one they see (WCAG 2.5.3) and a screen reader still hears the
 * language.
 */
export function LanguageSwitch() {
  const { t } = useTranslation('common');
  const { language, setLanguage } = useLanguage();
  const { status } = useSession();
  const [saveOnAccount] = useUpdateAccountMutation();
  const styles = useStyles();
  const choose = async (lng: Language) => {
    if (lng === language) return;
    await setLanguage(lng);
    if (status === 'logged-in') await saveOnAccount({ language: lng });
  };
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
          onClick={() => void choose(lng)}
        >
          {t(`language.${lng}`)}
          <span className={styles.hidden}> {t(`language.${lng}Name`)}</span>
        </Button>
      ))}
    </div>
  );
}
