import { useQueryClient } from '@tanstack/react-query';
import { resolveLanguage } from '@tollgate/contracts/languages';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { setSessionEndHandler } from '../shared/lib/http';
import { storeLanguage } from '../shared/lib/language';
import { PageLoading } from '../shared/ui/page-loading';
import { useIsRouteModuleLoading } from './router/route-loading';

/**
 * Above every route: the loading overlay for route modules still in flight, the language
 * written back on every navigation (SPEC section 3), and what a 401/4000 does in this app.
 */
export function RootFrame() {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const isModuleLoading = useIsRouteModuleLoading();

  useEffect(() => {
    setSessionEndHandler(() => {
      // Leave the shell first so no mounted query refetches with the dead token, then forget all data.
      void Promise.resolve(navigate('/login', { replace: true })).finally(() => queryClient.clear());
    });
  }, [navigate, queryClient]);

  useEffect(() => {
    if (location.pathname) storeLanguage(resolveLanguage(i18n.language));
  }, [location.pathname, i18n.language]);

  const isOverlayShown = navigation.state !== 'idle' && isModuleLoading;
  return (
    <>
      {isOverlayShown ? <PageLoading /> : null}
      <Outlet />
    </>
  );
}
