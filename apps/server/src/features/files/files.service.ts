// Stored images (agency logos, question images): size-limited, typed from content, served by id.
import { randomBytes } from 'node:crypto';
import { FILE_MAX_BYTES } from '@edu/contract';
import { ApiError, invalidField, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import type { FilesRepository } from './files.repository.js';
import { detectImageType } from './files.policy.js';

export const fileUrl = (id: string) => `/v1/files/${id}`;

export class FilesService {
  constructor(
    private readonly repo: FilesRepository,
    private readonly clock: Clock,
  ) {}

  async upload(data: unknown, by: { userId: number; agencyId: string | null }) {
    if (!Buffer.isBuffer(data) || data.length === 0) throw invalidField('body', '请上传图片文件内容');
    // The body limit already refuses larger bodies; this guards callers that bypass it.
    if (data.length > FILE_MAX_BYTES) throw new ApiError('payload_too_large', '图片不能超过 2 MB');
    const type = detectImageType(data);
    if (!type) throw new ApiError('unsupported_media_type', '只支持 PNG、JPEG、GIF、WebP 图片');
    // 128 random bits: files are readable without a login, so ids must not be guessable.
    const id = randomBytes(16).toString('base64url');
    await this.repo.insert({
      id,
      type,
      data,
      agencyId: by.agencyId,
      createdBy: by.userId,
      now: new Date(this.clock.now()),
    });
    return { id, url: fileUrl(id), type, size: data.length };
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
