import { queryOptions, useQuery } from '@tanstack/react-query';
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
  location: string | null;
  license: string;
  tags: { cardTags: string[]; projectTags: string[] };
  resources: { disabled: boolean; items: { id: string; title: string; link: string }[] };
  profileDisplayNames: { title: string; department: string; aboutMe: string };
  projectDefaults: ProjectDefaults;
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
