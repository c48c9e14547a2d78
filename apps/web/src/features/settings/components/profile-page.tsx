/** Your profile in this organisation: names, avatar colour, and the fields the organisation labels. */
import {
  Avatar,
  Button,
  Card,
  ColorSwatch,
  Group,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIMITS, MESSAGES } from '@assay/domain';
import { gatewayRequest } from '../../../api/gateway.ts';
import { toApiError } from '../../../api/errors.ts';
import { showAlert } from '../../../ui/alerts.ts';
import {
  removeProfileImage,
  updateProfile,
  uploadProfileImage,
  useMyProfile,
  type Profile,
} from '../api/profile.ts';
import { ImagePicker } from '../../../ui/image-picker.tsx';
import { AccessTokens } from './access-tokens.tsx';
import { LeaveOrganization } from './leave-organization.tsx';

const COLORS = [
  '#228be6',
  '#40c057',
  '#fab005',
  '#fa5252',
  '#7950f2',
  '#15aabf',
  '#fd7e14',
  '#e64980',
];

function useLabels() {
  return useQuery({
    queryKey: ['settings', 'profile-labels'],
    queryFn: () =>
      gatewayRequest<{
        fullOrganization: {
          profileDisplayNames: { title: string; department: string; aboutMe: string };
        };
      }>('{ fullOrganization { profileDisplayNames { title department aboutMe } } }').then(
        (d) => d.fullOrganization.profileDisplayNames,
      ),
  });
}

function ProfileForm(props: { profile: Profile }) {
  const labels = useLabels();
  const queryClient = useQueryClient();
  const p = props.profile;
  const form = useForm({
    initialValues: {
      firstName: p.firstName,
      lastName: p.lastName,
      bgColor: p.bgColor,
      // The job role given last in another organisation is offered until one is saved here.
      jobRole: p.jobRole || (p.latestJobRole ?? ''),
      info: p.info,
    },
  });
  const save = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: (values: typeof form.values) => updateProfile(values),
    onSuccess: async () => {
      showAlert({ message: 'Your profile has been updated', type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['settings', 'profile'] });
    },
    onError: (error) =>
      showAlert({
        message: toApiError(error).message || MESSAGES.somethingWentWrong,
        type: 'error',
      }),
  });
  const l = labels.data ?? { title: 'Title', department: 'Department', aboutMe: 'About me' };
  return (
    <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate>
      <Stack gap="md">
        <Card withBorder padding="md">
          <Group mb="md">
            <ImagePicker
              label="Your picture"
              image={p.image}
              fallback={`${form.values.firstName[0] ?? ''}${form.values.lastName[0] ?? ''}`}
              upload={async (file, onProgress) => {
                await uploadProfileImage(p.id, file, onProgress);
                await queryClient.invalidateQueries({ queryKey: ['settings', 'profile'] });
              }}
              remove={async () => {
                await removeProfileImage(p.id);
                await queryClient.invalidateQueries({ queryKey: ['settings', 'profile'] });
              }}
            />
            <Avatar color="white" bg={COLORS[form.values.bgColor - 1]} radius="xl" size="lg">
              {`${form.values.firstName[0] ?? ''}${form.values.lastName[0] ?? ''}`}
            </Avatar>
            <Group gap={6} role="radiogroup" aria-label="Avatar colour">
              {COLORS.map((color, i) => (
                <ColorSwatch
                  key={color}
                  color={color}
                  component="button"
                  type="button"
                  role="radio"
                  aria-checked={form.values.bgColor === i + 1}
                  aria-label={`Colour ${i + 1}`}
                  onClick={() => form.setFieldValue('bgColor', i + 1)}
                  style={{
                    outline: form.values.bgColor === i + 1 ? '2px solid black' : undefined,
                    cursor: 'pointer',
                  }}
                />
              ))}
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="First name"
              maxLength={LIMITS.profile.firstName}
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label="Last name"
              maxLength={LIMITS.profile.lastName}
              {...form.getInputProps('lastName')}
            />
            <TextInput
              label="Job role"
              description={
                !p.jobRole && p.latestJobRole
                  ? 'As you gave it in another organization; save to keep it here.'
                  : undefined
              }
              maxLength={100}
              {...form.getInputProps('jobRole')}
            />
            <TextInput
              label={l.title}
              maxLength={LIMITS.profile.title}
              {...form.getInputProps('info.title')}
            />
            <TextInput
              label={l.department}
              maxLength={LIMITS.profile.department}
              {...form.getInputProps('info.department')}
            />
            <TextInput
              label="Phone"
              maxLength={LIMITS.profile.phone}
              {...form.getInputProps('info.phone')}
            />
            <TextInput
              label="LinkedIn URL"
              maxLength={LIMITS.profile.linkedin}
              {...form.getInputProps('info.linkedin')}
            />
          </SimpleGrid>
          <Textarea
            mt="sm"
            label={l.aboutMe}
            autosize
            minRows={3}
            maxLength={LIMITS.profile.aboutMe}
            {...form.getInputProps('info.aboutMe')}
          />
        </Card>
        <Button type="submit" w="fit-content" loading={save.isPending}>
          Save profile
        </Button>
      </Stack>
    </form>
  );
}

export function ProfilePage() {
  const profile = useMyProfile();
  return (
    <Stack maw={800} mx="auto" py="xl" px="md" gap="md">
      <Title order={1}>Your profile</Title>
      {profile.data ? <ProfileForm profile={profile.data} /> : null}
      <AccessTokens />
      <LeaveOrganization />
    </Stack>
  );
}
