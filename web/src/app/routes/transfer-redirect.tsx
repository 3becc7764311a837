import { Navigate, useParams } from 'react-router';
import { paths } from '../../config/paths.ts';

/** /transfer/{id} → /ein-liebevolles-geschenk/{id} (01 §2). */
export default function TransferRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={paths.shareLink(id)} replace />;
}
