/** The permission catch-up needs of the workflow's token: it reads and writes the record (deployments). */
export const RECORD_PERMISSION = 'deployments: write';

/** The line a workflow adds (to the job, or the workflow) so that catch-up can read and write the record. */
export const PERMISSION_LINES = `permissions: { contents: read, ${RECORD_PERMISSION} }`;
