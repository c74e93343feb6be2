// @edu/contract: the shared contract of server and web.
export * from './errors.js';
export * from './envelope.js';
export * from './roles.js';
export * from './access/role-sets.js';
export * from './access/path-rules.js';
export * from './access/spec-routes.js';
export * from './access/api-access.js';
export * from './api.js';
export * from './schemas/common.js';
export * from './schemas/general.js';
export * from './schemas/auth.js';
export * from './schemas/agency.js';
export * from './schemas/knowledge.js';
export * from './schemas/files.js';
export * from './helpers/index.js';
export * from './schemas/question.js';
export * from './judge/index.js';
