/** A REST route's line in the OpenAPI document: what it is for, and what proves who calls. */
export type RouteAuth = 'session' | 'public' | 'token' | 'projectKey' | 'secret' | 'metrics';

export interface RouteDoc {
  summary: string;
  auth: RouteAuth;
}
