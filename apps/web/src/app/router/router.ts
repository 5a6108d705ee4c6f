import { createBrowserRouter } from 'react-router';
import { buildRouteObjects } from './build-routes';
import { ROUTES } from './route-table';

/** The app's data router, built once from the route table. */
export const router = createBrowserRouter(buildRouteObjects(ROUTES));
