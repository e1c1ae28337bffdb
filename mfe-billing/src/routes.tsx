import { NotFoundPage, Route, Routes } from '@aba/web-kit';
import { BillingPage } from './features/billing/components/billing-page.js';

/** Exposed as `billing/routes`; the shell renders it under /billing/. */
export default function BillingRoutes() {
  return (
    <Routes>
      <Route index element={<BillingPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
