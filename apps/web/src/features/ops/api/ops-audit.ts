import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OpsAuditPageBody } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';
import { opsKeys } from './ops-keys';

/** POST /front/ops/audit/page (JSON): every operator action, newest first, filtered by action. */
export function useOpsAuditLog(body: OpsAuditPageBody) {
  return useQuery({
    queryKey: opsKeys.auditPage(body),
    queryFn: ({ signal }) => callEndpoint('opsAuditPage', body, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
