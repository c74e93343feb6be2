// Login contract of DOMAIN.md: login info is what the web stores under localStorage.userinfo.
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

export const PASSWORD_MIN = 8;

export const ChangePasswordRequest = z.object({
  oldPassword: z.string().min(1, '请输入原密码'),
  newPassword: z.string().min(PASSWORD_MIN, `新密码至少 ${PASSWORD_MIN} 个字符`).max(256, '新密码过长'),
});
