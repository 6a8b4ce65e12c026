import { filterAspects, tokensOf, valueAt } from './filter';
import type { Attribute, Profile } from './format';

/**
 * A product's lifecycle as its profile names it (docs/profiles.md, Lifecycle): which attribute is
 * its status, and where. Nothing here knows a sector: the profile's `lifecycle` says which
 * attribute, which statuses get a successor passport, and which let the passport cease.
 */
export interface Lifecycle {
  aspect: string;
  status: Attribute;
  successor: ReadonlyArray<string | number | boolean>;
  end: ReadonlyArray<string | number | boolean>;
}

/** The profile's lifecycle, when it names one. */
export function lifecycleOf(profile: Profile): Lifecycle | undefined {
  const named = profile.lifecycle;
  if (!named) return undefined;
  for (const aspect of profile.aspects) {
    const status = aspect.attributes.find((attribute) => attribute.id === named.status);
    if (status) return { aspect: aspect.id, status, successor: named.successor, end: named.end };
  }
  return undefined;
}

/** A passport's status: the value of the lifecycle's status attribute in its documents. */
export const statusOf = (lifecycle: Lifecycle, aspects: Readonly<Record<string, unknown>> | undefined): unknown =>
  valueAt(aspects?.[lifecycle.aspect], tokensOf(lifecycle.status.pointer ?? ''));

/**
 * The documents of a successor passport (Art. 77(7) for batteries): the static attributes of the
 * product model, which still hold for a repurposed or remanufactured product; not the dynamic ones
 * (its condition is measured again), nor the item's own (its identifiers are new), nor fields no
 * attribute holds. Its status is `status`.
 */
export function successorAspects(
  profile: Profile,
  lifecycle: Lifecycle,
  aspects: Readonly<Record<string, unknown>> | undefined,
  status: string | number | boolean,
): Record<string, Record<string, unknown>> {
  const copied = structuredClone(
    filterAspects(profile, aspects, { keep: (attribute) => !attribute.dynamic && attribute.level === 'model' }),
  );
  copied[lifecycle.aspect] ??= {};
  let node = copied[lifecycle.aspect] as Record<string, unknown>;
  const tokens = tokensOf(lifecycle.status.pointer ?? '');
  for (const token of tokens.slice(0, -1)) {
    const next = node[token];
    node[token] = typeof next === 'object' && next !== null && !Array.isArray(next) ? next : {};
    node = node[token] as Record<string, unknown>;
  }
  node[tokens.at(-1) ?? ''] = status;
  // In the profile's order of aspects.
  return Object.fromEntries(
    profile.aspects.flatMap((aspect) => {
      const document = copied[aspect.id];
      return document ? [[aspect.id, document] as const] : [];
    }),
  );
}
