/** Names shared by the gateway's server and client. */

/** Where people write for help (the oops page, plan limits). */
/** The default addresses for help and for plans; a deployment sets its own (SUPPORT_EMAIL, SALES_EMAIL). */
export const SUPPORT_EMAIL = 'support@assay.app';
export const SALES_EMAIL = 'sales@assay.app';
/** The help centre's address (HELP_URL configures it; the onboarding's help links, #48). */
export const HELP_URL = 'https://help.assay.app/getting-started';

/** Response header carrying the server's app version. */
export const APP_VERSION_HEADER = 'x-app-version';
/** Request header carrying the current project id. */
export const PROJECT_ID_HEADER = 'x-project-id';
/** Each browser tab's id, echoed in realtime events so the tab can ignore its own writes. */
export const CLIENT_ID_HEADER = 'x-client-id';
export const GATEWAY_PATH = '/api/gateway/query';
/** Queries deeper than this are refused. */
export const GATEWAY_MAX_DEPTH = 12;
/** Queries whose estimated cost is above this are refused. */
export const GATEWAY_MAX_COST = 5000;
