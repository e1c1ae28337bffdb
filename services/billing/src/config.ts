import { z } from 'zod';
import { loadConfig, loadServiceConfig, optionalSetting, urlSetting, type ServiceConfig } from '@aba/server-kit';

/**
 * Billing's configuration: the only place of this service that reads the environment.
 * Parsed once at boot; a bad value stops start-up with a message naming the variable.
 */

export const DEFAULT_PUBLIC_URL = 'http://localhost:8080';

const httpUrl = urlSetting(['http:', 'https:']);

export const stripeConfigSchema = z
  .object({
    STRIPE_SECRET_KEY: optionalSetting(
      z.string().regex(/^(sk|rk)_\S+$/, 'must be a Stripe secret key (sk_… or rk_…)'),
    ),
    STRIPE_WEBHOOK_SECRET: optionalSetting(
      z.string().regex(/^whsec_\S+$/, 'must be a Stripe webhook signing secret (whsec_…)'),
    ),
    STRIPE_PRICE_ID: optionalSetting(z.string().regex(/^\S+$/, 'must be a Stripe price id (price_…)')),
    STRIPE_API_BASE: optionalSetting(httpUrl),
    BILLING_PORTAL_URL: optionalSetting(httpUrl),
    BILLING_CHECKOUT_URL: optionalSetting(httpUrl),
    PUBLIC_URL: httpUrl.default(DEFAULT_PUBLIC_URL),
  })
  .superRefine((env, context) => {
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'is required when STRIPE_SECRET_KEY is set',
      });
    }
  })
  .transform((env) => {
    const api = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
    return {
      /** Stripe API key; without it the links are the configured URLs and no Stripe call is made. */
      secretKey: env.STRIPE_SECRET_KEY ?? null,
      /** Verifies webhook signatures; without it the webhook answers 503. */
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
      /** The price a licence is sold at (Checkout line item). */
      priceId: env.STRIPE_PRICE_ID ?? null,
      /** Where the SDK sends its requests instead of api.stripe.com (tests point it at a local fake). */
      api: api
        ? {
            host: api.hostname,
            port: api.port ? Number(api.port) : api.protocol === 'https:' ? 443 : 80,
            protocol: api.protocol === 'https:' ? ('https' as const) : ('http' as const),
          }
        : null,
      /** Fallback links when there is no Stripe key (or no customer/price for a Stripe session). */
      portalUrl: env.BILLING_PORTAL_URL ?? null,
      checkoutUrl: env.BILLING_CHECKOUT_URL ?? null,
      /** The app's public address: Stripe sends the user back to `${publicUrl}/billing`. */
      publicUrl: env.PUBLIC_URL.replace(/\/+$/, ''),
    };
  });

export type BillingSettings = z.infer<typeof stripeConfigSchema>;

export interface BillingConfig extends ServiceConfig {
  billing: BillingSettings;
}

/** The shared service configuration extended with billing's own. */
export function loadBillingConfig(env: NodeJS.ProcessEnv = process.env): BillingConfig {
  return { ...loadServiceConfig('billing', env), ...loadConfig({ billing: stripeConfigSchema }, env) };
}

/** Injection token of the billing settings. */
export const BILLING_SETTINGS = Symbol('BILLING_SETTINGS');
