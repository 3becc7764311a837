import { Link } from 'react-router';
import { ORDER_TEXT } from '@gm/shared/orders/contracts';
import { paths } from '../../config/paths.ts';
import { CheckCircleIcon } from '../../components/ui/icons.tsx';
import './thank-you.css';

/** /thank-you: the guest's order confirmation (01 §2, §8). */
export default function ThankYouPage() {
  return (
    <section className="container status-page" data-testid="thank-you-page">
      <title>Danke! – Gutscheinmarkt</title>
      <CheckCircleIcon size={56} className="thank-you__icon" />
      <h1 className="status-page__title thank-you__title">{ORDER_TEXT.guestThankYou}</h1>
      <div className="button-row button-row--center">
        <Link to={paths.home} className="button button--primary">
          Weiter stöbern
        </Link>
        <Link to={paths.registerBuyer} className="button button--ghost">
          Account eröffnen
        </Link>
      </div>
    </section>
  );
}
