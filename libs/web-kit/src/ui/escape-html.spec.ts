import { escapeHtml } from './escape-html.js';

/** What an HTML parser makes of character references in text: the characters they stand for. */
const parsedText = (html: string) =>
  html.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name]!,
  );

describe('escapeHtml', () => {
  it.each([
    '<img src=x onerror=alert(1)>',
    '<b>Țipă</b>',
    '<script>alert("x")</script>',
    `Aruncă "obiecte" & <i>jucării</i> 'des'`,
    'already &lt;escaped&gt; &amp; kept as typed',
  ])('%s holds no markup and reads back as the same text', (name) => {
    const escaped = escapeHtml(name);
    expect(escaped).not.toMatch(/[<>"']/);
    expect(escaped.replace(/&(amp|lt|gt|quot|#39);/g, '')).not.toContain('&');
    expect(parsedText(escaped)).toBe(name);
  });

  it('leaves plain text, diacritics included, as it is', () => {
    expect(escapeHtml('Țipă când e chemat')).toBe('Țipă când e chemat');
  });
});
