import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** The employee's claim QR (`<APP_URL>/e/<employeeClaimNo>/<userClaimNo>`), rendered in the browser. */
export function EmployeeQr({ value, size = 220 }: { value: string; size?: number }) {
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
    <span className="employee-qr" style={{ width: size, height: size }}>
      {current ? (
        <img
          src={current}
          width={size}
          height={size}
          alt="QR-Code zum Einlösen"
          data-testid="employee-qr"
          data-qr-value={value}
        />
      ) : (
        <span className="employee-qr__placeholder" aria-hidden="true" />
      )}
    </span>
  );
}
