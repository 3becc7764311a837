import { Link } from 'react-router';
import type { Voucher } from '@gm/shared/catalogue/contracts';
import { paths } from '../../../config/paths.ts';
import { InfoIcon } from '../../../components/ui/icons.tsx';
import { mainSiteUrl } from '../../tenant/main-site.ts';

/**
 * In place of 'In den Warenkorb' on a tenant shop for another seller's voucher: this shop sells only
 * its own seller's vouchers, the marketplace sells this one.
 */
export function NotSoldHere({ voucher }: { voucher: Pick<Voucher, 'id'> }) {
  const marketplace = mainSiteUrl(window.location, paths.voucher(voucher.id));
  return (
    <div className="notice notice--info" role="status" data-testid="not-sold-here">
      <InfoIcon size={20} />
      <div>
        <p>
          <strong>Dieser Gutschein ist in diesem Shop nicht erhältlich.</strong>
        </p>
        <p>
          Du kannst ihn auf dem <a href={marketplace}>Gutscheinmarkt kaufen</a> oder dir{' '}
          <Link to={paths.home}>die Gutscheine dieses Shops</Link> ansehen.
        </p>
      </div>
    </div>
  );
}
