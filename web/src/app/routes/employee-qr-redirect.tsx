import { Navigate, useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useRole } from '../../lib/auth.ts';

/**
 * /e/{employeeClaimNo}/{userClaimNo}: what an employee's claim QR opens in a phone's camera app
 * (issue 13). Staff go to the scanner with the code (redeemed at once there); anyone else to the wallet.
 */
export default function EmployeeQrRedirectPage() {
  const { voucherClaim = '', userClaim = '' } = useParams();
  const role = useRole();
  if (role === 'seller' || role === 'scanner')
    return <Navigate to={`${paths.scanner}?code=${encodeURIComponent(`${voucherClaim}/${userClaim}`)}`} replace />;
  return <Navigate to={paths.wallet} replace />;
}
