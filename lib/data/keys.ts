/**
 * Every key of the single table, as pure functions. Items use generic attribute names
 * (`pk`, `sk`, `gsi1pk`, `gsi1sk`) and carry a `type`. The access patterns these serve
 * are listed in docs/data-model.md.
 *
 * Item collections:
 *   COMPANY#<companyId>   COMPANY (the company), PARTNER#<companyId>, USER#<userId>,
 *                         EMAIL#<email> (a member's or a pending invitation's e-mail: one per company),
 *                         INVITED_WALLET#<address> (a pending invitation's wallet), OPERATOR#<userId>
 *                         (a non-official operator), FORMER_OPERATOR#<userId> (one who became a member)
 *   INVITATION#<id>       INVITATION (the id is the secret of the accept link: 128 random bits)
 *   WALLET#<address>      WALLET (which user and company own a wallet; address lowercased)
 *   APIKEY#<sha256>       APIKEY (only the hash of an API key is stored)
 *   APIKEYID#<id>         APIKEY_ID (an API key's id: its hash, so a key is disabled by id)
 *   TEMPLATE#<templateId> TEMPLATE, TEMPLATE_FILE#<fileId>
 *   DPP#<dppId>           CARD#<cardId>, DPP, DPP_FILE#<fileId>, IMAGE#<imageId>, TRANSLATION#<lang>
 *   HISTORY#<dppId>       CHANGE#<revision>#<n>, NOTARIZATION#<n>, VERSION#<n>, VERSIONID#<versionId> (a
 *                         DPP's history of dynamic attributes, versions and notarizations: apart from
 *                         DPP#, so the passport view never reads them)
 *   ACCESS#<dppId>        GRANT#<grantId>, LOG#<stamp>#<id> (a DPP's access grants and the reads through
 *                         them: apart from DPP#, so the passport view never reads them)
 *   GTIN#<gtin14>         LINK#<serial> (a DPP's GS1 Digital Link entry: what the resolver answers
 *                         from, one read per answer; the product level reads the whole partition)
 *   IDEMPOTENCY#<companyId>#<route>#<key>   IDEMPOTENCY (a POST's first response, 24 h)
 *   OBJECT#<objectKey>    PENDING_OBJECT (an object written before the item that refers to it:
 *                         deleted by that item's transaction, lib/files/pending-objects.ts)
 *
 * Sort-key names are chosen so that a parent sorts directly before its children
 * (`DPP` < `DPP_FILE#…`, `TEMPLATE` < `TEMPLATE_FILE#…`): one Query reads a parent
 * with its files, so ownership is checked without a second round trip.
 */
export interface Key {
  pk: string;
  sk: string;
}

/** A key-condition range over one item collection: `pk = :pk AND sk BETWEEN :from AND :to`. */
export interface KeyRange {
  pk: string;
  from: string;
  to: string;
}

/** Sorts after every character our ids use; closes a BETWEEN over a prefix. */
const END = '\uffff';

export const ItemType = {
  Company: 'COMPANY',
  User: 'USER',
  Wallet: 'WALLET',
  ApiKey: 'APIKEY',
  ApiKeyId: 'APIKEY_ID',
  Template: 'TEMPLATE',
  TemplateFile: 'TEMPLATE_FILE',
  Dpp: 'DPP',
  DppFile: 'DPP_FILE',
  DppImage: 'DPP_IMAGE',
  DppCard: 'DPP_CARD',
  DppTranslation: 'DPP_TRANSLATION',
  Idempotency: 'IDEMPOTENCY',
  Partner: 'PARTNER',
  DppVersion: 'DPP_VERSION',
  DppVersionId: 'DPP_VERSION_ID',
  Notarization: 'NOTARIZATION',
  Invitation: 'INVITATION',
  EmailClaim: 'EMAIL_CLAIM',
  InvitedWallet: 'INVITED_WALLET',
  Operator: 'OPERATOR',
  DppLink: 'DPP_LINK',
  FormerOperator: 'FORMER_OPERATOR',
  Import: 'IMPORT',
  ImportRow: 'IMPORT_ROW',
  ImportMapping: 'IMPORT_MAPPING',
  Product: 'PRODUCT',
} as const;
export type ItemType = (typeof ItemType)[keyof typeof ItemType];

