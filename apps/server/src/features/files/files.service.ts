// Stored images (agency logos, question images): size-limited, typed from content, within the uploader's and
// the agency's storage quotas, served by id (docs/security.md "Uploads").
import { randomBytes } from 'node:crypto';
import { FILE_MAX_BYTES } from '@edu/contract';
import type { Config } from '../../config.js';
import { ApiError, invalidField, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import {
  agencyQuotaOwner,
  QuotaExceeded,
  userQuotaOwner,
  type FilesRepository,
  type Quota,
} from './files.repository.js';
import { detectImageType } from './files.policy.js';
import { checkedImage } from './image-check.js';

export const fileUrl = (id: string) => `/v1/files/${id}`;

/** A size for messages: MB or KB with one decimal, or bytes. */
function sizeText(bytes: number): string {
  const one = (n: number) => n.toFixed(1).replace(/\.0$/, '');
  if (bytes >= 1024 * 1024) return `${one(bytes / 1024 / 1024)} MB`;
  return bytes >= 1024 ? `${one(bytes / 1024)} KB` : `${bytes} 字节`;
}

export class FilesService {
  constructor(
    private readonly repo: FilesRepository,
    private readonly clock: Clock,
    private readonly limits: Pick<Config['files'], 'quotaUserBytes' | 'quotaAgencyBytes' | 'sweepGraceMs'>,
  ) {}

  async upload(data: unknown, by: { userId: number; agencyId: string | null }) {
    if (!Buffer.isBuffer(data) || data.length === 0) throw invalidField('body', '请上传图片文件内容');
    // The body limit already refuses larger bodies; this guards callers that bypass it.
    if (data.length > FILE_MAX_BYTES) throw new ApiError('payload_too_large', '图片不能超过 2 MB');
    const type = detectImageType(data);
    if (!type) throw new ApiError('unsupported_media_type', '只支持 PNG、JPEG、GIF、WebP 图片');
    // The stored copy is the image alone, without the blocks that carry free text (image-check.ts).
    const image = checkedImage(type, data);
    if (!image)
      throw new ApiError('unsupported_media_type', '图片文件不完整或含有图片以外的内容，请重新导出图片后上传');
    // 128 random bits: files are readable without a login, so ids must not be guessable.
    const id = randomBytes(16).toString('base64url');
    const quotas: Quota[] = [{ owner: userQuotaOwner(by.userId), limitBytes: this.limits.quotaUserBytes }];
    if (by.agencyId) quotas.push({ owner: agencyQuotaOwner(by.agencyId), limitBytes: this.limits.quotaAgencyBytes });
    const file = {
      id,
      type,
      data: image,
      agencyId: by.agencyId,
      createdBy: by.userId,
      now: new Date(this.clock.now()),
    };
    try {
      await this.repo.insertWithinQuotas(file, quotas);
    } catch (e) {
      if (e instanceof QuotaExceeded) throw this.quotaError(e, image.length);
      throw e;
    }
    return { id, url: fileUrl(id), type, size: image.length };
  }

  /** 413 saying which quota, how much of it is used, and that unused images are removed after the grace period. */
  private quotaError(e: QuotaExceeded, size: number) {
    const whose = e.quota.owner.startsWith('user:') ? '你的上传空间' : '本机构的上传空间';
    const hours = Math.round(this.limits.sweepGraceMs / 3600_000);
    return new ApiError(
      'payload_too_large',
      `${whose}已满：已用 ${sizeText(e.usedBytes)}，上限 ${sizeText(e.quota.limitBytes)}，这张图片 ${sizeText(size)}。` +
        `没有被任何内容引用的图片会在上传 ${hours} 小时后自动清理`,
    );
  }

  async get(id: string) {
    const f = await this.repo.get(id);
    if (!f) throw notFound('文件不存在');
    return f;
  }

  exists(id: string) {
    return this.repo.exists(id);
  }
}
