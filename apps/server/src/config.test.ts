// Configuration parsing: defaults, derived values and clear refusals of bad values.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has the documented defaults on the embedded database', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: resolve(process.cwd(), 'data'),
      databaseUrl: undefined,
      seed: 'demo',
      adminUsername: 'admin',
      defaultAgencyId: 'demo',
      agencyDomainSuffixes: [],
      login: {
        freeFailures: 5,
        delayBaseSeconds: 1,
        delayMaxSeconds: 900,
        pairMemorySeconds: 86_400,
        maxFailuresPerAccount: 100,
        accountWindowSeconds: 3600,
        maxFailuresPerAddress: 200,
        addressWindowSeconds: 600,
      },
      redisUrl: undefined,
      files: {
        quotaUserBytes: 100 * 1024 * 1024,
        quotaAgencyBytes: 1024 * 1024 * 1024,
        uploadRateMax: 30,
        uploadRateWindowSeconds: 60,
        sweepGraceMs: 24 * 3600 * 1000,
        sweepIntervalMs: 3600 * 1000,
      },
      tokenTtlSeconds: 43_200,
      tokenIdleSeconds: 7_200,
      readCacheSeconds: 5,
      listCacheEntries: 500,
      logLevel: 'info',
    });
    expect(c.webDist).toMatch(/apps[/\\]web[/\\]dist$/);
  });

  it('seeds nothing by default on PostgreSQL, unless SEED=demo', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).seed).toBe('none');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED: 'demo' }).seed).toBe('demo');
    expect(loadConfig({ SEED: 'none' }).seed).toBe('none');
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('resolves relative paths from where npm was run (INIT_CWD), else the working directory', () => {
    expect(loadConfig({ INIT_CWD: '/srv/edu' }).dataDir).toBe('/srv/edu/data');
    expect(loadConfig({ INIT_CWD: '/srv/edu', DATA_DIR: '../d', WEB_DIST: 'web' })).toMatchObject({
      dataDir: '/srv/d',
      webDist: '/srv/edu/web',
    });
    expect(loadConfig({ DATA_DIR: 'x' }).dataDir).toBe(resolve(process.cwd(), 'x'));
  });

  it('parses lists and numbers', () => {
    const c = loadConfig({
      PORT: '18081',
      AGENCY_DOMAIN_SUFFIXES: ' .A.example.com, .b.cn ,',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '5',
      DATA_DIR: '/tmp/x',
    });
    expect(c).toMatchObject({ port: 18081, agencyDomainSuffixes: ['.a.example.com', '.b.cn'], dataDir: '/tmp/x' });
    expect(c.login.maxFailuresPerAddress).toBe(5);
  });

  it('refuses bad values with one line per variable', () => {
    const bad = () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SEED: 'all',
        ADMIN_PASSWORD: 'short',
        DEFAULT_AGENCY_ID: 'Demo!',
      });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (e) {
      const msg = (e as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'SEED', 'ADMIN_PASSWORD', 'DEFAULT_AGENCY_ID'])
        expect(msg).toMatch(new RegExp(`^  ${name}: `, 'm'));
    }
  });

  it('reads the AI provider allow-list as a comma list of hosts (docs/security.md "Outbound requests")', () => {
    expect(loadConfig({}).reading.allowedHosts).toEqual([]);
    expect(
      loadConfig({ AI_PROVIDER_ALLOWED_HOSTS: ' ollama.internal, 10.0.0.5 ,,[fd00::5]' }).reading.allowedHosts,
    ).toEqual(['ollama.internal', '10.0.0.5', '[fd00::5]']);
    expect(() => loadConfig({ AI_PROVIDER_ALLOWED_HOSTS: 'http://ollama.internal:11434' })).toThrow(
      /AI_PROVIDER_ALLOWED_HOSTS/,
    );
  });

  it('takes a TLS certificate and key together, from where the command was typed (docs/server.md "HTTP/2 and TLS")', () => {
    expect(loadConfig({}).tls).toBeUndefined();
    expect(loadConfig({ TLS_CERT_FILE: '', TLS_KEY_FILE: ' ' }).tls).toBeUndefined();
    expect(
      loadConfig({ INIT_CWD: '/srv/edu', TLS_CERT_FILE: 'tls/cert.pem', TLS_KEY_FILE: '/etc/key.pem' }).tls,
    ).toEqual({ certFile: '/srv/edu/tls/cert.pem', keyFile: '/etc/key.pem' });
    expect(() => loadConfig({ TLS_CERT_FILE: 'cert.pem' })).toThrow(/^ {2}TLS_KEY_FILE: /m);
    expect(() => loadConfig({ TLS_KEY_FILE: 'key.pem' })).toThrow(/^ {2}TLS_CERT_FILE: /m);
  });
});
