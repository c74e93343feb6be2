// The API table the web calls through (`call(API.me)`): the contract's table without its zod schemas, so that
// zod and the schemas stay out of the first load (src/build/api-table-plugin.ts builds it from the contract). The
// type is the contract's, for the call's argument and result types; at run time each route holds only its
// method, path and raw body/response flags, which is all src/api/call.ts reads.
import type { API as CONTRACT_API } from '@edu/contract';
import { API_TABLE } from 'virtual:api-table';

export const API = API_TABLE as unknown as typeof CONTRACT_API;
