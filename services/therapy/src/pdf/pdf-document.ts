import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import pdfmake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js';

/** Roboto as pdfmake ships it: Latin with Romanian's ș, ț, ă, î, â; embedded (subset) in every PDF. */
const FONT_DIR = join(
  dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')),
  'fonts/Roboto',
);

let configured = false;

function configure(): void {
  if (configured) return;
  pdfmake.addFonts({
    Roboto: {
      normal: join(FONT_DIR, 'Roboto-Regular.ttf'),
      bold: join(FONT_DIR, 'Roboto-Medium.ttf'),
      italics: join(FONT_DIR, 'Roboto-Italic.ttf'),
      bolditalics: join(FONT_DIR, 'Roboto-MediumItalic.ttf'),
    },
  });
  // A report draws only what it is given: no address is fetched and no file read but the fonts.
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => path.startsWith(FONT_DIR));
  configured = true;
}

/** The PDF of a pdfmake document, made on the server so it is the same file on every device. */
export async function renderPdf(document: TDocumentDefinitions): Promise<Buffer> {
  configure();
  return pdfmake.createPdf(document).getBuffer();
}
