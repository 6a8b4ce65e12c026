/**
 * Every key of the single table, as pure functions. Items use generic attribute names
 * (`pk`, `sk`, `gsi1pk`, `gsi1sk`) and carry a `type`. The access patterns these serve
 * are listed in docs/data-model.md.
 *
 * Item collections:
 *   COMPANY#<companyId>   COMPANY (the company), USER#<userId>
 *   WALLET#<address>      WALLET (which user and company own a wallet; address lowercased)
 *   APIKEY#<sha256>       APIKEY (only the hash of an API key is stored)
 *   TEMPLATE#<templateId> TEMPLATE, TEMPLATE_FILE#<fileId>
 *   DPP#<dppId>           CARD#<cardId>, DPP, DPP_FILE#<fileId>, IMAGE#<imageId>, TRANSLATION#<lang>
 *   IDEMPOTENCY#<companyId>#<route>#<key>   IDEMPOTENCY (a POST's first response, 24 h)
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
  Template: 'TEMPLATE',
  TemplateFile: 'TEMPLATE_FILE',
  Dpp: 'DPP',
  DppFile: 'DPP_FILE',
  DppImage: 'DPP_IMAGE',
  DppCard: 'DPP_CARD',
  DppTranslation: 'DPP_TRANSLATION',
  Idempotency: 'IDEMPOTENCY',
} as const;
export type ItemType = (typeof ItemType)[keyof typeof ItemType];

const companyPk = (companyId: string) => `COMPANY#${companyId}`;
const templatePk = (templateId: string) => `TEMPLATE#${templateId}`;
const dppPk = (dppId: string) => `DPP#${dppId}`;

export const keys = {
  company: (companyId: string): Key => ({ pk: companyPk(companyId), sk: 'COMPANY' }),
  user: (companyId: string, userId: string): Key => ({ pk: companyPk(companyId), sk: `USER#${userId}` }),
  wallet: (address: string): Key => ({ pk: `WALLET#${address.toLowerCase()}`, sk: 'WALLET' }),
  apiKey: (keyHash: string): Key => ({ pk: `APIKEY#${keyHash}`, sk: 'APIKEY' }),

  template: (templateId: string): Key => ({ pk: templatePk(templateId), sk: 'TEMPLATE' }),
  templateFile: (templateId: string, fileId: string): Key => ({
    pk: templatePk(templateId),
    sk: `TEMPLATE_FILE#${fileId}`,
  }),

  dpp: (dppId: string): Key => ({ pk: dppPk(dppId), sk: 'DPP' }),
  dppFile: (dppId: string, fileId: string): Key => ({ pk: dppPk(dppId), sk: `DPP_FILE#${fileId}` }),
  dppImage: (dppId: string, imageId: string): Key => ({ pk: dppPk(dppId), sk: `IMAGE#${imageId}` }),
  dppCard: (dppId: string, cardId: string): Key => ({ pk: dppPk(dppId), sk: `CARD#${cardId}` }),
  dppTranslation: (dppId: string, language: string): Key => ({ pk: dppPk(dppId), sk: `TRANSLATION#${language}` }),

  /**
   * One idempotency key of one company on one route. The client's key comes last, so a `#`
   * in it cannot make two scopes meet; a partition per key spreads a company's POSTs.
   */
  idempotency: (companyId: string, route: string, key: string): Key => ({
    pk: `IDEMPOTENCY#${companyId}#${route}#${key}`,
    sk: 'IDEMPOTENCY',
  }),
};

export const ranges = {
  /** The template item followed by its files. */
  templateWithFiles: (templateId: string): KeyRange => ({
    pk: templatePk(templateId),
    from: 'TEMPLATE',
    to: `TEMPLATE_FILE#${END}`,
  }),
  /** The DPP item followed by its files. */
  dppWithFiles: (dppId: string): KeyRange => ({ pk: dppPk(dppId), from: 'DPP', to: `DPP_FILE#${END}` }),
};

/** The whole DPP item collection (a DPP with images, files, cards and translations). */
export const dppCollection = (dppId: string): string => dppPk(dppId);

/** GSI1: what a company owns, by type. */
export const gsi1 = {
  name: 'gsi1',
  companyDpp: (companyId: string, dppId: string) => ({ gsi1pk: companyPk(companyId), gsi1sk: `DPP#${dppId}` }),
  companyTemplate: (companyId: string, templateId: string) => ({
    gsi1pk: companyPk(companyId),
    gsi1sk: `TEMPLATE#${templateId}`,
  }),
};
