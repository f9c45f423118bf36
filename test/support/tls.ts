/**
 * A certificate authority made for one test run, with the openssl binary, in a temporary folder: nothing that holds
 * a private key is committed. The server certificate names the given hosts (and 127.0.0.1).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCa {
  /** Path of the CA's certificate (PEM), for NODE_EXTRA_CA_CERTS. */
  readonly caFile: string;
  /** The server's key and certificate, for the emulator's `tls`. */
  readonly server: { readonly key: string; readonly cert: string };
  dispose(): void;
}

export function makeTestCa(hosts: readonly string[]): TestCa {
  const dir = mkdtempSync(join(tmpdir(), 'test-ca-'));
  const at = (name: string): string => join(dir, name);
  const openssl = (...args: string[]): void => {
    execFileSync('openssl', args, { stdio: 'ignore' });
  };
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(
    'req',
    '-x509',
    ...ec,
    '-keyout',
    at('ca.key'),
    '-out',
    at('ca.pem'),
    '-days',
    '2',
    '-subj',
    '/CN=Test CA',
  );
  openssl(
    'req',
    ...ec,
    '-keyout',
    at('server.key'),
    '-out',
    at('server.csr'),
    '-subj',
    `/CN=${hosts[0] ?? 'localhost'}`,
  );
  const names = [...hosts.map((host) => `DNS:${host}`), 'IP:127.0.0.1'].join(',');
  writeFileSync(at('ext.cnf'), `subjectAltName=${names}\n`);
  openssl(
    'x509',
    '-req',
    '-in',
    at('server.csr'),
    '-CA',
    at('ca.pem'),
    '-CAkey',
    at('ca.key'),
    '-CAcreateserial',
    '-out',
    at('server.pem'),
    '-days',
    '2',
    '-extfile',
    at('ext.cnf'),
  );
  return {
    caFile: at('ca.pem'),
    server: { key: readFileSync(at('server.key'), 'utf8'), cert: readFileSync(at('server.pem'), 'utf8') },
    dispose: () => {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
