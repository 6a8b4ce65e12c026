import { S3Client } from '@aws-sdk/client-s3';
import { optional, region, required } from '../config';

export const bucketName = required('BUCKET_NAME');

const endpoint = optional('S3_ENDPOINT');

/** Locally the S3 stand-in is addressed by path (http://127.0.0.1:PORT/bucket/key). */
export const s3 = new S3Client({ region, endpoint, forcePathStyle: endpoint !== undefined, maxAttempts: 3 });
