import { ReportPage } from './report-page';

/** /report/payment: the payment report. */
export default function PaymentReportPage() {
  return <ReportPage kind="payment" />;
}
