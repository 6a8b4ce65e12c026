/**
 * S3 object keys, chosen by the server and never from a client's file name
 * (docs/spec/decisions.md, Files). One object per upload: `<file>/<uploadId>`.
 */
export const objectKeys = {
  templateFile: (companyId: string, templateId: string, fileId: string, uploadId: string) =>
    `companies/${companyId}/templates/${templateId}/files/${fileId}/${uploadId}`,
  dppFile: (companyId: string, dppId: string, fileId: string, uploadId: string) =>
    `companies/${companyId}/dpps/${dppId}/files/${fileId}/${uploadId}`,
  dppImage: (companyId: string, dppId: string, imageId: string) =>
    `companies/${companyId}/dpps/${dppId}/images/${imageId}`,
  /** A version's canonical document; one object per attempt, so a lost race never overwrites the winner's. */
  versionDocument: (companyId: string, dppId: string, documentId: string) =>
    `companies/${companyId}/dpps/${dppId}/versions/${documentId}.json`,
  /** The report a client uploaded to notarize version `version`. */
  versionReport: (companyId: string, dppId: string, version: number, uploadId: string) =>
    `companies/${companyId}/dpps/${dppId}/versions/${version}/report/${uploadId}`,
  /** Upload file `part` (1, 2, …) of an EU registry export (POST /registry-exports). */
  registryExport: (companyId: string, exportId: string, part: number) =>
    `companies/${companyId}/registry-exports/${exportId}/part-${String(part).padStart(4, '0')}.json`,
};
