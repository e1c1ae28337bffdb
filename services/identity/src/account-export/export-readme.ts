import { UTF8_BOM } from '@aba/server-kit';

/** A file of the export, as the README lists it. */
export interface ListedFile {
  /** Its path inside the ZIP. */
  path: string;
  /** What it holds (a table's description is English: the services write them so). */
  description: string;
  /** A CSV file's columns, in order. */
  columns?: readonly string[];
}

export interface ReadmeInput {
  /** When the export was made. */
  madeAt: Date;
  /** Whose export it is: the account's e-mail. */
  email: string;
  files: readonly ListedFile[];
}

const romanian = (madeAt: string, email: string): string[] => [
  'DATELE MELE - ABA Tracker',
  '=========================',
  '',
  'Această arhivă conține datele pe care platforma ABA Tracker le păstrează despre contul dumneavoastră și despre',
  'copiii de care vă ocupați în platformă, așa cum prevede Regulamentul general privind protecția datelor (GDPR):',
  'articolul 15 (dreptul de acces) și articolul 20 (dreptul la portabilitatea datelor).',
  '',
  `Generată la: ${madeAt} (ora UTC)`,
  `Pentru contul: ${email}`,
  '',
  'Fiecare serviciu al platformei are în arhivă un fișier <serviciu>.json cu toate datele sale (pentru alte',
  'programe) și un dosar <serviciu>/ cu câte un fișier CSV pentru fiecare tabel (se deschide în Excel, LibreOffice',
  'sau Numbers): identity - contul și autentificarea; therapy - copiii, planurile și evaluările; billing -',
  'abonamentele și licențele.',
  '',
  'Fișierele CSV sunt în UTF-8, cu virgula ca separator și un rând de antet. Datele și orele sunt în formatul',
  "ISO 8601, în timp universal (UTC). Un text care începe cu =, +, -, @ sau cu un tab are un apostrof (') în",
  'față, ca programul de calcul să nu îl ia drept formulă; în fișierele JSON valorile sunt exact cele păstrate.',
  'Descrierile fișierelor de mai jos sunt în limba engleză.',
];

const english = (madeAt: string, email: string): string[] => [
  'MY DATA - ABA Tracker',
  '=====================',
  '',
  'This archive holds the data the ABA Tracker platform keeps about your account and about the children you look',
  'after in it, as the General Data Protection Regulation (GDPR) provides: Article 15 (right of access) and',
  'Article 20 (right to data portability).',
  '',
  `Made at: ${madeAt} (UTC)`,
  `For the account: ${email}`,
  '',
  'Each service of the platform has a <service>.json file in the archive with all of its data (for other programs)',
  'and a <service>/ folder with one CSV file per table (it opens in Excel, LibreOffice or Numbers): identity - the',
  'account and logging in; therapy - children, plans and evaluations; billing - subscriptions and licences.',
  '',
  'The CSV files are UTF-8, comma-separated, with a header row. Dates and times are ISO 8601, in UTC. Text that',
  "starts with =, +, -, @ or a tab has an apostrophe (') put before it so that a spreadsheet does not run it as a",
  'formula; the JSON files hold the values exactly as kept.',
];

const listing = (file: ListedFile): string[] => [
  file.path,
  `    ${file.description}`,
  ...(file.columns ? [`    Coloane / Columns: ${file.columns.join(', ')}`] : []),
  '',
];

/**
 * The export's README.txt: what the archive is, when it was made and for whom, in Romanian and then in English, then
 * every file with what it holds and, for a CSV file, its columns. CRLF line ends and a UTF-8 byte order mark, so any
 * text editor shows the diacritics.
 */
export function exportReadme({ madeAt, email, files }: ReadmeInput): string {
  const when = madeAt.toISOString();
  const lines = [
    ...romanian(when, email),
    '',
    '',
    ...english(when, email),
    '',
    '',
    'FIȘIERELE ARHIVEI / FILES IN THIS ARCHIVE',
    '=========================================',
    '',
    ...files.flatMap(listing),
  ];
  return UTF8_BOM + lines.join('\r\n');
}
