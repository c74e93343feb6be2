import { describe, expect, it, vi } from 'vitest';
import { AGENCY_KEY, createConfigStore, createUserStore, USERINFO_KEY } from './stores';
import { agencyFromHost, readRuntimeConfig, resolveAgency } from './agency';
import { MemoryStorage } from '../test/fake-api';
import { loginInfo } from '../test/fixtures';

describe('user store (docs/product.md §4)', () => {
  it('set stores JSON under userinfo; remove deletes it from state and storage', () => {
    const storage = new MemoryStorage();
    const store = createUserStore(storage);
    const listener = vi.fn();
    store.subscribe(listener);
    const info = loginInfo(['edu:admin']);
    store.set(info);
    expect(store.get()).toBe(info);
    expect(JSON.parse(storage.getItem(USERINFO_KEY) ?? 'null')).toEqual(info);
    store.remove();
    expect(store.get()).toBeNull();
    expect(storage.getItem(USERINFO_KEY)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('load reads valid stored info', () => {
    const info = loginInfo(['edu:parent'], []);
    const store = createUserStore(new MemoryStorage({ [USERINFO_KEY]: JSON.stringify(info) }));
    expect(store.load()).toEqual(info);
  });
});

describe('config store (docs/product.md §4: the agency id only)', () => {
  const initial = { agencyId: 'demo' };

  it('sets the agency id and saves it in storage', () => {
    const storage = new MemoryStorage();
    const store = createConfigStore(initial, storage);
    const listener = vi.fn();
    store.subscribe(listener);
    store.setAgencyId('other');
    expect(store.getState().agencyId).toBe('other');
    expect(storage.getItem(AGENCY_KEY)).toBe('other');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(Object.keys(store).sort()).toEqual(['getState', 'setAgencyId', 'subscribe']);
  });
});

describe('agency resolution (docs/domain.md "Agencies, users, roles")', () => {
  const runtime = { defaultAgencyId: 'demo', agencyDomainSuffixes: ['.edu.example.com', 'school.cn'] };

  it.each([
    ['acme.edu.example.com', 'acme'],
    ['ACME.school.cn', 'acme'],
    ['edu.example.com', null],
    ['example.com', null],
    ['acme.edu.example.com.evil.net', null],
    ['localhost', null],
  ])('%s → %s', (host, expected) => {
    expect(agencyFromHost(host, runtime.agencyDomainSuffixes)).toBe(expected);
  });

  it('host suffix → fixed; else storage; else the default', () => {
    const stored = new MemoryStorage({ [AGENCY_KEY]: 'other' });
    expect(resolveAgency('acme.edu.example.com', runtime, stored)).toEqual({ agencyId: 'acme', fixed: true });
    expect(resolveAgency('localhost', runtime, stored)).toEqual({ agencyId: 'other', fixed: false });
    expect(resolveAgency('localhost', runtime, new MemoryStorage())).toEqual({ agencyId: 'demo', fixed: false });
  });

  it('reads the server-injected config, falling back when absent or broken', () => {
    const doc = document.implementation.createHTMLDocument('t');
    expect(readRuntimeConfig(doc)).toEqual({ defaultAgencyId: 'demo', agencyDomainSuffixes: [] });
    const script = doc.createElement('script');
    script.id = 'edu-config';
    script.type = 'application/json';
    script.textContent = '{"defaultAgencyId":"acme","agencyDomainSuffixes":[".a.cn"]}';
    doc.body.appendChild(script);
    expect(readRuntimeConfig(doc)).toEqual({ defaultAgencyId: 'acme', agencyDomainSuffixes: ['.a.cn'] });
    script.textContent = '{broken';
    expect(readRuntimeConfig(doc)).toEqual({ defaultAgencyId: 'demo', agencyDomainSuffixes: [] });
  });
});
