/** What a DPP item holds of its lifecycle (lib/dpps/model.ts). No import: every DPP view may use it. */
export interface LifecycleFields {
  replaces?: string;
  replaced_by?: string;
  ceased_at?: string;
}

/**
 * A passport's lifecycle as every reader sees it: the passport it replaces, the one that replaced
 * it, and whether (and when) it ceased. Undefined when none applies. The status itself is the
 * profile's status attribute, read at its tier like any other.
 */
export function lifecycleView(dpp: LifecycleFields) {
  if (dpp.replaces === undefined && dpp.replaced_by === undefined && dpp.ceased_at === undefined) return undefined;
  return {
    ...(dpp.replaces !== undefined && { replaces: dpp.replaces }),
    ...(dpp.replaced_by !== undefined && { replaced_by: dpp.replaced_by }),
    ceased: dpp.ceased_at !== undefined,
    ...(dpp.ceased_at !== undefined && { ceased_at: dpp.ceased_at }),
  };
}
