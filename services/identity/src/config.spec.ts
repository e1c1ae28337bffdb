import { DEFAULT_MAIL_DIR, loadIdentityConfig, REPO_ROOT } from './config.js';

const base = {
  SERVICE_DATABASE_URL: 'postgres://identity:x@127.0.0.1:5432/aba',
  INTERNAL_TOKEN_SECRET: 'a-secret-of-at-least-thirty-two-characters',
};

describe('identity configuration', () => {
  it('has defaults for every identity variable', () => {
    const config = loadIdentityConfig(base);
    expect(config.http.port).toBe(3001);
    expect(config.identity).toEqual({
      publicUrl: 'http://localhost:8080',
      secureCookies: false,
      mail: { smtpUrl: null, from: 'ABA Tracker <no-reply@localhost>', dir: DEFAULT_MAIL_DIR },
      services: { therapy: 'http://127.0.0.1:3002', billing: 'http://127.0.0.1:3003' },
      admin: null,
    });
    expect(DEFAULT_MAIL_DIR).toBe(`${REPO_ROOT}.data/mail`);
    expect(REPO_ROOT).toMatch(/\/$/);
  });

  it('reads the variables it is given', () => {
    const config = loadIdentityConfig({
      ...base,
      PUBLIC_URL: 'https://aba.example.com/',
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      MAIL_FROM: 'ABA <aba@example.com>',
      MAIL_DIR: '/tmp/mail',
      ADMIN_EMAIL: ' Admin@Example.com ',
      ADMIN_PASSWORD: 'Admin-passw0rd',
      THERAPY_URL: 'https://therapy.internal/base/',
      BILLING_URL: 'http://billing:3000',
    });
    expect(config.identity).toEqual({
      publicUrl: 'https://aba.example.com',
      secureCookies: true,
      mail: {
        smtpUrl: 'smtps://user:pass@smtp.example.com:465',
        from: 'ABA <aba@example.com>',
        dir: '/tmp/mail',
      },
      services: { therapy: 'https://therapy.internal/base', billing: 'http://billing:3000' },
      admin: { email: 'admin@example.com', password: 'Admin-passw0rd' },
    });
  });

  it('treats empty variables as unset', () => {
    expect(
      loadIdentityConfig({ ...base, SMTP_URL: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }).identity.admin,
    ).toBeNull();
  });

  it.each([
    [{ ADMIN_EMAIL: 'admin@example.com' }, /ADMIN_PASSWORD: set both/],
    [{ ADMIN_PASSWORD: 'Admin-passw0rd' }, /ADMIN_EMAIL: set both/],
    [
      { ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'weak' },
      /ADMIN_PASSWORD: must have 10 to 200 characters/,
    ],
    [
      { ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'Admin-passw0rd' },
      /ADMIN_EMAIL: must be an e-mail address/,
    ],
    [{ PUBLIC_URL: 'ftp://x' }, /PUBLIC_URL: must be a URL/],
    [{ THERAPY_URL: 'not a url' }, /THERAPY_URL: must be a URL/],
    [{ BILLING_URL: 'http://billing:3000/?x=1' }, /BILLING_URL: must be a URL/],
    [
      { SMTP_URL: 'http://smtp.example.com' },
      /SMTP_URL: must be a URL starting with smtp:\/\/ or smtps:\/\//,
    ],
  ])('stops start-up on %p', (env, message) => {
    expect(() => loadIdentityConfig({ ...base, ...env })).toThrow(message);
  });
});
