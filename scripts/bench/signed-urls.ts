/**
 * CPU per signed GET URL: the SDK's presigner (getSignedUrl, what lib/aws/s3.ts used before)
 * against lib/aws/s3.ts's signer, on one client as in Lambda (virtual-hosted, session
 * credentials). Both sign the same keys, one by one and as pages of 100 at once (a file
 * list); interleaved in rounds so that a busy machine slows both alike.
 */
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { getObjectUrlSigner } from '../../lib/aws/s3';

export interface SigningCost {
  name: string;
  /** CPU µs per URL, one URL at a time. */
  perUrl: number;
  /** CPU ms for a page of 100 URLs signed at once. */
  perPage: number;
}

const BUCKET = 'dpp-bench-bucket';
const key = (i: number) =>
  `companies/01a19656-4a80-7000-8000-000000000000/dpps/01a19656-4a8b-7000-8000-000000000011/files/01a19656-4a8d-7000-8000-${String(i % 1e12).padStart(12, '0')}/01a19656-4a8e-7000-8000-000000000014`;

const cpuMicros = async (work: () => Promise<unknown>) => {
  const start = process.cpuUsage();
  await work();
  const used = process.cpuUsage(start);
  return used.user + used.system;
};

export async function measureSigning(urls = 1000): Promise<SigningCost[]> {
  const client = new S3Client({
    region: 'eu-central-1',
    credentials: { accessKeyId: 'ASIABENCH', secretAccessKey: 'bench-secret', sessionToken: 'bench-session' },
  });
  const signer = getObjectUrlSigner(client, BUCKET);
  const ways: Array<{ name: string; sign: (key: string) => Promise<string> }> = [
    {
      name: 'SDK presigner (getSignedUrl)',
      sign: (k) => getSignedUrl(client, new GetObjectCommand({ Bucket: BUCKET, Key: k }), { expiresIn: 900 }),
    },
    { name: 'lib/aws/s3.ts getObjectUrlSigner', sign: (k) => signer(k, 900) },
  ];
  for (const way of ways) for (let i = 0; i < 200; i++) await way.sign(key(i));

  const totals = ways.map((way) => ({ way, one: 0, page: 0 }));
  const rounds = 10;
  const perRound = Math.max(1, Math.round(urls / rounds));
  for (let round = 0; round < rounds; round++) {
    for (const total of totals) {
      total.one += await cpuMicros(async () => {
        for (let i = 0; i < perRound; i++) await total.way.sign(key(round * perRound + i));
      });
      total.page += await cpuMicros(() => Promise.all(Array.from({ length: 100 }, (_, i) => total.way.sign(key(i)))));
    }
  }
  return totals.map(({ way, one, page }) => ({
    name: way.name,
    perUrl: one / (rounds * perRound),
    perPage: page / rounds / 1000,
  }));
}
