import path from 'node:path';
import { S3FileStorage } from './s3-storage.js';
import { LocalFileStorage, type FileStorage } from './storage.js';

/** The store the configuration names: the local folder, or an S3-compatible bucket. */
export function createFileStorage(config: {
  dataDir: string;
  STORAGE_PROVIDER: 'local' | 's3';
  S3_ENDPOINT?: string;
  S3_REGION: string;
  S3_BUCKET?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
}): FileStorage {
  if (config.STORAGE_PROVIDER === 'local') return new LocalFileStorage(path.join(config.dataDir, 'uploads'));
  const { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  if (!endpoint || !bucket || !accessKeyId || !secretAccessKey) {
    throw new Error('STORAGE_PROVIDER=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  return new S3FileStorage({ endpoint, bucket, accessKeyId, secretAccessKey, region: config.S3_REGION });
}
