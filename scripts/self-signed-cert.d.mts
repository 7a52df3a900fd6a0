/** A throwaway self-signed certificate for 127.0.0.1 and its key, in PEM. */
export function selfSignedCert(): { key: Buffer; cert: Buffer };
