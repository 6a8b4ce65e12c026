/**
 * JSON Merge Patch (RFC 7396, section 2): a patch's object members replace the target's, a
 * `null` member removes one, an object member is merged into the target's member (an object, or
 * made one), anything else replaces. Neither argument is changed. Fifteen lines of the RFC's own
 * pseudocode rather than a dependency (docs/choices.md, Profiled passports).
 */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return patch;
  const base: Record<string, unknown> =
    typeof target === 'object' && target !== null && !Array.isArray(target)
      ? { ...(target as Record<string, unknown>) }
      : {};
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) delete base[name];
    else base[name] = mergePatch(base[name], value);
  }
  return base;
}
