/**
 * DNS TXT records, read by the server (single sign-on's domain verification, issue #47): from the
 * configured servers (DNS_SERVERS), or the system's. A name with no record answers none; a server
 * that does not answer is an error the caller shows.
 */
import { Resolver } from 'node:dns/promises';

const NO_RECORD = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'NOTFOUND', 'NODATA']);

export interface DnsClient {
  /** The TXT records of a name, each one's strings joined as RFC 7208 §3.3 reads them. */
  txt(name: string): Promise<string[]>;
}

export function createDnsClient(servers: readonly string[]): DnsClient {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  return {
    async txt(name) {
      try {
        return (await resolver.resolveTxt(name)).map((parts) => parts.join(''));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? '';
        if (NO_RECORD.has(code)) return [];
        throw error;
      }
    },
  };
}
