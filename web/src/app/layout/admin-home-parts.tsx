import type { ReactNode } from 'react';
import { SalesPauseSwitch } from '../../features/checkout/components/sales-pause-switch.tsx';
import { AdminOverview } from '../../features/platform-admin/components/admin-overview.tsx';
import { NewsletterDownloadButton } from '../../entities/newsletter/components/newsletter-download-button.tsx';

/** The admin home around the menu tiles (issue 11): counts above, the newsletter export and the sales pause below. */
export default function AdminHomeParts({ tiles }: { tiles: ReactNode }) {
  return (
    <>
      <AdminOverview />
      {tiles}
      <div className="role-home__downloads">
        <NewsletterDownloadButton />
      </div>
      <SalesPauseSwitch />
    </>
  );
}
