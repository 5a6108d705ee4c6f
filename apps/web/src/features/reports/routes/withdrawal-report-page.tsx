import { ReportPage } from './report-page';

/** /report/withdrawal: the withdrawal report. */
export default function WithdrawalReportPage() {
  return <ReportPage kind="withdrawal" />;
}
