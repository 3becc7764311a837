import { formatDate, formatInvoiceDate } from '@gm/shared/dates/format';
import { formatEuro } from '@gm/shared/money/money';
import { TRANSFER_STATUS_LABEL, type SellerInvoice } from '@gm/shared/payouts/contracts';
import './seller-payouts.css';

/** Zeitraum of a Gutschrift in the invoice date format (02 §9 DD-MM-YYYY); the first one has no start. */
export function invoicePeriod(invoice: Pick<SellerInvoice, 'period_start' | 'period_end'>): [string, string] {
  const end = formatInvoiceDate(invoice.period_end);
  return invoice.period_start ? [`${formatInvoiceDate(invoice.period_start)} –`, end] : ['bis', end];
}

/**
 * What the Gutschrift deducted besides commission and fees: reversals (before and after invoicing)
 * and a negative balance carried in from the previous one — shown as a deduction.
 */
export function invoiceDeductions(invoice: Pick<SellerInvoice, 'reversals' | 'adjustments' | 'carried_in'>): number {
  return invoice.reversals + invoice.adjustments - Math.min(0, invoice.carried_in);
}

const minus = (cents: number) => formatEuro(cents === 0 ? 0 : -cents);

/**
 * The seller's Gutschriften (issue 12 "Seller side"), newest first: number, date, period, the
 * ledger's figures (Umsatz − Provision + USt − Zahlungsgebühren − Stornos/Verrechnung = Auszahlung,
 * a negative balance carried to the next one), the transfer state and the PDF.
 */
export function SellerInvoicesTable({
  invoices,
  busy = false,
  downloading = null,
  onDownload,
}: {
  invoices: readonly SellerInvoice[];
  busy?: boolean;
  /** The id of the invoice whose PDF is being fetched. */
  downloading?: string | null;
  onDownload: (invoice: SellerInvoice) => void;
}) {
  return (
    <div className={`table-scroll seller-payouts__scroll${busy ? ' is-busy' : ''}`} aria-busy={busy}>
      <table className="orders-table orders-table--cards seller-payouts__table" data-testid="seller-invoices-table">
        <caption className="visually-hidden">Deine Gutschriften, neueste zuerst</caption>
        <thead>
          <tr>
            <th scope="col">Gutschrift-Nr.</th>
            <th scope="col">Datum</th>
            <th scope="col">Zeitraum</th>
            <th scope="col" className="orders-table__amount">
              Umsatz
            </th>
            <th scope="col" className="orders-table__amount">
              Provision + USt
            </th>
            <th scope="col" className="orders-table__amount">
              Zahlungs&shy;gebühren
            </th>
            <th scope="col" className="orders-table__amount">
              Stornos/
              <wbr />
              Verrechnung
            </th>
            <th scope="col" className="orders-table__amount">
              Auszahlung
            </th>
            <th scope="col">Überweisung</th>
            <th scope="col">
              <span className="visually-hidden">Gutschrift herunterladen</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.id} data-testid="seller-invoice-row" data-invoice-no={invoice.invoice_no}>
              <td data-label="Gutschrift-Nr." className="seller-payouts__no" data-testid="seller-invoice-no">
                {invoice.invoice_no}
              </td>
              <td data-label="Datum">
                <time dateTime={invoice.issued_at}>{formatDate(invoice.issued_at)}</time>
              </td>
              <td data-label="Zeitraum" data-testid="seller-invoice-period">
                {/* Two unbreakable halves: a narrow column wraps after the dash, never inside a date. */}
                <span>
                  <span className="seller-payouts__nowrap">{invoicePeriod(invoice)[0]}</span>{' '}
                  <span className="seller-payouts__nowrap">{invoicePeriod(invoice)[1]}</span>
                </span>
              </td>
              <td data-label="Umsatz" className="orders-table__amount">
                {formatEuro(invoice.gross)}
              </td>
              <td data-label="Provision + USt" className="orders-table__amount">
                {minus(invoice.commission + invoice.commission_vat)}
              </td>
              <td data-label="Zahlungsgebühren" className="orders-table__amount">
                {minus(invoice.processing_fees)}
              </td>
              <td data-label="Stornos/Verrechnung" className="orders-table__amount">
                {minus(invoiceDeductions(invoice))}
              </td>
              <td data-label="Auszahlung" className="orders-table__amount">
                <span className="seller-payouts__amount">
                  <strong data-testid="seller-invoice-payout">{formatEuro(invoice.payout)}</strong>
                  {invoice.carry_out < 0 && (
                    <span className="seller-payouts__carry" data-testid="seller-invoice-carry">
                      Übertrag {formatEuro(invoice.carry_out)}
                    </span>
                  )}
                </span>
              </td>
              <td data-label="Überweisung">
                <span
                  className={`seller-badge seller-payouts__status seller-payouts__status--${invoice.transfer_status}`}
                  data-testid="seller-invoice-transfer"
                >
                  {TRANSFER_STATUS_LABEL[invoice.transfer_status]}
                </span>
              </td>
              <td data-label="PDF">
                <button
                  type="button"
                  className="button button--small button--ghost"
                  onClick={() => onDownload(invoice)}
                  disabled={downloading === invoice.id}
                  aria-label={`PDF der Gutschrift ${invoice.invoice_no} herunterladen`}
                  data-testid="seller-invoice-pdf"
                >
                  PDF
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
