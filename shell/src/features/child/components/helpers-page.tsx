import {
  Loading,
  PageHeading,
  useChildQuery,
  useCurrentChild,
  useLicenceRedirect,
  useLicenceRedirectHandler,
  useServerErrorTranslator,
  useTranslation,
} from '@aba/web-kit';
import { ActionError, SuccessBanner } from '@aba/web-kit/forms';
import { ChildMessages, type AccessType, type Helper } from '@aba/contracts/api';
import {
  Badge,
  Button,
  Field,
  Input,
  makeStyles,
  Spinner,
  tokens,
  useRestoreFocusTarget,
} from '@fluentui/react-components';
import { DeleteRegular, PersonAddRegular } from '@fluentui/react-icons';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useAddChildHelperMutation, useChildHelpersQuery } from '../api/helpers-api.js';
import { helperEmailProblem } from '../utils/child-form.js';
import { childControls, helperRow } from '../utils/child-view.js';
import { handOverRow, mayHandOver } from '../utils/ownership-view.js';
import { HandOverControl, HandOverStatus, type HandOverDone } from './hand-over.js';
import { RemoveHelperDialog, type RemovalTarget } from './remove-helper-dialog.js';
import { ReadFailure } from '../../../lib/read-failure.js';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalM,
    marginBottom: tokens.spacingVerticalXL,
    maxWidth: '40rem',
  },
  field: { alignSelf: 'stretch' },
  banners: { alignSelf: 'stretch' },
  // Touch-sized (44 px) buttons: the team is managed from a phone too.
  touch: { minHeight: '44px', minWidth: '44px' },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    maxWidth: '40rem',
  },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2,
  },
  who: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  title: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    fontWeight: tokens.fontWeightSemibold,
    overflowWrap: 'anywhere',
  },
  email: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  empty: { margin: 0 },
});

/** What the last add or remove led to; `attempt` tells one failure from the next (the focus moves again). */
type Feedback =
  { kind: 'success'; message: unknown } | { kind: 'error'; message: unknown; attempt: number } | null;

/**
 * /child/{id}/coordinators (access type ADMIN) and /child/{id}/therapists (THERAPIST), spec §2: the
 * helpers of that type (name — or, until they register, the e-mail with an "Invitation sent" badge — and
 * e-mail), an add-by-e-mail form and a Remove button per row with a confirmation; the form and the Remove
 * buttons only for relations that `mayOnChild(relation, 'manageHelpers')`. On the coordinators page the owner also
 * hands the child over (issue 17, ADR 0050): "Hand over the child" on each active coordinator's row, and at the top
 * the offer waiting, with its withdrawal (`hand-over.tsx`).
 */
