import { strFromU8, unzipSync } from 'fflate';
import { extractText, getDocumentProxy } from 'unpdf';
import { UTF8_BOM } from '@aba/server-kit';
import type { Response } from 'supertest';
import type { TestUser, TherapyHarness } from './therapy-harness.js';

/** A GET whose answer is a file, its body kept as bytes (supertest buffers binary answers only when asked to). */
export async function download(therapy: TherapyHarness, user: TestUser, path: string): Promise<Response> {
  return therapy
    .http()
    .get(path)
    .set(await therapy.headers(user))
    .buffer(true)
    .parse((response, callback) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => callback(null, Buffer.concat(chunks)));
    });
}

/** The answer's body as bytes. */
export const binary = (response: Response) => new Uint8Array(response.body as Buffer);

/** A PDF answer's text, page by page, as a reader's copy-and-paste would give it (white space as single spaces). */
export async function pdfPages(response: Response): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(binary(response)), { mergePages: false });
  return text.map((page) => page.replace(/\s+/g, ' '));
}

/** The files of a ZIP answer, each as bytes. */
export const filesOf = (response: Response) => unzipSync(binary(response));

/** UTF-8's byte order mark, which a decoder drops. */
const BOM_BYTES = [...new TextEncoder().encode(UTF8_BOM)];

/** A CSV file (after its BOM) as records of fields, read as RFC 4180 says: quoted fields may hold anything. */
export function records(bytes: Uint8Array, separator: string): string[][] {
  expect([...bytes.slice(0, 3)]).toEqual(BOM_BYTES);
  const text = strFromU8(bytes.slice(3));
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') field += text[++i];
      else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) [row, field] = [[...row, field], ''];
    else if (char === '\r' && text[i + 1] === '\n') {
      rows.push([...row, field]);
      [row, field] = [[], ''];
      i++;
    } else field += char;
  }
  return rows;
}

/** Records as objects by the header's names. */
export const byHeader = (rows: string[][]) =>
  rows.slice(1).map((row) => Object.fromEntries(rows[0].map((name, i) => [name, row[i]])));
