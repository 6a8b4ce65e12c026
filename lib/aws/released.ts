/**
 * The tag an object gets just before the service deletes it (bucket.delete, lib/aws/s3.ts).
 * With versioning on, a deleted object's bytes stay as a noncurrent version, and the bucket's
 * lifecycle rule (infra/constructs/data.ts) expires only noncurrent versions that carry this
 * tag. The service deletes only what nothing refers to any more, never a version document a
 * version names nor a file's bytes a version pinned, so those never carry it: deleted any other
 * way (by hand, by mistake), their bytes stay restorable for as long as the bucket lives.
 */
export const RELEASED_TAG = { key: 'released', value: 'true' } as const;
