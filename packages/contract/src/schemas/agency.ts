// Agencies (tenants): managed by platform admins on admin/agency/list.
import { z } from 'zod';
import { AgencyId, EpochMs } from './common.js';

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
