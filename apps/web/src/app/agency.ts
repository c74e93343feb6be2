// Which agency the app works in (docs/product.md §4, docs/domain.md "Agencies, users, roles"): host suffix (fixed), else storage, else the default.
import type { KeyValueStorage } from './stores';
import { AGENCY_KEY } from './stores';

export interface RuntimeConfig {
  defaultAgencyId: string;
  agencyDomainSuffixes: string[];
}

export const FALLBACK_RUNTIME_CONFIG: RuntimeConfig = { defaultAgencyId: 'demo', agencyDomainSuffixes: [] };

/** Reads `<script id="edu-config" type="application/json">` injected by the server; falls back when absent or broken. */
export function readRuntimeConfig(doc: Document): RuntimeConfig {
  const text = doc.getElementById('edu-config')?.textContent;
  if (!text) return FALLBACK_RUNTIME_CONFIG;
  try {
    const v = JSON.parse(text) as Partial<RuntimeConfig>;
    return {
      defaultAgencyId:
        typeof v.defaultAgencyId === 'string' && v.defaultAgencyId
          ? v.defaultAgencyId
          : FALLBACK_RUNTIME_CONFIG.defaultAgencyId,
      agencyDomainSuffixes: Array.isArray(v.agencyDomainSuffixes)
        ? v.agencyDomainSuffixes.filter((s): s is string => typeof s === 'string' && s.length > 0)
        : [],
    };
  } catch {
    return FALLBACK_RUNTIME_CONFIG;
  }
}

/** `demo.edu.example.com` with suffix `.edu.example.com` (or `edu.example.com`) → `demo`; null when no suffix fits. */
export function agencyFromHost(hostname: string, suffixes: readonly string[]): string | null {
  const host = hostname.toLowerCase();
  for (const s of suffixes) {
    const suffix = `.${s.toLowerCase().replace(/^\.+/, '')}`;
    if (host.length > suffix.length && host.endsWith(suffix)) return host.slice(0, -suffix.length);
  }
  return null;
}

export interface AgencyChoice {
  agencyId: string;
  /** True when the host name decides the agency: it is then never switched. */
  fixed: boolean;
}

export function resolveAgency(hostname: string, runtime: RuntimeConfig, storage: KeyValueStorage): AgencyChoice {
  const fromHost = agencyFromHost(hostname, runtime.agencyDomainSuffixes);
  if (fromHost) return { agencyId: fromHost, fixed: true };
  return { agencyId: storage.getItem(AGENCY_KEY) || runtime.defaultAgencyId, fixed: false };
}
