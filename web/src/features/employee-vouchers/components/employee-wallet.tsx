import { Link } from 'react-router';
import { useState } from 'react';
import { EMPLOYEE_VOUCHER_TEXT, type WalletEmployeeVoucher } from '@gm/shared/tourism/employee-vouchers';
import { useCategories } from '../../../entities/catalogue/api/categories.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { PageLoader } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { mediaUrl } from '../../../lib/media.ts';
import { useEmployeeWallet } from '../api/employee-vouchers.ts';
import './employee-wallet.css';

/**
 * The employee wallet on the tourism tenant (01 §2 "Wallet", 03 §8): a category carousel (Alle plus
 * the categories) and the grid of the tourism account's employee vouchers: background image, title,
 * seller username and employee_value as the price. A card opens /wallet/voucher/{username}/{id}.
 * Only categories that hold one of the employee's vouchers are offered.
 */
export function EmployeeWallet() {
  const [category, setCategory] = useState<string | null>(null);
  const { data: categories } = useCategories();
  const wallet = useEmployeeWallet(category);
  // The unfiltered wallet (the same query as 'Alle', cached) tells which categories hold a voucher:
  // only those get a chip, so no chip leads to an empty grid.
  const everything = useEmployeeWallet(null);
  const used = new Set(
    (everything.data?.data ?? []).flatMap((voucher) => (voucher.category ? [voucher.category.id] : [])),
  );
  const chips = [
    { slug: null, name: EMPLOYEE_VOUCHER_TEXT.all },
    ...(categories ?? []).filter((c) => used.has(c.id)).map((c) => ({ slug: c.slug, name: c.name })),
  ];
  return (
    <div className="container employee-wallet" data-testid="employee-wallet">
      <title>Meine Wallet – Gutscheinmarkt</title>
      <header className="page-header">
        <h1>{EMPLOYEE_VOUCHER_TEXT.wallet}</h1>
        <p>Deine Mitarbeitergutscheine bei unseren Partnerbetrieben.</p>
      </header>
      <nav className="employee-wallet__categories" aria-label="Kategorien">
        <ul>
          {chips.map((chip) => (
            <li key={chip.slug ?? 'all'}>
              <button
                type="button"
                className={`employee-wallet__chip${category === chip.slug ? ' employee-wallet__chip--active' : ''}`}
                aria-pressed={category === chip.slug}
                onClick={() => setCategory(chip.slug)}
                data-testid="employee-wallet-category"
              >
                {chip.name}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {wallet.error && !wallet.data ? (
        <LoadFailed
          text="Deine Gutscheine konnten gerade nicht geladen werden."
          onRetry={() => void wallet.refetch()}
        />
      ) : !wallet.data ? (
        <PageLoader label="Gutscheine werden geladen…" />
      ) : wallet.data.data.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="employee-wallet__grid" data-testid="employee-wallet-grid" aria-busy={wallet.isPlaceholderData}>
          {wallet.data.data.map((voucher) => (
            <li key={voucher.id}>
              <EmployeeVoucherCard voucher={voucher} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function EmployeeVoucherCard({ voucher }: { voucher: WalletEmployeeVoucher }) {
  const image = mediaUrl(voucher.background_image);
  return (
    <Link
      to={paths.employeeWalletVoucher(voucher.seller.username, voucher.id)}
      className="employee-card"
      data-testid="employee-voucher-card"
      style={{ backgroundColor: voucher.styling.background_color }}
    >
      <span className="employee-card__image" aria-hidden="true">
        {image && <img src={image} alt="" loading="lazy" />}
      </span>
      <span className="employee-card__body">
        <span className="employee-card__title">{voucher.title}</span>
        <span className="employee-card__seller">{voucher.seller.username}</span>
        <span className="employee-card__price">{voucher.employee_value}</span>
        {voucher.redeemed && <span className="employee-card__tag">Eingelöst</span>}
      </span>
    </Link>
  );
}
