// Initial passwords (docs/users.md "Passwords"): every password an admin sets — typed in a create dialog or an
// enrolment sheet, generated, or a reset — must be changed at the account's first login, so it is hashed at the
// cheaper initial cost; the password its owner then chooses gets the full parameters (lib/password.ts).
import { hash } from '@node-rs/argon2';

/** argon2id at 4 MiB and one pass: about a twentieth of the full cost (docs/enrolment.md "Passwords"). */
export const INITIAL_HASH = { algorithm: 2, memoryCost: 4096, timeCost: 1, parallelism: 1 } as const;

/** The hash of an initial password; the account it goes on must have `must_change_password` set. */
export const hashInitialPassword = (password: string) => hash(password, INITIAL_HASH);
