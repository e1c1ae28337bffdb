import { ConsentMessages, type ChildDetail } from '@aba/contracts/api';
import { Link, useServerErrorTranslator, useTranslation } from '@aba/web-kit';
import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({ bar: { marginBottom: tokens.spacingVerticalM } });

/**
 * On every page of a child (issue 17, ADR 0046): once its consent was withdrawn, that its data can be read and not
 * added to or changed (captures and changes are refused with the same words); to its owner, while no consent was ever
 * given, that it is asked for, with the way to the consent page. Nothing while consent is in force.
 */
export function ConsentNotice({ child }: { child: ChildDetail }) {
  const { t } = useTranslation('common');
  const translate = useServerErrorTranslator();
  const styles = useStyles();
  const consentPage = `/child/${encodeURIComponent(child.id)}/consent`;
  if (child.consent?.withdrawn_at) {
    return (
      <MessageBar intent="warning" layout="multiline" className={styles.bar}>
        <MessageBarBody>
          {translate(ConsentMessages.withdrawn)} <Link to={consentPage}>{t('consent.open')}</Link>
        </MessageBarBody>
      </MessageBar>
    );
  }
  if (child.consent === null && child.relation === 'OWNER') {
    return (
      <MessageBar intent="info" layout="multiline" className={styles.bar}>
        <MessageBarBody>
          {t('consent.asked')} <Link to={consentPage}>{t('consent.open')}</Link>
        </MessageBarBody>
      </MessageBar>
    );
  }
  return null;
}
