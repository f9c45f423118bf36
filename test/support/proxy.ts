/**
 * A forward proxy as corporate networks run them: a node:http server that answers CONNECT by opening a tunnel, and
 * refuses anything else (a plain-http request sent to it whole, absolute URI and headers, is recorded first). Host names resolve through `hosts` alone (a name only the proxy knows), and it records what
 * it tunnels, so that a test can show the key crossed it only encrypted.
 */
import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TestProxy {
  readonly url: string;
  /** `host:port` of each CONNECT, in order. */
  readonly connects: string[];
  /** Each plain-http request sent to the proxy whole (not tunnelled): its target and headers, as received. */
  readonly plain: { url: string; headers: Record<string, string | string[] | undefined> }[];
  /** Every byte the client sent through a tunnel. */
  readonly tunnelled: () => Buffer;
  close(): Promise<void>;
}

export async function startProxy(hosts: Readonly<Record<string, string>>): Promise<TestProxy> {
  const connects: string[] = [];
  const plain: TestProxy['plain'] = [];
  const chunks: Buffer[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    plain.push({ url: request.url ?? '', headers: request.headers });
    response.writeHead(405).end('only CONNECT');
  });
  server.on('connect', (request, client: Socket, head: Buffer) => {
    const target = request.url ?? '';
    connects.push(target);
    const [host = '', port = ''] = target.split(/:(?=\d+$)/);
    const upstream = connect(Number(port), hosts[host] ?? host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      client.on('data', (chunk: Buffer) => chunks.push(chunk));
      client.pipe(upstream).pipe(client);
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => sockets.delete(socket));
    }
    upstream.on('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connects,
    plain,
    tunnelled: () => Buffer.concat(chunks),
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => {
          resolve();
        });
      }),
  };
}
