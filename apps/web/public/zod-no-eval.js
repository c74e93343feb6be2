// Loaded as a classic script before the app's modules. The CSP forbids eval; zod probes `new Function` when
// it builds its first object schema unless its global config says `jitless`. Setting that config here, before
// zod loads, keeps every page load free of CSP violations (zod then uses its interpreted parsers).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
