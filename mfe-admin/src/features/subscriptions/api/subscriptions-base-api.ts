import { baseApi } from '@aba/web-kit';

/** The shared RTK Query API with the `Subscription` tag (the admin list; create and status changes invalidate it). */
export const subscriptionsBaseApi = baseApi.enhanceEndpoints({ addTagTypes: ['Subscription'] });