const companyPk = (companyId: string) => `COMPANY#${companyId}`;
const templatePk = (templateId: string) => `TEMPLATE#${templateId}`;
const dppPk = (dppId: string) => `DPP#${dppId}`;
const historyPk = (dppId: string) => `HISTORY#${dppId}`;
const gtinPk = (gtin14: string) => `GTIN#${gtin14}`;
const KYB_PENDING = 'KYB#PENDING';
const NOTARIZATION_PENDING = 'NOTARIZATION#PENDING';

/** Sort-key prefix of a notarization record (also the anchor worker's stream filter, lib/anchoring/worker.ts). */
export const NOTARIZATION_SK_PREFIX = 'NOTARIZATION#';

/** Version numbers sort as text: zero-padded to 8 digits (a DPP never reaches 10^8 versions). */
export const versionSortKey = (version: number): string => String(version).padStart(8, '0');

/*
 * One function per item type, each an export of its own: modules import them as a namespace
 * (`import * as keys from '../data/keys'`, then `keys.company(id)`), so a function bundles only
 * the keys it uses.
 */
export const company = (companyId: string): Key => ({ pk: companyPk(companyId), sk: 'COMPANY' });
export const user = (companyId: string, userId: string): Key => ({ pk: companyPk(companyId), sk: `USER#${userId}` });
/** One side of a partnership; both sides are stored, so each company lists its partners with one Query. */
export const partner = (companyId: string, partnerId: string): Key => ({
  pk: companyPk(companyId),
  sk: `PARTNER#${partnerId}`,
});
export const wallet = (address: string): Key => ({ pk: `WALLET#${address.toLowerCase()}`, sk: 'WALLET' });
export const apiKey = (keyHash: string): Key => ({ pk: `APIKEY#${keyHash}`, sk: 'APIKEY' });
/** An API key's id, pointing at its hash: `api-key disable <id>` finds the key without its company. */
export const apiKeyId = (apiKeyId: string): Key => ({ pk: `APIKEYID#${apiKeyId}`, sk: 'APIKEYID' });

/** An invitation, found by its id alone (accepting is public: the id is the secret). */
export const invitation = (invitationId: string): Key => ({ pk: `INVITATION#${invitationId}`, sk: 'INVITATION' });
/** Who holds an e-mail in a company: a member, or a pending invitation until it expires (lower-cased). */
export const emailClaim = (companyId: string, email: string): Key => ({
  pk: companyPk(companyId),
  sk: `EMAIL#${email.toLowerCase()}`,
});
/** The wallet of a pending invitation of a company (a member's wallet is its WALLET# item). */
export const invitedWallet = (companyId: string, address: string): Key => ({
  pk: companyPk(companyId),
  sk: `INVITED_WALLET#${address.toLowerCase()}`,
});
/** A non-official operator of a company; the id is the person's user id. */
export const operator = (companyId: string, userId: string): Key => ({
  pk: companyPk(companyId),
  sk: `OPERATOR#${userId}`,
});
/** An operator who became an official member (moved out of the operators' range by accept-invitation). */
export const formerOperator = (companyId: string, userId: string): Key => ({
  pk: companyPk(companyId),
  sk: `FORMER_OPERATOR#${userId}`,
});

export const template = (templateId: string): Key => ({ pk: templatePk(templateId), sk: 'TEMPLATE' });
export const templateFile = (templateId: string, fileId: string): Key => ({
  pk: templatePk(templateId),
  sk: `TEMPLATE_FILE#${fileId}`,
});

export const dpp = (dppId: string): Key => ({ pk: dppPk(dppId), sk: 'DPP' });
export const dppFile = (dppId: string, fileId: string): Key => ({ pk: dppPk(dppId), sk: `DPP_FILE#${fileId}` });
export const dppImage = (dppId: string, imageId: string): Key => ({ pk: dppPk(dppId), sk: `IMAGE#${imageId}` });
export const dppCard = (dppId: string, cardId: string): Key => ({ pk: dppPk(dppId), sk: `CARD#${cardId}` });
export const dppTranslation = (dppId: string, language: string): Key => ({
  pk: dppPk(dppId),
  sk: `TRANSLATION#${language}`,
});

/** Version `version` (1, 2, 3…) of a DPP: an immutable snapshot. */
export const dppVersion = (dppId: string, version: number): Key => ({
  pk: historyPk(dppId),
  sk: `VERSION#${versionSortKey(version)}`,
});
/** Claims a client's `versionId` within a DPP, so a duplicate is refused in the version's transaction. */
export const dppVersionId = (dppId: string, versionId: string): Key => ({
  pk: historyPk(dppId),
  sk: `VERSIONID#${versionId}`,
});
/** The notarization of version `version` of a DPP (one per version). */
export const notarization = (dppId: string, version: number): Key => ({
  pk: historyPk(dppId),
  sk: `${NOTARIZATION_SK_PREFIX}${versionSortKey(version)}`,
});

