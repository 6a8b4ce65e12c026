import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { LOCAL_ANCHOR_ADDRESS } from '../../infra/local/environment';
import { LOCAL_SWEEP_EVERY_MS } from '../../lib/anchoring/worker';
import * as keys from '../../lib/data/keys';
import { type NotarizationItem, toNotarizationItem } from '../../lib/notarizations/model';
import { call, demo, download, fixture, form, localTable, putTestDpp, tokenFor } from '../support/api';
import { EVENTUALLY_TEST_TIMEOUT_MS, eventually } from '../support/eventually';
import { signHash, testAccount, WALLET } from '../support/wallets';

/**
 * The independent proof of an anchor: notarize over HTTP, wait
 * for ANCHORED in the notarizations view, then, trusting nothing the service stores, read the
 * transaction from the chain (anvil's own JSON-RPC) by its hash, fetch the canonical version
 * document through the public `uri`, and check that the transaction's data holds that
 * document's SHA-256 (then the report's hash, which the submitter signed).
 */
const evmRpcUrl = inject('evmRpcUrl');
const acme = demo.acme;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Straight to the chain: no code of the service between the test and the node. */
async function chain<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(evmRpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/** A fresh DPP of Acme (DPPs have no create endpoint), so the demo passports stay as seeded. */
async function newDpp() {
  const item = await putTestDpp('anchor', {
    company_id: acme.company.id,
    model_id: acme.dpp.model_id,
    template_id: acme.dpp.template_id,
    dpp_type: 'e-bike',
  });
  return item;
}

interface Notarization {
  status: string;
  transaction_hash: string;
  block_hash: string;
  block_number: number;
  from: string;
  to: string;
  url: string;
  dpp_hash: string;
  version: number;
}

describe('a notarization anchored on the local chain', () => {
  it(
    'holds, in the data of the transaction the chain has under its hash, the SHA-256 of the version document its uri serves',
    async () => {
      const token = await tokenFor('acme');
      const dpp = await newDpp();
      const upload = await call('POST', `/models/${dpp.model_id}/dpps/${dpp.id}/upload-file`, {
        token,
        form: form(
          { name: 'Declaration', description: 'Declaration of conformity' },
          { bytes: fixture('sample.pdf'), name: 'declaration.pdf' },
        ),
      });
      expect(upload.status).toBe(200);
      const created = await call('POST', `/version/${dpp.id}/create`, {
        token,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ dppId: dpp.id, versionId: `v-${randomUUID()}` }),
      });
      expect(created.status).toBe(200);

      // 1. notarize: the report signed by the Acme editor's wallet.
      const report = fixture('sample.csv');
      const reportHash = sha256(report);
      const editor = testAccount(WALLET.acmeEditor);
      const started = Date.now();
      const notarized = await call('POST', `/version/${dpp.id}/notarize`, {
        token,
        form: form(
          {
            companyId: acme.company.id,
            hash: reportHash,
            signature: signHash(reportHash, WALLET.acmeEditor),
            submitter: editor.address,
            filesList: JSON.stringify([upload.body.file.id]),
          },
          { bytes: report, name: 'report.csv' },
        ),
      });
      expect(notarized.status, JSON.stringify(notarized.body)).toBe(200);
      const { uri } = notarized.body as { uri: string };

      // 2. wait for ANCHORED, as a client would: through the notarizations view (no duration
      // asserted: on a busy machine the worker may take a minute; test/support/eventually.ts).
      const anchored = await eventually('the notarization ANCHORED in the view', async () => {
        const view = await call('GET', `/view-dpp-notarizations/${dpp.id}`, { token });
        expect(view.status).toBe(200);
        const [notarization] = view.body.notarizations as Notarization[];
        expect(notarization?.status).not.toBe('FAILED');
        return notarization?.status === 'ANCHORED' ? notarization : undefined;
      });
      console.info(`notarize → ANCHORED (seen in the view): ${((Date.now() - started) / 1000).toFixed(2)} s`);

      // 3. the transaction, from the chain, by its hash.
      const transaction = await chain<{
        input: string;
        from: string;
        to: string;
        blockHash: string;
        blockNumber: string;
      }>('eth_getTransactionByHash', [anchored.transaction_hash]);
      const receipt = await chain<{ status: string; blockHash: string }>('eth_getTransactionReceipt', [
        anchored.transaction_hash,
      ]);
      expect(receipt.status).toBe('0x1');
      expect(transaction.blockHash).toBe(anchored.block_hash);
      expect(Number(transaction.blockNumber)).toBe(anchored.block_number);
      expect(transaction.from).toBe(LOCAL_ANCHOR_ADDRESS.toLowerCase());
      expect(transaction.to).toBe(LOCAL_ANCHOR_ADDRESS.toLowerCase());
      expect([anchored.from, anchored.to]).toEqual([LOCAL_ANCHOR_ADDRESS, LOCAL_ANCHOR_ADDRESS]);

      // 4. the canonical version document, fetched through the public uri (no token), hashed here.
      const document = await download(uri);
      expect(document.status).toBe(200);
      const documentHash = sha256(document.bytes);
      expect(transaction.input).toBe(`0x${documentHash}${reportHash}`);
      expect(anchored.dpp_hash).toBe(documentHash);

      // The record's url is the explorer's page of that very transaction.
      const explorer = await fetch(anchored.url);
      expect(explorer.status).toBe(200);
      expect(((await explorer.json()) as { transaction: { hash: string } }).transaction.hash).toBe(
        anchored.transaction_hash,
      );
    },
    EVENTUALLY_TEST_TIMEOUT_MS,
  );
});

