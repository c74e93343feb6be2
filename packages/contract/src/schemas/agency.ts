// Agencies (tenants): managed by platform admins on admin/agency/list.
import { z } from 'zod';
import { AgencyId, EpochMs, Id } from './common.js';

export const Agency = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string().nullable(),
  profile: z.string(),
  logo: z.string().nullable(),
  createTime: EpochMs,
  lastUpdate: EpochMs,
});
export type Agency = z.infer<typeof Agency>;

const Domain = z
  .string()
  .trim()
  .max(253)
  .regex(/^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i, '域名格式不正确，例如 demo.example.com');

export const AgencyFields = z.object({
  name: z.string().trim().min(1, '请输入机构名称').max(64, '机构名称不超过 64 个字符'),
  domain: Domain.nullable().optional(),
  profile: z.string().max(5000, '机构简介不超过 5000 个字符').optional(),
  logo: z.string().max(64).nullable().optional(),
});

export const AgencyCreate = AgencyFields.extend({ id: AgencyId });

export const AgencyListQuery = z.object({
  start: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(200).default(20),
  keyword: z.string().trim().max(64).optional(),
});

export const PublicAgency = Agency.pick({ id: true, name: true, profile: true, logo: true });

/** One holder of an agency's admin role, as the agency list shows them (docs/users.md "An agency's first admin"). */
export const AgencyAdmin = z.object({ id: Id, username: z.string(), name: z.string() });
export type AgencyAdmin = z.infer<typeof AgencyAdmin>;

/** A row of the platform admin's agency list: the agency and who administers it. */
export const AgencyListItem = Agency.extend({ admins: z.array(AgencyAdmin) });
export type AgencyListItem = z.infer<typeof AgencyListItem>;

/** A new account as the agency's admin; the username gets the agency prefix, the password is generated. */
export const AgencyAdminCreate = z.object({
  name: z.string().trim().min(1, '请输入姓名').max(40, '姓名不超过 40 个字符'),
  /** Without the agency prefix (it is added); empty means generate one. */
  username: z
    .string()
    .trim()
    .max(80, '用户名过长')
    .regex(/^([A-Za-z0-9][A-Za-z0-9_.-]{1,79})?$/, '用户名只能包含字母、数字、下划线、点或连字符，以字母或数字开头')
    .optional(),
});
export type AgencyAdminCreate = z.input<typeof AgencyAdminCreate>;

/** An existing account, named by its full username, made the agency's admin. */
export const AgencyAdminAdd = z.object({
  username: z.string().trim().min(1, '请输入用户名').max(80, '用户名过长'),
});
export type AgencyAdminAdd = z.input<typeof AgencyAdminAdd>;

/** The new admin and the one-time password, shown once and never stored. */
export const CreatedAgencyAdmin = z.object({ admin: AgencyAdmin, password: z.string() });
export type CreatedAgencyAdmin = z.infer<typeof CreatedAgencyAdmin>;
