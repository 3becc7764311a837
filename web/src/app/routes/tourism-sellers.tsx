import { Navigate } from 'react-router';
import { useAuth } from '../../lib/auth.ts';
import { paths } from '../../config/paths.ts';
import { PartnersScreen } from '../../features/tourism-partners/components/partners-screen.tsx';

/** /tourism/sellers (03 §2): tourism accounts only; other sellers get the not-allowed page. */
export default function TourismSellersPage() {
  const auth = useAuth();
  if (!auth.isAuth || !auth.data.is_tourism) return <Navigate to={paths.notAllowed} replace />;
  return <PartnersScreen />;
}
