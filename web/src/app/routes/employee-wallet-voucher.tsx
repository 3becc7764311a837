import { useParams } from 'react-router';
import { EmployeeVoucherDetail } from '../../features/employee-vouchers/components/employee-voucher-detail.tsx';

/** /wallet/voucher/{username}/{id}: an employee voucher of the employee wallet (issue 13, 01 §1). */
export default function EmployeeWalletVoucherPage() {
  const { id = '' } = useParams();
  return <EmployeeVoucherDetail id={id} />;
}
