import { restRequest } from '../../../api/rest.ts';
import { uploadFile } from '../../../api/uploads.ts';
import { useQuery } from '@tanstack/react-query';
import { gatewayRequest } from '../../../api/gateway.ts';

export interface ProfileInfo {
  title: string;
  department: string;
  aboutMe: string;
  phone: string;
  nickname: string;
  linkedin: string;
}

export interface Profile {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  bgColor: number;
  image: string | null;
  /** What the person does here, and the one they gave last anywhere (offered when empty). */
  jobRole: string;
  latestJobRole: string | null;
  info: ProfileInfo;
}

const FIELDS =
  'id firstName lastName email role bgColor image jobRole latestJobRole info { title department aboutMe phone nickname linkedin }';

export function useMyProfile() {
  return useQuery({
    queryKey: ['settings', 'profile'],
    queryFn: () =>
      gatewayRequest<{ profile: Profile }>(`query MyProfile { profile { ${FIELDS} } }`).then(
        (d) => d.profile,
      ),
  });
}

export const updateProfile = (input: {
  firstName: string;
  lastName: string;
  bgColor: number;
  jobRole: string;
  info: ProfileInfo;
}) =>
  gatewayRequest<{ updateProfile: Profile }>(
    `mutation UpdateProfile($input: ProfileInput!) { updateProfile(input: $input) { ${FIELDS} } }`,
    { input },
  ).then((d) => d.updateProfile);

export const updatePortfolioAccess = (profileId: string, portfolioAccess: boolean) =>
  gatewayRequest(
    'mutation UpdatePortfolioAccess($id: ID!, $on: Boolean!) { updatePortfolioAccess(profileId: $id, portfolioAccess: $on) { id portfolioAccess } }',
    { id: profileId, on: portfolioAccess },
  );

/** Uploads and records a member's picture. */
export async function uploadProfileImage(
  profileId: string,
  file: File,
  onProgress: (percent: number) => void,
) {
  const key = await uploadFile(file, { collection: 'profiles', locationId: profileId }, onProgress);
  return restRequest(`/api/users/profiles/${profileId}/media`, { method: 'POST', body: { key } });
}

export const removeProfileImage = (profileId: string) =>
  restRequest(`/api/users/profiles/${profileId}/media`, { method: 'DELETE' });
