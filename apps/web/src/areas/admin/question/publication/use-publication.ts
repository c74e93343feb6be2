// The publication state of a question (GET …/{id}/public), shared by the preview page's badge and its panel.
import { useQuery } from '@tanstack/react-query';
import { API } from '../../../../api/routes';
import { useAppConfig, useCall } from '../../../../app/session-context';

export const publicationKey = (agencyId: string, id: string) => ['question-publication', agencyId, id] as const;

export function usePublication(id: string) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: publicationKey(agencyId, id),
    queryFn: () => call(API.questionPublication, { params: { id } }),
  });
}

/** The absolute address of the public page for the question, on this site. */
export const publicLink = (path: string) => `${window.location.origin}${path}`;
