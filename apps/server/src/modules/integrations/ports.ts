/** The face of integrations: what other modules may use (decision 009). */
export { updateProjectEmail } from './inbox.ts';
export { findAccessToken, recordAccessTokenUse, type AccessTokenUse } from './access-tokens.ts';
