import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LearningSettings } from '@assay/domain';
import { uploadFile } from '../../../api/uploads.ts';
import { gatewayRequest } from '../../../api/gateway.ts';
import { restRequest } from '../../../api/rest.ts';

export interface ProjectDefaults {
  private: boolean;
  generate: boolean;
  language: string;
  membership: boolean;
  experiments: boolean;
  productHypotheses: boolean;
  businessHypotheses: boolean;
  projectOverview: boolean;
  publicPortal: boolean;
}

export interface OrganizationSettings {
  id: string;
  name: string;
  image: string | null;
  location: string | null;
  license: string;
  tags: { cardTags: string[]; projectTags: string[] };
  resources: { disabled: boolean; items: { id: string; title: string; link: string }[] };
  profileDisplayNames: { title: string; department: string; aboutMe: string };
  projectDefaults: ProjectDefaults;
  learning: LearningSettings;
  /** What members are offered: `onboarding` turns on the set-up questions (part 1 §6). */
  scope: string[];
  abilities: {
    edit: boolean;
    manageMembers: boolean;
    changePlan: boolean;
    viewAccessLogs: boolean;
  };
}

const FULL_ORGANIZATION = /* GraphQL */ `
  query FullOrganization {
    fullOrganization {
      id
      name
      image
      location
      license
      tags {
        cardTags
        projectTags
      }
      resources {
        disabled
        items {
          id
          title
          link
        }
      }
      profileDisplayNames {
        title
        department
        aboutMe
      }
      projectDefaults {
        private
        generate
        language
        membership
        experiments
        productHypotheses
        businessHypotheses
        projectOverview
        publicPortal
      }
      learning {
        weights {
          say
          do
          pay
        }
        halfLifeDays
      }
      scope
      abilities {
        edit
        manageMembers
        changePlan
        viewAccessLogs
      }
    }
  }
`;

export const organizationQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'organization'],
    queryFn: () =>
      gatewayRequest<{ fullOrganization: OrganizationSettings }>(FULL_ORGANIZATION).then(
        (d) => d.fullOrganization,
      ),
  });

export const useOrganizationSettings = () => useQuery(organizationQueryOptions());

export const updateOrganization = (
  id: string,
  patch: Partial<Omit<OrganizationSettings, 'id' | 'license' | 'abilities'>>,
) =>
  restRequest<OrganizationSettings>(`/api/org/organizations/${id}`, { method: 'PUT', body: patch });

/** Uploads and records the organisation's image. */
export async function uploadOrganizationImage(
  id: string,
  file: File,
  onProgress: (percent: number) => void,
) {
  const key = await uploadFile(file, { collection: 'organizations', locationId: id }, onProgress);
  return restRequest<{ id: string }>(`/api/org/organizations/${id}/media`, {
    method: 'POST',
    body: { key },
  });
}

/** The media id of an image URL (`/api/media/download?id=…`). */
export function mediaIdOf(url: string | null): string | null {
  return url ? (new URL(url, 'http://x').searchParams.get('id') ?? null) : null;
}

export const removeOrganizationImage = (id: string, mediaId: string) =>
  restRequest(`/api/org/organizations/${id}/media/${mediaId}`, { method: 'DELETE' });