describe('a notarization its stream record no longer brings to the worker', () => {
  it(
    'is anchored by the worker’s scheduled sweep of the pending index (what resumes one whose deliveries ran out during an outage)',
    async () => {
      const { doc, tableName } = localTable();
      const now = new Date().toISOString();
      const record = toNotarizationItem({
        id: randomUUID(),
        dpp_id: `sweep-${randomUUID()}`,
        company_id: acme.company.id,
        version: 1,
        version_id: `v-${randomUUID()}`,
        dpp_hash: randomBytes(32).toString('hex'),
        report_hash: randomBytes(32).toString('hex'),
        submitter: LOCAL_ANCHOR_ADDRESS,
        snapshot: { dpp: {} as NotarizationItem['snapshot']['dpp'], files: [], cards: [] },
        status: 'PENDING',
        created_at: now,
        updated_at: now,
        attempts: 0,
      });
      const key = { pk: record.pk, sk: record.sk };
      const read = async () =>
        (await doc.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true })))
          .Item as NotarizationItem;
      // Written with a hash that can never be anchored, so the worker makes it FAILED on its stream record…
      await doc.send(new PutCommand({ TableName: tableName, Item: { ...record, dpp_hash: 'not-a-hash' } }));
      await eventually('the record FAILED by the worker', async () =>
        (await read()).status === 'FAILED' ? true : undefined,
      );
      // …then mended and PENDING again in the pending index: a change no stream record brings to the
      // worker (its filter passes INSERTs), as for a record whose deliveries ran out.
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key,
          UpdateExpression: 'SET #status = :pending, #dpp_hash = :hash, gsi1pk = :pk, gsi1sk = :sk REMOVE #failure',
          ExpressionAttributeNames: { '#status': 'status', '#dpp_hash': 'dpp_hash', '#failure': 'failure' },
          ExpressionAttributeValues: {
            ':pending': 'PENDING',
            ':hash': record.dpp_hash,
            ':pk': keys.gsi1.notarizationPendingPartition(),
            ':sk': record.gsi1sk,
          },
        }),
      );

      const anchored = await eventually(`ANCHORED by a sweep (one every ${LOCAL_SWEEP_EVERY_MS} ms)`, async () => {
        const current = await read();
        expect(current.status).not.toBe('FAILED');
        return current.status === 'ANCHORED' ? current : undefined;
      });
      expect(anchored).not.toHaveProperty('gsi1pk');
      const transaction = await chain<{ input: string }>('eth_getTransactionByHash', [anchored.transaction_hash]);
      expect(transaction.input).toBe(`0x${record.dpp_hash}${record.report_hash}`);
    },
    EVENTUALLY_TEST_TIMEOUT_MS,
  );
});
