import * as keys from '../../../lib/data/keys';
import { ItemType } from '../../../lib/data/keys';
import { PRINCIPAL } from './tokens';

/**
 * Table items as the DynamoDB DocumentClient returns them (string sets as Set), for
 * mocked reads. Only lib/data/keys is imported, so this module loads no settings.
 */
export const IDS = {
  dpp: 'dpp-0001',
  model: 'a0de1000-0000-4000-8000-000000000001',
  otherModel: 'a0de1000-0000-4000-8000-000000000002',
  template: 'feed0000-0000-4000-8000-000000000001',
  dppFile: 'file-0001',
  templateFile: 'feed0000-0000-4000-8000-0000000000f1',
  card: 'card-0001',
  image: 'image-0001',
} as const;

const T0 = '2026-01-02T03:04:05.678Z';

export function dppItem(overrides: Record<string, unknown> = {}) {
  return {
    ...keys.dpp(IDS.dpp),
    type: ItemType.Dpp,
    id: IDS.dpp,
    company_id: PRINCIPAL.companyId,
    model_id: IDS.model,
    name: 'Organic cotton T-shirt',
    description: 'A T-shirt made of organic cotton',
    dpp_type: 'apparel',
    language: 'en',
    created_at: T0,
    updated_at: T0,
    ...overrides,
  };
}

export function dppFileItem(overrides: Record<string, unknown> = {}) {
  const id = (overrides.id as string | undefined) ?? IDS.dppFile;
  return {
    ...keys.dppFile(IDS.dpp, id),
    type: ItemType.DppFile,
    id,
    dpp_id: IDS.dpp,
    company_id: PRINCIPAL.companyId,
    model_id: IDS.model,
    name: 'Care label',
    description: 'How to wash it',
    path: `companies/${PRINCIPAL.companyId}/dpps/${IDS.dpp}/files/${id}/upload-old`,
    mime_type: 'application/pdf',
    hash: 'a'.repeat(64),
    size: 123,
    upload_id: 'upload-old',
    created_by: PRINCIPAL.userId,
    notarized: false,
    created_at: T0,
    updated_at: T0,
    ...overrides,
  };
}

export function cardItem(overrides: Record<string, unknown> = {}) {
  return {
    ...keys.dppCard(IDS.dpp, IDS.card),
    type: ItemType.DppCard,
    id: IDS.card,
    name: 'Materials',
    description: 'What it is made of',
    characteristics: [{ id: 'char-1', characteristic: '95% cotton' }],
    ...overrides,
  };
}

export function templateItem(overrides: Record<string, unknown> = {}) {
  return {
    ...keys.template(IDS.template),
    type: ItemType.Template,
    id: IDS.template,
    company_id: PRINCIPAL.companyId,
    name: 'Apparel template',
    created_at: T0,
    ...overrides,
  };
}
