// What the scheme tests and the training tests share (the training feature sits below the schemes feature, so its
// fixtures cannot import the schemes' ones): the enveloped call of a user in an agency, and the shape of the test
// bank that features/schemes/scheme-fixtures.test-helper.ts builds.
import type { TestApp } from './test-app.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function schemeCalls(t: () => TestApp) {
  return <T = unknown>(method: Method, url: string, token: string, body?: unknown, ag = 'demo') =>
    t().call<T>(method, url, { token, agency: ag, ...(body === undefined ? {} : { body: { request: body } }) });
}

export interface TestBank {
  /** A chapter holding exactly: `single` (singleChoice, tag 方案测试), `trueFalse`, `manual` (shortAnswer). */
  kp: string;
  /** A chapter with no question at all. */
  emptyKp: string;
  single: string;
  trueFalse: string;
  manual: string;
  /** The agency's (first) train repository. */
  trainRepoId: string;
}
