/**
 * Assay's SAML service-provider metadata for an organisation: what its identity provider's
 * administrator registers (entity id, assertion consumer service, signed assertions wanted). It
 * needs nothing of the provider, so it can be fetched before single sign-on is set up.
 */
import type { Config } from '../../config.ts';
import { serviceProviderOf } from './settings.ts';

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export function serviceProviderMetadata(config: Config, slug: string): string {
  const sp = serviceProviderOf(config, slug);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${escape(sp.samlEntityId)}">`,
    '  <md:SPSSODescriptor AuthnRequestsSigned="false" WantAssertionsSigned="true" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">',
    '    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>',
    `    <md:AssertionConsumerService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${escape(sp.samlAcsUrl)}" index="1"/>`,
    '  </md:SPSSODescriptor>',
    '</md:EntityDescriptor>',
    '',
  ].join('\n');
}
