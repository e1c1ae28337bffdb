import { baseApi } from '@aba/web-kit';

/**
 * The shared RTK Query API with the billing page's cache tags: `LicenceUse` (GET /api/user/subscription-data)
 * and `BillingChild` (GET /api/child/list as this page reads it). Adding or removing a licence invalidates both,
 * so the summary, the table and the footer's select refresh together.
 */
export const billingBaseApi = baseApi.enhanceEndpoints({ addTagTypes: ['LicenceUse', 'BillingChild'] });

export const LICENCE_TAGS = ['LicenceUse', 'BillingChild'] as const;
