// The fake API is held to the contract: a web test cannot pass against a route or a shape the API does not have.
import { describe, expect, it } from 'vitest';
import { contractRoute, takeContractViolations } from './contract-check';
import { envelope, fakeFetch } from './fake-api';

describe('fakeFetch against the contract', () => {
  it('finds the route of a call, a literal segment before a parameter', () => {
    expect(contractRoute('GET', '/v1/class/5/stats')?.path).toBe('/v1/class/:id/stats');
    expect(contractRoute('GET', '/v1/health')?.path).toBe('/v1/health');
    expect(contractRoute('GET', '/v1/no/such/route')).toBeUndefined();
    expect(contractRoute('DELETE', '/v1/health')).toBeUndefined();
  });

  it('refuses a fake route the API does not have', () => {
    expect(() => fakeFetch({ 'GET /v1/no/such/route': {} })).toThrow(/is not a route of the API/);
    expect(() => fakeFetch({ 'POST /v1/health': {} })).toThrow(/is not a route of the API/);
  });

  it('records a canned reply without the fields the response requires', () => {
    fakeFetch({ 'GET /v1/health': { status: 'ok' } });
    expect(takeContractViolations()).toEqual([]);
    fakeFetch({ 'GET /v1/health': { fine: true } });
    expect(takeContractViolations()).toEqual([
      expect.stringMatching(/^GET \/v1\/health: the fake reply is not the contract's response \(status: /),
    ]);
  });

  it("records a request body the route refuses, a handler's reply that is not the response, and an unknown call", async () => {
    const { fetch } = fakeFetch({
      'POST /v1/auth/login': () => ({ json: envelope({ nothing: 1 }) }),
    });
    await fetch('http://x/v1/auth/login', { method: 'POST', body: JSON.stringify({ request: { username: 7 } }) });
    await fetch('http://x/v1/not/here');
    const found = takeContractViolations();
    expect(found).toHaveLength(3);
    expect(found[0]).toMatch(/^POST \/v1\/auth\/login: the page sent a body the API refuses/);
    expect(found[1]).toMatch(/^POST \/v1\/auth\/login: the fake reply is not the contract's response/);
    expect(found[2]).toBe('GET /v1/not/here: the page called a route the API does not have');
  });
});
