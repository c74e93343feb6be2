/// <reference types="vite/client" />

declare module 'virtual:api-table' {
  /** src/build/api-table.ts */
  export const API_TABLE: Record<string, import('./build/api-table').RouteInfo>;
}
