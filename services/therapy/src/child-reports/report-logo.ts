import { createHash } from 'node:crypto';
import {
  REPORT_LOGO,
  REPORT_LOGO_MEDIA_TYPES,
  ReportSettingsMessages,
  type ReportLogo,
  type ReportLogoType,
} from '@aba/contracts/api';
import { ValidationFailed } from '@aba/server-kit';
import { imageSize } from 'image-size';
import { renderPdf } from '../pdf/pdf-document.js';

/** A logo as the report keeps it: its file and what the settings say of it. */
export interface LogoFile extends ReportLogo {
  data: Buffer;
}

const TYPES: Readonly<Record<string, ReportLogoType>> = { png: 'png', jpg: 'jpeg' };

/** The logo as a data URL, as pdfmake draws an image. */
export const logoDataUrl = ({ type, data }: Pick<LogoFile, 'type' | 'data'>): string =>
  `data:${REPORT_LOGO_MEDIA_TYPES[type]};base64,${data.toString('base64')}`;

/** How the audit trail names a logo: its type, size and the start of its SHA-256 (another file, another name). */
export const logoFingerprint = ({ type, width, height, data }: LogoFile): string =>
  `${type.toUpperCase()} ${width}×${height} · ${createHash('sha256').update(data).digest('hex').slice(0, 8)}`;

/**
 * The logo a report can draw from a file sent as base64, or a 400 saying what is wrong with it: too large, not a PNG
 * or JPEG, a side out of bounds, or a file the PDF renderer cannot read (it is drawn once here, so a report never
 * fails on it later).
 */
export async function readLogo(base64: string): Promise<LogoFile> {
  const data = Buffer.from(base64, 'base64');
  if (data.length > REPORT_LOGO.maxBytes) throw new ValidationFailed(ReportSettingsMessages.logoTooLarge);
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(data);
  } catch {
    throw new ValidationFailed(ReportSettingsMessages.logoNotImage);
  }
  const type = size.type === undefined ? undefined : TYPES[size.type];
  if (!type) throw new ValidationFailed(ReportSettingsMessages.logoNotImage);
  const sides = [size.width, size.height];
  if (sides.some((side) => side < REPORT_LOGO.minSide || side > REPORT_LOGO.maxSide)) {
    throw new ValidationFailed(ReportSettingsMessages.logoSize);
  }
  const logo: LogoFile = { type, width: size.width, height: size.height, bytes: data.length, data };
  try {
    await renderPdf({ content: [{ image: logoDataUrl(logo), fit: [120, 40] }] });
  } catch {
    throw new ValidationFailed(ReportSettingsMessages.logoNotImage);
  }
  return logo;
}
