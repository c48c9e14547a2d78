/**
 * A DNS server for the tests, on a loopback UDP port: it answers the TXT records a test
 * publishes (RFC 1035 over UDP, encoded with dns-packet), NXDOMAIN for the rest. The server's DNS
 * client reaches it through DNS_SERVERS, as it would a real one.
 */
import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import * as packet from 'dns-packet';

export interface DnsServer {
  /** host:port, for DNS_SERVERS. */
  address: string;
  /** Publishes (or replaces) a name's TXT records. */
  setTxt(name: string, values: string[]): void;
  /** How many questions it answered. */
  questions(): number;
  close(): Promise<void>;
}

export async function startDnsServer(): Promise<DnsServer> {
  const records = new Map<string, string[]>();
  let asked = 0;
  const socket = dgram.createSocket('udp4');
  socket.on('message', (message, remote) => {
    let query: packet.Packet;
    try {
      query = packet.decode(message);
    } catch {
      return;
    }
    asked += 1;
    const question = query.questions?.[0];
    const name = question?.name.toLowerCase() ?? '';
    const values = question?.type === 'TXT' ? records.get(name) : undefined;
    const answer = packet.encode({
      id: query.id ?? 0,
      type: 'response',
      flags: packet.RECURSION_DESIRED | packet.RECURSION_AVAILABLE | (values ? 0 : 3),
      questions: query.questions ?? [],
      answers: (values ?? []).map((value) => ({
        type: 'TXT' as const,
        name,
        ttl: 60,
        data: [value],
      })),
    });
    socket.send(answer, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    setTxt: (name, values) => records.set(name.toLowerCase(), values),
    questions: () => asked,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
