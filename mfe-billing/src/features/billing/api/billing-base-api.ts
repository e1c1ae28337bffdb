import { baseApi } from '@aba/web-kit';

/**
 * The shared RTK Query API with the billing page's cache tag `LicenceUse` (GET /api/user/subscription-data: the
 * licences, their uses and the children the user owns). Adding or removing a licence invalidates it, so the summary,
 * the table and the footer's select refresh together.
 */
export const billingBaseApi = baseApi.enhanceEndpoints({ addTagTypes: ['LicenceUse'] });

export const LICENCE_TAGS = ['LicenceUse'] as const;
