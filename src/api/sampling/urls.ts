/**
 * Endpoint paths needed outside the API client: index.html's boot script starts the report detail's
 * first PageCheckReport itself (src/app/boot/early-requests.ts). No imports, so it bundles alone.
 */
export const pageCheckReportUrl = '/api/v1/Sampling/PageCheckReport';
