import { Spin } from 'antd';
import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { findOpsRoute } from './ops-menu';
import { OPS_HOME, OPS_PAGES } from './ops-route-table';

/**
 * The page of the console's route table at this path; /ops and unknown paths go to the queue.
 * Picked by path here rather than by descendant <Routes>, which would pull react-router's
 * route-element code into the app's first chunk (it is tree-shaken from there today).
 */
export function OpsPages() {
  const { pathname } = useLocation();
  const route = findOpsRoute(pathname);
  const entry = OPS_PAGES.find((page) => page.route === route);
  if (!entry) return <Navigate to={OPS_HOME} replace />;
  const { Page } = entry;
  return (
    <Suspense fallback={<Spin size="large" className="ops-loading" data-testid="ops-page-loading" />}>
      <Page />
    </Suspense>
  );
}