/** A DPP's GS1 Digital Link entry (lib/dpps/link.ts): the item `01/<gtin14>/21/<serial>` names. */
export const dppLink = (gtin14: string, serial: string): Key => ({ pk: gtinPk(gtin14), sk: `LINK#${serial}` });

/**
 * One idempotency key of one company on one route. The client's key comes last, so a `#`
 * in it cannot make two scopes meet; a partition per key spreads a company's POSTs.
 */
export const idempotency = (companyId: string, route: string, key: string): Key => ({
  pk: `IDEMPOTENCY#${companyId}#${route}#${key}`,
  sk: 'IDEMPOTENCY',
});

/**
 * The intent record of an object written before the item that will refer to it
 * (lib/files/pending-objects.ts): present exactly while that item's write has not committed.
 */
export const pendingObject = (objectKey: string): Key => ({ pk: `OBJECT#${objectKey}`, sk: 'PENDING_OBJECT' });

/**
 * The `type` of an intent record: apart from ItemType, which every function bundles whole, as
 * only the writes with an object and the sweeper need it.
 */
export const PENDING_OBJECT_TYPE = 'PENDING_OBJECT';

/** The gsi1 partition of every intent record, oldest first: the orphan sweeper's Query (no Scan). */
export const PENDING_OBJECTS = 'OBJECT#PENDING';

/** An intent record's place in the pending index: `gsi1pk = OBJECT#PENDING`, sorted by creation time. */
export const pendingObjectIndex = (createdAt: string, objectKey: string) => ({
  gsi1pk: PENDING_OBJECTS,
  gsi1sk: `${createdAt}#${objectKey}`,
});

export const ranges = {
  /** The template item followed by its files. */
  templateWithFiles: (templateId: string): KeyRange => ({
    pk: templatePk(templateId),
    from: 'TEMPLATE',
    to: `TEMPLATE_FILE#${END}`,
  }),
  /** The DPP item followed by its files. */
  dppWithFiles: (dppId: string): KeyRange => ({ pk: dppPk(dppId), from: 'DPP', to: `DPP_FILE#${END}` }),
  /** A DPP's versions, oldest first (not the VERSIONID# claims, which sort after `VERSION#\uffff`). */
  dppVersions: (dppId: string): KeyRange => ({ pk: historyPk(dppId), from: 'VERSION#', to: `VERSION#${END}` }),
  /** A DPP's notarizations, oldest version first. */
  dppNotarizations: (dppId: string): KeyRange => ({
    pk: historyPk(dppId),
    from: NOTARIZATION_SK_PREFIX,
    to: `${NOTARIZATION_SK_PREFIX}${END}`,
  }),
  /**
   * A DPP's tech cards, the DPP item and its files (`CARD#…` < `DPP` < `DPP_FILE#…`), not its images
   * or translations: what linking it to another DPP copies (related DPPs).
   */
  dppCardsAndFiles: (dppId: string): KeyRange => ({ pk: dppPk(dppId), from: 'CARD#', to: `DPP_FILE#${END}` }),
  /** The whole company collection: the company, its e-mail and wallet claims, operators, partners and users. */
  company: (companyId: string): KeyRange => ({ pk: companyPk(companyId), from: 'COMPANY', to: `USER#${END}` }),
  /** A company's partners. */
  partners: (companyId: string): KeyRange => ({ pk: companyPk(companyId), from: 'PARTNER#', to: `PARTNER#${END}` }),
  /** A company's non-official operators, oldest first (not FORMER_OPERATOR#, which sorts before). */
  operators: (companyId: string): KeyRange => ({ pk: companyPk(companyId), from: 'OPERATOR#', to: `OPERATOR#${END}` }),
  /** A company's e-mail claims (members' and pending invitations'): where expired invitations' seats are found. */
  emailClaims: (companyId: string): KeyRange => ({ pk: companyPk(companyId), from: 'EMAIL#', to: `EMAIL#${END}` }),
};

/** The whole DPP item collection (a DPP with images, files, cards and translations). */
export const dppCollection = (dppId: string): string => dppPk(dppId);

