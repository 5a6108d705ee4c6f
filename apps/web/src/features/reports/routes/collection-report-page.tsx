import { ReportPage } from './report-page';

/** /report/collection: the collection report. */
export default function CollectionReportPage() {
  return <ReportPage kind="collection" />;
}
