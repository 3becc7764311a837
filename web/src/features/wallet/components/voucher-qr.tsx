import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import './voucher-qr.css';

/** The voucher's QR code, rendered in the browser from its `qr` URL (what the scanner reads). */
export function VoucherQr({
  value,
  size = 220,
  label = 'QR-Code zum Einlösen',
}: {
  value: string;
  size?: number;
  label?: string;
}) {
  const [src, setSrc] = useState<{ value: string; url: string } | null>(null);
  useEffect(() => {
    let active = true;
    QRCode.toDataURL(value, { errorCorrectionLevel: 'M', margin: 2, width: size * 2 }).then(
      (url) => active && setSrc({ value, url }),
      (error: unknown) => console.error('QR code failed', error),
    );
    return () => {
      active = false;
    };
  }, [value, size]);
  const current = src?.value === value ? src.url : null;
  return (
    <span className="voucher-qr" style={{ width: size, height: size }}>
      {current ? (
        <img src={current} width={size} height={size} alt={label} data-testid="voucher-qr" data-qr-value={value} />
      ) : (
        <span className="voucher-qr__placeholder" aria-hidden="true" />
      )}
    </span>
  );
}
