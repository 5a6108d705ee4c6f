import { ReportPage } from './report-page';

/** /report/bill: the bill report. */
export default function BillReportPage() {
  return <ReportPage kind="bill" />;
}
