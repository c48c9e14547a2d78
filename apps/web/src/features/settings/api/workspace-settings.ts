import { useQuery } from '@tanstack/react-query';
import type { CanvasSection } from '@assay/domain';
import { gatewayRequest } from '../../../api/gateway.ts';
import { restRequest } from '../../../api/rest.ts';

export interface GlobalField {
  id: string;
  defaultKey: string | null;
  title: string;
  type: 'text' | 'number' | 'dropdown' | 'date' | 'checkbox';
  locked: boolean;
  disabled: boolean;
  global: boolean;
  specifications: { options: string[] };
  metrics: { min: number | null; max: number | null };
}

export interface CanvasTemplate {
  id: string;
  name: string;
  protected: boolean;
  sections: Partial<Record<CanvasSection, { name: string }>>;
}

export interface WorkspaceSettings {
  id: string;
  features: string[];
  globalFields: GlobalField[];
  canvasTemplates: { defaultTemplateId: string | null; templates: CanvasTemplate[] };
  globalContext: { context: string; files: string[] };
  promptSettings: {
    project: { enabled: boolean; groups: PromptGroup[] };
    portfolio: { enabled: boolean; groups: PromptGroup[] };
  };
}

export interface PromptGroup {
  id: string;
  defaultKey: string | null;
  title: string;
  enabled: boolean;
  prompts: { id: string; title: string; prompt: string }[];
}

export const useWorkspaceSettings = () =>
  useQuery({
    queryKey: ['settings', 'workspace'],
    queryFn: () =>
      gatewayRequest<{ fullOrganization: WorkspaceSettings }>(
        '{ fullOrganization { id features globalFields canvasTemplates globalContext promptSettings } }',
      ).then((d) => d.fullOrganization),
    staleTime: 0,
  });

export const saveWorkspaceSettings = (
  id: string,
  patch: Partial<Omit<WorkspaceSettings, 'id' | 'features'>>,
) => restRequest(`/api/org/organizations/${id}`, { method: 'PUT', body: patch });
