import type { ChildExportFormat, ChildExportLanguage } from '@aba/contracts/api';
import { UTF8_BOM } from '@aba/server-kit';
import type { ExportDataSet } from './export-data-sets.js';

export interface ExportAbout {
  language: ChildExportLanguage;
  format: ChildExportFormat;
  childName: string;
  timeZone: string;
  /** The period's first and last local days, when given. */
  from?: string;
  to?: string;
  madeAt: Date;
  /** Who asked for it; null when the directory does not know their name. */
  madeBy: string | null;
}

/** An instant as `yyyy-mm-dd hh:mm:ss` on the clock of `timeZone`. */
export function wallClock(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

const TEXT = {
  ro: {
    title: (name: string) => `Datele lui ${name}`,
    period: (from: string, to: string) => `Perioada: ${from} – ${to} (zile după ora copilului).`,
    start: 'primele date',
    today: 'azi',
    zone: (zone: string) =>
      `Ora locală este cea a fusului orar al copilului (${zone}); aceleași momente sunt date și în UTC.`,
    made: (by: string, at: string, utc: string) => `Generat de ${by} la ${at} (${utc} UTC).`,
    someone: 'un fost utilizator',
    files: 'Fișierele:',
    csv: 'Fișierele CSV sunt în UTF-8, cu „;” între câmpuri și virgulă zecimală: Excel setat în română le deschide cu dublu clic.',
    xlsx: 'Fiecare fișier XLSX are o foaie, cu datele și orele ca date calendaristice.',
    rows: 'Fiecare rând este un fapt, cu identificatorii lui (ID), ca rândurile să poată fi legate între fișiere.',
  },
  en: {
    title: (name: string) => `${name}'s data`,
    period: (from: string, to: string) => `Period: ${from} – ${to} (days on the child's clock).`,
    start: 'the first data',
    today: 'today',
    zone: (zone: string) =>
      `Local time is the child's time zone (${zone}); the same instants are also given in UTC.`,
    made: (by: string, at: string, utc: string) => `Made by ${by} on ${at} (${utc} UTC).`,
    someone: 'a former user',
    files: 'The files:',
    csv: 'The CSV files are UTF-8 with "," between fields and a decimal point: Excel set to English opens them by double-click.',
    xlsx: 'Each XLSX file has one sheet, its dates and times as spreadsheet dates.',
    rows: 'Each row is one fact, with its ids, so that rows can be joined across the files.',
  },
} as const;

/** README.txt of the export, in its language: what it holds, the period, the clock, who made it and when. */
export function childExportReadme(about: ExportAbout, sets: readonly ExportDataSet[]): string {
  const text = TEXT[about.language];
  const lines = [
    text.title(about.childName),
    '',
    text.period(about.from ?? text.start, about.to ?? text.today),
    text.zone(about.timeZone),
    text.made(
      about.madeBy ?? text.someone,
      wallClock(about.madeAt, about.timeZone),
      wallClock(about.madeAt, 'UTC'),
    ),
    '',
    text.files,
    ...sets.flatMap((set) => [
      `- ${set.name}.${about.format} — ${set.title[about.language]}: ${set.description[about.language]}`,
      `  ${set.columns.map((column) => column.header[about.language]).join(' | ')}`,
    ]),
    '',
    about.format === 'csv' ? text.csv : text.xlsx,
    text.rows,
  ];
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}
