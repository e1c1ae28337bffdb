import {
  CHILD_EXPORT_FORMATS,
  CHILD_EXPORT_LANGUAGES,
  childExportFileName,
  childReportFileName,
  type ChildReportKind,
} from '@aba/contracts/api';
import {
  dayOf,
  Loading,
  PageHeading,
  useCurrentChild,
  useServerErrorTranslator,
  useTranslation,
} from '@aba/web-kit';
import {
  Field,
  Input,
  makeStyles,
  Radio,
  RadioGroup,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { useId, useState } from 'react';
import { FileDownloadButton } from '../../../lib/file-download-button.js';
import { fetchFile } from '../../../lib/file-download.js';
import { ReportSettingsSection } from './report-settings-section.js';
import {
  childExportPath,
  childReportPath,
  exportLanguageOf,
  type DataExportChoice,
} from '../utils/reports-view.js';
import { dateRangeProblem, defaultListRange } from '../utils/sessions-view.js';

const useStyles = makeStyles({
  section: {
    maxWidth: '40rem',
    marginBottom: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  title: { ...typographyStyles.subtitle2, margin: `0 0 ${tokens.spacingVerticalS}` },
  note: { margin: `0 0 ${tokens.spacingVerticalM}`, color: tokens.colorNeutralForeground2 },
  period: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalM,
    margin: `0 0 ${tokens.spacingVerticalM}`,
    padding: 0,
    border: 'none',
    minWidth: 0,
  },
  legend: { padding: 0, marginBottom: tokens.spacingVerticalS, fontWeight: tokens.fontWeightSemibold },
  day: { flex: '1 1 9rem', maxWidth: '14rem', minWidth: 0 },
  choice: { marginBottom: tokens.spacingVerticalM },
});

/**
 * /child/{id}/reports (issue 18), for everyone on the child's team: a period of the child's days (the last 30 at first;
 * an empty day leaves that side open) and a language (the screen's at first), then the parent progress report and the
 * clinician report as PDF (with its heading and order, `ReportSettingsSection`) and the child's data as spreadsheets
 * (CSV or XLSX), each with `FileDownloadButton`; a period that ends before it starts is said under its last day and
 * the buttons do nothing.
 */
export function ReportsPage() {
  const { t, i18n } = useTranslation('common');
  const styles = useStyles();
  const translate = useServerErrorTranslator();
  const child = useCurrentChild();
  const headingId = useId();
  const choiceId = useId();
  const parentId = useId();
  const clinicianId = useId();
  const dataId = useId();
  const settingsId = useId();
  const [choice, setChoice] = useState<DataExportChoice>(() => ({
    format: 'csv',
    language: exportLanguageOf(i18n.language ?? 'ro'),
    ...defaultListRange(dayOf(new Date(), child?.time_zone) ?? ''),
  }));

  if (child === null) return <Loading />;
  const problem = dateRangeProblem(choice.from, choice.to);
  const from = choice.from || undefined;
  const to = choice.to || undefined;
  const fetchExport = () =>
    fetchFile(childExportPath(child.id, choice), childExportFileName(child.first_name, from, to));
  const fetchReport = (kind: ChildReportKind) => () =>
    fetchFile(childReportPath(child.id, kind, choice), childReportFileName(kind, child.first_name, from, to));

  return (
    <section aria-labelledby={headingId}>
      <PageHeading id={headingId}>{t('reports.title')}</PageHeading>
      <section aria-labelledby={choiceId} className={styles.section}>
        <h2 id={choiceId} className={styles.title}>
          {t('reports.choice.title')}
        </h2>
        <p className={styles.note}>{t('reports.choice.note')}</p>
        <fieldset className={styles.period}>
          <legend className={styles.legend}>{t('reports.choice.period')}</legend>
          <Field className={styles.day} label={t('reports.choice.from')} hint={t('reports.choice.openHint')}>
            <Input
              type="date"
              value={choice.from}
              onChange={(_event, { value }) => setChoice({ ...choice, from: value })}
            />
          </Field>
          <Field
            className={styles.day}
            label={t('reports.choice.to')}
            validationState={problem ? 'error' : 'none'}
            validationMessage={problem ? translate(problem) : undefined}
          >
            <Input
              type="date"
              value={choice.to}
              onChange={(_event, { value }) => setChoice({ ...choice, to: value })}
            />
          </Field>
        </fieldset>
        <Field className={styles.choice} label={t('reports.choice.language')}>
          <RadioGroup
            layout="horizontal"
            value={choice.language}
            onChange={(_event, { value }) =>
              setChoice({
                ...choice,
                language: CHILD_EXPORT_LANGUAGES.find((language) => language === value) ?? choice.language,
              })
            }
          >
            {CHILD_EXPORT_LANGUAGES.map((language) => (
              <Radio key={language} value={language} label={t(`reports.choice.languages.${language}`)} />
            ))}
          </RadioGroup>
        </Field>
      </section>
      {(
        [
          ['parent', parentId],
          ['clinician', clinicianId],
        ] as const
      ).map(([kind, id]) => (
        <section key={kind} aria-labelledby={id} className={styles.section}>
          <h2 id={id} className={styles.title}>
            {t(`reports.${kind}.title`)}
          </h2>
          <p className={styles.note}>{t(`reports.${kind}.contents`)}</p>
          <FileDownloadButton
            fetchFile={fetchReport(kind)}
            label={t(`reports.${kind}.download`)}
            workingLabel={t(`reports.${kind}.working`)}
            doneText={t(`reports.${kind}.done`)}
            disabled={problem !== null}
          />
        </section>
      ))}
      <section aria-labelledby={settingsId} className={styles.section}>
        <h2 id={settingsId} className={styles.title}>
          {t('reports.settings.title')}
        </h2>
        <p className={styles.note}>{t('reports.settings.note')}</p>
        <ReportSettingsSection child={child} />
      </section>
      <section aria-labelledby={dataId} className={styles.section}>
        <h2 id={dataId} className={styles.title}>
          {t('reports.data.title')}
        </h2>
        <p className={styles.note}>{t('reports.data.contents')}</p>
        <Field className={styles.choice} label={t('reports.data.format')}>
          <RadioGroup
            value={choice.format}
            onChange={(_event, { value }) =>
              setChoice({
                ...choice,
                format: CHILD_EXPORT_FORMATS.find((format) => format === value) ?? choice.format,
              })
            }
          >
            {CHILD_EXPORT_FORMATS.map((format) => (
              <Radio key={format} value={format} label={t(`reports.data.formats.${format}`)} />
            ))}
          </RadioGroup>
        </Field>
        <FileDownloadButton
          fetchFile={fetchExport}
          label={t('reports.data.download')}
          workingLabel={t('reports.data.working')}
          doneText={t('reports.data.done')}
          disabled={problem !== null}
        />
      </section>
    </section>
  );
}
