// Reads and writes of the administration console. Every key starts with 'admin', so a write refreshes every list of
// the console (an organization's seat counts change with a user's seat, an invitation list with a deletion …).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvitationListQuery, UserLookupQuery } from '@atlas/domain';
import type { AuditFilters } from './audit-log';
import type { ListingSortKey } from './admin-types';
import { useApiClient } from '../../api/ApiClientContext';
import { queryKeys } from '../../api/queryKeys';
import { pageOf, pageRequest } from './paging';

export const adminKeys = {
  all: ['admin'] as const,
  organizations: (name: string, page: number) => ['admin', 'organizations', name, page] as const,
  organizationChoices: ['admin', 'organizations', 'choices'] as const,
  users: (filter: Omit<UserLookupQuery, 'offset' | 'limit'>, page: number) => ['admin', 'users', filter, page] as const,
  invitations: (filter: Omit<InvitationListQuery, 'offset' | 'limit'>, page: number) => ['admin', 'invitations', filter, page] as const,
  quotaPolicies: ['admin', 'quota-policies'] as const,
  publishedMaps: (sortBy: ListingSortKey, page: number) => ['admin', 'published-maps', sortBy, page] as const,
  resource: (type: string, id: string) => ['admin', 'resource', type, id] as const,
  organizationMembers: (organizationId: string) => ['admin', 'members', organizationId] as const,
  emailFlags: (email: string) => ['admin', 'email-flags', email] as const,
  auditLogs: (filters: AuditFilters, page: number) => ['admin', 'audit-logs', filters, page] as const,
};

/** The most organizations a picker offers (the server's largest page); the organizations tab searches the rest. */
export const ORGANIZATION_CHOICES_LIMIT = 1000;

export function useOrganizationPage(name: string, page: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: adminKeys.organizations(name, page),
    queryFn: async () => pageOf(await client.admin.organizations.list({ ...(name ? { name } : {}), ...pageRequest(page) }), page),
    placeholderData: keepPreviousData,
  });
}

/** The organizations offered by the pickers (invite, user filter), by name. */
export function useOrganizationChoices() {
  const client = useApiClient();
  return useQuery({
    queryKey: adminKeys.organizationChoices,
    queryFn: () => client.admin.organizations.list({ limit: ORGANIZATION_CHOICES_LIMIT }),
  });
}

export function useUserPage(filter: Omit<UserLookupQuery, 'offset' | 'limit'>, page: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: adminKeys.users(filter, page),
    queryFn: async () => pageOf(await client.admin.users.lookUp({ ...filter, ...pageRequest(page) }), page),
    placeholderData: keepPreviousData,
  });
}

export function useInvitationPage(filter: Omit<InvitationListQuery, 'offset' | 'limit'>, page: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: adminKeys.invitations(filter, page),
    queryFn: async () => pageOf(await client.admin.invitations.list({ ...filter, ...pageRequest(page) }), page),
    placeholderData: keepPreviousData,
  });
}

export function useQuotaPolicies() {
  const client = useApiClient();
  return useQuery({ queryKey: adminKeys.quotaPolicies, queryFn: () => client.admin.quotaPolicies(), staleTime: 5 * 60_000 });
}

/** Every organization's published maps (hidden ones not), a page at a time; `count` is the call's page size. */
export function usePublishedMapPage(sortBy: ListingSortKey, page: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: adminKeys.publishedMaps(sortBy, page),
    queryFn: async () => {
      const { offset, limit } = pageRequest(page);
      return pageOf((await client.admin.resources.publishedMaps({ sortBy, offset, count: limit })).items, page);
    },
    placeholderData: keepPreviousData,
  });
}

/** A page of the audit log, newest first, with the filters of the address. */
export function useAuditLogPage(filters: AuditFilters, page: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: adminKeys.auditLogs(filters, page),
    queryFn: async () => pageOf((await client.admin.auditLogs({ ...filters, ...pageRequest(page) })).items, page),
    placeholderData: keepPreviousData,
  });
}

/** The members of one organization, for the owner picker (the server's largest page). */
export function useOrganizationMembers(organizationId: string | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: adminKeys.organizationMembers(organizationId ?? ''),
    queryFn: () => client.admin.users.lookUp({ organizationId: organizationId!, limit: ORGANIZATION_CHOICES_LIMIT }),
    enabled: Boolean(organizationId),
  });
}

/**
 * A write of the console: on success every console list is read again, and so is the signed-in user (an administrator
 * may have changed their own seat or rights).
 */
export function useAdminWrite<A, R>(write: (client: ReturnType<typeof useApiClient>, args: A) => Promise<R>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: A) => write(client, args),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.all }), queryClient.invalidateQueries({ queryKey: queryKeys.currentUser })]);
    },
  });
}
