import { ReportPage } from './report-page';

/** /report/recharge: the recharge report. */
export default function RechargeReportPage() {
  return <ReportPage kind="recharge" />;
}
