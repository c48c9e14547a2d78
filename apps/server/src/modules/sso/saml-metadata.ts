/**
 * An identity provider's SAML metadata, read for what the service provider needs: its entity id,
 * where it signs people in (HTTP-Redirect binding, else HTTP-POST) and its signing certificates.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { AppError } from '@assay/domain';

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const LISTS = new Set([
  'EntityDescriptor',
  'IDPSSODescriptor',
  'SingleSignOnService',
  'KeyDescriptor',
  'X509Certificate',
]);

type Node = Record<string, unknown>;
const list = (value: unknown): Node[] => (Array.isArray(value) ? (value as Node[]) : []);
const attribute = (node: Node | undefined, name: string) =>
  typeof node?.[`@_${name}`] === 'string' ? (node[`@_${name}`] as string) : '';

export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  /** Base64 DER of each signing certificate (PEM without its armour). */
  certificates: string[];
}

function invalid(reason: string): never {
  throw new AppError('ssoInvalidSettings', { context: reason });
}

export function parseIdpMetadata(xml: string): IdpMetadata {
  if (XMLValidator.validate(xml) !== true) invalid('the metadata is not XML');
  const root = new XMLParser({
    ignoreAttributes: false,
    removeNSPrefix: true,
    isArray: (name) => LISTS.has(name),
  }).parse(xml) as Node;
  const descriptors = list(root.EntityDescriptor).concat(
    list((root.EntitiesDescriptor as Node | undefined)?.EntityDescriptor),
  );
  const entity = descriptors.find((d) => list(d.IDPSSODescriptor).length > 0) ?? descriptors[0];
  const entityId = attribute(entity, 'entityID');
  if (!entity || !entityId) invalid('no EntityDescriptor with an entityID');
  const idp = list(entity.IDPSSODescriptor)[0];
  if (!idp) invalid('no IDPSSODescriptor: is this a service provider’s metadata?');
  const services = list(idp.SingleSignOnService);
  const service =
    services.find((s) => attribute(s, 'Binding') === REDIRECT) ??
    services.find((s) => attribute(s, 'Binding') === POST);
  const ssoUrl = attribute(service, 'Location');
  if (!/^https?:\/\//.test(ssoUrl)) invalid('no SingleSignOnService address');
  const certificates = list(idp.KeyDescriptor)
    .filter((k) => (attribute(k, 'use') || 'signing') === 'signing')
    .flatMap((k) =>
      list(
        (k.KeyInfo as Node | undefined)?.X509Data &&
          ((k.KeyInfo as Node).X509Data as Node).X509Certificate,
      ),
    )
    .map((c) => String(typeof c === 'object' ? (c['#text'] ?? '') : c).replace(/\s+/g, ''))
    .filter((c) => /^[A-Za-z0-9+/=]{100,}$/.test(c));
  if (certificates.length === 0) invalid('no signing certificate');
  return { entityId, ssoUrl, certificates };
}
