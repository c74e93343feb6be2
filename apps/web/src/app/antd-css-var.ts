// The class antd's prebuilt stylesheet scopes each component's CSS variables to (`.css-var-_R_0_.ant-card`: the key
// antd's own build ran with). The theme names it (app/providers.tsx) rather than leave it to React's first id, and
// the plain markup of components/plain-antd.tsx carries it (docs/performance.md "Bundle").
export const ANTD_CSS_VAR_KEY = 'css-var-_R_0_';
