/**
 * Single sign-on settings (issue #25), for owners on Enterprise: the identity provider (OpenID
 * Connect or SAML 2.0), allowed email domains, "require SSO" and just-in-time membership; and
 * what to register at the provider, ready to copy.
 */
import {
  Alert,
  Button,
  Group,
  Paper,
  PasswordInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ERRORS, type SsoJitRole, type SsoProtocol, type SsoSettingsView } from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { useBootstrap } from '../../../api/bootstrap.ts';
import { showAlert } from '../../../ui/alerts.ts';
import { LockedFeature } from '../../../ui/locked-feature.tsx';
import { saveSsoSettings, SSO_QUERY_KEY, useSsoSettings } from '../api/sso.ts';
import { CopyField } from './copy-field.tsx';
import { SettingsLayout } from './settings-layout.tsx';
import { SsoDomains } from './sso-domains.tsx';

const JIT_OPTIONS = [
  { value: 'none', label: 'Nobody: an invitation is needed' },
  { value: 'collaborator', label: 'Collaborator' },
  { value: 'limitedContributor', label: 'Limited contributor' },
  { value: 'admin', label: 'Admin' },
];

function SsoForm(props: { settings: SsoSettingsView }) {
  const { settings } = props;
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [protocol, setProtocol] = useState<SsoProtocol>(settings.protocol);
  const [issuer, setIssuer] = useState(settings.oidcIssuer);
  const [clientId, setClientId] = useState(settings.oidcClientId);
  const [clientSecret, setClientSecret] = useState('');
  const [metadata, setMetadata] = useState(settings.samlMetadataXml);
  const [domains, setDomains] = useState(settings.allowedDomains);
  const [requireSso, setRequireSso] = useState(settings.requireSso);
  const [jitRole, setJitRole] = useState<string>(settings.jitRole ?? 'none');
  useEffect(() => setClientSecret(''), [settings]);

  const save = useMutation({
    meta: { customErrorHandler: true },
    mutationFn: () =>
      saveSsoSettings({
        enabled,
        protocol,
        oidcIssuer: issuer,
        oidcClientId: clientId,
        oidcClientSecret: clientSecret,
        samlMetadataXml: metadata,
        allowedDomains: domains,
        requireSso,
        jitRole: jitRole === 'none' ? null : (jitRole as SsoJitRole),
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(SSO_QUERY_KEY, saved);
      await queryClient.invalidateQueries({ queryKey: ['bootstrap'] });
      showAlert({ message: 'Single sign-on settings saved.', type: 'success' });
    },
  });
  const error = save.error ? toApiError(save.error) : null;
  const sp = settings.serviceProvider;

  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Register Assay with your identity provider
          </Title>
          {protocol === 'oidc' ? (
            <CopyField label="Redirect URI" value={sp.oidcRedirectUri} />
          ) : (
            <>
              <CopyField label="Entity ID (audience)" value={sp.samlEntityId} />
              <CopyField label="Assertion consumer service URL" value={sp.samlAcsUrl} />
              <CopyField label="Service provider metadata" value={sp.samlMetadataUrl} />
            </>
          )}
          <CopyField label="Sign-in link for members" value={sp.startUrl} />
        </Stack>
      </Paper>

      <SsoDomains domains={settings.domains} />

      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="md">
          <Switch
            label="Members can sign in with single sign-on"
            checked={enabled}
            onChange={(e) => setEnabled(e.currentTarget.checked)}
          />
          <SegmentedControl
            aria-label="Protocol"
            value={protocol}
            onChange={(value) => setProtocol(value as SsoProtocol)}
            data={[
              { value: 'oidc', label: 'OpenID Connect' },
              { value: 'saml', label: 'SAML 2.0' },
            ]}
          />
          {protocol === 'oidc' ? (
            <>
              <TextInput
                label="Issuer URL"
                description="Assay reads /.well-known/openid-configuration from it."
                placeholder="https://login.example.com"
                value={issuer}
                onChange={(e) => setIssuer(e.currentTarget.value)}
              />
              <TextInput
                label="Client ID"
                value={clientId}
                onChange={(e) => setClientId(e.currentTarget.value)}
              />
              <PasswordInput
                label="Client secret"
                description={
                  settings.oidcClientSecretSaved
                    ? 'A secret is saved (encrypted). Leave this blank to keep it.'
                    : 'Kept encrypted; never shown again.'
                }
                value={clientSecret}
                onChange={(e) => setClientSecret(e.currentTarget.value)}
                autoComplete="off"
              />
            </>
          ) : (
            <>
              <Textarea
                label="Identity provider metadata (XML)"
                description="Paste the metadata your identity provider publishes for Assay."
                autosize
                minRows={4}
                maxRows={12}
                value={metadata}
                onChange={(e) => setMetadata(e.currentTarget.value)}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              />
              {settings.samlIdp ? (
                <Text size="sm" data-testid="saml-idp">
                  Signs in at {settings.samlIdp.ssoUrl} as {settings.samlIdp.entityId}.
                </Text>
              ) : null}
            </>
          )}
          <TagsInput
            label="Allowed email domains"
            description="Only addresses at these domains may sign in this way, once each is verified above."
            placeholder="example.com"
            value={domains}
            onChange={setDomains}
          />
          <Switch
            label="Require single sign-on for members"
            description="Members can no longer sign in with a password. Owners keep theirs, as a way back in should the identity provider fail."
            checked={requireSso}
            onChange={(e) => setRequireSso(e.currentTarget.checked)}
          />
          <Select
            label="People signing in for the first time join as"
            data={JIT_OPTIONS}
            value={jitRole}
            onChange={(value) => setJitRole(value ?? 'none')}
            allowDeselect={false}
          />
          {error ? (
            <Alert color="red" role="alert" title={error.message}>
              {error.context}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save single sign-on
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

export function SsoPage() {
  const boot = useBootstrap();
  const settings = useSsoSettings();
  const error = settings.error ? toApiError(settings.error) : null;
  // The plan first: anyone may ask the owners for it (#48 item 4).
  const features = boot.data?.organization?.features;
  const locked =
    error?.ref === ERRORS.featureUnavailable.ref ||
    (features !== undefined && !features.includes('singleSignOn'));
  return (
    <SettingsLayout>
      {locked ? (
        <LockedFeature feature="singleSignOn">
          Members sign in through your own identity provider (OpenID Connect or SAML 2.0).
        </LockedFeature>
      ) : boot.data?.membership?.role !== 'owner' ? (
        <Alert color="gray">Only owners can change single sign-on.</Alert>
      ) : error ? (
        <Alert color="red">{error.message}</Alert>
      ) : settings.data ? (
        <SsoForm settings={settings.data} />
      ) : null}
    </SettingsLayout>
  );
}
