/** The organisation's canvas templates, for choosing which one new projects or teams start from. */
import { useQuery } from '@tanstack/react-query';
import { gatewayRequest } from './gateway.ts';

export interface CanvasTemplateChoice {
  id: string;
  name: string;
}

export function useCanvasTemplates(enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['organization', 'canvas-templates'],
    queryFn: async () => {
      const data = await gatewayRequest<{
        fullOrganization: {
          canvasTemplates: { defaultTemplateId: string | null; templates?: CanvasTemplateChoice[] };
        };
      }>('query CanvasTemplates { fullOrganization { id canvasTemplates } }');
      return data.fullOrganization.canvasTemplates.templates ?? [];
    },
  });
}
