// Login contract of docs/domain.md "Login contract": login info is what the web stores under localStorage.userinfo.
import { z } from 'zod';
import { EpochMs } from './common.js';

export const LoginRequest = z.object({
  username: z.string().trim().min(1, '请输入用户名').max(64),
  password: z.string().min(1, '请输入密码').max(256),
});

export const AgencyRef = z.object({ id: z.string(), name: z.string() });

export const LoginUser = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  mustChangePassword: z.boolean(),
});

export const LoginInfo = z.object({
  access_token: z.string(),
  expires_at: EpochMs,
  roles: z.array(z.string()),
  agencies: z.array(AgencyRef),
  user: LoginUser,
});
export type LoginInfo = z.infer<typeof LoginInfo>;

// The length part of the password rule (docs/security.md "Passwords"), shared so the web can pre-check it;
// the strength part (common or easily guessed passwords) is the server's (apps/server/src/lib/password.ts).
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** A password's length in characters: Unicode code points of its NFC form, not UTF-16 units. */
export const passwordLength = (password: string) => [...password.normalize('NFC')].length;

/** Why a new password's length is refused (a Chinese message), or null when it is 8 to 128 characters. */
export function passwordLengthProblem(password: string): string | null {
  const n = passwordLength(password);
  if (n < PASSWORD_MIN) return `新密码至少 ${PASSWORD_MIN} 个字符`;
  if (n > PASSWORD_MAX) return `新密码不能超过 ${PASSWORD_MAX} 个字符`;
  return null;
}

export const ChangePasswordRequest = z.object({
  oldPassword: z.string().min(1, '请输入原密码'),
  // The max in UTF-16 units is an outer bound that stops a huge string before it is counted (128 code points
  // take at most 256 units); the refinement counts code points of the NFC form.
  newPassword: z
    .string()
    .max(PASSWORD_MAX * 2, { message: `新密码不能超过 ${PASSWORD_MAX} 个字符`, abort: true })
    .superRefine((v, ctx) => {
      const problem = passwordLengthProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
