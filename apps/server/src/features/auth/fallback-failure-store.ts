// Login failure counts that survive an unavailable shared store (docs/security.md "When Redis is unavailable"):
// each call that the shared store (Redis) fails is answered by this process's memory instead, so that a login
// never fails because Redis is down and is still throttled per node meanwhile; the failure is reported.
import type { CountSpec, FailureStore } from './login-limiter.js';

export class FallbackFailureStore implements FailureStore {
  constructor(
    private readonly shared: FailureStore,
    private readonly local: FailureStore,
    private readonly onFailure: (err: unknown, what: string) => void,
  ) {}

  read(specs: readonly CountSpec[], now: number) {
    return this.either('login read', (s) => s.read(specs, now));
  }

  add(specs: readonly CountSpec[], now: number) {
    return this.either('login add', (s) => s.add(specs, now));
  }

  remove(key: string) {
    return this.either('login remove', (s) => s.remove(key));
  }

  private async either<T>(what: string, call: (store: FailureStore) => Promise<T>): Promise<T> {
    try {
      return await call(this.shared);
    } catch (err) {
      this.onFailure(err, what);
      return call(this.local);
    }
  }
}
