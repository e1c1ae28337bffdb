import { useNavigate, useTranslation } from '@aba/web-kit';
import {
  Button,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, PeopleRegular, ReceiptRegular } from '@fluentui/react-icons';
import { useEffect, useRef } from 'react';

const useStyles = makeStyles({
  step: {
    maxWidth: '40rem',
    borderRadius: tokens.borderRadiusMedium,
    ':focus': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '2px',
    },
  },
  body: { whiteSpace: 'normal' },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    marginTop: tokens.spacingVerticalL,
  },
  action: { minHeight: '44px' },
});

/**
 * What follows adding a child (issue 13, point 13): a neutral "child added, add a licence to start" step, not the red
 * "no active licence" error a new child's pages would open with (a new child has no licence yet). It takes the focus,
 * so it is read, and offers the licence (billing), the children list, or another child. Opening an unlicensed child
 * later still leads to billing with the spec's message.
 */
export function ChildAddedStep({ name, onAddAnother }: { name: string; onAddAnother: () => void }) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const navigate = useNavigate();
  const step = useRef<HTMLDivElement>(null);
  useEffect(() => step.current?.focus(), []);
  return (
    <div ref={step} tabIndex={-1} className={styles.step} data-testid="child-added">
      <MessageBar intent="info" layout="multiline" role="status">
        <MessageBarBody className={styles.body}>
          <MessageBarTitle>{t('firstUse.childAddedTitle', { name })}</MessageBarTitle>{' '}
          {t('firstUse.childAddedText')}
        </MessageBarBody>
      </MessageBar>
      <div className={styles.actions}>
        <Button
          appearance="primary"
          className={styles.action}
          icon={<ReceiptRegular />}
          onClick={() => navigate('/billing')}
        >
          {t('firstUse.addLicence')}
        </Button>
        <Button className={styles.action} icon={<PeopleRegular />} onClick={() => navigate('/child/list')}>
          {t('firstUse.toChildren')}
        </Button>
        <Button appearance="subtle" className={styles.action} icon={<AddRegular />} onClick={onAddAnother}>
          {t('firstUse.addAnother')}
        </Button>
      </div>
    </div>
  );
}
