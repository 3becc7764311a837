import { DeleteObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { createS3MediaStorage } from './media-storage.ts';

function recordingClient(failKey?: string) {
  const deleted: string[] = [];
  const client = {
    send: async (command: unknown) => {
      if (!(command instanceof DeleteObjectCommand)) throw new Error('unexpected command');
      expect(command.input.Bucket).toBe('media-bucket');
      if (command.input.Key === failKey) throw new Error('AccessDenied');
      deleted.push(command.input.Key!);
      return {};
    },
  } as unknown as S3Client;
  return { client, deleted };
}

describe('media storage delete', () => {
  it('deletes media keys and /media/ paths once each, and never anything outside media/', async () => {
    const { client, deleted } = recordingClient();
    const media = createS3MediaStorage(client, 'media-bucket');
    await media.deleteMany([
      '/media/user-vouchers/a/x.jpg',
      'media/user-vouchers/a/x.jpg',
      'templates/t/y.png',
      'https://cdn.example/media/z.jpg',
      'data:image/png;base64,AAAA',
      '/media/../verification/s/front.png',
      '',
      '/media/',
    ]);
    expect(deleted.sort()).toEqual(['media/templates/t/y.png', 'media/user-vouchers/a/x.jpg']);
    await media.delete('/media/companies/s/header-1.jpg');
    expect(deleted).toContain('media/companies/s/header-1.jpg');
  });

  it('tries every key and then reports the ones S3 refused', async () => {
    const { client, deleted } = recordingClient('media/b.jpg');
    const media = createS3MediaStorage(client, 'media-bucket');
    await expect(media.deleteMany(['/media/a.jpg', '/media/b.jpg', '/media/c.jpg'])).rejects.toThrow(/media\/b\.jpg/);
    expect(deleted.sort()).toEqual(['media/a.jpg', 'media/c.jpg']);
  });
});
