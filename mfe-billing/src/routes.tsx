import { NotFoundPage } from '@aba/web-kit';
import { Route, Routes } from 'react-router';
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
