import { renderMail, type MailKind } from './templates.js';

const kinds: MailKind[] = ['activation', 'reset', 'invite'];
const link = 'http://localhost:8080/token/activate-user/AbC_123-xyz';

describe('e-mail templates', () => {
  it.each(kinds.flatMap((kind) => (['ro', 'en'] as const).map((language) => [kind, language] as const)))(
    '%s in %s carries the link in text and HTML',
    (kind, language) => {
      const mail = renderMail(kind, { language, link, firstName: 'Ana' });
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${link}"`);
    },
  );

  it('writes Romanian and English differently', () => {
    for (const kind of kinds) {
      const ro = renderMail(kind, { language: 'ro', link });
      const en = renderMail(kind, { language: 'en', link });
      expect(ro.subject).not.toBe(en.subject);
      expect(ro.text).not.toBe(en.text);
    }
    expect(renderMail('activation', { language: 'ro', link, firstName: 'Ana' }).text).toMatch(/^Bună, Ana,/);
    expect(renderMail('activation', { language: 'en', link, firstName: 'Ana' }).text).toMatch(/^Hello Ana,/);
    expect(renderMail('reset', { language: 'ro', link }).text).toContain('parol');
  });

  it('escapes names and links in HTML', () => {
    const mail = renderMail('activation', {
      language: 'en',
      link: 'http://x/?a="b"&c',
      firstName: '<script>alert(1)</script>',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');
    expect(mail.html).toContain('href="http://x/?a=&#34;b&#34;&#38;c"');
  });
});
