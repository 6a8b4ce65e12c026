/**
 * What `npm run invoke` says under its answer about the links in it: the run serves no HTTP and
 * its engines stop when it ends, so a link to the API names `npm start`'s address
 * (PUBLIC_BASE_URL), which answers only while `npm start` runs there, and a signed S3 URL was
 * made by this run's own temporary S3, gone with it.
 */
export function linksNote(publicBaseUrl: string, npmStartUrl: string | undefined): string {
  const where =
    npmStartUrl === undefined
      ? `nothing listens there now: run \`npm start\` to open them (it serves ${publicBaseUrl} unless given --port)`
      : npmStartUrl === publicBaseUrl
        ? `\`npm start\` is running there, with its own data: an id made by this run is not in it`
        : `\`npm start\` is running at ${npmStartUrl}, not there: open them with that address instead`;
  return (
    `Links in this answer to the API name ${publicBaseUrl} (npm start's address); ${where}. ` +
    "Signed S3 URLs were made by this run's temporary engines, which stopped with it."
  );
}
