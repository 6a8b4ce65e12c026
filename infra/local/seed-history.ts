import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as v from 'valibot';
import type { Principal } from '../../lib/auth/claims';
import { verifyBusiness, verifyBusinessInput } from '../../lib/companies/kyb/verify-business';
import * as keys from '../../lib/data/keys';
import { putDppTranslation, putDppTranslationInput } from '../../lib/dpps/put-dpp-translation';
import { readDppCollection, readWholeDpp } from '../../lib/dpps/repository';
import { characteristicKey, currentTranslation } from '../../lib/dpps/translations';
import type { FilePart } from '../../lib/files/upload';
import type { NotarizationItem } from '../../lib/notarizations/model';
import { notarizeDppVersion, notarizeDppVersionInput } from '../../lib/notarizations/notarize-version';
import { createRelatedDpps, createRelatedDppsInput } from '../../lib/related-dpps/create-related-dpps';
import { createDppVersion, createDppVersionInput } from '../../lib/versions/create-version';
import type { LocalClients } from './bootstrap';
import type { DemoData } from './seed';
import { accountIndexOf, signHash, testAccount } from './wallets';

/** How long `npm start` waits for the demo notarization to be anchored on the local chain. */
const ANCHOR_WAIT_MS = 30_000;

/**
 * What a user does after the items exist, done through the service's own use cases (the
 * same code the functions run, with the same validation): verify businesses (`kyb`, against
 * the VIES stand-in), link DPPs (`links`, the copied texts then translated as their originals
 * are: translateCopies), then create
 * versions and notarize them (`versions`, in order), signing as the DPP's company admin with
 * its test-mnemonic wallet. Waits until every notarization is anchored by the local stream
 * worker, so `npm start` is ready with a notarized, anchored version.
 */
export async function seedHistory(clients: LocalClients, tableName: string, data: DemoData): Promise<void> {
  const owners = new Map(data.companies.flatMap((company) => company.dpps.map((dpp) => [dpp.id, company] as const)));
  const adminOf = (dppId: string): Principal & { companyId: string } => {
    const company = owners.get(dppId);
    const admin = company?.users.find((user) => user.role === 'admin');
    if (!company || !admin) throw new Error(`demo-data: DPP ${dppId} has no company with an admin`);
    return { userId: admin.id, companyId: company.id, wallet: admin.wallet.toLowerCase(), role: admin.role };
  };

  for (const check of data.kyb) {
    const company = data.companies.find((c) => c.users.some((user) => user.id === check.user));
    const user = company?.users.find((u) => u.id === check.user);
    if (!company || !user) throw new Error(`demo-data: kyb names an unknown user ${check.user}`);
    const auth = { userId: user.id, companyId: company.id, wallet: user.wallet.toLowerCase(), role: user.role };
    await verifyBusiness(auth, v.parse(verifyBusinessInput, { body: { userId: user.id, userData: check.userData } }));
  }

  for (const link of data.links) {
    const auth = adminOf(link.dpp);
    const input = v.parse(createRelatedDppsInput, {
      params: { companyId: auth.companyId, dppId: link.dpp },
      body: { relatedDppIds: link.related },
    });
    await createRelatedDpps(auth, input);
    await translateCopies(auth, link.dpp);
  }

  const versionsOf = new Map<string, number>();
  const anchoring: Array<{ dppId: string; version: number }> = [];
  for (const entry of data.versions) {
    const auth = adminOf(entry.dpp);
    await createDppVersion(
      auth,
      v.parse(createDppVersionInput, {
        params: { dppId: entry.dpp },
        body: { dppId: entry.dpp, versionId: entry.versionId },
      }),
    );
    const version = (versionsOf.get(entry.dpp) ?? 0) + 1;
    versionsOf.set(entry.dpp, version);
    if (!entry.notarize) continue;

    const index = accountIndexOf(auth.wallet);
    if (index === undefined) throw new Error(`demo-data: wallet ${auth.wallet} is not a test-mnemonic account`);
    const report = Buffer.from(
      `${JSON.stringify({
        report: 'Conformity review before publishing a passport version',
        dpp: entry.dpp,
        version_id: entry.versionId,
        reviewed_by: auth.userId,
        outcome: 'approved',
      })}\n`,
    );
    const hash = createHash('sha256').update(report).digest('hex');
    const file: FilePart = {
      filename: 'review.json',
      mimetype: 'application/json',
      encoding: '7bit',
      truncated: false,
      content: report,
    };
    // The notarized version vouches for the DPP's own demo files.
    const filesList = owners
      .get(entry.dpp)
      ?.dpps.find((dpp) => dpp.id === entry.dpp)
      ?.files.map((f) => f.id);
    await notarizeDppVersion(
      auth,
      v.parse(notarizeDppVersionInput, {
        params: { dppId: entry.dpp },
        body: {
          file,
          companyId: auth.companyId,
          hash,
          signature: signHash(hash, index),
          submitter: testAccount(index).address,
          filesList: JSON.stringify(filesList ?? []),
        },
      }),
    );
    anchoring.push({ dppId: entry.dpp, version });
  }

  await Promise.all(anchoring.map(({ dppId, version }) => waitAnchored(clients, tableName, dppId, version)));
}

