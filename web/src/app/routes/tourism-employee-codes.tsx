import { Navigate } from 'react-router';
import { useAuth } from '../../lib/auth.ts';
import { paths } from '../../config/paths.ts';
import { EmployeeCodesScreen } from '../../features/employee-codes/components/employee-codes-screen.tsx';

/** /tourism/employee-codes (tourism accounts: partner select, Company column) and /employee-codes (partners with can_generate). */
export default function EmployeeCodesPage({ tourism }: { tourism: boolean }) {
  const auth = useAuth();
  if (!auth.isAuth) return <Navigate to={paths.notAllowed} replace />;
  if (auth.data.is_tourism)
    return tourism ? <EmployeeCodesScreen tourism /> : <Navigate to="/tourism/employee-codes" replace />;
  if (!tourism && auth.data.is_partner && auth.data.can_generate) return <EmployeeCodesScreen tourism={false} />;
  return <Navigate to={paths.notAllowed} replace />;
}

export function TourismEmployeeCodesPage() {
  return <EmployeeCodesPage tourism />;
}

export function PartnerEmployeeCodesPage() {
  return <EmployeeCodesPage tourism={false} />;
}
