import { ACCOUNT_EXPORT_FILE_NAME } from '@aba/contracts/api';
import { exportFileName } from './file-download.js';

describe('exportFileName', () => {
  it('reads the name identity gives the ZIP', () => {
    expect(exportFileName(`attachment; filename="${ACCOUNT_EXPORT_FILE_NAME}"`)).toBe(
      ACCOUNT_EXPORT_FILE_NAME,
    );
  });

  it('reads a name without quotes, and prefers the RFC 5987 one', () => {
    expect(exportFileName('attachment; filename=date.zip; size=3')).toBe('date.zip');
    expect(exportFileName(`attachment; filename="date.zip"; filename*=UTF-8''dat%C4%83.zip`)).toBe(
      'dată.zip',
    );
  });

  it('keeps no folder of it', () => {
    expect(exportFileName('attachment; filename="../../etc/date.zip"')).toBe('date.zip');
    expect(exportFileName('attachment; filename="C:\\date\\x.zip"')).toBe('x.zip');
  });

  it('is null when the header names no file', () => {
    expect(exportFileName(null)).toBeNull();
    expect(exportFileName('attachment')).toBeNull();
    expect(exportFileName('attachment; filename=""')).toBeNull();
    expect(exportFileName(`attachment; filename*=UTF-8''%E0%A4%A`)).toBeNull();
  });
});
