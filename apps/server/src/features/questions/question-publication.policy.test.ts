import { describe, expect, it } from 'vitest';
import { publiclyShown, testAccess } from './question-publication.policy.js';

describe('testAccess', () => {
  it('judges for staff who see the question, published or not, logged in or not', () => {
    expect(testAccess({ loggedIn: true, staffSees: true, published: false })).toBe('judge');
    expect(testAccess({ loggedIn: true, staffSees: true, published: true })).toBe('judge');
  });

  it('judges a published question for anyone: visitors and users without staff rights', () => {
    expect(testAccess({ loggedIn: false, staffSees: false, published: true })).toBe('judge');
    expect(testAccess({ loggedIn: true, staffSees: false, published: true })).toBe('judge');
  });

  it('asks a visitor to log in (401) and hides the question from other users (404)', () => {
    expect(testAccess({ loggedIn: false, staffSees: false, published: false })).toBe('login');
    expect(testAccess({ loggedIn: true, staffSees: false, published: false })).toBe('hidden');
  });
});

describe('publiclyShown', () => {
  it('needs an active question with a publication', () => {
    expect(publiclyShown({ status: 'active' }, true)).toBe(true);
    expect(publiclyShown({ status: 'active' }, false)).toBe(false);
    expect(publiclyShown({ status: 'archived' }, true)).toBe(false);
    expect(publiclyShown(undefined, true)).toBe(false);
  });
});