export function HelpersPage({ accessType }: { accessType: AccessType }) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const child = useCurrentChild();
  const headingId = useId();
  const childId = child?.id ?? '';
  const {
    data: helpers,
    isError,
    error,
    isFetching,
    refetch,
  } = useChildHelpersQuery(
    { childId, accessType },
    { skip: child === null, refetchOnMountOrArgChange: true },
  );
  const redirecting = useLicenceRedirect(isError ? error : null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [removal, setRemoval] = useState<RemovalTarget | null>(null);
  const [removalOpen, setRemovalOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const canManage = childControls(child?.relation).manageHelpers;
  const handsOver = accessType === 'ADMIN' && mayHandOver(child?.relation);
  // The frame's read of the child (the same cache entry): the offer waiting, if any.
  const detail = useChildQuery(childId, { skip: !handsOver }).data;
  const [handOverDone, setHandOverDone] = useState<HandOverDone | null>(null);
  const [asking, setAsking] = useState<string | null>(null);
  const texts = `helpers.${accessType}`;

  const handedOver = (message: string) => {
    setFeedback(null);
    setHandOverDone((previous) => ({ message, count: (previous?.count ?? 0) + 1 }));
  };

  if (child === null || redirecting) return <Loading />;

  let list;
  if (isError) {
    list = <ReadFailure read={{ error, isFetching, refetch }} />;
  } else if (!helpers) {
    list = <Loading />;
  } else if (helpers.length === 0) {
    list = <p className={styles.empty}>{t(`${texts}.empty`)}</p>;
  } else {
    list = (
      <ul className={styles.list} aria-labelledby={headingId}>
        {helpers.map((helper) => {
          const handOver = handsOver ? handOverRow(helper, detail?.ownership_offer ?? null) : null;
          return (
            <HelperItem
              key={helper.id}
              helper={helper}
              canManage={canManage}
              waiting={handOver === 'waiting'}
              handOver={
                handOver === 'offer' ? (
                  <HandOverControl
                    childId={childId}
                    helper={helper}
                    name={helperRow(helper).title}
                    asking={asking === helper.id}
                    onAsking={(open) => setAsking(open ? helper.id : null)}
                    onOffered={handedOver}
                  />
                ) : null
              }
              onRemove={(target) => {
                setRemoval(target);
                setRemovalOpen(true);
              }}
            />
          );
        })}
      </ul>
    );
  }

  return (
    <section aria-labelledby={headingId}>
      <PageHeading id={headingId}>
        <span ref={headingRef} tabIndex={-1}>
          {t(`${texts}.title`)}
        </span>
      </PageHeading>
      {handsOver && detail && <HandOverStatus child={detail} done={handOverDone} onDone={handedOver} />}
      {canManage && (
        <AddHelperForm
          key={`${childId}:${accessType}`}
          childId={childId}
          accessType={accessType}
          feedback={feedback}
          setFeedback={setFeedback}
        />
      )}
      {list}
      {canManage && (
        <RemoveHelperDialog
          childId={childId}
          target={removal}
          open={removalOpen}
          onClose={() => setRemovalOpen(false)}
          onRemoved={() => {
            setFeedback({ kind: 'success', message: ChildMessages.helperRemoved });
            // The row (and its Remove button) is gone: continue from the page title.
            headingRef.current?.focus();
          }}
        />
      )}
    </section>
  );
}

function HelperItem({
  helper,
  canManage,
  waiting,
  handOver,
  onRemove,
}: {
  helper: Helper;
  canManage: boolean;
  /** The child waits to be handed over to this coordinator. */
  waiting: boolean;
  /** The owner's "Hand over the child" (and its question), on an active coordinator's row. */
  handOver: ReactNode;
  onRemove: (target: RemovalTarget) => void;
}) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  // Cancelling the confirmation puts the focus back on this button.
  const restoreFocusTarget = useRestoreFocusTarget();
  const row = helperRow(helper);
  return (
    <li className={styles.row}>
      <div className={styles.who}>
        <span className={styles.title}>
          {row.title}
          {row.pending && (
            <Badge appearance="tint" color="warning">
              {t('helpers.pending')}
            </Badge>
          )}
          {waiting && (
            <Badge appearance="tint" color="brand">
              {t('ownership.waitingBadge')}
            </Badge>
          )}
        </span>
        {row.email !== null && <span className={styles.email}>{row.email}</span>}
      </div>
      {handOver}
      {canManage && (
        <Button
          {...restoreFocusTarget}
          className={styles.touch}
          icon={<DeleteRegular />}
          aria-label={t('helpers.removeNamed', { name: row.title })}
          onClick={() => onRemove({ helper, name: row.title })}
        >
          {t('actions.remove')}
        </Button>
      )}
    </li>
  );
}

function AddHelperForm({
  childId,
  accessType,
  feedback,
  setFeedback,
}: {
  childId: string;
  accessType: AccessType;
  feedback: Feedback;
  setFeedback: (feedback: Feedback) => void;
}) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const translate = useServerErrorTranslator();
  const redirectIfUnlicensed = useLicenceRedirectHandler();
  const [addHelper, { isLoading }] = useAddChildHelperMutation();
  const [email, setEmail] = useState('');
  const texts = `helpers.${accessType}`;
  const failed = (message: unknown) =>
    setFeedback({ kind: 'error', message, attempt: (feedback?.kind === 'error' ? feedback.attempt : 0) + 1 });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const problem = helperEmailProblem(email);
    if (problem) {
      failed(problem);
      return;
    }
    setFeedback(null);
    try {
      const { helper } = await addHelper({ childId, accessType, email: email.trim() }).unwrap();
      setEmail('');
      const key = helper?.status === 'PENDING' ? 'helpers.invited' : `${texts}.added`;
      setFeedback({ kind: 'success', message: t(key, { email: helper?.email ?? email.trim() }) });
    } catch (failure) {
      if (!redirectIfUnlicensed(failure)) failed(failure);
    }
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t(`${texts}.formLabel`)}>
      {feedback?.kind === 'success' && (
        <div className={styles.banners}>
          <SuccessBanner>{translate(feedback.message)}</SuccessBanner>
        </div>
      )}
      <Field className={styles.field} label={t(`${texts}.emailLabel`)} required hint={t('helpers.emailHint')}>
        <Input
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(_event, data) => setEmail(data.value)}
        />
      </Field>
      <Button
        type="submit"
        appearance="primary"
        className={styles.touch}
        disabledFocusable={isLoading}
        icon={isLoading ? <Spinner size="tiny" /> : <PersonAddRegular />}
      >
        {t(`${texts}.add`)}
      </Button>
      {feedback?.kind === 'error' && (
        <div className={styles.banners}>
          <ActionError focusKey={feedback.attempt}>{translate(feedback.message)}</ActionError>
        </div>
      )}
    </form>
  );
}
