import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  websiteConfigurationResponseSchema,
  type WebsiteConfigurationSave,
} from '@gm/shared/tenant/website-configuration';
import { api } from '../../../lib/api.ts';
import { tenantShopKeys } from '../../../entities/tenant/api/tenant-shop.ts';

export const websiteConfigurationKeys = {
  all: ['website-configuration'] as const,
};

/** GET user/website-configuration: the seller's own subdomain and voucher website. */
export function getWebsiteConfiguration(signal?: AbortSignal) {
  return api.request('user/website-configuration', { schema: websiteConfigurationResponseSchema, signal });
}

export function useWebsiteConfiguration() {
  return useQuery({
    queryKey: websiteConfigurationKeys.all,
    queryFn: ({ signal }) => getWebsiteConfiguration(signal),
  });
}

export type WebsiteConfigurationBody = WebsiteConfigurationSave & {
  logo_upload_id?: string;
  header_logo_upload_id?: string;
};

/** PUT user/website-configuration; the answer replaces the cached configuration, the tenant shop lookup is refetched. */
export function useSaveWebsiteConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebsiteConfigurationBody) =>
      api.request('user/website-configuration', {
        method: 'PUT',
        body,
        schema: websiteConfigurationResponseSchema,
      }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(websiteConfigurationKeys.all, answer);
      await queryClient.invalidateQueries({ queryKey: tenantShopKeys.all });
    },
  });
}
