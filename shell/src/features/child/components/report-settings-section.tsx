import { mayOnChild, ReportSettingsMessages, type Child, type ReportSettings } from '@aba/contracts/api';
import { errorMessageOf, Loading, useServerErrorTranslator, useTranslation } from '@aba/web-kit';
import { ErrorBanner, SubmitButton, SuccessBanner, useFormStyles } from '@aba/web-kit/forms';
import { Button, Field, Input, makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { ArrowDownRegular, ArrowUpRegular, DeleteRegular, ImageAddRegular } from '@fluentui/react-icons';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ReadFailure } from '../../../lib/read-failure.js';
import {
  reportLogoUrl,
  useReportSettingsQuery,
  useSaveReportSettingsMutation,
} from '../api/report-settings-api.js';
import {
  base64OfDataUrl,
  changeOf,
  clinicNameProblem,
  draftOf,
  fieldOfProblem,
  logoFileProblem,
  moveSection,
  type ReportSettingsDraft,
  type ReportSettingsField,
} from '../utils/report-settings-form.js';

const useStyles = makeStyles({
  note: { margin: `0 0 ${tokens.spacingVerticalM}`, color: tokens.colorNeutralForeground2 },
  field: { marginBottom: tokens.spacingVerticalM },
  // Tap targets of at least 44 × 44 px (WCAG 2.5.5).
  input: { '& input': { minHeight: '44px' } },
  button: { minHeight: '44px', minWidth: '44px' },
  logoRow: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
  logo: {
    display: 'block',
    maxWidth: '140px',
    maxHeight: '48px',
    objectFit: 'contain',
    padding: tokens.spacingHorizontalXS,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  noLogo: { margin: 0, color: tokens.colorNeutralForeground2 },
  fileInput: { display: 'none' },
  order: { margin: 0, padding: 0, listStyle: 'none' },
  section: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
  },
  sectionName: { ...typographyStyles.body1Strong, flex: '1 1 auto', minWidth: 0 },
  summary: { margin: `0 0 ${tokens.spacingVerticalS}` },
});

/**
 * A refusal of the form: what was refused (a message of the contracts, or the failed call itself, which the
 * translator words), the field it is about (null: said above the form), and its count (each one is announced).
 */
interface Refusal {
  problem: unknown;
  field: ReportSettingsField | null;
  count: number;
}

/**
 * The clinician report's heading and order on the Rapoarte page (issue 18, ADR 0053). The owner and the coordinators
 * get a form: the clinic's name, its logo (a PNG or JPEG file chosen, previewed before it is saved, or removed) and
 * the sections' order (each moved up or down by a button); a refusal is said under its field, or above the form, and
 * nothing typed is lost. The rest of the team reads what the report will carry.
 */
export function ReportSettingsSection({ child }: { child: Child }) {
  const { t } = useTranslation('common');
  const read = useReportSettingsQuery(child.id);
  if (read.isError) return <ReadFailure read={read} />;
  if (!read.data) return <Loading />;
  return mayOnChild(child.relation, 'edit') ? (
    <ReportSettingsForm childId={child.id} settings={read.data.settings} />
  ) : (
    <ReportSettingsSummary
      childId={child.id}
      settings={read.data.settings}
      note={t('reports.settings.readOnly')}
    />
  );
}

function ReportSettingsSummary({
  childId,
  settings,
  note,
}: {
  childId: string;
  settings: ReportSettings;
  note: string;
}) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  return (
    <div>
      <p className={styles.summary}>
        {t('reports.settings.clinicName')}: {settings.clinic_name ?? t('reports.settings.noClinicName')}
      </p>
      {settings.logo ? (
        <img
          className={styles.logo}
          src={reportLogoUrl(childId, settings.updated_at)}
          alt={t('reports.settings.logoAlt')}
        />
      ) : null}
      <p className={styles.summary}>
        {t('reports.settings.order')}:{' '}
        {settings.section_order.map((section) => t(`reports.settings.sections.${section}`)).join(', ')}
      </p>
      <p className={styles.note}>{note}</p>
    </div>
  );
}