/** The whole history collection of a DPP (its versions, versionId claims and notarizations). */
export const historyCollection = (dppId: string): string => historyPk(dppId);

/** Every DPP of one product (GTIN-14): the partition of their GS1 Digital Link entries. */
export const gtinCollection = (gtin14: string): string => gtinPk(gtin14);

/** GSI1: what a company owns, by type. */
export const gsi1 = {
  name: 'gsi1',
  companyDpp: (companyId: string, dppId: string) => ({ gsi1pk: companyPk(companyId), gsi1sk: `DPP#${dppId}` }),
  /** Every DPP of a company: `gsi1pk = :pk AND begins_with(gsi1sk, :prefix)`. */
  companyDpps: (companyId: string) => ({ gsi1pk: companyPk(companyId), prefix: 'DPP#' }),
  companyTemplate: (companyId: string, templateId: string) => ({
    gsi1pk: companyPk(companyId),
    gsi1sk: `TEMPLATE#${templateId}`,
  }),
  /** An API key of a company (on the key's item), by its id: a company's keys list oldest first. */
  companyApiKey: (companyId: string, apiKeyId: string) => ({
    gsi1pk: companyPk(companyId),
    gsi1sk: `APIKEY#${apiKeyId}`,
  }),
  /** Every API key of a company: `gsi1pk = :pk AND begins_with(gsi1sk, :prefix)`. */
  companyApiKeys: (companyId: string) => ({ gsi1pk: companyPk(companyId), prefix: 'APIKEY#' }),
  /**
   * A company whose KYB check is PENDING (VIES could not answer): set on its company item while
   * the check is pending and removed when it moves on, so the retry worker Queries exactly
   * these: `gsi1pk = KYB#PENDING`.
   */
  kybPending: (companyId: string) => ({ gsi1pk: KYB_PENDING, gsi1sk: companyId }),
  kybPendingPartition: (): string => KYB_PENDING,
  /**
   * A notarization still PENDING (lib/anchoring): set on its record while it waits to be
   * anchored and removed when it is ANCHORED or FAILED, so the anchor worker's scheduled sweep
   * Queries exactly these, oldest first: `gsi1pk = NOTARIZATION#PENDING`.
   */
  notarizationPending: (createdAt: string, key: Key) => ({
    gsi1pk: NOTARIZATION_PENDING,
    gsi1sk: `${createdAt}#${key.pk}#${key.sk}`,
  }),
  notarizationPendingPartition: (): string => NOTARIZATION_PENDING,
};

/**
 * A range of an index partition that a list pages through: `gsi1pk = :pk AND gsi1sk BETWEEN
 * :from AND :to` (`pk`, `from` and `to` are the index's, so a cursor binds to it like to a
 * table range). An ExclusiveStartKey on an index names the item's table key too: `tableKey`
 * gives it from the index sort key.
 */
export interface IndexRange extends KeyRange {
  tableKey: (indexSk: string) => Key;
}

const indexRange = (partition: { gsi1pk: string; prefix: string }, tableKey: (id: string) => Key): IndexRange => ({
  pk: partition.gsi1pk,
  from: partition.prefix,
  to: `${partition.prefix}${END}`,
  tableKey: (indexSk) => tableKey(indexSk.slice(partition.prefix.length)),
});

/** The gsi1 ranges the lists page through, oldest id first. */
export const indexRanges = {
  /** A company's DPPs (GET /dpps). */
  companyDpps: (companyId: string): IndexRange => indexRange(gsi1.companyDpps(companyId), dpp),
  /**
   * A company's templates (GET /templates). Its partition spelled here, not in gsi1: every
   * function bundles the whole gsi1 object, and only this list needs it.
   */
  companyTemplates: (companyId: string): IndexRange =>
    indexRange({ gsi1pk: companyPk(companyId), prefix: 'TEMPLATE#' }, template),
};

/*
 * A DPP's access grants and the log of reads through them: `ACCESS#<dppId>`, apart from DPP# (the
 * passport's one Query never reads them) and from HISTORY#. Plain exports, not in `ranges` or
 * ItemType, so only the functions that use them bundle them.
 */