async function waitAnchored(clients: LocalClients, tableName: string, dppId: string, version: number) {
  const deadline = Date.now() + ANCHOR_WAIT_MS;
  for (;;) {
    const { Item } = await clients.doc.send(
      new GetCommand({ TableName: tableName, Key: keys.notarization(dppId, version), ConsistentRead: true }),
    );
    const status = (Item as NotarizationItem | undefined)?.status;
    if (status === 'ANCHORED') return;
    if (status === 'FAILED') throw new Error(`the demo notarization of ${dppId} v${version} failed to anchor`);
    if (Date.now() > deadline) {
      throw new Error(`the demo notarization of ${dppId} v${version} was not anchored within ${ANCHOR_WAIT_MS} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The copies linking made on `dppId` (files and cards of a related DPP, each with `copied_from`)
 * get the translations their originals have, through PUT /dpps/{dppId}/translations' use case, as
 * the company would send them: linking copies texts, not translations (docs/choices.md, Related
 * DPPs), and the demo passport shows every text in each of its languages (docs/demo.md).
 * A copied card's characteristics are new ones, in the original's order.
 */
async function translateCopies(auth: Principal & { companyId: string }, dppId: string): Promise<void> {
  const target = await readWholeDpp(dppId);
  const sources = new Set(
    [...target.files, ...target.cards].flatMap((part) => (part.copied_from ? [part.copied_from.dpp_id] : [])),
  );
  for (const sourceId of sources) {
    const source = await readWholeDpp(sourceId);
    for (const language of target.translations.filter((l) => source.translations.includes(l))) {
      const { stored } = await readDppCollection(sourceId, language);
      const text = (key: string, unit: { name: string; description: string }) =>
        currentTranslation(stored, { key, ...unit });
      const files = Object.fromEntries(
        target.files.flatMap((copy) => {
          const original = source.files.find((f) => f.id === copy.copied_from?.id);
          const translated = original && text(`file:${original.id}`, original);
          return translated ? [[copy.id, translated]] : [];
        }),
      );
      const cards = Object.fromEntries(
        target.cards.flatMap((copy) => {
          const original = source.cards.find((c) => c.id === copy.copied_from?.id);
          if (!original) return [];
          const characteristics = Object.fromEntries(
            (copy.characteristics ?? []).flatMap((c, i) => {
              const from = original.characteristics?.[i];
              const translated =
                from && text(characteristicKey(original.id, from.id), { name: from.characteristic, description: '' });
              return translated ? [[c.id, translated.name]] : [];
            }),
          );
          return [[copy.id, { ...text(`card:${original.id}`, original), characteristics }]];
        }),
      );
      if (Object.keys(files).length + Object.keys(cards).length === 0) continue;
      await putDppTranslation(
        auth,
        v.parse(putDppTranslationInput, { params: { dppId, language }, body: { files, cards } }),
      );
    }
  }
}