function ReportSettingsForm({ childId, settings }: { childId: string; settings: ReportSettings }) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const form = useFormStyles();
  const translate = useServerErrorTranslator();
  const orderId = useId();
  const logoId = useId();
  const logoHintId = useId();
  const [save, saving] = useSaveReportSettingsMutation();
  const [draft, setDraft] = useState<ReportSettingsDraft>(() => draftOf(settings));
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const logoButtonRef = useRef<HTMLButtonElement>(null);
  const sectionButtons = useRef(new Map<string, HTMLButtonElement>());
  const [moved, setMoved] = useState<{ section: string; by: -1 | 1 } | null>(null);

  // The focus stays with the section moved: on the button that moved it, or at either end on the other one.
  useEffect(() => {
    if (!moved) return;
    const buttons = sectionButtons.current;
    (buttons.get(`${moved.section}:${moved.by}`) ?? buttons.get(`${moved.section}:${-moved.by}`))?.focus();
  }, [moved]);

  const refuse = (problem: unknown) => {
    const message = errorMessageOf(problem);
    setRefusal((previous) => ({
      problem,
      field: message ? fieldOfProblem(message) : null,
      count: (previous?.count ?? 0) + 1,
    }));
  };
  const problemOf = (field: ReportSettingsField) =>
    refusal?.field === field ? translate(refusal.problem) : undefined;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setDone(null);
    const problem = logoFileProblem(file);
    if (problem) {
      refuse(problem);
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      const dataUrl = String(reader.result);
      setRefusal(null);
      setDraft((current) => ({
        ...current,
        logo: { kind: 'chosen', base64: base64OfDataUrl(dataUrl), dataUrl, fileName: file.name },
      }));
    };
    reader.onerror = () => refuse(ReportSettingsMessages.logoNotImage);
    reader.readAsDataURL(file);
  };

  const onMove = (index: number, by: -1 | 1) => {
    setDone(null);
    setDraft({ ...draft, sectionOrder: moveSection(draft.sectionOrder, index, by) });
    setMoved({ section: draft.sectionOrder[index], by });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving.isLoading) return;
    setDone(null);
    const problem = clinicNameProblem(draft.clinicName);
    if (problem) {
      refuse(problem);
      return;
    }
    const change = changeOf(settings, draft);
    if (!change) {
      refuse(ReportSettingsMessages.nothingToChange);
      return;
    }
    try {
      const answer = await save({ childId, change }).unwrap();
      setDraft(draftOf(answer.settings));
      setRefusal(null);
      setDone(answer.message);
    } catch (error) {
      refuse(error);
    }
  };

  const logoSource =
    draft.logo.kind === 'chosen'
      ? draft.logo.dataUrl
      : draft.logo.kind === 'saved'
        ? reportLogoUrl(childId, settings.updated_at)
        : null;

  return (
    <form
      className={form.form}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={t('reports.settings.formLabel')}
    >
      {refusal && refusal.field === null ? (
        <ErrorBanner key={refusal.count}>{translate(refusal.problem)}</ErrorBanner>
      ) : null}
      {done ? <SuccessBanner>{translate(done)}</SuccessBanner> : null}
      <Field
        className={styles.field}
        label={t('reports.settings.clinicName')}
        hint={t('reports.settings.clinicNameHint')}
        validationState={problemOf('clinicName') ? 'error' : 'none'}
        validationMessage={problemOf('clinicName')}
      >
        <Input
          className={styles.input}
          value={draft.clinicName}
          autoComplete="organization"
          onChange={(_event, { value }) => {
            setDone(null);
            setDraft({ ...draft, clinicName: value });
          }}
        />
      </Field>
      <div className={styles.field} role="group" aria-labelledby={logoId} aria-describedby={logoHintId}>
        <p id={logoId} className={styles.summary}>
          <strong>{t('reports.settings.logo')}</strong>
        </p>
        <p id={logoHintId} className={styles.note}>
          {t('reports.settings.logoHint')}
        </p>
        <div className={styles.logoRow}>
          {logoSource ? (
            <img
              className={styles.logo}
              src={logoSource}
              alt={
                draft.logo.kind === 'chosen'
                  ? t('reports.settings.chosenLogoAlt', { name: draft.logo.fileName })
                  : t('reports.settings.logoAlt')
              }
            />
          ) : (
            <p className={styles.noLogo}>{t('reports.settings.noLogo')}</p>
          )}
          <input
            ref={fileRef}
            className={styles.fileInput}
            type="file"
            accept="image/png,image/jpeg"
            aria-label={t('reports.settings.chooseLogo')}
            tabIndex={-1}
            onChange={onFile}
          />
          <Button
            ref={logoButtonRef}
            className={styles.button}
            icon={<ImageAddRegular />}
            onClick={() => fileRef.current?.click()}
          >
            {logoSource ? t('reports.settings.changeLogo') : t('reports.settings.chooseLogo')}
          </Button>
          {logoSource ? (
            <Button
              className={styles.button}
              icon={<DeleteRegular />}
              onClick={() => {
                setDone(null);
                setRefusal(null);
                setDraft({ ...draft, logo: { kind: 'none' } });
                logoButtonRef.current?.focus();
              }}
            >
              {t('reports.settings.removeLogo')}
            </Button>
          ) : null}
        </div>
        {problemOf('logo') ? <ErrorBanner key={refusal?.count}>{problemOf('logo')}</ErrorBanner> : null}
      </div>
      <div className={styles.field} role="group" aria-labelledby={orderId}>
        <p id={orderId} className={styles.summary}>
          <strong>{t('reports.settings.order')}</strong>
        </p>
        <p className={styles.note}>{t('reports.settings.orderHint')}</p>
        <ol className={styles.order}>
          {draft.sectionOrder.map((section, index) => {
            const name = t(`reports.settings.sections.${section}`);
            const keep = (by: -1 | 1) => (button: HTMLButtonElement | null) => {
              if (button) sectionButtons.current.set(`${section}:${by}`, button);
              else sectionButtons.current.delete(`${section}:${by}`);
            };
            return (
              <li key={section} className={styles.section}>
                <span className={styles.sectionName}>
                  {index + 1}. {name}
                </span>
                {index > 0 ? (
                  <Button
                    ref={keep(-1)}
                    className={styles.button}
                    icon={<ArrowUpRegular />}
                    aria-label={t('reports.settings.moveUp', { name })}
                    onClick={() => onMove(index, -1)}
                  />
                ) : null}
                {index < draft.sectionOrder.length - 1 ? (
                  <Button
                    ref={keep(1)}
                    className={styles.button}
                    icon={<ArrowDownRegular />}
                    aria-label={t('reports.settings.moveDown', { name })}
                    onClick={() => onMove(index, 1)}
                  />
                ) : null}
              </li>
            );
          })}
        </ol>
        <p className={styles.note}>{t('reports.settings.signaturesLast')}</p>
        {problemOf('sectionOrder') ? (
          <ErrorBanner key={refusal?.count}>{problemOf('sectionOrder')}</ErrorBanner>
        ) : null}
      </div>
      <div className={form.actions}>
        <SubmitButton busy={saving.isLoading}>{t('reports.settings.save')}</SubmitButton>
      </div>
    </form>
  );
}
