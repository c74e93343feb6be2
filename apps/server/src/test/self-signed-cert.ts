// A throwaway self-signed certificate for the tests and the bench of HTTP/2 over TLS (docs/server.md "HTTP/2 and
// TLS"): made by the system's openssl (Debian's, installed with ca-certificates; .ci/run installs it if missing),
// an EC P-256 key, valid two days for localhost and 127.0.0.1, in a temporary directory. Nothing is downloaded.
import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SelfSignedCertificate {
  certFile: string;
  keyFile: string;
  /** The certificate (PEM): a client's `ca` to trust it. */
  cert: string;
  /** base64 SHA-256 of its public key: chromium's `--ignore-certificate-errors-spki-list` trusts it by this. */
  spki: string;
  remove: () => void;
}

export function selfSignedCertificate(): SelfSignedCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'edu-tls-'));
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  // -nodes (not OpenSSL 3's -noenc) so an OpenSSL 1.1 makes it too.
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-keyout', keyFile, '-out', certFile, '-days', '2', '-subj', '/CN=localhost'],
      ...['-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const cert = readFileSync(certFile, 'utf8');
  const publicKey = new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' });
  return {
    certFile,
    keyFile,
    cert,
    spki: createHash('sha256').update(publicKey).digest('base64'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