const accessPk = (dppId: string) => `ACCESS#${dppId}`;
/** An access grant of a DPP (lib/access-grants): `GRANT#<grantId>`. */
export const accessGrant = (dppId: string, grantId: string): Key => ({ pk: accessPk(dppId), sk: `GRANT#${grantId}` });
/** A DPP's grants, oldest first (ids are UUIDv7). */
export const accessGrantsRange = (dppId: string): KeyRange => ({
  pk: accessPk(dppId),
  from: 'GRANT#',
  to: `GRANT#${END}`,
});
/** One read through a grant: `LOG#<newest-first stamp>#<id>`, so the range reads newest first. */
export const accessLogEntry = (dppId: string, stamp: string, entryId: string): Key => ({
  pk: accessPk(dppId),
  sk: `LOG#${stamp}#${entryId}`,
});
/** A DPP's access log, newest first. */
export const accessLogRange = (dppId: string): KeyRange => ({ pk: accessPk(dppId), from: 'LOG#', to: `LOG#${END}` });

/*
 * The history of a profiled DPP's dynamic attributes (lib/dpp-aspects): `CHANGE#<revision>#<n>` in
 * `HISTORY#<dppId>`, the n-th attribute changed by the aspect write that made revision
 * `revision` (the DPP's `aspects_revision`), so the range reads oldest first. `CHANGE#` sorts
 * before `NOTARIZATION#` and `VERSION#`: a range of its own. Plain exports, like the grants'.
 */
/** One changed dynamic attribute of one aspect write. */
export const aspectChange = (dppId: string, revision: number, n: number): Key => ({
  pk: historyPk(dppId),
  sk: `CHANGE#${String(revision).padStart(10, '0')}#${String(n).padStart(3, '0')}`,
});
/** A DPP's changes of dynamic attributes, oldest first. */
export const aspectChangesRange = (dppId: string): KeyRange => ({
  pk: historyPk(dppId),
  from: 'CHANGE#',
  to: `CHANGE#${END}`,
});

/*
 * Bulk imports (lib/imports; docs/data-model.md, Imports):
 *   IMPORTS#<companyId>    IMPORT#<importId> (an import: its options, status, counts, checkpoint),
 *                          MAPPING#<mappingId> (a saved column mapping)
 *   IMPORT#<importId>      ROW#<status>#<row> (one row's outcome: `?status=failed` is one range)
 *   PRODUCT#<companyId>    <gtin14>#<serial> (which DPP a product is: what an import is idempotent on;
 *                          `<gtin14>#` when the row has no serial, the product being its code)
 */
const importsPk = (companyId: string) => `IMPORTS#${companyId}`;
/**
 * The proof of a DPP's registration in the EU registry (PUT /dpps/{dppId}/registration), one per
 * version it names: in the history collection beside the version it proves, so the passport's
 * one Query never reads it. Plain exports, like the grants'.
 */
export const registrationProof = (dppId: string, version: number): Key => ({
  pk: historyPk(dppId),
  sk: `REGISTRATION#${versionSortKey(version)}`,
});

/**
 * A company's EU registry export state (POST /registry-exports): until when the last export
 * covered its passports' changes. One item per company, in a partition of its own (not in the
 * company's collection, whose whole range the company's readers take).
 */
export const registryExportState = (companyId: string): Key => ({
  pk: `REGISTRY_EXPORT#${companyId}`,
  sk: 'REGISTRY_EXPORT',
});

export const bulkImport = (companyId: string, importId: string): Key => ({
  pk: importsPk(companyId),
  sk: `IMPORT#${importId}`,
});
export const bulkImportsRange = (companyId: string): KeyRange => ({
  pk: importsPk(companyId),
  from: 'IMPORT#',
  to: `IMPORT#${END}`,
});
export const importMapping = (companyId: string, mappingId: string): Key => ({
  pk: importsPk(companyId),
  sk: `MAPPING#${mappingId}`,
});
/** Rows sort by number within a status: 9 digits (a file of at most 999,999,999 rows). */
export const importRowNumber = (row: number): string => String(row).padStart(9, '0');
export const importRow = (importId: string, status: string, row: number): Key => ({
  pk: `IMPORT#${importId}`,
  sk: `ROW#${status}#${importRowNumber(row)}`,
});
export const importRowsRange = (importId: string, status?: string): KeyRange => ({
  pk: `IMPORT#${importId}`,
  from: status === undefined ? 'ROW#' : `ROW#${status}#`,
  to: status === undefined ? `ROW#${END}` : `ROW#${status}#${END}`,
});
export const product = (companyId: string, gtin14: string, serial: string | undefined): Key => ({
  pk: `PRODUCT#${companyId}`,
  sk: `${gtin14}#${serial ?? ''}`,
});
