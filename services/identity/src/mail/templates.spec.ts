import { renderMail, type MailKind } from './templates.js';

const kinds: MailKind[] = ['activation', 'reset', 'invite', 'email-change'];
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

  it("tells the account's current address of an e-mail change, naming the new one, with no link to open", () => {
    for (const language of ['ro', 'en'] as const) {
      const mail = renderMail('email-change-notice', { language, newEmail: 'ana.noua@example.com' });
      expect(mail.text).toContain('ana.noua@example.com');
      expect(mail.html).toContain('ana.noua@example.com');
      expect(mail.html).not.toContain('href=');
      expect(mail.text).not.toContain('http');
    }
    expect(renderMail('email-change-notice', { language: 'ro', newEmail: 'x@example.com' }).text).toContain(
      'schimbă-ți parola',
    );
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

  describe('invite', () => {
    const invite = { inviterName: 'Maria Popescu', childFirstName: 'Andrei', role: 'THERAPIST' } as const;

    it('says who invited, for which child and in which role', () => {
      const ro = renderMail('invite', { language: 'ro', link, invite });
      expect(ro.subject).toBe('Maria Popescu te-a invitat în ABA Tracker');
      expect(ro.text).toContain(
        'Maria Popescu te-a invitat să faci parte din echipa copilului Andrei în ABA Tracker, ca terapeut.',
      );
      const en = renderMail('invite', { language: 'en', link, invite: { ...invite, role: 'COORDINATOR' } });
      expect(en.subject).toBe('Maria Popescu invited you to ABA Tracker');
      expect(en.text).toContain("Maria Popescu invited you to join Andrei's team in ABA Tracker as a coordinator.");
    });

    it('still reads well without the inviter or the child (an invitation sent before they were known)', () => {
      const ro = renderMail('invite', { language: 'ro', link, invite: { role: 'COORDINATOR' } });
      expect(ro.subject).toBe('Ai fost invitat în ABA Tracker');
      expect(ro.text).toContain('Ai fost invitat să faci parte din echipa unui copil în ABA Tracker, ca coordonator.');
      const en = renderMail('invite', { language: 'en', link, invite: { childFirstName: 'Ana', role: 'THERAPIST' } });
      expect(en.text).toContain("You have been invited to join Ana's team in ABA Tracker as a therapist.");
    });

    it('keeps names on one line and escapes them in HTML', () => {
      const mail = renderMail('invite', {
        language: 'en',
        link,
        invite: { inviterName: 'Eve\r\nBcc: x@evil.test <b>', childFirstName: '<i>Ana</i>', role: 'THERAPIST' },
      });
      expect(mail.subject).toBe('Eve Bcc: x@evil.test <b> invited you to ABA Tracker');
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.html).not.toContain('<i>Ana</i>');
      expect(mail.html).toContain('&#60;i&#62;Ana&#60;/i&#62;');
    });
  });
});
